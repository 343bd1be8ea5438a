"""Nothing the user registered is lost: the lexicon registry is written whole or not at all."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.reliability.conftest import cli, one_error_line


def _words(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n", "utf-8")
    return path


def test_full_disk_leaves_the_registry_whole(env: dict[str, str], tmp_path: Path) -> None:
    names = [f"list{i:02d}" for i in range(40)]
    for name in names[:3]:
        assert cli(["lexicon", "add", name, str(_words(tmp_path / f"{name}.txt", ["cat"]))],
                   env).returncode == 0
    registry = Path(env["PUZZLESMITH_CONFIG_DIR"]) / "lexicons.json"
    # Make the registry longer, as 92 real lists would: a cut-off rewrite would show.
    entries = json.loads(registry.read_text())
    entries.update({n: str(tmp_path / f"{n}.txt") for n in names[3:]})
    registry.write_text(json.dumps(entries, indent=2, sort_keys=True))
    before = registry.read_bytes()
    extra = _words(tmp_path / "extra.txt", ["dog"])
    done = cli(["lexicon", "add", "extra", str(extra)], env, file_limit=len(before) // 2)
    line = one_error_line(done)
    assert "cannot write lexicon registry" in line and "unchanged" in line
    assert registry.read_bytes() == before
    assert sorted(p.name for p in registry.parent.iterdir()) == ["lexicons.json"]  # no leftovers
    listed = cli(["lexicon", "list", "--json"], env)
    assert listed.returncode == 0
    assert {lex["name"] for lex in json.loads(listed.stdout)["lexicons"]} >= set(names)


def test_read_only_config_folder_is_one_error_line(
    env: dict[str, str], tmp_path: Path, read_only_dir: Callable[[Path], Path]
) -> None:
    env["PUZZLESMITH_CONFIG_DIR"] = str(read_only_dir(tmp_path / "ro-config"))
    done = cli(["lexicon", "add", "mine", str(_words(tmp_path / "mine.txt", ["cat"]))], env)
    assert "cannot write lexicon registry" in one_error_line(done)
