"""Named lexicons: the bundled default plus lists the user registered with `lexicon add`."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from collections.abc import Callable
from functools import lru_cache, partial
from importlib import resources
from pathlib import Path

import platformdirs

from puzzlesmith.errors import InputError
from puzzlesmith.files import cache_dir, read_cache, write_atomic, write_cache
from puzzlesmith.lexicon.model import Lexicon
from puzzlesmith.lexicon.wordfile import Contents, parse_word_bytes, read_bytes

# Part of the key of the small "what these bytes hold" records: bump it when word files are
# read differently, so no record of the old reading is used.
READ_VERSION = 3  # 3: lists with a definition after each word

DEFAULT_NAME = "letterpress"
CROSSWORD_NAME = "crossword"
_BUNDLED = {
    DEFAULT_NAME: (
        "letterpress.txt.gz",
        "npm package word-list 4.1.0 (the Letterpress word list)",
        "MIT, (c) Sindre Sorhus",
    ),
    # Built by scripts/build_crossword.py: phrases, names and abbreviations, scored 0-100.
    CROSSWORD_NAME: (
        "crossword.txt.gz",
        "the crossword list: the Letterpress list, WordNet 3.1 and wordfreq, offensive entries blocked",
        "CC BY-SA 4.0 (from wordfreq's data); see CROSSWORD-LICENSE.txt",
    ),
}


def config_dir() -> Path:
    """Where registered lexicons are kept; PUZZLESMITH_CONFIG_DIR overrides (tests use it)."""
    env = os.environ.get("PUZZLESMITH_CONFIG_DIR")
    return Path(env) if env else Path(platformdirs.user_config_dir("puzzlesmith"))


def _registry_file() -> Path:
    return config_dir() / "lexicons.json"


def registered() -> dict[str, str]:
    """Registered name -> absolute path of its word file."""
    try:
        data = json.loads(_registry_file().read_text("utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as e:
        raise InputError(f"cannot read lexicon registry {_registry_file()}: {e}") from None
    return {str(k): str(v) for k, v in data.items()}


def register(name: str, path: Path) -> Lexicon:
    """Register the word file at `path` under `name` (checked by loading it once)."""
    if not name or not all(c.isalnum() or c in "-_." for c in name):
        raise InputError(f"lexicon name must be letters, digits, '-', '_' or '.': {name!r}")
    if name in _BUNDLED:
        raise InputError(f"{name!r} is a bundled lexicon; choose another name")
    lex = load_file(path.resolve(), name)
    entries = registered()
    entries[name] = str(path.resolve())
    target = _registry_file()
    try:
        # Atomic: a full disk or a crash leaves the old registry whole, never a torn file.
        # The config folder is ours to make (a user's output path never gets folders).
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, json.dumps(entries, indent=2, sort_keys=True).encode(),
                     best_effort=False)
    except OSError as e:
        raise InputError(f"cannot write lexicon registry {target}: {e.strerror or e} "
                         f"({name!r} not registered; the registry is unchanged)") from None
    return lex


def available() -> dict[str, str]:
    """Every lexicon name a user can pass to --lexicon, with where its words come from."""
    names = {name: f"bundled: {src}" for name, (_, src, _) in _BUNDLED.items()}
    names.update(registered())
    return names


def summaries() -> list[dict[str, object]]:
    """Each lexicon's name, kind (bundled or registered) and size in bytes, without a path:
    what another person may see of this machine's lists (the web app's picker)."""
    out: list[dict[str, object]] = []
    for name, (filename, src, _) in _BUNDLED.items():
        data = resources.files("puzzlesmith.lexicon").joinpath("data", filename)
        size = _file_stamp(Path(str(data)))[1] or None
        out.append({"name": name, "kind": "bundled", "bytes": size, "source": f"bundled: {src}"})
    for name, path in registered().items():
        size = _file_stamp(Path(path))[1] or None
        out.append({"name": name, "kind": "registered", "bytes": size,
                    "source": "registered with `lexicon add`"})
    return out


def _file_stamp(path: Path) -> tuple[int, int]:
    try:
        st = path.stat()
    except OSError:
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


def _from_bytes(
    name: str, source: str, licence: str, raw: bytes,
    parse: Callable[[bytes], Contents],
) -> Lexicon:
    """The lexicon in a word file's bytes, parsed only when its words are first used.

    A record in the cache folder, keyed by a hash of the bytes, keeps the content hash and the
    skipped count of what a first reading found, so the next command can find the lexicon's
    index without parsing the file; edited bytes are a new key, so a record is never stale.
    """
    key = hashlib.sha256(raw).hexdigest()[:24]
    record = cache_dir() / f"lexicon-v{READ_VERSION}-{key}.json"
    try:
        meta = json.loads(read_cache(record) or b"")
        return Lexicon(name, source, licence, skipped=int(meta["skipped"]),
                       loader=partial(_words_and_scores, parse, raw),
                       content_hash=str(meta["content_hash"]))
    except (ValueError, KeyError, TypeError):
        pass  # none yet, or damaged: read the words again
    words, skipped, scores = parse(raw)
    lexicon = Lexicon(name, source, licence, words, skipped, scores)
    write_cache(record, json.dumps({"content_hash": lexicon.content_hash, "skipped": skipped}).encode())
    return lexicon


def _words_and_scores(
    parse: Callable[[bytes], Contents], raw: bytes
) -> tuple[tuple[str, ...], tuple[int, ...] | None]:
    words, _, scores = parse(raw)
    return words, scores


def _parse_file(path: Path, raw: bytes) -> Contents:
    return parse_word_bytes(raw, path)


def _parse_bundled(raw: bytes) -> Contents:
    # The bundled file is built normalized (sorted, unique, a-z) by scripts/build_data.py.
    return tuple(gzip.decompress(raw).decode().split()), 0, None


_SCORE_BASE = 48  # scripts/build_crossword.py writes a score s as chr(_SCORE_BASE + s)
_UNSHIFT = bytes((b - _SCORE_BASE) % 256 for b in range(256))


def _parse_bundled_scored(raw: bytes) -> Contents:
    # A `#` line, the words (sorted, unique, a-z) on one line, their scores aligned on the
    # next, one character each (scripts/build_crossword.py): no per-entry parsing.
    _, words, scores = gzip.decompress(raw).decode().split("\n", 3)[:3]
    return tuple(words.split()), 0, tuple(scores.encode("latin-1").translate(_UNSHIFT))


@lru_cache(maxsize=16)
def _load_file_cached(path: Path, name: str, stamp: tuple[int, int]) -> Lexicon:
    return _from_bytes(name, str(path), "the user's own list", read_bytes(path),
                       partial(_parse_file, path))


def load_file(path: Path, name: str | None = None) -> Lexicon:
    """The lexicon in a word file; reloaded when the file changes (its mtime or size)."""
    return _load_file_cached(path, name or path.stem, _file_stamp(path))


@lru_cache(maxsize=4)
def _load_bundled(name: str) -> Lexicon:
    filename, source, licence = _BUNDLED[name]
    data = resources.files("puzzlesmith.lexicon").joinpath("data", filename).read_bytes()
    parse = _parse_bundled_scored if name == CROSSWORD_NAME else _parse_bundled
    return _from_bytes(name, source, licence, data, parse)


def load_lexicon(spec: str | None = None) -> Lexicon:
    """Resolve --lexicon: None or the bundled name, a registered name, or a path to a word file."""
    if spec is None or spec == "" or spec in _BUNDLED:
        return _load_bundled(spec or DEFAULT_NAME)
    entries = registered()
    if spec in entries:
        return load_file(Path(entries[spec]), spec)
    path = Path(spec).expanduser()
    if path.exists() or os.sep in spec or spec.endswith((".txt", ".gz")):
        return load_file(path.resolve())
    raise InputError(
        f"unknown lexicon {spec!r}: not a registered name ({', '.join(available())}) nor a file"
    )
