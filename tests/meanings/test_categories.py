"""Meaning answers judged by hand: the members a person names (recall), the first ten
answers (precision), and a seeded random sample of the answers, each word read and labelled.

Issue 39's targets: precision of the first 10 answers of `*:CATEGORY` >= 90% and recall >= 90%
of the members a person names that the bundled list holds. Where a category misses a target,
FIGURES records what it gets (docs/meanings.md and benchmarks/RESULTS.md publish it), so the
test fails when the answers change and someone must read them again.
"""

from __future__ import annotations

import random

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.lexicon import LexiconSpec, load_lexicon, narrowed
from puzzlesmith.search.meaning import match_words, words_for

# The members a person names, written before looking at the answers.
HAND: dict[str, str] = {
    "bird": (
        "robin sparrow eagle hawk owl crow raven pigeon dove parrot penguin duck goose swan "
        "heron stork crane falcon finch wren gull ostrich emu chicken turkey peacock flamingo "
        "pelican woodpecker hummingbird canary blackbird starling swallow kingfisher vulture "
        "magpie"
    ),
    "fish": (
        "salmon trout cod tuna bass carp pike perch herring sardine mackerel haddock halibut "
        "sole plaice shark eel catfish goldfish minnow anchovy marlin swordfish tilapia "
        "snapper flounder"
    ),
    "tree": (
        "oak elm ash maple pine fir spruce birch beech willow poplar cedar yew larch chestnut "
        "walnut cherry palm redwood sycamore hazel holly alder aspen cypress magnolia "
        "eucalyptus baobab sequoia"
    ),
    "flower": (
        "rose lily iris tulip violet pansy daisy daffodil carnation marigold lilac lotus "
        "lavender jasmine hyacinth geranium azalea orchid poppy sunflower dahlia peony crocus "
        "snowdrop bluebell buttercup primrose chrysanthemum begonia petunia zinnia aster "
        "camellia gardenia hibiscus"
    ),
    "color": (
        "red orange yellow green blue indigo violet purple pink brown black white gray grey "
        "beige maroon navy teal turquoise crimson scarlet magenta cyan amber ochre lilac "
        "lavender gold silver tan"
    ),
    "metal": (
        "iron copper gold silver tin lead zinc aluminum aluminium nickel platinum mercury "
        "titanium chromium cobalt tungsten steel bronze brass pewter magnesium uranium sodium "
        "lithium"
    ),
    "dog": (
        "poodle beagle collie terrier spaniel retriever labrador boxer bulldog dachshund "
        "chihuahua greyhound husky mastiff pug rottweiler dalmatian corgi setter pointer "
        "whippet schnauzer doberman sheepdog bloodhound puppy mutt"
    ),
    "fruit": (
        "apple orange banana pear peach plum cherry grape lemon lime mango pineapple "
        "strawberry raspberry blueberry melon watermelon kiwi apricot fig date papaya coconut "
        "pomegranate grapefruit tangerine nectarine gooseberry cranberry blackberry"
    ),
    "vegetable": (
        "carrot potato onion cabbage lettuce spinach broccoli cauliflower pea bean tomato "
        "cucumber pepper celery leek garlic turnip parsnip radish beet beetroot kale "
        "courgette zucchini eggplant aubergine asparagus artichoke pumpkin squash"
    ),
    "instrument": (
        "piano violin viola cello guitar harp flute oboe clarinet bassoon trumpet trombone "
        "tuba horn saxophone sax drum banjo mandolin ukulele uke organ harmonica accordion "
        "lute lyre bagpipes xylophone cymbal tambourine"
    ),
    "dance": (
        "waltz tango salsa foxtrot polka jig reel samba rumba ballet tap twist hula mambo "
        "charleston minuet gavotte bolero flamenco fandango conga limbo disco hornpipe "
        "quickstep jive"
    ),
    "cheese": (
        "cheddar brie camembert stilton gouda edam feta mozzarella parmesan ricotta gruyere "
        "roquefort emmental emmenthal mascarpone halloumi manchego gorgonzola provolone "
        "muenster"
    ),
    "gem": (
        "diamond ruby emerald sapphire pearl opal amethyst topaz garnet jade turquoise onyx "
        "agate aquamarine jasper peridot zircon beryl lapis citrine amber coral moonstone"
    ),
    "planet": (
        "mercury venus earth mars jupiter saturn uranus neptune pluto"
    ),
    "fabric": (
        "cotton silk wool linen satin velvet denim tweed felt nylon polyester lace chiffon "
        "corduroy flannel gingham muslin jersey calico canvas damask taffeta rayon cashmere"
    ),
}

def labelled_right(words: str) -> dict[str, bool]:
    return dict.fromkeys(words.split(), True)


# The first ten answers of `*:CATEGORY`, each labelled by reading it: True when a person
# would accept it as one (a plural of one counts; a dictionary sense a setter would not
# use, `glasses` an optical instrument, is labelled False). Since the inflected answers rank
# after the base ones (meanings.INFLECTED), the first ten hold no plurals; words
# added then were labelled as they came (poultry, birds as a whole, and hoofing, dancing,
# no).
FIRST_TEN: dict[str, dict[str, bool]] = {
    "bird": {**labelled_right("chicken robin turkey owl penguin chickens brent penguins chick "
                              "pigeon finch hen"), "poultry": False},
    "fish": labelled_right("molly trout salmon sturgeon goldfish argentine marlins eel rudd "
                          "eels brill moray marlin mako"),
    "tree": labelled_right("holly willow coco aspen rowan dak tung acacia pine mangrove cacao"),
    "flower": labelled_right("daisy poppy veronica sunflower orchid orchids marguerite rose "
                            "columbine daisies dahlia marigold campion snapdragon"),
    "color": labelled_right("white black green brown red blue yellow pink gray purple"),
    "metal": labelled_right("platinum aluminum iron sodium uranium mercury calcium aluminium "
                           "copper potassium"),
    "dog": labelled_right("puppy doggy terrier puppies greyhound pug pembroke beagle poodle "
                         "doggie retriever collie"),
    # (seed and acorn, the botanist's fruit, come after what is eaten: typical.eaten)
    "fruit": labelled_right("apple berry berries apples avocado raisins pear raisin grapes "
                           "grape blackberry citrus melon lemon"),
    # (chips and fries, strips of potato, come last: typical.pieces)
    "vegetable": labelled_right("murphy potato potatoes greens spinach tomatoes tomato chilli "
                               "asparagus beans chipotle beet eggplant bean"),
    "instrument": labelled_right("guitar bones piano violin guitars vibes fife cello banjo "
                                "saxophone clarinet"),  # bones and vibes are the instruments
    # (choreography and hoofing, kinds of dancing, come after the dances: typical.activities)
    "dance": {"ballet": True, "choreography": False, "hula": True, "lindy": True,
              "tango": True, "fandango": True, "lancers": True, "cotillion": True,
              "valse": True, "cancan": True, "hoofing": False, "minuet": True, "mambo": True},
    "cheese": labelled_right("parmesan mozzarella brie ricotta mascarpone gruyere cheddar "
                            "muenster chevre quark"),
    "gem": labelled_right("diamond jasper diamonds ruby opal garnet amethyst onyx emerald "
                         "agate moonstone"),
    "planet": {"mars": True, "earth": True, "venus": True, "vesper": False, "world": True,
               "globe": False, "mercury": True, "lucifer": False, "phosphorus": False,
               "daystar": False},
    # (towels, below "piece of cloth", come last: typical.pieces)
    "fabric": labelled_right("jean felt velvet silk satin wool plaid paisley serge terry "
                            "camo khaki"),
}

# Eight answers of `*:CATEGORY` drawn with random.Random(f"39:{category}") from all of them
# (sorted), each labelled by reading it.
SAMPLE: dict[str, dict[str, bool]] = {
    # Drawn again (all but gem) when --means left out verb forms, comparatives and verbs
    # defined by their object (flighting, goldener, batfowl, pecked), and again for fish,
    # flower, color, dog and dance when it took the ways to do a verb (fish: trawl).
    "bird": labelled_right("songbirds chat moorfowls plovers tinamou owl chats hawfinch"),
    "fish": labelled_right("tunas sockeye demoiselle tarpon skate boarfishes roaches hinds"),
    "tree": {"amarelle": True, "tangerines": True, "lichee": True, "algarrobas": True,
             "chestnuts": True, "daneworts": False, "marasca": True, "podocarp": True},
    "flower": {"toyon": False, "zamang": False, "streptocarpuses": True, "salal": False,
               "ocotillo": False, "ragweeds": False, "coreopsis": True, "staggerbush": False},
    "color": {"turquoise": True, "pretext": False, "iodopsin": False, "browns": True,
              "archils": False, "mocha": True, "semblances": False, "ivories": True},
    "metal": labelled_right("gold steel sodiums bronze tin amalgam copper rubidiums"),
    "dog": {"frumps": False, "ratter": True, "huskies": True, "keeshonden": True,
            "trace": False, "bulldog": True, "griffons": True, "dholes": True},
    "fruit": {"ackees": True, "chinkapin": True, "chincapin": True, "conkers": False,
              "chinkapins": True, "lichis": True, "clingstone": True, "cumin": False},
    "vegetable": labelled_right("escarole marrow shallot pumpkin casava sorrels escaroles "
                               "rutabaga"),
    # Bioscope, a film projector, is labelled no; poniard and harquebus are weapons.
    "instrument": {"hygrodeik": True, "citoles": True, "harmoniums": True, "cittern": True,
                   "oximeter": True, "poniard": False, "harquebus": False, "bioscope": False},
    # Dancings (the act) and duets are no dances.
    "dance": {"habaneras": True, "duets": False, "contradance": True, "cotillions": True,
              "reels": True, "dancings": False, "ballets": True, "shimmies": True},
    "cheese": labelled_right("mozzarella muenster chevres ricotta sapsagos parmesan cheddar "
                            "brie"),
    "gem": {"amethysts": True, "emeralds": True, "chrysoprases": True, "sardine": False,
            "turquoises": True, "carbonado": True, "cornelians": True, "hessonites": True},
    "planet": {"daystars": False, "globe": False, "phosphoruses": False, "venus": True,
               "mars": True, "lucifers": False, "lucifer": False, "satellite": False},
    "fabric": {"voiles": True, "taffeta": True, "yokes": False, "tickings": True,
               "etamins": True, "lungyi": False, "elastic": True, "shirttails": False},
}

# What each category gets: (precision of the first ten, recall of HAND within the list,
# share right in SAMPLE). The targets are 0.9, 0.9; the rest are recorded as measured.
FIGURES: dict[str, tuple[float, float, float]] = {
    "bird": (0.9, 1.0, 1.0),  # poultry (the plurals labelled right have gone)
    "fish": (1.0, 0.96, 1.0),  # tilapia is no fish in WordNet (a genus)
    "tree": (1.0, 1.0, 0.875),
    "flower": (1.0, 1.0, 0.25),  # the plants that bear flowers bring in shrubs (toyon, salal)
    "color": (1.0, 1.0, 0.5),  # the tail is pigments, pretexts and semblances
    "metal": (1.0, 1.0, 1.0),
    "dog": (1.0, 0.96, 0.75),  # labrador is a capitalized retriever (Labrador retriever)
    "fruit": (1.0, 1.0, 0.75),  # WordNet's fruit is the botanist's: conkers, cumin
    "vegetable": (1.0, 0.97, 1.0),  # garlic is no vegetable there
    # Read as a musical instrument (typical.readings); the sample's weapons are labelled no.
    "instrument": (1.0, 1.0, 0.625),
    # No salsa, limbo (tap only as tap dancing): at most 24 of 26.
    "dance": (1.0, 0.92, 0.75),
    "cheese": (1.0, 0.73, 1.0),  # WordNet has no feta, halloumi, provolone: at most 8 of 11
    "gem": (1.0, 0.91, 0.875),  # lapis (lapis lazuli), amber (a resin) are no gems there
    # The list holds five right answers (mars earth venus world mercury): at most 0.5.
    "planet": (0.5, 1.0, 0.25),
    "fabric": (1.0, 1.0, 0.625),  # lungyi (a piece of cloth), yokes, shirttails in the sample
}


@pytest.mark.slow
@pytest.mark.parametrize("category", sorted(HAND))
def test_category_figures(category: str) -> None:
    precision, recall, sample = measure(category)
    assert (precision, recall, sample) == FIGURES[category]
    # The targets, for the categories that meet them (the others are in docs/meanings.md).
    if category != "planet":
        assert precision >= 0.9
    if category != "cheese":
        assert recall >= 0.9


def test_the_issue_cases() -> None:
    first = {c: answers(c)[:12] for c in ("fish", "instrument")}
    assert "salmon" in first["fish"] and "permit" not in first["fish"]
    metal3 = list(match_words(words_for(LexiconSpec(means="metal")), "???:metal").words)
    assert metal3 == ["tin"]
    fish6 = list(match_words(words_for(LexiconSpec(means="fish")), "??????:fish").words)
    assert fish6[0] == "salmon" and fish6.index("salmon") < fish6.index("permit")
    inst3 = list(match_words(words_for(LexiconSpec(means="instrument")), "???:instrument").words)
    assert set(inst3[:2]) == {"sax", "uke"}  # the far device reading after: weapons
    assert inst3.index("sax") < inst3.index("gun")
    assert not {"put", "law", "act"} & set(inst3)  # the legal reading gives none (unread)
    country4 = list(match_words(words_for(LexiconSpec(kind_of="country")), "????").words)
    assert country4[:2] == ["mali", "chad"]
    assert not {"open", "dark", "male", "seat"} & set(country4)  # a region gives none
    flowers = narrowed(LexiconSpec(kind_of="flower"))[0].word_set
    assert {"rose", "lily", "iris", "tulip", "violet", "pansy"} <= flowers
    sad4 = list(match_words(words_for(LexiconSpec(means="sad")), "????:sad").words)
    assert {"blue", "glum", "down"} <= set(sad4) and "pout" not in sad4
    angry5 = set(match_words(words_for(LexiconSpec(means="angry")), "?????:angry").words)
    assert {"irate", "cross"} <= angry5
    bird5 = list(match_words(words_for(LexiconSpec(means="bird")), "c????:bird").words)
    assert not {"calls", "crops", "crest", "claws", "cages"} & set(bird5)


def test_reverse_dictionary() -> None:
    found = list(match_words(words_for(LexiconSpec(means="large wading bird")), "?????").words)
    assert {"heron", "egret", "stork"} <= set(found)
    assert found.index("stork") < 3  # every word of the description in its definition
    fruit = list(match_words(words_for(LexiconSpec(means="yellow fruit")), "*").words)[:12]
    assert {"lemon", "banana"} <= set(fruit)


def test_an_unknown_meaning_says_so() -> None:
    with pytest.raises(InputError, match="nothing in WordNet means 'xyzzyq'"):
        words_for(LexiconSpec(means="xyzzyq"))
    with pytest.raises(InputError, match="no noun sense of 'xyzzyq' in WordNet"):
        words_for(LexiconSpec(kind_of="xyzzyq"))


def answers(category: str) -> list[str]:
    return list(match_words(words_for(LexiconSpec(means=category)), f"*:{category}").words)


def measure(category: str) -> tuple[float, float, float]:
    got = answers(category)
    first = got[:10]
    unlabelled = [w for w in first if w not in FIRST_TEN[category]]
    assert not unlabelled, f"{category}: label the new first answers {unlabelled}"
    precision = sum(FIRST_TEN[category][w] for w in first) / len(first)
    held = [w for w in HAND[category].split() if w in narrowed(LexiconSpec())[0].word_set]
    recall = sum(w in set(got) for w in held) / len(held)
    sample = random.Random(f"39:{category}").sample(sorted(got), min(8, len(got)))
    assert set(sample) == set(SAMPLE[category]), f"{category}: label the new sample {sample}"
    return precision, round(recall, 2), sum(SAMPLE[category].values()) / len(sample)


def test_names_the_list_lacks_come_from_the_crossword_list() -> None:
    planets = match_words(words_for(LexiconSpec(means="planet")), "??????:planet")
    assert planets.extra["names_elsewhere"] == ["saturn", "uranus"]
    assert "saturn" not in planets.words  # the bundled list has no names
    states = match_words(words_for(LexiconSpec(kind_of="american state")), "????")
    assert states.extra["names_elsewhere"] == ["ohio", "iowa", "utah"] and not states.words
    # Capitalized classes are names too (a language), most frequent first.
    languages = match_words(words_for(LexiconSpec(kind_of="language")), "????")
    shown = languages.extra["names_elsewhere"]
    assert {"thai", "urdu", "erse"} <= set(shown) and shown.index("thai") < shown.index("abor")
    crossword = match_words(words_for(LexiconSpec("crossword", means="planet")), "??????:planet")
    assert "saturn" in crossword.words and "names_elsewhere" not in crossword.extra


def test_a_bare_category_word_reads_in_the_sense_its_members_are_called_by() -> None:
    from puzzlesmith.lexicon.meanings import wordnet
    from puzzlesmith.lexicon.typical import naming, readings

    wn = wordnet()
    senses = wn.topic_synsets("instrument")
    read = readings(wn, senses)
    assert read is not None
    musical = wn.synsets_of("musical instrument", "n")[0]
    assert read[senses.index(musical)] == 1.0 and read[0] < 0.5  # the device, sense 1
    named, familiar = naming(wn, musical)
    assert named >= 20 and 2 * named > familiar  # most of its familiar members are so called
    plant = wn.topic_synsets("plant")
    read = readings(wn, plant)
    assert read is not None and read[plant.index(wn.synsets_of("plant life", "n")[0])] == 1.0
    # No sense of `flower` has enough members called flowers: its weights decide.
    assert readings(wn, wn.topic_synsets("flower")) is None


def test_other_names_of_a_member_rank_after_the_members() -> None:
    planets = answers("planet")
    assert planets[:3] == ["mars", "earth", "venus"]
    for other in ("world", "globe", "daystar", "lucifer"):  # Earth's, Venus's other names
        assert planets.index(other) > planets.index("venus")


def test_a_thing_used_as_one_is_one() -> None:
    from puzzlesmith.lexicon.meanings import kind_of

    gems = kind_of("gem")
    assert {"zircon", "beryl", "jargoon"} <= gems  # "used ... and as a gem", "valued as gems"
    assert "cube" not in kind_of("fish")  # its roots "are used as a fish poison"
    assert "carambola" in kind_of("vegetable")  # "used raw as a vegetable"


def test_a_far_reading_ranks_after_every_near_one() -> None:
    from puzzlesmith.lexicon.meanings import wordnet
    from puzzlesmith.lexicon.typical import FAR, readings
    from puzzlesmith.search.meaning import MOSTLY_NOT

    assert FAR < 1 - MOSTLY_NOT  # so a far reading's members fall in the late group
    wn = wordnet()
    senses = wn.topic_synsets("state")
    read = readings(wn, senses)
    assert read is not None
    condition = wn.synsets_of("state", "n")[1]  # "the way something is": mostly not so called
    assert read[senses.index(condition)] <= FAR
    places = [s for s in senses if s != condition and read[senses.index(s)] > FAR]
    assert len(places) == 2  # a country, a US state (docs/meanings.md: what "state" reads as)
    state5 = list(match_words(words_for(LexiconSpec(means="state")), "?????:state").words)
    assert state5[:4] == ["japan", "india", "chile", "spain"]
    assert state5.index("chile") < state5.index("being")  # conditions after the places
    crossword = list(match_words(words_for(LexiconSpec("crossword", means="state")), "?????:state").words)
    first_condition = crossword.index("being")
    assert {"texas", "maine", "idaho", "italy", "kenya"} <= set(crossword[:first_condition])


def test_pieces_of_the_stuff_and_what_no_one_eats_rank_last() -> None:
    fabric = answers("fabric")
    assert fabric.index("towel") > fabric.index("denim") and fabric.index("rag") > 100
    vegetable = answers("vegetable")
    assert vegetable.index("fries") > vegetable.index("turnip")
    assert vegetable.index("chips") > vegetable.index("turnip")
    fruit = answers("fruit")
    assert not {"seed", "seeds", "acorn"} & set(fruit[:20])  # (in the first ten before)
    from puzzlesmith.lexicon.meanings import wordnet
    from puzzlesmith.lexicon.typical import eaten

    wn = wordnet()  # only a plant part most of whose familiar members are eaten
    assert eaten(wn, wn.synsets_of("fruit", "n")[0]) is not None
    assert all(eaten(wn, s) is None for t in ("fish", "flower", "seed", "vegetable")
               for s in wn.topic_synsets(t))


def test_a_part_used_as_one_does_not_make_the_thing_one() -> None:
    from puzzlesmith.lexicon.meanings import kind_of

    weapons = kind_of("weapon")
    assert "stegosaur" not in weapons  # "a spiked tail probably used as a weapon"
    assert {"bayonet", "cudgel", "shiv"} <= weapons  # the thing itself is so used
    from puzzlesmith.lexicon.meanings import _used_as, wordnet

    wn = wordnet()  # "plant with roots used as a vegetable", "with an edible rhizome ..."
    used = {x.lower() for s in _used_as(wn, "vegetable") for x in wn.lemmas_of(s)}
    assert not {"sweet cassava", "potato fern"} & used and "carambola" in used
    gems = kind_of("gem")
    assert {"beryl", "zircon"} <= gems  # "colored transparent varieties are valued as gems"


def test_the_main_name_of_an_instance_is_no_common_homograph() -> None:
    from puzzlesmith.lexicon.index import wordfreq_ranks
    from puzzlesmith.lexicon.meanings import wordnet
    from puzzlesmith.lexicon.typical import main_name

    wn = wordnet()
    ranks = wordfreq_ranks()
    assert main_name(wn, wn.synsets_of("yangtze")[0], ranks) == "yangtze"  # not chang
    assert main_name(wn, wn.synsets_of("idaho")[0], ranks) == "idaho"  # not id (a symbol)
    assert main_name(wn, wn.synsets_of("aleppo")[0], ranks) == "aleppo"  # not Halab
    rivers = list(match_words(words_for(LexiconSpec(kind_of="river")), "*").words)
    assert rivers.index("chang") > rivers.index("rhine")


# Ten categories drawn at random, so that the rules are not tuned to the fifteen above: the
# nouns among wordfreq's 20,000 most frequent whose first noun sense has 20 synsets or more
# below it (1,037 of them), random.Random("39:random categories").sample(..., 10). The first
# ten answers of `*:CATEGORY` of each, labelled by reading each word: True when a person would
# accept it as one (a surname of a sculptor, architect or player, as crosswords clue them, is).
RANDOM_FIRST_TEN: dict[str, dict[str, bool]] = {
    # (a kind of help: approval and adoption are not; the synonyms aid, help come after the
    # kinds, tier 1 after tier 0)
    "assist": {"advocacy": True, "sponsorship": True, "approval": False, "adoption": False,
               "childcare": True, "daycare": True, "reassurance": True, "auspices": True,
               "backing": True, "adherence": False},
    "specialist": labelled_right("psychiatrist pathologist pediatrician "
                                 "dermatologist neurologist cardiologist gynecologist "
                                 "oncologist ophthalmologist obstetrician"),
    "reproduction": labelled_right("budding parthenogenesis fission sporulation apomixis "
                                   "playback multiplication miscegenation agamogenesis "
                                   "androgenesis"),
    # (mining and agriculture are industries, not commerce)
    "commerce": {"sale": True, "selling": True, "marketing": True, "trading": True,
                 "publishing": True, "shipping": True, "mining": False, "tourism": True,
                 "agriculture": False, "spending": True},
    "waste": labelled_right("debris urine sewage garbage rubble scraps wastewater fumes "
                            "rubbish excrement"),
    "beetle": labelled_right("firefly scarab weevil ladybug ladybird glowworm cockchafer "
                             "scarabaeus sawyer deathwatch"),
    "sculptor": labelled_right("sculptress lin smith french sculptresses carver carvers"),
    "architect": labelled_right("mills chambers downing landscaper wren lin bullfinch loos "
                                "speer landscapist"),
    # (a loan shark is a shark; a moneylender need not be, though WordNet files them as one)
    "shark": {"mako": True, "porbeagle": True, "shovelhead": True, "moneylender": False,
              "usurer": True, "thresher": True, "dogfish": True, "shylock": True,
              "soupfin": True, "hammerhead": True},
    # (a sharper, a card sharp, is a card player)
    "player": labelled_right("palmer footballer quarterback catcher kicker batsman golfer "
                             "sharper pitcher cornerback"),
}
RANDOM_SEED = "39:random categories"


def random_categories(seed: str = RANDOM_SEED) -> list[str]:
    from puzzlesmith.lexicon.index import wordfreq_ranks
    from puzzlesmith.lexicon.meanings import wordnet

    wn = wordnet()
    drawn = sorted(w for w, r in wordfreq_ranks().items() if r <= 20_000
                   and wn.is_lemma(w, "n") and len(wn.below(wn.synsets_of(w, "n")[:1])) >= 20)
    return random.Random(seed).sample(drawn, 10)


@pytest.mark.slow
def test_random_categories_first_ten() -> None:
    cats = random_categories()
    assert cats == list(RANDOM_FIRST_TEN)
    right = total = 0
    for category in cats:
        first = answers(category)[:10]
        assert first == list(RANDOM_FIRST_TEN[category]), f"{category}: label {first}"
        right += sum(RANDOM_FIRST_TEN[category].values())
        total += len(first)
    assert (right, total) == (91, 97)  # 94%; assist 7, commerce 8, shark 9 of 10 (above)


def test_a_category_clue_names_one_thing() -> None:
    """The inflected answers rank after the base ones of their typicality group, a plural
    topic the other way round (meanings.INFLECTED)."""
    from puzzlesmith.lexicon.meanings import wordnet

    wn = wordnet()
    for query in ("????:mammal", "????:boat", "????:game", "?????:fruit"):
        found = list(match_words(words_for(LexiconSpec(means=query.split(":")[1])),
                                 query).words)
        inflected = [wn.is_lemma(w) is False and bool(wn.bases(w, "n")) for w in found]
        assert inflected[:3] == [False] * 3, (query, found[:10])
        assert "nims" not in found[:5] and "does" not in found[:10]
    mammal4 = list(match_words(words_for(LexiconSpec(means="mammal")), "????:mammal").words)
    assert mammal4.index("deer") < mammal4.index("dogs") and "lion" in mammal4[:10]
    birds = list(match_words(words_for(LexiconSpec(means="birds")), "?????:birds").words)
    assert all(not wn.is_lemma(w) for w in birds[:10])  # geese, terns, doves...
    assert "geese" in birds[:10]


def test_a_kind_of_the_activity_ranks_after_the_things() -> None:
    """`dance` is also dancing, the activity: its kinds named as dancing (step dancing,
    `hoofing`; stage dancing, `choreography`) rank after every dance (typical.activities,
    meanings.FAR_ONLY); a dance whose definition calls it one (`hula`, Hawaiian dancing:
    "a Polynesian rain dance") or a style of dancing (`flamenco`) is no activity."""
    from puzzlesmith.lexicon import typical as ty
    from puzzlesmith.lexicon.meanings import wordnet

    wn = wordnet()
    dancing = next(s for s in wn.synsets_of("dance", "n") if "dancing" in wn.lemmas_of(s))
    acts = {w for x in ty.activities(wn, dancing) for w in wn.forms(x)}
    assert {"hoofing", "choreography", "social dancing", "step dancing"} <= acts
    assert not {"hula", "flamenco", "tango", "ballet", "twist", "shimmy"} & acts
    found = answers("dance")
    assert found[:10] == ["ballet", "hula", "tango", "fandango", "lancers", "cotillion",
                          "valse", "cancan", "minuet", "mambo"]
    assert min(found.index("choreography"), found.index("hoofing")) > max(
        found.index(w) for w in ("flamenco", "charleston", "shimmy", "twist", "waltz"))
    # Only human activities: a covering (`body covering`) or an offering (`peace
    # offering`) is one thing; eleven senses in all of WordNet have such kinds.
    assert not ty.activities(wn, wn.synsets_of("covering", "n")[0])
    held = [line.split("\t")[1] for sid, line in enumerate(wn.synsets)
            if line[0] == "n" and ty.activities(wn, sid)]
    assert len(held) == 11 and "hunt|hunting" in held, held


def test_a_language_or_a_belief_takes_no_plural() -> None:
    """A capitalized class below communication or psychological feature is one of a kind
    (WordNet.forms): no `frenches`, `choctaws`, `tays` among the languages; the peoples of
    the same names keep theirs."""
    from puzzlesmith.lexicon.meanings import kind_of

    languages = narrowed(LexiconSpec(kind_of="language"))[0].word_set
    assert {"french", "choctaw", "tay", "danish"} <= languages
    assert not {"frenches", "choctaws", "tays", "yays", "danishes", "germanics"} & languages
    people = narrowed(LexiconSpec(kind_of="person"))[0].word_set
    assert {"choctaws", "mohicans"} <= people
    from puzzlesmith.lexicon.meanings import kinds_inflectable, wordnet

    assert kinds_inflectable(wordnet(), "person")["american"]
    assert "dalmatians" in narrowed(LexiconSpec(kind_of="dog"))[0].word_set
    assert "vienna sausage" not in kind_of("dog")  # the frankfurter gives no kinds


# The capitalized class senses WordNet.forms makes one of a kind (below communication or
# psychological feature, every way up), one word each whose plural the bundled list holds,
# drawn with random.Random("39:one of a kind") from all of them, sorted (234), each labelled
# by reading its sense: True when no plural of the word means that sense.
ONE_OF_A_KIND: dict[tuple[str, int], bool] = {
    ("breton", 37695): True, ("labanotation", 36819): True, ("parcheesi", 2491): True,
    ("ewe", 37932): True, ("romance", 37709): True, ("mandarin", 37492): True,
    ("gur", 37923): True,
    ("bible", 34789): False,  # copies of it are Bibles
    ("transfiguration", 39869): True, ("superfund", 32336): True,
    ("bris", 5264): False,  # a rite performed again and again
    ("titania", 51360): True, ("same", 37679): True, ("medusa", 51062): True,
    ("amazon", 52687): False,  # one of a nation of women warriors: Amazons
    ("tatar", 37473): True, ("president", 3010): True, ("demotic", 37788): True,
    ("nagari", 34360): True, ("fang", 37895): True, ("renascence", 5361): True,
    ("olympiad", 40410): False,  # held every four years: Olympiads
    ("oread", 51376): False,  # one of the mountain nymphs: oreads
    ("bushido", 36026): True, ("ro", 37260): True,
}


def test_one_of_a_kind_sample() -> None:
    from puzzlesmith.lexicon.meanings import _symbolic, wordnet

    wn = wordnet()
    words = load_lexicon().word_set
    pairs: set[tuple[str, int]] = set()
    for sid, line in enumerate(wn.synsets):
        f = line.split("\t")
        up = [int(h) for h in f[2].split(",") if h]
        if f[0] != "n" or "@i:" in f[7] or wn._letters.intersection(up):
            continue
        caps = [x for i, x in enumerate(f[1].split("|"))
                if x != x.lower() and x.isalpha() and not _symbolic(x, i)]
        if caps and wn._one_of_a_kind(sid):
            pairs |= {(x.lower(), sid) for x in caps
                      if x.lower() + "s" in words or x.lower() + "es" in words}
            assert not any(wn.forms(sid)[x.lower()] for x in caps if x.lower() not in
                           {y for y in f[1].split("|") if y == y.lower()})
    drawn = random.Random("39:one of a kind").sample(sorted(pairs), 25)
    assert set(drawn) == set(ONE_OF_A_KIND)
    assert sum(ONE_OF_A_KIND.values()) == 20  # 80%: docs/meanings.md


# Ten more categories, drawn afresh from the same 1,037 with random.Random("39:fresh
# categories") once the plurals ranked after the base answers, the first ten of each
# labelled by reading it (the same rule: True when a person would take it for one).
FRESH_SEED = "39:fresh categories"
FRESH_FIRST_TEN: dict[str, dict[str, bool]] = {
    # (WordNet's belongings are any property: land, let or rented, is no one's belongings)
    "belongings": {"things": True, "effects": True, "estate": True, "letting": False,
                   "acres": False, "plantation": False, "realty": False, "rental": False,
                   "shareholding": False, "glebe": False},
    "supporter": {**labelled_right("fanatic loyalist apostle"), "reb": False,
                  **labelled_right("enthusiast colonialist maintainer confederate "
                                   "functionalist believer")},
    "religion": labelled_right("cult paganism theism monotheism shamanism evangelicalism "
                               "polytheism pantheism revivalism obeah"),
    "filmmaker": labelled_right("lee ford wilder auteur warner pollack director stone "
                                "stevens auteurs"),
    "court": {"consistory": True, "assizes": True, "motel": False, "chancery": True,
              "inquisition": True, "forecourt": True, "parvis": True, "rota": True,
              "piste": False, "lawcourt": True},
    "soldier": labelled_right("trooper lancer reb bayard guardsman paratrooper reservist "
                              "smuts infantryman musketeer"),
    "monkey": labelled_right("baboon rhesus macaque marmoset colobus langur tamarin mandrill "
                             "vervet guenon"),
    # (WordNet's kinds of concept, where a person means an idea, a notion)
    "conception": {"whole": False, "kind": False, "type": False, "given": True,
                   "multiple": False, "sort": False, "model": True, "access": False,
                   "due": False, "point": False},
    "unfortunate": {"patient": False, "prisoner": False, "hostage": True, "chased": False,
                    "psycho": False, "paranoid": False, "victim": True, "obsessive": False,
                    "psychotic": False, "underdog": True},
    "energy": {**labelled_right("chi ki qi juice work power"), "line": False,
               "light": True, "athleticism": False, "sun": True},
}


@pytest.mark.slow
def test_fresh_random_categories_first_ten() -> None:
    """73 of 100 (docs/meanings.md; the code before gave 69, its plurals labelled alike)."""
    cats = random_categories(FRESH_SEED)
    assert cats == list(FRESH_FIRST_TEN)
    right = 0
    for category in cats:
        first = answers(category)[:10]
        assert first == list(FRESH_FIRST_TEN[category]), f"{category}: label {first}"
        right += sum(FRESH_FIRST_TEN[category].values())
    assert right == 73


def test_a_kind_of_a_near_reading_ranks_before_a_kind_only_of_a_far_one() -> None:
    """meanings.FAR_ONLY: fig (a fruit, though mostly a figure in the tagged corpus) before
    the botanist's fruits (rye, cob, key, ear: seen in the audit's `???:fruit`)."""
    fruit3 = list(match_words(words_for(LexiconSpec(means="fruit")), "???:fruit").words)
    assert fruit3[:2] == ["jak", "fig"]
    assert fruit3.index("fig") < min(fruit3.index(w) for w in ("rye", "cob", "key", "ear"))
    inst3 = list(match_words(words_for(LexiconSpec(means="instrument")), "???:instrument").words)
    assert inst3[:2] in (["uke", "sax"], ["sax", "uke"])
