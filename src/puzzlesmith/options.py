"""Command options declared once: a dataclass field an option, with its help, limits and
command-line spelling; the Typer command's parameters and the pydantic request's fields are
both made from it here, so an option exists on the command line and in the API or in neither.

A family's options object (`fill.options.FillOptions`, `search.query.WordQuery`) lives beside
its engine. Each field is an `option(...)`: its default, one help text, its limits (checked
by `check_limits` when the object is built, so the library, the CLI and the API refuse the
same values with the same message), the commands of the family that take it, and where the
command line's form differs from the API's (a word file on the command line, the words
inline in a request; `3:40,4:30` against `{"3": 40}`), the converter from the command line's
form. `cli_command` adds a family's options to a Typer command; `request_model` makes a
command's pydantic request.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from puzzlesmith.errors import InputError

SPEC = "puzzlesmith.option"


@dataclass(frozen=True)
class Spec:
    """How one option is spelled and bounded (see the module's docstring)."""

    help: str
    short: tuple[str, ...] = ()  # more command-line names: "-t", "--timeout"
    commands: frozenset[str] | None = None  # None: every command of the family
    ge: float | None = None
    le: float | None = None
    gt: float | None = None
    negatable: bool = False  # --name/--no-name on the command line
    cli_type: Any = None  # what Typer parses, where not the field's type
    from_cli: Callable[[Any], Any] | None = None  # the command line's value -> the field's
    api_type: Any = None  # what a request holds, where not the field's type
    api: dict[str, Any] = dataclasses.field(default_factory=dict)  # more pydantic Field args
    required: bool = False  # a request must give it (the command line says so itself)
    # A command's own default where it is not the field's: {"explain": 30.0}.
    defaults: dict[str, Any] = dataclasses.field(default_factory=dict)

    def takes(self, command: str) -> bool:
        return self.commands is None or command in self.commands


def option(default: Any = None, help: str = "", *, factory: Callable[[], Any] | None = None,
           **spec: Any) -> Any:
    """A field of an options object: its default (or `factory`) and its `Spec`."""
    meta = {SPEC: Spec(help, **spec)}
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


LEXICON_HELP = ("Word list: a registered name (see `lexicon list`, /api/lexicons; on the command "
                "line also a path to a word file); default: the bundled list.")
COMMON_TOP_HELP = "How many of the most frequent words count as common."


def lexicon_option(help: str = LEXICON_HELP) -> Any:
    """The word list, an option of every family that searches words: spelled, bounded and
    shortened (-L) the same everywhere."""
    return option(None, help, short=("-L",), api={"max_length": 100})


def common_top_option(help: str = COMMON_TOP_HELP) -> Any:
    """The frequency cut of what is common, the same bounds in every family."""
    from puzzlesmith.lexicon.model import DEFAULT_COMMON_TOP

    return option(DEFAULT_COMMON_TOP, help, ge=1, le=1_000_000)


@dataclass(frozen=True)
class Declared:
    """One option of a family as the adapters see it: its name, type, default and spec."""

    name: str
    type: Any
    default: Any
    spec: Spec

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


def declared(cls: type, command: str | tuple[str, ...] | None = None) -> list[Declared]:
    """The options of `cls` (all, or those `command` takes: any of them, for a tuple), in
    their order, each with its default for `command` (a command's own, `Spec.defaults`)."""
    commands = (command,) if isinstance(command, str) else command
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        spec = f.metadata.get(SPEC)
        if spec is None or (commands is not None and not any(map(spec.takes, commands))):
            continue
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
        if isinstance(command, str):
            default = spec.defaults.get(command, default)
        out.append(Declared(f.name, hints[f.name], default, spec))
    return out


def check_limits(obj: Any) -> None:
    """InputError for the first option of `obj` outside its limits, named as the command
    line names it (the API answers the same line, as a 400)."""
    for d in declared(type(obj)):
        value = getattr(obj, d.name)
        if not isinstance(value, int | float) or isinstance(value, bool):
            continue
        s = d.spec
        if not math.isfinite(value):  # nan passes every comparison; inf is no limit at all
            raise InputError(f"{d.flag} must be a finite number, not {value}")
        if (s.ge is not None and value < s.ge) or (s.le is not None and value > s.le) or (
                s.gt is not None and value <= s.gt):
            low = f"at least {_number(s.ge)}" if s.ge is not None else (
                f"over {_number(s.gt)}" if s.gt is not None else "")
            high = f"at most {_number(s.le)}" if s.le is not None else ""
            raise InputError(f"{d.flag} must be {' and '.join(p for p in (low, high) if p)}, "
                             f"not {_number(value)}")


def _number(x: float) -> str:
    """A bound as a person writes it: 1000000, not 1e+06; 0.5 as is."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


# --- the command line -------------------------------------------------------------------


def _typer_param(d: Declared) -> inspect.Parameter:
    import typer

    s = d.spec
    names = (f"{d.flag}/--no-{d.flag[2:]}" if s.negatable else d.flag, *s.short)
    # No min or max here: check_limits refuses a value outside them with the API's message.
    info = typer.Option(*names, help=s.help, show_default=d.default not in (None, (), "", {}))
    kind = s.cli_type if s.cli_type is not None else d.type
    default = d.default if s.cli_type is None else None
    if isinstance(default, tuple | dict | frozenset):
        default = None
    return inspect.Parameter(d.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=Annotated[kind, info])


def cli_command(cls: type,
                command: str | tuple[str, ...]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A Typer command taking `cls`'s options for `command` (or for any of several commands
    one CLI command runs: `match` and `match --equation`) besides its own parameters: the
    function is called with `options=cls(...)` in place of them (bad values are InputError,
    as everywhere). Its own parameters come first in --help, then the options, then --json."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        own = inspect.signature(fn, eval_str=True)
        hints = typing.get_type_hints(fn, include_extras=True)
        mine = [p.replace(annotation=hints.get(p.name, p.annotation),
                          kind=inspect.Parameter.KEYWORD_ONLY)
                for p in own.parameters.values() if p.name != "options"]
        opts = declared(cls, command)
        names = {d.name for d in opts}
        clash = names & {p.name for p in mine}
        assert not clash, f"{fn.__name__}: {clash} are options of {cls.__name__}"
        last = [p for p in mine if p.name == "json"]
        params = [p for p in mine if p.name != "json"] + [_typer_param(d) for d in opts] + last

        @functools.wraps(fn)
        def command_fn(**kwargs: Any) -> Any:
            values = {}
            for d in opts:
                value = kwargs.pop(d.name)
                if d.spec.from_cli is not None:
                    value = d.spec.from_cli(value)
                elif value is None and d.default is not None:
                    value = d.default
                values[d.name] = value
            return fn(**kwargs, options=cls(**values))

        del command_fn.__wrapped__  # Typer reads the signature below, not fn's
        command_fn.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        command_fn.__annotations__ = {p.name: p.annotation for p in params}
        return command_fn

    return wrap


# --- the API --------------------------------------------------------------------------------


def request_fields(cls: type, command: str,
                   overrides: dict[str, tuple[Any, Any]] | None = None) -> dict[str, Any]:
    """`cls`'s options for `command` as pydantic `create_model` fields: (type, Field)."""
    from pydantic import Field

    fields: dict[str, Any] = {}
    for d in declared(cls, command):
        if overrides and d.name in overrides:
            fields[d.name] = overrides[d.name]
            continue
        s = d.spec
        kind = s.api_type if s.api_type is not None else d.type
        if kind is bool:
            from pydantic import StrictBool

            kind = StrictBool
        default: Any = ... if s.required else (
            list(d.default) if isinstance(d.default, tuple) else d.default)
        args: dict[str, Any] = {k: v for k, v in (("ge", s.ge), ("le", s.le), ("gt", s.gt))
                                if v is not None}
        extra = dict(s.api)
        if "item_max_length" in extra:  # a list of bounded strings
            from pydantic import StringConstraints

            item = Annotated[str, StringConstraints(max_length=extra.pop("item_max_length"))]
            kind = list[item]
        fields[d.name] = (kind, Field(default, description=s.help, **args, **extra))
    return fields


def request_model(cls: type, command: str, name: str, base: Any,
                  overrides: dict[str, tuple[Any, Any]] | None = None, **own: Any) -> Any:
    """The pydantic request of `command`: `own` fields (its inputs: a grid, an entry), then
    `cls`'s options for it, on `base` (a tuple of bases, or one)."""
    from pydantic import create_model

    fields = {**own, **request_fields(cls, command, overrides)}
    return create_model(name, __base__=base, __module__="puzzlesmith.web.api", **fields)


_Options = TypeVar("_Options")


def from_request(cls: type[_Options], command: str, values: dict[str, Any]) -> _Options:
    """The options object of a request's values (a task's keyword arguments): its options
    for `command`, each list a tuple; other keys are left to the caller."""
    kept = {}
    for d in declared(cls, command):
        if d.name in values:
            value = values[d.name]
            kept[d.name] = tuple(value) if isinstance(value, list) else value
    return cls(**kept)


# --- the docs --------------------------------------------------------------------------------


def _shown(value: Any) -> str:
    if value in (None, (), {}, ""):
        return "-"
    if isinstance(value, bool):
        return "on" if value else "off"
    return f"{value:g}" if isinstance(value, float) else str(value)


def option_table(cls: type, commands: tuple[str, ...]) -> str:
    """`cls`'s options as the Markdown table of its family's docs page (the command-line
    name; a request's field is the same with `_` for `-`); tests/foundation/test_options.py
    holds the page to it."""
    lines = ["| option | commands | default | meaning |", "|---|---|---|---|"]
    for d in declared(cls):
        where = "all" if d.spec.commands is None else ", ".join(
            c for c in commands if c in d.spec.commands)
        meaning = d.spec.help.replace("|", "\\|")
        default = _shown(d.default) + "".join(
            f", {c}: {_shown(v)}" for c, v in d.spec.defaults.items())
        lines.append(f"| `{d.flag}` | {where} | {default} | {meaning} |")
    return "\n".join(lines) + "\n"
