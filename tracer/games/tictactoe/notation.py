"""Board files (docs/boards.md): parse a position from text, validate it, and say exactly what is wrong."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from ...errors import InputError, decode_text
from .board import GUIDE_SIZE, MAX_SIZE, MIN_SIZE, Board, default_in_a_row, other
from .cells import EXPECTED_BOARD, _content_rows, _read_cells, array_text, parse_cells, surely_a_board

if TYPE_CHECKING:
    from .board import Mark

__all__ = ["MAX_BYTES", "MAX_EMPTY", "Position", "as_position", "parse_board", "parse_cells",
           "read_board_file", "surely_a_board"]

MAX_BYTES = 64 * 1024
#: The most empty cells of a board larger than the guide's: nine are the empty 3×3 board's
#: (549,946 calls), ten could take ten times as many.
MAX_EMPTY = 9


def most_calls(empty: int) -> int:
    """The most calls minimax can make on ``empty`` empty cells when no game ends early: Σ e!/(e-i)!."""
    total, term = 1, 1
    for i in range(empty):
        term *= empty - i
        total += term
    return total


@dataclass(frozen=True)
class Position:
    """A parsed board, the mark to move, and where it came from (a path, ``<stdin>``, ``example:NAME``)."""

    board: Board
    to_move: Mark
    source: str = "<string>"


def read_board_file(stream: BinaryIO, source: str, turn: Mark | None = None, size: int | None = None,
                    in_a_row: int | None = None, why: str = "") -> Position:
    data = stream.read(MAX_BYTES + 1)
    return parse_board(decode_text(data, source, MAX_BYTES, f"expected a small board file, found more than "
                                   f"{MAX_BYTES} bytes", nul_line=True), source, turn, size, in_a_row, why)


def parse_board(text: str, source: str = "<string>", turn: Mark | None = None, size: int | None = None,
                in_a_row: int | None = None, why: str = "") -> Position:
    """Parse one position; raise InputError naming the line on any problem."""
    rows = _content_rows(text)
    if not rows:
        raise InputError(f"expected {EXPECTED_BOARD}, found no board (an empty file)", source, 1)
    cells = _sized_cells(rows, source, size, why)
    board = Board("".join(cells), check_in_a_row(round(len(cells) ** 0.5), in_a_row))
    return Position(board, _check_position(board, turn, source, rows[0][0]), source)


def check_size(size: int | None) -> None:
    """InputError unless ``size`` (``--size``) is a size a board may have."""
    if size is not None and not MIN_SIZE <= size <= MAX_SIZE:
        raise InputError(f"expected a board size from {MIN_SIZE} to {MAX_SIZE}, found {size} (a state "
                         f"holds 2 bits a cell and the side to move in 64 bits: {MAX_SIZE}×{MAX_SIZE} "
                         f"is the largest)", "--size")


def check_in_a_row(size: int, in_a_row: int | None) -> int:
    """How many in a row win: ``in_a_row`` (``--in-a-row``) if it fits the board, else InputError."""
    if in_a_row is None:
        return default_in_a_row(size)
    if not MIN_SIZE <= in_a_row <= size:
        raise InputError(f"expected {MIN_SIZE} to {size} in a row on a {size}×{size} board, "
                         f"found {in_a_row}", "--in-a-row")
    return in_a_row


def _sized_cells(rows: list[tuple[int, str]], source: str, size: int | None, why: str = "") -> list[str]:
    """The cells of a board of ``size``; a board of another size than ``--size`` is said so."""
    check_size(size)
    try:
        return _read_cells(rows, source, size)
    except InputError:
        if size is None:
            raise
        try:
            found = len(_read_cells(rows, source))
        except InputError:
            found = 0
        if found and found != size * size:
            n = round(found**0.5)
            raise InputError(f"expected a {size}×{size} board ({why or f'--size {size}'}), found a {n}×{n} board",
                             source, rows[0][0]) from None
        raise


def _check_position(board: Board, turn: Mark | None, source: str, line: int) -> Mark:
    """The side to move, once the board is checked to be one a game could reach."""
    xs, os = board.count("X"), board.count("O")
    if abs(xs - os) > 1:
        raise InputError(f"expected the numbers of X and O to differ by at most one, "
                         f"found {xs} X and {os} O in {board.compact()!r}", source, line)
    if board.has_line("X") and board.has_line("O"):
        raise InputError(f"expected at most one player with {board.geometry.row_words()}, found both in "
                         f"{board.compact()!r}", source, line)
    empty = len(board.empty_cells())
    if board.size != GUIDE_SIZE and empty > MAX_EMPTY:
        raise InputError(
            f"expected at most {MAX_EMPTY} empty cells on a {board.geometry.shape()} board, found "
            f"{empty}: minimax tries every order of them, up to {most_calls(empty):,} calls "
            f"({MAX_EMPTY} take at most {most_calls(MAX_EMPTY):,}; --max-nodes only limits drawings)", source, line)
    if xs == os:
        inferred: Mark = "X"
        allowed: tuple[Mark, ...] = ("X", "O")  # either player may have opened
    else:
        inferred = "O" if xs > os else "X"
        allowed = (inferred,)
    if turn is None:
        return inferred
    if turn not in allowed:
        raise InputError(f"expected {other(turn)} to move with {xs} X and {os} O on the board "
                         f"(--turn {turn} contradicts the counts)", source, line)
    return turn


def as_position(board: object, to_move: object = None, source: str = "record()") -> tuple[Board, Mark]:
    """The board and side to move of a Python caller's arguments, read at the edge."""
    if to_move is not None and to_move not in ("X", "O"):
        raise ValueError(f"expected to_move to be 'X' or 'O', found {to_move!r}")
    if isinstance(board, list | tuple):
        board = array_text(board, source)
    if isinstance(board, str):
        position = parse_board(board, source, to_move)
        return position.board, position.to_move
    if not isinstance(board, Board):
        raise TypeError(f"{source} expects a Board, a string such as 'X.OX.XOO.' or the guide's array as a "
                        f"list such as [\"X\", 1, \"O\", \"X\", 4, \"X\", \"O\", \"O\", 8], "
                        f"found {type(board).__name__}")
    if to_move is None:
        return board, _check_position(board, None, source, 1)
    return board, to_move

