"""Install size: a fresh virtual environment after `pip install .`, and after `.[test]`.

Measures what a new user downloads and keeps on disk: the venv's size (du, in MB) with pip,
setuptools and the interpreter's own files included, as a user would see them. Baseline: the
same empty venv before anything is installed. Also lists the ten biggest packages.

Run: python -m benchmarks.install_size   (needs the network, or a warm pip cache; minutes)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.common import write_results

ROOT = Path(__file__).resolve().parents[1]
TARGET_MB = 250


def size_mb(path: Path) -> float:
    out = subprocess.run(["du", "-sk", str(path)], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[0]) / 1024


def biggest(site: Path, n: int = 10) -> list[tuple[str, float]]:
    sizes = [(p.name, size_mb(p)) for p in site.iterdir() if p.is_dir() and not p.name.endswith("-info")]
    return sorted(sizes, key=lambda x: -x[1])[:n]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        empty = size_mb(venv)
        subprocess.run([*pip, str(ROOT)], check=True)
        plain = size_mb(venv)
        site = next((venv / "lib").glob("python*/site-packages"))
        top_plain = biggest(site)
        subprocess.run([*pip, f"{ROOT}[test]"], check=True)
        full = size_mb(venv)
    top = ", ".join(f"{name} {mb:.0f}" for name, mb in top_plain)
    verdict = "met" if plain <= TARGET_MB else "over"
    body = f"""
A fresh `python -m venv`, then `pip install .` from this checkout (no extras), then
`pip install '.[test]'` on top (what `make test` installs). Sizes from `du`, pip and
setuptools included.

| venv | size | target |
|---|---|---|
| empty (the baseline: pip, setuptools) | {empty:.0f} MB | |
| `pip install .` (runtime: the web app and every command) | **{plain:.0f} MB** | {TARGET_MB} MB ({verdict}) |
| `pip install '.[test]'` (adds pyarrow, pytest, hypothesis, ruff, mypy, playwright) | {full:.0f} MB | |

Biggest packages after `pip install .` (MB): {top}.
"""
    print(body)
    print(write_results("install_size", "Install size (issue 11)", body))


if __name__ == "__main__":
    main()
