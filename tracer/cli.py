"""The ``trace`` command line: parse, search, render, write. Nothing else lives here."""

from __future__ import annotations

import functools
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from . import __version__, examples
from .errors import InputError, RenderError, TooLargeError, TracerError
from .games.tictactoe.board import Mark
from .games.tictactoe.notation import Position, parse_board, read_board_file
from .outputs.files import FORMATS, atomic_writer, check_output_path, choose_format, pipe, write_atomically
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
"""


class Failure(click.ClickException):
    """An error shown as one line, ``trace: error: …``, with a chosen exit status."""

    def __init__(self, message: str, exit_code: int):
        super().__init__(message)
        self.exit_code = exit_code

    def show(self, file: Any = None) -> None:
        click.echo(f"trace: error: {self.message}", err=True)


def reports_errors(command: F) -> F:
    """Turn tracer's own errors into one-line messages: 2 for bad input, 1 for failures."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (InputError, TooLargeError) as exc:
            raise Failure(str(exc), 2) from None
        except RenderError as exc:
            raise Failure(str(exc), 1) from None
        except TracerError as exc:  # pragma: no cover - every subclass is handled above
            raise Failure(str(exc), 1) from None

    return wrapper  # type: ignore[return-value]


class DefaultGroup(click.Group):
    """A group whose first argument, when it is not a command, goes to ``run``.

    So ``trace board.txt`` means ``trace run board.txt``.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["run", *args]
        return super().parse_args(ctx, args)

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, "BOARD [OPTIONS]    (same as: trace run BOARD)")
        formatter.write_usage(ctx.command_path, "COMMAND [ARGS]...", prefix="   or: ")


@click.group(cls=DefaultGroup, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="trace")
def main() -> None:
    """Trace the tutorial's minimax on a tic-tac-toe board, call by call.

    Prints the recursion log (every call, tagged with the tutorial's steps) and
    draws the game tree. `trace BOARD` is short for `trace run BOARD`: see
    `trace run --help` for its options.
    """


def output_options(command: F) -> F:
    """Options shared by ``run`` and ``render``: what to write and how much to draw."""
    options = [
        click.option("-o", "--output", metavar="PATH",
                     help="Where to write the tree (default: BOARD's name + .svg; '-' = stdout)."),
        click.option("--format", "fmt", type=click.Choice(FORMATS),
                     help="Output format (default: from -o's suffix, else svg)."),
        click.option("--no-tree", is_flag=True, help="Write no tree file, only the log."),
        click.option("-q", "--quiet", is_flag=True, help="Print no recursion log."),
        click.option("--stats", is_flag=True,
                     help="Print a summary (calls per depth, outcomes, repeated positions) "
                          "instead of the log."),
        click.option("--log", "log_path", metavar="PATH", help="Write the recursion log to PATH."),
        click.option("--max-nodes", type=int, default=None, metavar="N",
                     help="Most boards to draw (default 1600, at most 10000)."),
        click.option("--depth", type=int, default=None, metavar="N",
                     help="Draw N levels; deeper subtrees become summary nodes."),
        click.option("--focus", type=int, default=1, metavar="CALL",
                     help="Draw the subtree of call CALL (and the path to it)."),
        click.option("--line", is_flag=True,
                     help="Draw only the chosen line of play, with the alternatives at each step."),
        click.option("--figures", "figures_dir", metavar="DIR",
                     help="Write the tutorial's figures (one per test-play, the overview, "
                          "index.html) into DIR; --format svg|png|pdf, --depth and --max-nodes "
                          "apply. No tree file then, unless -o asks for one."),
        click.option("--html", "html_path", metavar="PATH",
                     help="Write a self-contained page that replays the trace step by step "
                          "(no tree file then unless -o or --format asks for one)."),
    ]
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
@click.argument("board", required=False, metavar="BOARD")
@click.option("--example", is_flag=False, flag_value="", default=None, metavar="NAME",
              help="Trace a bundled example (without NAME: list them).")
@click.option("--turn", type=click.Choice(["X", "O"], case_sensitive=False),
              help="Side to move (default: inferred from the counts; X if equal).")
@click.option("--ai", type=click.Choice(["X", "O"], case_sensitive=False), default="X",
              show_default=True, help="The AI's mark (the maximiser); the other is the human.")
@click.option("--scores", "scores_text", default="tutorial", show_default=True, metavar="SCHEME",
              help="Terminal scores: tutorial (-1,1,0), ten (-10,10,0), depth (10-depth, "
                   "depth-10, 0) or HUMAN_WIN,AI_WIN,DRAW.")
@search_options
@output_options
@reports_errors
def run(board: str | None, example: str | None, turn: str | None, ai: str,
        scores_text: str, algorithm: str, cutoff: str | None, order_text: str,
        **out: Any) -> None:
    """Trace minimax on BOARD (a board file, or - for standard input).

    A board file is three rows of three cells (X, O, and . - _ or the cell's
    index for empty), or the tutorial's array: ["X", 1, "O", "X", 4, "X", "O", "O", 8].
    """
    if example == "":
        for name in examples.names():
            click.echo(f"{name:16} {examples.summary(name)}")
        return
    if (board is None) == (example is None):
        raise Failure("give one board: a BOARD file, - for standard input, or --example NAME", 2)
    scores = parse_scores(scores_text)
    turn_mark = turn.upper() if turn else None
    position = load_position(board, example, turn_mark)
    ai_mark: Mark = "O" if ai.upper() == "O" else "X"
    from .games.tictactoe.game import TicTacToe, parse_order

    search = chosen_search(algorithm, cutoff)
    game = TicTacToe(position.board, position.to_move, ai_mark, scores, parse_order(order_text))
    trace = search.run(game)
    emit(trace, stem=stem_of(board, example), **out)


@main.command(epilog=EPILOG)
@click.argument("trace_file", metavar="TRACE.json")
@output_options
@reports_errors
def render(trace_file: str, **out: Any) -> None:
    """Render a saved JSON trace again, without searching."""
    from .renderers.json_trace import load_json

    with open_input(trace_file) as stream:
        trace = load_json(stream, display_name(trace_file))
    emit(trace, stem=stem_of(trace_file, None), **out)


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
@click.option("--save", "save_dir", metavar="DIR",
              help="Save every AI decision's trace in DIR (move-N.svg, move-N.json, ...).")
@click.option("--save-as", "kinds", multiple=True, metavar="KIND",
              type=click.Choice(list(OUTPUT_KINDS)),
              help=f"What to save, repeatable: {', '.join(OUTPUT_KINDS)} "
                   f"(default: {', '.join(DEFAULT_KINDS)}).")
@click.option("--color/--no-color", default=None,
              help="Colour the board (default: only on a terminal).")
@reports_errors
def play(ai: str, first: str, scores_text: str, algorithm: str, cutoff: str | None,
         order_text: str, save_dir: str | None, kinds: tuple[str, ...],
         color: bool | None) -> None:
    """Play tic-tac-toe against the tutorial's unbeatable minimax.

    Type a cell number (0-8) to play; after each AI move a line says why it
    played there. Type "why" for the full reason (also saved as files), "q" to
    quit. Moves can be piped in: printf '4\\n2\\nn\\n' | trace play --first human
    """
    from .games.tictactoe.game import parse_order
    from .outputs.files import check_graphviz
    from .play.saving import NEEDS_GRAPHVIZ
    from .play.terminal import Session

    scores = parse_scores(scores_text)
    search, order = chosen_search(algorithm, cutoff), parse_order(order_text)
    chosen = list(kinds) or list(DEFAULT_KINDS)
    if NEEDS_GRAPHVIZ & set(chosen):
        check_graphviz()
    folder = None
    if save_dir is not None:
        folder = Path(save_dir)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"cannot create the folder: {exc.strerror}", save_dir) from None
    stdin = sys.stdin
    Session(ai=ai.upper(), first=first.lower(), scores=scores,  # type: ignore[arg-type]
            save_dir=folder, kinds=chosen, stdin=stdin, color=color,
            echo_input=not stdin.isatty(), search=search, order=order).run()


@main.command()
@click.argument("board", required=False, metavar="BOARD")
@click.option("--example", default=None, metavar="NAME", help="Quiz on a bundled example.")
@click.option("--turn", type=click.Choice(["X", "O"], case_sensitive=False),
              help="Side to move (default: inferred from the counts; X if equal).")
@click.option("--ai", type=click.Choice(["X", "O"], case_sensitive=False), default="X",
              show_default=True, help="The AI's mark (the maximiser); the other is the human.")
@click.option("--scores", "scores_text", default="tutorial", show_default=True, metavar="SCHEME",
              help="Terminal scores: tutorial (-1,1,0), ten (-10,10,0), depth (10-depth, "
                   "depth-10, 0) or HUMAN_WIN,AI_WIN,DRAW.")
@search_options
@reports_errors
def quiz(board: str | None, example: str | None, turn: str | None, ai: str, scores_text: str,
         algorithm: str, cutoff: str | None, order_text: str) -> None:
    """Predict the first call's test-plays on BOARD, then check against the trace.

    Asks what each test-play of the first call returns and which one step 16
    picks (with --algorithm alphabeta, also which test-plays are pruned), one
    answer per line, and ends with a score. Answers can be piped:
    printf '-1\n1\n-1\n4\n' | trace quiz --example near-endgame. With BOARD
    '-', standard input holds the board, an empty line, then the answers.
    """
    from .games.tictactoe.game import TicTacToe, parse_order
    from .play.quiz import QuizSession, read_board_lines

    if (board is None) == (example is None):
        raise Failure("give one board: a BOARD file, - for standard input, or --example NAME", 2)
    turn_mark: Mark | None = None if turn is None else ("O" if turn.upper() == "O" else "X")
    if board == "-":
        position = parse_board(read_board_lines(sys.stdin), "<stdin>", turn_mark)
    else:
        position = load_position(board, example, turn_mark)
    ai_mark: Mark = "O" if ai.upper() == "O" else "X"
    search = chosen_search(algorithm, cutoff)
    game = TicTacToe(position.board, position.to_move, ai_mark, parse_scores(scores_text),
                     parse_order(order_text))
    trace = search.run(game)
    QuizSession(trace, sys.stdin, click.echo, echo_input=not sys.stdin.isatty()).run()


@main.command()
@click.argument("board", required=False, metavar="BOARD")
@click.option("--example", default=None, metavar="NAME", help="Compare on a bundled example.")
@click.option("--turn", type=click.Choice(["X", "O"], case_sensitive=False),
              help="Side to move (default: inferred from the counts; X if equal).")
@click.option("--ai", type=click.Choice(["X", "O"], case_sensitive=False), default="X",
              show_default=True, help="The AI's mark (the maximiser).")
@click.option("--scores", "scores_text", default="tutorial", show_default=True, metavar="SCHEME",
              help="The scores every variant but the depth-aware one uses.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="A table, or the same as JSON.")
@click.option("--html", "html_path", metavar="PATH",
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
    from .search.variants import run_variants

    if (board is None) == (example is None):
        raise Failure("give one board: a BOARD file, - for standard input, or --example NAME", 2)
    scores = parse_scores(scores_text)
    position = load_position(board, example, turn.upper() if turn else None)
    ai_mark: Mark = "O" if ai.upper() == "O" else "X"
    if html_path not in (None, "-"):
        check_output_path(html_path, "--html")
    traces = [trace for _, trace in run_variants(
        lambda order, own: TicTacToe(position.board, position.to_move, ai_mark, own or scores, order))]
    if html_path is not None:
        from .outputs.files import check_graphviz

        check_graphviz()
        page = table.render_html(traces)
        if html_path == "-":
            click.echo(page, nl=False)
            return
        write_atomically(html_path, page.encode("utf-8"))
        click.echo(f"trace: wrote {html_path} ({len(traces)} trees side by side)", err=True)
    click.echo(table.render_json(traces) if fmt == "json" else table.render_table(traces), nl=False)


def display_name(path: str) -> str:
    return "<stdin>" if path == "-" else path


def open_input(path: str) -> Any:
    """Open a file (or standard input for ``-``) for binary reading; InputError if impossible."""
    if path == "-":
        return io.BufferedReader(sys.stdin.buffer) if hasattr(sys.stdin, "buffer") else sys.stdin
    try:
        return open(path, "rb")  # noqa: SIM115 - closed by the caller's with
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", path) from None


def load_position(board: str | None, example: str | None, turn: Any) -> Position:
    if example is not None:
        return parse_board(examples.read(example), f"example:{example}", turn)
    assert board is not None
    with open_input(board) as stream:
        return read_board_file(stream, display_name(board), turn)


def stem_of(path: str | None, example: str | None) -> str:
    if example:
        return example
    if path is None or path == "-":
        return "trace"
    return Path(path).stem


def emit(
    trace: Trace,
    *,
    stem: str,
    output: str | None,
    fmt: str | None,
    no_tree: bool,
    quiet: bool,
    stats: bool,
    log_path: str | None,
    max_nodes: int | None,
    depth: int | None,
    focus: int,
    line: bool,
    figures_dir: str | None = None,
    html_path: str | None = None,
) -> None:
    """Produce every output of a trace. Everything that can fail is done before
    anything is written, so a bad request leaves the file system untouched."""
    from .renderers import log as log_renderer

    page = None
    if html_path is not None:
        from .renderers.html import check_html_path, render_html

        check_html_path(html_path, output)
        page = render_html(trace, start_call=focus)
        no_tree = no_tree or (output is None and fmt is None)
        quiet = quiet or html_path == "-"
    figure_files: dict[str, bytes | str] = {}
    if figures_dir is not None:
        from .outputs.figure_files import check_folder, figure_format, render_series

        figures_fmt = figure_format(fmt)
        folder = check_folder(figures_dir)
        figure_files = render_series(trace, figures_fmt, depth=depth, max_nodes=max_nodes)
        # The figures include the overview: write a tree file only if -o asks for one.
        no_tree = no_tree or output is None
        fmt = None if output is None else fmt
    path, fmt = choose_format(output, fmt, stem)
    if not no_tree:
        check_output_path(path, "-o")
    if log_path is not None:
        check_output_path(log_path, "--log")
    tree_bytes: bytes | str | None = None
    note = ""
    if not no_tree and fmt != "json":
        from .renderers.tree import DEFAULT_MAX_NODES, describe, game_tree, plan_tree

        plan = plan_tree(trace, focus=focus, depth=depth, line=line,
                         max_nodes=max_nodes or DEFAULT_MAX_NODES)
        graph = game_tree(trace, plan)
        tree_bytes = graph.source if fmt == "dot" else pipe(graph, fmt)
        note = describe(trace, plan)

    if stats and path != "-":
        from .renderers.stats import render_stats
        from .search import guide_calls

        click.echo(render_stats(trace, baseline=guide_calls(trace)), nl=False)
    elif not quiet and path != "-" and log_path is None:
        stream = sys.stdout
        # A bar only when the log goes to a file while a person watches the terminal.
        bar = None if stream.isatty() else progress_bar(trace, "log")
        log_renderer.write_log(trace, stream, progress=bar)
        stream.flush()
    if log_path is not None:
        with atomic_writer(log_path) as handle:
            log_renderer.write_log(trace, handle, progress=progress_bar(trace, log_path))

    if figures_dir is not None:
        from .outputs.figure_files import write_series

        write_series(folder, figure_files)
        if not quiet:
            click.echo(f"trace: wrote {len(figure_files) - 1} figures and index.html to "
                       f"{figures_dir} ({figures_fmt})", err=True)
    if page is not None:
        from .renderers.html import describe_page

        assert html_path is not None  # a page is only made for --html
        if html_path == "-":
            click.echo(page, nl=False)
        else:
            write_atomically(html_path, page.encode("utf-8"))
            if not quiet:
                click.echo(f"trace: wrote {html_path} ({describe_page(trace)})", err=True)
    if no_tree:
        return
    if fmt == "json":
        from .renderers.json_trace import write_json

        if path == "-":
            write_json(trace, sys.stdout)
        else:
            with atomic_writer(path) as handle:
                write_json(trace, handle, progress=progress_bar(trace, path))
            if not quiet:
                click.echo(f"trace: wrote {path} ({trace.calls:,} calls)", err=True)
        return
    assert tree_bytes is not None
    if path == "-":
        if isinstance(tree_bytes, str):
            sys.stdout.write(tree_bytes)
        else:
            sys.stdout.buffer.write(tree_bytes)
            sys.stdout.buffer.flush()
        return
    write_atomically(path, tree_bytes)
    if not quiet:
        click.echo(f"trace: wrote {path} ({note})", err=True)


def progress_bar(trace: Trace, path: str) -> Callable[[int], object] | None:
    """A progress callback drawing a bar on stderr, or None when stderr is not a terminal."""
    if not sys.stderr.isatty() or trace.calls < 100_000:
        return None
    total = trace.calls

    def show(done: int) -> None:
        width = 30
        filled = width * done // total
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\r{path}: [{'#' * filled}{'.' * (width - filled)}] "
                         f"{done:,}/{total:,} calls{end}")
        sys.stderr.flush()

    return show


if __name__ == "__main__":  # pragma: no cover
    main()
