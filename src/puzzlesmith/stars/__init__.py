"""Star Battle: K stars in every row, column and region of an N x N grid, none touching.

Entry points (all pure, all results with `to_json()`), imported from their modules (the
package does not re-export them, so `puzzlesmith.stars.solve` stays the module):
- `stars.formats`: `load`, `parse_text`, `parse_url`, `to_text`, `to_url`
- `stars.solve`: `solve(puzzle, count=, max_count=, deadline=, engine=) -> SolveResult`
- `stars.explain`: `explain(puzzle, ...)`, `hint(puzzle, ...) -> Explanation`
- `stars.generate`: `generate(size, stars, seed=, difficulty=) -> GeneratedPuzzle`
"""
