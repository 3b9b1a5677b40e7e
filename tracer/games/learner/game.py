"""A learner's recorded search as a game: its rules are what the program did, call by call.

A learner's call may be made on a board its caller could not produce, try a cell twice, or
return a score its board does not have, so the game is the record (as aima-python's
``Fig52Game`` writes a tree as a game). A state packs the trace's row above a tic-tac-toe
state, so calls that made different calls below them stay apart even on one board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..tictactoe.board import Board
from ..tictactoe.game import TicTacToe, unpack

if TYPE_CHECKING:
    from typing import Any

#: Terminal codes: tic-tac-toe's (X won, O won, a draw), and a call that test-played nothing
#: on a board whose game goes on (it returned early, or raised).
STOPPED = 4
TERMINAL_NAMES: tuple[str | None, ...] = (None, "X", "O", "draw", "stopped")
#: Bits of a state below its row: tic-tac-toe's state, then a bit set when the call had no board.
TICTACTOE_BITS = 19
NO_BOARD = 1 << TICTACTOE_BITS
ROW_SHIFT = TICTACTOE_BITS + 1
#: A test-play that is not one empty cell filled (a mark not taken back, a cell tried twice)
#: is numbered FIRST_ODD_MOVE + its place in its caller's loop.
FIRST_ODD_MOVE = 9
#: When a departure happens: as the call starts (it should not have been made so), or as it returns.
AT_START, AT_RETURN = "start", "return"


def state_of(row: int, position: int | None) -> int:
    return row << ROW_SHIFT | (NO_BOARD if position is None else position)


@dataclass(frozen=True)
class Departure:
    """The first moment the learner's search departs from a correct one: the call, what happened
    (``wrong-score``: see tracer.check.judging.departure), when, what it returned and what a
    correct search returns, as the program writes values, and why, in the log's words."""

    call: int
    kind: str
    when: str
    returned: str
    expected: str
    why: str


@dataclass(frozen=True)
class LearnerFacts:
    """What ``trace check`` found about the search, kept with its record (and its JSON trace)."""

    #: The program's file (or the notebook function's name).
    program: str
    language: str
    function: str
    #: The first call, as the program wrote it (``minimax(["X", 1, …], "X")``).
    first_call: str
    verdict: str
    difference: str | None = None
    difference_text: str | None = None
    #: The program's scores, in words (``±1, 0 for a draw, from X's point of view``).
    scale: str = ""
    #: The guide's minimax from the same position: its move, score and call count.
    guide_index: int | None = None
    guide_score: int = 0
    guide_calls: int = 0
    departure: Departure | None = None
    #: The learner's error in one line, and its call, if the search raised or ran away.
    error: str | None = None
    error_call: int | None = None


@dataclass(eq=False)  # a game is its own identity: plug-ins are kept per game object
class RecordedGame:
    """The rules of a learner's search, read from its record: the calls each call made."""

    tictactoe: TicTacToe
    facts: LearnerFacts
    root: int = 0
    name = "learner"
    terminal_names = TERMINAL_NAMES
    #: Per state: the test-plays it made (move, state), its (terminal code, score) if it made
    #: none, the place of the test-play it chose (-1: none) and the score it returned.
    edges: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    finished: dict[int, tuple[int, int]] = field(default_factory=dict)
    chosen: dict[int, int] = field(default_factory=dict)
    scores: dict[int, int] = field(default_factory=dict)
    source: str | None = None

    @property
    def ai(self) -> str:
        return self.tictactoe.ai

    def maximising(self, state: int) -> bool:
        return self.mark_of(state) == self.ai

    def moves(self, state: int) -> Sequence[int]:
        return [move for move, _ in self.edges.get(state, [])]

    def play(self, state: int, move: int) -> int:
        for played, child in self.edges.get(state, []):
            if played == move:
                return child
        raise ValueError(f"move {move} was not played from this call")

    def outcome(self, state: int, depth: int) -> tuple[int, int] | None:
        return self.finished.get(state)

    def has_board(self, state: int) -> bool:
        return not state & NO_BOARD

    def position(self, state: int) -> int:
        return state & (NO_BOARD - 1)

    def board_of(self, state: int) -> Board:
        return unpack(self.position(state))[0]

    def mark_of(self, state: int) -> str:
        return unpack(self.position(state))[1] if self.has_board(state) else self.tictactoe.to_move

    def row_of(self, state: int) -> int:
        return state >> ROW_SHIFT

    def learn(self, rows: Any) -> None:
        """Take the rules from the rows of a trace read back from a file."""
        self.root = rows.state[0] if len(rows) else self.root
        for pid in range(len(rows)):
            state = rows.state[pid]
            children = rows.children(pid)
            if children or not rows.terminal[pid]:
                self.edges[state] = [(move, rows.state[child]) for move, child in children]
                self.chosen[state], self.scores[state] = rows.best[pid], rows.score[pid]
            else:
                self.finished[state] = (rows.terminal[pid], rows.score[pid])


def facts_json(facts: LearnerFacts) -> dict[str, Any]:
    data = dict(facts.__dict__)
    data["departure"] = None if facts.departure is None else dict(facts.departure.__dict__)
    return data
