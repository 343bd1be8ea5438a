"""The rule registry: the one table the explainer, the grader, the generator and the docs
derive from."""

from __future__ import annotations

import re
from pathlib import Path

from puzzlesmith.limits import Deadline
from puzzlesmith.stars.explain import RULES, WEIGHTS, apply_step, explain, rules_of, state_of
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
    # imports it back, however indirectly, type-only imports included. What one module takes
    # from another has a public name there (one home, no module's private helper borrowed),
    # and so for the hints.
    import ast

    pkg = Path(__file__).resolve().parents[2] / "src" / "puzzlesmith" / "stars" / "explain"
    prefix = "puzzlesmith.stars.explain."
    graph: dict[str, set[str]] = {}
    borrowed: list[str] = []
    for path in [*pkg.glob("*.py"), pkg.parent / "hints.py"]:
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith(prefix[:-1]):
                    borrowed += [f"{path.name}: {node.module}.{alias.name}" for alias in node.names
                                 if alias.name.startswith("_")]
                if node.module.startswith(prefix):
                    found.add(node.module.removeprefix(prefix))
                elif node.module == prefix[:-1]:
                    found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {a.name.removeprefix(prefix) for a in node.names if a.name.startswith(prefix)}
        if path.parent == pkg:
            graph[path.stem] = found & {p.stem for p in pkg.glob("*.py")}
    assert not borrowed, borrowed
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


def test_the_shared_state_keeps_no_family_s_memo() -> None:
    # What a rule family keeps of a state between steps (tilings, bands, ways, scans left to
    # check, deep trial's sub-state) is defined in the family's module and kept as the
    # state's memo of it (`State.memo`); the state itself holds only what every rule asks.
    from puzzlesmith.stars.explain import state as state_module
    from puzzlesmith.stars.explain.deep_trial import deep_trial_at

    own = {"puzzle", "rules", "spec_of", "b", "deadline", "answer", "refs", "supposing",
           "_needs_key", "_needs", "memos"}
    made = generate(8, 1, seed=2, difficulty="hard", deadline=Deadline(60))
    st = state_of(made.puzzle, Deadline(None), made.solution)
    b = st.b
    stars, open_ = 0, b.full
    while open_:
        found = next((s for rule in rules_of(st) if (s := rule(stars, open_)) is not None), None)
        if found is None:
            break
        stars, open_ = apply_step(b, found, stars, open_)
    deep_trial_at(st, 0, b.full, 0)
    sub = next(m.sub for m in st.memos.values() if hasattr(m, "sub"))
    assert sub is not None and sub.supposing and not st.supposing
    for state in (st, sub):
        assert set(vars(state)) == own
        assert all(make.__module__ != state_module.__name__ for make in state.memos)
    kept = {make.__module__.rsplit(".", 1)[1] for make in st.memos}
    assert {"bands", "tiling", "counting", "shapes", "supposition", "deep_trial"} <= kept
    assert {make.__module__.rsplit(".", 1)[1] for make in sub.memos} >= {"follow", "shapes"}
