"""One list of options per command family: the CLI's commands, the API's request schemas and
the docs' option tables all hold the options of the family's options object, no more and no
fewer, and the object's limits are the same on both sides.

An option added to the object reaches both adapters (they are made from it); one added by
hand to a Typer command or a request model, or left out of the docs table, fails here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from puzzlesmith.errors import InputError
from puzzlesmith.fill.options import FillOptions
from puzzlesmith.options import declared, option_table
from puzzlesmith.qless.options import QlessOptions
from puzzlesmith.search.query import WordQuery
from puzzlesmith.stars.options import GenerateOptions, StarsOptions
from puzzlesmith.wordgrid.options import CreateOptions, SolveOptions

ROOT = Path(__file__).resolve().parents[2]

# What every CLI command takes besides its family's options (each command's own input and
# output are named beside it in FAMILIES).
CLI_OWN = {"json", "help"}
# The server's own bound on what a request may ask (web.api.MAX_TIMEOUT): the command line
# runs as long as its user asks.
SERVER_BOUNDS = {("time_limit", "maximum")}
# A request's own defaults: a count job always counts, for longer.
SERVER_DEFAULTS = {("QlessCountRequest", "count"), ("QlessCountRequest", "time_limit")}


def _cli_command(path: list[str]) -> Any:
    from puzzlesmith.cli import load_command

    command: Any = load_command(path[0])
    for name in path[1:]:
        command = command.get_command(None, name)  # a lazy group's too (`qless atlas`)
    return command


def _api_fields(model_name: str) -> dict[str, Any]:
    from puzzlesmith.web import api

    schema = getattr(api, model_name).model_json_schema()
    fields: dict[str, Any] = schema["properties"]
    return fields


GRID = frozenset({"grid", "file"})
WORDS = frozenset({"patterns", "pattern", "letters", "from_file", "equation", "query"})

ROLLS = frozenset({"letters", "from_file", "all_", "anagrams", "define"})

PUZZLES = frozenset({"puzzle", "sources", "source", "from_file"})

# (family's object, its docs page, its commands as (name, CLI path, request model, what the
# command or the request takes besides the options: its input, its output)); one CLI
# command may run two (`match --equation`): its options are both commands' options.
FAMILIES = [
    (FillOptions, "docs/fill.md", [
        ("fill", ["fill", "grid"], "FillRequest", GRID | {"out"}),
        ("check", ["fill", "check"], "FillCheckRequest", GRID),
        ("region", ["fill", "region"], "FillRegionRequest", GRID),
        ("candidates", ["fill", "candidates"], "FillCandidatesRequest", GRID),
    ]),
    (WordQuery, "docs/words.md", [
        ("match", ["match"], "MatchRequest", WORDS),
        ("anagram", ["anagram"], "AnagramRequest", WORDS),
        ("equation", ["match"], "EquationRequest", WORDS),
    ]),
    (SolveOptions, "docs/wordgrid.md", [
        ("solve", ["wordgrid", "solve"], "WordgridSolveRequest",
         frozenset({"rows", "files", "define"})),
    ]),
    (CreateOptions, "docs/wordgrid.md", [
        ("create", ["wordgrid", "create"], "WordgridCreateRequest", frozenset({"out"})),
    ]),
    # /api/qless/count is `qless solve --count` as a job; a roll's seed picks the roll.
    (QlessOptions, "docs/qless.md", [
        ("solve", ["qless", "solve"], "QlessSolveRequest", ROLLS),
        ("solve", ["qless", "solve"], "QlessCountRequest", ROLLS),
        ("roll", ["qless", "roll"], "QlessRollRequest", frozenset({"seed"})),
        ("hint", ["qless", "hint"], "QlessHintRequest", ROLLS),
        ("grade", ["qless", "grade"], "QlessGradeRequest", ROLLS),
        ("daily", ["qless", "daily"], "QlessDailyRequest", frozenset()),
        ("lookup", ["qless", "atlas", "lookup"], "AtlasLookupRequest", ROLLS | {"db"}),
    ]),
    (StarsOptions, "docs/stars.md", [
        ("solve", ["stars", "solve"], "StarsSolveRequest", PUZZLES),
        ("explain", ["stars", "explain"], "StarsExplainRequest", PUZZLES),
        ("hint", ["stars", "hint"], "StarsHintRequest", PUZZLES | {"level"}),
        ("check", ["stars", "check"], "StarsCheckRequest", PUZZLES),
        ("convert", ["stars", "convert"], "StarsParseRequest", PUZZLES | {"to", "output"}),
    ]),
    (GenerateOptions, "docs/stars.md", [
        ("generate", ["stars", "generate"], "StarsGenerateRequest", frozenset({"show_solution"})),
    ]),
]
CASES = [(cls, command, path, model, own) for cls, _, commands in FAMILIES
         for command, path, model, own in commands]
IDS = [f"{c[0].__name__}-{c[3]}" for c in CASES]


def _cli_commands(cls: type, path: list[str]) -> tuple[str, ...]:
    """The family's commands the CLI command at `path` runs."""
    return tuple(c for family, _, commands in FAMILIES if family is cls
                 for c, p, _, _ in commands if p == path)


@pytest.mark.parametrize(("cls", "command", "path", "model", "own"), CASES, ids=IDS)
def test_the_cli_and_the_api_take_the_family_options(cls: type, command: str, path: list[str],
                                                      model: str, own: frozenset[str]) -> None:
    wanted_cli = {d.name for d in declared(cls, _cli_commands(cls, path))}
    wanted = {d.name for d in declared(cls, command)}
    cli = {p.name for p in _cli_command(path).params} - CLI_OWN - own
    api = set(_api_fields(model)) - own
    assert cli == wanted_cli, f"CLI {' '.join(path)}: extra {cli - wanted_cli}, missing {wanted_cli - cli}"
    assert api == wanted, f"API {model}: extra {api - wanted}, missing {wanted - api}"


@pytest.mark.parametrize(("cls", "command", "path", "model", "own"), CASES, ids=IDS)
def test_defaults_and_limits_are_the_same_on_both_sides(cls: type, command: str,
                                                         path: list[str], model: str,
                                                         own: frozenset[str]) -> None:
    params = {p.name: p for p in _cli_command(path).params}
    fields = _api_fields(model)
    for d in declared(cls, command):
        field = fields[d.name]
        schema = next((s for s in field.get("anyOf", [field]) if s.get("type") != "null"), field)
        for key, bound in (("minimum", d.spec.ge), ("maximum", d.spec.le),
                           ("exclusiveMinimum", d.spec.gt)):
            if (d.name, key) in SERVER_BOUNDS:
                continue
            assert schema.get(key) == bound, (d.name, key)
        if d.spec.cli_type is None and not d.spec.required:
            assert params[d.name].default == d.default, d.name
            if (model, d.name) not in SERVER_DEFAULTS:
                assert field.get("default") == d.default, d.name


@pytest.mark.parametrize(("cls", "doc", "commands"), FAMILIES,
                         ids=[f[0].__name__ for f in FAMILIES])
def test_the_docs_table_is_the_list(cls: type, doc: str, commands: list[Any]) -> None:
    table = option_table(cls, tuple(dict.fromkeys(c[0] for c in commands)))
    assert table in (ROOT / doc).read_text("utf-8"), (
        f"{doc}'s option table differs from {cls.__name__}'s options; it should read:\n{table}")


def test_word_query_checks_sort_once() -> None:
    """`--sort` is checked and mapped in one place (it was four: match, anagram and equation
    on the web, match and anagram on the command line)."""
    assert WordQuery(sort="freq").order == "freq" and WordQuery().order is None
    assert WordQuery(sort="alpha").order == "alpha"
    with pytest.raises(InputError, match="--sort must be alpha or freq, not 'size'"):
        WordQuery(sort="size")
    with pytest.raises(InputError, match="--contains does not apply to equations"):
        WordQuery(contains="e").refuse_outside("equation", "equations")
    WordQuery(kind_of="bird").refuse_outside("equation", "equations")


def test_fill_options_refuse_what_both_sides_refuse() -> None:
    """The object's own checks: the CLI and the API meet the same message."""
    with pytest.raises(InputError, match="--limit must be at least 1 and at most 2000, not 0"):
        FillOptions(limit=0)
    with pytest.raises(InputError, match="--max-shared-substring must be at least 2"):
        FillOptions(max_shared_substring=1)
    with pytest.raises(InputError, match="--time-limit must be over 0"):
        FillOptions(time_limit=0)
    with pytest.raises(InputError, match="holds no letter a-z"):
        FillOptions(block=("--",))
    assert FillOptions(prefer=("One-Off", "star")).prefer == ("oneoff", "star")
    assert FillOptions(min_score_by_length={"3": 40}).min_score_by_length == {3: 40}  # type: ignore[dict-item]
