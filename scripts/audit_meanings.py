#!/usr/bin/env python3
"""The meaning audit of docs/audit.md: queries a puzzler would type, drawn from a seed, and the
first ten answers of each, as the command line gives them (unlabelled; the labels are in the doc).

A seed draws 40 queries: PATTERN:TOPIC and --kind-of of categories, --means of an adjective, a verb
and a noun's short description, --rhymes and --sounds-like of common words (every other one with
--common), define of common words; and 5 `wordgrid create --seed` seeds. The words are drawn from
the common cut of the tree the command runs (`match '*' --common`), so the same seed draws the
same queries while that cut stands; `--queries FILE` replays the `puzzlesmith ...` lines of a
file (docs/audit.md lists each seed's), which is how an audit is rerun on a later tree.
Run from the repository root: python scripts/audit_meanings.py --seed 3923 [--queries docs/audit.md]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

SHOWN = 10
# Categories a puzzler asks for: the 15 of issue 39, then everyday kinds of things, people,
# places and feelings, so that a seed reaches beyond the categories the engines were tuned on.
CATEGORIES = [
    "bird", "fish", "tree", "flower", "color", "metal", "dog", "fruit", "vegetable", "instrument",
    "dance", "cheese", "gem", "planet", "fabric", "animal", "sport", "tool", "vehicle", "insect",
    "weapon", "furniture", "mammal", "game", "drink", "boat", "herb", "spice", "snake", "city",
    "country", "river", "language", "body part", "garment", "container", "building", "profession",
    "emotion", "weather", "occupation", "bone", "organ", "disease", "currency", "shape", "relative",
    "hat", "shoe", "dessert", "cake", "bread", "sauce", "soup", "nut", "berry", "cereal", "reptile",
    "rodent", "shellfish", "horse", "cat", "toy", "card game", "musician", "writer", "composer",
    "painter", "god", "monster", "aircraft", "car", "ship", "mountain", "island", "lake", "sea",
    "continent", "religion", "crime", "feeling", "illness", "wine", "cocktail", "liquor", "meal",
    "room", "plant", "mineral", "rock", "gas", "month", "weekday", "unit", "coin", "poem",
    "martial art",
]
# The 40 query slots of a seed, in order.
PLAN = (["topic"] * 6 + ["kind-of"] * 6 + ["means-adjective"] * 4 + ["means-verb"] * 3
        + ["means-description"] * 3 + ["rhymes"] * 6 + ["sounds-like"] * 6 + ["define"] * 6)
GRIDS = 5
DRAWN = 900


def puzzlesmith(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "puzzlesmith", *args], capture_output=True,
                          text=True, check=False)


def entries(words: list[str]) -> list[dict]:
    """`define --json` of each word (JSON lines, one per word, in order)."""
    out = puzzlesmith("define", "--json", *words)
    if out.returncode:
        sys.exit(f"define failed: {out.stderr.strip()}")
    return [json.loads(line) for line in out.stdout.splitlines()]


def short_description(gloss: str) -> str | None:
    """The gloss's first clause when it is whole and short enough for a person to type as a clue
    (2 to 6 words, no parenthesis or comma: a clause cut there is left unfinished)."""
    clause = gloss.split(";")[0].strip()
    return clause if 2 <= len(clause.split()) <= 6 and not set("(),") & set(clause) else None


def draw(seed: int) -> list[list[str]]:
    """The seed's queries, each the arguments of one puzzlesmith command."""
    rng = random.Random(seed)
    common = json.loads(puzzlesmith("match", "*", "--common", "--json", "--limit", "100000").stdout)
    pool = entries(rng.sample(common["words"], DRAWN))
    lemmas = [e for e in pool if e["senses"] and e["base"] is None]

    def first_pos(pos: str) -> list[dict]:
        return [e for e in lemmas if e["senses"][0]["pos"] == pos]

    adjectives = [e["word"] for e in first_pos("adjective")]
    verbs = [e["word"] for e in first_pos("verb")]
    described = [(e["word"], d) for e in first_pos("noun")
                 if (d := short_description(e["senses"][0]["gloss"]))]
    spoken = [e["word"] for e in pool if e["pronunciations"] and len(e["word"]) >= 3]
    defined = [e["word"] for e in pool if e["senses"]]
    queries: list[list[str]] = []
    for slot, kind in enumerate(PLAN):
        pattern = "?" * rng.randint(3, 8)
        common_flag = ["--common"] if slot % 2 == 0 else []
        if kind == "topic":
            queries.append(["match", f"{pattern}:{rng.choice(CATEGORIES)}"])
        elif kind == "kind-of":
            queries.append(["match", pattern, "--kind-of", rng.choice(CATEGORIES)])
        elif kind == "means-adjective":
            queries.append(["match", pattern, "--means", adjectives.pop(rng.randrange(len(adjectives)))])
        elif kind == "means-verb":
            queries.append(["match", pattern, "--means", verbs.pop(rng.randrange(len(verbs)))])
        elif kind == "means-description":
            word, text = described.pop(rng.randrange(len(described)))
            queries.append(["match", "?" * len(word), "--means", text])
        elif kind in ("rhymes", "sounds-like"):
            queries.append(["match", "*", f"--{kind}", spoken.pop(rng.randrange(len(spoken)))]
                           + common_flag)
        else:
            queries.append(["define", defined.pop(rng.randrange(len(defined)))])
    queries += [["wordgrid", "create", "--seed", str(rng.randrange(1, 1_000_000))] for _ in range(GRIDS)]
    return queries


def replayed(path: Path, seed: int) -> list[list[str]]:
    """The `puzzlesmith ...` lines of a file, each as the arguments after `puzzlesmith`: those of
    the `## ` section whose heading names `seed N` when there is one (docs/audit.md holds several
    audits), else the whole file's."""
    lines = [line.strip() for line in path.read_text("utf-8").splitlines()]
    sections: dict[str, list[str]] = {}
    heading = ""
    for line in lines:
        heading = line if line.startswith("## ") else heading
        sections.setdefault(heading, []).append(line)
    chosen = next((body for head, body in sections.items() if re.search(rf"\bseed {seed}\b", head)), lines)
    return [shlex.split(line)[1:] for line in chosen if line.startswith("puzzlesmith ")]


def answer(args: list[str]) -> str:
    """What the command gives, on one line: the count and first ten, the first sense, the grid."""
    out = puzzlesmith(*args, "--json", *(["--limit", str(SHOWN)] if args[0] == "match" else []))
    if out.returncode:
        return f"exit {out.returncode}: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else ''}"
    data = json.loads(out.stdout.splitlines()[0])
    if args[0] == "match":
        elsewhere = data.get("names_elsewhere") or []
        names = f" | names elsewhere: {' '.join(elsewhere[:SHOWN])}" if elsewhere else ""
        return f"{data['count']} | {' '.join(data['words'][:SHOWN])}{names}"
    if args[0] == "define":
        senses = data["senses"]
        if not senses:
            return "no senses"
        base = f" (base {data['base']})" if data["base"] else ""
        return f"{len(senses)} senses{base} | 1. {senses[0]['pos']}: {senses[0]['gloss']}"
    if data["status"] != "created":
        return f"{data['status']}: {data.get('reason')}"
    return f"answer {data['answer']} | columns {' '.join(data['columns'])}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=3923, help="the audit's seed (default 3923)")
    parser.add_argument("--queries", type=Path, help="replay the `puzzlesmith ...` lines of this file "
                        "(of its section headed 'seed N' if it has one), e.g. docs/audit.md")
    parser.add_argument("--list", action="store_true", help="print the queries only, not their answers")
    options = parser.parse_args()
    queries = replayed(options.queries, options.seed) if options.queries else draw(options.seed)
    for number, args in enumerate(queries, 1):
        command = shlex.join(["puzzlesmith", *args])
        print(command if options.list else f"{number:2} {command} | {answer(args)}", flush=True)


if __name__ == "__main__":
    main()
