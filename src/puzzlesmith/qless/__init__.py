"""Q-Less letter-roll crosswords: dice, boards, the solver and solution counts.

The public entry point is `puzzlesmith.qless.solve.solve` (see its module docstring).
"""
