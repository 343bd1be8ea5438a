"""An exact search for rolls with two vowels, in the space of word sets instead of shapes.

Every run of a board is a word, and every word but a few (brr, nth, pht) holds a vowel (a,
e, i, o, u or y), so nearly every run goes through a vowel cell. A cell lies in at most two
runs (one across, one down), so a roll with v vowels has boards of at most 2v words, plus
the few vowel-less words its letters allow. The runs' letters count every cell once and
every crossing cell twice:

    sum of the words' letter counts = the roll + the crossing cells' letters

with one crossing per pair of crossing words, a connected crossing graph (at least k - 1
crossings for k words) and at most floor(k^2 / 4) crossings (k words split into across
and down). `word_sets` lists every multiset of anagrams that passes those counts; for the
rolls the word trees miss (two vowels, ten consonants) there are few. `realize` then lays
each set out in every way its words can cross and checks the board. Together that is
exhaustive: a roll none of whose sets can be laid out has no solution.

The census's hard rolls are like that: most of its unsolvable rolls have two vowels, and the
skeleton search walks thousands of shapes to prove one (docs/atlas.md has the figures).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterator, Sequence

from puzzlesmith.limits import Deadline, SearchTimeout
from puzzlesmith.qless.board import Board, problems
from puzzlesmith.qless.engines.counters import SearchStats

VOWELS = frozenset("aeiouy")
MAX_VOWELS = 2  # past this the word sets get too many to beat the skeleton search
# Most runs for which listing word sets beats the skeleton search (measured on census rolls:
# well ahead at 4 runs, even at 6), and past 12 letters, where shapes are far more.
MAX_WORDS, MAX_WORDS_LONG = 4, 6


def most_words(letters: str, words: Sequence[str]) -> int:
    """The most runs a board of the roll can have: two through each vowel cell, and the
    vowel-less words (brr, nth, pht, ...) that twice the count of their letters allows."""
    v = sum(ch in VOWELS for ch in letters)
    plain = set().union(*(set(w) for w in words if not VOWELS.intersection(w)))
    return 2 * v + 2 * sum(ch in plain for ch in letters) // 3


def applies(letters: str, words: Sequence[str]) -> bool:
    """Whether the word sets are few enough to list: few vowels and few runs."""
    v = sum(ch in VOWELS for ch in letters)
    return (0 < v <= MAX_VOWELS and max(map(letters.count, letters)) <= 3
            and most_words(letters, words) <= (MAX_WORDS if len(letters) <= 12 else MAX_WORDS_LONG))


FIELD = 4  # bits per letter count in a packed integer: counts up to 7 (twice a roll's 3)
MASK = (1 << FIELD) - 1


def word_sets(letters: str, words: Sequence[str],
              deadline: Deadline | None = None) -> Iterator[tuple[str, ...]]:
    """Every multiset of the words (sorted) whose letter counts could be a board's runs."""
    roll = Counter(letters)
    alphabet = sorted(roll)
    if max(roll.values()) * 2 >= 1 << (FIELD - 1):
        raise ValueError("a letter too many times for the packed counts")
    shift = {ch: FIELD * j for j, ch in enumerate(alphabet)}
    guard = sum(1 << (FIELD * j + FIELD - 1) for j in range(len(alphabet)))
    n_cells = len(letters)
    k_max = most_words(letters, words)
    most = k_max * k_max // 4  # the most crossings any set may have
    # Packed counts: what the roll needs, and what a board's runs may hold (each cell twice).
    need = sum(n << shift[ch] for ch, n in roll.items())
    vecs = [(w, sum(1 << shift[ch] for ch in w)) for w in dict.fromkeys(words)]
    holding = [[i for i, (w, _) in enumerate(vecs) if ch in w] for ch in alphabet]
    everything = list(range(len(vecs)))
    # Each set of words met so far (sorted word numbers): whether any set grown from it
    # passed. A set's prospects depend only on its state, (room, short, size), so a state
    # none of whose sets passed is dead for every other set that reaches it.
    seen: dict[tuple[int, ...], bool] = {}
    dead: set[tuple[int, int, int]] = set()
    ticks = [0]

    def counts(packed: int) -> list[int]:
        return [(packed >> (FIELD * j)) & MASK for j in range(len(alphabet))]

    def grow(chosen: tuple[int, ...], room: int, short: int, length: int,
             excess: int) -> Generator[tuple[int, ...], None, bool]:
        """room: packed counts the runs may still add; short: packed counts still missing.
        Returns whether this set or any grown from it passed."""
        ticks[0] += 1
        if deadline is not None and not ticks[0] & 1023 and deadline.expired():
            raise SearchTimeout
        k = len(chosen)
        alive = False
        if not short and k - 1 <= length - n_cells <= k * k // 4:
            alive = True
            yield chosen
        if k == k_max:
            return alive
        if short:
            # The set holds a word with the scarcest missing letter: branch on those.
            missing = [j for j, m in enumerate(counts(short)) if m]
            options = holding[min(missing, key=lambda j: len(holding[j]))]
        else:
            options = everything  # more words, all their cells crossings
        lack = counts(short)
        for i in options:
            w, v = vecs[i]
            left = (room | guard) - v
            if left & guard != guard:
                continue  # some letter past twice the roll's
            nxt = tuple(sorted((*chosen, i)))
            known = seen.get(nxt)
            if known is not None:
                alive |= known
                continue
            # Letters past what is still missing are crossing cells; crossings only grow.
            covered = 0
            still = 0
            for j, m in enumerate(lack):
                if m:
                    got = (v >> (FIELD * j)) & MASK
                    took = got if got < m else m
                    covered += took
                    still |= (m - took) << (FIELD * j)
            more = excess + len(w) - covered
            if more > most or (left ^ guard, still, k + 1) in dead:
                seen[nxt] = False
                continue
            grew = yield from grow(nxt, left ^ guard, still, length + len(w), more)
            seen[nxt] = grew
            alive |= grew
        if not alive:
            dead.add((room, short, k))
        return alive

    room = sum((2 * n) << shift[ch] for ch, n in roll.items())
    for chosen in grow((), room, need, 0, 0):
        yield tuple(sorted(vecs[i][0] for i in chosen))


def realize(letters: str, words: Sequence[str], members: frozenset[str] | set[str],
            deadline: Deadline | None = None) -> Board | None:
    """A board whose runs are exactly these words, or None if they cannot be laid out so.

    Lays the first word across, then each next word through a cell of a word laid before it
    (a connected board's crossing graph is connected, so some order of its words does
    that), in every order and at every matching pair of letters; then checks the board.
    The cells just before and after a laid word stay empty (it is a whole run).
    """
    n = len(letters)
    want = "".join(sorted(letters))
    first, rest = words[0], list(words[1:])
    tries = [0]
    cells: dict[tuple[int, int], str] = {}
    ends: Counter[tuple[int, int]] = Counter()

    def lay(w: str, r: int, c: int, down: int) -> list[tuple[int, int]] | None:
        dr, dc = (1, 0) if down else (0, 1)
        before, after = (r - dr, c - dc), (r + dr * len(w), c + dc * len(w))
        if before in cells or after in cells:
            return None
        added = []
        for k, ch in enumerate(w):
            pos = (r + dr * k, c + dc * k)
            have = cells.get(pos)
            if have is None:
                if pos in ends:
                    break
                cells[pos] = ch
                added.append(pos)
            elif have != ch:
                break
        else:
            if len(cells) <= n:
                ends[before] += 1
                ends[after] += 1
                return added
        for pos in added:
            del cells[pos]
        return None

    def unlay(w: str, r: int, c: int, down: int, added: list[tuple[int, int]]) -> None:
        dr, dc = (1, 0) if down else (0, 1)
        for end in ((r - dr, c - dc), (r + dr * len(w), c + dc * len(w))):
            ends[end] -= 1
            if not ends[end]:
                del ends[end]
        for pos in added:
            del cells[pos]

    def go(laid: list[tuple[str, int, int, int]], todo: list[str]) -> Board | None:
        tries[0] += 1
        if deadline is not None and not tries[0] & 1023 and deadline.expired():
            raise SearchTimeout
        if not todo:
            if len(cells) != n or "".join(sorted(cells.values())) != want:
                return None
            board = Board.of((r, c, ch) for (r, c), ch in cells.items())
            return board if not problems(board, letters, members) else None
        for t, w in enumerate(todo):
            if w in todo[:t]:
                continue  # the same word again: the same choices
            others = todo[:t] + todo[t + 1:]
            for (pw, r0, c0, down0) in laid:
                down = 1 - down0
                for q, a in enumerate(pw):
                    r = r0 + (q if down0 else 0)
                    c = c0 + (0 if down0 else q)
                    for p, b in enumerate(w):
                        if a != b:
                            continue
                        rs, cs = (r - p, c) if down else (r, c - p)
                        added = lay(w, rs, cs, down)
                        if added is None:
                            continue
                        found = go([*laid, (w, rs, cs, down)], others)
                        unlay(w, rs, cs, down, added)
                        if found is not None:
                            return found
        return None

    lay(first, 0, 0, 0)
    return go([(first, 0, 0, 0)], rest)


def first_board(letters: str, words: Sequence[str], deadline: Deadline | None = None,
                stats: SearchStats | None = None) -> Board | None:
    """A solution (canonical), or None when there is none: exhaustive where `applies`.

    SearchTimeout if the deadline passes first.
    """
    members = frozenset(words)
    for group in word_sets(letters, words, deadline):
        if stats is not None:
            stats.placements += 1
        board = realize(letters, group, members, deadline)
        if board is not None:
            return board.canonical()
    return None
