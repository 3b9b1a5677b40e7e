"""A game against the tutorial's minimax: state, legal moves, the AI's reasoned move, the end.

Pure: nothing here reads input, prints or writes files. The AI moves as the tutorial's
``insertCompMark()``: minimax on the board with its own mark to move, playing the ``index``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

from ..errors import quote
from ..explain import for_trace
from ..explain.text import bounded, signed
from ..games.tictactoe.board import MARKS, Board, Mark, other
from ..games.tictactoe.game import ASCENDING, TicTacToe
from ..scores import TUTORIAL, Scores
from ..search import GUIDE, SearchSpec
from ..trace import Trace

Starter = Literal["ai", "human"]
#: What a cell number looks like (ASCII digits only: ``int()`` also takes '٣').
CELL_TEXT = re.compile(r"[+-]?[0-9]+")


class MoveError(ValueError):
    """The human's input is not a legal move; ``str()`` says what to type instead."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winner and its (first) line, or None and () for a draw."""

    winner: Mark | None
    line: tuple[int, ...] = ()

    @property
    def draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True)
class Decision:
    """One AI move: its number in the game (1 = the first mark), the AI's mark, the cell it plays,
    and the run that chose it."""

    number: int
    mark: Mark
    cell: int
    trace: Trace

    def reason(self) -> str:
        """One line: the root's test-plays, the max and how many calls it took, in the game
        page's words (its ``play.reason`` template, which the page fills the same way)."""
        words, search = for_trace(self.trace)
        say = search.phrases().say
        root = self.trace.root
        plays = root.children()
        best = max(play.score for play in plays)
        # A score alpha-beta's cut left only a bound is listed as one (``5 → ≤ 0``).
        listed = ", ".join(say("play.test_play", token=words.move_token(play.move or 0),
                               signed=bounded(play.score, search.bound_sign(play.pid))) for play in plays)
        why = say("play.why", best=signed(best))
        if sum(play.score == best for play in plays) > 1:
            # Step 16 keeps the first test-play with the best score.
            why += say("play.first_at", token=words.move_token(self.cell))
        calls = self.trace.calls
        counted = say("count.call.one" if calls == 1 else "count.call.many", count=f"{calls:,}")
        summary = search.summary()
        return say("play.reason", player=self.mark, name=words.move_name(self.cell), plays=listed, why=why,
                   calls=counted, note=say("play.note", summary=summary) if summary else "")

    def expected_lines(self) -> list[tuple[int, int, list[tuple[Mark, int]], str]]:
        """For each test-play: ``(cell, score, the moves minimax expects next, the end)``."""
        words, search = for_trace(self.trace)
        lines = []
        for child in self.trace.root.children():
            line = child.chosen_line(search.continues_at)
            moves, before = [], child
            for call in line:  # made by the side to move in the call before it
                moves.append((words.player(before.state), call.move))
                before = call
            end_call = line[-1] if line else child
            end = "draw" if end_call.terminal == "draw" else f"{end_call.terminal} wins"
            lines.append((child.move, child.score, moves, end))
        return lines  # type: ignore[return-value]  # moves below the root are never None


def outcome_of(board: Board) -> Outcome | None:
    for mark in MARKS:
        line = board.winning_line(mark)
        if line is not None:
            return Outcome(mark, line)
    if board.is_full():
        return Outcome(None)
    return None


def choose_move(board: Board, ai: Mark, scores: Scores = TUTORIAL, number: int = 1, search: SearchSpec = GUIDE,
                order: tuple[int, ...] = ASCENDING) -> Decision:
    """The AI's decision on ``board``, the AI to move, by the search (the guide's minimax by default)."""
    trace = search.run(TicTacToe(board, ai, ai, scores, order))
    index = trace.result.index
    if index is None:
        raise ValueError(f"the game is over on {board.compact()}: the AI has no move")
    return Decision(number, ai, index, trace)


@dataclass(frozen=True)
class Game:
    """A game in progress: the AI's mark, whose turn it is, the scores, the board, the cells played
    so far, and the search the AI runs with its loop order."""

    ai: Mark
    to_move: Mark
    scores: Scores = TUTORIAL
    board: Board = field(default_factory=Board.empty)
    moves: tuple[int, ...] = ()
    search: SearchSpec = GUIDE
    order: tuple[int, ...] = ASCENDING

    @classmethod
    def new(cls, ai: Mark = "X", first: Starter = "ai", scores: Scores = TUTORIAL,
            search: SearchSpec = GUIDE, order: tuple[int, ...] = ASCENDING) -> Game:
        """An empty board; ``first`` says who opens (the tutorial's "Play Game" = the AI)."""
        if ai not in ("X", "O"):
            raise ValueError(f"expected the AI's mark 'X' or 'O', found {ai!r}")
        if first not in ("ai", "human"):
            raise ValueError(f"expected first 'ai' or 'human', found {first!r}")
        return cls(ai=ai, to_move=ai if first == "ai" else other(ai), scores=scores,
                   search=search, order=tuple(order))

    @property
    def human(self) -> Mark:
        return other(self.ai)

    @property
    def number(self) -> int:
        return len(self.moves) + 1

    @property
    def outcome(self) -> Outcome | None:
        return outcome_of(self.board)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def ai_to_move(self) -> bool:
        return self.to_move == self.ai and not self.over

    def legal_moves(self) -> list[int]:
        return [] if self.over else self.board.empty_cells()

    def play(self, cell: int) -> Game:
        """The game after the side to move plays ``cell`` (MoveError if illegal)."""
        if self.over:
            raise MoveError("the game is over")
        if not 0 <= cell <= 8:
            raise MoveError(f"there is no cell {cell}: cells are numbered 0 to 8")
        if self.board[cell] != ".":
            free = ", ".join(map(str, self.board.empty_cells()))
            raise MoveError(f"cell {cell} is taken by {self.board[cell]}: empty cells are {free}")
        return replace(self, board=self.board.play(cell, self.to_move), to_move=other(self.to_move),
                       moves=(*self.moves, cell))

    def decide(self) -> Decision:
        if not self.ai_to_move:
            raise ValueError("it is not the AI's turn")
        return choose_move(self.board, self.ai, self.scores, self.number, self.search, self.order)

    def read_move(self, text: str) -> int:
        """Turn the human's input into a legal cell, or raise MoveError saying what is wrong."""
        entry = text.strip()
        if not entry:
            raise MoveError("type the number of an empty cell, 0 to 8")
        if not CELL_TEXT.fullmatch(entry):
            raise MoveError(f"{quote(entry)} is not a cell: type a number from 0 to 8")
        cell = int(entry)
        self.play(cell)  # only to check it: raises MoveError if illegal
        return cell
