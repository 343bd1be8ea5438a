"""constraints.txt, the versions `make test` installs, agrees with pyproject.toml: every
dependency (core and test) is pinned there, to a version its bound in pyproject allows, so a
fresh machine tests what passed here and the pins never contradict the declared bounds."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def _pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        assert sep, f"constraints.txt: {line!r} is not NAME==VERSION"
        pins[canonicalize_name(name)] = version
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = [Requirement(r) for r in project["dependencies"]]
    found += [Requirement(r) for r in project["optional-dependencies"]["test"]]
    found += [Requirement(r) for r in project["optional-dependencies"]["parquet"]]
    return [r for r in found if canonicalize_name(r.name) != "puzzlesmith"]


def test_every_dependency_is_pinned_within_its_bound() -> None:
    pins = _pins()
    for req in _requirements():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is a dependency but constraints.txt does not pin it"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"constraints.txt pins {req.name}=={pins[name]}, outside pyproject's {req.specifier}"
        )


def test_the_makefile_installs_the_test_tools_with_the_constraints() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ntest-deps:", 1)[1].split("\n\n", 1)[0]
    assert "-c constraints.txt" in recipe
