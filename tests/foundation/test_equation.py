"""Equations against a brute-force oracle: every value of every variable up to the longest
word, every constraint checked directly, every part matched by a regex written here."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import LexiconSpec, narrowed
from puzzlesmith.lexicon.index import build_index
from puzzlesmith.lexicon.model import Lexicon
from puzzlesmith.limits import Deadline, WorkLimit
from puzzlesmith.search.equation import solve_equation

ALPHA = "ab"
VARS = "AB"


def _regex_piece(ch: str) -> str:
    return {"?": "[a-z]", ".": "[a-z]", "_": "[a-z]", "*": "[a-z]*", "@": "[aeiou]",
            "#": "[b-df-hj-np-tv-z]"}.get(ch, ch)


def _part_regex(part: str, values: dict[str, str]) -> str:
    out = []
    digits: list[str] = []  # (shapes only) equal digits equal letters, different ones differ
    i = 0
    while i < len(part):
        ch = part[i]
        if ch.isdigit():
            if ch in digits:
                out.append(f"(?P=d{ch})")
            else:
                out.append("".join(f"(?!(?P=d{d}))" for d in digits) + f"(?P<d{ch}>[a-z])")
                digits.append(ch)
            i += 1
            continue
        if ch == "~":
            out.append(re.escape(values[part[i + 1]][::-1]))
            i += 2
            continue
        if ch.isupper():
            out.append(re.escape(values[ch]))
        elif ch == "[":
            end = part.index("]", i)
            out.append(part[i:end + 1].replace("!", "^", 1) if part[i + 1] == "!" else part[i:end + 1])
            i = end + 1
            continue
        else:
            out.append(_regex_piece(ch))
        i += 1
    return "".join(out)


def oracle(words: list[str], query: str) -> set[tuple[tuple[tuple[str, str], ...], tuple[str, ...]]]:
    parts = [p.strip() for p in query.split(";")]
    patterns = [p for p in parts if not p.startswith("|") and "!=" not in p and "=(" not in p]
    names = sorted({c for p in patterns for c in p if c.isupper()})
    longest = max(len(w) for w in words)
    lo = dict.fromkeys(names, 1)
    hi = dict.fromkeys(names, longest)
    checks = []
    for p in parts:
        m = re.fullmatch(r"\|([A-Z]+)\|=(\d+)(?:-(\d+))?", p)
        if m:
            a, b = int(m.group(2)), int(m.group(3) or m.group(2))
            joined = m.group(1)
            if len(joined) == 1:
                lo[joined] = max(lo[joined], a)
                hi[joined] = min(hi[joined], b)
            else:
                checks.append(lambda v, ns=joined, a=a, b=b: a <= sum(len(v[n]) for n in ns) <= b)
        elif p.startswith("!="):
            checks.append(lambda v, ns=p[2:]: len({v[n] for n in ns}) == len(ns))
        elif "!=" in p:
            left, right = p.split("!=")
            checks.append(lambda v, a=left, b=right: _spelled(a, v) != _spelled(b, v))
        elif "=(" in p:
            name, body = p[0], p[3:-1]
            length, _, shape = body.rpartition(":") if ":" in body else ("", "", body)
            if ":" not in body and re.fullmatch(r"\d+(-\d+)?", shape):
                length, shape = shape, ""
            if length:
                a, _, b = length.partition("-")
                lo[name] = max(lo[name], int(a))
                hi[name] = min(hi[name], int(b or a))
            if shape:
                rx = re.compile(_part_regex(shape, {}))
                checks.append(lambda v, name=name, rx=rx: rx.fullmatch(v[name]) is not None)
    found = set()
    choices = [[("".join(t)) for n in range(lo[v], hi[v] + 1) for t in itertools.product(ALPHA, repeat=n)]
               for v in names]
    for combo in itertools.product(*choices):
        values = dict(zip(names, combo, strict=True))
        if not all(c(values) for c in checks):
            continue
        per_part = []
        for p in patterns:
            body, slash, letters = p.partition("/")
            rx = re.compile(_part_regex(body, values)) if body else None
            fits = [w for w in words if (rx is None or rx.fullmatch(w))
                    and (not slash or _anagram(w, letters))]
            if body == "" and slash:
                fits = [w for w in fits if len(w) == len(letters)]
            per_part.append(fits)
        for chosen in itertools.product(*per_part):
            found.add((tuple(sorted(values.items())), tuple(chosen)))
    return found


def _spelled(side: str, values: dict[str, str]) -> str:
    """One side of X!=Y: letters as they are, A a value, ~A a value reversed."""
    return re.sub(r"~?[A-Z]", lambda m: values[m.group()[-1]][::-1 if m.group()[0] == "~" else 1],
                  side)


def _anagram(word: str, letters: str) -> bool:
    if len(word) != len(letters):
        return False
    short = Counter(word)
    short.subtract(letters.replace("?", ""))
    return all(v >= 0 for v in short.values())


def _index(words: list[str]):  # type: ignore[no-untyped-def]
    return build_index(Lexicon("t", "t", "t", tuple(sorted(set(words)))))


words_st = st.lists(st.text(alphabet=ALPHA, min_size=1, max_size=4), min_size=1, max_size=25)
token_st = st.sampled_from([*VARS, *VARS, "~A", "~B", *ALPHA, "?", "*", "[ab]", "[!a]", "@", "#"])
part_st = st.lists(token_st, min_size=1, max_size=4).map("".join).filter(
    lambda p: any(c.isupper() for c in p))
constraint_st = st.sampled_from([
    "|A|=1", "|A|=2", "|B|=1-2", "|AB|=3", "|AB|=2-3", "!=AB", "A=(a*)", "B=(1-2:?b)",
    "A=(2)", "A=(0-1)", "A!=~A", "AB!=BA", "A!=B", "A!=ab", "~B!=Aa", "AA!=B",
    "B=(1-2:11)", "A=(*b)", "A=(1-3:1?1)", "|AB|=2-4",
])


@st.composite
def equations(draw: st.DrawFn) -> str:
    parts = draw(st.lists(part_st, min_size=1, max_size=3))
    used = {c for p in parts for c in p if c.isupper()}
    extra = [c for c in draw(st.lists(constraint_st, max_size=2))
             if {ch for ch in c if ch.isupper()} <= used]
    if draw(st.booleans()) and len(parts[0]) <= 3:
        parts[0] += "/" + draw(st.text(alphabet=ALPHA + "?", min_size=1, max_size=4))
    return ";".join(parts + extra)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=words_st, query=equations())
def test_equations_match_brute_force(words: list[str], query: str) -> None:
    want = oracle(sorted(set(words)), query)
    got = solve_equation(_index(words), query, limit=None, deadline=Deadline(None))
    assert got.exact
    assert {(s.vars, s.words) for s in got.solutions} == want
    assert got.count == len(want) == len(got.solutions)
    listed = [(s.words, s.vars) for s in got.solutions]
    assert listed == sorted(listed)


@pytest.fixture(scope="module")
def bundled():  # type: ignore[no-untyped-def]
    return narrowed(LexiconSpec())[1]


def test_word_pairs_and_reversals(bundled) -> None:  # type: ignore[no-untyped-def]
    result = solve_equation(bundled, "AB;BA;|A|=2;|B|=2;!=AB", limit=5)
    assert result.exact and result.count > 5 and len(result.solutions) == 5
    for s in result.solutions:
        a, b = dict(s.vars)["A"], dict(s.vars)["B"]
        assert s.words == (a + b, b + a) and a != b
    palindromes = solve_equation(bundled, "A~A;|A|=3", limit=None)
    assert ("redder",) in {s.words for s in palindromes.solutions}
    assert all(w == w[::-1] for s in palindromes.solutions for w in s.words)


def test_limit_lists_the_first_in_order(bundled) -> None:  # type: ignore[no-untyped-def]
    every = solve_equation(bundled, "AkB;AlB;|A|=2", limit=None)
    first = solve_equation(bundled, "AkB;AlB;|A|=2", limit=7)
    assert first.count == every.count and first.solutions == every.solutions[:7]
    doc = first.to_json()
    assert set(doc) >= {"query", "count", "solutions", "truncated"}
    assert doc["truncated"] and doc["solutions"][0].keys() == {"vars", "words"}


def test_no_solution_is_an_answer(bundled) -> None:  # type: ignore[no-untyped-def]
    result = solve_equation(bundled, "Aqzx;|A|=1")
    assert result.exact and result.count == 0 and result.solutions == ()


def test_time_limit_gives_a_lower_bound(bundled) -> None:  # type: ignore[no-untyped-def]
    result = solve_equation(bundled, "AB;CD;AC;BD", deadline=Deadline(0.3))
    assert not result.exact and result.to_json()["truncated"]


@pytest.mark.parametrize(("query", "position"), [
    ("AB;|A=3", 4), ("AB;!=A", 6), ("A$B", 2), ("AB;C=(x)", None), ("A[bc", 2), ("~3", 1),
    ("AB;|A|=5-2", 8), ("AB;;BA", 4), ("A;A!=", 4), ("A;A!=[ab]", 4), ("A;ab!=ba", 5),
])
def test_malformed_equations_name_the_position(query: str, position: int | None) -> None:
    from puzzlesmith.search.equation_parse import parse_equation

    with pytest.raises(InputError) as err:
        parse_equation(query)
    if position is not None:
        assert f"at position {position}" in str(err.value)
    else:
        assert "variable C is in no pattern" in str(err.value)


# -- the bundled list against plain loops over it (no pattern, index or regex) ---------------

@pytest.fixture(scope="module")
def bundled_words(bundled) -> list[str]:  # type: ignore[no-untyped-def]
    return [w for n in bundled.lengths for w in bundled.bucket(n).words]


def _pairs(result) -> set[tuple[tuple[tuple[str, str], ...], tuple[str, ...]]]:  # type: ignore[no-untyped-def]
    assert result.exact
    assert result.count == len(result.solutions)
    return {(s.vars, s.words) for s in result.solutions}


def test_aba_every_split(bundled, bundled_words) -> None:  # type: ignore[no-untyped-def]
    want = set()
    for w in bundled_words:
        n = len(w)
        for k in range(1, n):
            if 2 * k < n and w[:k] == w[n - k:]:
                want.add(((("A", w[:k]), ("B", w[k:n - k])), (w,)))
    assert len(want) == 20_081
    assert _pairs(solve_equation(bundled, "ABA", limit=None, deadline=Deadline(60))) == want


def test_reversals_without_palindromes(bundled, bundled_words) -> None:  # type: ignore[no-untyped-def]
    every = set(bundled_words)
    want = {((("A", w),), (w, w[::-1])) for w in bundled_words
            if w[::-1] in every and w != w[::-1]}
    got = solve_equation(bundled, "A;~A;A!=~A", limit=None, deadline=Deadline(60))
    assert _pairs(got) == want
    assert ((("A", "alula"),), ("alula", "alula")) not in want  # the palindrome left out
    with_them = solve_equation(bundled, "A;~A", limit=None, deadline=Deadline(60))
    assert with_them.count == len(want) + sum(1 for w in bundled_words if w == w[::-1])


def test_one_letter_changed(bundled, bundled_words) -> None:  # type: ignore[no-untyped-def]
    every = set(bundled_words)
    want = set()
    for w in bundled_words:
        for i in range(1, len(w) - 1):
            if w[i] == "k" and w[:i] + "l" + w[i + 1:] in every:
                want.add(((("A", w[:i]), ("B", w[i + 1:])), (w, w[:i] + "l" + w[i + 1:])))
    assert _pairs(solve_equation(bundled, "AkB;AlB", limit=None, deadline=Deadline(60))) == want


def test_two_letter_swaps(bundled, bundled_words) -> None:  # type: ignore[no-untyped-def]
    every = set(bundled_words)
    want = {((("A", w[:2]), ("B", w[2:])), (w, w[2:] + w[:2])) for w in bundled_words
            if len(w) == 4 and w[2:] + w[:2] in every and w[:2] != w[2:]}
    got = solve_equation(bundled, "AB;BA;|A|=2;|B|=2;!=AB", limit=None, deadline=Deadline(60))
    assert _pairs(got) == want and len(want) == 252


def test_sort_by_frequency(bundled) -> None:  # type: ignore[no-untyped-def]
    from puzzlesmith.lexicon.index import wordfreq_ranks

    ranks = wordfreq_ranks()
    alpha = solve_equation(bundled, "A;~A;A!=~A", limit=None, deadline=Deadline(60))
    freq = solve_equation(bundled, "A;~A;A!=~A", limit=None, deadline=Deadline(60), sort="freq")
    assert set(freq.solutions) == set(alpha.solutions)
    worst = [max(ranks.get(w, 1 << 30) for w in s.words) for s in freq.solutions]
    assert worst == sorted(worst)
    assert freq.solutions[0].words in {("no", "on"), ("on", "no")}
    first = solve_equation(bundled, "A;~A;A!=~A", limit=4, deadline=Deadline(60), sort="freq")
    assert first.solutions == freq.solutions[:4] and first.count == freq.count
    with pytest.raises(InputError):
        solve_equation(bundled, "A", sort="loud")  # type: ignore[arg-type]


@pytest.mark.parametrize("query", ["ABC", "ABC;CA", "ABC;|B|=1", "AbC;CA", "ABC;BAC"])
def test_three_free_variables_in_one_part_match_brute_force(query: str) -> None:
    # Three free runs in one part and no regex: a split the cutter (one or two runs) cannot
    # make (the Umiaq-style ABCDE;FGHIJ;... once crashed here).
    words = ["ab", "aba", "abab", "abba", "baab", "bab", "ba", "bbb", "aab", "abb"]
    want = oracle(sorted(set(words)), query)
    got = solve_equation(_index(words), query, limit=None, deadline=Deadline(None))
    assert got.exact and want
    assert {(s.vars, s.words) for s in got.solutions} == want


def test_five_variable_rows_and_columns_answer(bundled) -> None:  # type: ignore[no-untyped-def]
    got = solve_equation(bundled, "ABCDE;FGHIJ;AF;BG;CH;DI;EJ", limit=5,
                         deadline=WorkLimit(120.0, checks=2_000))
    assert got.solutions
    for s in got.solutions:
        values = dict(s.vars)
        assert s.words[0] == "".join(values[v] for v in "ABCDE")
        assert s.words[2] == values["A"] + values["F"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=st.lists(st.text(alphabet="ab", min_size=1, max_size=6), min_size=1, max_size=30))
def test_the_benchmarks_lower_bounds_count_what_the_engine_finds(words: list[str]) -> None:
    """benchmarks/equation.py says how many solutions the two Umiaq cases no search can count
    have at least, by plain loops over the words' ends; on small lists the engine lists every
    solution, and the loops count exactly the part they claim (C = B; one-letter variables)."""
    from benchmarks.equation import spiral_lower_bound, square_lower_bound

    words = sorted(set(words))
    index = _index(words)
    square = solve_equation(index, "AB;CD;AC;BD", limit=None, deadline=Deadline(None))
    assert square.exact
    assert square_lower_bound(words) == sum(dict(s.vars)["B"] == dict(s.vars)["C"]
                                            for s in square.solutions)
    spiral = solve_equation(index, "A*BCD;AC*BD;DCB*A;|A|=1;|B|=1;|C|=1;|D|=1", limit=None,
                            deadline=Deadline(None))
    assert spiral.exact
    assert spiral_lower_bound(words) == spiral.count
