"""Parsing equations (Qat's and Umiaq's notation): several patterns that share variables.

    A-Z          a variable: a string of one or more letters (`|A|` can say otherwise)
    ~A           the value of A reversed
    a-z ? . _    a letter, any one letter
    * @ #        any run of letters (possibly none), a vowel (aeiou), a consonant
    [abc] [a-e] [^abc] [!abc]   one letter from the set, or not from it
    ;            separates the parts; every pattern part must be a word of the list
    PATTERN/LETTERS      the part's word must also be an anagram of LETTERS ('?' a blank)
    |A|=N  |A|=N-M  |A|>=N  |A|<=N  |A|>N  |A|<N     the length of A; |AB|=N the joint length
    !=AB         A and B differ (every two of them, for more letters)
    X!=Y         the strings X and Y spell differ, each of variables, ~variables and a-z
                 (A!=~A: A is no palindrome; AB!=BA)
    A=(N-M:PATTERN)  A=(N:PATTERN)  A=(PATTERN)  A=(N-M)  A=(N)
                 A's value has that length and is itself a match of the (plain) pattern

Everything is parsed into plain data (`Equation`); errors name the position (1-based) of the
character where the query stops making sense.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzlesmith.errors import InputError
from puzzlesmith.search.letters import Rack, parse_rack
from puzzlesmith.search.pattern import ALL, CONSONANTS, VOWELS, parse_letter_set, parse_pattern

MAX_QUERY = 400
MAX_PARTS = 16


@dataclass(frozen=True)
class Var:
    """A variable where it appears in a pattern, reversed for `~A`."""

    name: str
    reverse: bool = False


STAR = None
# A pattern element: literal letters (a str), one letter from a set (an int mask of a-z), a
# variable, or a star.
Element = str | int | Var | None


@dataclass(frozen=True)
class PatternPart:
    text: str
    elements: tuple[Element, ...]
    anagram: Rack | None = None

    @property
    def variables(self) -> frozenset[str]:
        return frozenset(e.name for e in self.elements if isinstance(e, Var))


@dataclass(frozen=True)
class Shape:
    """A=(PATTERN): the plain pattern a variable's value must match, as text and as a regex."""

    text: str
    regex: re.Pattern[str]


@dataclass(frozen=True)
class Equation:
    text: str
    patterns: tuple[PatternPart, ...]
    ranges: dict[str, tuple[int, int | None]]  # per variable: length lo..hi (None: no bound)
    joint: tuple[tuple[tuple[str, ...], int, int | None], ...]  # |AB|: the names, lo, hi
    distinct: tuple[tuple[str, ...], ...]  # !=AB
    shapes: dict[str, Shape]  # A=(...:PATTERN)
    # X!=Y: two spellings (letters and variables) that must differ
    unequal: tuple[tuple[tuple[str | Var, ...], tuple[str | Var, ...]], ...] = ()

    @property
    def variables(self) -> tuple[str, ...]:
        return tuple(sorted(frozenset().union(*(p.variables for p in self.patterns))))


def looks_like_equation(query: str) -> bool:
    """Whether a plain pattern query uses equation syntax (so it is sent to equation mode
    with a message, never answered as something else)."""
    return any(s in query for s in (";", "|", "!=", "~", "=("))


def _fail(text: str, pos: int, what: str) -> InputError:
    return InputError(f"equation {text!r}: {what} at position {pos + 1}")


_LENGTH = re.compile(r"\|([A-Z]+)\|(=|>=|<=|>|<)(\d+)(?:-(\d+))?$")
_SHAPE = re.compile(r"([A-Z])=\((.*)\)$")
_UNEQUAL = re.compile(r"((?:~?[A-Z]|[a-z])+)!=((?:~?[A-Z]|[a-z])+)$")


def parse_equation(text: str) -> Equation:
    """Parse an equation; InputError naming the position of the first thing that is wrong."""
    query = text.strip()
    if not query:
        raise InputError("empty equation")
    if len(query) > MAX_QUERY:
        raise InputError(f"equation too long: {len(query)} characters (at most {MAX_QUERY})")
    patterns: list[PatternPart] = []
    ranges: dict[str, tuple[int, int | None]] = {}
    joint: list[tuple[tuple[str, ...], int, int | None]] = []
    distinct: list[tuple[str, ...]] = []
    shapes: dict[str, Shape] = {}
    unequal: list[tuple[tuple[str | Var, ...], tuple[str | Var, ...]]] = []
    start = 0
    for raw in query.split(";"):
        offset = start + len(raw) - len(raw.lstrip())
        part = raw.strip()
        start += len(raw) + 1
        if not part:
            raise _fail(query, offset, "an empty part")
        if part.startswith("|"):
            names, lo, hi = _parse_length(query, part, offset)
            if len(names) == 1:
                _narrow(ranges, names[0], lo, hi)
            else:
                joint.append((names, lo, hi))
        elif part.startswith("!="):
            distinct.append(_parse_distinct(query, part, offset))
        elif "!=" in part:
            unequal.append(_parse_unequal(query, part, offset))
        elif _SHAPE.match(part):
            name, lo, hi, shape = _parse_shape(query, part, offset)
            _narrow(ranges, name, lo, hi)
            if shape is not None:
                shapes[name] = shape if name not in shapes else _both(shapes[name], shape)
        else:
            patterns.append(_parse_part(query, part, offset))
        if len(patterns) > MAX_PARTS:
            raise InputError(f"equation {query!r}: more than {MAX_PARTS} patterns")
    if not patterns:
        raise InputError(f"equation {query!r} has no pattern, only constraints")
    equation = Equation(query, tuple(patterns), ranges, tuple(joint), tuple(distinct), shapes,
                        tuple(unequal))
    loose = sorted(_named(equation) - frozenset(equation.variables))
    if loose:
        raise InputError(f"equation {query!r}: variable {loose[0]} is in no pattern")
    return equation


def _narrow(ranges: dict[str, tuple[int, int | None]], name: str, lo: int, hi: int | None
            ) -> None:
    """Narrows a variable's length range (from 1 or more letters) to lo..hi as well."""
    old_lo, old_hi = ranges.get(name, (1, None))
    ranges[name] = (max(lo, old_lo), hi if old_hi is None else
                    old_hi if hi is None else min(hi, old_hi))


def _parse_distinct(query: str, part: str, offset: int) -> tuple[str, ...]:
    letters = part[2:]
    if len(letters) < 2 or not (letters.isalpha() and letters.isupper() and letters.isascii()):
        raise _fail(query, offset + 2, "'!=' needs two or more variables (A-Z) after it")
    return tuple(letters)


def _parse_unequal(query: str, part: str, offset: int
                   ) -> tuple[tuple[str | Var, ...], tuple[str | Var, ...]]:
    m = _UNEQUAL.match(part)
    if m is None or not any(c.isupper() for c in part):
        raise _fail(query, offset + part.index("!="),
                    "'X!=Y' needs variables, ~variables or a-z on both sides, "
                    "and a variable somewhere")
    return _spelling(m.group(1)), _spelling(m.group(2))


def _named(eq: Equation) -> frozenset[str]:
    """The variables the constraints name (each must be in some pattern)."""
    names = set(eq.ranges) | set(eq.shapes) | {n for group, _, _ in eq.joint for n in group}
    names |= {n for group in eq.distinct for n in group}
    names |= {e.name for pair in eq.unequal for side in pair for e in side if isinstance(e, Var)}
    return frozenset(names)


def _spelling(text: str) -> tuple[str | Var, ...]:
    """One side of X!=Y (already checked by `_UNEQUAL`): letters and variables."""
    out: list[str | Var] = []
    i = 0
    while i < len(text):
        if text[i] == "~":
            out.append(Var(text[i + 1], reverse=True))
            i += 2
            continue
        out.append(Var(text[i]) if text[i].isupper() else text[i])
        i += 1
    return tuple(out)


def _parse_length(query: str, part: str, offset: int) -> tuple[tuple[str, ...], int, int | None]:
    m = _LENGTH.match(part)
    if m is None:
        close = part.find("|", 1)
        if close < 0:
            raise _fail(query, offset, "'|' is never closed")
        inner = part[1:close]
        if not inner or not (inner.isascii() and inner.isalpha() and inner.isupper()):
            raise _fail(query, offset + 1, "a length needs variables A-Z between the bars")
        raise _fail(query, offset + close + 1,
                    "a length must read |A|=N, |A|=N-M, |A|>=N, |A|<=N, |A|>N or |A|<N")
    names, op, a, b = m.group(1), m.group(2), int(m.group(3)), m.group(4)
    if b is not None and op != "=":
        raise _fail(query, offset + m.start(4) - 1, "a range N-M goes only with '='")
    lo, hi = {"=": (a, int(b) if b is not None else a), ">=": (a, None), "<=": (0, a),
              ">": (a + 1, None), "<": (0, a - 1)}[op]
    if hi is not None and hi < lo:
        raise _fail(query, offset + m.start(3), f"no length fits {part}")
    return tuple(names), lo, hi


def _parse_shape(query: str, part: str, offset: int) -> tuple[str, int, int | None, Shape | None]:
    m = _SHAPE.match(part)
    assert m is not None
    name, body = m.group(1), m.group(2)
    at = offset + m.start(2)
    length, colon, shape = body.partition(":")
    lo, hi = 1, None
    if not colon and not re.fullmatch(r"\d+(?:-\d+)?", body):
        length, shape = "", body
    if length:
        lm = re.fullmatch(r"(\d+)(?:-(\d+))?", length)
        if lm is None:
            raise _fail(query, at, "a variable's length must read N or N-M")
        lo = int(lm.group(1))
        hi = int(lm.group(2)) if lm.group(2) else lo
        if hi < lo:
            raise _fail(query, at, f"no length fits {length}")
    found = None
    if shape:
        shape_at = at + len(length) + len(colon)
        if any(c.isupper() or c in "/~;" for c in shape):
            raise _fail(query, shape_at, "a variable's pattern is a plain pattern (a-z ? * [ ] @ #)")
        try:
            found = Shape(shape.lower(), pattern_regex(shape))
        except InputError as e:
            raise _fail(query, shape_at, str(e)) from None
    return name, lo, hi, found


def _both(first: Shape, second: Shape) -> Shape:
    """Two patterns one variable must match, as one (the first as a lookahead); their
    repeat digits are renamed apart."""
    renamed = re.sub(r"\(\?P(<|=)d", rf"(?P\1s{len(first.text)}d", second.regex.pattern)
    return Shape(f"{first.text} {second.text}",
                 re.compile(f"(?=(?:{first.regex.pattern})\\Z)(?:{renamed})"))


def pattern_regex(text: str) -> re.Pattern[str]:
    """A plain pattern (no /LETTERS) as a regex over whole strings."""
    from puzzlesmith.search.pattern import compile_pattern

    return compile_pattern(parse_pattern(text.lower()))


def _parse_part(query: str, part: str, offset: int) -> PatternPart:
    body, slash, letters = part.partition("/")
    anagram = None
    if slash:
        try:
            anagram = parse_rack(letters)
        except InputError as e:
            raise _fail(query, offset + len(body) + 1, str(e)) from None
    elements: list[Element] = []
    i = 0
    while i < len(body):
        ch = body[i]
        at = offset + i
        if "A" <= ch <= "Z":
            elements.append(Var(ch))
        elif ch == "~":
            if i + 1 >= len(body) or not "A" <= body[i + 1] <= "Z":
                raise _fail(query, at, "'~' must be followed by a variable A-Z")
            elements.append(Var(body[i + 1], reverse=True))
            i += 1
        elif "a" <= ch <= "z":
            if elements and isinstance(elements[-1], str):
                elements[-1] += ch
            else:
                elements.append(ch)
        elif ch in "?._":
            elements.append(ALL)
        elif ch == "*":
            if not elements or elements[-1] is not STAR:
                elements.append(STAR)
        elif ch == "@":
            elements.append(VOWELS)
        elif ch == "#":
            elements.append(CONSONANTS)
        elif ch == "[":
            try:
                mask, end = parse_letter_set(body, i)
            except InputError as e:
                raise _fail(query, at, str(e)) from None
            elements.append(mask)
            i = end
            continue
        else:
            raise _fail(query, at, f"{ch!r} has no meaning in a pattern "
                                   "(A-Z ~A a-z ? * [set] @ # and /LETTERS)")
        i += 1
    if not elements:
        if anagram is None:
            raise _fail(query, offset, "an empty pattern")
        elements = [ALL] * len(anagram)
    return PatternPart(part, tuple(elements), anagram)
