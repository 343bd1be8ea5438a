"""puzzlesmith: solve, prove, count and create word and grid puzzles."""

__version__ = "0.1.0"
