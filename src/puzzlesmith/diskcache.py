"""The on-disk cache every precomputed structure shares: where it lives and how it is written.

Light on purpose (no numpy): the command line reads cached data before any engine loads.
Files are named by everything their content depends on, so a cache file is never stale;
a changed input simply gives a new name.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    env = os.environ.get("PUZZLESMITH_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("puzzlesmith"))


def write_atomic(path: Path, data: bytes, *, best_effort: bool = True) -> None:
    """Write-then-rename, so a crash or a concurrent builder never leaves a torn file.

    Two processes building the same file at once both write complete temporary files and
    the last rename wins; readers see one whole file or the other. A read-only cache
    directory only costs a rebuild next time, so OSError is swallowed unless `best_effort`
    is false (a file the user asked for must say why it was not written).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                if not best_effort:  # the user's own file: on the disk before it replaces
                    f.flush()
                    os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        if not best_effort:
            raise
