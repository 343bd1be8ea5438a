"""Hypothesis strategies for small Star Battle region maps."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def region_maps(draw: st.DrawFn, sizes: tuple[int, ...] = (4, 5, 6, 7)) -> list[list[int]]:
    """An N x N map using each of N labels at least once (regions may be disconnected)."""
    n = draw(st.sampled_from(sizes))
    cells = draw(st.lists(st.integers(0, n - 1), min_size=n * n, max_size=n * n))
    spots = draw(st.permutations(range(n * n)))[:n]
    for label, spot in enumerate(spots):
        cells[spot] = label
    return [cells[r * n : (r + 1) * n] for r in range(n)]


@st.composite
def blob_maps(draw: st.DrawFn, sizes: tuple[int, ...] = (5, 6, 7, 8)) -> list[list[int]]:
    """A map of N connected regions grown from N random seeds (closer to real puzzles)."""
    n = draw(st.sampled_from(sizes))
    seeds = draw(st.permutations(range(n * n)))[:n]
    owner = [-1] * (n * n)
    frontier = []
    for g, s in enumerate(seeds):
        owner[s] = g
        frontier.append(s)
    while frontier:
        j = draw(st.integers(0, len(frontier) - 1))
        i = frontier[j]
        r, c = divmod(i, n)
        free = [
            rr * n + cc
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n and owner[rr * n + cc] < 0
        ]
        if not free:
            frontier.pop(j)
            continue
        nxt = free[draw(st.integers(0, len(free) - 1))]
        owner[nxt] = owner[i]
        frontier.append(nxt)
    return [owner[r * n : (r + 1) * n] for r in range(n)]
