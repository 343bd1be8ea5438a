"""Star Battle: K stars in every row, column and region of an N x N grid, none touching.

Entry points (all pure, all results with `to_json()`):
- `load`, `parse_text`, `parse_url`, `to_text`, `to_url`: puzzles in and out.
- `solve(puzzle, count=..., max_count=..., time_limit=..., engine=...) -> SolveResult`
- `explain(puzzle, ...) -> Explanation`, `hint(puzzle, ...) -> Explanation`
- `generate(size, stars, seed=..., difficulty=...) -> GeneratedPuzzle`
"""

from puzzlesmith.stars.explain import Explanation, Step, explain, hint
from puzzlesmith.stars.formats import load, parse_text, parse_url, to_text, to_url
from puzzlesmith.stars.generate import GeneratedPuzzle, generate
from puzzlesmith.stars.model import StarPuzzle, check_solution, solution_problems
from puzzlesmith.stars.solve import SolveResult, choose_engine, solutions, solve

__all__ = [
    "Explanation", "GeneratedPuzzle", "SolveResult", "StarPuzzle", "Step", "check_solution",
    "choose_engine", "explain", "generate", "hint", "load", "parse_text", "parse_url", "solve",
    "solution_problems", "solutions", "to_text", "to_url",
]
