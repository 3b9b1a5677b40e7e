"""Board files: parse a position from text, validate it, and say exactly what is wrong.

The notations learners already have at hand are accepted (blank lines and ``#``
comments are ignored):

* a grid of three rows of three cells, each ``X``/``O`` (either case) or empty
  (``.``, ``-``, ``_`` or the cell's own index digit), optionally separated by
  spaces or ``|``; the board as ``trace play`` draws it, ``---+---+---`` rules
  included, is such a grid;
* the guide's array, e.g. ``["X", 1, "O", "X", 4, "X", "O", "O", 8]``, also as its
  line of JavaScript (``const currentBoardState = [...];``), with single or double
  quotes, on one line or split over several;
* the nine cells on one line, as tracer prints them: ``X.OX.XOO.``, or with its
  titles' slashes, ``X.O/X.X/OO.``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import BinaryIO

from ...errors import InputError, name_char, quote
from .board import EMPTY, Board, Mark, other

#: Board files are tiny; refuse anything larger without reading it all.
MAX_BYTES = 64 * 1024

EMPTY_CHARS = ".-_"
EXPECTED_CELL = "X, O, '.', '-', '_' or the cell's own index"
EXPECTED_BOARD = 'a board: 3 rows of 3 cells, 9 cells like X.OX.XOO., or an array like ["X", 1, "O", ...]'

#: A rule between the rows of a drawn board, as ``trace play`` prints it: ``---+---+---``.
_RULE = re.compile(r"[-+=\s]*\+[-+=\s]*")
#: The start of the guide's array, maybe as its JavaScript: ``const currentBoardState = [``.
_ARRAY_START = re.compile(r"(?:(?:const|let|var)\s+)?(?:[A-Za-z_$][\w$]*\s*=\s*)?\[")


@dataclass(frozen=True)
class Position:
    """A parsed board and whose turn it is."""

    board: Board
    #: The mark to move.
    to_move: Mark
    #: Where the board came from (a path, ``<stdin>`` or ``example:NAME``).
    source: str = "<string>"


def _quote(text: str, limit: int = 40) -> str:
    """Quote found text for an error message: escaped, shortened, on one line."""
    return quote(text.strip(" \t"), limit)


def _decode(data: bytes, source: str) -> str:
    if len(data) > MAX_BYTES:
        raise InputError(f"expected a small board file, found more than {MAX_BYTES} bytes", source)
    if b"\0" in data:
        line = data[: data.index(b"\0")].count(b"\n") + 1
        raise InputError("expected a text file, found binary data (NUL bytes)", source, line)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("expected UTF-8 text, found undecodable bytes", source, line) from None


def read_board_file(stream: BinaryIO, source: str, turn: Mark | None = None) -> Position:
    """Read at most MAX_BYTES from ``stream`` and parse one position from it."""
    data = stream.read(MAX_BYTES + 1)
    return parse_board(_decode(data, source), source, turn)


def parse_board(text: str, source: str = "<string>", turn: Mark | None = None) -> Position:
    """Parse one position; raise InputError naming the line on any problem.

    Args:
        text: the file's contents.
        source: the name used in error messages.
        turn: the side to move, if the user set it; otherwise inferred from the counts.
    """
    rows = _content_rows(text)
    if not rows:
        raise InputError(f"expected {EXPECTED_BOARD}, found no board (an empty file)", source, 1)
    first_line = rows[0][0]
    cells = _read_cells(rows, source)
    board = Board("".join(cells))
    return Position(board, _check_position(board, turn, source, first_line), source)


def parse_cells(text: str, source: str = "board") -> str:
    """The nine cells (``'X.OX.XOO.'``) of a board in any of the notations above.

    Only the cells are checked (InputError if they are not a board), not whether
    the position could occur in a game: that is parse_board's job.
    """
    rows = _content_rows(text)
    if not rows:
        raise InputError(f"expected {EXPECTED_BOARD}, found nothing", source)
    return "".join(_read_cells(rows, source))


def _read_cells(rows: list[tuple[int, str]], source: str) -> list[str]:
    """The cells, in whichever notation ``rows`` are written."""
    first_line, first = rows[0]
    start = _ARRAY_START.match(first)
    if start:
        return _parse_array(_array_lines(rows, start.end() - 1, source), source, first_line)
    if len(rows) == 1 and "/" in first:  # X.O/X.X/OO.
        return _parse_grid([(first_line, row) for row in first.split("/")], source)
    packed = re.sub(r"[\s|]+", "", first)
    if len(rows) == 1 and len(packed) == 9:  # X.OX.XOO.
        return _parse_grid([(first_line, packed[i : i + 3]) for i in (0, 3, 6)], source)
    return _parse_grid(rows, source)


def _content_rows(text: str) -> list[tuple[int, str]]:
    """``(line number, content)`` of each line that says something: no comments, blank
    lines or the ``---+---+---`` rules of a drawn board."""
    rows: list[tuple[int, str]] = []
    # Only "\n" ends a line (a "\r" before it is dropped): form feeds, vertical tabs,
    # U+0085 and U+2028/2029 are characters of the line, so line numbers match an
    # editor's and a comment runs to the real end of its line.
    for number, raw in enumerate(text.split("\n"), start=1):
        content = raw.split("#", 1)[0].strip(" \t\r")
        if content and not _RULE.fullmatch(content):
            rows.append((number, content))
    return rows


def _array_lines(rows: list[tuple[int, str]], start: int, source: str) -> str:
    """The array's text, from its ``[`` to its ``]``, joined over as many lines as it spans.

    What may follow it is a ``;`` (the guide's JavaScript), nothing else.
    """
    parts = [rows[0][1][start:]]
    index = 0
    while "]" not in parts[-1] and index + 1 < len(rows):
        index += 1
        parts.append(rows[index][1])
    joined = " ".join(parts)
    end = joined.find("]")
    if end < 0:
        raise InputError(
            f"expected the array to end with ']', found {_quote(joined)}", source, rows[0][0]
        )
    rest = joined[end + 1 :].strip()
    if rest not in ("", ";"):
        raise InputError(
            f"expected nothing after the array but a ';', found {_quote(rest)}", source, rows[index][0]
        )
    if index + 1 < len(rows):
        line, content = rows[index + 1]
        raise InputError(f"expected nothing after the array, found {_quote(content)}", source, line)
    return joined[: end + 1]


def _parse_grid(rows: list[tuple[int, str]], source: str) -> list[str]:
    if len(rows) > 3:
        line, content = rows[3]
        raise InputError(f"expected 3 rows, found a fourth: {_quote(content)}", source, line)
    cells: list[str] = []
    for r, (line, content) in enumerate(rows):
        row = re.sub(r"[ \t|]+", "", content)
        if len(row) != 3:
            raise InputError(
                f"expected 3 cells in row {r + 1}, found {len(row)}: {_quote(content)}",
                source,
                line,
            )
        for c, char in enumerate(row):
            cells.append(_cell(char, r * 3 + c, content, source, line))
    if len(rows) < 3:
        line = rows[-1][0]
        raise InputError(
            f"expected 3 rows, found {len(rows)} (the board ends at line {line})", source, line
        )
    return cells


def _cell(char: str, index: int, content: str, source: str, line: int) -> str:
    upper = char.upper()
    if upper in ("X", "O"):
        return upper
    if char in EMPTY_CHARS:
        return EMPTY
    if char.isdigit() and char.isascii():
        if int(char) == index:
            return EMPTY
        raise InputError(
            f"expected cell {index} to be {EXPECTED_CELL} ({index}), found the number {char} "
            f"in {_quote(content)}",
            source,
            line,
        )
    raise InputError(
        f"expected {EXPECTED_CELL}, found {name_char(char)} in {_quote(content)}", source, line
    )


_ARRAY_ITEM = re.compile(r"""[ \t]*(?:"([^"]*)"|'([^']*)'|(-?[0-9]+))[ \t]*(?:,|$)""")


def _parse_array(content: str, source: str, line: int) -> list[str]:
    inner = content[1:-1].strip(" \t")
    cells: list[str] = []
    pos = 0
    while pos < len(inner):
        match = _ARRAY_ITEM.match(inner, pos)
        if not match or match.end() == pos:
            raise InputError(
                f'expected "X", "O" or a number at item {len(cells) + 1} of the array, '
                f"found {_quote(inner[pos:])}",
                source,
                line,
            )
        pos = match.end()
        index = len(cells)
        text = match.group(1) if match.group(1) is not None else match.group(2)
        if text is not None:
            if text.upper() not in ("X", "O"):
                found = name_char(text) if len(text) == 1 else _quote(text)
                raise InputError(
                    f'expected "X" or "O" at item {index + 1} of the array, found {found}',
                    source,
                    line,
                )
            cells.append(text.upper())
        else:
            digits = match.group(3)
            # No valid item has two digits; checking first keeps int() off huge numbers.
            number = int(digits) if len(digits.lstrip("-")) == 1 else None
            if number != index:
                raise InputError(
                    f"expected item {index + 1} of the array to be a mark or its own index "
                    f"{index}, found the number {digits if len(digits) < 12 else _quote(digits)}",
                    source,
                    line,
                )
            cells.append(EMPTY)
    if len(cells) != 9:
        raise InputError(
            f"expected 9 items in the array, found {len(cells)}: {_quote(content)}", source, line
        )
    return cells


def _check_position(board: Board, turn: Mark | None, source: str, line: int) -> Mark:
    """Check that the board could occur in a game; return the side to move."""
    xs, os = board.count("X"), board.count("O")
    if abs(xs - os) > 1:
        raise InputError(
            f"expected the numbers of X and O to differ by at most one, "
            f"found {xs} X and {os} O in {board.compact()!r}",
            source,
            line,
        )
    if board.has_line("X") and board.has_line("O"):
        raise InputError(
            f"expected at most one player with three in a row, found both in {board.compact()!r}",
            source,
            line,
        )
    if xs == os:
        inferred: Mark = "X"
        allowed: tuple[Mark, ...] = ("X", "O")  # either player may have opened
    else:
        inferred = "O" if xs > os else "X"
        allowed = (inferred,)
    if turn is None:
        return inferred
    if turn not in allowed:
        raise InputError(
            f"expected {other(turn)} to move with {xs} X and {os} O on the board "
            f"(--turn {turn} contradicts the counts)",
            source,
            line,
        )
    return turn



def as_position(board: object, to_move: object = None, source: str = "record()") -> tuple[Board, Mark]:
    """The board and side to move of a Python caller's arguments, read at the edge.

    ``board`` is a Board, a string in any board-file notation or the guide's array as
    a Python list; with ``to_move`` left out it is inferred from the counts, as for a
    board file.
    """
    if to_move is not None and to_move not in ("X", "O"):
        raise ValueError(f"expected to_move to be 'X' or 'O', found {to_move!r}")
    if isinstance(board, list | tuple):
        board = array_text(board, source)
    if isinstance(board, str):
        position = parse_board(board, source, to_move)
        return position.board, position.to_move
    if not isinstance(board, Board):
        raise TypeError(
            f"{source} expects a Board, a string such as 'X.OX.XOO.' or the guide's array as a "
            f"list such as [\"X\", 1, \"O\", \"X\", 4, \"X\", \"O\", \"O\", 8], found {type(board).__name__}"
        )
    if to_move is None:
        return board, _check_position(board, None, source, 1)
    return board, to_move


def array_text(items: list[object] | tuple[object, ...], source: str = "Board()") -> str:
    """The guide's array given as a Python list (``["X", 1, "O", ...]``), as the text of
    its line of code, for the notations above to read; TypeError for an item that is
    neither a mark nor a cell's index."""
    shown = []
    for item in items:
        if isinstance(item, str):
            shown.append('"' + item.replace("\\", "\\\\").replace('"', '\\"') + '"')
        elif type(item) is int:
            shown.append(str(item))
        else:
            raise TypeError(f"{source} expects the guide's array: nine items, each \"X\", \"O\" or "
                            f"the empty cell's index, found {item!r}")
    return "[" + ", ".join(shown) + "]"
