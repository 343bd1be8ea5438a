"""Hand labels of the crossword list's seeded junk sample (tests/fill/test_crossword_list.py):
300 entries drawn with random.Random(40).sample from the sorted entries of each score band,
each read by hand; JUNK holds those judged no word nor phrase people say (a possessive that
lost its apostrophe, a run of words cut from a sentence, a typing slip, a letter string that
names nothing, a made-up compound or plural: GENUSMUTISIAS, SOLICITORGENERALS). Names, foreign
words, rare and archaic dictionary words and abbreviations are not junk.

Labelled on the list of issue 40's rebuild; before it, the same draw from the old list held
87, 50, 11 and 4 junk entries in the four bands (docs/fill.md).
"""

from __future__ import annotations

SEED = 40
SIZE = 300
BANDS = ((0, 9), (10, 29), (30, 49), (50, 100))

# The words drawn, in order, hashed (sha256 of the words joined by spaces): a list that
# changes draws other words, whose labels are not here; draw and label them again.
DIGESTS = (
    "efc73a8cacea787a150bff4c94325fa8da60d2fd73a451d7b9b8f437aee61ed1",
    "077f3ac87e18742e673f9e60625e65a11f4d8209212bf7815b0f91673fe2cd5e",
    "c114f54e9a623a0a150b9d8a1827946fe60c0cf4620ea2754ae51400471e32a6",
    "83426ece2687640111e259765c793d7f818efc13e9684ac649730930ffef3f11",
)
JUNK: tuple[frozenset[str], ...] = (
    frozenset({
        "apor", "aruhe", "atsa", "darboh", "dicktier", "eub", "grantingimmunities",
        "interpretivedancings", "msba", "newses", "ogra", "pellentesque", "pioye", "qap", "seaso",
        "solicitorgenerals", "terl", "tkis", "tripadvisorcom", "yayyyyy",
    }),
    frozenset({
        "arnt", "authorit", "betwen", "byf", "duuude", "eeeh", "eens", "forg", "gei", "gooooo",
        "iest", "internation", "lawers", "mayonaise", "moster", "physorg", "postions",
        "smallbusiness", "souf",
    }),
    frozenset({
        "alr", "sidelook",
    }),
    frozenset({

    }),
)
