"""A learner's recorded search as a ``tracer.Trace``, so tracer's renderers can present it.

The trace's game is the record itself (``tracer.games.learner``) and its search is
``learner``. A row is one distinct recorded subtree at one depth, except on the path down to
the call that departs first: those calls get rows of their own, so what the log says of the
departing call's row is said of that call alone. What ``trace check`` found goes with the
game, so a saved trace keeps it.
"""

from __future__ import annotations

from typing import Any

from ...games.learner.game import (
    AT_RETURN,
    AT_START,
    FIRST_ODD_MOVE,
    STOPPED,
    Departure,
    LearnerFacts,
    RecordedGame,
    state_of,
)
from ...games.tictactoe.board import Board
from ...games.tictactoe.game import TicTacToe, pack
from ...search.learner import FACTS, MAX_TEXT
from ...search.learner import KIND as LEARNER
from ...trace import Positions, SearchInfo, Trace
from ..judging.scales import finished
from ..judging.verdict import SearchCheck
from ..judging.windows import is_sound
from ..values.calls import LOOP, LearnerSearch, placed
from ..values.reading import Cells
from .facts import WHAT_DEPARTS, expected_text, first_call_text, function_name, returned_text
from .words import board9, window_text

#: Departures found as a call returns; every other kind is found as a call (or its first test-play) starts.
RETURN_KINDS = ("missing-cells", "wrong-score", "no-score", "wrong-move", "unsound-cut")


def to_trace(check: SearchCheck, facts: LearnerFacts) -> Trace:
    """The learner's search of ``check`` as a Trace (``trace.check()`` holds it to its record)."""
    return _Builder(check, facts).build()


def learner_facts(check: SearchCheck, program: str = "") -> LearnerFacts:
    """What ``trace check`` found about ``check``'s search, as its trace keeps it; ``program``: the
    program's file or the notebook function's name."""
    s = check.search
    program = program or function_name(check, s.root)
    guide_index, guide_score = check.guide_answer or (None, 0)
    d = check.departure
    departure = None
    if d is not None:
        returned, expected = returned_text(check, d.node), expected_text(check)
        if returned == expected:  # never a pair that reads the same: say what departs instead
            expected = f"the same value, but {WHAT_DEPARTS.get(d.kind, d.kind)}"
        departure = Departure(d.call, d.kind, AT_RETURN if d.kind in RETURN_KINDS else AT_START,
                              _short(returned), _short(expected), _short(d.why))
    e = check.error
    error = None
    if e is not None:
        where = f" at line {e.line}" if e.line else ""
        error = _short(f"{e.type}: {e.message}{where}" if e.kind == "raised" else
                       f"the search ran past the {'call' if e.kind == 'call-limit' else 'time'} limit")
    # The search function (where the program's own loop makes call #1, the function it calls).
    searched = s.children(s.root)[0] if s.loop is not None and s.children(s.root) else s.root
    return LearnerFacts(
        program=program, language=s.record.language, function=function_name(check, searched),
        first_call=_short(first_call_text(check)), verdict=check.verdict,
        difference=check.mistake.id if check.mistake else None,
        difference_text=check.mistake.sentence if check.mistake else None,
        scale=check.scale.describe(), guide_index=guide_index, guide_score=guide_score,
        guide_calls=check.guide_calls, departure=departure, error=error,
        error_call=e.call if e is not None else None)


def _short(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


class _Builder:
    def __init__(self, check: SearchCheck, facts: LearnerFacts):
        self.check = check
        self.s: LearnerSearch = check.search
        self.rows = Positions()
        self.rows.extras = {name: [] for name in FACTS}
        cells = self.s.root_cells or (None,) * 9
        tictactoe = TicTacToe(Board(board9(cells)), self.s.root_mover, check.ai)  # type: ignore[arg-type]
        self.game = RecordedGame(tictactoe, facts)
        self.memo: dict[tuple[int, int, int], int] = {}
        # The calls on the path down to the departure (and the departure): rows of their own.
        self.own_rows = set(self.path_to(facts.departure.call)) if facts.departure else set()

    def path_to(self, number: int) -> list[int]:
        """The call numbers from call 1 down to call ``number``, inclusive."""
        s, node, first, path = self.s, self.s.root, 1, [1]
        while first != number:
            child_first = first + 1
            for kid in s.children(node):
                if child_first <= number < child_first + s.size(kid):
                    node, first = kid, child_first
                    path.append(first)
                    break
                child_first += s.size(kid)
            else:
                return path  # beyond the record: keep what was found
        return path

    def build(self) -> Trace:
        # Rows are added as calls start (row 0 is the first call) and their edges stored as
        # they return, with an explicit stack: a runaway recursion may be very deep.
        root = self.add(self.s.root, 0, 1)
        stack: list[list[Any]] = [[self.s.root, root, 0, list(self.s.children(self.s.root)), [], 2]]
        while stack:
            node, pid, depth, kids, done, number = stack[-1]
            if len(done) < len(kids):
                kid = kids[len(done)]
                stack[-1][5] = number + self.s.size(kid)
                found = self.memo.get(self.key(kid, depth + 1, number))
                if found is not None:
                    done.append(found)
                    continue
                child = self.add(kid, depth + 1, number)
                done.append(child)
                stack.append([kid, child, depth + 1, list(self.s.children(kid)), [], number + 1])
                continue
            stack.pop()
            self.close(node, pid, done)
        return Trace(self.game, self.rows, SearchInfo(LEARNER.name, ()))

    def key(self, node: int, depth: int, number: int) -> tuple[int, int, int]:
        return (node, depth, number if number in self.own_rows else 0)

    def add(self, node: int, depth: int, number: int) -> int:
        s = self.s
        cells = s.cells(node)
        pid = len(self.rows)
        state = state_of(pid, pack(Board(board9(cells)), s.mover(node)) if cells else None)  # type: ignore[arg-type]
        code, score = 0, 0
        if not s.children(node):
            code, score = self.terminal_code(cells, s.mover(node)), self.score_of(node)
            self.game.finished[state] = (code, score)
        self.rows.add(state, depth, code, score)
        raised = s.raised(node)
        returned = returned_text(self.check, node)
        self.rows.extras["returned"].append(None if returned.startswith("nothing") else _short(returned))
        value = s.returned(node).score
        self.rows.extras["scored"].append(_storable(value))
        self.rows.extras["told"].append(s.facts(node).told)
        self.rows.extras["raised"].append(self.ended_early(node, raised))
        window, bound = self.window_and_bound(node)
        self.rows.extras["window"].append(window)
        self.rows.extras["bound"].append(bound)
        self.memo[self.key(node, depth, number)] = pid
        if pid == 0:
            self.game.root = state
        return pid

    def window_and_bound(self, node: int) -> tuple[str | None, str | None]:
        """The window a call was given (``α = -∞, β = +1``), and ``≥``/``≤`` where what it
        returned is only a bound on its board's score, from the AI's view as the score column is."""
        windows, correct = self.check.windows, self.check.correct
        window = windows.of(node) if windows is not None else None
        if window is None or correct is None:
            return None, None
        cells, value = self.s.cells(node), self.s.returned(node).score
        truth = correct.value(cells, self.s.mover(node)) if cells is not None else None
        if truth is None or value is None or value == truth or not is_sound(value, truth, window) \
                or window[0] >= window[1]:
            return window_text(*window), None
        low = value <= window[0]  # at most alpha: the truth is at most the value
        if self.flipped(node):
            low = not low
        return window_text(*window), "≤" if low else "≥"

    def flipped(self, node: int) -> bool:
        """Whether the score column shows this call's value negated (a negamax's, for the other side)."""
        scale = self.check.scale
        return scale.view != "ai" and scale.viewpoint(self.s.mover(node)) != self.check.ai

    def ended_early(self, node: int, raised: dict[str, Any] | None) -> str | None:
        """The error a call raised, or the limit it was still running at; None if it returned."""
        if raised is not None:
            return _short(f"{raised.get('type')}: {raised.get('message')}")
        if not self.s.unfinished(node):
            return None
        error = self.check.error
        limit = {"call-limit": "the call limit (--max-calls)", "time-limit": "the time limit (--timeout)"}.get(
            error.kind if error is not None else "", "the time limit (--timeout)")
        return f"stopped: still running when the program reached {limit}"

    def terminal_code(self, cells: Cells | None, mover: str) -> int:
        """A finished board's code, in the guide's order of checks; STOPPED if the game goes on."""
        if cells is None or not finished(cells):
            return STOPPED
        found = self.game.tictactoe.outcome(pack(Board(board9(cells)), mover), 0)  # type: ignore[arg-type]
        return found[0] if found else STOPPED

    def score_of(self, node: int) -> int:
        """The learner's score, as the AI sees it, as an integer (0 where it returned none)."""
        score = self.s.returned(node).score
        if score is None or not _storable(score):
            return 0
        if self.flipped(node):
            score = -score
        return round(score)

    def close(self, node: int, pid: int, children: list[int]) -> None:
        cells = self.s.cells(node)
        moves: list[int] = []
        for index, child in enumerate(children):
            move = FIRST_ODD_MOVE + index
            child_state = self.rows.state[child]
            if cells is not None and self.game.has_board(child_state):
                child_cells = tuple(None if c == "." else c for c in self.game.board_of(child_state).cells)
                diff = placed(cells, child_cells)
                if len(diff) == 1 and cells[diff[0]] is None and diff[0] not in moves:
                    move = diff[0]
            moves.append(move)
        state = self.rows.state[pid]
        self.game.edges[state] = [(m, self.rows.state[c]) for m, c in zip(moves, children, strict=True)]
        if not children:
            return
        chosen = self.s.returned(node).move
        best = moves.index(chosen) if chosen in moves else -1
        self.rows.set_edges(pid, moves, children, best, self.score_of(node))
        self.game.finished.pop(state, None)
        self.game.chosen[state], self.game.scores[state] = best, self.score_of(node)


__all__ = ["LOOP", "learner_facts", "to_trace"]


def _storable(score: float | None) -> bool:
    """Whether a learner's score fits the trace's 64-bit score column (not NaN, infinite or
    ``Number.MAX_VALUE``): one that does not is shown as returned but not as a score."""
    return score is not None and score == score and abs(score) <= 2**63 - 1

