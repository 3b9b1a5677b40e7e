"""The first moment a learner's search departs from a correct one, in the order it ran.

When a call starts, its board must be its caller's with one mark of the caller's side added
on a cell not tried yet, it must be told the other side moves, and its caller's board must
not be finished. When it returns, it must have returned its board's score (and a move with
that score), having tried every empty cell. Shortcuts that cannot change the answer are not
departures: given a window (windows.py), a bound on the score's side of it; a stop at the
first test-play that wins for the side to move, or that reaches the board's score known from
a search of that board just made; a remembered score. A skip that only happens not to matter
on this board is still a departure; the first call's move must be a best one whatever
shortcut it took. Calls are numbered as they start, as in the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..presenting.words import Words
from ..running.record import RETURNED
from ..values.calls import LOOP, LearnerSearch, placed
from ..values.reading import Cells, Returned
from .scales import CorrectValues, finished, other, winner
from .windows import Window, Windows, is_sound


@dataclass
class Departure:
    """Where and how a learner's search first departs from a correct one."""

    #: The call's number (the program's loop, if it is the first call, is call 1).
    call: int
    node: int
    #: ``finished-board``, ``not-a-board``, ``not-a-child``, ``not-played``, ``not-taken-back``, ``wrong-mark``,
    #: ``told-wrong-side``, ``tried-twice``, ``missing-cells``, ``wrong-score``, ``no-score``, ``unsound-cut``
    #: (a call given a window stopped early and returned a value wrong for it) or ``wrong-move``.
    kind: str
    cells: Cells | None
    to_move: str
    returned: Returned
    #: What a correct search returns there (None for a call that should not exist).
    expected_score: float | None
    expected_move: int | None
    why: str
    window: Window | None = None


@dataclass
class Shortcuts:
    """The numbers of the calls that took each sound shortcut (see verdict.SHORTCUT_WORDS)."""

    cuts: list[int] = field(default_factory=list)
    stops: list[int] = field(default_factory=list)
    repeats: list[int] = field(default_factory=list)
    remembered: list[int] = field(default_factory=list)


class _Stopped(Exception):
    """The search raised or was stopped here: nothing after it can be held to anything."""


def walk(search: LearnerSearch, correct: CorrectValues, words: Words,
         windows: Windows | None = None) -> tuple[Departure | None, Shortcuts]:
    """The first departure in ``search`` (None if none), and the sound shortcuts before it."""
    walker = _Walk(search, correct, words, windows)
    return walker.run(), walker.shortcuts


class _Walk:
    def __init__(self, search: LearnerSearch, correct: CorrectValues, words: Words, windows: Windows | None):
        self.s = search
        self.correct = correct
        self.words = words
        self.windows = windows
        self.ok: set[int] = set()
        self.shortcuts = Shortcuts()
        # Per call, its call on its own board unchanged (that board searched again), if it made one.
        self.known: dict[int, int] = {}

    def run(self) -> Departure | None:
        try:
            return self.visit()
        except _Stopped:
            return None

    def visit(self) -> Departure | None:
        found = self.enter(self.s.root, 1, None, [])
        if found is not None:
            return found if isinstance(found, Departure) else None
        # An explicit stack: a runaway recursion may be thousands of calls deep.
        stack = [self.frame(self.s.root, 1)]
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
        cells = self.s.cells(node)
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
            score = self.terminal_score(pcells, mover)
            return self.departure(parent, parent_number, "finished-board", score, None,
                                  w.finished_board(pcells, mover, number, score))
        diff = placed(pcells, cells)
        if not diff and self.searched_again(parent, node):
            self.shortcuts.repeats.append(number)
            self.known[parent] = node
            return None
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
        window = self.windows.of(node) if self.windows is not None else None
        scored = node != LOOP and not self.s.move_only(node)
        if finished(cells):
            expected = self.terminal_score(cells, mover)
            if scored and not (returned.score is not None and is_sound(returned.score, expected, window)):
                why = w.wrong_terminal(cells, mover, expected, self.s.depth_of(cells))
                kind = "no-score" if returned.score is None else "wrong-score"
                return self.departure(node, number, kind, expected, None, why, window)
            return None
        empty = [i for i, c in enumerate(cells) if c is None]
        missing = [i for i in empty if i not in tried]
        value = self.correct.value(cells, mover)
        best = self.best_moves(cells, mover, value)
        first_best = next((c for c in tried or empty if c in best), best[0] if best else None)
        sound = returned.score is not None and is_sound(returned.score, value, window) if scored \
            else returned.move in best
        if not sound and (missing or scored):
            kind, why = self.unsound(node, cells, tried, missing, value, window)
            return self.departure(node, number, kind, value, first_best, why, window)
        if returned.not_a_cell is not None:  # a move, but no empty cell, is no move to play
            return self.departure(node, number, "wrong-move", value, first_best,
                                  w.not_a_cell(returned.not_a_cell, empty, first_best), window)
        if returned.move is not None and returned.move not in best and self.move_counts(node, value, window):
            child_values = self.correct.child_values(cells, mover)
            why = w.wrong_move(returned.move, child_values.get(returned.move), value, first_best)
            return self.departure(node, number, "wrong-move", value, first_best, why, window)
        if missing and not self.shortcut(node, number, cells, mover, tried):
            # Right by chance: the cells left out happen not to matter on this board.
            why = w.missing_cells(tried, missing, empty)
            return self.departure(node, number, "missing-cells", value, first_best, why, window)
        return None

    def unsound(self, node: int, cells: Cells, tried: list[int], missing: list[int], value: float,
                window: Window | None) -> tuple[str, str]:
        """The kind of departure of a call that returned what it should not, and why."""
        s, w = self.s, self.words
        returned, mover = s.returned(node), s.mover(node)
        maximising = self.maximising(mover)
        if window is not None:
            why = w.unsound(window, maximising, returned.score, value, tried, missing, self.plays(node, cells))
            return ("unsound-cut" if missing else "no-score" if returned.score is None else "wrong-score"), why
        earlier = self.searched_before(node) if not tried and node != LOOP else None
        if earlier is not None:  # the board's own search came before: a score remembered wrong
            return "wrong-score", w.misremembered(returned.score, s.returned(earlier).score)
        if missing:
            return "missing-cells", w.missing_cells(tried, missing, [i for i in range(9) if cells[i] is None])
        scores = [s.returned(c).score for c in s.children(node)]
        kind = "no-score" if returned.score is None else "wrong-score"
        return kind, w.wrong_inner(cells, mover, scores, value, maximising, returned)

    def searched_before(self, node: int) -> int | None:
        """The first earlier call of the program's run (a cache may outlive a search) with the
        same arguments, board and side to move that test-played: the search a cache remembers."""
        rows, record = self.s.rows, self.s.record
        searched = record.searched
        for row in range(record.searched_upto, len(rows)):  # rows are added as their calls return
            if rows.edge_count[row] and rows.ended[row] == RETURNED:
                searched.setdefault((rows.fn[row], rows.args[row]), []).append(row)
        record.searched_upto = len(rows)
        cells, mover = self.s.cells(node), self.s.mover(node)
        for row in searched.get((rows.fn[node], rows.args[node]), []):
            if row < node and self.s.cells(row) == cells and self.s.mover(row) == mover:
                return row
        return None

    def shortcut(self, node: int, number: int, cells: Cells, mover: str, tried: list[int]) -> bool:
        """File a sound early return, if it is one (see the module's docstring)."""
        if self.windows is not None and self.windows.found:
            self.shortcuts.cuts.append(number)
            return True
        earlier = self.searched_before(node) if not tried and node != LOOP else None
        if earlier is not None and self.s.returned(earlier).score == self.s.returned(node).score:
            self.shortcuts.remembered.append(number)
            return True
        values = self.correct.child_values(cells, mover)
        known = self.known.get(node)
        if known is not None:  # its board searched again first: its score is known
            target = self.s.returned(known).score
            reached = [cell for cell in tried if values.get(cell) == target]
            return bool(reached) and reached[0] == tried[-1]
        # The best a test-play can score, seen as this call sees its test-plays: a win for its side.
        best = self.correct.scale.terminal(mover, self.s.depth_of(cells) + 1, mover)
        reached = [cell for cell in tried if values.get(cell) == best]
        if reached and reached[0] == tried[-1]:
            self.shortcuts.stops.append(number)
            return True
        return False

    def plays(self, node: int, cells: Cells) -> list[tuple[int, Window | None, float | None]]:
        """Each test-play of ``node``: its cell, the window its call was given, what it returned."""
        s, out = self.s, []
        for kid in s.children(node):
            kid_cells = s.cells(kid)
            new = placed(cells, kid_cells) if kid_cells is not None else []
            if len(new) == 1:
                out.append((new[0], self.windows.of(kid) if self.windows else None, s.returned(kid).score))
        return out

    def move_counts(self, node: int, value: float, window: Window | None) -> bool:
        """Whether ``node``'s move must be a best one: at the first call, and wherever its score
        is its board's value, not a bound (strictly inside its window)."""
        if node == self.s.root or window is None:
            return True
        return window[0] < value < window[1]

    def searched_again(self, parent: int, node: int) -> bool:
        """Whether ``node``, on its caller's board unchanged, is that board searched again: with
        the same side to move, finished, and not itself calling on its board unchanged."""
        s = self.s
        if s.mover(node) != s.mover(parent) or s.raised(node) is not None or s.unfinished(node):
            return False
        told = s.facts(node).told
        if told is not None and told != s.mover(parent):
            return False
        return all(s.cells(kid) != s.cells(node) for kid in s.children(node))

    def maximising(self, mover: str) -> bool:
        return self.correct.scale.viewpoint(mover) == mover

    def terminal_score(self, cells: Cells, mover: str) -> float:
        return self.correct.scale.terminal(winner(cells), self.s.depth_of(cells), mover)

    def best_moves(self, cells: Cells, mover: str, value: float) -> list[int]:
        return [cell for cell, v in self.correct.child_values(cells, mover).items() if v == value]

    def departure(self, node: int, number: int, kind: str, score: float | None, move: int | None,
                  why: str, window: Window | None = None) -> Departure:
        s = self.s
        cells = s.cells(node)
        return Departure(number, node, kind, cells, s.mover(node) if cells is not None else s.root_mover,
                         s.returned(node), score, move, why, window)
