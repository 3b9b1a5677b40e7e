"""Tic-tac-toe's rules from one position, as the guide plays them: what a search asks, nothing it says.

A state packs the board and the side to move into one integer:
``x_bits | o_bits << 9 | x_to_move << 18`` (bit i = cell i, row-major), so the
searches key positions by a plain int and the trace stores them in an array.
The terminal check follows the guide's step 9 in its order: the human's win,
the AI's win, then a full board.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import InputError
from ...scores import TUTORIAL, Scores
from .board import EMPTY_CELLS, HAS_LINE, LINES, Board, Mark, other

# Terminal codes (0 = not terminal), as stored in a trace.
NOT_TERMINAL, X_WON, O_WON, DRAW = 0, 1, 2, 3
TERMINAL_NAMES: tuple[str | None, ...] = (None, "X", "O", "draw")
TERMINAL_CODES: dict[str | None, int] = {name: code for code, name in enumerate(TERMINAL_NAMES)}

X_TO_MOVE = 1 << 18
#: The guide's loop order: empty cells by ascending index.
ASCENDING = tuple(range(9))
#: The centre first, then the corners, then the edges: strong moves early, so alpha-beta cuts sooner.
CENTRE_FIRST = (4, 0, 2, 6, 8, 1, 3, 5, 7)
#: ``--order`` names (the British and American spellings).
ORDERS = {"ascending": ASCENDING, "centre-first": CENTRE_FIRST, "center-first": CENTRE_FIRST}


def parse_order(text: str) -> tuple[int, ...]:
    """Parse ``--order``: ``ascending``, ``centre-first`` or the nine cells, e.g. ``4,0,2,6,8,1,3,5,7``."""
    named = ORDERS.get(text.strip().lower())
    if named is not None:
        return named
    try:
        cells = tuple(int(part) for part in text.split(","))
    except ValueError:
        cells = ()
    if sorted(cells) != list(ASCENDING):
        raise InputError(
            "expected 'ascending', 'centre-first' or the cells 0-8 each once, comma-separated "
            f"(e.g. 4,0,2,6,8,1,3,5,7), found {text!r}",
            "--order",
        )
    return cells


def order_name(order: Sequence[int]) -> str:
    """A loop order as ``--order`` spells it."""
    for name, cells in ORDERS.items():
        if tuple(order) == cells:
            return name
    return ",".join(map(str, order))


def pack(board: Board, to_move: Mark) -> int:
    """The state of ``board`` with ``to_move`` to play."""
    return board.bits("X") | board.bits("O") << 9 | (X_TO_MOVE if to_move == "X" else 0)


def unpack(state: int) -> tuple[Board, Mark]:
    """The board and the side to move of ``state``."""
    return Board.from_bits(state & 511, state >> 9 & 511), ("X" if state & X_TO_MOVE else "O")


class TicTacToe:
    """The guide's game from one position: who is the AI, and what finished games score."""

    name = "tictactoe"
    terminal_names = TERMINAL_NAMES

    def __init__(
        self,
        board: Board,
        to_move: Mark,
        ai: Mark = "X",
        scores: Scores = TUTORIAL,
        order: Sequence[int] = ASCENDING,
    ):
        if ai not in ("X", "O") or to_move not in ("X", "O"):
            raise ValueError(f"expected marks 'X' or 'O', found ai={ai!r}, to_move={to_move!r}")
        self.board = board
        self.to_move: Mark = to_move
        self.ai: Mark = ai
        self.human: Mark = other(ai)
        self.scores = scores
        self.order = tuple(order)
        self.root = pack(board, to_move)
        self._root_marks = 9 - len(board.empty_cells())
        self._moves = _moves_table(self.order)

    def __repr__(self) -> str:
        return f"TicTacToe({self.board!r}, {self.to_move!r}, ai={self.ai!r}, scores={self.scores!r})"

    def varied(self, *, order: Sequence[int] | None = None, scores: Scores | None = None) -> TicTacToe:
        """The same position with another loop order or score scheme."""
        return TicTacToe(self.board, self.to_move, self.ai, scores or self.scores,
                         self.order if order is None else order)

    # ---- rules ------------------------------------------------------------------------

    def maximising(self, state: int) -> bool:
        return bool(state & X_TO_MOVE) == (self.ai == "X")

    def moves(self, state: int) -> Sequence[int]:
        return self._moves[(state | state >> 9) & 511]

    def play(self, state: int, move: int) -> int:
        if state & X_TO_MOVE:
            return (state | 1 << move) ^ X_TO_MOVE
        return (state | 1 << (move + 9)) | X_TO_MOVE

    def outcome(self, state: int, depth: int) -> tuple[int, int] | None:
        x, o = state & 511, state >> 9 & 511
        ai_bits, human_bits = (x, o) if self.ai == "X" else (o, x)
        s = self.scores
        # Step 9, in the guide's order: the human's win, the AI's win, a full board.
        if HAS_LINE[human_bits]:
            return TERMINAL_CODES[self.human], s.score("human_win", depth)
        if HAS_LINE[ai_bits]:
            return TERMINAL_CODES[self.ai], s.score("ai_win", depth)
        if x | o == 511:
            return DRAW, s.score("draw", depth)
        return None

    # ---- decoding ---------------------------------------------------------------------

    def board_of(self, state: int) -> Board:
        return Board.from_bits(state & 511, state >> 9 & 511)

    def mark_of(self, state: int) -> Mark:
        return "X" if state & X_TO_MOVE else "O"

    def depth_of(self, state: int) -> int:
        """Moves from the root to ``state``: every move adds one mark."""
        return (state & 0x3FFFF).bit_count() - self._root_marks

    def empty_cells(self, state: int) -> tuple[int, ...]:
        """The empty cells, ascending (the guide's step 8), whatever the loop order."""
        return EMPTY_CELLS[(state | state >> 9) & 511]

    def winner_name(self, terminal: int) -> Mark | None:
        """The mark that won a finished game, None for a draw."""
        name = TERMINAL_NAMES[terminal]
        return name if name in ("X", "O") else None  # type: ignore[return-value]

    def winning_lines(self, state: int, terminal: int) -> list[tuple[int, int, int]]:
        """Every line of three held by the winner of a finished ``state`` (a board can have two)."""
        name = TERMINAL_NAMES[terminal]
        if name not in ("X", "O"):
            return []
        bits = state & 511 if name == "X" else state >> 9 & 511
        return [line for line in LINES if all(bits >> c & 1 for c in line)]


def _moves_table(order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``table[occupied bits]``: the empty cells in loop ``order``."""
    if order == ASCENDING:
        return EMPTY_CELLS
    return tuple(tuple(c for c in order if not bits >> c & 1) for bits in range(512))

