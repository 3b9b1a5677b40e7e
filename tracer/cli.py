"""The ``trace`` command line: parse, search, render, write. Nothing else lives here."""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from . import __version__, examples
from .commandline import DefaultGroup, Failure, complete_folder, complete_path, reports_errors
from .console import stdin_closed
from .errors import EnvironmentFault, InputError
from .games.tictactoe.board import Mark
from .games.tictactoe.notation import Position, read_board_file
from .outputs import Request, produce
from .outputs.files import FORMATS, check_output_path, write_atomically, write_stdout
from .outputs.progress import waiting
from .play.saving import DEFAULT_KINDS, OUTPUT_KINDS
from .scores import parse_scores
from .trace import Trace

F = TypeVar("F", bound=Callable[..., Any])

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
"""


@click.group(cls=DefaultGroup, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="trace")
def main() -> None:
    """Trace the tutorial's minimax on a tic-tac-toe board, call by call.

    `trace BOARD` prints the recursion log (every call, tagged with the
    tutorial's steps) and draws the game tree; its options are below.
    BOARD is a board file (- for standard input): three rows of three cells,
    or the tutorial's array ["X", 1, "O", "X", 4, "X", "O", "O", 8].
    """


def complete_example(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion for ``--example``: the bundled examples' names."""
    return [name for name in examples.names() if name.startswith(incomplete)]


def list_examples() -> None:
    """``trace --example`` without a name: every example, what it teaches, and how to run one."""
    names = examples.names()
    width = max(map(len, names)) + 2
    for name in names:
        click.echo(f"{name:{width}}{examples.summary(name)}")
    click.echo(f"\nRun one with: trace --example NAME   (e.g. trace --example {names[0]})")


def output_options(command: F) -> F:
    """Options shared by ``run`` and ``render``: what to write and how much to draw."""
    options = [
        click.option("-o", "--output", metavar="PATH", shell_complete=complete_path,
                     help="Where to write the tree (default: the input's name + .svg; '-' = stdout)."),
        click.option("--format", "fmt", type=click.Choice(FORMATS),
                     help="Output format (default: from -o's suffix, else svg)."),
        click.option("--no-tree", is_flag=True, help="Write no tree file, only the log."),
        click.option("-q", "--quiet", is_flag=True, help="Print no recursion log."),
        click.option("--stats", is_flag=True,
                     help="Print a summary (calls per depth, outcomes, repeated positions) "
                          "instead of the log."),
        click.option("--log", "log_path", metavar="PATH", shell_complete=complete_path,
                     help="Write the recursion log to PATH (- for standard output)."),
        click.option("--max-nodes", type=int, default=None, metavar="N",
                     help="Most boards to draw, at most 10000 (default: 100, a larger tree drawn "
                          "to the depth that fits; 1600 with --depth; figures: 64 each, 60 for "
                          "the overview)."),
        click.option("--depth", type=int, default=None, metavar="N",
                     help="Draw N levels; deeper subtrees become summary nodes."),
        click.option("--focus", type=int, default=1, metavar="CALL",
                     help="Draw the subtree of call CALL (and the path to it)."),
        click.option("--line", is_flag=True,
                     help="Draw only the chosen line of play, with the alternatives at each step."),
        click.option("--figures", "figures_dir", metavar="DIR", shell_complete=complete_folder,
                     help="Write the tutorial's figures (one per test-play, the overview, "
                          "index.html) into DIR; --format svg|png|pdf, --depth and --max-nodes "
                          "apply. No tree file then, unless -o asks for one."),
        click.option("--engine", type=click.Choice(["auto", "dot", "pure"]), default=None,
                     help="Layout engine: Graphviz's dot, the pip-installed graphviz-pure, or auto "
                          "(dot when on the PATH; default, or $TRACER_ENGINE)."),
        click.option("--scale", type=click.FloatRange(0.25, 8), default=1.0, metavar="X",
                     help="Enlarge PNGs X times (1 = 96 dpi; 2 or 3 for slides)."),
        click.option("--html", "html_path", metavar="PATH", shell_complete=complete_path,
                     help="Write a self-contained page that replays the trace step by step "
                          "(no tree file then unless -o or --format asks for one)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def game_options(command: F) -> F:
    """Options shared by ``run`` and ``quiz``: which game BOARD is, who moves, what it scores,
    and which search runs."""
    options = [
        click.option("--turn", type=click.Choice(["X", "O", "max", "min"], case_sensitive=False),
                     help="Side to move (default: inferred from the counts; X if equal). "
                          "For a tree: max or min at the root (default max)."),
        click.option("--game", "game_name", type=click.Choice(["tictactoe", "tree"]),
                     help="Read BOARD as this game (default: a tree if it starts with '[' "
                          "or a label 'NAME:', else a board)."),
        click.option("--ai", type=click.Choice(["X", "O"], case_sensitive=False), default="X",
                     show_default=True, help="The AI's mark (the maximiser); the other is the human."),
        click.option("--scores", "scores_text", default="tutorial", show_default=True,
                     metavar="SCHEME",
                     help="Terminal scores: tutorial (-1,1,0), ten (-10,10,0), depth (10-depth, "
                          "depth-10, 0) or HUMAN_WIN,AI_WIN,DRAW."),
    ]
    command = search_options(command)  # listed after the game's options in --help
    for option in reversed(options):
        command = option(command)
    return command


def search_options(command: F) -> F:
    """Options shared by ``run``, ``play`` and ``compare``: which search, in which loop order."""
    options = [
        click.option("--algorithm", type=click.Choice(["minimax", "alphabeta", "memo"]),
                     default="minimax", show_default=True,
                     help="minimax (the guide's), alphabeta (prunes test-plays that cannot "
                          "matter) or memo (answers repeated positions from a cache)."),
        click.option("--cutoff", type=click.Choice(["ge", "gt"]), default=None,
                     help="Alpha-beta's cut: ge (default) stops once best >= beta (MAX) or "
                          "<= alpha (MIN); gt only when strictly beyond."),
        click.option("--order", "order_text", default="ascending", show_default=True,
                     metavar="ORDER",
                     help="Loop order of the test-plays: ascending (the guide's), "
                          "centre-first (4, corners, edges) or nine cells C,C,..."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def chosen_search(algorithm: str, cutoff: str | None) -> Any:
    """The SearchSpec the options name; --cutoff without alpha-beta is a mistake worth saying."""
    from .search import SearchSpec

    if cutoff is not None and algorithm != "alphabeta":
        raise InputError(f"only applies to --algorithm alphabeta, not {algorithm}", "--cutoff")
    return SearchSpec(algorithm, cutoff or "ge")


@main.command(epilog=EPILOG)
@click.argument("board", required=False, metavar="BOARD", shell_complete=complete_path)
@click.option("--example", is_flag=False, flag_value="", default=None, metavar="NAME",
              shell_complete=complete_example,
              help="Trace a bundled example (without NAME: list them).")
@game_options
@output_options
@click.version_option(__version__, "-V", "--version", prog_name="trace")
@reports_errors
def run(board: str | None, example: str | None, turn: str | None, ai: str,
        scores_text: str, algorithm: str, cutoff: str | None, order_text: str,
        game_name: str | None, **out: Any) -> None:
    """Trace minimax on BOARD (a board file, a tree file, or - for standard input).

    A board file is three rows of three cells (X, O, and . - _ or the cell's
    index for empty), or the tutorial's array: ["X", 1, "O", "X", 4, "X", "O", "O", 8].
    A tree file is a textbook game tree: A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]
    (leaf values for MAX, labels optional; see README.md, "Textbook trees").
    """
    if example == "":
        list_examples()
        return
    if (board is None) == (example is None):
        raise Failure("give one board: a BOARD file, - for standard input, or --example NAME", 2)
    search = chosen_search(algorithm, cutoff)
    text, source = read_input(board, example)
    trace = search.run(build_game(text, source, game_name, turn, ai, scores_text, order_text))
    emit(trace, stem=stem_of(board, example), inputs=(board,) if board else (), **out)


@main.command(epilog=EPILOG)
@click.argument("trace_file", metavar="TRACE.json", shell_complete=complete_path)
@output_options
@reports_errors
def render(trace_file: str, **out: Any) -> None:
    """Render a saved JSON trace again, without searching."""
    from .renderers.json_trace import load_json

    with open_input(trace_file) as stream, waiting(f"reading {display_name(trace_file)}"):
        trace = load_json(stream, display_name(trace_file))
    emit(trace, stem=stem_of(trace_file, None), inputs=(trace_file,), **out)


@main.command()
@click.option("--ai", type=click.Choice(["X", "O"], case_sensitive=False), default="X",
              show_default=True, help="The AI's mark; you play the other one.")
@click.option("--first", type=click.Choice(["ai", "human"], case_sensitive=False), default="ai",
              show_default=True,
              help="Who opens: ai (the tutorial's Play Game button) or human (New Game).")
@click.option("--scores", "scores_text", default="tutorial", show_default=True, metavar="SCHEME",
              help="Terminal scores: tutorial (-1,1,0), ten (-10,10,0), depth (10-depth, "
                   "depth-10, 0) or HUMAN_WIN,AI_WIN,DRAW.")
@search_options
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
def play(ai: str, first: str, scores_text: str, algorithm: str, cutoff: str | None,
         order_text: str, save_dir: str | None, kinds: tuple[str, ...],
         color: bool | None, html_path: str | None = None) -> None:
    """Play tic-tac-toe against the tutorial's unbeatable minimax.

    Type a cell number (0-8) to play; after each AI move a line says why it
    played there. Type "why" for the full reason (also saved as files), "q" to
    quit. Moves can be piped in:

    \b
      printf '4\\n2\\nn\\n' | trace play --first human
    """
    from .games.tictactoe.game import parse_order
    from .play.terminal import Session

    if html_path is not None:
        from .play.page import write_game_page

        note = write_game_page(html_path, ai=ai.upper(), scores=parse_scores(scores_text))  # type: ignore[arg-type]
        if note is not None:
            click.echo(f"trace: wrote {html_path} ({note})", err=True)
        return
    scores = parse_scores(scores_text)
    search, order = chosen_search(algorithm, cutoff), parse_order(order_text)
    chosen = list(kinds) or list(DEFAULT_KINDS)
    folder = None
    if save_dir is not None:
        folder = Path(save_dir)
        if folder.exists() and not folder.is_dir():
            raise InputError("cannot create the folder: a file has that name", save_dir)
        # Other failures to create it are reported by the session, which plays on.
    stdin = sys.stdin
    if stdin_closed():
        raise EnvironmentFault("cannot read standard input: it is closed")
    Session(ai=ai.upper(), first=first.lower(), scores=scores,  # type: ignore[arg-type]
            save_dir=folder, kinds=chosen, stdin=stdin, color=color,
            echo_input=not stdin.isatty(), search=search, order=order).run()


@main.command()
@click.argument("board", required=False, metavar="BOARD", shell_complete=complete_path)
@click.option("--example", default=None, metavar="NAME", shell_complete=complete_example,
              help="Quiz on a bundled example (a board or a textbook tree).")
@game_options
@reports_errors
def quiz(board: str | None, example: str | None, turn: str | None, game_name: str | None, ai: str,
         scores_text: str, algorithm: str, cutoff: str | None, order_text: str) -> None:
    """Predict the first call's test-plays on BOARD, then check against the trace.

    Asks what each test-play of the first call returns and which one step 16
    picks (with --algorithm alphabeta, also which test-plays are pruned), one
    answer per line, and ends with a score. With BOARD '-', standard input
    holds the board, an empty line, then the answers. Answers can be piped:

    \b
      printf -- '-1\\n1\\n-1\\n4\\n' | trace quiz --example near-endgame
    """
    from .play.quiz import QuizSession, read_board_lines

    if (board is None) == (example is None):
        raise Failure("give one board: a BOARD file, - for standard input, or --example NAME", 2)
    if board == "-":
        text, source = read_board_lines(sys.stdin).encode("utf-8"), "<stdin>"
    else:
        text, source = read_input(board, example)
    game = build_game(text, source, game_name, turn, ai, scores_text, order_text)
    trace = chosen_search(algorithm, cutoff).run(game)
    QuizSession(trace, sys.stdin, click.echo, echo_input=not sys.stdin.isatty()).run()


@main.command()
@click.argument("board", required=False, metavar="BOARD", shell_complete=complete_path)
@click.option("--example", default=None, metavar="NAME", help="Compare on a bundled example.")
@click.option("--turn", type=click.Choice(["X", "O", "max", "min"], case_sensitive=False),
              help="Side to move (default: inferred from the counts; X if equal; a tree: max).")
@click.option("--ai", type=click.Choice(["X", "O"], case_sensitive=False), default="X",
              show_default=True, help="The AI's mark (the maximiser).")
@click.option("--scores", "scores_text", default="tutorial", show_default=True, metavar="SCHEME",
              help="The scores every variant but the depth-aware one uses.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="A table, or the same as JSON.")
@click.option("--html", "html_path", metavar="PATH", shell_complete=complete_path,
              help="Also write a page with the variants' trees side by side ('-' = stdout).")
@reports_errors
def compare(board: str | None, example: str | None, turn: str | None, ai: str, scores_text: str,
            fmt: str, html_path: str | None) -> None:
    """Run the guide's minimax and its variants on BOARD and compare them.

    One row per search: the move and score it chose, its calls, the calls it
    saved against the guide's minimax, and for a variant that chose another
    move, the line of play it expects.
    """
    from .games.tictactoe.game import TicTacToe
    from .renderers import compare as table
    from .search.variants import GENERIC_VARIANTS, run_variants

    if (board is None) == (example is None):
        raise Failure("give one board: a BOARD file, - for standard input, or --example NAME", 2)
    text, source = read_input(board, example)
    if html_path not in (None, "-"):
        check_output_path(html_path, "--html")
    game = build_game(text, source, None, turn, ai, scores_text)
    if game.name == "tree":  # a textbook tree: the searches only, no board orders or scores
        runs = run_variants(lambda order, own: game, GENERIC_VARIANTS)
    else:
        runs = run_variants(lambda order, own: TicTacToe(game.board, game.to_move, game.ai,
                                                         own or game.scores, order))
    traces = [trace for _, trace in runs]
    if html_path is not None:
        from .outputs.files import check_graphviz

        check_graphviz()
        page = table.render_html(traces)
        if html_path == "-":
            write_stdout(page)
            return
        write_atomically(html_path, page.encode("utf-8"))
        click.echo(f"trace: wrote {html_path} ({len(traces)} trees side by side)", err=True)
    if fmt == "json":
        write_stdout(table.render_json(traces))
    else:
        click.echo(table.render_table(traces), nl=False)


#: What ``trace -`` says when a person, not a pipe, is to type the board.
STDIN_PROMPT = (
    "trace: type or paste a board (rows like  X . O  or the guide's array), "
    "then Ctrl-D on an empty line (Windows: Ctrl-Z, Enter)"
)


def display_name(path: str) -> str:
    return "<stdin>" if path == "-" else path


def open_input(path: str) -> Any:
    """Open a file (or standard input for ``-``) for binary reading; InputError if impossible."""
    if path == "-":
        if sys.stdin.isatty():
            click.echo(STDIN_PROMPT, err=True)
            # Unwrapped: one Ctrl-D (an empty read) ends the board.
            return contextlib.nullcontext(sys.stdin.buffer)
        return io.BufferedReader(sys.stdin.buffer) if hasattr(sys.stdin, "buffer") else sys.stdin
    try:
        return open(path, "rb")  # noqa: SIM115 - closed by the caller's with
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", path) from None


def build_game(text: bytes, source: str, game_name: str | None, turn: str | None, ai: str,
               scores_text: str, order_text: str = "ascending") -> Any:
    """The game a board or tree file describes, with the options that shape it."""
    from .games.tree.notation import looks_like_tree

    turn_mark = turn.upper() if turn else None
    if (game_name or ("tree" if looks_like_tree(text) else "tictactoe")) == "tree":
        return tree_game(text, source, turn_mark)
    if turn_mark in ("MAX", "MIN"):
        raise InputError(f"expected X or O for a board, found {turn}", "--turn")
    from .games.tictactoe.game import TicTacToe, parse_order

    position = parse_board_bytes(text, source, turn_mark)
    ai_mark: Mark = "O" if ai.upper() == "O" else "X"
    return TicTacToe(position.board, position.to_move, ai_mark, parse_scores(scores_text),
                     parse_order(order_text))


def read_input(board: str | None, example: str | None) -> tuple[bytes, str]:
    """The bytes of BOARD or of example NAME (enough for any board or tree file), and their name."""
    if example is not None:
        return examples.read(example).encode("utf-8"), f"example:{example}"
    assert board is not None
    hint_if_misplaced(board)
    from .games.tree.notation import MAX_BYTES as TREE_MAX_BYTES

    with open_input(board) as stream:
        return stream.read(TREE_MAX_BYTES + 1), display_name(board)


def parse_board_bytes(data: bytes, source: str, turn: Any) -> Position:
    return read_board_file(io.BytesIO(data), source, turn)


def tree_game(data: bytes, source: str, turn: str | None) -> Any:
    """A textbook tree from a tree file's bytes; MAX at the root unless ``turn`` says min."""
    from .games.tree.game import GameTree
    from .games.tree.notation import decode as decode_tree

    if turn in ("X", "O"):
        raise InputError(f"expected max or min for a tree, found {turn}", "--turn")
    return GameTree.parse(decode_tree(data, source), turn or "MAX", source)


def hint_if_misplaced(board: str) -> None:
    """A hint, instead of "cannot read the file", for a word that was meant as something else."""
    if board == "-" or Path(board).exists():
        return
    if board == "help":
        raise Failure("'help' is not a board file: for help, type trace --help", 2)
    if board in examples.names():
        raise InputError(f"no such file; to trace the bundled example, type trace --example {board}", board)


def stem_of(path: str | None, example: str | None) -> str:
    if example:
        return example
    if path is None or path == "-":
        return "trace"
    return Path(path).stem


def emit(trace: Trace, *, stem: str, **options: Any) -> None:
    """Produce every output the options ask for (see ``tracer.outputs``)."""
    produce(trace, Request(stem=stem, **options))


if __name__ == "__main__":  # pragma: no cover
    main()
