"""The on-disk cache every precomputed structure shares: where it lives and how it is written.

Light on purpose (no numpy): the command line reads cached data before any engine loads.
Files are named by everything their content depends on, so a cache file is never stale;
a changed input simply gives a new name. Every reader goes through `read_cache`, `load_cache`
or `Sections`, which check the file's checksum before anything is decoded.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import tempfile
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


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


# Every cache file carries a checksum of what it holds, checked before anything is decoded:
# a flipped bit must cost a rebuild, never a wrong answer or a decoder's traceback. CRC-32
# finds every one- and two-bit flip and any burst up to 32 bits, and zlib computes it at
# gigabytes a second, so checking stays a small part of reading. (Not a defence against
# someone who may write the cache folder: they could write a matching checksum.)
_SEALED = b"PZC1"  # magic, then CRC-32 (4 bytes, little-endian) and length (8), then payload
_SECTIONS = b"PZS1"  # magic, count (4), a row per section (offset 8, length 8, CRC 4), CRC (4)


class CacheDamaged(Exception):
    """A cache file's checksum or layout did not match what it holds."""


def seal(payload: bytes) -> bytes:
    """`payload` with the header `unseal` checks."""
    return (_SEALED + zlib.crc32(payload).to_bytes(4, "little") + len(payload).to_bytes(8, "little")
            + payload)


def unseal(raw: bytes) -> bytes:
    """The payload `seal` wrapped; CacheDamaged if the header or the checksum disagree."""
    if len(raw) < 16 or raw[:4] != _SEALED:
        raise CacheDamaged("not a checked cache file")
    crc, size = int.from_bytes(raw[4:8], "little"), int.from_bytes(raw[8:16], "little")
    payload = raw[16:]
    if len(payload) != size or zlib.crc32(payload) != crc:
        raise CacheDamaged("checksum mismatch")
    return payload


def discard(path: Path) -> None:
    """Remove a damaged cache file, so the next reader rebuilds it instead of failing again."""
    with contextlib.suppress(OSError):
        path.unlink()


def write_cache(path: Path, payload: bytes) -> None:
    """Keep `payload` at `path` in the cache: sealed, written atomically, best effort."""
    write_atomic(path, seal(payload))
    keep_under_cap(path.parent)


def read_cache(path: Path) -> bytes | None:
    """What `write_cache` kept at `path`, checked; None if missing, unreadable or damaged
    (a damaged file is removed)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    _used(path)
    try:
        return unseal(raw)
    except CacheDamaged:
        discard(path)
        return None


def load_cache(path: Path, decode: Callable[[bytes], T]) -> T | None:
    """`decode(payload)` of the checked file at `path`; None (and the file removed) when it is
    missing, damaged or does not decode. Any exception of the decoder counts as damage: a
    pickle or marshal of an older layout may fail in any way, and must cost only a rebuild."""
    payload = read_cache(path)
    if payload is None:
        return None
    try:
        return decode(payload)
    except Exception:
        discard(path)
        return None


def write_sections(path: Path, sections: Sequence[bytes]) -> None:
    """Keep `sections` in one cache file that `Sections` maps and checks one at a time (a big
    index's callers use a few of its parts; checking all at start-up would cost them all)."""
    rows, offset = [], 0
    for part in sections:
        rows.append(offset.to_bytes(8, "little") + len(part).to_bytes(8, "little")
                    + zlib.crc32(part).to_bytes(4, "little"))
        offset += len(part)
    table = len(sections).to_bytes(4, "little") + b"".join(rows)
    write_atomic(path, _SECTIONS + table + zlib.crc32(table).to_bytes(4, "little")
                 + b"".join(sections))
    keep_under_cap(path.parent)


class Sections:
    """The sections of a `write_sections` file, mapped into memory; each is checked against
    its checksum when first read (`CacheDamaged` if it fails)."""

    def __init__(self, path: Path) -> None:
        """Map the file and check its table; OSError if unreadable, CacheDamaged if damaged."""
        self.path = path
        with open(path, "rb") as f:
            self._data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        data = self._data
        if len(data) < 12 or data[:4] != _SECTIONS:
            raise CacheDamaged("not a checked cache file")
        count = int.from_bytes(data[4:8], "little")
        end = 8 + 20 * count
        if end + 4 > len(data) or zlib.crc32(data[4:end]) != int.from_bytes(
                data[end : end + 4], "little"):
            raise CacheDamaged("section table damaged")
        base = end + 4
        self._rows: list[tuple[int, int, int]] = []
        for i in range(count):
            row = data[8 + 20 * i : 28 + 20 * i]
            start = base + int.from_bytes(row[:8], "little")
            self._rows.append((start, start + int.from_bytes(row[8:16], "little"),
                               int.from_bytes(row[16:], "little")))
        if (self._rows[-1][1] if self._rows else base) != len(data):
            raise CacheDamaged("cut short or overlong")
        _used(path)
        self._checked: set[int] = set()

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, i: int) -> bytes:
        start, end, crc = self._rows[i]
        part = self._data[start:end]
        if i not in self._checked:
            if zlib.crc32(part) != crc:
                discard(self.path)
                raise CacheDamaged(f"section {i} damaged")
            self._checked.add(i)
        return part


# The cache is capped in size: derived files keyed by what a request asked (a common-words
# cut of any size, a meaning filter's words) would otherwise grow without limit on a server.
# Least recently used files go first; a read marks a file used by its modification time
# (reads do not change it otherwise, and atime is often not kept). Why not the PyPI package
# diskcache: its SQLite store would replace the memory-mapped index files, whose lazy,
# per-length reading start-up relies on; a folder scan on each write (writes are rare and
# the folder holds tens of files) is all the policy needs.
CACHE_MB = 500


def cache_cap() -> int:
    """The cache's size limit in bytes (PUZZLESMITH_CACHE_MB, default CACHE_MB)."""
    try:
        mb = float(os.environ.get("PUZZLESMITH_CACHE_MB", "") or CACHE_MB)
    except ValueError:
        mb = CACHE_MB
    return int(max(mb, 1) * 1024 * 1024)


def _used(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.utime(path)


def keep_under_cap(folder: Path, cap: int | None = None) -> None:
    """Remove the least recently used files of `folder` until it is within `cap` bytes (the
    newest file always stays, even alone over the cap: it is in use)."""
    cap = cache_cap() if cap is None else cap
    try:
        entries = [(e.stat().st_mtime_ns, e.stat().st_size, e.path) for e in os.scandir(folder)
                   if e.is_file() and not e.name.endswith(".tmp")]
    except OSError:
        return
    total = sum(size for _, size, _ in entries)
    for _, size, name in sorted(entries)[:-1]:
        if total <= cap:
            break
        with contextlib.suppress(OSError):
            os.unlink(name)
            total -= size
