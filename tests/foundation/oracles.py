"""Independent oracles for the foundation tests: plain scans sharing no code with the engines."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

VOWELS = set("aeiou")
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def tokenize(pattern: str) -> list[tuple[str, object]]:
    """Pattern text -> ('set', letters) | ('star', None) | ('digit', d); no error handling."""
    out: list[tuple[str, object]] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "[":
            j = pattern.index("]", i)
            body = pattern[i + 1 : j]
            neg = body[:1] in ("^", "!")
            if neg:
                body = body[1:]
            chosen = set()
            k = 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    chosen |= {chr(c) for c in range(ord(body[k]), ord(body[k + 2]) + 1)}
                    k += 3
                else:
                    chosen.add(body[k])
                    k += 1
            out.append(("set", set(LETTERS) - chosen if neg else chosen))
            i = j + 1
            continue
        if ch in "?._":
            out.append(("set", set(LETTERS)))
        elif ch == "@":
            out.append(("set", VOWELS))
        elif ch == "#":
            out.append(("set", set(LETTERS) - VOWELS))
        elif ch == "*":
            out.append(("star", None))
        elif ch.isdigit():
            out.append(("digit", ch))
        else:
            out.append(("set", {ch}))
        i += 1
    return out


def fits(tokens: list[tuple[str, object]], word: str, binding: dict[str, str] | None = None) -> bool:
    """Recursive backtracking match with explicit digit bindings."""
    binding = binding or {}
    if not tokens:
        return word == ""
    kind, value = tokens[0]
    if kind == "star":
        return any(fits(tokens[1:], word[k:], binding) for k in range(len(word) + 1))
    if not word:
        return False
    ch = word[0]
    if kind == "set":
        return ch in value and fits(tokens[1:], word[1:], binding)  # type: ignore[operator]
    digit = str(value)
    if digit in binding:
        return binding[digit] == ch and fits(tokens[1:], word[1:], binding)
    if ch in binding.values():
        return False
    return fits(tokens[1:], word[1:], {**binding, digit: ch})


def is_anagram(word: str, letters: str) -> bool:
    """Word uses exactly the letters, '?' standing for any one letter."""
    if len(word) != len(letters):
        return False
    short = Counter(word) - Counter(letters.replace("?", ""))
    return sum(short.values()) <= letters.count("?")


def oracle_match(words: list[str], pattern: str) -> list[str]:
    body, _, letters = pattern.partition("/")
    if not body:
        body = "?" * len(letters)
    tokens = tokenize(body)
    return sorted(w for w in words if fits(tokens, w) and (not letters or is_anagram(w, letters)))


def can_build(word: str, letters: str) -> bool:
    short = Counter(word) - Counter(letters.replace("?", ""))
    return sum(short.values()) <= letters.count("?")


def oracle_anagrams(words: list[str], letters: str, min_length: int) -> list[str]:
    return sorted(w for w in words if len(w) >= min_length and can_build(w, letters))


def oracle_multiword(words: list[str], letters: str, n: int, min_length: int) -> set[tuple[str, ...]]:
    """Sorted n-word groups that together use exactly the letters (no blanks)."""
    target = Counter(letters)
    pool = sorted(w for w in words if len(w) >= min_length and can_build(w, letters))
    return {
        group for group in combinations_with_replacement(pool, n)
        if sum((Counter(w) for w in group), Counter()) == target
    }
