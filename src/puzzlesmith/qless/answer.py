"""A roll's answer in the one order every caller uses, and the atlas's answer for a roll.

- `known_or_search`: the census first (an unsolvable roll of the real dice, at once), then the atlas
  (a stored result, for the default search only), then the search. The CLI (`qless solve`)
  and the web app (`/api/qless/solve`) both call it, so they cannot answer differently.
- `stored`: an atlas row turned into a result, its board checked again like every board.
- `look_up`: what the atlas holds for a roll (`qless atlas lookup`), or, when it holds
  nothing, what the census says of it; `atlas_list`: which word list's answers it reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzlesmith.limits import Deadline

if TYPE_CHECKING:
    from puzzlesmith.lexicon import Lexicon, LexiconIndex, LexiconSpec
    from puzzlesmith.qless.census import Census
    from puzzlesmith.qless.driver import OnSolution
    from puzzlesmith.qless.solve import QlessResult

    WordList = Lexicon | LexiconIndex


def known_or_search(
    roll: str,
    lexicon: WordList,
    *,
    deadline: Deadline,
    seed: int = 0,
    common_index: WordList | None = None,
    count: bool = False,
    max_solutions: int | None = None,
    on_solution: OnSolution | None = None,
    on_progress: Callable[[int], None] | None = None,
    db_path: Path | None = None,
) -> QlessResult:
    """The roll's result: from the census, the atlas (`db_path`, default the user's), or a
    search (`solve.search_roll`, with these arguments). `roll` is parsed (`solve.parse_letters`).

    An unsolvable roll has no solution in any mode, so the census answers every mode; the
    atlas stores only the default search (no seed, no common words first, no streaming, no
    cap), and a count only when it was built with one.
    """
    from puzzlesmith.qless import census
    from puzzlesmith.qless.solve import search_roll

    found = census.answer(roll, lexicon, count)
    if found is None and not (seed or on_solution is not None or max_solutions
                              or common_index is not None):
        found = stored(roll, lexicon, count, db_path)
    if found is not None:
        return found
    return search_roll(roll, lexicon, deadline=deadline, seed=seed, common_index=common_index,
                 count=count, max_solutions=max_solutions, on_solution=on_solution,
                 on_progress=on_progress)


def stored(roll: str, lexicon: WordList, count: bool,
           db_path: Path | None = None) -> QlessResult | None:
    """The roll's answer from the atlas, if it holds a final one for this word list (and a
    complete count, with `count`). The stored board is validated again before it is used."""
    from puzzlesmith.qless.atlas import default_db_path, lookup
    from puzzlesmith.qless.board import Board, is_solution
    from puzzlesmith.qless.solve import QlessResult, anagrams_of

    doc = lookup(db_path or default_db_path(), roll, lexicon.content_hash)
    if doc is None or doc.get("status") not in ("solved", "unsolvable"):
        return None
    if count and not doc.get("count_complete"):
        return None
    board = Board.from_rows(doc["board"]) if doc.get("board") else None
    if (doc["status"] == "solved") != (board is not None):
        return None
    if board is not None and not is_solution(board, roll, lexicon):
        return None
    return QlessResult(
        letters=roll, status=doc["status"], board=board,
        anagrams=tuple(anagrams_of(roll, lexicon)), placements=int(doc.get("placements", 0)),
        seconds=float(doc.get("seconds", 0.0)), lexicon=lexicon.name,
        solutions=int(doc["solutions"]) if count else None, count_complete=count,
        extra={"atlas": doc.get("atlas")},
    )


def census_verdict(found: Census, key: str, faces: tuple[str, ...] | None) -> str:
    """What a census says of a roll: "unsolvable", "solvable", or "not a roll" (of the dice)."""
    from puzzlesmith.qless.dice import could_roll

    if not could_roll(key, faces):
        return "not a roll"
    return "unsolvable" if found.is_unsolvable(key) else "solvable"


def atlas_list(spec: LexiconSpec, db_path: Path) -> tuple[str, str]:
    """The word list (content hash, name) whose stored answers a lookup or the atlas's stats
    read: when `spec` names no list (the default list, whole) and the atlas at `db_path` holds
    one list only, that one, as whoever built it for one list means it; else `spec`'s. The
    CLI and the web ask here, so a lookup that names no list answers the same from both
    (a server started with --lexicon names its list in every request that names none)."""
    from puzzlesmith.lexicon import LexiconSpec, narrowed

    if replace(spec, source=spec.source or None) == LexiconSpec() and db_path.exists():
        from puzzlesmith.qless.atlas import store

        con = store.connect(db_path, create=False)
        try:
            present = store.lexicons(con)
        finally:
            con.close()
        if len(present) == 1:
            h, name, _ = present[0]
            return h, name
    lexicon = narrowed(spec)[0]
    return lexicon.content_hash, lexicon.name


def look_up(key: str, lexicon_hash: str, lexicon_name: str, *, db_path: Path,
            faces: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The atlas's document for a roll (sorted letters) on this word list and dice, or a miss:
    {"letters", "found": false, "lexicon"}, with "stored_for" (the word lists the atlas holds
    it for) when there is an atlas, and "census" (`census_verdict`) when a census of this
    word list and these dice is at hand. Nothing is solved."""
    from puzzlesmith.qless import census
    from puzzlesmith.qless.atlas import store
    from puzzlesmith.qless.dice import dice_key

    which = dice_key(faces) if faces is not None else store.REAL_DICE
    miss: dict[str, Any] = {"letters": key, "found": False, "lexicon": lexicon_name}
    if db_path.exists():
        doc = store.lookup(db_path, key, lexicon_hash, which)
        if doc is not None:
            return doc
        con = store.connect(db_path, create=False)
        try:
            miss["stored_for"] = store.holders(con, key)
        finally:
            con.close()
    found = census.of(lexicon_hash, which)
    if found is not None:
        miss["census"] = census_verdict(found, key, faces)
    return miss
