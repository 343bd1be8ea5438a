"""2 x 2 tiling: a set of open cells that fits in as many 2 x 2 blocks as the stars it holds
has one star in each block (the two-by-two rule, and the tilings other rules use)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from puzzlesmith.stars.board import bits
from puzzlesmith.stars.explain.state import State
from puzzlesmith.stars.explain.steps import Step
from puzzlesmith.stars.explain.text import tiling_text

# A tiling of a set x by 2 x 2 blocks: (its cells outside x, cells of x in two blocks, cells
# of x alone in their block, the blocks).
_Cover = tuple[int, int, int, list[tuple[int, int, int]]]

_NO_COVERS: tuple[int, bool, list[_Cover]] = (0, False, [])  # (shared: never appended to)


_MAX_TILINGS = 200  # blocks tried per tiling search: enough for the bands of 25x25 6-star


_MAX_COVERS = 16  # tilings kept per set of cells


# Sets of cells whose tilings are kept (supposed states add many), in a dict of each state
# cleared whole when full: functools.lru_cache on the function would be one cache for every
# state, keeping each one alive.
_MAX_CACHED = 50_000


_CoverCache = dict[tuple[int, int], tuple[int, bool, list[_Cover]]]


_shared_covers: tuple[int, _CoverCache, dict[tuple[int, int], int]] = (0, {}, {})


def _covers_of(n: int) -> tuple[_CoverCache, dict[tuple[int, int], int]]:
    """The tilings found so far on an n x n grid. They depend on the grid alone, not on its
    regions, so every state of that size shares them (the last size asked for: one grid
    size at a time is the common case, and it keeps memory bounded). Steering a 25 x 25 map
    runs the rules on a new map for every change it tries; building the tilings afresh for
    each was an eighth of its time."""
    global _shared_covers
    if _shared_covers[0] != n:
        _shared_covers = (n, {}, {})
    return _shared_covers[1], _shared_covers[2]


class Tilings:
    """What the 2 x 2 rules keep of a state: the 2 x 2 blocks each cell lies in, the grid's
    even and odd rows and columns (for `_needs_more_blocks`), and the tilings found per
    (cells, stars): the same open cells come up step after step, and map after map when the
    generator steers one (`_covers_of`)."""

    def __init__(self, st: State) -> None:
        b = st.b
        n = b.n
        self.n = n
        self.nbr = b.nbr
        blocks = [
            (r, c, b.mask([(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]))
            for r in range(n - 1)
            for c in range(n - 1)
        ]
        self.blocks_of: list[list[tuple[int, int, int]]] = [[] for _ in range(n * n)]
        for blk in blocks:
            for i in bits(blk[2]):
                self.blocks_of[i].append(blk)
        # Masking out every other line keeps a run of cells from going on into the next line.
        even_rows = sum(b.units[r] for r in range(0, n, 2))
        even_cols = sum(b.units[n + c] for c in range(0, n, 2))
        self.even_cols = even_cols
        self.row_halves = (even_rows, b.full & ~even_rows)
        self.col_halves = (even_cols, b.full & ~even_cols)
        self.covers, self.no_cover = _covers_of(n)


def two_by_two(st: State, stars: int, open_: int) -> Step | None:
    b = st.b
    needs = st.needs(stars)
    for u, m in enumerate(b.units):
        need = needs[u]
        if need < 2:
            continue
        found = tiling_of(st, open_ & m, need, open_)
        if found is not None:
            cover, star, empty = found
            return st.step(
                two_by_two, star, empty, open_ & m, [u],
                f"{st.refs[u].name.capitalize()} needs {need} stars and "
                + tiling_text(cover, star, empty, need, st.b),
            )
    return None


def tiling_of(st: State, x: int, need: int, open_: int) -> tuple[list[tuple[int, int, int]], int, int] | None:
    """A tiling of the open cells x (which hold exactly `need` stars) by `need` 2 x 2
    blocks that decides something: (blocks, stars, empties), or None.

    Each block then holds exactly one of the stars (a block holds at most one), so its
    cells outside x are empty, cells of x in two blocks are empty (a star there would
    count twice), and a block left with one open cell of x has its star there.
    """
    if not x or x.bit_count() > 4 * need:
        return None
    key = (x, need)
    t = st.memo(Tilings)
    entry = t.covers.get(key)
    if entry is None:
        covers: list[_Cover] = []
        tilings = (islice(_block_covers(t, x, need, [], [_MAX_TILINGS]), _MAX_COVERS)
                   if not _needs_more_blocks(t, x, need) else ())
        outside_any = 0
        fixed = False
        for cover in tilings:
            union = twice = 0
            for blk in cover:
                twice |= union & blk[2]
                union |= blk[2]
            star = 0
            for blk in cover:
                own = blk[2] & x & ~twice
                if own.bit_count() == 1:
                    star |= own
            covers.append((union & ~x, twice & x, star, cover))
            outside_any |= union & ~x
            fixed = fixed or bool(twice & x or star)
        entry = (outside_any, fixed, covers) if covers else _NO_COVERS
        if len(t.covers) >= _MAX_CACHED:
            t.covers.clear()
        t.covers[key] = entry
    outside_any, fixed, covers = entry
    if not fixed and not outside_any & open_:
        # (No tiling decides anything here: the common case, answered without the loop.)
        return None
    # (The cells outside x a tiling empties are the only part that depends on the state.)
    for outside, twice_x, star, cover in covers:
        empty = (outside & open_) | twice_x
        if empty or star:
            return cover, star, empty
    return None


def _needs_more_blocks(t: Tilings, x: int, count: int) -> bool:
    """Whether the cells x surely need more than `count` 2 x 2 blocks to cover them. A
    block covers cells of one even and one odd row, at most two neighbouring ones in
    each; so the blocks are at least the windows of two cells that cover the even rows'
    cells, and the odd rows' (and the same for columns). Most sets a tiling search is
    asked about in supposed states fail so, and this is far cheaper than the search.

    A run of L neighbouring cells along a line takes ceil(L / 2) windows: as many as
    its cells at an even distance from the run's start."""
    even_cols = t.even_cols
    for half in t.row_halves:
        y = x & half
        starts = y & ~(y << 1)
        # The runs that start in an even column: adding their first cells carries
        # through them and clears them.
        from_even = y & ~(y + (starts & even_cols))
        if ((from_even & even_cols).bit_count()
                + (y & ~from_even & ~even_cols).bit_count()) > count:
            return True
    n = t.n
    for half in t.col_halves:
        # Cells with at least d cells of their run above them, d = 0, 1, 2, ...: the
        # alternating sum counts the cells at an even distance.
        run = x & half
        got = 0
        sign = 1
        while run:
            got += sign * run.bit_count()
            run &= run << n
            sign = -sign
        if got > count:
            return True
    return False


def block_covers(
    st: State, x: int, count: int, chosen: list[tuple[int, int, int]], budget: list[int] | int
) -> Iterator[list[tuple[int, int, int]]]:
    """Ways to cover the cells x with `count` 2 x 2 blocks (at most `budget` tried)."""
    left = [budget] if isinstance(budget, int) else budget
    return _block_covers(st.memo(Tilings), x, count, chosen, left)


def _block_covers(
    t: Tilings, x: int, count: int, chosen: list[tuple[int, int, int]], left: list[int]
) -> Iterator[list[tuple[int, int, int]]]:
    if not x:
        yield list(chosen)
        return
    if count == 0 or x.bit_count() > 4 * count or left[0] <= 0:
        return
    # Cells no 2 x 2 block can share (they do not touch) each need their own block.
    spread = 0
    rest = x
    nbr = t.nbr
    while rest and spread <= count:
        low = rest & -rest
        rest &= ~(low | nbr[low.bit_length() - 1])
        spread += 1
    if spread > count:
        return
    # The same cells left to cover come up again and again, within a search and across
    # searches (the open cells of one state and the next differ by a few). Those that
    # have no cover are remembered with what the search for one cost, and that cost is
    # still taken from the budget, so every search ends just as it would without this.
    key = (x, count)
    cost = t.no_cover.get(key)
    if cost is not None:
        left[0] -= cost
        return
    start = left[0]
    found = False
    low = x & -x
    for blk in t.blocks_of[low.bit_length() - 1]:
        left[0] -= 1
        chosen.append(blk)
        for cover in _block_covers(t, x & ~blk[2], count - 1, chosen, left):
            found = True
            yield cover
        chosen.pop()
    if not found and left[0] > 0:
        if len(t.no_cover) >= _MAX_CACHED:
            t.no_cover.clear()
        t.no_cover[key] = start - left[0]
