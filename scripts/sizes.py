"""The modules, classes and functions of src/ past the sizes the project's standards name.

A module past 800 lines, a class past 400 or a function past 120 is a sign to split; one that
stays long says why, with the word "long" (or "past N lines"), in its docstring or a comment
just above it or within its first lines (for example "# Long: the hot loop, written out to
save calls"). Listed: each one, its length, and
whether it says why. Exit status 1 if any does not.
Run: python scripts/sizes.py [ROOT]   (ROOT defaults to src/puzzlesmith)
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

MODULE, CLASS, FUNCTION = 800, 400, 120
# How far into a long class or function the comment saying why may stand.
WHY_WITHIN = 12
DOCUMENTED = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef


LONG = re.compile(r"\blong\b(?! as)|past \d+ lines", re.IGNORECASE)


def says_why(node: ast.AST, lines: list[str], start: int) -> bool:
    """Whether the docstring of `node`, a comment in the lines from `start` (0-based) or the
    comment just above them says why it is long."""
    doc = ast.get_docstring(node) if isinstance(node, DOCUMENTED) else None
    above = start
    while above > 0 and lines[above - 1].strip().startswith(("#", "@")):
        above -= 1
    comments = [line for line in lines[above:start + WHY_WITHIN] if line.strip().startswith("#")]
    return bool(doc and LONG.search(doc)) or any(LONG.search(line) for line in comments)


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
    return out


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "src" / "puzzlesmith"
    found = report(root)
    print("\n".join(found) if found else "nothing past the sizes")
    return 1 if any("no comment" in line for line in found) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
