"""A learner's alpha-beta held call by call to tracer's, and its common mistakes named.

The reference is tracer's alpha-beta written as a learner's loop reads: after each test-play
a MAX call raises alpha to its best, a MIN call lowers beta, and the loop stops once alpha
meets beta (``ge``: alpha >= beta; ``gt``: alpha > beta). It runs beside the learner's calls
in each cutoff, move order and way of returning (fail-soft, fail-hard), with each known
mistake planted; a way is named only when every call matches (board, side to move, window,
test-plays, score and move).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...games.tictactoe.game import ASCENDING, CENTRE_FIRST
from ..values.calls import LOOP, LearnerSearch
from ..values.reading import Cells
from .mistakes import Mistake
from .scales import Scale, other, winner
from .windows import INF, Window, Windows

ORDERS = {"ascending": ASCENDING, "centre-first": CENTRE_FIRST}

#: The common alpha-beta mistakes, each planted in the reference and named only where it shows.
MISTAKES: tuple[Mistake, ...] = (
    Mistake("bounds-swapped", "",
            "Alpha and beta are swapped in the updates: a MAX call lowers β to its best and a MIN call "
            "raises α to its best, so calls cut where they must not. A MAX call raises α (α = max(α, best)) "
            "and a MIN call lowers β (β = min(β, best)); a call stops once α meets β."),
    Mistake("window-not-passed", "",
            "The test-plays are searched with the full window (α = -∞, β = +∞), not with the call's α and "
            "β as they stand, so no cut ever happens: the scores are right, but it is minimax with two "
            "more arguments. Pass α and β on to each test-play's call."),
    Mistake("bound-as-value", "",
            "A move is chosen on a test-play's bound: a later test-play whose call was cut returns only a "
            "bound (at most α, or at least β), and a >= (or <=) comparison lets a bound equal to the best "
            "so far replace it, though that move may score worse. Keep the first strictly better "
            "test-play: a bound is not a score."),
)


@dataclass(frozen=True)
class Way:
    """One way of running the reference: what is planted, the cut, the move order, the return
    (``soft``: the best found; ``hard``: that held inside the window)."""

    mistake: str = "none"
    cutoff: str = "ge"
    order: str = "ascending"
    fail: str = "soft"

    def describe(self) -> str:
        held = "fail-soft: it returns the best it found" if self.fail == "soft" else \
            "fail-hard: where tracer returns the best it found, it returns that best held inside its window"
        return f"cutoff {self.cutoff}, {self.order} order, {held}"


@dataclass
class AlphaBetaCheck:
    """The way tracer's alpha-beta makes exactly the learner's calls (None: none does), else the
    known mistakes whose planted reference does."""

    exact: Way | None
    mistakes: list[Mistake]


class _Differs(Exception):
    """The learner's calls are not the reference's from here on."""


def ways(mistake: str) -> Iterator[Way]:
    for fail in ("soft", "hard"):
        for order in ORDERS:
            for cutoff in ("ge", "gt"):
                yield Way(mistake, cutoff, order, fail)


def check_alphabeta(search: LearnerSearch, scale: Scale, windows: Windows) -> AlphaBetaCheck | None:
    """Hold a search whose calls take a window to tracer's alpha-beta and its planted mistakes."""
    if not windows.found or search.root_cells is None or scale.view == "moved":
        return None
    exact = next((way for way in ways("none") if _Replay(search, scale, windows, way).matches()), None)
    if exact is not None:
        return AlphaBetaCheck(exact, [])
    found = [m for m in MISTAKES
             if any(_Replay(search, scale, windows, way).matches() for way in ways(m.id))]
    return AlphaBetaCheck(None, found)


class _Replay:
    """The reference run beside the learner's calls, one way, raising _Differs where they part."""

    def __init__(self, search: LearnerSearch, scale: Scale, windows: Windows, way: Way):
        self.s = search
        self.scale = scale
        self.windows = windows
        self.way = way
        self.order = ORDERS[way.order]
        self.root_marks = sum(1 for c in search.root_cells or () if c is not None)
        self.negamax = scale.view == "mover"

    def matches(self) -> bool:
        try:
            if self.s.root == LOOP:
                self.loop()
            else:
                self.call(self.s.root, self.s.root_mover, -INF, INF)
        except (_Differs, RecursionError):
            return False
        return True

    def loop(self) -> None:
        """The program's own loop over the first moves: its choice is held to the way's."""
        s = self.s
        assert s.loop is not None
        cells, mover = s.loop.cells, s.loop.mover
        plays = []
        for kid in s.loop.children:
            kid_cells = s.cells(kid)
            assert kid_cells is not None
            window = self.windows.of(kid) or (-INF, INF)
            score = self.call(kid, other(mover), *window)
            plays.append((next(i for i in range(9) if cells[i] != kid_cells[i]), self.seen(score)))
        best, move = self.choose(plays, self.maximising(mover))
        self.same_move(s.loop.returned.move, move)

    def call(self, node: int, told: str, alpha: float, beta: float) -> float:
        """One learner call held to the reference's on the same board and window: its score."""
        s = self.s
        cells = s.cells(node)
        window = self.windows.of(node)
        if cells is None or s.mover(node) != told or s.raised(node) is not None or s.unfinished(node):
            raise _Differs
        if window is not None and window != (alpha, beta):
            raise _Differs
        kids = s.children(node)
        won = winner(cells)
        if won is not None or None not in cells:
            if kids:
                raise _Differs
            return self.returns(node, self.scale.terminal(won, self.depth(cells), told), None)
        maximising = self.maximising(told)
        low, high = alpha, beta
        plays: list[tuple[int, float]] = []
        empty = [cell for cell in self.order if cells[cell] is None]
        for cell in empty:
            if len(plays) == len(kids) or s.cells(kids[len(plays)]) != _played(cells, cell, told):
                raise _Differs
            score = self.seen(self.call(kids[len(plays)], other(told), *self.passed(low, high)))
            plays.append((cell, score))
            best = self.choose(plays, maximising)[0]
            low, high = self.narrowed(low, high, best, maximising)
            if low >= high if self.way.cutoff == "ge" else low > high:
                break
        if len(plays) != len(kids):
            raise _Differs
        best, move = self.choose(plays, maximising)
        if self.way.fail == "hard":
            best = min(max(best, alpha), beta)
        return self.returns(node, best, move)

    def passed(self, low: float, high: float) -> Window:
        """The window a test-play's call is given (negamax's is seen from the other side)."""
        if self.way.mistake == "window-not-passed":
            return -INF, INF
        return (-high, -low) if self.negamax else (low, high)

    def seen(self, score: float) -> float:
        """A test-play's score as its caller sees it."""
        return -score if self.negamax else score

    def narrowed(self, low: float, high: float, best: float, maximising: bool) -> Window:
        if self.way.mistake == "bounds-swapped":
            return (low, min(high, best)) if maximising else (max(low, best), high)
        return (max(low, best), high) if maximising else (low, min(high, best))

    def choose(self, plays: list[tuple[int, float]], maximising: bool) -> tuple[float, int | None]:
        """The best test-play: the first strictly best, or with bound-as-value the last of equals."""
        best, move = (-INF if maximising else INF), None
        loose = self.way.mistake == "bound-as-value"
        for cell, score in plays:
            if (score > best or (loose and score == best)) if maximising else \
                    (score < best or (loose and score == best)):
                best, move = score, cell
        return best, move

    def maximising(self, told: str) -> bool:
        return self.negamax or self.scale.viewpoint(told) == told

    def returns(self, node: int, score: float, move: int | None) -> float:
        fn = self.s.fn(node)
        returned = self.s.returned(node)
        action = fn is not None and self.s.reader.shapes[fn].returns == "action"
        if not action and returned.score != score:
            raise _Differs
        self.same_move(returned.move, move)
        return score

    def same_move(self, returned: int | None, expected: int | None) -> None:
        if returned is not None and expected is not None and returned != expected:
            raise _Differs

    def depth(self, cells: Cells) -> int:
        return sum(1 for c in cells if c is not None) - self.root_marks


def _played(cells: Cells, cell: int, mark: str) -> Cells:
    return tuple(mark if i == cell else c for i, c in enumerate(cells))
