"""The ``trace check`` command: parse its options, run the check, print the report, set the exit status."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..commandline import Command, Failure, reports_errors
from ..errors import InputError, shown

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_BOARDS = 30  # positions --boards checks when given no number

EPILOG = """\b
Examples:
  trace check minimax.js              run it, check its search on its own board
  trace check minimax.js -o tree.svg --log calls.txt --side-by-side both.html
  trace check minimax.py --html steps.html   step through your calls to the first departure
  trace check minimax.py board.txt    the board to call minimax on, if the program makes no call
  trace check minimax.py --boards     check 30 positions after its own, stop at the first wrong
  trace check minimax.py --boards 0   check only the program's own position
  trace check page.js --call 'minimax(origBoard, aiPlayer)'   how the program calls its search
  trace check game.py --function max_value,min_value,minimax
  trace check minimax.js --format json
  trace check submissions/ --entry tictactoe.py --report class/   a whole class at once
"""


def _a_number(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """Refuse NaN, which every range lets through (no comparison with it is true)."""
    if value != value:
        raise click.BadParameter(f"{value} is not in the range 0.1<=x<=3600.", ctx, param)
    return value


#: The options of ``trace check``, in the order its help lists them (applied by check_options).
OPTIONS = [
    click.option("--example", default=None, metavar="NAME",
                 help="A bundled example's board instead of BOARD (see trace --example)."),
    click.option("--turn", type=click.Choice(["X", "O"], case_sensitive=False),
                 help="Side to move on BOARD (default: inferred from the counts)."),
    click.option("--function", "functions", metavar="NAME[,NAME]",
                 help="The search function(s), when not named minimax, negamax, max_value/min_value "
                      "(Python: MODULE.NAME for one in a module of the program's folder)."),
    click.option("--with", "with_files", metavar="FILE", multiple=True,
                 help="A script to load before FILE, as a page loads its scripts (repeatable, in order)."),
    click.option("--call", "call", metavar="EXPR",
                 help="How the program calls its search, in its own language (e.g. 'minimax(origBoard, "
                      "aiPlayer)'), run in its top-level scope after it loads, each position set into the "
                      "board variables EXPR names; default: tracer calls the search function itself."),
    click.option("--ai", type=click.Choice(["X", "O"], case_sensitive=False), default=None,
                 help="The AI's mark (the maximiser); default: read from the program's scores."),
    click.option("--scores", "scores_text", default=None, metavar="SCHEME",
                 help="The program's terminal scores: tutorial (-1,1,0), ten, depth (10-depth) or "
                      "HUMAN_WIN,AI_WIN,DRAW; default: read from its finished boards."),
    click.option("--boards", is_flag=False, flag_value=DEFAULT_BOARDS, default=None, type=click.IntRange(0, 2000),
                 metavar="[N]", help="How many positions to check after the program's own (default: 3 named ones, "
                                     "a draw, the other side to move, a block; --boards alone: "
                                     f"{DEFAULT_BOARDS}; 0: its own only); stop at the first wrong one."),
    click.option("--timeout", type=click.FloatRange(0.1, 3600), default=10.0, show_default=True, callback=_a_number,
                 metavar="SECONDS", help="Stop the program after this long (each search tracer asks for, too)."),
    click.option("--max-calls", type=click.IntRange(1), default=2_000_000, show_default=True, metavar="N",
                 help="Stop a search after this many calls."),
    click.option("--stdin", "stdin_path", metavar="FILE",
                 help="Standard input for the program (default: none, as if at its end)."),
    click.option("--python", "python", metavar="PATH",
                 help="The Python that runs a .py file (default: the one running trace)."),
    click.option("--format", "fmt", type=click.Choice(["text", "json", "csv", "gradescope"]), default="text",
                 show_default=True, help="The report as text, or as one JSON object; for a class also csv, "
                                         "or Gradescope's results.json."),
    click.option("--log", "log_path", metavar="PATH",
                 help="Write your calls narrated, as trace's recursion log, the first departure marked."),
    click.option("-o", "--output", "tree_path", metavar="PATH",
                 help="Draw your tree (.svg, .png, .pdf, .dot), the departure and the calls after it "
                      "marked, the guide's answer beside it; or save your search as a JSON trace (.json) "
                      "that trace render reads back. For a class: the file its result is written to "
                      "(e.g. --format gradescope -o results/results.json)."),
    click.option("--side-by-side", "side_by_side", metavar="PATH",
                 help="Write one page with your tree and the guide's, at one scale, where they differ marked."),
    click.option("--html", "html_path", metavar="PATH",
                 help="Write a page that steps through your calls, the first departure marked (playing "
                      "pauses there), the guide's answer beside it."),
    click.option("--entry", metavar="NAME", help="A class: the program file inside each submission's subfolder."),
    click.option("--jobs", type=click.IntRange(1, 256), metavar="N",
                 help="A class: how many submissions to check at once (default: the number of cores)."),
    click.option("--memory", type=click.IntRange(64), default=2048, show_default=True, metavar="MB",
                 help="A class: the memory each submission's check may use."),
    click.option("--report", "report_dir", metavar="DIR",
                 help="A class: write DIR/index.html, the class table with each submission's pages."),
]


def check_options(command: F) -> F:
    """``command`` with every option of OPTIONS, the first listed first."""
    for option in reversed(OPTIONS):
        command = option(command)
    return command


@click.command(cls=Command, epilog=EPILOG)
@click.argument("paths", nargs=-1, required=True, metavar="FILE [BOARD] | DIR | FILE FILE…")
@check_options
@reports_errors
def check(paths: tuple[str, ...], entry: str | None, jobs: int | None, memory: int, report_dir: str | None,
          example: str | None, turn: str | None, functions: str | None, with_files: tuple[str, ...], call: str | None,
          ai: str | None, scores_text: str | None, boards: int | None, timeout: float,
          max_calls: int, stdin_path: str | None, python: str | None, fmt: str, log_path: str | None,
          tree_path: str | None, side_by_side: str | None, html_path: str | None) -> None:
    """Run a learner's minimax program (FILE, .py, .js or a page's .html) and check it call by call.

    The program runs as your own program, with your permissions, as `python FILE` or
    `node FILE` would run it (as pytest runs a test file). Every call of its search
    function is recorded and held against the guide's minimax from the same position.
    The verdict is identical, correct, wrong (with the first call that departs from a
    correct search) or error. Exit status: 0 identical or correct, 1 wrong or error,
    2 the program could not be checked.

    When the program makes no search call itself, tracer calls its search function
    on BOARD (a board file; default: the guide's board), as --call EXPR says if given.
    After that first position, three more are checked by default (a draw, the other
    side to move, a block), each named in the report; --boards N for more, 0 for none.

    Given a folder DIR (a program file directly in it, or a subfolder holding one, is a
    submission) or several program files, every submission is checked apart, in a
    scratch copy and a process of its own, several at once, and the class table printed.
    Exit status: 0 every one identical or correct, 1 any other, 2 bad arguments.
    """
    # The engine is imported here, not with the command line: other commands start faster.
    from ..hooks import ask
    from ..outputs.check import CheckRequest, precheck
    from .presenting.trees import write_outputs
    from .running.notebook import scale_of
    from .running.run import CheckOptions, check_file

    if ask("class_check", click.get_current_context(), paths):  # a folder, several files: tracer/classcheck
        return
    if len(paths) > 2:
        raise Failure("give one FILE and at most one BOARD, or a class: a folder or several program files", 2)
    file, board = paths[0], (paths[1] if len(paths) > 1 else None)
    if board is not None and example is not None:
        raise Failure("give one board: a BOARD file or --example NAME", 2)
    # Every file the check reads: no output may replace one of them.
    inputs = tuple(path for path in (file, board, stdin_path, python) if path)
    request = CheckRequest(log_path, tree_path, side_by_side, html_path, inputs=inputs)
    precheck(request)
    options = CheckOptions(
        board=_position(board, example, turn),
        ai=ai.upper() if ai else None, scores=scale_of(scores_text),
        functions=[n.strip() for n in functions.split(",") if n.strip()] if functions else None,
        stdin=stdin_path, timeout=timeout, max_calls=max_calls, boards=boards, python=python,
        with_files=list(with_files), call=call)
    result = check_file(file, options)
    # The report quotes the program (its output, its errors, its file's name): shown escaped.
    write_outputs(result, shown(result.to_json(), json=True) if fmt == "json" else shown(str(result)), request)
    if not result.ok:
        click.get_current_context().exit(1)


def _position(board: str | None, example: str | None, turn: str | None) -> Any:
    """The cells and side to move of BOARD or --example (None if neither is given)."""
    from .. import examples
    from ..games.tictactoe.notation import read_board_file

    if board is None and example is None:
        return None
    if example is not None:
        if example not in examples.names():
            raise InputError(f"no example named {example!r}; trace --example lists them", "--example")
        import io

        position = read_board_file(io.BytesIO(examples.read(example).encode("utf-8")), f"example:{example}",
                                   turn.upper() if turn else None)  # type: ignore[arg-type]
    else:
        from ..opening import open_for_reading

        try:
            with open_for_reading(board) as stream:  # type: ignore[arg-type]
                position = read_board_file(stream, board, turn.upper() if turn else None,  # type: ignore[arg-type]
                                           size=3, why="trace check holds a program to the guide's 3×3 board")
        except OSError as exc:
            raise InputError(f"cannot read the file: {exc.strerror}", board) from None
    return tuple(None if c == "." else c for c in position.board.cells), position.to_move
