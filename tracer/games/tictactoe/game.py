"""Tic-tac-toe as a game the searches and renderers can use, with the guide's rules.

A state packs the board and the side to move into one integer:
``x_bits | o_bits << 9 | x_to_move << 18`` (bit i = cell i, row-major), so the
searches key positions by a plain int and the trace stores them in an array.
The terminal check follows the guide's step 9 in its order: the human's win,
the AI's win, then a full board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import InputError
from ...scores import TUTORIAL, Scores, scores_from_json
from .board import CELL_NAMES, EMPTY_CELLS, HAS_LINE, LINES, Board, Mark, cell_name, other
from .picture import grid

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

    def winning_lines(self, state: int, terminal: int) -> list[tuple[int, int, int]]:
        """Every line of three held by the winner of a finished ``state`` (a board can have two)."""
        name = TERMINAL_NAMES[terminal]
        if name not in ("X", "O"):
            return []
        bits = state & 511 if name == "X" else state >> 9 & 511
        return [line for line in LINES if all(bits >> c & 1 for c in line)]

    # ---- words ------------------------------------------------------------------------

    def player(self, state: int) -> str:
        return self.mark_of(state)

    def role(self, state: int) -> str:
        """``'the AI'`` or ``'the human'``: who moves in ``state``."""
        return "the AI" if self.maximising(state) else "the human"

    def describe(self, state: int) -> str:
        return self.board_of(state).compact()

    def move_name(self, move: int) -> str:
        return f"cell {move} ({cell_name(move)})"

    def move_short(self, move: int) -> str:
        return f"cell {move}"

    def point_of_view(self, state: int) -> str:
        """A note for a score given while the human moves: it is the AI's score."""
        return "" if self.maximising(state) else f" (from {self.ai}'s point of view: {self.ai} is the AI)"

    def move_phrase(self, state: int, move: int) -> str:
        """``state``'s mover playing ``move``: ``X on cell 1 (top-middle)``."""
        return f"{self.mark_of(state)} on {self.move_name(move)}"

    def edge_label(self, state: int, move: int) -> str:
        """A tree edge from ``state`` by ``move``, short: ``X on 4``."""
        return f"{self.mark_of(state)} on {move}"

    def winner_name(self, terminal: int) -> str | None:
        """The mark that won a finished game, None for a draw."""
        name = TERMINAL_NAMES[terminal]
        return name if name in ("X", "O") else None

    def outcome_kind(self, terminal: int) -> str:
        """A finished game for the AI: ``'win'``, ``'loss'`` or ``'draw'``."""
        name = TERMINAL_NAMES[terminal]
        if name == "draw":
            return "draw"
        return "win" if name == self.ai else "loss"

    def value_kind(self, score: int) -> str:
        """What a returned score predicts for the AI: ``'win'``, ``'loss'`` or ``'draw'``."""
        return self.scores.kind(score)

    def terminal_label(self, terminal: int) -> str:
        """A finished game in two words, under its board: ``X wins``, ``draw``."""
        winner = self.winner_name(terminal)
        return "draw" if winner is None else f"{winner} wins"

    def legend_marks(self) -> list[str]:
        """What the red cell means, for the legend (the filled one; see ``legend_testing``)."""
        return ["red cell with a mark: the cell just played (the guide's figure 5)"]

    def legend_testing(self) -> str:
        """What the red-framed empty cell means, for the legend."""
        return "red frame round a grey digit: the empty cell the for-loop is testing (figure 4)"

    def legend_cells(self) -> tuple[str, str]:
        """How a board's cells read, for the legend: empty cells, then winning lines."""
        return (
            "grey digit: an empty cell, showing its index as the guide's array holds it",
            "bold coloured marks: the three in a row (every line, when there are two)",
        )

    def legend_outcomes(self) -> list[tuple[str, str]]:
        """``(kind, text)`` for each kind of finished game, for the legend."""
        s = self.scores
        return [
            ("win", f"{self.ai} (AI) wins: {s.text('ai_win')}"),
            ("loss", f"{self.human} (human) wins: {s.text('human_win')}"),
            ("draw", f"draw: {s.text('draw')}"),
        ]

    def terminal_sentence(self, state: int, terminal: int) -> str:
        """Step 9's finding: ``O (the human) has three in a row (cells 2, 4, 6)``."""
        winner = self.winner_name(terminal)
        if winner is None:
            return "no empty cell and no three in a row: a draw"
        cells = " and cells ".join(
            ", ".join(map(str, line)) for line in self.winning_lines(state, terminal)
        )
        role = "the AI" if winner == self.ai else "the human"
        return f"{winner} ({role}) has three in a row (cells {cells})"

    def step8_text(self, state: int) -> str:
        """Step 8 in the guide's variable: ``availCellsIndexes = [1, 4, 8]``."""
        return f"availCellsIndexes = [{', '.join(map(str, self.empty_cells(state)))}]"

    def guide_array(self, state: int) -> str:
        """The board as the guide's array: ``["X", 1, "O", ...]`` (an empty cell holds its index)."""
        board = self.board_of(state)
        return "[" + ", ".join(
            str(i) if board[i] == "." else f'"{board[i]}"' for i in range(9)
        ) + "]"

    def first_call_text(self, state: int) -> str:
        """Step 7's invocation: ``minimax(["X", 1, ...], "X")``."""
        return f'minimax({self.guide_array(state)}, "{self.mark_of(state)}")'

    def loop_text(self, state: int) -> str:
        """Step 10's for-loop: ``X test-plays cells 1, 4, 8`` (in loop order)."""
        cells = self.moves(state)
        word = "cell" if len(cells) == 1 else "cells"
        return f"{self.mark_of(state)} test-plays {word} {', '.join(map(str, cells))}"

    def undo_text(self, move: int) -> str:
        """Step 12 puts the test-played cell back: ``cell 4 reset``."""
        return f"cell {move} reset"

    def next_text(self, move: int) -> str:
        """Step 13: ``next empty cell: 8``."""
        return f"next empty cell: {move}"

    def search_text(self, state: int) -> str:
        """Step 9 when the game goes on."""
        return f"{self.mark_of(state)} test-plays each empty cell"

    def setting(self) -> str:
        """The search's starting point in one phrase, the board as the guide's array:
        ``["X", 1, "O", ...] with X to move (X is the AI)``."""
        return f"{self.guide_array(self.root)} with {self.to_move} to move ({self.ai} is the AI)"

    def log_header(self) -> str:
        s = self.scores
        ai, human = self.ai, self.human
        return (
            f"Minimax trace of {self.board.compact()} with {self.to_move} to move. "
            f"{ai} is the AI (maximiser), {human} the human (minimiser).\n"
            f"Scores from {ai}'s point of view: {human} wins {s.text('human_win')}, "
            f"{ai} wins {s.text('ai_win')}, draw {s.text('draw')}.\n"
            'How to read it: a board is written row by row, "/" between rows and "." for an '
            "empty cell,\n"
            f"so {self.board.compact()} is the guide's array {self.guide_array(self.root)}.\n"
            "#N numbers the calls in the order they start; a call is indented one level below "
            "its caller.\n"
            '"step N" is the guide\'s step; {index: 4, score: 1} is a test-play\'s info, '
            "as the guide writes it.\n\n"
        )

    # ---- pictures ---------------------------------------------------------------------

    def picture(
        self,
        state: int,
        *,
        played: int | None = None,
        testing: int | None = None,
        terminal: int = 0,
        line_colour: str = "",
    ) -> str:
        """The board as a Graphviz HTML-like table (see ``drawing.grid``)."""
        lines = self.winning_lines(state, terminal)
        return grid(self.board_of(state), played, tuple(lines), line_colour, testing=testing)

    def page_data(self) -> dict[str, Any]:
        """What the step-through page needs to draw this game."""
        return {
            "board": self.board.cells,
            "to_move": self.to_move,
            "ai": self.ai,
            "human": self.human,
            "scores": self.scores.as_dict(),
            "lines": [list(line) for line in LINES],
            "cell_names": list(CELL_NAMES),
            "terminal_names": list(TERMINAL_NAMES),
        }

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        """Per-state columns for the page: packed boards, the side to move, the winning line."""
        line_index = []
        for state, code in zip(states, terminal, strict=True):
            lines = self.winning_lines(state, code)
            line_index.append(LINES.index(lines[0]) if lines else -1)
        return {
            "boards": [s & 0x3FFFF for s in states],
            "x_to_move": [1 if s & X_TO_MOVE else 0 for s in states],
            "line": line_index,
        }

    #: The keys a JSON node holds for the state (see ``json_head``/``json_tail``).
    json_keys = frozenset({"board", "mark", "empty"})

    def json_settings(self) -> dict[str, Any]:
        """Settings beyond version 1 of the JSON trace: the loop order, when not the guide's."""
        return {} if self.order == ASCENDING else {"order": list(self.order)}

    def json_header(self) -> list[tuple[str, Any]]:
        """The header fields that say which game was searched."""
        return [
            ("board", self.board.cells),
            ("to_move", self.to_move),
            ("ai", self.ai),
            ("human", self.human),
            ("scores", self.scores.as_dict()),
            *self.json_settings().items(),
        ]

    @classmethod
    def from_json(cls, doc: dict[str, Any], source: str) -> TicTacToe:
        """The game a JSON trace's header describes; InputError if it is not one."""
        try:
            board = Board(doc["board"])
            to_move, ai = doc["to_move"], doc["ai"]
            if to_move not in ("X", "O") or ai not in ("X", "O"):
                raise ValueError(f'"to_move" and "ai" must be "X" or "O", found {to_move!r}, {ai!r}')
            if doc.get("human", other(ai)) != other(ai):
                raise ValueError(f'"human" must be the mark that is not the AI\'s, {other(ai)!r}')
            order = doc.get("order", ASCENDING)
            if sorted(order) != list(ASCENDING) or any(type(c) is not int for c in order):
                raise ValueError(f'"order" must list the cells 0-8 once each, found {order!r}')
            return cls(board, to_move, ai, scores_from_json(doc["scores"]), order)
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(
                f"expected a complete trace header, found a problem with {exc}", source
            ) from None

    def state_from_json(self, node: dict[str, Any]) -> int:
        """The state a JSON node holds; ValueError saying what is wrong."""
        cells, mark, empty = node.get("board"), node.get("mark"), node.get("empty")
        if not (isinstance(cells, str) and len(cells) == 9 and not set(cells) - set("XO.")):
            raise ValueError(f"expected a board of 9 characters X, O or '.', found {cells!r}")
        if mark not in ("X", "O"):
            raise ValueError(f"expected mark 'X' or 'O', found {mark!r}")
        state = pack(Board(cells), mark)
        if not isinstance(empty, list) or any(type(c) is not int for c in empty) \
                or empty != list(self.empty_cells(state)):
            raise ValueError(f"expected empty cells {list(self.empty_cells(state))}, found {empty!r}")
        return state

    def json_head(self, state: int) -> str:
        """A JSON node's state fields before ``move`` (format v1's order)."""
        return f'"board":"{self.board_of(state).cells}","mark":"{self.mark_of(state)}",'

    def json_tail(self, state: int) -> str:
        """A JSON node's state fields after ``move``."""
        return f'"empty":[{",".join(map(str, self.empty_cells(state)))}],'


def _moves_table(order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``table[occupied bits]``: the empty cells in loop ``order``."""
    if order == ASCENDING:
        return EMPTY_CELLS
    return tuple(tuple(c for c in order if not bits >> c & 1) for bits in range(512))

