"""Seeded random samples of the foreign flags, labelled by hand (docs/foreign.md).

The bundled lists' words (the Letterpress list and the crossword list) are put in a seeded
random order: each word's blake2b hash with SEED. FLAGGED labels the first SAMPLE_SIZE of that
order that foreign.txt.gz flags, UNFLAGGED the first SAMPLE_SIZE it does not (an order of the
words, not of the flags, so a rebuilt flag file changes only the few sample words whose flag
changed; `python scripts/measure_foreign.py --draw` prints those, to be labelled).
COMMON_FLAGGED labels every flagged word of the common cut (wordfreq's 30,000 most frequent
English words less the proper names), reviewed one by one.

Each word was read and labelled by hand:
- F: foreign: an English speaker would italicise it (`ciao`, `merci`, `muy`, `sehr`);
- E: English, naturalised borrowings included (`crier`, `impede`, `lager`, `marque`);
- R: (common cut only) English, but rare, archaic or slang, not everyday English;
- N: a name, an abbreviation, or no word at all (`loenen`, `gsm`).
Run-together phrases of the crossword list (`shootingrange`) are English when their words are.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

SEED = 39
SAMPLE_SIZE = 200


def order_key(word: str) -> bytes:
    return hashlib.blake2b(f"{SEED} {word}".encode(), digest_size=8).digest()


def drawn(words: Iterable[str], flags: set[str]) -> tuple[list[str], list[str]]:
    """The first SAMPLE_SIZE flagged and unflagged words of the seeded order."""
    flagged: list[str] = []
    unflagged: list[str] = []
    for w in sorted(words, key=order_key):
        side = flagged if w in flags else unflagged
        if len(side) < SAMPLE_SIZE:
            side.append(w)
        if len(flagged) == len(unflagged) == SAMPLE_SIZE:
            break
    return flagged, unflagged


# The first 200 flagged words of the seeded order, labelled (the flags of 2026-12-07).
FLAGGED: dict[str, str] = {
    "engl": "N", "coolen": "N", "tacon": "F", "mascarade": "F", "telenovela": "E", "veuve": "F",
    "bombarde": "F", "heimatmuseum": "F", "flots": "F", "mesmo": "F", "cour": "F", "principaux":
    "F", "bistrot": "F", "usted": "F", "tendances": "F", "barone": "F", "tarde": "F",
    "paysages": "F", "basten": "N", "dek": "F", "suprema": "F", "ultime": "F", "douleur": "F",
    "overgave": "F", "jupe": "F", "pequenos": "F", "aji": "F", "pesquisa": "F", "tarro": "F",
    "capisce": "F", "malerei": "F", "tagebuch": "F", "comuna": "F", "ligging": "F", "casella":
    "F", "miracoli": "F", "glas": "F", "gedichte": "F", "oreilles": "F", "ballerine": "F",
    "andiamo": "F", "leine": "F", "verdad": "F", "voltas": "F", "beheer": "F", "satte": "F",
    "doit": "F", "consumate": "F", "cuadrado": "F", "beispiel": "F", "kiem": "F", "tresor": "F",
    "inmortal": "F", "feiner": "F", "medizin": "F", "veiller": "F", "regt": "F", "tarja": "F",
    "pablo": "N", "subdirector": "E", "mardi": "F", "senda": "F", "onderwijs": "F", "tendresse":
    "F", "luta": "F", "silencio": "F", "sagrario": "F", "entrata": "F", "ferme": "F", "ente":
    "F", "klare": "F", "longue": "F", "supercup": "E", "guri": "F", "moderni": "F", "penteado":
    "F", "technik": "F", "italiana": "F", "requins": "F", "emploi": "F", "objet": "F", "genro":
    "F", "stoiber": "N", "vertaling": "F", "pinturas": "F", "parfums": "F", "mesures": "F",
    "casale": "F", "rotonde": "F", "korps": "F", "analisa": "F", "trombe": "F", "borgata": "F",
    "malas": "F", "eloges": "F", "bravi": "F", "ruelle": "F", "sociaux": "F", "kurier": "F",
    "patroon": "E", "comunitaria": "F", "jato": "F", "cheikh": "F", "besser": "F",
    "fachhochschule": "F", "reflexions": "F", "cubanos": "F", "lazo": "F", "normandie": "N",
    "haine": "F", "destinate": "F", "venezolana": "F", "quadrata": "F", "altare": "F",
    "elenchi": "F", "cloison": "F", "behandlung": "F", "dorada": "F", "snoep": "F", "zecchino":
    "F", "ombra": "F", "pressa": "F", "rotos": "F", "mineralogie": "F", "outro":
    "E", "institue": "F", "juridiques": "F", "marcas": "F", "valk": "F", "berberes": "F",
    "moer": "F", "medaillon": "F", "hoffe": "F", "messa": "F", "bete": "F", "quando": "F",
    "biographie": "F", "partei": "F", "cova": "F", "bancos": "F", "aeropuerto": "F", "hoi": "F",
    "bakker": "F", "gaf": "F", "ilmenau": "N", "hato": "F", "sitios": "F", "propos": "F",
    "weert": "F", "havaianas": "N", "chatons": "F", "citadelle": "F", "edelen": "F", "aktiv":
    "F", "feest": "F", "kraak": "F", "tona": "F", "elektro": "F", "demokratische": "F",
    "pervers": "F", "dienste": "F", "dependencia": "F", "tranquille": "F", "tronco": "F",
    "brode": "F", "tache": "E", "muziek": "F", "persoon": "F", "gara": "F", "pratiques": "F",
    "regidor": "F", "contam": "F", "porc": "F", "parola": "F", "ecologia": "F", "cedula": "F",
    "potencia": "F", "notam": "N", "mucha": "F", "puzzel": "F", "lieblich": "F", "observador":
    "F", "attentat": "F", "minore": "F", "sumida": "N", "andas": "F", "sarro": "F", "monde":
    "F", "spalle": "F", "begleiter": "F", "ainee": "F", "urti": "F", "physiologische": "F",
    "perce": "F", "charmant": "F", "cinta": "F", "saucisse": "F", "knigge": "N", "neckar": "N",
    # Drawn after the WordNet headword rule (2026-12-07, second rebuild).
    "morsures": "F",
}

# The first 200 unflagged words of the seeded order, labelled; most are the crossword list's
# run-together phrases.
UNFLAGGED: dict[str, str] = {
    "smallbeers": "E", "optimality": "E", "metif": "E", "cavil": "E", "torn": "E", "tago": "N",
    "cardiacarrhythmia": "E", "thenabouts": "E", "risingtrots": "E", "micronizations": "E",
    "plentifulness": "E", "foreship": "E", "warraguls": "E", "obliquenesses": "E", "shav": "N",
    "sesqui": "N", "abrogate": "E", "corinna": "N", "witchhoods": "E", "pseudepigraph": "E",
    "eyecontacts": "E", "spergula": "E", "whitesout": "E", "baro": "N",
    "lithocarpusdensiflorus": "E", "copperrockfish": "E", "atom": "E", "shirleytempleblack":
    "N", "shenzhen": "N", "phenakites": "E", "outofwork": "E", "massifs": "E", "bronk": "N",
    "kayu": "F", "muniment": "E", "samah": "N", "craggs": "N", "retracers": "E", "tayl": "N",
    "clawless": "E", "avuncularity": "E", "unrake": "E", "meam": "N", "amandeep": "N",
    "vladimirilyichlenin": "N", "monomode": "E", "nonfamily": "E", "nitrophenyl": "E",
    "lobscouses": "E", "mehta": "N", "refrain": "E", "runsdry": "E", "retrees": "E", "isaiah":
    "N", "feignings": "E", "wcpw": "N", "articulatiocoxaes": "E", "inaequalis": "F", "toubab":
    "F", "vitiates": "E", "volta": "E", "herbarian": "E", "compassnorths": "E", "drv": "N",
    "shastras": "E", "egx": "N", "picklerelishes": "E", "filomeno": "N", "petrographic": "E",
    "celerycabbage": "E", "theatricality": "E", "touchings": "E", "antibuser": "E",
    "visualcells": "E", "rockandrolls": "E", "fanshawe": "N", "fouroclock": "E",
    "radiobiologically": "E", "ansonia": "N", "makelove": "E", "detersive": "E", "dholpur": "N",
    "xanthicacid": "E", "confounders": "E", "misoprostol": "E", "aleyes": "E",
    "dalmatiapyrethrum": "E", "uiw": "N", "radiosensitised": "E", "apholates": "E",
    "ecclesiastic": "E", "hitthejackpot": "E", "ecdyses": "E", "wroughton": "N", "dakerhen":
    "E", "novitzky": "N", "battleofcowpens": "E", "piasecki": "N", "cunningnesses": "E",
    "recursive": "E", "confusional": "E", "polwart": "N", "expanding": "E", "coypu": "E",
    "artemisiaabrotanum": "E", "wienerroast": "E", "meaning": "E", "clubfeet": "E",
    "greenashes": "E", "ttatt": "N", "bivouac": "E", "branches": "E", "chametz": "F",
    "tonsillitic": "E", "boatbug": "E", "pedipalps": "E", "aggressor": "E", "voicemails": "E",
    "waterlog": "E", "rumbaba": "E", "spikings": "E", "mumping": "E", "genusdysdercus": "E",
    "desroches": "N", "pandoras": "E", "freedompop": "N", "persecutory": "E", "bootjacks": "E",
    "philosophists": "E", "somaticsense": "E", "arttatum": "N", "jerash": "E", "potboilings":
    "E", "artificialskins": "E", "climbsup": "E", "mesnelords": "E", "selk": "N", "faros": "E",
    "snubbingly": "E", "vaccinating": "E", "duckenfield": "N", "greaternewyork": "N", "anki":
    "N", "gensets": "E", "sikhi": "N", "intertek": "N", "coleorrhizas": "E", "klout": "N",
    "badri": "N", "icbm": "N", "sporangiolum": "E", "generalstore": "E", "colpotomy": "E",
    "ashames": "E", "oan": "N", "giantstars": "E", "fabulosity": "E", "sharara": "E", "grex":
    "E", "orofino": "N", "indiabulls": "N", "selectees": "E", "digressionary": "E", "womanly":
    "E", "bishopesses": "E", "combos": "E", "replicating": "E", "oxidant": "E", "alcoholabuses":
    "E", "kakkediseases": "E", "ivey": "N", "renverst": "E", "isarithms": "E", "embowering":
    "E", "leslierichardgroves": "N", "wade": "E", "gummidge": "N", "delitescent": "E",
    "operahats": "E", "muralist": "E", "dirimentimpediment": "E", "interlock": "E",
    "nematologies": "E", "lindstrom": "N", "krigiadandelion": "E", "camomiles": "E", "plm": "N",
    "anecdotalisms": "E", "microlites": "E", "shrinkers": "E", "trainer": "E", "filopodium":
    "E", "reme": "N", "anthracitecoal": "E", "shrinked": "E", "chainsawing": "E", "isographs":
    "E", "craze": "E", "thedford": "N", "unworthiness": "E",
}
# Every flagged word of the common cut, reviewed one by one (the flags of 2026-12-07); the
# review found femme, hast, uber, wut, om and wat English, now left alone by the build
# (build_foreign.ENGLISH_AFTER_ALL).
COMMON_FLAGGED: dict[str, str] = {
    "aca": "F", "arte": "F", "atletico": "F", "auf": "F", "aux": "F", "avant": "F", "avec": "F",
    "bac": "N", "bain": "F", "baja": "F", "banco": "F", "bei": "F", "bien": "F", "blanco": "F",
    "bobo": "R", "borussia": "N", "bundesliga": "N", "bv": "N", "canadiens": "N", "cena": "F",
    "copa": "F", "dans": "F", "dao": "R", "dei": "F", "demi": "R", "deutsche": "F", "dio": "F",
    "dir": "F", "eau": "F", "elle": "F", "erdogan": "N", "facto": "F", "faire": "F", "forza": "F",
    "franken": "N", "fu": "R", "garde": "F", "gras": "F", "groot": "F", "gsm": "N", "hai": "F",
    "hof": "F", "hola": "F", "hou": "F", "ich": "F", "ik": "F", "indo": "N", "institut": "F",
    "ist": "F", "ja": "F", "jour": "F", "kam": "F", "liga": "F", "lui": "F", "maison": "F",
    "mal": "F", "mardi": "F", "mau": "N", "mee": "F", "mein": "F", "mila": "F", "mir": "F",
    "moi": "F", "monde": "F", "mort": "F", "mot": "F", "moto": "F", "nom": "F", "nouveau": "F",
    "num": "N", "ou": "F", "papi": "F", "paso": "F", "petit": "F", "pico": "F", "por": "F",
    "prix": "F", "qu": "N", "qui": "F", "robo": "R", "royale": "F", "serie": "F", "sie": "F",
    "sinn": "F", "sino": "F", "soleil": "F", "su": "F", "tal": "F", "tra": "F", "tre": "F",
    "ue": "N", "und": "F", "ville": "F", "vita": "F", "vous": "F", "wo": "F", "zak": "N",
    "zur": "F",
}

# The same draw within the Letterpress list alone (the default list, the words users meet
# first): its first 200 flagged words, labelled.
LETTERPRESS_FLAGGED: dict[str, str] = {
    "bombarde": "F", "cour": "F", "tendances": "F", "paysages": "F", "suprema": "F",
    "overgave": "F", "jupe": "F", "ligging": "F", "ballerine": "F", "doit": "F",
    "subdirector": "E", "tendresse": "F", "requins": "F", "objet": "F", "genro": "F",
    "malas": "F", "eloges": "F", "bravi": "F", "ruelle": "F", "patroon": "E", "jato": "F",
    "reflexions": "E", "lazo": "F", "destinate": "F", "elenchi": "E", "cloison": "E",
    "snoep": "F", "zecchino": "F", "rotos": "F", "outro": "E", "berberes": "F",
    "moer": "F", "medaillon": "F", "bete": "F", "bancos": "F", "hoi": "F", "chatons": "F",
    "tache": "E", "pratiques": "F", "cedula": "F", "puzzel": "F", "attentat": "F", "monde": "F",
    "spalle": "F", "ainee": "F", "perce": "F", "saucisse": "F", "morsures": "F", "epaule": "F",
    "bavarois": "F", "intitule": "F", "schlich": "F", "dei": "F", "chaine": "F",
    "subsistent": "E", "besoins": "F", "ordonnances": "F", "indissociable": "F", "surveille": "F",
    "zingari": "F", "pentito": "F", "sportif": "F", "conferencier": "F", "macchia": "F",
    "plonge": "F", "bordure": "F", "douceur": "F", "kalium": "F", "truffe": "F", "truffes": "F",
    "decreet": "F", "idees": "F", "brumes": "F", "surveillant": "E", "chez": "F",
    "trottoirs": "F", "quale": "E", "popster": "E", "animato": "F",
    "alternant": "F", "apres": "F", "semble": "F", "rokers": "F", "armures": "F", "mano": "F",
    "mistico": "F", "frondeurs": "F", "wurzel": "F", "zingaro": "F", "cauchemars": "F",
    "hepatite": "F", "aspro": "F", "gleis": "F", "vedettes": "F",
    "frigorifico": "F", "cascos": "F", "espada": "F", "gesellschaften": "F", "secretaires": "F",
    "domines": "F", "forme": "F", "putten": "F", "manipular": "F", "gloire": "F", "dreck": "E",
    "kaputt": "F", "inquiet": "F", "nostro": "F", "hanches": "F", "forze": "F", "doppio": "F",
    "perdendo": "F", "padroni": "F", "kermesse": "F", "eolienne": "F", "lanches": "F",
    "suffisance": "F", "pequiste": "F", "confrerie": "F", "macons": "F", "espanol": "F",
    "therme": "F", "naissances": "F", "volkslieder": "F", "remedes": "F", "grana": "F",
    "avise": "F", "basen": "F", "russe": "F", "capillaire": "F", "kanten": "F",
    "silicium": "F", "camisa": "F", "lebkuchen": "F", "revanche": "F", "lignes": "F",
    "pannes": "F", "bronzen": "F", "monographies": "F", "sondes": "F", "fetiche": "F",
    "pulli": "F", "farouche": "F", "valorise": "E", "representants": "F",
    "verts": "F", "partitura": "F", "sangliers": "F", "arrondissements": "F",
    "automatisation": "F", "numeraire": "F", "escapado": "F", "sedes": "F", "vallate": "F",
    "ragu": "F", "contactee": "E", "tercio": "F", "hermandad": "F", "droles": "F",
    "tailleur": "F", "toxine": "F", "appuis": "F", "oom": "F", "cerrados": "F", "acquitter": "E",
    "hond": "F", "rade": "F", "cestos": "F", "envier": "E", "ponga": "F", "interpretate": "F",
    "negligeable": "F", "planta": "F", "grego": "F", "chaussure": "F", "perturbant": "F",
    "avises": "F", "notaire": "F", "carabinieri": "F", "inconnue": "F", "boursier": "F",
    "cose": "F", "commissaire": "F", "ressentiments": "F", "lisses": "F", "noyade": "F",
    "rente": "F", "trouvaille": "F", "cancelli": "F", "stime": "F", "costard": "E",
    "antenati": "F", "fouet": "F", "couvert": "F",
    # Drawn after the WordNet headword rule (2026-12-07, second rebuild).
    "religieuses": "F", "alcool": "F", "flics": "F", "tweeling": "F", "cauchemar": "F",
    "scena": "F",
}

# And its first 200 unflagged words, labelled.
LETTERPRESS_UNFLAGGED: dict[str, str] = {
    "optimality": "E", "metif": "E", "cavil": "E", "torn": "E", "thenabouts": "E",
    "micronizations": "E", "plentifulness": "E", "foreship": "E", "warraguls": "E",
    "obliquenesses": "E", "abrogate": "E", "witchhoods": "E", "pseudepigraph": "E", "atom": "E",
    "phenakites": "E", "massifs": "E", "muniment": "E", "retracers": "E", "clawless": "E",
    "avuncularity": "E", "unrake": "E", "monomode": "E", "nonfamily": "E", "lobscouses": "E",
    "refrain": "E", "retrees": "E", "feignings": "E", "vitiates": "E", "volta": "E",
    "herbarian": "E", "shastras": "E", "petrographic": "E", "theatricality": "E",
    "touchings": "E", "antibuser": "E", "radiobiologically": "E", "detersive": "E",
    "confounders": "E", "aleyes": "E", "radiosensitised": "E", "apholates": "E",
    "ecclesiastic": "E", "ecdyses": "E", "dakerhen": "E", "cunningnesses": "E", "recursive": "E",
    "confusional": "E", "expanding": "E", "coypu": "E", "meaning": "E", "clubfeet": "E",
    "bivouac": "E", "branches": "E", "chametz": "F", "tonsillitic": "E", "pedipalps": "E",
    "aggressor": "E", "voicemails": "E", "waterlog": "E", "mumping": "E", "pandoras": "E",
    "persecutory": "E", "bootjacks": "E", "philosophists": "E", "potboilings": "E", "faros": "E",
    "snubbingly": "E", "vaccinating": "E", "coleorrhizas": "E", "sporangiolum": "E",
    "colpotomy": "E", "ashames": "E", "fabulosity": "E", "grex": "E", "selectees": "E",
    "digressionary": "E", "womanly": "E", "bishopesses": "E", "combos": "E", "replicating": "E",
    "oxidant": "E", "renverst": "E", "isarithms": "E", "embowering": "E", "wade": "E",
    "delitescent": "E", "muralist": "E", "interlock": "E", "nematologies": "E", "camomiles": "E",
    "anecdotalisms": "E", "microlites": "E", "shrinkers": "E", "trainer": "E", "filopodium": "E",
    "chainsawing": "E", "isographs": "E", "craze": "E", "unworthiness": "E", "ween": "E",
    "ansated": "E", "monotoned": "E", "mobcasted": "E", "nonauthors": "E", "homothermous": "E",
    "shinnery": "E", "stevens": "E", "arcuated": "E", "dismissive": "E", "dialoguer": "E",
    "lands": "E", "conjeed": "E", "frostfish": "E", "overlooks": "E", "sperm": "E",
    "insufficiences": "E", "hairpin": "E", "exampling": "E", "mackinaws": "E", "sunning": "E",
    "toxoplasmosis": "E", "nectar": "E", "rejigger": "E", "countergovernment": "E", "morels": "E",
    "saguins": "E", "syllabising": "E", "determinatively": "E", "showghes": "E", "karengos": "E",
    "wassailers": "E", "zyzzyvas": "E", "sampis": "E", "silicide": "E", "oughting": "E",
    "forjudge": "E", "chorioallantois": "E", "interlined": "E", "knag": "E", "satyrical": "E",
    "saids": "E", "antiformalist": "E", "miscalculators": "E", "exclosures": "E", "fuse": "E",
    "sawyer": "E", "emailer": "E", "dinging": "E", "outswingers": "E", "undercuts": "E",
    "inviter": "E", "witchetty": "E", "praiseach": "E", "reconfers": "E", "degressions": "E",
    "autocrosses": "E", "spectroscopes": "E", "spinels": "E", "viciates": "E",
    "mischannelled": "E", "epispastics": "E", "sams": "E", "motioned": "E", "timescale": "E",
    "aminities": "E", "typewriter": "E", "gratinees": "F", "generalities": "E", "vest": "E",
    "nitery": "E", "electrising": "E", "tenements": "E", "condimented": "E", "microscope": "E",
    "trichinellae": "E", "sliest": "E", "lobbies": "E", "headraces": "E", "fixable": "E",
    "dehypnotized": "E", "noncasual": "E", "infectivity": "E", "feminisations": "E",
    "tempestuousnesses": "E", "cornigerous": "E", "rondaches": "E", "exteriorise": "E",
    "symphyses": "E", "hewn": "E", "attitudinised": "E", "evited": "E", "salamons": "E",
    "sinnet": "E", "justifies": "E", "trichomic": "E", "thumby": "E", "anoxias": "E",
    "condemnation": "E", "tractrices": "E", "encephalomyocarditis": "E",
}
