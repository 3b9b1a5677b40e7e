"""The first moment a learner's search departs from a correct one, in the order it ran.

Calls start and return in a fixed order (a call's test-plays one after another, each
whole, then its return), and each moment is held to what a correct search does there:

* when a call starts: its board is its caller's board with one mark of the caller's
  side added on a cell not tried yet, it is told the other side moves, and its caller's
  board was not finished already;
* when a call returns: it tried every empty cell, and it returned the score its board
  has (and, where it returns a move, a move with that score).

The first moment that fails is the departure. Calls numbered as they start, as in the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .calls import LOOP, LearnerSearch, placed
from .reading import Cells, Returned
from .scales import Solver, finished, other
from .words import Words


@dataclass
class Departure:
    """Where and how a learner's search first departs from a correct one."""

    #: The call's number (calls numbered as they start; the program's loop, if it is the
    #: first call, is call 1).
    call: int
    node: int
    #: What happened: ``finished-board``, ``not-a-board``, ``not-a-child``, ``not-played``, ``not-taken-back``,
    #: ``wrong-mark``, ``told-wrong-side``, ``tried-twice``, ``missing-cells``, ``wrong-score``,
    #: ``no-score`` or ``wrong-move``.
    kind: str
    cells: Cells | None
    to_move: str
    returned: Returned
    #: The score and move a correct search returns there (None for a call that should not exist).
    expected_score: float | None
    expected_move: int | None
    why: str


class _Stopped(Exception):
    """The search raised or was stopped here: nothing after it can be held to anything."""


def first_departure(search: LearnerSearch, solver: Solver, words: Words) -> Departure | None:
    """The first departure in ``search``, or None if there is none up to where it stopped."""
    return _Walk(search, solver, words).run()


class _Walk:
    def __init__(self, search: LearnerSearch, solver: Solver, words: Words):
        self.s = search
        self.solver = solver
        self.words = words
        self.ok: set[int] = set()

    def run(self) -> Departure | None:
        try:
            return self.visit(self.s.root, 1)
        except _Stopped:
            return None

    def visit(self, root: int, number: int) -> Departure | None:
        # An explicit stack: a runaway recursion may be thousands of calls deep.
        stack: list[list[Any]] = []
        found = self.enter(root, number, None, [])
        if found is not None:
            return found if isinstance(found, Departure) else None
        stack.append(self.frame(root, number))
        while stack:
            frame = stack[-1]
            node, number, kids, i, tried = frame[0], frame[1], frame[2], frame[3], frame[5]
            if i < len(kids):
                child, child_number = kids[i], frame[4]
                frame[3] = i + 1
                frame[4] = child_number + self.s.size(child)
                result = self.enter(child, child_number, frame, tried)
                if isinstance(result, Departure):
                    return result
                if result is None:
                    stack.append(self.frame(child, child_number))
                continue
            stack.pop()
            departure = self.leave(node, number, tried)
            if departure is not None:
                return departure
            self.ok.add(node)
        return None

    def frame(self, node: int, number: int) -> list[Any]:
        return [node, number, self.s.children(node), 0, number + 1, []]

    # ---- a call starts -------------------------------------------------------------------

    def enter(self, node: int, number: int, parent: list[Any] | None, tried: list[int]) -> Any:
        """Check ``node`` as it starts; a Departure, True (its subtree is known correct), or None."""
        s = self.s
        cells = s.cells(node)
        if cells is None:
            return self.departure(node, number, "not-a-board", None, None, self.words.not_a_board())
        if parent is not None:
            found = self.edge(parent, node, number, cells, tried)
            if found is not None:
                return found
        return True if node in self.ok else None

    def edge(self, frame: list[Any], node: int, number: int, cells: Cells, tried: list[int]) -> Any:
        s, w = self.s, self.words
        parent, parent_number = frame[0], frame[1]
        pcells = s.cells(parent)
        assert pcells is not None
        mover = s.mover(parent)
        if finished(pcells):
            return self.at_parent(parent, parent_number, "finished-board",
                                  w.finished_board(pcells, mover, number, self.terminal_score(pcells, mover)),
                                  self.terminal_score(pcells, mover))
        diff = placed(pcells, cells)
        if not diff:
            return self.departure(node, number, "not-played", None, None, w.not_played(parent_number, mover))
        new = [i for i in diff if pcells[i] is None and cells[i] is not None]
        if len(diff) == 1 and new:
            cell = new[0]
            if cells[cell] != mover:
                return self.departure(node, number, "wrong-mark", None, None,
                                      w.wrong_mark(parent_number, mover, cells[cell], cell))
            if cell in tried:
                return self.departure(node, number, "tried-twice", None, None,
                                      w.tried_twice(parent_number, cell))
            told = s.facts(node).told
            if told is not None and told != other(mover):
                return self.departure(node, number, "told-wrong-side", None, None,
                                      w.told_wrong_side(mover, cell, number, told))
            tried.append(cell)
            return None
        left = [i for i in new if i in tried and cells[i] == mover]
        rest = [i for i in diff if i not in left]
        if left and len(rest) == 1 and pcells[rest[0]] is None and cells[rest[0]] == mover:
            expected = tuple(c if i not in left else None for i, c in enumerate(cells))
            return self.departure(node, number, "not-taken-back", None, None,
                                  w.not_taken_back(left, mover, parent_number, number, expected))
        return self.departure(node, number, "not-a-child", None, None,
                              w.not_a_child(cells, parent_number, pcells, mover))

    # ---- a call returns ------------------------------------------------------------------

    def leave(self, node: int, number: int, tried: list[int]) -> Departure | None:
        s, w = self.s, self.words
        if s.raised(node) is not None or s.unfinished(node):
            raise _Stopped
        cells = s.cells(node)
        assert cells is not None
        mover = s.mover(node)
        returned = s.returned(node)
        if finished(cells):
            expected = self.terminal_score(cells, mover)
            if returned.score != expected and not (node == LOOP or self.move_only(node)):
                why = w.wrong_terminal(cells, mover, expected, self.depth(cells))
                kind = "no-score" if returned.score is None else "wrong-score"
                return self.departure(node, number, kind, expected, None, why)
            return None
        empty = [i for i, c in enumerate(cells) if c is None]
        missing = [i for i in empty if i not in tried]
        value = self.solver.value(cells, mover)
        best = self.best_moves(cells, mover, value)
        order = tried or empty
        first_best = next((c for c in order if c in best), best[0] if best else None)
        if missing:
            return self.departure(node, number, "missing-cells", value, first_best,
                                  w.missing_cells(tried, missing, empty))
        if node != LOOP and not self.move_only(node) and returned.score != value:
            scores = [s.returned(c).score for c in s.children(node)]
            kind = "no-score" if returned.score is None else "wrong-score"
            why = w.wrong_inner(cells, mover, scores, value, self.maximising(mover), returned)
            return self.departure(node, number, kind, value, first_best, why)
        if returned.not_a_cell is not None:  # a move, but no empty cell, is no move to play
            return self.departure(node, number, "wrong-move", value, first_best,
                                  w.not_a_cell(returned.not_a_cell, empty, first_best))
        if returned.move is not None and returned.move not in best:
            child_values = self.solver.child_values(cells, mover)
            why = w.wrong_move(returned.move, child_values.get(returned.move), value, first_best)
            return self.departure(node, number, "wrong-move", value, first_best, why)
        return None

    # ---- helpers ---------------------------------------------------------------------------

    def move_only(self, node: int) -> bool:
        """Whether ``node``'s function returns a move and no score (the course project's minimax)."""
        fn = self.s.fn(node)
        return fn is not None and self.s.reader.shapes[fn].returns == "action"

    def maximising(self, mover: str) -> bool:
        return self.solver.scale.viewpoint(mover) == mover

    def depth(self, cells: Cells) -> int:
        return self.s.depth_of(cells)

    def terminal_score(self, cells: Cells, mover: str) -> float:
        from .scales import winner

        return self.solver.scale.terminal(winner(cells), self.depth(cells), mover)

    def best_moves(self, cells: Cells, mover: str, value: float) -> list[int]:
        return [cell for cell, v in self.solver.child_values(cells, mover).items() if v == value]

    def departure(self, node: int, number: int, kind: str, score: float | None, move: int | None,
                  why: str) -> Departure:
        s = self.s
        cells = s.cells(node)
        return Departure(number, node, kind, cells, s.mover(node) if cells is not None else s.root_mover,
                         s.returned(node), score, move, why)

    def at_parent(self, parent: int, number: int, kind: str, why: str, score: float) -> Departure:
        return self.departure(parent, number, kind, score, None, why)
