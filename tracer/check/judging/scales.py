"""How a learner's program scores finished games, and what every board is then worth.

The scale is read from the program's own finished boards: the guide's ±1, ±10, depth-aware
scores such as ``10 - depth``, or scores from the side to move (negamax). The reading that
fits the most wins, so one mistaken call is a mistake, not the scale. ``CorrectValues`` then
gives what a correct search returns on any board under that scale, from the core's minimax.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ...games.tictactoe.board import HAS_LINE, Board
from ...games.tictactoe.game import TicTacToe
from ...scores import Scores
from ...search.minimax import search as minimax
from ..values.reading import Cells


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"


@lru_cache(maxsize=200_000)  # the same boards come back often
def packed(cells: Cells) -> tuple[int, int]:
    """``(X's cells, O's cells)`` as 9-bit masks."""
    return (sum(1 << i for i, c in enumerate(cells) if c == "X"),
            sum(1 << i for i, c in enumerate(cells) if c == "O"))


def has_line(cells: Cells, mark: str) -> bool:
    return HAS_LINE[packed(cells)[0 if mark == "X" else 1]]


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

    #: A win and a loss for the viewpoint's player (at depth 0, where depth-aware).
    win: float = 1
    loss: float = -1
    draw: float = 0
    #: 1 if a win is worth one point less per move from the first call (and a loss one more).
    per_move: int = 0
    #: ``ai`` (the guide's: the AI's), ``mover`` (the side to move, as negamax) or ``moved``.
    view: str = "ai"
    ai: str = "X"
    #: Where the program's depth count starts (1 when its first call is its own loop), for
    #: describing the scale only.
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
    """The scale that fits the most samples; on a tie, the point of view ``view`` (the program's
    first search's), else the guide's view with the AI ``prefer``, else the side to move first.
    ``ai`` (``--ai``) fixes the view to that AI's; ``fixed`` (``--scores``) fixes the values."""
    samples = list(samples)
    first = prefer or root_mover
    candidates = [("ai", ai)] if ai is not None else \
        [("ai", first), ("ai", other(first)), ("mover", root_mover), ("moved", root_mover)]
    if ai is None and view in ("mover", "moved"):
        candidates.sort(key=lambda candidate: candidate[0] != view)
    # The fewest misfits; of equals, the first candidate (min keeps the first it meets).
    return min((_fit(samples, pov, who, fixed) for pov, who in candidates), key=lambda fit: fit[1])[0]


def _fit(samples: list[Sample], view: str, ai: str, fixed: Scale | None) -> tuple[Scale, int]:
    """The values that fit the most samples under one point of view, and how many do not fit:
    each as a sample of its kind reads it (constant or depth-aware), or by symmetry; a loss
    must lie below a draw, a draw below a win."""
    if fixed is not None:
        scale = Scale(fixed.win, fixed.loss, fixed.draw, fixed.per_move, view, ai)
        return scale, _misfits(samples, scale)
    probe = Scale(view=view, ai=ai)
    kinds: dict[str, list[tuple[int, float]]] = {"win": [], "loss": [], "draw": []}
    for won, depth, mover, score in samples:
        kind = "draw" if won is None else "win" if won == probe.viewpoint(mover) else "loss"
        kinds[kind].append((depth, score))
    scales = []
    for per_move in (0, 1):
        losses = _readings(kinds["loss"], per_move)
        # No win seen (every finished board a loss for the viewpoint, as negamax scores them,
        # or the AI never wins from here): a win mirrors a loss first, as most scales do.
        wins = _readings(kinds["win"], -per_move) or [*(-loss for loss in losses), 1.0]
        draws = _readings(kinds["draw"], 0) or [0.0]
        scales += [Scale(win, loss, draw, per_move, view, ai)
                   for win in wins for loss in [*losses, -win] for draw in draws if loss < draw < win]
    if not scales:
        return Scale(view=view, ai=ai), len(samples) + 1
    fits = [(scale, _misfits(samples, scale)) for scale in scales]
    return min(fits, key=lambda fit: fit[1])  # of equals, the first tried


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


class CorrectValues:
    """What a correct search returns on any board under a program's scale: the core's own
    minimax on tic-tac-toe, with the viewpoint's side (``Scale.viewpoint``) as the maximiser.
    One search from the first call's board (``first``) gives the value of every board below it;
    a board off that tree is searched from itself. ``root_marks``: the marks on the first
    call's board, where a depth-aware scale counts moves from."""

    def __init__(self, scale: Scale, root_marks: int, first: tuple[Cells, str] | None = None):
        self.scale = scale
        self.root_marks = root_marks
        self.values = _values(scale)
        self.known: dict[tuple[int, str], float] = {}  # (state, viewpoint) -> its value
        self.first = self._state(*first) if first is not None else None

    def value(self, cells: Cells, mover: str) -> float:
        """The score a correct search returns on ``cells`` with ``mover`` to play."""
        return self._value(self._state(cells, mover), self.scale.viewpoint(mover))

    def child_values(self, cells: Cells, mover: str) -> dict[int, float]:
        """``{cell: score}`` of each test-play, from the calling board's point of view."""
        x, o = packed(cells)
        pov = self.scale.viewpoint(mover)
        state = self._state(cells, mover)
        return {cell: self._value(_GAME.play(state, cell), pov) for cell in range(9) if not (x | o) >> cell & 1}

    def _state(self, cells: Cells, mover: str) -> int:
        x, o = packed(cells)
        # the layout of games.tictactoe.game.pack: X's cells, O's, then whether X moves
        return x | o << 9 | (_GAME.x_to_move if mover == "X" else 0)

    def _value(self, state: int, pov: str) -> float:
        if (state, pov) not in self.known:
            if self.first is not None and (self.first, pov) not in self.known:
                self._search(self.first, pov)
            if (state, pov) not in self.known:
                self._search(state, pov)
        return self.known[(state, pov)]

    def _search(self, state: int, pov: str) -> None:
        """Search from ``state`` with ``pov`` maximising and keep the value of every board met."""
        board, mover = _GAME.board_of(state), _GAME.mark_of(state)
        offset = len(board.cells) - len(board.empty_cells()) - self.root_marks
        scores = _Ranked(scale=self.scale, offset=offset, values=self.values)
        game = TicTacToe(board, mover, pov, scores)  # type: ignore[arg-type]
        positions = minimax(game).positions
        values, known = self.values, self.known
        for row_state, rank in zip(positions.state, positions.score, strict=True):
            known[(row_state, pov)] = values[rank]


def _values(scale: Scale) -> tuple[float, ...]:
    """Every value a finished game can score on ``scale`` (a depth-aware one at any depth a
    board of nine cells can be from the first call's), ascending, each once."""
    depths = range(-9, 10) if scale.per_move else range(1)
    found = {scale.draw}
    for depth in depths:
        found.update((scale.win - scale.per_move * depth, scale.loss + scale.per_move * depth))
    return tuple(sorted(found))


@dataclass(frozen=True)
class _Ranked(Scores):
    """A program's scale as the core's score scheme: a finished game scores the rank of its
    value among the scale's values (minimax only compares scores), as the values may be
    fractions or beyond what a trace stores (``Number.MAX_VALUE`` for a win). ``offset``: the
    depth of the search's first board, counted from the program's first call."""

    scale: Scale = Scale()
    offset: int = 0
    values: tuple[float, ...] = ()

    def score(self, outcome: str, depth: int) -> int:
        s, moves = self.scale, self.offset + depth
        value = (s.loss + s.per_move * moves if outcome == "human_win" else
                 s.win - s.per_move * moves if outcome == "ai_win" else s.draw)
        return bisect_left(self.values, value)


#: Decodes and plays the 3×3 states the searches share (its own position is never searched).
_GAME = TicTacToe(Board("." * 9), "X")

