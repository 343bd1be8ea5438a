"""Core skeletons (no leaf slot) against an independent enumeration, and the claim that every
skeleton is a core or a smaller skeleton with a slot hung on it."""

from __future__ import annotations

import pytest

from puzzlesmith.qless.shapes import cores
from puzzlesmith.qless.shapes.skeletons import shape_to_text
from puzzlesmith.qless.shapes.skeletons import stored as stored_skeletons
from tests.qless.qless_brute import columns, polyominoes


def pieces(rows: list[str]) -> list[set[tuple[int, int]]]:
    """The cells of every across and down piece of 2+ cells (the test's own reading)."""
    out = []
    for r, row in enumerate(rows):
        c = 0
        for piece in row.split("."):
            if len(piece) >= 2:
                out.append({(r, c + i) for i in range(len(piece))})
            c += len(piece) + 1
    for c, col in enumerate(columns(rows)):
        r = 0
        for piece in col.split("."):
            if len(piece) >= 2:
                out.append({(r + i, c) for i in range(len(piece))})
            r += len(piece) + 1
    return out


def core_text(rows: list[str]) -> str | None:
    """The shape's text (smaller of it and its transposition) if it is a core, else None."""
    runs = pieces(rows)
    if any(len(p) == 2 for p in runs):
        return None
    crossings = [sum(1 for q in runs if q is not p and p & q) for p in runs]
    if len(runs) > 1 and 1 in crossings:
        return None
    return min("/".join(rows), "/".join(columns(rows)))


def as_rows(shape: tuple[tuple[int, int], ...] | frozenset[tuple[int, int]]) -> list[str]:
    h = 1 + max(r for r, _ in shape)
    w = 1 + max(c for _, c in shape)
    return ["".join("#" if (r, c) in shape else "." for c in range(w)) for r in range(h)]


def texts(shapes: list[tuple[tuple[int, int], ...]]) -> set[str]:
    return {min(shape_to_text(s), "/".join(columns(shape_to_text(s).split("/")))) for s in shapes}


@pytest.mark.slow
def test_cores_match_a_brute_force_enumeration_up_to_9_cells() -> None:
    found = cores.generate(9)
    for n in range(3, 10):
        brute = {t for shape in polyominoes(n) if (t := core_text(as_rows(shape))) is not None}
        assert texts(found.get(n, [])) == brute, n
        assert len(found.get(n, [])) == len(brute), n


def test_cores_are_the_stored_skeletons_without_a_leaf_up_to_11_cells() -> None:
    found = cores.generate(11)
    for n in range(3, 12):
        want = [s for s in stored_skeletons()[n] if core_text(as_rows(s)) is not None]
        assert found.get(n, []) == want, n


def test_every_skeleton_is_a_core_or_a_smaller_one_with_a_slot_hung_on() -> None:
    small = {n: v for n, v in stored_skeletons().items() if n <= 5}
    grown = cores.grow_skeletons(small, cores.generate(10), 10)
    for n in range(3, 11):
        assert grown[n] == stored_skeletons()[n], n


@pytest.mark.slow
def test_stored_cores_are_cores_once_each() -> None:
    by_size = cores.stored()
    assert sorted(by_size) == list(range(cores.MIN_CELLS, cores.MAX_CELLS + 1))
    for n, shapes in by_size.items():
        assert all(len(s) == n for s in shapes)
        assert len(set(shapes)) == len(shapes)
        assert all(core_text(as_rows(s)) is not None for s in shapes), n
        # Canonical: the generator's own representative (translation and transposition).
        assert all(cores._canonical(list(s)) == tuple(r * cores.WIDE + c for r, c in s)
                   for s in shapes)
