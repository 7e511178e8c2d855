"""The ``nemesis-rules`` command: a Typer app, one module per command.

Exit codes (design.md): 0 fine, 1 the rules say no, 2 bad input, 3 an internal fault. Bad input
and faults are one line on stderr, never a traceback: :class:`OneLineErrors` turns Click usage
errors, :class:`~nemesis_rules.errors.BadInputError` and an unreadable or unwritable path into
exit 2, and any other exception into "internal error ...; please report" and exit 3.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup

try:  # Typer >= 0.20 vendors Click as typer._click; older releases depend on Click itself.
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click import exceptions as click_errors  # type: ignore[no-redef,import-not-found,unused-ignore]

from nemesis_rules.errors import BadInputError, InternalError, one_line, shorten


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
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def _root() -> None:
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
