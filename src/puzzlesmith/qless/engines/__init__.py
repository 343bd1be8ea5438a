"""The interchangeable searches over one roll's anagrams, and which of them runs a roll.

- `dispatch`: which search runs a roll (`solutions`, `count_solutions`), and loading shapes.
- `skeleton`: rolls of up to 12 letters, filling the precomputed skeletons' slots.
- `long`: rolls of 13 to 16 letters, filling stored cores and hanging words on smaller rolls.
- `vowels`: rolls with two vowels, searched as sets of words instead of shapes.
- `tree`: a quick first solution for most rolls, a tree of crossing words.
- `attach`: the first solver's search (place a word, attach words), kept as a baseline.
- `counters`: what a search counts while it runs (`SearchStats`).
"""
