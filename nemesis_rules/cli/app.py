"""The ``nemesis-rules`` command: a Typer app, one module per command.

Exit codes (design.md): 0 fine, 1 the rules say no, 2 bad input, 3 an internal fault. Bad input
and faults are one line on stderr, never a traceback: :class:`OneLineErrors` turns Click usage
errors, :class:`~nemesis_rules.errors.BadInputError` and an unreadable or unwritable path into
exit 2, and any other exception into "internal error ...; please report" and exit 3.

Commands are loaded when they run, not at start-up: :data:`COMMANDS` lists each with the
module(s) that register it and the line ``nemesis-rules --help`` shows for it, so the help, and
any one command, imports only what it needs (the board drawing's matplotlib, z3, the engine are
imported by the commands that use them; ``nemesis-rules --help`` took 1.3-1.9 s of CPU when
every command was imported up front). A test holds the listed lines to the commands' own help.

The help is Typer's (rich panels: the options that choose the game, the output, the rule texts;
see ``cli/options.py``), shell completion is on (``--install-completion``), and ``--version``
prints the package's version.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from difflib import get_close_matches
from importlib import metadata
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

try:  # Typer >= 0.20 vendors Click as typer._click; older releases depend on Click itself.
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click import exceptions as click_errors  # type: ignore[no-redef,import-not-found,unused-ignore]

from nemesis_rules.cli.options import conventions
from nemesis_rules.errors import BadInputError, InternalError, one_line, shorten

COMMANDS: dict[str, tuple[tuple[str, ...], str]] = {
    "board": (("board",), "The ship graph: a summary table, --check, --format json|dot|graphml, --png/--svg pictures."),
    "check": (("check",), "Check the rules and write the report (index.html, errata.md, report.json, conflicts.csv)."),
    "play": (("play",), "Play one seeded random legal game and print its summary."),
    "prove": (("prove",), "Prove every encoded invariant for every ruling combination (exit 1 on a counterexample)."),
    "replay": (("replay",), "Check a recorded game line by line; name the first illegal line and the rule it breaks."),
    "schema": (
        ("schema",),
        "Print the JSON Schema of a record line, a snapshot, the check's report, or a command's --json output.",
    ),
    "show": (
        ("show",),
        "Show the state after one line of a record: text, snapshot JSON, a picture, stills, or a viewer.",
    ),
    "fuzz": (("fuzz",), "Play many seeded random games and check every invariant after every transition."),
    "legal": (("legal",), "List every legal decision here, grouped by kind, and why the natural mistakes are not."),
    "ask": (("ask",), "Say whether ACTION is legal here, under which rule, and what it changes."),
    "situation": (
        ("situation",),
        "Situation files: a short TOML of what the table shows (new, check, snapshot).",
    ),
    "conformance": (
        ("conformance",),
        "A DATC-style conformance suite: export the cases, run an engine through them, serve this engine.",
    ),
    "rules": (
        ("rules", "alignment"),
        "The clause catalogue, the conflict report (rulings and automatic findings) and clause coverage.",
    ),
}
"""Each command: the modules of this package that register it (their ``register(app)``, in
order) and the first sentence of its help, which ``nemesis-rules --help`` lists without loading it."""

SHARED = ("app", "common", "options", "output_schemas", "texts")
"""The modules of this package that register no command: what the commands share."""

_loaded: dict[str, Any] = {}
"""The commands loaded so far in this process (Click command objects), by name."""


def _load(name: str) -> Any:
    """The Click command ``name``, built from its modules' registrations on the first call."""
    if name not in _loaded:
        import importlib

        holder = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="rich")
        for module in COMMANDS[name][0]:
            importlib.import_module(f"nemesis_rules.cli.{module}").register(holder)
        _loaded[name] = typer.main.get_group(holder).commands[name]
        conventions(_loaded[name])
    return _loaded[name]


_NOT_ONE_OF = re.compile(r"(?:Value error, )?'(?P<value>.*)' is not one of (?P<choices>.*?)\.?$")


def _choice_message(option: str, message: str) -> str:
    """A refused choice worded like the rest of the tool's bad input:
    ``unknown ruleset 'chess' (choose from base, void-seeders)``."""
    found = _NOT_ONE_OF.match(message)
    if found is None:
        return message
    choices = ", ".join(c.strip().strip("'") for c in found["choices"].split(","))
    return f"unknown {option.lstrip('-').replace('-', ' ')} {found['value']!r} (choose from {choices})"


class OneLineErrors(TyperGroup):
    """A command group whose usage errors and bad input end in one line and exit code 2, and
    whose commands (:data:`COMMANDS`) are imported only when one of them runs."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *(n for n in COMMANDS if n not in self.commands)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """A loaded command, or (for the help's list) a stand-in with the command's name and help."""
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in COMMANDS:
            return _loaded.get(cmd_name) or TyperCommand(cmd_name, help=COMMANDS[cmd_name][1])
        return found

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] in COMMANDS and args[0] not in self.commands:
            self.add_command(_load(args[0]), args[0])
        try:
            return super().resolve_command(ctx, args)
        except click_errors.UsageError as exc:  # a misspelt command: suggest from every command, loaded or not
            close = get_close_matches(args[0], self.list_commands(ctx)) if args else []
            if close and "Did you mean" not in exc.message:
                exc.message = f"{exc.message.rstrip('.')}. Did you mean {', '.join(map(repr, close))}?"
            raise

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        conventions(self)
        try:
            result = super().main(
                args=list(args) if args is not None else None,
                prog_name=prog_name or "nemesis-rules",
                complete_var=complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
        except click_errors.NoArgsIsHelpError as exc:
            typer.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(0)
        except click_errors.BadParameter as exc:
            names = [o for o in getattr(exc.param, "opts", ()) if o.startswith("--")] or [exc.param_hint or "input"]
            typer.echo(f"nemesis-rules: error: {names[0]}: {_choice_message(names[0], exc.message)}", err=True)
            sys.exit(2)
        except click_errors.UsageError as exc:
            where = f" ({exc.ctx.command_path})" if exc.ctx else ""
            typer.echo(f"nemesis-rules: error{where}: {exc.format_message()}", err=True)
            sys.exit(2)
        except BadInputError as exc:
            typer.echo(f"nemesis-rules: error: {exc}", err=True)
            sys.exit(2)
        except (typer.Abort, KeyboardInterrupt):
            typer.echo("nemesis-rules: aborted", err=True)
            sys.exit(130)
        except typer.Exit as exc:
            sys.exit(exc.exit_code)
        except click_errors.ClickException as exc:
            typer.echo(f"nemesis-rules: error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except OSError as exc:  # a path the command could not read or write: the user's to fix
            where = f" {shorten(repr(exc.filename))}" if exc.filename is not None else ""
            typer.echo(f"nemesis-rules: error: cannot use{where}: {one_line(exc.strerror or str(exc))}", err=True)
            sys.exit(2)
        except InternalError as exc:
            typer.echo(f"nemesis-rules: {exc}", err=True)
            sys.exit(3)
        except Exception as exc:  # a fault of this package: one line, exit 3, never a traceback
            fault = InternalError(f"{type(exc).__name__}: {shorten(str(exc))}")
            typer.echo(f"nemesis-rules: {fault}", err=True)
            sys.exit(3)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    name="nemesis-rules",
    help="An executable model of the Nemesis rules (base game and Void Seeders) that checks the rules.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


def _version() -> str:
    try:
        return metadata.version("nemesis-rules")
    except metadata.PackageNotFoundError:  # a source tree run without installing
        return "unknown (not installed)"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"nemesis-rules {_version()}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """An executable model of the Nemesis rules (base game and Void Seeders) that checks the rules."""


def _register() -> None:
    """Register, at start-up, every command module of this package that :data:`COMMANDS` does not
    list (a command added without a line there still works, only loaded eagerly)."""
    import importlib
    import pkgutil

    import nemesis_rules.cli as package

    listed = {module for modules, _ in COMMANDS.values() for module in modules}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name in listed or info.name in SHARED:
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if callable(register):
            register(app)


_register()


def main() -> None:
    """Console-script entry point."""
    app()
