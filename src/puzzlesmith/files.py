"""Files on disk: the cache folder every precomputed structure shares, atomic writes, sealed
cache files (checksummed) and the output targets a command writes to.

Light on purpose (no numpy): the command line reads cached data before any engine loads.
Files are named by everything their content depends on, so a cache file is never stale;
a changed input simply gives a new name. Every reader goes through `read_cache`, `load_cache`
or `Sections`, which check the file's checksum before anything is decoded.
"""

from __future__ import annotations

import contextlib
import errno
import mmap
import os
import secrets
import stat
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
    is false: then `path` is a file the user asked for, which must say why it was not
    written, and is written as `output_target` says (through a symlink, never over a device,
    a FIFO or a folder, into a folder that exists). New files get the umask's mode; a file
    replaced keeps its own.
    """
    try:
        if best_effort:
            path.parent.mkdir(parents=True, exist_ok=True)
            target, keep = path, None
        else:
            target = output_target(path)
            keep = target.stat().st_mode & 0o7777 if target.exists() else None
        _replace(target, data, keep, sync=not best_effort)
    except OSError:
        if not best_effort:
            raise


def _replace(target: Path, data: bytes, keep: int | None, *, sync: bool) -> None:
    """`data` into `target` by a rename; `keep` is the mode of the file it replaces."""
    # os.open with 0666, not mkstemp: mkstemp makes every file 0600 whatever the umask,
    # while here the umask trims the mode as for any file a program creates.
    tmp = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            if keep is not None:
                os.fchmod(f.fileno(), keep)
            f.write(data)
            if sync:  # the user's own file: on the disk before it replaces
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_output(path: Path, data: bytes) -> None:
    """A file the user asked for: `-` is standard output, any other path is written whole
    or not at all (`write_atomic`); InputError says why it could not be."""
    from puzzlesmith.errors import InputError

    if is_stdout(path):
        import sys

        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        write_atomic(path, data, best_effort=False)
    except OSError as e:
        raise InputError(f"cannot write {path}: {e.strerror or e}") from None


def is_stdout(path: Path) -> bool:
    return str(path) == "-"


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISFIFO, "a FIFO (to write to a pipe, give - and redirect standard output)"),
          (stat.S_ISSOCK, "a socket"))


def output_target(path: Path) -> Path:
    """The file that writing the user's output to `path` replaces: a symlink's target (a
    symlink is written through, as the shell's `>` does, never replaced by a file). OSError,
    whose strerror says why, when that is not a regular file (a device, a FIFO, a folder),
    when its folder does not exist (folders are never created: a mistyped path must not
    leave new ones) or may not be written; the CLI asks before any work (`check_output`)."""
    target = Path(os.path.realpath(path))
    try:
        st: os.stat_result | None = target.stat()
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        kind = next((k for test, k in _KINDS if test(st.st_mode)), "not a regular file")
        raise OSError(errno.EISDIR if stat.S_ISDIR(st.st_mode) else errno.EINVAL,
                      f"it is {kind}, not a regular file")
    if not target.parent.is_dir():
        raise OSError(errno.ENOENT, f"there is no folder {target.parent} (folders are not created)")
    if not os.access(target.parent, os.W_OK):
        raise OSError(errno.EACCES, f"permission denied in {target.parent}")
    return target


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
