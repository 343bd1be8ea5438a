"""Q-Less letter-roll crosswords: dice, boards, the solver and solution counts.

The public entry point is `puzzlesmith.qless.answer.known_or_search` (the census, then the
atlas, then the search `puzzlesmith.qless.solve.search_roll`; see their module docstrings). A
map of the package, from the entry point down:

- `answer`: a roll's answer, known (census, atlas) or searched for.
- `solve`: the search: a roll's first solution, all of them or their count (`QlessResult`).
- `driver`: first, all and count as one code path over a roll's anagrams.
- `engines/`: the interchangeable searches, and `engines.dispatch`, which picks one.
- `shapes/`: the stored empty shapes (skeletons, cores) the engines fill.
- `anagrams`: the words a roll can build. `board`: boards and the rules a board obeys.
- `dice`: the dice and rolling them. `census`: whether each roll is solvable, shipped.
- `play`: hints, a grade and a roll of the day for a player. `atlas/`: a stored result for
  every roll of the real dice.
"""
