"""Bounded input: every file read whole is size-checked first, decompression stops at a
limit, numbers are read with a digit limit. Without these, `/dev/zero` as a word list, a
gzip bomb or a number of ten thousand digits cost gigabytes or a traceback; with them they
cost one `error:` line.

The limits are generous for real files (the largest word lists are a few MB) and can be
raised where a user may need more: PUZZLESMITH_MAX_WORDLIST_MB for word lists (and their
decompressed form), PUZZLESMITH_MAX_PUZZLE_MB for puzzle, pattern and grid files.
"""

from __future__ import annotations

import os
import sys
import zlib
from pathlib import Path
from typing import BinaryIO

from puzzlesmith.errors import InputError

MB = 1024 * 1024
WORDLIST_MB = 64
PUZZLE_MB = 4
MAX_DIGITS = 18  # any count, size, score or cell number people write fits; int64 does too


def _limit(env: str, default_mb: int) -> int:
    raw = os.environ.get(env, "")
    try:
        mb = float(raw) if raw else default_mb
    except ValueError:
        raise InputError(f"{env} must be a number of megabytes, not {raw[:40]!r}") from None
    if not 0 < mb < 1e6:
        raise InputError(f"{env} must be a number of megabytes above 0, not {raw[:40]!r}")
    return int(mb * MB)


def wordlist_limit() -> int:
    """The largest word list, raw or decompressed, in bytes."""
    return _limit("PUZZLESMITH_MAX_WORDLIST_MB", WORDLIST_MB)


def puzzle_limit() -> int:
    """The largest puzzle, pattern (--from) or grid file, in bytes."""
    return _limit("PUZZLESMITH_MAX_PUZZLE_MB", PUZZLE_MB)


def _too_big(what: str, limit: int, env: str) -> InputError:
    return InputError(f"{what} is over {limit / MB:g} MB (the limit; {env} raises it)")


def read_stream(f: BinaryIO, limit: int, what: str, env: str) -> bytes:
    """At most `limit` bytes of an open file or pipe; InputError if there are more."""
    data = f.read(limit + 1)
    if len(data) > limit:
        raise _too_big(what, limit, env)
    return data


def read_limited(path: Path, limit: int, what: str, env: str) -> bytes:
    """The bytes of the file at `path` (`-`: standard input), refused before reading when its
    size says it is over `limit`; a device or pipe (no size) is read up to the limit only.
    OSError is the caller's to word."""
    if str(path) == "-":
        return read_stream(sys.stdin.buffer, limit, what, env)
    with open(path, "rb") as f:
        st = os.fstat(f.fileno())
        if st.st_size > limit:  # a regular file says its size (a sparse one too)
            raise _too_big(what, limit, env)
        return read_stream(f, limit, what, env)


def read_wordlist_bytes(path: Path, what: str) -> bytes:
    return read_limited(path, wordlist_limit(), what, "PUZZLESMITH_MAX_WORDLIST_MB")


def read_puzzle_bytes(path: Path, what: str) -> bytes:
    return read_limited(path, puzzle_limit(), what, "PUZZLESMITH_MAX_PUZZLE_MB")


def gunzip(data: bytes, what: str) -> bytes:
    """Decompressed gzip data (every member), stopped as soon as it passes the word-list
    limit; InputError for a damaged stream or one that would decompress past it."""
    limit = wordlist_limit()
    out: list[bytes] = []
    size = 0
    rest = data
    while rest:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        chunk = rest
        while chunk and not d.eof:
            try:
                piece = d.decompress(chunk, limit + 1 - size)
            except zlib.error as e:
                raise InputError(f"cannot read {what}: not gzip data ({e})") from None
            size += len(piece)
            if size > limit:
                raise InputError(f"{what} decompresses to over {limit / MB:g} MB (the limit; "
                                 "PUZZLESMITH_MAX_WORDLIST_MB raises it)")
            out.append(piece)
            chunk = d.unconsumed_tail
        if not d.eof:
            raise InputError(f"cannot read {what}: the gzip data is cut short")
        rest = d.unused_data.lstrip(b"\0")  # gzip's padding between members
    return b"".join(out)


def parse_int(text: str, what: str, *, digits: int = MAX_DIGITS) -> int:
    """`text` as an integer, refusing more than `digits` digits before converting (Python's
    own limit turns a 5,000-digit number into a ValueError far from its source)."""
    s = text.strip()
    body = s[1:] if s[:1] in "+-" else s
    if not body.isascii() or not body.isdigit():
        raise InputError(f"{what} must be a whole number, not {s[:40]!r}")
    significant = body.lstrip("0")
    if len(significant) > digits:
        raise InputError(f"{what} has more than {digits} digits: {s[:20]}…")
    # Leading zeros dropped first: Python's limit counts them too ("0" * 5000 is refused).
    value = int(significant or "0")
    return -value if s.startswith("-") else value
