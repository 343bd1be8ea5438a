"""A seeded random sample of the common cut, labelled by hand (docs/common.md).

The words drawn are those of the bundled list that the common cut held before the words a
person does not use were left out (wordfreq's 30,000 most frequent, proper names left out), in
a seeded random order (each word's blake2b hash with SEED): the first THREE_SIZE of three
letters, where crosswordese lives, and the first ANY_SIZE of other lengths. Drawn from the
cut before, so the same words measure the cut before and after.

Each word was read and labelled by hand:
- U: a word a person uses (slang, interjections and abbreviations written as words included:
  `yup`, `hmm`, `ids`, `vid`);
- C: crosswordese: a dictionary word that hardly anyone uses outside a puzzle, its frequency
  owed to a name or abbreviation spelled the same (`asp`, `eta`, `tam`, `lam`, `ria`);
- N: a name, an abbreviation, a word of another language, or no word (`ben`, `tel`, `das`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

SEED = 39
THREE_SIZE = 150
ANY_SIZE = 200


def order_key(word: str) -> bytes:
    return hashlib.blake2b(f"{SEED} {word}".encode(), digest_size=8).digest()


def drawn(words: Iterable[str]) -> tuple[list[str], list[str]]:
    """The first THREE_SIZE three-letter words and ANY_SIZE other words of the seeded order."""
    ordered = sorted(words, key=order_key)
    return ([w for w in ordered if len(w) == 3][:THREE_SIZE],
            [w for w in ordered if len(w) != 3][:ANY_SIZE])


THREE: dict[str, str] = {
    "hun": "U", "gag": "U", "one": "U", "yup": "U", "big": "U", "net": "U", "psi": "U",
    "try": "U", "cad": "U", "dam": "U", "ant": "U", "pie": "U", "dei": "N", "boo": "U",
    "opt": "U", "elk": "U", "dex": "N", "roe": "U", "wow": "U", "fix": "U", "tel": "N",
    "lam": "C", "vin": "N", "toe": "U", "asp": "C", "arc": "U", "boi": "N", "gig": "U",
    "ask": "U", "ban": "U", "tar": "U", "rec": "U", "low": "U", "tau": "U", "nas": "N",
    "rai": "N", "own": "U", "tam": "C", "tom": "U", "sky": "U", "pee": "U", "peg": "U",
    "may": "U", "not": "U", "his": "U", "ids": "U", "tay": "N", "biz": "U", "alf": "N",
    "mop": "U", "out": "U", "ecu": "N", "sow": "U", "mus": "N", "ole": "U", "sup": "U",
    "vox": "N", "hmm": "U", "ear": "U", "vid": "U", "eta": "C", "tap": "U", "fab": "U",
    "gap": "U", "bar": "U", "ado": "U", "our": "U", "ops": "U", "ago": "U", "cut": "U",
    "hex": "U", "pow": "U", "duh": "U", "fit": "U", "hah": "U", "sod": "U", "row": "U",
    "sly": "U", "woe": "U", "tag": "U", "mix": "U", "joy": "U", "das": "N", "gym": "U",
    "fed": "U", "bus": "U", "bud": "U", "hem": "U", "say": "U", "new": "U", "log": "U",
    "dry": "U", "evo": "N", "pap": "C", "use": "U", "hen": "U", "sue": "U", "naw": "U",
    "led": "U", "mes": "N", "nos": "N", "ups": "U", "sim": "U", "ism": "U", "mak": "N",
    "mun": "N", "lex": "N", "two": "U", "gar": "C", "nab": "U", "tak": "N", "old": "U",
    "and": "U", "dis": "U", "ice": "U", "vie": "U", "ben": "N", "axe": "U", "gen": "U",
    "nan": "U", "hub": "U", "bed": "U", "syn": "N", "cog": "U", "rad": "U", "jar": "U",
    "sis": "U", "bog": "U", "ken": "C", "def": "U", "sad": "U", "bac": "N", "din": "U",
    "ria": "C", "pat": "U", "suk": "N", "cam": "U", "don": "U", "cuz": "U", "sal": "N",
    "tic": "U", "web": "U", "veg": "U", "yah": "U", "bio": "U", "jew": "N", "tat": "U",
    "gee": "U", "eau": "N", "ana": "C",
}

ANY: dict[str, str] = {
    "torn": "U", "atom": "U", "refrain": "U", "expanding": "U", "meaning": "U", "branches": "U",
    "aggressor": "U", "replicating": "U", "wade": "U", "trainer": "U", "craze": "U",
    "dismissive": "U", "lands": "U", "overlooks": "U", "sperm": "U", "nectar": "U", "fuse": "U",
    "sawyer": "C", "typewriter": "U", "vest": "U", "microscope": "U", "lobbies": "U",
    "justifies": "U", "condemnation": "U", "twigs": "U", "stepmother": "U", "robot": "U",
    "abilities": "U", "windy": "U", "steadily": "U", "regrets": "U", "defender": "U",
    "scholarship": "U", "waived": "U", "inflict": "U", "homie": "U", "quickly": "U",
    "coulter": "C", "narcotics": "U", "extremes": "U", "validation": "U", "alternate": "U",
    "eras": "U", "stigma": "U", "nagging": "U", "piccolo": "U", "tactical": "U", "ranged": "U",
    "pumpkin": "U", "discussing": "U", "fellowships": "U", "alright": "U", "parody": "U",
    "horrifying": "U", "badass": "U", "uploads": "U", "charmed": "U", "favoring": "U",
    "luggage": "U", "noticeable": "U", "aloft": "U", "brownie": "U", "pitted": "U",
    "gunman": "U", "also": "U", "coats": "U", "sweetest": "U", "settling": "U", "cracks": "U",
    "towering": "U", "amidst": "U", "composer": "U", "shrines": "U", "mommy": "U",
    "successes": "U", "frosting": "U", "tipped": "U", "punitive": "U", "operates": "U",
    "subscribe": "U", "completed": "U", "releasing": "U", "moose": "U", "moderately": "U",
    "archaeological": "U", "action": "U", "statesman": "U", "relays": "U", "streamed": "U",
    "potty": "U", "imposed": "U", "quota": "U", "tornadoes": "U", "discovers": "U",
    "vividly": "U", "circumstances": "U", "chats": "U", "paternal": "U", "reduce": "U",
    "structural": "U", "antique": "U", "diode": "U", "exhibited": "U", "modestly": "U",
    "swipe": "U", "informant": "U", "excel": "U", "insisted": "U", "impossibility": "U",
    "daphne": "N", "landfill": "U", "skips": "U", "themes": "U", "romances": "U",
    "dementia": "U", "townhouse": "U", "those": "U", "deficiencies": "U", "equations": "U",
    "sake": "U", "garment": "U", "supersonic": "U", "styles": "U", "sanctuary": "U", "oven": "U",
    "pooled": "U", "condemn": "U", "differently": "U", "tagging": "U", "leafy": "U",
    "euphoria": "U", "alarmed": "U", "sense": "U", "stupidity": "U", "reclaimed": "U",
    "outlines": "U", "corn": "U", "airway": "U", "bearer": "U", "backseat": "U", "worrying": "U",
    "autumn": "U", "mammals": "U", "licensee": "U", "pious": "U", "welcomed": "U",
    "coatings": "U", "opponent": "U", "preventative": "U", "dripping": "U", "manual": "U",
    "autonomous": "U", "indulging": "U", "contesting": "U", "parted": "U", "newcomers": "U",
    "extortion": "U", "templates": "U", "transpired": "U", "basing": "U", "battled": "U",
    "hypothesis": "U", "lobsters": "U", "strung": "U", "supremacy": "U", "algorithms": "U",
    "assume": "U", "giant": "U", "glover": "N", "angered": "U", "wore": "U", "pursuing": "U",
    "clean": "U", "york": "N", "fitness": "U", "apprehensive": "U", "contraception": "U",
    "elves": "U", "obtainable": "U", "stretches": "U", "spaghetti": "U", "domain": "U",
    "thoroughbred": "U", "briefcase": "U", "slowdown": "U", "involves": "U", "butterflies": "U",
    "peptides": "U", "adventurous": "U", "revived": "U", "liver": "U", "exhausting": "U",
    "motives": "U", "community": "U", "sandwich": "U", "reprinted": "U", "creditors": "U",
    "native": "U", "prime": "U", "heretics": "U",
}


# A second draw, made after the rule of issue 39's second pass was chosen on the first (so the
# figures it gives were not tuned on it): seed FRESH_SEED, the first FRESH_SIZE three-letter words
# of the same cut before, labelled as above; and the first LEFT_SIZE words of that order that the
# cut now leaves out (what a user loses: `max`, `tic`, `tesla`, `hotspot` are words a person uses).
FRESH_SEED = 3939
FRESH_SIZE = 120
LEFT_SIZE = 100


def drawn_fresh(before: Iterable[str], left_out: Iterable[str]) -> tuple[list[str], list[str]]:
    """The first FRESH_SIZE three-letter words of `before` and the first LEFT_SIZE of
    `left_out`, in the order of FRESH_SEED."""
    def key(word: str) -> bytes:
        return hashlib.blake2b(f"{FRESH_SEED} {word}".encode(), digest_size=8).digest()
    return ([w for w in sorted(before, key=key) if len(w) == 3][:FRESH_SIZE],
            sorted(left_out, key=key)[:LEFT_SIZE])


FRESH: dict[str, str] = {
    "oil": "U", "thy": "U", "fog": "U", "moo": "U", "boa": "U", "sip": "U", "hon": "U",
    "hog": "U", "lad": "U", "hun": "U", "jun": "N", "wai": "N", "gan": "N", "joy": "U",
    "pet": "U", "jar": "U", "dae": "N", "ani": "C", "oop": "N", "ear": "U", "max": "U",
    "suk": "N", "aka": "U", "ate": "U", "was": "U", "bas": "N", "ids": "U", "yak": "U",
    "loo": "U", "pie": "U", "wot": "U", "rue": "U", "odd": "U", "yam": "U", "sir": "U",
    "ecu": "N", "did": "U", "ora": "C", "nom": "U", "box": "U", "yes": "U", "mun": "N",
    "roe": "U", "abs": "U", "sky": "U", "sic": "U", "bar": "U", "jam": "U", "mas": "N",
    "ump": "U", "car": "U", "ore": "U", "rim": "U", "bag": "U", "tug": "U", "ski": "U",
    "job": "U", "wad": "U", "fas": "N", "gov": "U", "lit": "U", "tho": "U", "tic": "U",
    "pop": "U", "wat": "U", "est": "N", "ape": "U", "gun": "U", "auf": "N", "mol": "N",
    "ads": "U", "bal": "N", "sag": "U", "may": "U", "mum": "U", "lee": "U", "mat": "U",
    "tab": "U", "tap": "U", "sue": "U", "pan": "U", "top": "U", "how": "U", "law": "U",
    "gem": "U", "wed": "U", "sup": "U", "ska": "U", "aye": "U", "zed": "U", "eel": "U",
    "gay": "U", "key": "U", "var": "N", "pax": "C", "toe": "U", "cod": "U", "mig": "N",
    "gag": "U", "eve": "U", "sec": "U", "bac": "N", "naw": "U", "wit": "U", "dal": "U",
    "qin": "N", "syn": "N", "obi": "C", "fan": "U", "led": "U", "fly": "U", "sat": "U",
    "mal": "N", "dak": "N", "wee": "U", "lei": "C", "aft": "U", "lip": "U", "das": "N",
    "rat": "U",
}

LEFT: dict[str, str] = {
    "fletcher": "N", "kraft": "N", "mm": "N", "samaritan": "U", "hon": "U", "spiegel": "N",
    "hun": "U", "scot": "N", "jun": "N", "wai": "N", "mana": "U", "plat": "C", "et": "N",
    "gan": "N", "max": "U", "garth": "N", "schiller": "N", "kelvin": "U", "whitehead": "U",
    "bros": "U", "primo": "U", "telecom": "U", "ninjas": "U", "ch": "N", "germanic": "N",
    "scotia": "N", "corvette": "U", "bas": "N", "alfa": "N", "aa": "C", "jerry": "N",
    "ora": "C", "nom": "U", "mun": "N", "abba": "N", "mora": "C", "bien": "N", "alps": "N",
    "dada": "N", "carl": "N", "dexter": "N", "ne": "N", "fiat": "U", "tres": "N", "yuan": "U",
    "fas": "N", "ar": "N", "tic": "U", "wat": "U", "est": "N", "manhattan": "N", "auf": "N",
    "mol": "N", "toro": "N", "bal": "N", "jane": "N", "tesla": "U", "el": "C", "bailey": "N",
    "geneva": "N", "hotspot": "U", "pe": "N", "vert": "N", "shaw": "N", "barton": "N",
    "silva": "N", "vikings": "N", "otto": "N", "ska": "U", "mack": "N", "mach": "U", "var": "N",
    "pax": "C", "dolce": "N", "mig": "N", "dutch": "N", "celeste": "N", "sable": "U",
    "bac": "N", "dal": "U", "qin": "N", "logan": "N", "obi": "C", "genoa": "N", "mal": "N",
    "missy": "U", "christie": "N", "lei": "C", "torah": "N", "om": "U", "das": "N", "bah": "U",
    "germain": "N", "wo": "N", "burton": "N", "pascal": "U", "galilee": "N", "graham": "N",
    "gestapo": "N", "waterloo": "N",
}
