"""A game against the tutorial's minimax: state, legal moves, the AI's reasoned move, the end.

Pure: nothing here reads input, prints or writes files (``trace play`` in cli.py
does). The AI moves exactly as the tutorial's ``insertCompMark()``: it runs
minimax on the current board with its own mark to move and plays the returned
``index``; the recorded trace of that run explains the move.
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
    """How a finished game ended."""

    #: The mark with three in a row, or None for a draw.
    winner: Mark | None
    #: The winning line's three cells (the first such line), or () for a draw.
    line: tuple[int, ...] = ()

    @property
    def draw(self) -> bool:
        """Whether nobody won."""
        return self.winner is None


@dataclass(frozen=True)
class Decision:
    """One AI move and the minimax run that chose it."""

    #: The move's number in the game (1 = the first mark on the board).
    number: int
    #: The AI's mark.
    mark: Mark
    #: The cell the AI plays: the first invocation's ``index``.
    cell: int
    #: Every invocation of the run (the tutorial's step 7 onwards).
    trace: Trace

    def reason(self) -> str:
        """One line: the root's test-plays, the max and how many calls it took, in the game
        page's words (its ``play.reason`` template, which the page fills the same way).

        ``X plays cell 4 (centre): test-plays 1 → -1, 4 → +1, 8 → -1; max is +1 (9 calls)``
        """
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
        """For each test-play: ``(cell, score, the moves minimax expects next, the end)``.

        The expected moves follow each call's chosen test-play (step 16) down to
        a finished board; the end is ``'X wins'``, ``'O wins'`` or ``'draw'``.
        """
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
    """The outcome if ``board`` is finished (a line of three, or full), else None."""
    for mark in MARKS:
        line = board.winning_line(mark)
        if line is not None:
            return Outcome(mark, line)
    if board.is_full():
        return Outcome(None)
    return None


def choose_move(
    board: Board,
    ai: Mark,
    scores: Scores = TUTORIAL,
    number: int = 1,
    search: SearchSpec = GUIDE,
    order: tuple[int, ...] = ASCENDING,
) -> Decision:
    """Run the search (the guide's minimax by default) for the AI on ``board`` (the AI to
    move) and return its decision."""
    trace = search.run(TicTacToe(board, ai, ai, scores, order))
    index = trace.result.index
    if index is None:
        raise ValueError(f"the game is over on {board.compact()}: the AI has no move")
    return Decision(number, ai, index, trace)


@dataclass(frozen=True)
class Game:
    """A game in progress: the board, whose turn it is and the moves so far."""

    #: The AI's mark; the human has the other one.
    ai: Mark
    #: The mark whose turn it is.
    to_move: Mark
    #: The scores minimax uses at finished boards.
    scores: Scores = TUTORIAL
    #: The board now.
    board: Board = field(default_factory=Board.empty)
    #: The cells played so far, in order.
    moves: tuple[int, ...] = ()
    #: The search the AI runs, and its loop order (the guide's minimax, ascending, by default).
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
        """The human's mark."""
        return other(self.ai)

    @property
    def number(self) -> int:
        """The number of the next move (1 on the empty board)."""
        return len(self.moves) + 1

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return outcome_of(self.board)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome is not None

    @property
    def ai_to_move(self) -> bool:
        """Whether it is the AI's turn in a game that goes on."""
        return self.to_move == self.ai and not self.over

    def legal_moves(self) -> list[int]:
        """The empty cells, ascending; none once the game is over."""
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
        return replace(
            self,
            board=self.board.play(cell, self.to_move),
            to_move=other(self.to_move),
            moves=(*self.moves, cell),
        )

    def decide(self) -> Decision:
        """The AI's decision on the current board (it must be the AI's turn)."""
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
