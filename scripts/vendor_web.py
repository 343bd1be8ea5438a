#!/usr/bin/env python3
"""Vendor the web tests' npm package: axe-core, the accessibility engine the browser tests
inject into pages with Playwright (tests/web/a11y.py).

- tests/web/vendor/axe.min.js and AXE-LICENSE.txt: npm package `axe-core` (MPL-2.0), fetched
  with `npm pack` and checked against the pinned sha512 below. It stays with the tests, not in
  the installed package: the pages never load it, and nothing loads from another host.

Needs npm; run from anywhere: python scripts/vendor_web.py
"""

from __future__ import annotations

import base64
import hashlib
import sys
import tarfile
import tempfile
from pathlib import Path

from build_data import npm_pack

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from puzzlesmith.files import write_atomic  # noqa: E402

VENDOR = ROOT / "tests" / "web" / "vendor"
AXE = "axe-core@4.14.1"
# The registry's `dist.integrity` of that version: a changed tarball is refused, not vendored.
AXE_SHA512 = "FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
FILES = {"package/axe.min.js": "axe.min.js", "package/LICENSE": "AXE-LICENSE.txt"}


def vendor_axe(tmp: Path) -> None:
    tarball = npm_pack(AXE, tmp)
    digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if digest != AXE_SHA512:
        sys.exit(f"error: {tarball.name} is not the pinned {AXE} (sha512 {digest})")
    with tarfile.open(tarball) as tar:
        for member, name in FILES.items():
            data = tar.extractfile(member)
            if data is None:
                sys.exit(f"error: {AXE} has no {member}")
            write_atomic(VENDOR / name, data.read())
            print(f"wrote {(VENDOR / name).relative_to(ROOT)}")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        vendor_axe(Path(tmp))


if __name__ == "__main__":
    main()
