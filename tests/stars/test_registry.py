"""The rule registry: the one table the explainer, the grader, the generator and the docs
derive from."""

from __future__ import annotations

import re
from pathlib import Path

from puzzlesmith.limits import Deadline
from puzzlesmith.stars.explain import RULES, WEIGHTS, explain, rules_of, state_of
from puzzlesmith.stars.explain.registry import MISTAKE, SEARCH
from puzzlesmith.stars.generate import generate

DOCS = Path(__file__).resolve().parents[2] / "docs" / "stars.md"
LEVELS = ("easy", "medium", "hard", "expert", "search")


def test_the_docs_table_lists_the_registry_s_rules_in_order() -> None:
    text = DOCS.read_text()
    start = text.index("| level | rule | weight | what it says |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        m = re.match(r"\| (\w+) \| `([a-z-]+)`(?: \(([^)]*)\))? \| ([0-9.]+) \|", line)
        assert m, line
        rows.append((m.group(1), m.group(2), m.group(3) or "", float(m.group(4))))
    assert rows == [(s.level, s.name, s.variant, s.weight) for s in (*RULES, SEARCH)]


def test_one_weight_per_name_and_level_and_levels_only_go_up() -> None:
    keys = [s.key for s in RULES]
    assert len(set(keys)) == len(keys)
    for spec in (*RULES, SEARCH, MISTAKE):
        assert WEIGHTS[(spec.name, spec.level)] == spec.weight
    order = [LEVELS.index(s.level) for s in RULES]
    assert order == sorted(order)  # the generator cuts the rules at the first one above a level



def test_deep_trial_follows_the_rules_before_trial_and_ranks_by_those_before_shapes() -> None:
    from puzzlesmith.stars.explain.deep_trial import _cheap_rules, _deep_rules

    st = state_of(generate(6, 1, seed=1, deadline=Deadline(30)).puzzle, Deadline(None))
    keys = [spec.key for spec in RULES]
    by_run = {spec.run: spec.key for spec in RULES}
    deep = [by_run[rule.func] for rule in _deep_rules(st)]  # type: ignore[attr-defined]
    cheap = [by_run[rule.func] for rule in _cheap_rules(st)]  # type: ignore[attr-defined]
    assert deep == keys[:keys.index("trial")] and deep[-1] == "cases-many"
    assert cheap == keys[:keys.index("shapes")] and cheap[-1] == "counting"


def test_every_step_comes_from_a_registered_rule() -> None:
    st = state_of(generate(6, 1, seed=1, deadline=Deadline(30)).puzzle, Deadline(None))
    assert [rule.func for rule in rules_of(st)] == [s.run for s in RULES]  # type: ignore[attr-defined]
    known = {(s.name, s.level) for s in (*RULES, SEARCH)}
    for seed in range(3):
        made = generate(8, 1, seed=seed, difficulty="hard", deadline=Deadline(60))
        steps = explain(made.puzzle, deadline=Deadline(None)).steps
        assert steps and all((s.rule, s.level) in known for s in steps)


def test_the_explainer_s_modules_import_one_way() -> None:
    # The rule families import only those they build on, and only the registry imports them
    # all (the driver and the package use it): no module of stars/explain imports one that
    # imports it back, however indirectly, type-only imports included.
    import ast

    pkg = Path(__file__).resolve().parents[2] / "src" / "puzzlesmith" / "stars" / "explain"
    prefix = "puzzlesmith.stars.explain."
    graph: dict[str, set[str]] = {}
    for path in pkg.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith(prefix):
                    found.add(node.module.removeprefix(prefix))
                elif node.module == prefix[:-1]:
                    found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {a.name.removeprefix(prefix) for a in node.names if a.name.startswith(prefix)}
        graph[path.stem] = found & {p.stem for p in pkg.glob("*.py")}
    assert "rules" not in graph and "reasoner" not in graph
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for other in graph[module]:
            visit(other, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
    assert {m for m, deps in graph.items() if "registry" in deps} == {"__init__", "driver"}
