"""The stored skeletons against an independent enumeration of shapes."""

from __future__ import annotations

from puzzlesmith.qless.shapes.skeletons import build_trie, generate, shape_to_text, stored
from tests.qless.qless_brute import columns, polyominoes


def brute_skeletons(n: int) -> set[str]:
    """Polyominoes whose lines have no 2-cell piece, one per transposition pair, as text."""
    out = set()
    for shape in polyominoes(n):
        h = 1 + max(r for r, _ in shape)
        w = 1 + max(c for _, c in shape)
        rows = ["".join("#" if (r, c) in shape else "." for c in range(w)) for r in range(h)]
        if any(len(p) == 2 for line in rows + columns(rows) for p in line.split(".")):
            continue
        out.add(min("/".join(rows), "/".join(columns(rows))))
    return out


def test_stored_skeletons_match_a_brute_force_enumeration_up_to_8_cells() -> None:
    for n in range(3, 9):
        mine = {shape_to_text(s) for s in stored()[n]}
        brute = brute_skeletons(n)
        # The text forms of a shape and its transposition may differ in which is smaller;
        # compare both ways round.
        def both(texts: set[str]) -> set[frozenset[str]]:
            return {frozenset({t, "/".join(columns(t.split("/")))}) for t in texts}

        assert both(mine) == both(brute), n
        assert len(mine) == len(brute), n


def test_stored_skeletons_are_what_the_generator_builds() -> None:
    fresh = generate(9)
    for n, shapes in fresh.items():
        assert stored()[n] == shapes


def test_known_sizes() -> None:
    assert {n: len(v) for n, v in stored().items()} == {
        3: 1, 4: 1, 5: 7, 6: 13, 7: 39, 8: 108, 9: 323, 10: 941, 11: 2808, 12: 8363,
    }


def test_trie_holds_every_skeleton_once() -> None:
    for n in (5, 7, 9):
        root = build_trie(stored()[n])
        assert root.skeletons == len(stored()[n])
        seen = []
        stack = [root]
        while stack:
            node = stack.pop()
            seen.extend(frozenset(e.coords) for e in node.endings)
            stack.extend(node.children.values())
        assert len(seen) == len(set(seen)) == len(stored()[n])
        assert all(len(s) == n for s in seen)


def test_every_size_up_to_the_largest_is_stored() -> None:
    # `skeletons.trie` relies on it to skip reading the shape file at start-up.
    from puzzlesmith.qless.shapes.skeletons import MAX_CELLS, stored

    assert all(stored().get(n) for n in range(3, MAX_CELLS + 1))
    assert not stored().get(MAX_CELLS + 1)
