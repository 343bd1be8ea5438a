"""The crossword fill engine's public names, in one place (the engine itself is in the modules
beside this one: tables, problem, propagate, nogoods, search, driver, check)."""

from __future__ import annotations

from puzzlesmith.fill.check import CheckResult, RegionResult, SlotCheck, check, fill_region
from puzzlesmith.fill.driver import Entry, FillResult, Status, default_improve, fill
from puzzlesmith.fill.tables import WordTable, word_table

__all__ = [
    "CheckResult",
    "Entry",
    "FillResult",
    "RegionResult",
    "SlotCheck",
    "Status",
    "WordTable",
    "check",
    "default_improve",
    "fill",
    "fill_region",
    "word_table",
]
