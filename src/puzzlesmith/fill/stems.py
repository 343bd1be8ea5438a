"""Same-stem dupes: setters do not put RULE and RULED (or RULES, RULING) in one grid.

A deliberately small rule for inflections, not a linguist's stemmer: strip one suffix of
-s, -ed, -ing, -ings (keeping three letters), read -eed as -ee (AGREED, SPEEDS), drop a final
e (RULE, RULED -> RUL), undo a doubled last consonant (STOPPED -> STOP) and read a final y as
i (CITY, CITIES), each step only while three letters remain. A word has two stems when a
suffix came off (with it and without: BIAS is BIA or BIAS, so BIASING, whose stem is BIAS,
clashes with it), and two words clash when they share one. Derivations (-er, -est, -ly) are
left alone: FOR and FOREST, AFT and AFTER, EAR and EARLY would clash for nothing. A few
unrelated pairs do clash (HOPE and HOPPING, NEW and NEWS), which costs a fill little.

`forms(stem)` inverts the rule: every word with that stem (and some without, which it
filters out), so the fill looks up, in each table, the handful of words related to the one
just placed instead of stemming a whole table.
"""

from __future__ import annotations

from functools import lru_cache

SUFFIXES = ("ings", "ing", "ed", "s")  # longest first: one is stripped
MIN_STEM = 3
NO_UNDOUBLE = frozenset("aeiouylsz")  # BALL, GLASS, BUZZ keep their double letter


def _normal(w: str) -> str:
    if w.endswith("eed") and len(w) > MIN_STEM:  # AGREED, SPEED -> AGREE, SPEE
        w = w[:-1]
    if w.endswith("e") and len(w) > MIN_STEM:
        w = w[:-1]
    if len(w) > MIN_STEM and w[-1] == w[-2] and w[-1] not in NO_UNDOUBLE:  # DABBLE, DABBLING
        w = w[:-1]
    if w.endswith("y") and len(w) >= MIN_STEM:
        w = w[:-1] + "i"
    return w


@lru_cache(maxsize=65536)
def stems(word: str) -> frozenset[str]:
    """The stems the same-stem rule compares (lower-case letters in, lower-case out)."""
    out = {_normal(word)}
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM:
            # GLASS is no plural; SPEED, NEED are no past tenses (AGREED is read as AGREE).
            if not ((suffix == "s" and word.endswith("ss"))
                    or (suffix == "ed" and word.endswith("eed"))):
                out.add(_normal(word[:-len(suffix)]))
            break
    return frozenset(out)


@lru_cache(maxsize=65536)
def candidates(word_stem: str) -> tuple[str, ...]:
    """The rule's steps run backwards from `word_stem`: a superset of the words one of whose
    stems it is (most of them no words at all: RULEED), unchecked."""
    out: set[str] = set()
    for t4 in (word_stem, word_stem[:-1] + "y") if word_stem.endswith("i") else (word_stem,):
        for t3 in (t4, t4 + t4[-1]) if t4 else (t4,):
            for t2 in (t3, t3 + "e"):
                for t1 in (t2, t2 + "d") if t2.endswith("ee") else (t2,):
                    out.update(t1 + suffix for suffix in ("", *SUFFIXES))
    return tuple(sorted(out))


def forms(word_stem: str) -> tuple[str, ...]:
    """Every word one of whose stems is `word_stem` (`candidates` checked forwards)."""
    return tuple(x for x in candidates(word_stem) if word_stem in stems(x))


def related(word: str) -> tuple[str, ...]:
    """The other words sharing a stem with `word` (RULE: RULED, RULES, RULING, ...)."""
    return tuple(sorted({x for k in stems(word) for x in forms(k) if x != word}))


def same_stem_pairs(words: list[str]) -> list[tuple[int, int]]:
    """The index pairs of `words` sharing a stem (different words: a repeat is another rule)."""
    by: dict[str, list[int]] = {}
    for i, w in enumerate(words):
        for k in stems(w):
            by.setdefault(k, []).append(i)
    return sorted({(a, b) for group in by.values() for k, a in enumerate(group)
                   for b in group[k + 1:] if words[a] != words[b]})
