"""The tic-tac-toe board: cells, marks, lines and the one win check."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cells import EMPTY, array_text, parse_cells

Mark = Literal["X", "O"]
MARKS: tuple[Mark, Mark] = ("X", "O")

#: The eight lines of three, as cell indexes (row-major, 0 = top-left).
#: Rows, then columns, then the two diagonals: the tutorial's order.
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)

CELL_NAMES: tuple[str, ...] = (
    "top-left",
    "top-middle",
    "top-right",
    "middle-left",
    "centre",
    "middle-right",
    "bottom-left",
    "bottom-middle",
    "bottom-right",
)

#: Bit masks of the lines, for boards packed as 9-bit integers (bit i = cell i).
LINE_MASKS: tuple[int, ...] = tuple(sum(1 << c for c in line) for line in LINES)

#: ``HAS_LINE[bits]`` is True when the cells in ``bits`` contain a line of three.
#: Tabulated once from LINES so the search's check is a list lookup.
HAS_LINE: tuple[bool, ...] = tuple(
    any(bits & mask == mask for mask in LINE_MASKS) for bits in range(512)
)

#: ``EMPTY_CELLS[occupied_bits]``: the empty cells, ascending (the tutorial's step 8).
EMPTY_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(9) if not bits >> i & 1) for bits in range(512)
)


def other(mark: Mark) -> Mark:
    """The opponent's mark."""
    return "O" if mark == "X" else "X"


def cell_name(cell: int) -> str:
    """A cell's name in words, e.g. ``4`` -> ``'centre'``."""
    return CELL_NAMES[cell]


@dataclass(frozen=True, slots=True)
class Board:
    """A position: nine cells, row-major, each ``'X'``, ``'O'`` or ``'.'``.

    ``Board('X.OX.XOO.')`` is the tutorial's board; ``str()`` draws it as a grid.
    Any notation of a board file is accepted too and read at once into that form:
    ``Board('x.o/x.x/oo.')``, ``Board('["X", 1, "O", "X", 4, "X", "O", "O", 8]')``.
    """

    cells: str

    def __post_init__(self) -> None:
        if isinstance(self.cells, list | tuple):  # the guide's array, as a Python list
            object.__setattr__(self, "cells", array_text(self.cells))
        if not isinstance(self.cells, str):
            raise TypeError(
                "Board() expects the board as a string, e.g. 'X.OX.XOO.' or 'X.O/X.X/OO.', or the "
                f"guide's array as a list, found {type(self.cells).__name__}"
            )
        if len(self.cells) == 9 and not set(self.cells) - {"X", "O", EMPTY}:
            return  # already the canonical form: the common case, kept fast
        object.__setattr__(self, "cells", parse_cells(self.cells, "Board()"))

    @classmethod
    def empty(cls) -> Board:
        """The board before anybody has played."""
        return cls(EMPTY * 9)

    @classmethod
    def from_bits(cls, x_bits: int, o_bits: int) -> Board:
        """A board from two 9-bit masks (bit i set = the mark is on cell i)."""
        return cls(
            "".join(
                "X" if x_bits >> i & 1 else "O" if o_bits >> i & 1 else EMPTY
                for i in range(9)
            )
        )

    def __str__(self) -> str:
        return "\n".join(" ".join(self.cells[r * 3 : r * 3 + 3]) for r in range(3))

    def __repr__(self) -> str:
        return f"Board({self.cells!r})"

    def _repr_svg_(self) -> str:
        """Jupyter shows a board as a small picture (drawn without Graphviz)."""
        from ...hooks import ask

        return str(ask("show_board", self))

    def __getitem__(self, cell: int) -> str:
        return self.cells[cell]

    def bits(self, mark: Mark) -> int:
        """The cells holding ``mark`` as a 9-bit mask."""
        return sum(1 << i for i, c in enumerate(self.cells) if c == mark)

    def compact(self) -> str:
        """One-line drawing, rows separated by ``/``: ``'X.O/X.X/OO.'``."""
        return f"{self.cells[0:3]}/{self.cells[3:6]}/{self.cells[6:9]}"

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
        """Whether ``mark`` has three in a row."""
        return HAS_LINE[self.bits(mark)]

    def winning_line(self, mark: Mark) -> tuple[int, int, int] | None:
        """The first line of three held by ``mark``, or None."""
        bits = self.bits(mark)
        for line, mask in zip(LINES, LINE_MASKS, strict=False):
            if bits & mask == mask:
                return line
        return None

    def winner(self) -> Mark | None:
        """The mark with three in a row, or None (X is checked first)."""
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
        return Board(self.cells[:cell] + mark + self.cells[cell + 1 :])
