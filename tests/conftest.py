"""Test isolation: every test session gets its own config and cache dirs."""

from __future__ import annotations

import os
import tempfile

from hypothesis import settings

# The same generated cases on every run, so CI runs the cases run here: a fresh random draw
# once gave a roll ("bbbbbbababbab" over "baa", "bab", "bbb") that kept the Q-Less brute
# force busy for many minutes.
settings.register_profile("puzzlesmith", derandomize=True)
settings.load_profile("puzzlesmith")

_tmp = tempfile.mkdtemp(prefix="puzzlesmith-test-")
os.environ.setdefault("PUZZLESMITH_CONFIG_DIR", os.path.join(_tmp, "config"))
os.environ.setdefault("PUZZLESMITH_DATA_DIR", os.path.join(_tmp, "data"))  # the Q-Less atlas
# The index cache is shared across test runs on purpose: it is keyed by content hash.
