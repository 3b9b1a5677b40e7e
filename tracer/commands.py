"""The ``trace`` command line as click's program: each command only wires its options
(``tracer.options``), the input and the game (``build_game``), the search (``chosen_search``)
and the outputs (``tracer.outputs``, whose modules are loaded only when asked for)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from . import games, search
from .check.command import check as check_command
from .commandline import DefaultGroup, Failure, complete_folder, complete_path, reports_errors
from .console import stdin_closed
from .errors import EnvironmentFault, InputError
from .opening import open_for_reading
from .options import (
    game_option,
    game_options,
    game_settings,
    given_options,
    output_options,
    search_options,
    turn_option,
)
from .outputs import Request, produce
from .outputs import run as run_outputs
from .outputs.files import check_name_length
from .outputs.progress import waiting
from .play.saving import DEFAULT_KINDS, OUTPUT_KINDS
from .scores import parse_scores

if TYPE_CHECKING:
    from .search import SearchSpec

EPILOG = """\b
Examples:
  trace board.txt                    log to the terminal, tree to board.svg
  trace --example near-endgame       the tutorial's board
  trace --example                    list the bundled examples
  trace board.txt -o tree.png        PNG instead of SVG (also: pdf, dot, json)
  trace board.txt --format json -o - the JSON trace on standard output
  cat board.txt | trace - --quiet    read the board from standard input
  trace render trace.json -o t.svg   draw a saved JSON trace again
  trace board.txt --figures figs     the tutorial's figures, with figs/index.html
  trace board.txt --algorithm alphabeta   alpha-beta: see what it prunes and why
  trace compare board.txt            the guide's minimax beside alpha-beta, memo, ...
  trace check minimax.js             check your own minimax against the guide's, call by call
"""


@click.group(cls=DefaultGroup, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(None, "-V", "--version", package_name="minimax-tracer", prog_name="trace")
def main() -> None:
    """Trace the tutorial's minimax on a tic-tac-toe board, call by call.

    `trace BOARD` prints the recursion log (every call, tagged with the
    tutorial's steps) and draws the game tree; its options are below.
    BOARD is a file (- for standard input): a board of three rows of three
    cells, the tutorial's array ["X", 1, "O", "X", 4, "X", "O", "O", 8] or
    nine cells on one line (X.OX.XOO.); a textbook tree (A: [B: [3, 12, 8],
    C: [2, 4, 6]]); or Nim's heaps (3 4 5). The documentation: docs/index.md.
    """


def complete_example(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from . import examples

    return [name for name in examples.names() if name.startswith(incomplete)]


def list_examples() -> None:
    """``trace --example`` without a name: every example and what it teaches."""
    from . import examples

    names = examples.names()
    width = max(map(len, names)) + 2
    for name in names:
        click.echo(f"{name:{width}}{examples.summary(name)}")
    click.echo(f"\nRun one with: trace --example NAME   (e.g. trace --example {names[0]})")


@main.command(epilog=EPILOG)
@click.argument("board", required=False, metavar="BOARD", shell_complete=complete_path)
@click.option("--example", is_flag=False, flag_value="", default=None, metavar="NAME",
              shell_complete=complete_example,
              help="Trace a bundled example (without NAME: list them).")
@game_options
@output_options
@click.version_option(None, "-V", "--version", package_name="minimax-tracer", prog_name="trace")
@reports_errors
def run(board: str | None, example: str | None, turn: str | None, game_name: str | None,
        algorithm: str, **options: Any) -> None:
    """Trace minimax on BOARD (a board file, a tree file, a Nim file, or - for standard input).

    A board file is three rows of three cells (X, O, and . - _ or the cell's
    index for empty), or the tutorial's array: ["X", 1, "O", "X", 4, "X", "O", "O", 8];
    4x4 and 5x5 boards are written the same way (--size, --in-a-row).
    A tree file is a textbook game tree: A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]
    (leaf values for MAX, labels optional; see docs/games.md).
    A Nim file is heap sizes: 3 4 5, or [1, 3, 5] with --game nim (see docs/games.md).
    """
    if example == "":
        list_examples()
        return
    one_board(board, example)
    game, out = split_options(options)
    search = chosen_search(algorithm, options)
    text, source = read_input(board, example)
    trace = search.run(build_game(text, source, game_name, turn, given=given_options(game), **game))
    produce(trace, Request(stem=stem_of(board, example), inputs=(board,) if board else (), **out))


RENDER_EPILOG = """\b
Examples:
  trace render trace.json -o t.svg      the tree again, and the log
  trace render trace.json -q --html t.html   the step-through page
  trace render trace.json --stats       the summary
  trace render trace.json --figures figs     the tutorial's figures
"""


@main.command(epilog=RENDER_EPILOG)
@click.argument("trace_file", metavar="TRACE.json", shell_complete=complete_path)
@output_options
@reports_errors
def render(trace_file: str, **out: Any) -> None:
    """Render a saved JSON trace again, without searching."""
    from .tracefile import load_json

    with open_input(trace_file) as stream, waiting(f"reading {display_name(trace_file)}"):
        trace = load_json(stream, display_name(trace_file))
    produce(trace, Request(stem=stem_of(trace_file, None), inputs=(trace_file,), **out))


@main.command()
@game_settings("ai")
@click.option("--first", type=click.Choice(["ai", "human"], case_sensitive=False), default="ai",
              show_default=True,
              help="Who opens: ai (the tutorial's Play Game button) or human (New Game).")
@game_settings("scores")
@search_options
@game_settings("order")
# Not offered (the game is the guide's 3×3 board), but answered: --size 4 says why not.
@click.option("--size", default=None, hidden=True)
@click.option("--save", "save_dir", metavar="DIR", shell_complete=complete_folder,
              help="Save every AI decision's trace in DIR (by default move-N.svg, move-N-figures/ and move-N.html).")
@click.option("--save-as", "kinds", multiple=True, metavar="KIND",
              type=click.Choice(list(OUTPUT_KINDS)),
              help=f"What to save, repeatable: {', '.join(OUTPUT_KINDS)} "
                   f"(default: {', '.join(DEFAULT_KINDS)}).")
@click.option("--color/--no-color", default=None,
              help="Colour the board (default: only on a terminal).")
@click.option("--html", "html_path", metavar="PATH", shell_complete=complete_path,
              help="Write the game as one offline page to PATH instead of playing here "
                   "(--ai and --scores choose what it starts with; both openings are buttons).")
@reports_errors
def play(ai: str, first: str, scores: str, algorithm: str, order: str, size: str | None, save_dir: str | None,
         kinds: tuple[str, ...], color: bool | None, html_path: str | None = None, **settings: Any) -> None:
    """Play tic-tac-toe against the tutorial's unbeatable minimax.

    Type a cell number (0-8) to play; after each AI move a line says why it
    played there. Type "why" for the full reason, "q" to quit (with --save DIR,
    each decision is also saved as files). Moves can be piped in:

    \b
      printf '4\\n2\\nn\\n' | trace play --first human
    """
    from .games.tictactoe.game import parse_order
    from .play.terminal import Session

    refuse_larger_board(size)
    if html_path is not None:
        refuse_given(["first", "algorithm", "order", "save_dir", "kinds", "color", *settings],
                     "applies to a game played here, not to the page --html writes (on the page, "
                     "either side opens and the search is chosen there)")
        _write_game_page(html_path, ai.upper(), scores)
        return
    if kinds and save_dir is None:
        raise InputError("says what --save writes: give --save DIR too (without it, nothing is saved)",
                         "--save-as")
    search, loop_order = chosen_search(algorithm, settings), parse_order(order)
    folder = _save_folder(save_dir)
    stdin = open_stdin()
    Session(ai=ai.upper(), first=first.lower(), scores=parse_scores(scores),  # type: ignore[arg-type]
            save_dir=folder, kinds=list(kinds) or list(DEFAULT_KINDS), stdin=stdin, color=color,
            echo_input=not stdin.isatty(), search=search, order=loop_order).run()


def _write_game_page(html_path: str, mark: str, scores: str) -> None:
    """``trace play --html``: the game as one offline page, starting with the AI as ``mark``."""
    from .outputs.game_page import GamePage, GamePageRequest
    from .play.page import build_page, scheme_of

    scheme = scheme_of(parse_scores(scores))
    run_outputs([GamePage(None, GamePageRequest(html_path, lambda: build_page(mark, scheme)))])  # type: ignore[arg-type]


def _save_folder(save_dir: str | None) -> Path | None:
    """The folder ``--save`` names, refused at once if a file has its name (other failures to
    create it are reported by the session, which plays on)."""
    if save_dir is None:
        return None
    check_name_length(save_dir, "--save")
    folder = Path(save_dir)
    if folder.exists() and not folder.is_dir():
        raise InputError("cannot create the folder: a file has that name", save_dir)
    return folder


@main.command()
@click.argument("board", required=False, metavar="BOARD", shell_complete=complete_path)
@click.option("--example", default=None, metavar="NAME", shell_complete=complete_example,
              help="Quiz on a bundled example (a board or a textbook tree).")
@game_options
@reports_errors
def quiz(board: str | None, example: str | None, turn: str | None, game_name: str | None,
         algorithm: str, **options: Any) -> None:
    """Predict the first call's test-plays on BOARD, then check against the trace.

    Asks what each test-play of the first call returns and which one step 16
    picks (with --algorithm alphabeta, also which test-plays are pruned), one
    answer per line, and ends with a score. With BOARD '-', standard input
    holds the board, an empty line, then the answers. Answers can be piped:

    \b
      printf -- '-1\\n1\\n-1\\n4\\n' | trace quiz --example near-endgame
    """
    from .play.quiz import QuizSession, read_board_lines

    one_board(board, example)
    stdin = open_stdin()
    if board == "-":
        text, source = read_board_lines(stdin, input_bytes()).encode("utf-8", "surrogateescape"), "<stdin>"
    else:
        text, source = read_input(board, example)
    game, _ = split_options(options)
    game_now = build_game(text, source, game_name, turn, given=given_options(game), **game)
    trace = chosen_search(algorithm, options).run(game_now)
    QuizSession(trace, stdin, click.echo, echo_input=not stdin.isatty()).run()


@main.command()
@click.argument("board", required=False, metavar="BOARD", shell_complete=complete_path)
@click.option("--example", default=None, metavar="NAME", help="Compare on a bundled example.")
@turn_option()
@game_option()
@game_settings("ai", "scores", "misere", "size", "in_a_row")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="A table, or the same as JSON.")
@click.option("--html", "html_path", metavar="PATH", shell_complete=complete_path,
              help="Also write a page with the variants' trees side by side ('-' = stdout).")
@reports_errors
def compare(board: str | None, example: str | None, turn: str | None, game_name: str | None, ai: str,
            scores: str, misere: bool, fmt: str, html_path: str | None, **shape: Any) -> None:
    """Run the guide's minimax and its variants on BOARD and compare them.

    One row per search: the move and score it chose, its calls, the calls it
    saved against the guide's minimax, and for a variant that chose another
    move, the line of play it expects.
    """
    from .outputs.compare import CompareRequest, plan_compare
    from .search import run_variants

    one_board(board, example)
    text, source = read_input(board, example)
    game = build_game(text, source, game_name, turn, ai=ai, scores=scores,
                      given=given_options(["ai", "scores", "misere", *shape]), misere=misere, **shape)
    traces = [trace for _, trace in run_variants(game)]
    run_outputs(plan_compare(traces, CompareRequest(fmt, html_path)), (board,) if board else ())


main.add_command(check_command)


def one_board(board: str | None, example: str | None) -> None:
    if (board is None) == (example is None):
        raise Failure("give one board: a BOARD file, - for standard input, or --example NAME", 2)


def open_stdin() -> Any:
    """Standard input, for a session that reads it; EnvironmentFault if it was closed."""
    if stdin_closed():
        raise EnvironmentFault("cannot read standard input: it is closed")
    return sys.stdin


def refuse_larger_board(size: str | None) -> None:
    """``trace play`` plays the guide's 3×3 board only: a whole game on a larger one is a search
    no one can wait for."""
    from .games.tictactoe.notation import MAX_EMPTY, check_size, most_calls

    if size is None:
        return
    n = int(size) if size.strip().isdigit() and len(size.strip()) < 3 else None
    if n is None:
        raise InputError(f"expected a whole number, found {size!r}", "--size")
    if n == 3:  # written "3", " 3" or "03": the guide's board
        return
    check_size(n)
    raise InputError(f"trace play plays the guide's 3×3 board only: from the empty {n}×{n} board, "
                     f"minimax could make up to {most_calls(n * n):,} calls (a position of at most "
                     f"{MAX_EMPTY} empty cells, up to {most_calls(MAX_EMPTY):,}, is traced with "
                     f"trace BOARD --size {n})", "--size")


def refuse_given(names: list[str], why: str) -> None:
    """InputError naming the first of the running command's options ``names`` the user gave
    (an option that would do nothing is said, never silently ignored)."""
    ctx = click.get_current_context()
    for name in given_options(names):
        param = next(p for p in ctx.command.params if p.name == name)
        raise InputError(why, param.opts[0])


#: What ``trace -`` says when a person, not a pipe, is to type the board.
STDIN_PROMPT = (
    "trace: type or paste a board (rows like  X . O  or the guide's array), "
    "then Ctrl-D on an empty line (Windows: Ctrl-Z, Enter)"
)


def display_name(path: str) -> str:
    return "<stdin>" if path == "-" else path


def open_input(path: str) -> Any:
    """A file (or standard input for ``-``) opened for binary reading; InputError if impossible."""
    if path == "-":
        if sys.stdin.isatty():
            click.echo(STDIN_PROMPT, err=True)
            # Unwrapped: one Ctrl-D (an empty read) ends the board.
            return contextlib.nullcontext(sys.stdin.buffer)
        return io.BufferedReader(sys.stdin.buffer) if hasattr(sys.stdin, "buffer") else sys.stdin
    try:
        return open_for_reading(path)  # closed by the caller's with; a FIFO never waited on
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", path) from None


def read_input(board: str | None, example: str | None) -> tuple[bytes, str]:
    """The bytes of BOARD or of example NAME (as many as any game reads), and their name."""
    if example is not None:
        from . import examples  # here, not at the top: importlib.resources slows every run from a file

        return examples.read(example).encode("utf-8"), f"example:{example}"
    assert board is not None
    if board_on_command_line(board):
        # Read as tracer.record reads a board given as text.
        return board.encode("utf-8"), COMMAND_LINE
    hint_if_misplaced(board)
    with open_input(board) as stream:
        return stream.read(input_bytes() + 1), display_name(board)


#: The source named in errors about a board written on the command line.
COMMAND_LINE = "the command line"
#: Suffixes of programs: ``trace FILE`` on one was meant as ``trace check FILE``.
PROGRAM_SUFFIXES = (".js", ".cjs", ".mjs", ".py")


def board_on_command_line(board: str) -> bool:
    """Whether BOARD is no file but a board's cells on one line (``X.OX.XOO.``, ``X.O/X.X/OO.``)."""
    cells = re.sub(r"[/|]", "", board)
    return (len(cells) in (9, 16, 25) and re.fullmatch(r"[XOxo.\-_0-9]+", cells) is not None
            and not os.path.exists(board))


def hint_if_misplaced(board: str) -> None:
    """A hint, instead of "cannot read the file", for a word meant as something else."""
    if board == "-":
        return
    if board.lower().endswith(PROGRAM_SUFFIXES):
        import shlex

        raise InputError(f"a program, not a board: to check your own minimax, type trace check "
                         f"{shlex.quote(board)}", board)
    if os.path.exists(board):
        return
    if board == "help":
        raise Failure("'help' is not a board file: for help, type trace --help", 2)
    from . import examples

    if board in examples.names():
        raise InputError(f"no such file; to trace the bundled example, type trace --example {board}", board)
    if board in ("examples", "example"):
        raise InputError(f"no such file; the bundled examples are: {', '.join(examples.names())}; "
                         "run one with trace --example NAME", board)


def input_bytes() -> int:
    """The most bytes any game reads of an input file."""
    return max(kind.max_bytes for kind in games.kinds())


def split_options(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A command's other options, split: the games' own (``ai``, ``scores``, ``order``), and
    the outputs' (a search's settings are left out: ``chosen_search`` reads them)."""
    names = {option.name for kind in games.kinds() for option in kind.options}
    game = {k: v for k, v in options.items() if k in names}
    out = {k: v for k, v in options.items() if k not in names and not k.startswith("setting_")}
    return game, out


def chosen_search(algorithm: str, given: dict[str, Any]) -> SearchSpec:
    """The search the options name; a setting given to a search that does not take it is a
    mistake worth saying (``--cutoff`` without alpha-beta)."""
    kind = search.find(algorithm)
    settings = {name.removeprefix("setting_"): value for name, value in given.items()
                if name.startswith("setting_") and value is not None}
    for name in settings:
        if name not in kind.settings:
            takers = [k.name for k in search.kinds() if name in k.settings]
            raise InputError(f"only applies to --algorithm {' or '.join(takers)}, not {algorithm}", f"--{name}")
    return search.SearchSpec(algorithm, **settings)


def build_game(data: bytes, source: str, game_name: str | None = None, turn: str | None = None,
               given: Collection[str] = (), **options: Any) -> Any:
    """The game an input file's bytes describe (the one named, else the one its text is written
    for), shaped by the options it takes, each at the game's own default unless given.
    ``given`` names the options the user gave: one the game does not take is refused
    (``--scores depth`` on a tree), never silently left unused."""
    kind = games.find(game_name) if game_name else games.sniff(data)
    takes = {option.name for option in kind.options}
    for name in given:
        if name not in takes:
            takers = [k.title for k in games.kinds() if name in {o.name for o in k.options}]
            raise InputError(f"applies only to {' and '.join(takers) or 'no game'}; this input is "
                             f"{kind.title}: leave the option out", f"--{name.replace('_', '-')}")
    defaults = {option.name: option.default for option in kind.options}
    return kind.read(data, source, {"turn": turn, **defaults, **options})


def stem_of(path: str | None, example: str | None) -> str:
    """The name output files get by default: the input file's name without its suffix."""
    if example:
        return example
    if path is None or path == "-":
        return "trace"
    if board_on_command_line(path):
        return "board"
    return Path(os.path.basename(path)).stem
