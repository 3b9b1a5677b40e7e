"""The tic-tac-toe board: n×n cells, marks, the lines of k in a row and the one win check."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from math import isqrt
from typing import Literal

from ...hooks import ask
from .cells import EMPTY, array_text, parse_cells

Mark = Literal["X", "O"]


MARKS: tuple[Mark, Mark] = ("X", "O")

#: A state packs X's cells, O's cells and the side to move into 2n² + 1 bits of a signed
#: 64-bit column: 5×5 needs 51 bits, 6×6 would need 73.
MIN_SIZE, MAX_SIZE = 3, 5
GUIDE_SIZE = 3

#: The 3×3 board's cells in words (larger boards say row and column).
CELL_NAMES: tuple[str, ...] = ("top-left", "top-middle", "top-right", "middle-left", "centre", "middle-right",
                               "bottom-left", "bottom-middle", "bottom-right")

_NUMBER_WORDS = {3: "three", 4: "four", 5: "five"}


def default_in_a_row(size: int) -> int:
    """How many in a row win unless ``--in-a-row`` says otherwise: the side up to 4×4, then four
    (five in a row on 5×5 is a draw in almost every position)."""
    return min(size, 4)


def line_cells(size: int, in_a_row: int) -> tuple[tuple[int, ...], ...]:
    """Every line of ``in_a_row`` cells, as cell indexes: rows', columns', then the diagonals
    down-right and down-left, each ascending by first cell (on 3×3 the guide's order)."""
    k, n, span = in_a_row, size, size - in_a_row + 1
    rows = [tuple(r * n + c + i for i in range(k)) for r in range(n) for c in range(span)]
    columns = [tuple((r + i) * n + c for i in range(k)) for c in range(n) for r in range(span)]
    down = [tuple((r + i) * n + c + i for i in range(k)) for r in range(span) for c in range(span)]
    up = [tuple((r + i) * n + c - i for i in range(k)) for r in range(span) for c in range(k - 1, n)]
    return tuple(rows + columns + down + up)


@dataclass(frozen=True, eq=False)
class Geometry:
    """A board's shape: its size, how many in a row win, its lines and their bit masks (one per
    shape: ``geometry``)."""

    size: int
    in_a_row: int
    lines: tuple[tuple[int, ...], ...] = field(init=False)
    masks: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        lines = line_cells(self.size, self.in_a_row)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "masks", tuple(sum(1 << c for c in line) for line in lines))

    @property
    def cells(self) -> int:
        return self.size * self.size

    @property
    def full(self) -> int:
        return (1 << self.cells) - 1

    @property
    def guide(self) -> bool:
        return self.size == GUIDE_SIZE and self.in_a_row == GUIDE_SIZE

    def has_line(self, bits: int) -> bool:
        if self.guide:
            return HAS_LINE[bits]
        return any(bits & mask == mask for mask in self.masks)

    def empty_cells(self, occupied: int) -> tuple[int, ...]:
        """The cells not in ``occupied``, ascending (the guide's step 8)."""
        if self.size == GUIDE_SIZE:
            return EMPTY_CELLS[occupied]
        return tuple(i for i in range(self.cells) if not occupied >> i & 1)

    def cell_name(self, cell: int) -> str:
        """A cell in words: ``'centre'`` on 3×3, ``'row 2, column 3'`` on larger boards."""
        if self.size == GUIDE_SIZE:
            return CELL_NAMES[cell]
        return f"row {cell // self.size + 1}, column {cell % self.size + 1}"

    def shape(self) -> str:
        return f"{self.size}×{self.size}"

    def row_words(self) -> str:
        return f"{_NUMBER_WORDS.get(self.in_a_row, str(self.in_a_row))} in a row"


@cache
def geometry(size: int = GUIDE_SIZE, in_a_row: int | None = None) -> Geometry:
    return Geometry(size, default_in_a_row(size) if in_a_row is None else in_a_row)


#: The guide's eight lines of three, in the tutorial's order: rows, columns, the two diagonals.
LINES: tuple[tuple[int, ...], ...] = line_cells(3, 3)
LINE_MASKS: tuple[int, ...] = tuple(sum(1 << c for c in line) for line in LINES)
#: ``HAS_LINE[bits]``: whether the 3×3 cells in ``bits`` hold a line, tabulated so the search looks it up.
HAS_LINE: tuple[bool, ...] = tuple(any(bits & mask == mask for mask in LINE_MASKS) for bits in range(512))
#: ``EMPTY_CELLS[occupied_bits]``: the empty cells of a 3×3 board, ascending (step 8).
EMPTY_CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(9) if not bits >> i & 1)
                                                 for bits in range(512))


def other(mark: Mark) -> Mark:
    return "O" if mark == "X" else "X"


def cell_name(cell: int, size: int = GUIDE_SIZE) -> str:
    """A cell's name in words, e.g. ``4`` -> ``'centre'``."""
    return geometry(size).cell_name(cell)


@dataclass(frozen=True, repr=False)
class Board:
    """A position: n×n cells, row-major, each ``'X'``, ``'O'`` or ``'.'``, and how many in a row win
    (0: the size's default). ``Board('X.OX.XOO.')`` is the tutorial's board; any board file's
    notation is read too (``Board('x.o/x.x/oo.')``, ``Board('XO../.X../..O./....')`` on 4×4).
    """

    cells: str
    in_a_row: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.cells, list | tuple):  # the guide's array, as a Python list
            object.__setattr__(self, "cells", array_text(self.cells))
        if not isinstance(self.cells, str):
            raise TypeError("Board() expects the board as a string, e.g. 'X.OX.XOO.' or 'X.O/X.X/OO.', or the "
                            f"guide's array as a list, found {type(self.cells).__name__}")
        if not (len(self.cells) in _SQUARES and not set(self.cells) - {"X", "O", EMPTY}):
            object.__setattr__(self, "cells", parse_cells(self.cells, "Board()"))
        size = isqrt(len(self.cells))
        k = self.in_a_row or default_in_a_row(size)
        if not (type(k) is int and MIN_SIZE <= k <= size):
            raise ValueError(f"expected in_a_row from {MIN_SIZE} to {size} on a {size}×{size} board, "
                             f"found {self.in_a_row!r}")
        object.__setattr__(self, "in_a_row", k)

    @classmethod
    def empty(cls, size: int = GUIDE_SIZE, in_a_row: int = 0) -> Board:
        return cls(EMPTY * size * size, in_a_row)

    @classmethod
    def from_bits(cls, x_bits: int, o_bits: int, size: int = GUIDE_SIZE, in_a_row: int = 0) -> Board:
        """A board from two masks of ``size``² bits (bit i set = the mark is on cell i)."""
        cells = "".join("X" if x_bits >> i & 1 else "O" if o_bits >> i & 1 else EMPTY for i in range(size * size))
        return cls(cells, in_a_row)

    @property
    def size(self) -> int:
        """Cells on a side."""
        return isqrt(len(self.cells))

    @property
    def geometry(self) -> Geometry:
        """The board's shape: its lines of ``in_a_row``."""
        return geometry(self.size, self.in_a_row)

    def _rows(self) -> list[str]:
        n = self.size
        return [self.cells[r * n : r * n + n] for r in range(n)]

    def __str__(self) -> str:
        return "\n".join(" ".join(row) for row in self._rows())

    def __repr__(self) -> str:
        if self.in_a_row == default_in_a_row(self.size):
            return f"Board({self.cells!r})"
        return f"Board({self.cells!r}, in_a_row={self.in_a_row})"

    def _repr_svg_(self) -> str:
        # Jupyter shows a board as a small picture (drawn without Graphviz).
        return str(ask("show_board", self))

    def __getitem__(self, cell: int) -> str:
        return self.cells[cell]

    def bits(self, mark: Mark) -> int:
        """The cells holding ``mark`` as a bit mask (bit i = cell i)."""
        return sum(1 << i for i, c in enumerate(self.cells) if c == mark)

    def compact(self) -> str:
        """One-line drawing, rows separated by ``/``: ``'X.O/X.X/OO.'``."""
        return "/".join(self._rows())

    def as_array(self) -> list[str | int]:
        """The tutorial's array notation: marks as strings, empty cells as their index."""
        return [c if c != EMPTY else i for i, c in enumerate(self.cells)]

    def empty_cells(self) -> list[int]:
        """Indexes of the empty cells in ascending order (the tutorial's step 8)."""
        return [i for i, c in enumerate(self.cells) if c == EMPTY]

    def count(self, mark: Mark) -> int:
        """How many cells hold ``mark``."""
        return self.cells.count(mark)

    def has_line(self, mark: Mark) -> bool:
        """Whether ``mark`` has a line (three in a row on the guide's board)."""
        return self.geometry.has_line(self.bits(mark))

    def winning_line(self, mark: Mark) -> tuple[int, ...] | None:
        """The first line held by ``mark``, or None."""
        g = self.geometry
        bits = self.bits(mark)
        for line, mask in zip(g.lines, g.masks, strict=True):
            if bits & mask == mask:
                return line
        return None

    def winner(self) -> Mark | None:
        """The mark with a line, or None (X is checked first)."""
        for mark in MARKS:
            if self.has_line(mark):
                return mark
        return None

    def is_full(self) -> bool:
        """Whether no empty cell is left."""
        return EMPTY not in self.cells

    def play(self, cell: int, mark: Mark) -> Board:
        """The board after ``mark`` is placed on the empty ``cell``."""
        if self.cells[cell] != EMPTY:
            raise ValueError(f"cell {cell} is not empty: it holds {self.cells[cell]}")
        return Board(self.cells[:cell] + mark + self.cells[cell + 1 :], self.in_a_row)


_SQUARES = frozenset(n * n for n in range(MIN_SIZE, MAX_SIZE + 1))
