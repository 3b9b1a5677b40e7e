"""The click classes behind ``trace``: its default command, its help layout, its one error style.

Every error reads ``trace: error: …`` (click's usage errors below the usage line), exits 2
for bad input and 1 for a fault of the environment, and shows no traceback; a reader that
leaves early (``trace … | head``) ends the run quietly, with exit status 0.
"""

from __future__ import annotations

import difflib
import functools
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import click
from click.core import ParameterSource
from click.shell_completion import CompletionItem

from .console import prepare_streams
from .errors import InputError, RenderError, TooLargeError, TracerError, one_line, safe_name
from .outputs.safe_write import ReaderGone, stdout_guard

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
    """Tracer's own errors as one-line messages: 2 for bad input, 1 for failures."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with stdout_guard():  # a closed or full standard output: one line, exit 1
                return command(*args, **kwargs)
        except ReaderGone:  # `trace … | head` read all it wanted: nothing went wrong
            raise click.exceptions.Exit(0) from None
        except (InputError, TooLargeError) as exc:
            raise Failure(str(exc), 2) from None
        except (RenderError, TracerError) as exc:
            raise Failure(str(exc), 1) from None

    return wrapper  # type: ignore[return-value]


@contextmanager
def _whole_words() -> Iterator[None]:
    """Wrap help text between words only, so ``--max-nodes`` never splits at its hyphen (click
    builds its wrapper from this module's attribute each time it wraps)."""
    import click._textwrap as click_textwrap

    saved = click_textwrap.TextWrapper
    click_textwrap.TextWrapper = functools.partial(saved, break_on_hyphens=False)  # type: ignore[misc,assignment]
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


#: Set in a context's ``meta`` when ``trace BOARD`` stands for ``trace run BOARD``.
IMPLIED_RUN = "tracer.implied_run"


class Command(click.Command):
    """A subcommand whose usage errors read ``trace: error: …``."""

    context_class = Context

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            ctx = super().make_context(*args, **kwargs)
            refuse_empty_values(ctx)
            return ctx
        except click.UsageError as exc:
            raise usage_failure(exc) from None

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if ctx.meta.get(IMPLIED_RUN) and ctx.parent is not None:  # as the user typed it
            formatter.write_usage(ctx.parent.command_path, "BOARD [OPTIONS]")
        else:
            super().format_usage(ctx, formatter)


def refuse_empty_values(ctx: click.Context) -> None:
    """An option given an empty value (``--scores ''``) is a bad value, never read as the default
    (an option whose value may be left out, ``--example``, keeps its bare form)."""
    for param in ctx.command.params:
        if not isinstance(param, click.Option) or param.name is None or param.is_flag:
            continue
        if ctx.get_parameter_source(param.name) != ParameterSource.COMMANDLINE or param.flag_value == "":
            continue
        value = ctx.params.get(param.name)
        values = value if isinstance(value, tuple) else (value,)
        if any(isinstance(v, str) and not v.strip() for v in values):
            raise click.BadParameter(f"expected a value, found {value!r}", ctx, param)


def usage_failure(exc: click.UsageError) -> Failure:
    usage = exc.ctx.get_usage() if exc.ctx is not None else None
    return Failure(exc.format_message(), 2, usage)


def complete_path(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Shell completion by the shell's own file names (``complete_folder``: folder names)."""
    return [CompletionItem(incomplete, type="file")]


def complete_folder(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return [CompletionItem(incomplete, type="dir")]


#: The root options that are not ``trace BOARD``'s.
ROOT_OPTIONS = ("--help", "-h", "--version", "-V")


class DefaultGroup(click.Group):
    """A group whose first argument, when it is not a command, goes to ``run``: ``trace
    board.txt`` is ``trace run board.txt``, and ``trace --help`` lists ``trace BOARD``'s
    options too; ``trace`` alone shows the short usage and the examples."""

    context_class = Context
    command_class = Command

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        prepare_streams()
        return super().main(args, *rest, **kwargs)

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        if os.environ.get("NO_COLOR"):  # https://no-color.org: no colour unless asked for
            extra.setdefault("color", False)
        return super().make_context(info_name, args, parent, **extra)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:
            click.echo(self.short_help_text(ctx))
            ctx.exit(0)
        if args and args[0] not in self.commands and args[0] not in ROOT_OPTIONS:
            self.check_not_a_misspelt_command(args[0])
            ctx.meta[IMPLIED_RUN] = True
            args = ["run", *args]
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise usage_failure(exc) from None

    def check_not_a_misspelt_command(self, word: str) -> None:
        """``trace plya``: a word that is no file but nearly a command's name is a typo."""
        if word.startswith("-") or os.path.exists(word):
            return
        close = difflib.get_close_matches(word, sorted(self.commands), n=1)
        if close:
            raise Failure(f"{safe_name(word)}: no such file or command; did you mean trace {close[0]}?", 2)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """The first word of ``trace`` is a command or a BOARD file, and ``trace BOARD``'s
        options are the root's too: complete all of them."""
        run = self.commands.get("run")
        found = super().shell_complete(ctx, incomplete)
        if run is None:
            return found
        if not incomplete.startswith("-"):
            # First: the shell's script clears the list at a "file" item, then keeps
            # any command name after it (and completes file names only without one).
            return [CompletionItem(incomplete, type="file"), *found]
        offered = {item.value for item in found}
        for param in run.get_params(ctx):
            if isinstance(param, click.Option) and not param.hidden:
                offered.update(n for n in param.opts + param.secondary_opts if n.startswith(incomplete))
        return [CompletionItem(name) for name in sorted(offered)]

    def short_help_text(self, ctx: click.Context) -> str:
        """What ``trace`` alone prints: the usage, what it does, the examples, where help is."""
        formatter = ctx.make_formatter()
        self.format_usage(ctx, formatter)
        first = (self.help or "").strip().split("\n\n", 1)[0]
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(" ".join(first.split()))
        self.format_epilog(ctx, formatter)
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(f"Commands: {', '.join(sorted(self.commands))}. trace --help lists "
                                 "every option; trace COMMAND --help describes one command.")
        return formatter.getvalue().rstrip("\n")

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, "BOARD [OPTIONS]")
        formatter.write_usage(ctx.command_path, "COMMAND [ARGS]...", prefix="   or: ")

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        run = self.commands.get("run")
        if run is not None:
            with formatter.section("Options of trace BOARD (also: trace run BOARD)"):
                # --version and --help are the root's own, listed once below.
                own_help = run.get_help_option(ctx)
                formatter.write_dl([r for p in run.get_params(ctx) if isinstance(p, click.Option)
                                    and p.name != "version" and p is not own_help
                                    and (r := p.get_help_record(ctx)) is not None])
        super().format_options(ctx, formatter)
