"""Every benchmark script imports, and the cheap paths of those that have one run.

The benchmarks are run by hand, rarely, so a change to the package can break one unseen
(benchmarks/fill.py once failed to import after a model change). Nothing heavy runs here:
each module is imported, the names its functions import lazily from puzzlesmith and the
benchmarks are looked up, `--help` is asked of those with a parser, and the scripts that
skip without arguments are run without them."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
MODULES = sorted(p.stem for p in BENCHMARKS.glob("*.py") if p.stem != "__init__")
# Not benchmarks but helpers: run_all does not call their main.
HELPERS = {"common", "run_all"}

# Scripts that parse their options with argparse: `--help` prints and exits 0.
WITH_HELP = [m for m in MODULES if "ArgumentParser(" in (BENCHMARKS / f"{m}.py").read_text("utf-8")]
# Scripts that compare with a baseline source tree given as the first argument, and say they
# skipped when given none (as `run_all` runs them).
SKIP_WITHOUT_ARGS = ["cache_check", "web_load"]


def _lazy_imports(name: str) -> list[tuple[int, str, str]]:
    """(line, module, name) for each `from puzzlesmith... / benchmarks... import name` the
    module does inside a function (what importing the module does not check)."""
    tree = ast.parse((BENCHMARKS / f"{name}.py").read_text("utf-8"))
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.ImportFrom) and id(node) not in top and node.module
                and node.module.split(".")[0] in ("puzzlesmith", "benchmarks")):
            found += [(node.lineno, node.module, alias.name) for alias in node.names]
    return found


@pytest.mark.parametrize("name", MODULES)
def test_the_benchmark_imports(name: str) -> None:
    importlib.import_module(f"benchmarks.{name}")


@pytest.mark.parametrize("name", sorted(set(MODULES) - HELPERS))
def test_run_all_can_call_its_main(name: str) -> None:
    """`make bench` (benchmarks.run_all) calls every benchmark's main() with no arguments."""
    main = getattr(importlib.import_module(f"benchmarks.{name}"), "main", None)
    assert callable(main), f"benchmarks/{name}.py has no main() for run_all to call"
    try:
        inspect.signature(main).bind()
    except TypeError as e:
        pytest.fail(f"benchmarks/{name}.py: run_all's main() call would fail: {e}")


@pytest.mark.parametrize("name", MODULES)
def test_the_names_a_benchmark_imports_inside_functions_exist(name: str) -> None:
    missing = []
    for line, module_name, attr in _lazy_imports(name):
        module = importlib.import_module(module_name)
        if not hasattr(module, attr) and importlib.util.find_spec(f"{module_name}.{attr}") is None:
            missing.append(f"benchmarks/{name}.py:{line}: from {module_name} import {attr}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("name", WITH_HELP)
def test_help(name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    module = importlib.import_module(f"benchmarks.{name}")
    monkeypatch.setattr(sys, "argv", [f"benchmarks/{name}.py", "--help"])  # as `python -m` runs it
    with pytest.raises(SystemExit) as stop:
        module.main()
    assert stop.value.code == 0
    assert "usage:" in capsys.readouterr().out


@pytest.mark.parametrize("name", SKIP_WITHOUT_ARGS)
def test_skips_without_a_baseline(name: str, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    module = importlib.import_module(f"benchmarks.{name}")
    monkeypatch.setattr(sys, "argv", [f"benchmarks/{name}.py"])
    module.main()
    assert capsys.readouterr().out.startswith("skipped: no baseline source tree given")


def test_the_lists_above_name_benchmarks_that_exist() -> None:
    assert set(SKIP_WITHOUT_ARGS) <= set(MODULES)
    assert len(WITH_HELP) >= 7  # atlas_sample, qless_count(_baseline), qless_solve, stars_*, versus
