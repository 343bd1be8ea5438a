"""Q-Less letter-roll crosswords: dice, boards, the solver and solution counts.

The public entry point is `puzzlesmith.qless.solve.solve` (see its module docstring). A
map of the package, from the entry point down:

- `solve`: a roll's first solution, all of them or their count (`QlessResult`).
- `driver`: first, all and count as one code path over a roll's anagrams.
- `engines/`: the interchangeable searches, and `engines.dispatch`, which picks one.
- `shapes/`: the stored empty shapes (skeletons, cores) the engines fill.
- `anagrams`: the words a roll can build. `board`: boards and the rules a board obeys.
- `dice`: the dice and rolling them. `census`: whether each roll is solvable, shipped.
- `play`: hints, a grade and a roll of the day for a player. `atlas/`: a stored result for
  every roll of the real dice.
"""
