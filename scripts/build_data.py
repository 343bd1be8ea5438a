#!/usr/bin/env python3
"""Rebuild the data files bundled in src/puzzlesmith/lexicon/data/ from their public sources.

- letterpress.txt.gz: the npm package `word-list` 4.1.0 (MIT, the Letterpress word list),
  fetched with `npm pack`.
- proper_names.txt.gz: lowercase forms of words that SCOWL (Debian package `wamerican-large`,
  permissive licence) lists only capitalized (Aaron, Paris, ...) and never in lowercase.
  The common-words mode leaves these out, since on the web they are usually names.

Needs npm and apt-get (Debian); run from the repository root: python scripts/build_data.py
"""

from __future__ import annotations

import glob
import gzip
import subprocess
import tarfile
import tempfile
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "src" / "puzzlesmith" / "lexicon" / "data"
WORD_LIST = "word-list@4.1.0"
SCOWL_DEB = "wamerican-large"


def write_gz(path: Path, lines: list[str]) -> None:
    # mtime=0 so that rebuilding gives byte-identical files
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write(("\n".join(lines) + "\n").encode())


def build_word_list(tmp: Path) -> None:
    subprocess.run(["npm", "pack", WORD_LIST], cwd=tmp, check=True, capture_output=True)
    (tarball,) = glob.glob(str(tmp / "word-list-*.tgz"))
    with tarfile.open(tarball) as tar:
        member = tar.extractfile("package/words.txt")
        assert member is not None
        words = sorted({w.strip() for w in member.read().decode().split()})
    write_gz(DATA / "letterpress.txt.gz", words)
    print(f"letterpress.txt.gz: {len(words)} words")


def build_proper_names(tmp: Path) -> None:
    subprocess.run(["apt-get", "download", SCOWL_DEB], cwd=tmp, check=True, capture_output=True)
    (deb,) = glob.glob(str(tmp / f"{SCOWL_DEB}_*.deb"))
    subprocess.run(["dpkg-deb", "-x", deb, str(tmp / "x")], check=True)
    entries = (tmp / "x/usr/share/dict/american-english-large").read_text("utf-8").split()
    lower = {w for w in entries if w.islower()}
    names = sorted(
        {w.lower() for w in entries if w[:1].isupper() and w.isalpha() and w.isascii()} - lower
    )
    write_gz(DATA / "proper_names.txt.gz", names)
    print(f"proper_names.txt.gz: {len(names)} names")


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as d:
        build_word_list(Path(d))
        build_proper_names(Path(d))


if __name__ == "__main__":
    main()
