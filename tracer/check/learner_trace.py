"""A learner's recorded search as a ``tracer.Trace``, so tracer's renderers can present it.

The learner's calls are not the guide's: a call may be made on a board its caller could
not produce, try a cell twice, or return a score its board does not have. So the game
of this trace is the record itself (``RecordedGame``): its rules answer "which calls did
this call make, and what did it return" from what the program did, and the trace's own
check holds the rows to those rules. A row is one distinct recorded subtree at one depth
(the learner's identical subtrees are stored once, as tracer's own traces store them);
its state packs the row's number above a tic-tac-toe state (board and side to move), so
the board of every call is read back the way tic-tac-toe traces read it.

The game and the search (both named ``learner``) are registered, not offered: found by
name, as a trace's check and its words look them up, never listed as a choice.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import games, search
from ..explain.base import GameWords, SearchWords
from ..explain.tictactoe import TicTacToeWords
from ..games.tictactoe.board import Board
from ..games.tictactoe.game import TERMINAL_CODES, TicTacToe, pack, unpack
from ..trace import Positions, SearchInfo, Trace
from .calls import LearnerSearch, placed
from .reading import Cells
from .scales import finished, winner
from .verdict import SearchCheck
from .words import board9

#: Terminal codes: tic-tac-toe's (X won, O won, a draw), and a call that made no test-play on a
#: board whose game goes on (it returned early, or raised).
STOPPED = 4
TERMINAL_NAMES: tuple[str | None, ...] = (None, "X", "O", "draw", "stopped")
#: Bits below a row's number in a state: tic-tac-toe's packed state (see games/tictactoe/game.py).
STATE_BITS = 19
#: A test-play that is not one empty cell filled (a cell tried twice, a mark not taken back)
#: is numbered FIRST_ODD_MOVE + its place in the caller's loop.
FIRST_ODD_MOVE = 9
LEARNER = "learner"


@dataclass(eq=False)  # a game is its own identity: plug-ins are kept per game object
class RecordedGame:
    """The rules of a learner's search, read from its record: the calls each call made."""

    #: The tic-tac-toe game the search started from (its AI and scores name the guide's view).
    tictactoe: TicTacToe
    #: The AI's mark (the maximiser) in the learner's own scores.
    ai: str
    root: int = 0
    name = LEARNER
    terminal_names = TERMINAL_NAMES

    def __post_init__(self) -> None:
        self.edges: dict[int, list[tuple[int, int]]] = {}
        self.finished: dict[int, tuple[int, int]] = {}
        #: For each call that test-played: the place of the test-play it chose (-1: none) and
        #: the score it returned, as the AI sees it.
        self.chosen: dict[int, int] = {}
        self.scores: dict[int, int] = {}

    # ---- rules ------------------------------------------------------------------------

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

    # ---- reading a state --------------------------------------------------------------

    def board_of(self, state: int) -> Board:
        return unpack(state & ((1 << STATE_BITS) - 1))[0]

    def mark_of(self, state: int) -> str:
        return unpack(state & ((1 << STATE_BITS) - 1))[1]

    def player(self, state: int) -> str:
        return self.mark_of(state)

    def describe(self, state: int) -> str:
        return self.board_of(state).compact()


def to_trace(check: SearchCheck) -> Trace:
    """The learner's search of ``check`` as a Trace (``trace.check()`` holds it to its record)."""
    return _Builder(check).build()


class _Builder:
    def __init__(self, check: SearchCheck):
        self.check = check
        self.s: LearnerSearch = check.search
        self.rows = Positions()
        self.rows.extras = {"returned": [], "told": [], "raised": []}
        cells = self.s.root_cells or (None,) * 9
        tictactoe = TicTacToe(Board(board9(cells)), self.s.root_mover, check.ai)  # type: ignore[arg-type]
        self.game = RecordedGame(tictactoe, check.ai)
        self.memo: dict[tuple[int, int], int] = {}

    def build(self) -> Trace:
        # Rows are added as calls start (row 0 is the first call) and their edges stored as
        # they return, with an explicit stack: a runaway recursion may be very deep.
        stack: list[list[Any]] = []
        root = self.add(self.s.root, 0)
        stack.append([self.s.root, root, 0, list(self.s.children(self.s.root)), []])
        while stack:
            node, pid, depth, kids, done = stack[-1]
            if len(done) < len(kids):
                kid = kids[len(done)]
                found = self.memo.get((kid, depth + 1))
                if found is not None:
                    done.append(found)
                    continue
                child = self.add(kid, depth + 1)
                done.append(child)
                stack.append([kid, child, depth + 1, list(self.s.children(kid)), []])
                continue
            stack.pop()
            self.close(node, pid, done)
        return Trace(self.game, self.rows, SearchInfo(LEARNER, ()))

    def add(self, node: int, depth: int) -> int:
        s = self.s
        cells = s.cells(node)
        mover = s.mover(node)
        pid = len(self.rows)
        state = pid << STATE_BITS | (pack(Board(board9(cells)), mover) if cells else 0)  # type: ignore[arg-type]
        kids = s.children(node)
        code, score = 0, 0
        if not kids:
            code = self.terminal_code(cells)
            score = self.score_of(node)
            self.game.finished[state] = (code, score)
        self.rows.add(state, depth, code, score)
        facts = s.facts(node)
        raised = s.raised(node)
        self.rows.extras["returned"].append(s.returned(node).text)
        self.rows.extras["told"].append(facts.told)
        self.rows.extras["raised"].append(None if raised is None else f"{raised.get('type')}: {raised.get('message')}")
        self.memo[(node, depth)] = pid
        if pid == 0:
            self.game.root = state
        return pid

    def terminal_code(self, cells: Cells | None) -> int:
        if cells is None or not finished(cells):
            return STOPPED
        won = winner(cells)
        return TERMINAL_CODES[won if won else "draw"]

    def score_of(self, node: int) -> int:
        """The learner's score, as the AI sees it, as an integer (0 where it returned none)."""
        score = self.s.returned(node).score
        if score is None or score != score or abs(score) == float("inf"):
            return 0
        scale = self.check.scale
        if scale.view != "ai" and scale.viewpoint(self.s.mover(node)) != self.check.ai:
            score = -score
        return round(score)

    def close(self, node: int, pid: int, children: list[int]) -> None:
        s = self.s
        cells = s.cells(node)
        moves: list[int] = []
        for index, child in enumerate(children):
            child_cells = self.game.board_of(self.rows.state[child]).cells
            move = FIRST_ODD_MOVE + index
            if cells is not None:
                diff = placed(cells, tuple(None if c == "." else c for c in child_cells))
                if len(diff) == 1 and cells[diff[0]] is None and diff[0] not in moves:
                    move = diff[0]
            moves.append(move)
        state = self.rows.state[pid]
        self.game.edges[state] = [(m, self.rows.state[c]) for m, c in zip(moves, children, strict=True)]
        if not children:
            return
        chosen = s.returned(node).move
        best = moves.index(chosen) if chosen in moves else -1
        self.rows.set_edges(pid, moves, children, best, self.score_of(node))
        self.game.finished.pop(state, None)
        self.game.chosen[state], self.game.scores[state] = best, self.score_of(node)


def _check_learner(trace: Trace, pid: int, where: str) -> None:
    """A learner's search has no rule beyond its record's; the chosen test-play, if any, is one of its calls."""
    p = trace.positions
    if not -1 <= p.best[pid] < max(p.edge_count[pid], 1):
        raise AssertionError(f"{where}: chosen test-play {p.best[pid]} is not one of its calls")


def replay(game: RecordedGame) -> Trace:
    """The record's calls again, read from its rules (what ``search.run`` does for a search)."""
    rows = Positions()
    rows.extras = {"returned": [], "told": [], "raised": []}

    def visit(state: int, depth: int) -> int:
        found = game.outcome(state, depth)
        pid = rows.add(state, depth, *(found or (0, 0)))
        for column in rows.extras.values():
            column.append(None)
        if found is None:
            moves = list(game.moves(state))
            children = [visit(game.play(state, move), depth + 1) for move in moves]
            rows.set_edges(pid, moves, children, game.chosen.get(state, -1), game.scores.get(state, 0))
        return pid

    visit(game.root, 0)
    return Trace(game, rows, SearchInfo(LEARNER, ()))


class RecordedWords(GameWords):
    """Words for a recorded game: each call's board and side to move, read as tic-tac-toe's."""

    def __init__(self, game: RecordedGame):
        super().__init__(game)
        self.tictactoe = TicTacToeWords(game.tictactoe)

    def player(self, state: int) -> str:
        return self.game.mark_of(state)

    def describe(self, state: int) -> str:
        return self.game.describe(state)


class RecordedKind(games.GameKind):
    """The registry's entry for a recorded game: never an input's, so not offered."""

    name = LEARNER
    title = "a learner's recorded search"
    words = RecordedWords
    offered = False


def _register() -> None:
    """Add the game and the search to their registries (once: a module is imported once)."""
    with contextlib.suppress(ValueError):  # already there
        games.register(RecordedKind())
    with contextlib.suppress(ValueError):
        search.register(search.SearchKind(
            name=LEARNER, title="a learner's program", run=replay, check=_check_learner, words=SearchWords,
            help="the calls a learner's program made (trace check)", compare=(), offered=False))


_register()
