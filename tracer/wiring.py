"""What the commands wire together, without click: an input read, a game built, a search chosen, outputs asked for.

Click's program (``tracer.commands``) uses these; each output's own modules are
loaded only when that output is asked for.
"""

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
from .commandline import Failure
from .errors import InputError
from .opening import open_for_reading
from .outputs import Request, produce

if TYPE_CHECKING:
    from .search import SearchSpec
    from .trace import Trace

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
        return open_for_reading(path)  # closed by the caller's with; a FIFO never waited on
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", path) from None


def read_input(board: str | None, example: str | None) -> tuple[bytes, str]:
    """The bytes of BOARD or of example NAME (enough for any game's input file), and their name."""
    if example is not None:
        from . import examples

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
    """A hint, instead of "cannot read the file" or a board's error, for a word that was
    meant as something else."""
    if board == "-":
        return
    if board.lower().endswith(PROGRAM_SUFFIXES):
        import shlex

        raise InputError(f"a program, not a board: to check your own minimax, type trace check "
                         f"{shlex.quote(board)}", board)
    if os.path.exists(board):
        return
    from . import examples

    if board == "help":
        raise Failure("'help' is not a board file: for help, type trace --help", 2)
    if board in examples.names():
        raise InputError(f"no such file; to trace the bundled example, type trace --example {board}", board)
    if board in ("examples", "example"):
        raise InputError(f"no such file; the bundled examples are: {', '.join(examples.names())}; "
                         "run one with trace --example NAME", board)


def input_bytes() -> int:
    """The most bytes any game reads of an input file."""
    return max(kind.max_bytes for kind in games.kinds())


def game_defaults() -> dict[str, Any]:
    """Every option the games declare (``ai``, ``scores``, ``order``), at its default."""
    return {option.name: option.default for kind in games.kinds() for option in kind.options}


def split_options(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A command's other options, split: the games' own (``ai``, ``scores``, ``order``), and
    the outputs' (a search's settings are left out: ``chosen_search`` reads them)."""
    names = game_defaults()
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
    """The game an input file's bytes describe (the one named, else the one its text is
    written for), shaped by the options each game takes (the others leave it as it is);
    an option not given keeps the game's own default (``GameOption.default``).

    ``given`` names the options the user gave: one the game does not take is refused
    (``--scores depth`` on a tree), never silently left unused.
    """
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
    """The name output files are given by default: the input file's name without its suffix."""
    if example:
        return example
    if path is None or path == "-":
        return "trace"
    if board_on_command_line(path):
        return "board"
    return Path(os.path.basename(path)).stem


def emit(trace: Trace, *, stem: str, **options: Any) -> None:
    """Produce every output the options ask for (see ``tracer.outputs``)."""
    produce(trace, Request(stem=stem, **options))
