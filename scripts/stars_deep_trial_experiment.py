"""Throwaway experiment (12-02) behind expert deep-trial: at each stop of the rules on the
collection's stuck 17x17 puzzles, suppose a star on cells the solution leaves empty and follow
it with the rules up to hard (or expert), looking for a contradiction. Reads the real puzzles
from ../shared/data/stars/ (never copied here). Usage:
  PYTHONPATH=src python scripts/stars_deep_trial_experiment.py first|all hard|expert 3,6,7,8,9,11,12 [cap]
"""
# ruff: noqa: E402, E501, E701, SIM115  (a throwaway experiment, kept as it ran)
import json
import sys
import time

from puzzlesmith.limits import Deadline
from puzzlesmith.stars import explain as ex
from puzzlesmith.stars.model import StarPuzzle

DATA = "/work/shared/data/stars/real_puzzles.jsonl"

def load():
    out = []
    for line in open(DATA):
        d = json.loads(line)
        if d.get("kind") == "starbattle-collection" and d["size"] == 17 and d.get("solution"):
            out.append(d)
    return out

def cpu():
    return time.process_time()

def contradiction(r, stars, open_):
    b = r.b
    for i in ex._bits(stars):
        if stars & b.nbr[i]:
            return "touching stars"
    needs = r.needs(stars)
    for u, need in enumerate(needs):
        if need < 0:
            return f"{r.refs[u].name} over-full"
        if need > 0 and r.capacity(u, open_, need) < need:
            return f"{r.refs[u].name} without room"
    return None

def sub_rules(r, level):
    rs = [r.star_neighbours, r.unit_full, r.unit_fill, r.sees_all, r.confinement_single,
          r.two_by_two, r.confinement_bands, r.counting, r.shapes, r.would_leave_short,
          r.exclusion, r.shapes_many, r.cases]
    if level == "expert":
        rs += [r.exclusion_tiled, r.cases_many]
    return rs

def follow(puzzle, stars, open_, level, max_steps=400, caches=None):
    """Run the rule loop from a supposed state; returns (contradiction or None, steps)."""
    r = ex._Reasoner(puzzle, Deadline(None), ())
    if caches is not None:
        r._cover_cache, r._ways_cache = caches
    rules = sub_rules(r, level)
    chain = []
    for _ in range(max_steps):
        c = contradiction(r, stars, open_)
        if c:
            return c, chain
        if not open_:
            return None, chain
        found = None
        for rule in rules:
            try:
                found = rule(stars, open_)
            except Exception as e:  # inconsistent state may break a rule
                return f"rule {rule.__name__} failed: {e!r}", chain
            if found is not None:
                break
        if found is None:
            return None, chain
        chain.append(found)
        for rr, cc, what in found.decided:
            bit = 1 << (rr * r.b.n + cc)
            if not open_ & bit:
                if what == "star" and not stars & bit:
                    return "a rule starred a decided-empty cell", chain
                continue
            if what == "star":
                stars |= bit
            open_ &= ~bit
    return None, chain

def order(r, stars, open_, useful):
    needs = r.needs(stars)
    units = r.b.units
    tight = [needs[u] / max(1, (open_ & m).bit_count()) for u, m in enumerate(units)]
    cu = r.b.cell_units
    cells = ex._bits(useful)
    cells.sort(key=lambda i: -(tight[cu[i][0]] + tight[cu[i][1]] + tight[cu[i][2]]))
    return cells
def first_stop(d):
    p = StarPuzzle.from_labels(d["regions"], d["stars"])
    sol = [tuple(c) for c in d["solution"]]
    r = ex._Reasoner(p, Deadline(None), sol)
    b = r.b
    stars, open_ = 0, b.full
    rules = [x for x in ex._rules(r) if x.__name__ != "deep_trial"]
    n = 0
    while open_:
        found = None
        for rule in rules:
            found = rule(stars, open_)
            if found: break
        if found is None:
            return p, r, stars, open_, n
        n += 1
        for rr, cc, what in found.decided:
            bit = 1 << (rr * b.n + cc)
            if what == "star": stars |= bit
            open_ &= ~bit
    return p, r, stars, open_, n

mode = sys.argv[1]  # "all" (scan every candidate at a stop) or "first"
level = sys.argv[2]
which = [int(x) for x in sys.argv[3].split(",")]
cap = int(sys.argv[4]) if len(sys.argv) > 4 else 10**9
ds = load()
log = []
import atexit

atexit.register(lambda: json.dump(log, open(f"/tmp/stars_deep_log_{mode}_{level}_{cap}.json", "w")))
for k in which:
    d = ds[k]
    p = StarPuzzle.from_labels(d["regions"], d["stars"])
    sol = [tuple(c) for c in d["solution"]]
    t = cpu()
    base = ex.explain(p, time_limit=None, known_solution=tuple(sol)) if False else None
    tb = cpu() - t
    nsearch = -1
    t = cpu()
    r = ex._Reasoner(p, Deadline(None), sol)
    b = r.b
    stars, open_ = 0, b.full
    rules = [x for x in ex._rules(r) if x.__name__ != "deep_trial"]
    caches = ({}, {})
    stops = []
    searches = 0
    deep_time = 0.0
    nsteps = 0
    while open_:
        found = None
        for rule in rules:
            found = rule(stars, open_)
            if found: break
        if found is None:
            t0 = cpu()
            cells = order(r, stars, open_, open_ & ~r.answer)[:cap]
            hits = []
            first_t = None
            per = []
            prox = []
            for i in cells:
                bit = 1 << i
                s3, o3, _, _ = r._follow(stars | bit, open_ & ~(bit | b.nbr[i]), bit | b.nbr[i])
                prox.append(open_.bit_count() - o3.bit_count())
            for j, i in enumerate(cells):
                t1 = cpu()
                bit = 1 << i
                c, chain = follow(p, stars | bit, open_ & ~(bit | b.nbr[i]), level, caches=caches)
                per.append(cpu() - t1)
                log.append(dict(p=k, stop=len(stops), j=j, prox=prox[j], hit=bool(c), t=round(per[-1], 3), chain=len(chain)))
                if c:
                    hits.append((b.cell(i), j, len(chain), c))
                    if first_t is None:
                        first_t = cpu() - t0
                    if mode == "first":
                        break
            st = cpu() - t0
            deep_time += st
            stops.append(dict(step=nsteps, open=open_.bit_count(), cands=len(cells), hits=hits,
                              stop_cpu=round(st, 2), first_cpu=first_t and round(first_t, 2),
                              per_cell_mean=round(sum(per) / len(per), 3), per_cell_max=round(max(per), 2)))
            print(k, stops[-1], flush=True)
            if hits:
                for (rr, cc), *_ in hits:
                    open_ &= ~(1 << (rr * b.n + cc))
                nsteps += 1
                continue
            found = ex._search_step(r, stars, open_, r.b.mask(sol), False)
            searches += 1
        nsteps += 1
        for rr, cc, what in found.decided:
            bit = 1 << (rr * b.n + cc)
            if what == "star": stars |= bit
            open_ &= ~bit
    assert stars == b.mask(sol)
    td = cpu() - t
    print("RESULT", json.dumps(dict(puzzle=d["source"][-7:], base_search=nsearch, base_cpu=round(tb, 1),
          base_steps=-1, deep_search=searches, deep_cpu=round(td, 1), deep_part=round(deep_time, 1),
          deep_stops=len(stops), stops_with_hit=sum(bool(s["hits"]) for s in stops), steps=nsteps)), flush=True)
