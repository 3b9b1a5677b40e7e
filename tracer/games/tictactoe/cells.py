"""The cells of a board, read from any of the notations board files use, with exact errors.

A grid of n rows of n cells, the guide's array (as its line of JavaScript too), or the n²
cells on one line; the first row, the array or the line gives the size unless ``--size``
does. Whether the position could occur in a game is ``notation.py``'s part.
"""

from __future__ import annotations

import re

from ...errors import InputError, name_char, quote

EMPTY = "."

EMPTY_CHARS = ".-_"
EXPECTED_CELL = "X, O, '.', '-', '_' or the cell's own index"
EXPECTED_BOARD = 'a board: 3 rows of 3 cells, 9 cells like X.OX.XOO., or an array like ["X", 1, "O", ...]'

#: A rule between the rows of a drawn board, as ``trace play`` prints it: ``---+---+---``.
_RULE = re.compile(r"[-+=\s]*\+[-+=\s]*")
#: The start of the guide's array, maybe as its JavaScript: ``const currentBoardState = [``.
_ARRAY_START = re.compile(r"(?:(?:const|let|var)\s+)?(?:[A-Za-z_$][\w$]*\s*=\s*)?\[")
#: The empty board as the guide's array of indexes, ``[0, 1, ..., 8]``.
_INDEX_ARRAY = re.compile(r"\[\s*" + r"\s*,\s*".join(map(str, range(9))) + r"\s*,?\s*\]")
#: A board's array with its marks unquoted, ``[X, 1, O, X, 4, X, O, O, 8]``: no tree (a bare
#: name is not a node) nor Nim (heaps are numbers) reads it, so it is the guide's array mistyped.
_UNQUOTED_ARRAY = re.compile(r"\[\s*(?:[XOxo]|[0-9]{1,2}|[._-])(?:\s*,\s*(?:[XOxo]|[0-9]{1,2}|[._-])){8,24}\s*,?\s*\]")
#: The empty board's nine cells on one line, each written as its own index (a Nim heap of
#: 12 million objects could never be meant).
_INDEX_LINE = "".join(map(str, range(9)))


def surely_a_board(text: str) -> bool:
    """Whether a file's first line with content can only be a board: the guide's array with
    quoted marks, the empty board's indexes, or marks unquoted (read to say what is wrong)."""
    rows = _content_rows(text)  # whole: a long comment may come first
    if not rows:
        return False
    first = rows[0][1]
    start = _ARRAY_START.match(first)
    if start is None:
        return False
    if '"' in first or "'" in first or _INDEX_ARRAY.match(first, start.end() - 1):
        return True
    unquoted = _UNQUOTED_ARRAY.match(first, start.end() - 1)
    return unquoted is not None and any(mark in unquoted.group() for mark in "XOxo")


def the_empty_board_as_indexes(text: str) -> bool:
    """Whether a file's one line of content is ``012345678``, the empty board as its indexes."""
    rows = _content_rows(text)
    return len(rows) == 1 and rows[0][1].strip() == _INDEX_LINE


def _quote(text: str, limit: int = 40) -> str:
    return quote(text.strip(" \t"), limit)


def parse_cells(text: str, source: str = "board") -> str:
    """The nine cells (``'X.OX.XOO.'``) of a board in any of the notations above."""
    rows = _content_rows(text)
    if not rows:
        raise InputError(f"expected {EXPECTED_BOARD}, found nothing", source)
    return "".join(_read_cells(rows, source))


#: ``board.MIN_SIZE`` to ``board.MAX_SIZE``.
SIZES = (3, 4, 5)


def _read_cells(rows: list[tuple[int, str]], source: str, size: int | None = None) -> list[str]:
    """The cells, in whichever notation ``rows`` are written, of ``size`` (None: the text's)."""
    first_line, first = rows[0]
    start = _ARRAY_START.match(first)
    if start:
        return _parse_array(_array_lines(rows, start.end() - 1, source), source, first_line, size)
    if len(rows) == 1 and "/" in first:  # X.O/X.X/OO.
        return _parse_grid([(first_line, row) for row in first.split("/")], source, size)
    packed = re.sub(r"[\s|]+", "", first)
    line_size = size or next((n for n in SIZES if len(packed) == n * n), None)
    if len(rows) == 1 and line_size and len(packed) == line_size ** 2:  # X.OX.XOO.
        n = line_size
        return _parse_grid([(first_line, packed[i : i + n]) for i in range(0, n * n, n)], source, n)
    return _parse_grid(rows, source, size)


def _content_rows(text: str) -> list[tuple[int, str]]:
    """``(line number, content)`` of each line that says something: no comments, blank
    lines or the ``---+---+---`` rules of a drawn board."""
    rows: list[tuple[int, str]] = []
    # Only "\n" ends a line (a "\r" before it is dropped), so line numbers match an editor's
    # and a comment runs to the real end of its line (U+2028 is a character of it).
    for number, raw in enumerate(text.split("\n"), start=1):
        content = raw.split("#", 1)[0].strip(" \t\r")
        if content and not _RULE.fullmatch(content):
            rows.append((number, content))
    return rows


def _array_lines(rows: list[tuple[int, str]], start: int, source: str) -> str:
    """The array's text, from its ``[`` to its ``]``, joined over as many lines as it spans."""
    parts = [rows[0][1][start:]]
    index = 0
    while "]" not in parts[-1] and index + 1 < len(rows):
        index += 1
        parts.append(rows[index][1])
    joined = " ".join(parts)
    end = joined.find("]")
    if end < 0:
        raise InputError(f"expected the array to end with ']', found {_quote(joined)}", source, rows[0][0])
    rest = joined[end + 1 :].strip()
    if rest not in ("", ";"):
        raise InputError(f"expected nothing after the array but a ';', found {_quote(rest)}", source,
                         rows[index][0])
    if index + 1 < len(rows):
        line, content = rows[index + 1]
        raise InputError(f"expected nothing after the array, found {_quote(content)}", source, line)
    return joined[: end + 1]


def _row_cells(content: str, size: int | None) -> list[str]:
    """A grid row's cells: one character each (``X.O``, ``X | . | O``), or, when that does
    not fit, the row's words (``X 13 O .``: an index of two digits on a larger board)."""
    chars = list(re.sub(r"[ \t|]+", "", content))
    if len(chars) == size or (size is None and len(chars) in SIZES):
        return chars
    words = [w for w in re.split(r"[ \t|]+", content) if w]
    fits = len(words) == size or (size is None and len(words) in SIZES)
    return words if fits and all(len(w) == 1 or w.isdigit() for w in words) else chars


def _parse_grid(rows: list[tuple[int, str]], source: str, size: int | None = None) -> list[str]:
    """The cells of a grid of ``size`` rows (or as many as the first row has cells)."""
    if size is None:  # the first row says the size; 3 if it says none allowed
        found = len(_row_cells(rows[0][1], None))
        size = found if found in SIZES else SIZES[0]
    if len(rows) > size:
        line, content = rows[size]
        nth = {3: "a fourth", 4: "a fifth", 5: "a sixth"}.get(size, f"row {size + 1}")
        raise InputError(f"expected {size} rows, found {nth}: {_quote(content)}", source, line)
    cells: list[str] = []
    for r, (line, content) in enumerate(rows):
        row = _row_cells(content, size)
        if len(row) != size:
            raise InputError(f"expected {size} cells in row {r + 1}, found {len(row)}: {_quote(content)}",
                             source, line)
        for c, char in enumerate(row):
            cells.append(_cell(char, r * size + c, content, source, line))
    if len(rows) < size:
        line = rows[-1][0]
        raise InputError(f"expected {size} rows, found {len(rows)} (the board ends at line {line})", source, line)
    return cells


def _cell(char: str, index: int, content: str, source: str, line: int) -> str:
    upper = char.upper()
    if upper in ("X", "O"):
        return upper
    if char in EMPTY_CHARS:
        return EMPTY
    if char.isdigit() and char.isascii():
        if len(char) <= 2 and int(char) == index:
            return EMPTY
        raise InputError(f"expected cell {index} to be {EXPECTED_CELL} ({index}), found the number {char} "
                         f"in {_quote(content)}", source, line)
    raise InputError(f"expected {EXPECTED_CELL}, found {name_char(char)} in {_quote(content)}", source, line)


#: A mark written without its quotes, as an array item: ``X,`` or ``O]``.
_BARE_MARK = re.compile(r"[ \t]*([XOxo])[ \t]*(?:,|$)")
_ARRAY_ITEM = re.compile(r"""[ \t]*(?:"([^"]*)"|'([^']*)'|(-?[0-9]+))[ \t]*(?:,|$)""")


def _parse_array(content: str, source: str, line: int, size: int | None = None) -> list[str]:
    inner = content[1:-1].strip(" \t")
    cells: list[str] = []
    pos = 0
    while pos < len(inner):
        match = _ARRAY_ITEM.match(inner, pos)
        if not match or match.end() == pos:
            hint = ('; a mark without its quotes: write the marks in quotes, as the guide does '
                    '(["X", 1, "O", ...])' if _BARE_MARK.match(inner, pos) else "")
            raise InputError(
                f'expected "X", "O" or a number at item {len(cells) + 1} of the array, '
                f"found {_quote(inner[pos:])}{hint}", source, line)
        pos = match.end()
        index = len(cells)
        text = match.group(1) if match.group(1) is not None else match.group(2)
        if text is not None:
            if text.upper() not in ("X", "O"):
                found = name_char(text) if len(text) == 1 else _quote(text)
                raise InputError(f'expected "X" or "O" at item {index + 1} of the array, found {found}',
                                 source, line)
            cells.append(text.upper())
        else:
            digits = match.group(3)
            # No valid item has three digits; checking first keeps int() off huge numbers.
            number = int(digits) if len(digits.lstrip("-")) <= 2 else None
            if number != index:
                raise InputError(
                    f"expected item {index + 1} of the array to be a mark or its own index "
                    f"{index}, found the number {digits if len(digits) < 12 else _quote(digits)}", source, line)
            cells.append(EMPTY)
    allowed = [size * size] if size else [n * n for n in SIZES]  # 9 first: the guide's board
    if len(cells) not in allowed:
        raise InputError(f"expected {allowed[0]} items in the array, found {len(cells)}: {_quote(content)}",
                         source, line)
    return cells


def array_text(items: list[object] | tuple[object, ...], source: str = "Board()") -> str:
    """The guide's array given as a Python list (``["X", 1, "O", ...]``) as the text of its line of
    code; TypeError for an item that is neither a mark nor a cell's index."""
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
