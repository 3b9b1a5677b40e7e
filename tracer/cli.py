"""The ``trace`` program's front door: a plain summary run parsed here by hand, every other command line by click.

``trace BOARD --stats`` (with ``--no-tree``, ``--quiet`` and ``--algorithm NAME``,
in any order) is the run a learner repeats and the one a start is timed on: it is
read here, without loading click, and runs exactly as ``tracer.commands``' ``run``
would (the same helpers, the same one-line errors). Anything else, or anything
unusual about it (a file that is not there, a search that is not known, shell
completion asked for), goes to click's program, which says what is wrong.
``main`` and the other names of ``tracer.commands`` are offered here too, loaded
on first use.
"""

from __future__ import annotations

import gc
import os
import sys

from .wiring import build_game, read_input  # noqa: F401 - the commands' helpers, offered here

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: ``trace``'s commands: a first word that names one is never a board.
COMMANDS = ("check", "compare", "play", "quiz", "render", "run")

#: The flags a quick run understands, and the option each sets.
QUICK_FLAGS = {"--stats": "stats", "--no-tree": "no_tree", "-q": "quiet", "--quiet": "quiet"}


class QuickRun:
    """A summary run read from the command line: the board file, the search, the flags given."""

    def __init__(self, board: str, algorithm: str | None, flags: dict[str, bool]):
        self.board, self.algorithm, self.flags = board, algorithm, flags


def quick_run(args: list[str]) -> QuickRun | None:
    """``args`` as a quick run, or None when click's program must read them."""
    if not args or args[0] in COMMANDS or os.environ.get("_TRACE_COMPLETE") or os.environ.get("NO_COLOR"):
        return None
    boards: list[str] = []
    algorithms: list[str] = []
    flags: dict[str, bool] = {}
    words = iter(args)
    for word in words:
        if word in QUICK_FLAGS:
            flags[QUICK_FLAGS[word]] = True
        elif word == "--algorithm":
            algorithms.append(next(words, ""))
        elif word.startswith("--algorithm="):
            algorithms.append(word.removeprefix("--algorithm="))
        elif word.startswith("-"):
            return None
        else:
            boards.append(word)
    if not flags.get("stats") or len(boards) != 1 or len(algorithms) > 1 or not os.path.isfile(boards[0]):
        return None
    algorithm = algorithms[0] if algorithms else None
    if algorithm is not None and not _is_search(algorithm):
        return None
    return QuickRun(boards[0], algorithm, flags)


def _is_search(name: str) -> bool:
    """Whether ``--algorithm`` takes ``name`` as it is (click's program reports any other)."""
    from . import search
    from .errors import InputError

    try:
        return search.find(name).name == name
    except InputError:
        return False


def run_quick(quick: QuickRun) -> None:
    """Run ``trace run BOARD --stats …`` as ``tracer.commands`` would, errors included."""
    from .console import prepare_streams
    from .errors import InputError, RenderError, TooLargeError, TracerError
    from .outputs.safe_write import ReaderGone, stdout_guard

    prepare_streams()
    try:
        with stdout_guard():  # a closed or full standard output: one line, exit 1
            _summarise(quick)
    except ReaderGone:  # `trace … | head` read all it wanted: nothing went wrong
        sys.exit(0)
    except (InputError, TooLargeError) as exc:
        _fail(str(exc), 2)
    except (RenderError, TracerError) as exc:
        _fail(str(exc), 1)
    except (EOFError, KeyboardInterrupt):
        import click

        click.echo(file=sys.stderr)
        click.echo("Aborted!", err=True)
        sys.exit(1)


def _summarise(quick: QuickRun) -> None:
    from . import search
    from .wiring import emit, game_defaults, stem_of

    spec = search.GUIDE if quick.algorithm is None else search.SearchSpec(quick.algorithm)
    text, source = read_input(quick.board, None)
    trace = spec.run(build_game(text, source, **game_defaults()))
    emit(trace, stem=stem_of(quick.board, None), inputs=(quick.board,), **quick.flags)


def _fail(message: str, status: int) -> None:
    from .commandline import Failure

    Failure(message, status).show()
    sys.exit(status)


def start(args: list[str] | None = None) -> None:
    """Run ``trace`` on ``args`` (by default the process's own): quickly when it is a
    summary run, else through click's program.

    What the imports make (modules, classes, click's commands) lives until the process
    ends, so the garbage collector is kept off it: paused while they load, then frozen
    out of every later pass (and out of the last one, at exit), since each pass would
    walk it again and free nothing. A summary run keeps it paused to the end: it makes
    few objects besides, and nothing it makes is garbage before the process ends.
    """
    args = sys.argv[1:] if args is None else list(args)
    gc.disable()
    quick = quick_run(args)
    if quick is None:
        from .commands import main

        gc.freeze()
        gc.enable()
        main(args, prog_name="trace")
    else:
        run_quick(quick)


def __getattr__(name: str) -> Any:
    """``main`` and the other names of click's program, loaded on first use (PEP 562)."""
    if name.startswith("__"):
        raise AttributeError(name)
    from . import commands

    return getattr(commands, name)


if __name__ == "__main__":  # pragma: no cover
    start()
