"""The modules, classes and functions of src/ past the sizes and the complexity the project's
standards name.

A module past 800 lines, a class past 400 or a function past 120 is a sign to split; one that
stays long says why, with the word "long" (or "past N lines"), in its docstring or a comment
just above it or within its first lines (for example "# Long: the hot loop, written out to
save calls"). A function whose cyclomatic complexity is past 25 or whose statements nest past
depth 5 is a sign to split too; one that stays so says why with the word "complex" or "nested"
in the same places. Listed: each one, its size, and whether it says why. Exit status 1 if any
does not.
Run: python scripts/sizes.py [ROOT]   (ROOT defaults to src/puzzlesmith)
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

MODULE, CLASS, FUNCTION = 800, 400, 120
COMPLEXITY, DEPTH = 25, 5
# How far into a long class or function the comment saying why may stand.
WHY_WITHIN = 12
DOCUMENTED = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef


LONG = re.compile(r"\blong\b(?! as)|past \d+ lines", re.IGNORECASE)
COMPLEX = re.compile(r"\b(complex|nested)\b", re.IGNORECASE)
FUNCTIONS = ast.FunctionDef | ast.AsyncFunctionDef
# Each adds a way through a function (McCabe's count, as radon counts it).
BRANCHES = ast.If | ast.For | ast.AsyncFor | ast.While | ast.IfExp | ast.ExceptHandler | ast.match_case
BLOCKS = ast.If | ast.For | ast.AsyncFor | ast.While | ast.With | ast.AsyncWith | ast.Try | ast.Match


def says_why(node: ast.AST, lines: list[str], start: int, word: re.Pattern[str] = LONG) -> bool:
    """Whether the docstring of `node`, a comment in the lines from `start` (0-based) or the
    comment just above them says why it is long (or, with `word` COMPLEX, why complex)."""
    doc = ast.get_docstring(node) if isinstance(node, DOCUMENTED) else None
    above = start
    while above > 0 and lines[above - 1].strip().startswith(("#", "@")):
        above -= 1
    comments = [line for line in lines[above:start + WHY_WITHIN] if line.strip().startswith("#")]
    return bool(doc and word.search(doc)) or any(word.search(line) for line in comments)


def _own_nodes(function: ast.AST) -> list[ast.AST]:
    """The nodes of `function`'s body, not those of functions, lambdas or classes inside it."""
    found: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, FUNCTIONS | ast.Lambda | ast.ClassDef):
            continue
        found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def complexity(function: ast.AST) -> int:
    """Cyclomatic complexity: one plus a branch for each if, loop, except, case, conditional
    expression, comprehension clause and extra operand of `and`/`or`."""
    count = 1
    for node in _own_nodes(function):
        if isinstance(node, BRANCHES):
            count += 1
        elif isinstance(node, ast.BoolOp):
            count += len(node.values) - 1
        elif isinstance(node, ast.comprehension):
            count += 1 + len(node.ifs)
    return count


def depth(node: ast.AST, level: int = 0) -> int:
    """How deep blocks (if, loops, with, try, match) nest in `node`; an elif is its if's level."""
    deepest = level
    for child in ast.iter_child_nodes(node):
        if isinstance(child, FUNCTIONS | ast.Lambda | ast.ClassDef):
            continue
        is_elif = isinstance(node, ast.If) and isinstance(child, ast.If) and node.orelse == [child]
        inner = level + 1 if isinstance(child, BLOCKS) and not is_elif else level
        deepest = max(deepest, depth(child, inner))
    return deepest


def report(root: Path) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        name = path.relative_to(root.parent)
        tree = ast.parse(text)
        if len(lines) > MODULE:
            out.append(f"{name}: module, {len(lines)} lines"
                       f"{'' if says_why(tree, lines, 0) else '  (no comment saying why)'}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                limit = CLASS if isinstance(node, ast.ClassDef) else FUNCTION
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > limit:
                    kind = "class" if isinstance(node, ast.ClassDef) else "function"
                    why = says_why(node, lines, node.lineno - 1)
                    out.append(f"{name}:{node.lineno}: {kind} {node.name}, {size} lines"
                               f"{'' if why else '  (no comment saying why)'}")
            if isinstance(node, FUNCTIONS):
                paths, nesting = complexity(node), depth(node)
                if paths > COMPLEXITY or nesting > DEPTH:
                    why = says_why(node, lines, node.lineno - 1, COMPLEX)
                    out.append(f"{name}:{node.lineno}: function {node.name}, complexity {paths}, "
                               f"depth {nesting}{'' if why else '  (no comment saying why)'}")
    return out


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "src" / "puzzlesmith"
    found = report(root)
    print("\n".join(found) if found else "nothing past the sizes")
    return 1 if any("no comment" in line for line in found) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
