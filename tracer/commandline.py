"""The click classes behind ``trace``: its default command, its help layout, its one error style.

Every error a user meets reads ``trace: error: …`` (click's usage errors too,
with the usage line above), exits 2 for bad input and 1 for a fault of the
environment, and never shows a traceback.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click
import click._textwrap as click_textwrap

from .errors import InputError, RenderError, TooLargeError, TracerError, one_line
from .outputs.safe_write import stdout_guard

F = TypeVar("F", bound=Callable[..., Any])


class Failure(click.ClickException):
    """An error shown as one line, ``trace: error: …``, with a chosen exit status."""

    def __init__(self, message: str, exit_code: int, usage: str | None = None):
        super().__init__(message)
        self.exit_code = exit_code  # type: ignore[misc]  # click declares a class default
        self.usage = usage

    def show(self, file: Any = None) -> None:
        if self.usage:
            click.echo(self.usage, err=True)
        click.echo(f"trace: error: {one_line(self.message)}", err=True)


def reports_errors(command: F) -> F:
    """Turn tracer's own errors into one-line messages: 2 for bad input, 1 for failures."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with stdout_guard():  # a closed or full standard output: one line, exit 1
                return command(*args, **kwargs)
        except (InputError, TooLargeError) as exc:
            raise Failure(str(exc), 2) from None
        except (RenderError, TracerError) as exc:
            raise Failure(str(exc), 1) from None

    return wrapper  # type: ignore[return-value]


class _WholeWordWrapper(click_textwrap.TextWrapper):
    """Wraps help text between words only, so ``--max-nodes`` never splits at its hyphen."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs["break_on_hyphens"] = False
        super().__init__(*args, **kwargs)


@contextmanager
def _whole_words() -> Iterator[None]:
    # click builds its wrapper from this module attribute each time it wraps.
    saved = click_textwrap.TextWrapper
    click_textwrap.TextWrapper = _WholeWordWrapper  # type: ignore[misc]
    try:
        yield
    finally:
        click_textwrap.TextWrapper = saved  # type: ignore[misc]


class HelpFormatter(click.HelpFormatter):
    """click's formatter, without breaking option names at their hyphens."""

    def write_text(self, text: str) -> None:
        with _whole_words():
            super().write_text(text)

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        with _whole_words():
            super().write_dl(rows, col_max, col_spacing)


class Context(click.Context):
    formatter_class = HelpFormatter


class Command(click.Command):
    """A subcommand whose usage errors read ``trace: error: …`` below its usage line."""

    context_class = Context

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.UsageError as exc:
            raise usage_failure(exc) from None


def usage_failure(exc: click.UsageError) -> Failure:
    """A click usage error in tracer's style."""
    usage = exc.ctx.get_usage() if exc.ctx is not None else None
    return Failure(exc.format_message(), 2, usage)


class DefaultGroup(click.Group):
    """A group whose first argument, when it is not a command, goes to ``run``.

    So ``trace board.txt`` means ``trace run board.txt``, and ``trace --help``
    shows what ``trace BOARD`` can do as well as the other commands.
    """

    context_class = Context
    command_class = Command

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["run", *args]
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise usage_failure(exc) from None

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, "BOARD [OPTIONS]")
        formatter.write_usage(ctx.command_path, "COMMAND [ARGS]...", prefix="   or: ")

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        run = self.commands.get("run")
        if run is not None:
            with formatter.section("Options of trace BOARD (also: trace run BOARD)"):
                formatter.write_dl([r for p in run.get_params(ctx) if isinstance(p, click.Option)
                                    and (r := p.get_help_record(ctx)) is not None])
        super().format_options(ctx, formatter)
