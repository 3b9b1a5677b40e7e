"""Alpha-beta: the guide's minimax that stops test-playing once the answer cannot matter.

``cutoff`` ``ge`` cuts once the best reaches the bound, ``gt`` once it passes it (docs/searches.md).
The first strictly best test-play is kept, as the guide's step 16. Rows are keyed by
``(state, alpha, beta)`` and shared; each records its window on entry (None for an infinite
bound, which JSON cannot spell) and ``pruned``, the moves the cut left untried.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..scores import MAX_SCORE
from ..trace import Positions, SearchInfo, Trace
from .base import SearchKind, Setting

if TYPE_CHECKING:
    from ..games.base import Rules as Game

INF = float("inf")
#: Inside the search, the infinite bounds are ints beyond any score (int comparisons are faster).
FAR = 1 << 40
CUTOFFS = ("ge", "gt")


def unbound(value: int | None, low: bool) -> float:
    """The bound a stored value stands for (``low``: alpha, whose None is -inf)."""
    if value is None:
        return -INF if low else INF
    return value


class Replay(NamedTuple):
    """One call replayed: each child's window, the first best child and its score, how many
    children were test-played, and whether the call stopped early."""

    windows: list[tuple[float, float]]
    best: int
    score: float
    searched: int
    cut: bool


def replay(alpha: float, beta: float, maximising: bool, child_scores: Sequence[float], cutoff: str) -> Replay:
    """One call's loop over known child scores: the rule the check and the renderers share."""
    windows = []
    best_i, best = -1, (-INF if maximising else INF)
    for i, score in enumerate(child_scores):
        windows.append((alpha, beta))
        if (score > best) if maximising else (score < best):
            best_i, best = i, score
        if maximising:
            if best >= beta if cutoff == "ge" else best > beta:
                return Replay(windows, best_i, best, i + 1, True)
            alpha = max(alpha, best)
        else:
            if best <= alpha if cutoff == "ge" else best < alpha:
                return Replay(windows, best_i, best, i + 1, True)
            beta = min(beta, best)
    return Replay(windows, best_i, best, len(child_scores), False)


#: What a call's score says of the true (minimax) value: exactly it, at most it, at least it.
EXACT, AT_MOST, AT_LEAST = 0, -1, 1
#: How a bound is written before its score (``≤ 0``, ``≥ +1``); JSON's ``bound`` field spells it alike.
BOUND_SIGNS = {EXACT: "", AT_MOST: "≤", AT_LEAST: "≥"}


def bound_kind(score: float, alpha: float, beta: float, cutoff: str) -> int:
    """What a score returned from the window ``(alpha, beta)`` says of the true value: with
    ``ge`` a score at or outside the window is only a bound, with ``gt`` one strictly outside."""
    if score < alpha or (cutoff == "ge" and score == alpha):
        return AT_MOST
    if score > beta or (cutoff == "ge" and score == beta):
        return AT_LEAST
    return EXACT


def bounds(rows: Positions, cutoff: str) -> list[int]:
    """Per row: ``EXACT``, ``AT_MOST`` or ``AT_LEAST``; a row with no cut below it is exact."""
    alphas, betas, pruned = rows.extras["alpha"], rows.extras["beta"], rows.extras["pruned"]
    cut_below = bytearray(len(rows))
    found = [EXACT] * len(rows)
    for pid in sorted(range(len(rows)), key=lambda r: rows.sizes[r]):  # children first
        cut_below[pid] = bool(pruned[pid]) or any(cut_below[c] for _, c in rows.children(pid))
        if cut_below[pid] and not rows.terminal[pid]:
            found[pid] = bound_kind(rows.score[pid], unbound(alphas[pid], True), unbound(betas[pid], False),
                                    cutoff)
    return found


def search(game: Game, cutoff: str = "ge") -> Trace:
    """Record every call alpha-beta makes on ``game`` from its root, with ``cutoff`` (ge|gt)."""
    recorder = Recorder(game, cutoff, by_depth=True)
    recorder.root(game.root)
    return recorder.trace()


class Recorder:
    """Alpha-beta recorded from several roots into one set of rows, shared by (state, window)."""

    def __init__(self, game: Game, cutoff: str = "ge", *, by_depth: bool = False):
        if cutoff not in CUTOFFS:
            raise ValueError(f"expected cutoff 'ge' or 'gt', found {cutoff!r}")
        self.game, self.cutoff = game, cutoff
        self.rows = Positions()
        self._shift = 16 if by_depth else 0
        self._visit, self._seen = _window_search(game, self.rows, cutoff == "ge", by_depth)

    def root(self, state: int) -> int:
        """The row of alpha-beta's first call on ``state`` (window (-inf, +inf)), searched if new."""
        row = self._seen.get((state << self._shift, -FAR, FAR))
        return self._visit(state, 0, -FAR, FAR) if row is None else row

    def trace(self) -> Trace:
        return Trace(self.game, self.rows, SearchInfo("alphabeta", (("cutoff", self.cutoff),)))


#: What a call's for-loop needs from the search around it, bound once and unpacked per call:
#: ``(visit, play, seen, score column, ge, shift, by_depth)``; a state is keyed
#: ``state << shift | depth * by_depth``.
_Loop = tuple[Callable[[int, int, int, int], int], Callable[[int, int], int], dict[tuple[int, int, int], int],
              Sequence[int], bool, int, int]
#: What a call's for-loop found: its children's rows, the index of the first best, and the best.
_Found = tuple[list[int], int, int]


def _window_search(game: Game, rows: Positions, ge: bool, by_depth: bool = False
                   ) -> tuple[Callable[[int, int, int, int], int], dict[tuple[int, int, int], int]]:
    """The recursive search, one row per (state, window) pair, and the row of each pair met."""
    alphas: list[int | None] = []
    betas: list[int | None] = []
    pruned: list[tuple[int, ...]] = []
    rows.extras.update(alpha=alphas, beta=betas, pruned=pruned)
    seen: dict[tuple[int, int, int], int] = {}
    moves_of, outcome, maximising = game.moves, game.outcome, game.maximising

    def visit(state: int, depth: int, alpha: int, beta: int) -> int:
        finished = outcome(state, depth)
        pid = seen[(state << shift | depth * deep, alpha, beta)] = (
            rows.add(state, depth, *finished) if finished else rows.add(state, depth))
        alphas.append(None if alpha == -FAR else alpha)
        betas.append(None if beta == FAR else beta)
        pruned.append(())
        if finished:
            return pid
        moves = list(moves_of(state))
        test_plays = _max_loop if maximising(state) else _min_loop
        children, best_i, best = test_plays(loop, state, depth, moves, alpha, beta)
        searched = len(children)
        pruned[pid] = tuple(moves[searched:])
        rows.set_edges(pid, moves[:searched], children, best_i, best)
        return pid

    shift, deep = (16, 1) if by_depth else (0, 0)
    loop: _Loop = (visit, game.play, seen, rows.score, ge, shift, deep)
    return visit, seen


def _max_loop(loop: _Loop, state: int, depth: int, moves: list[int], alpha: int, beta: int) -> _Found:
    """A MAX call's for-loop, raising alpha until its best reaches beta."""
    visit, play, seen, score, ge, shift, deep = loop
    children: list[int] = []
    best_i = -1
    best = -FAR
    below = (depth + 1) * deep
    for i, move in enumerate(moves):
        after = play(state, move)
        # Same state, same window: the same calls below, recorded once.
        child = seen.get((after << shift | below, alpha, beta))
        if child is None:
            child = visit(after, depth + 1, alpha, beta)
        children.append(child)
        if score[child] > best:  # the first strictly best is kept (step 16)
            best_i, best = i, score[child]
        if best >= beta if ge else best > beta:
            break  # the minimiser above already has something no worse for it
        if best > alpha:
            alpha = best
    return children, best_i, best


def _min_loop(loop: _Loop, state: int, depth: int, moves: list[int], alpha: int, beta: int) -> _Found:
    """A MIN call's for-loop, lowering beta until its best reaches alpha."""
    visit, play, seen, score, ge, shift, deep = loop
    children: list[int] = []
    best_i = -1
    best = FAR
    below = (depth + 1) * deep
    for i, move in enumerate(moves):
        after = play(state, move)
        child = seen.get((after << shift | below, alpha, beta))
        if child is None:
            child = visit(after, depth + 1, alpha, beta)
        children.append(child)
        if score[child] < best:
            best_i, best = i, score[child]
        if best <= alpha if ge else best < alpha:
            break  # the maximiser above already has something no worse for it
        if best < beta:
            beta = best
    return children, best_i, best


def _check_alphabeta(trace: Trace, pid: int, where: str) -> None:
    """Alpha-beta's rules for one row: moves in loop order up to the cut, each child called
    with the running window, the rest pruned, the first best kept."""
    p, game = trace.positions, trace.game
    cutoff = trace.search.get("cutoff", "ge")
    alpha = unbound(p.extras["alpha"][pid], True)
    beta = unbound(p.extras["beta"][pid], False)
    pruned = tuple(p.extras["pruned"][pid])
    if p.terminal[pid]:
        if pruned:
            raise AssertionError(f"{where}: a finished game prunes nothing")
        return
    state = p.state[pid]
    children = p.children(pid)
    moves = list(game.moves(state))
    if [m for m, _ in children] + list(pruned) != moves:
        raise AssertionError(f"{where}: test-plays and pruned moves are not the moves in loop order")
    got = replay(alpha, beta, game.maximising(state), [p.score[c] for _, c in children], cutoff)
    if got.searched != len(children) or (pruned and not got.cut):
        raise AssertionError(f"{where}: the cut is not where the {cutoff} rule puts it")
    for (low, high), (_, child) in zip(got.windows, children, strict=True):
        if (unbound(p.extras["alpha"][child], True), unbound(p.extras["beta"][child], False)) != (low, high):
            raise AssertionError(f"{where}: a child was not called with the running window")
    if p.best[pid] != got.best or p.score[pid] != got.score:
        raise AssertionError(f"{where}: returns {p.score[pid]} via {p.best[pid]}, expected "
                             f"{got.score} via the first best, test-play {got.best}")


#: Moves are stored as 16-bit integers; no game here comes near this.
_MAX_MOVE = 1 << 15


def _bound(value: Any) -> bool:
    return value is None or (type(value) is int and abs(value) <= MAX_SCORE)


def _moves(value: Any) -> bool:
    return isinstance(value, list) and len(value) < _MAX_MOVE and all(
        type(m) is int and 0 <= m < _MAX_MOVE for m in value)


def trace_bounds(trace: Trace) -> list[int]:
    return bounds(trace.positions, trace.search.get("cutoff", "ge"))


def _bound_column(trace: Trace) -> list[str | None]:
    return [BOUND_SIGNS[kind] or None for kind in trace_bounds(trace)]


KIND = SearchKind(
    name="alphabeta",
    title="alpha-beta",
    run=search,
    check=_check_alphabeta,
    words="tracer.explain.alphabeta:AlphaBetaWords",
    help="prunes test-plays that cannot matter",
    settings={"cutoff": Setting(CUTOFFS, "ge", "Alpha-beta's cut: ge (default) stops once best >= "
                                              "beta (MAX) or <= alpha (MIN); gt only when strictly beyond.")},
    extras={"alpha": _bound, "beta": _bound, "pruned": _moves},
    derived={"bound": _bound_column},
    compare=({"cutoff": "ge"}, {"cutoff": "gt"}),
    order_matters=True,
    game_page="alpha-beta (cut at ≥)",
    recorder=Recorder,
)
