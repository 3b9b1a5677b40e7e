"""How a learner's program scores finished games, and what every board is then worth.

The scale is read from the program's own terminal calls (a finished board, no
test-play): the guide's ±1, ±10 (Glyn Lewington's game), depth-aware scores such as
``10 - depth``, or scores from the side to move (negamax). Whichever reading fits the
most terminal calls wins, so one mistaken call is found as a mistake rather than
taken for the scale. ``Solver`` then gives the score a correct search returns for any
board under that scale: the reference every call is held to.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...games.tictactoe.board import HAS_LINE
from ..values.reading import Cells

#: Points of view: ``ai`` (the guide's: the AI's), ``mover`` (the side to move, as negamax
#: scores), ``moved`` (the side that just moved).
VIEWS = ("ai", "mover", "moved")


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"


_PACKED: dict[Cells, tuple[int, int]] = {}


def packed(cells: Cells) -> tuple[int, int]:
    """``(X's cells, O's cells)`` as 9-bit masks (remembered: the same boards come back often)."""
    found = _PACKED.get(cells)
    if found is None:
        x = o = 0
        for i, c in enumerate(cells):
            if c == "X":
                x |= 1 << i
            elif c == "O":
                o |= 1 << i
        if len(_PACKED) > 200_000:
            _PACKED.clear()
        found = _PACKED[cells] = (x, o)
    return found


def bits(cells: Cells, mark: str) -> int:
    return packed(cells)[0 if mark == "X" else 1]


def winner(cells: Cells) -> str | None:
    """The mark with three in a row (X first, if a broken board has both)."""
    x, o = packed(cells)
    return "X" if HAS_LINE[x] else "O" if HAS_LINE[o] else None


def finished(cells: Cells) -> bool:
    """Whether the game is over on ``cells``: a line of three, or no empty cell."""
    x, o = packed(cells)
    return HAS_LINE[x] or HAS_LINE[o] or x | o == 511


@dataclass(frozen=True)
class Scale:
    """A program's scores: what a win, a loss and a draw are worth, and from whose view."""

    #: A win for the viewpoint's player (depth-aware: at depth 0).
    win: float = 1
    #: A loss for the viewpoint's player (depth-aware: at depth 0).
    loss: float = -1
    draw: float = 0
    #: 1 if a win is worth one point less per move from the first call (and a loss one more).
    per_move: int = 0
    #: Whose point of view (see VIEWS).
    view: str = "ai"
    #: The AI's mark (the maximiser), for the ``ai`` view.
    ai: str = "X"
    #: Where the program's own depth count starts: 1 when its first call is its own loop
    #: (``minimax(board, 0, False)`` on the loop's test-plays), for describing the scale only.
    origin: int = 0

    def viewpoint(self, mover: str) -> str:
        """The player whose score a call on a board with ``mover`` to play returns."""
        return self.ai if self.view == "ai" else mover if self.view == "mover" else other(mover)

    def terminal(self, won: str | None, depth: int, mover: str) -> float:
        """What a finished board scores: ``won`` is the winner (None for a draw)."""
        if won is None:
            return self.draw
        if won == self.viewpoint(mover):
            return self.win - self.per_move * depth
        return self.loss + self.per_move * depth

    def is_tutorial(self, ai: str) -> bool:
        """The guide's scale: ±1 and 0, from ``ai``'s point of view."""
        return (self.win, self.loss, self.draw, self.per_move, self.view, self.ai) == (1, -1, 0, 0, "ai", ai)

    def values_text(self) -> str:
        """The values in words: ``±1 and 0``, ``10 - depth for a win, depth - 10 for a loss, 0``."""
        if self.per_move:
            win, loss = self.win - self.origin, self.loss + self.origin
            start = " (depth 0 at the loop's test-plays)" if self.origin else ""
            return (f"{number(win)} - depth for a win, depth - {number(-loss)} for a loss, "
                    f"{number(self.draw)} for a draw{start}")
        if self.win == -self.loss:
            return f"±{number(self.win)}, {number(self.draw)} for a draw"
        return f"{number(self.win)} for a win, {number(self.loss)} for a loss, {number(self.draw)} for a draw"

    def view_text(self) -> str:
        if self.view == "ai":
            return f"from {self.ai}'s point of view (the AI's)"
        if self.view == "mover":
            return "from the point of view of the side to move (negamax)"
        return "from the point of view of the side that just moved"

    def describe(self) -> str:
        return f"{self.values_text()}, {self.view_text()}"


def number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)


#: One finished board the program scored: (winner, depth, mover, score).
Sample = tuple[str | None, int, str, float]


def infer(samples: Iterable[Sample], root_mover: str, ai: str | None = None,
          fixed: Scale | None = None, prefer: str | None = None, view: str | None = None) -> Scale:
    """The scale that fits the most samples; on a tie, the point of view ``view`` (the one the
    program's first search was read with), else the guide's view with the AI ``prefer`` (the
    program's own AI, when known), else the side to move at the first call.

    ``ai`` (``--ai``) fixes the view to that AI's; ``fixed`` (``--scores``) fixes the values.
    """
    samples = list(samples)
    candidates: list[tuple[str, str]] = []
    if ai is not None:
        candidates = [("ai", ai)]
    else:
        first = prefer or root_mover
        candidates = [("ai", first), ("ai", other(first)), ("mover", root_mover), ("moved", root_mover)]
        if view in ("mover", "moved"):
            candidates.sort(key=lambda candidate: candidate[0] != view)
    best: tuple[int, int, Scale] | None = None
    for rank, (view, who) in enumerate(candidates):
        scale, misfits = _fit(samples, view, who, fixed)
        key = (misfits, rank)
        if best is None or key < best[:2]:
            best = (misfits, rank, scale)
    assert best is not None
    return best[2]


def _fit(samples: list[Sample], view: str, ai: str, fixed: Scale | None) -> tuple[Scale, int]:
    """The values that fit the most samples under one point of view, and how many do not fit.

    Each value is tried as each sample of its kind reads it (constant, or depth-aware),
    or by symmetry with the others; a reading in which a loss is not below a draw and a
    draw below a win is no reading.
    """
    if fixed is not None:
        scale = Scale(fixed.win, fixed.loss, fixed.draw, fixed.per_move, view, ai)
        return scale, _misfits(samples, scale)
    probe = Scale(view=view, ai=ai)
    kinds: dict[str, list[tuple[int, float]]] = {"win": [], "loss": [], "draw": []}
    for won, depth, mover, score in samples:
        kind = "draw" if won is None else "win" if won == probe.viewpoint(mover) else "loss"
        kinds[kind].append((depth, score))
    best: tuple[int, int, Scale] | None = None
    for per_move in (0, 1):
        losses = _readings(kinds["loss"], per_move) or []
        # No win seen (every finished board a loss for the viewpoint, as negamax scores them,
        # or the AI never wins from here): a win mirrors a loss first, as most scales do.
        wins = _readings(kinds["win"], -per_move) or [*(-loss for loss in losses), 1.0]
        draws = _readings(kinds["draw"], 0) or [0.0]
        rank = 0
        for win in wins:
            for loss in (losses or []) + [-win]:
                for draw in draws:
                    rank += 1
                    if not loss < draw < win:
                        continue
                    scale = Scale(win, loss, draw, per_move, view, ai)
                    key = (_misfits(samples, scale), per_move * 1000 + rank)
                    if best is None or key < best[:2]:
                        best = (*key, scale)
    if best is None:
        return Scale(view=view, ai=ai), len(samples) + 1
    return best[2], best[0]


def _readings(points: list[tuple[int, float]], slope: int) -> list[float]:
    """The values at depth 0 the first few samples of one kind suggest (``score - slope * depth``)."""
    out: list[float] = []
    for depth, score in points[:50]:
        value = score - slope * depth
        if value not in out:
            out.append(value)
        if len(out) == 4:
            break
    return out


def _misfits(samples: list[Sample], scale: Scale) -> int:
    return sum(1 for won, depth, mover, score in samples if scale.terminal(won, depth, mover) != score)


class Solver:
    """What a correct search returns on any board, under a program's scale."""

    def __init__(self, scale: Scale, root_marks: int):
        self.scale = scale
        self.root_marks = root_marks
        self.memo: dict[tuple[int, int, str, str], float] = {}
        self.by_cells: dict[tuple[Cells, str], float] = {}

    def value(self, cells: Cells, mover: str) -> float:
        """The score a correct search returns on ``cells`` with ``mover`` to play."""
        key = (cells, mover)
        found = self.by_cells.get(key)
        if found is None:
            found = self.by_cells[key] = self._value(*packed(cells), mover, self.scale.viewpoint(mover))
        return found

    def child_values(self, cells: Cells, mover: str) -> dict[int, float]:
        """``{cell: score}`` of each test-play, from the calling board's point of view."""
        x, o = packed(cells)
        pov = self.scale.viewpoint(mover)
        out = {}
        for cell in range(9):
            if not (x | o) >> cell & 1:
                nx, no = (x | 1 << cell, o) if mover == "X" else (x, o | 1 << cell)
                out[cell] = self._value(nx, no, other(mover), pov)
        return out

    def _value(self, x: int, o: int, mover: str, pov: str) -> float:
        key = (x, o, mover, pov)
        found = self.memo.get(key)
        if found is not None:
            return found
        depth = (x | o).bit_count() - self.root_marks
        s = self.scale
        human = other(pov)
        # The guide's step 9, in its order: the human's win, the AI's win, a full board.
        human_bits, pov_bits = (x, o) if human == "X" else (o, x)
        if HAS_LINE[human_bits]:
            result = s.loss + s.per_move * depth
        elif HAS_LINE[pov_bits]:
            result = s.win - s.per_move * depth
        elif x | o == 511:
            result = s.draw
        else:
            scores = []
            for cell in range(9):
                if not (x | o) >> cell & 1:
                    nx, no = (x | 1 << cell, o) if mover == "X" else (x, o | 1 << cell)
                    scores.append(self._value(nx, no, other(mover), pov))
            result = max(scores) if mover == pov else min(scores)
        self.memo[key] = result
        return result
