"""Counters a search keeps while it runs, reported with every result."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class SearchStats:
    """Mutable tallies shared by a search and its caller (engines only ever add to them)."""

    placements: int = 0  # words put on the board (each try counts, kept or undone)
    states: int = 0  # distinct partial boards (or skeleton nodes) explored
