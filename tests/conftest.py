"""Test isolation: every test session gets its own config and cache dirs."""

from __future__ import annotations

import os
import tempfile

_tmp = tempfile.mkdtemp(prefix="puzzlesmith-test-")
os.environ.setdefault("PUZZLESMITH_CONFIG_DIR", os.path.join(_tmp, "config"))
os.environ.setdefault("PUZZLESMITH_DATA_DIR", os.path.join(_tmp, "data"))  # the Q-Less atlas
# The index cache is shared across test runs on purpose: it is keyed by content hash.
