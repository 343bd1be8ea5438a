"""Core skeletons: the shapes of 13 to 16 cells that no smaller solution grows into.

A *leaf* of a skeleton is a slot that crosses exactly one other slot. Taking a leaf's other
cells away leaves a skeleton again (they touch nothing but their own slot, and the crossed
cell stays in the slot it crosses), so every skeleton of n cells is either a smaller
skeleton with a leaf hung on it or a *core*: a single slot, or a shape whose every slot
crosses at least two others. Cores are rare (649 of the 8,363 skeletons of 12 cells), so
the cores of 13 to 16 cells can be stored and filled like the skeletons of up to 12
(`engines.skeleton`), and a long roll's other solutions are found by hanging a word on the solutions
of a smaller roll (`engines.long`). Together that is an exhaustive search.

`generate` grows shapes slot by slot, as `skeletons.generate` does, but only towards cores:
while the shape has a leaf, the next slot goes through a cell of a leaf that crosses
nothing yet. That loses no core: a leaf of the partial shape crosses, in the finished core,
some slot not laid yet through such a cell (a slot that crosses two laid slots is laid), and
laying it leaves no more leaves than before. So a partial shape has at most two leaves
(a first slot and one crossing it), and far fewer shapes are grown than skeletons exist.

`python -m puzzlesmith.qless.shapes.cores` rebuilds `data/cores.txt.gz` (about ten minutes).
"""

from __future__ import annotations

import gzip
import hashlib
import sys
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources
from pathlib import Path

from puzzlesmith.files import cache_dir
from puzzlesmith.qless.shapes import skeletons
from puzzlesmith.qless.shapes.skeletons import (
    DATA_FILE as SKELETONS_FILE,
)
from puzzlesmith.qless.shapes.skeletons import (
    Node,
    Pos,
    build_trie,
    cached_trie,
    read_shapes,
    shape_to_text,
)

MIN_CELLS, MAX_CELLS = 13, 16
# Past 12 cells, the sizes whose every skeleton is compiled into a trie: a roll of up to
# this many letters is filled like a 12-letter one (25,147 skeletons of 13 cells); longer
# rolls fill the cores and hang leaf words on smaller rolls (about 3 times as many
# skeletons per extra cell would make the 16-cell trie too big to keep).
FULL_UPTO = 14
DATA_FILE = "cores.txt.gz"
WIDE = 32  # a cell (r, c) of a normalized shape is the int r * WIDE + c while growing


def _canonical(cells: Iterator[Pos] | list[Pos]) -> tuple[int, ...]:
    """A shape's representative under translation and transposition, as sorted ints."""
    cs = list(cells)
    r0 = min(r for r, _ in cs)
    c0 = min(c for _, c in cs)
    a = sorted((r - r0) * WIDE + c - c0 for r, c in cs)
    b = sorted((c - c0) * WIDE + r - r0 for r, c in cs)
    return tuple(min(a, b))


def runs(shape: set[Pos] | frozenset[Pos]) -> list[tuple[bool, list[Pos]]]:
    """Every maximal run of 2+ cells as (across?, cells in reading order)."""
    out = []
    for across in (True, False):
        dr, dc = (0, 1) if across else (1, 0)
        for r, c in shape:
            if (r - dr, c - dc) in shape or (r + dr, c + dc) not in shape:
                continue
            run = []
            while (r, c) in shape:
                run.append((r, c))
                r, c = r + dr, c + dc
            out.append((across, run))
    return out


def leaves(shape: set[Pos] | frozenset[Pos]) -> list[tuple[bool, list[Pos]]]:
    """The leaves (runs of 3+ crossing exactly one other), each with its uncrossed cells."""
    long_runs = [(a, run) for a, run in runs(shape) if len(run) >= 3]
    if len(long_runs) < 2:
        return []
    cover: dict[Pos, int] = {}
    for _, run in long_runs:
        for p in run:
            cover[p] = cover.get(p, 0) + 1
    return [(a, [p for p in run if cover[p] == 1]) for a, run in long_runs
            if sum(cover[p] == 2 for p in run) == 1]


def is_core(shape: set[Pos] | frozenset[Pos]) -> bool:
    """A skeleton (every run of 2+ has 3+ cells) without a leaf."""
    return all(len(run) >= 3 for _, run in runs(shape)) and not leaves(shape)


def _slots_through(shape: set[Pos], r: int, c: int, dr: int, dc: int,
                   room: int) -> Iterator[list[Pos]]:
    """Every run of 3+ through (r, c) along (dr, dc) whose end cells are empty and that
    adds 1 to `room` cells."""
    back: list[tuple[int, int]] = []  # (cells before (r, c), new ones among them)
    k = new = 0
    while True:
        if (r - (k + 1) * dr, c - (k + 1) * dc) not in shape:
            back.append((k, new))
        k += 1
        if (r - k * dr, c - k * dc) not in shape:
            new += 1
            if new > room:
                break
    ahead: list[tuple[int, int]] = []
    k = new = 0
    while True:
        if (r + (k + 1) * dr, c + (k + 1) * dc) not in shape:
            ahead.append((k, new))
        k += 1
        if (r + k * dr, c + k * dc) not in shape:
            new += 1
            if new > room:
                break
    for kb, nb in back:
        for ka, na in ahead:
            if kb + ka + 1 >= 3 and 1 <= nb + na <= room:
                yield [(r + i * dr, c + i * dc) for i in range(-kb, ka + 1)]


def generate(max_cells: int = MAX_CELLS) -> dict[int, list[tuple[Pos, ...]]]:
    """Every core of 3..max_cells cells, by size, canonical and sorted (see the module)."""
    start = {_canonical([(0, i) for i in range(k)]) for k in range(3, max_cells + 1)}
    seen = set(start)
    stack = list(start)
    found: dict[int, list[tuple[Pos, ...]]] = {}
    while stack:
        coded = stack.pop()
        shape = {divmod(x, WIDE) for x in coded}
        hanging = leaves(shape)
        if not hanging and all(len(run) >= 3 for _, run in runs(shape)):
            found.setdefault(len(shape), []).append(tuple(sorted(shape)))
        room = max_cells - len(shape)
        if room == 0:
            continue
        if hanging:
            anchors = {(p, (1, 0) if across else (0, 1)) for across, free in hanging for p in free}
        else:
            anchors = {(p, d) for p in shape for d in ((0, 1), (1, 0))}
        for (r, c), (dr, dc) in anchors:
            for slot in _slots_through(shape, r, c, dr, dc, room):
                grown = _canonical([*shape, *(p for p in slot if p not in shape)])
                if grown not in seen:
                    seen.add(grown)
                    stack.append(grown)
    return {n: sorted(v) for n, v in sorted(found.items())}


def hung_shapes(shape: tuple[Pos, ...], length: int) -> Iterator[tuple[Pos, ...]]:
    """Every shape made by laying a slot of `length` cells through one cell of the skeleton,
    crossing nothing else and touching no other cell (as `engines.long.hang` lays a word)."""
    cells = set(shape)
    for r, c in shape:
        for dr, dc in ((0, 1), (1, 0)):
            for at in range(length):
                r0, c0 = r - dr * at, c - dc * at
                if (r0 - dr, c0 - dc) in cells or (r0 + dr * length, c0 + dc * length) in cells:
                    continue
                new = [(r0 + dr * k, c0 + dc * k) for k in range(length) if k != at]
                if all(p not in cells and (p[0] + dc, p[1] + dr) not in cells
                       and (p[0] - dc, p[1] - dr) not in cells for p in new):
                    yield tuple(sorted(divmod(x, WIDE) for x in _canonical([*shape, *new])))


def grow_skeletons(by_size: dict[int, list[tuple[Pos, ...]]],
                   cores: dict[int, list[tuple[Pos, ...]]],
                   upto: int) -> dict[int, list[tuple[Pos, ...]]]:
    """The skeletons of every size up to `upto`: the given sizes, and beyond them the cores
    plus every smaller skeleton with a slot hung on it (sorted, canonical)."""
    out = dict(by_size)
    for n in range(max(out) + 1, upto + 1):
        found = set(cores.get(n, []))
        for length in range(3, n - 1):
            for shape in out.get(n - length + 1, []):
                found.update(hung_shapes(shape, length))
        out[n] = sorted(found)
    return out


@lru_cache(maxsize=1)
def stored() -> dict[int, list[tuple[Pos, ...]]]:
    """The stored cores of 13..16 cells, by size."""
    return read_shapes(DATA_FILE)


def has_cores(n: int) -> bool:
    return MIN_CELLS <= n <= MAX_CELLS


def all_skeletons(n: int) -> bool:
    """Whether the trie of n cells (13..16) holds every skeleton, not only the cores."""
    return n <= FULL_UPTO


def long_trie(n: int) -> Node:
    """The plan trie of n cells (13..16): every skeleton up to FULL_UPTO cells, else the cores.

    Kept in the disk cache like `skeletons.trie`, under a name made of the shape data and
    the code (compiling the 13-cell one, 25,147 skeletons, takes about ten seconds).
    """
    if not has_cores(n):
        raise ValueError(f"no stored cores of {n} cells")
    return _trie(n, all_skeletons(n))


def long_trie_cached(n: int) -> bool:
    """Whether the trie of n cells is on disk already (else the first use builds it)."""
    return not has_cores(n) or _trie_path(n, all_skeletons(n)).exists()


def _trie_path(n: int, every: bool) -> Path:
    key = hashlib.sha256()
    for module in (__name__, build_trie.__module__):
        key.update(Path(sys.modules[module].__file__ or "").read_bytes())
    for name in (DATA_FILE, SKELETONS_FILE):
        key.update(resources.files("puzzlesmith.qless").joinpath("data", name).read_bytes())
    key.update(f"{every}/{sys.version_info[:2]}".encode())
    return cache_dir() / f"qless-long-{n}-{key.hexdigest()[:20]}.marshal"


@lru_cache(maxsize=8)
def _trie(n: int, every: bool) -> Node:
    return cached_trie(
        _trie_path(n, every),
        lambda: grow_skeletons(skeletons.stored(), stored(), n)[n] if every else stored()[n],
    )


def main(argv: list[str]) -> None:
    """Build step: regenerate data/cores.txt.gz."""
    max_cells = int(argv[0]) if argv else MAX_CELLS
    by_size = generate(max_cells)
    lines = [f"{n}\t{shape_to_text(s)}" for n, shapes in by_size.items() if n >= MIN_CELLS
             for s in shapes]
    out = Path(__file__).parents[1] / "data" / DATA_FILE
    out.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0))
    print(f"{len(lines)} cores: " + ", ".join(
        f"{n}: {len(v)}" for n, v in by_size.items() if n >= MIN_CELLS))


if __name__ == "__main__":
    main(sys.argv[1:])
