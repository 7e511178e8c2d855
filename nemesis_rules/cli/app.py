"""The ``nemesis-rules`` command: a Typer app, one module per command.

Exit codes (design.md): 0 fine, 1 the rules say no, 2 bad input, 3 an internal fault. Bad input
and a fault are one line on stderr, never a traceback: :class:`OneLineErrors` turns Click usage errors and
:class:`~nemesis_rules.errors.BadInputError` into that line. The help is Typer's (rich panels:
the options that choose the game, the output, the rule texts; see ``cli/options.py``), shell
completion is on (``--install-completion``), and ``--version`` prints the package's version.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from importlib import metadata
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

try:  # Typer >= 0.20 vendors Click as typer._click; older releases depend on Click itself.
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click import exceptions as click_errors  # type: ignore[no-redef,import-not-found,unused-ignore]

from nemesis_rules.cli.options import conventions
from nemesis_rules.errors import BadInputError

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
    """A command group whose usage errors and bad input end in one line and exit code 2."""

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
        except typer.Abort:
            typer.echo("nemesis-rules: aborted", err=True)
            sys.exit(130)
        except typer.Exit as exc:
            sys.exit(exc.exit_code)
        except click_errors.ClickException as exc:
            typer.echo(f"nemesis-rules: error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except Exception as exc:  # exit code 3: an internal fault, in one line, never a traceback
            typer.echo(
                f"nemesis-rules: internal error: {type(exc).__name__}: {exc} (a bug in nemesis-rules; please report "
                "it with the command that caused it)",
                err=True,
            )
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
    """Register every command module of this package (each has a ``register(app)``)."""
    import importlib
    import pkgutil

    import nemesis_rules.cli as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if callable(register):
            register(app)


_register()


def main() -> None:
    """Console-script entry point."""
    app()
