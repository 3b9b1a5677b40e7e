"""Tic-tac-toe's rules from one position, as the guide plays them: what a search asks, nothing it says.

A state packs the board and the side to move into one integer: with c = n² cells,
``x_bits | o_bits << c | x_to_move << 2c`` (bit i = cell i, row-major).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ...errors import InputError
from ...scores import TUTORIAL, Scores
from .board import EMPTY_CELLS, GUIDE_SIZE, HAS_LINE, Board, Geometry, geometry, other

if TYPE_CHECKING:
    from .board import Mark

DRAW = 3
TERMINAL_NAMES: tuple[str | None, ...] = (None, "X", "O", "draw")
TERMINAL_CODES: dict[str | None, int] = {name: code for code, name in enumerate(TERMINAL_NAMES)}


def ascending(size: int = GUIDE_SIZE, in_a_row: int | None = None) -> tuple[int, ...]:
    return tuple(range(size * size))


def centre_first(size: int = GUIDE_SIZE, in_a_row: int | None = None) -> tuple[int, ...]:
    """The cells on most lines first (on 3×3 the centre, the corners, the edges), so alpha-beta
    cuts sooner; ties by index."""
    lines = geometry(size, in_a_row).lines
    on = [sum(cell in line for line in lines) for cell in range(size * size)]
    return tuple(sorted(range(size * size), key=lambda cell: -on[cell]))


ASCENDING = ascending()
CENTRE_FIRST = centre_first()
#: ``--order`` names (the British and American spellings).
ORDERS = {"ascending": ascending, "centre-first": centre_first, "center-first": centre_first}


def parse_order(text: str, size: int = GUIDE_SIZE, in_a_row: int | None = None) -> tuple[int, ...]:
    """Parse ``--order``: ``ascending``, ``centre-first`` or every cell once, e.g. ``4,0,2,6,8,1,3,5,7``."""
    named = ORDERS.get(text.strip().lower())
    if named is not None:
        return named(size, in_a_row)
    try:
        cells = tuple(int(part) for part in text.split(","))
    except ValueError:
        cells = ()
    if sorted(cells) != list(ascending(size)):
        last = size * size - 1
        example = ",".join(map(str, centre_first(size, in_a_row)))
        raise InputError(f"expected 'ascending', 'centre-first' or the cells 0-{last} each once, comma-separated "
                         f"(e.g. {example}), found {text!r}", "--order")
    return cells


def order_name(order: Sequence[int], size: int = GUIDE_SIZE, in_a_row: int | None = None) -> str:
    for name, make in ORDERS.items():
        if tuple(order) == make(size, in_a_row):
            return name
    return ",".join(map(str, order))


def pack(board: Board, to_move: Mark) -> int:
    cells = len(board.cells)
    return board.bits("X") | board.bits("O") << cells | (1 << 2 * cells if to_move == "X" else 0)


def unpack(state: int, size: int = GUIDE_SIZE, in_a_row: int = 0) -> tuple[Board, Mark]:
    cells, full = size * size, (1 << size * size) - 1
    board = Board.from_bits(state & full, state >> cells & full, size, in_a_row)
    return board, ("X" if state >> 2 * cells & 1 else "O")


class BoardPosition(NamedTuple):
    """A call's position in tic-tac-toe's terms: ``call.board``, and ``call.mark`` (the guide's ``currMark``)."""

    board: Board
    mark: Mark


class TicTacToe:
    """The guide's game from one position: who is the AI, and what finished games score."""

    name = "tictactoe"
    terminal_names = TERMINAL_NAMES

    def __init__(self, board: Board, to_move: Mark, ai: Mark = "X", scores: Scores = TUTORIAL,
                 order: Sequence[int] | None = None):
        if ai not in ("X", "O") or to_move not in ("X", "O"):
            raise ValueError(f"expected marks 'X' or 'O', found ai={ai!r}, to_move={to_move!r}")
        self.board = board
        self.to_move: Mark = to_move
        self.ai: Mark = ai
        self.human: Mark = other(ai)
        self.scores = scores
        self.shape: Geometry = board.geometry
        self.size, self.in_a_row = self.shape.size, self.shape.in_a_row
        self.ascending = ascending(self.size)
        self.order = self.ascending if order is None else tuple(order)
        if sorted(self.order) != list(self.ascending):
            raise ValueError(f"expected an order of the cells 0-{len(self.ascending) - 1} each once, "
                             f"found {self.order!r}")
        self._cells = self.shape.cells
        self._full = self.shape.full
        self.x_to_move = 1 << 2 * self._cells
        self.root = pack(board, to_move)
        self._moves = _moves_table(self.order, self.shape)
        self._has_line = HAS_LINE if self.shape.guide else _Lookup(self.shape.has_line)

    def __repr__(self) -> str:
        return f"TicTacToe({self.board!r}, {self.to_move!r}, ai={self.ai!r}, scores={self.scores!r})"

    def varied(self, *, order: Sequence[int] | None = None, scores: Scores | None = None) -> TicTacToe:
        """The same position with another loop order or score scheme."""
        return TicTacToe(self.board, self.to_move, self.ai, scores or self.scores,
                         self.order if order is None else order)

    # ---- rules ------------------------------------------------------------------------

    def maximising(self, state: int) -> bool:
        return bool(state & self.x_to_move) == (self.ai == "X")

    def moves(self, state: int) -> Sequence[int]:
        return self._moves[(state | state >> self._cells) & self._full]

    def play(self, state: int, move: int) -> int:
        if state & self.x_to_move:
            return (state | 1 << move) ^ self.x_to_move
        return (state | 1 << (move + self._cells)) | self.x_to_move

    def outcome(self, state: int, depth: int) -> tuple[int, int] | None:
        x, o = state & self._full, state >> self._cells & self._full
        ai_bits, human_bits = (x, o) if self.ai == "X" else (o, x)
        s, has_line = self.scores, self._has_line
        # Step 9, in the guide's order: the human's win, the AI's win, a full board.
        if has_line[human_bits]:
            return TERMINAL_CODES[self.human], s.score("human_win", depth)
        if has_line[ai_bits]:
            return TERMINAL_CODES[self.ai], s.score("ai_win", depth)
        if x | o == self._full:
            return DRAW, s.score("draw", depth)
        return None

    # ---- decoding ---------------------------------------------------------------------

    def board_of(self, state: int) -> Board:
        return Board.from_bits(state & self._full, state >> self._cells & self._full, self.size, self.in_a_row)

    def mark_of(self, state: int) -> Mark:
        return "X" if state & self.x_to_move else "O"

    def position(self, state: int) -> BoardPosition:
        """``state`` as the board and the mark to move."""
        return BoardPosition(self.board_of(state), self.mark_of(state))

    def empty_cells(self, state: int) -> tuple[int, ...]:
        """The empty cells, ascending (step 8), whatever the loop order."""
        return self.shape.empty_cells((state | state >> self._cells) & self._full)

    def winner_name(self, terminal: int) -> Mark | None:
        """The mark that won a finished game, None for a draw."""
        name = TERMINAL_NAMES[terminal]
        return name if name in ("X", "O") else None  # type: ignore[return-value]

    def winning_lines(self, state: int, terminal: int) -> list[tuple[int, ...]]:
        """Every line held by the winner of a finished ``state`` (a board can have two)."""
        name = TERMINAL_NAMES[terminal]
        if name not in ("X", "O"):
            return []
        bits = state & self._full if name == "X" else state >> self._cells & self._full
        return [line for line, mask in zip(self.shape.lines, self.shape.masks, strict=True)
                if bits & mask == mask]


class _Lookup:
    """A function of a board's bits read as a table (``lookup[bits]``), for boards too large to tabulate."""

    __slots__ = ("_function",)

    def __init__(self, function: Callable[[int], Any]):
        self._function = function

    def __getitem__(self, bits: int) -> Any:
        return self._function(bits)


def _moves_table(order: tuple[int, ...], shape: Geometry) -> Sequence[tuple[int, ...]] | _Lookup:
    """``table[occupied bits]``: the empty cells in loop ``order`` (tabulated on 3×3 only)."""
    if shape.size == GUIDE_SIZE:
        if order == ASCENDING:
            return EMPTY_CELLS
        return tuple(tuple(c for c in order if not bits >> c & 1) for bits in range(512))
    return _Lookup(lambda bits: tuple(c for c in order if not bits >> c & 1))
