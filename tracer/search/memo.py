"""Memoisation: the guide's minimax with a cache of the positions it has already scored.

The guide's minimax searches the same position again every time a different
order of moves reaches it (from the empty board, 549,946 calls visit only
5,478 positions). With a cache, the first call on a position computes it as the
guide does, and every later call on it returns the saved ``{index, score}`` at
once, without test-playing: a *cache hit*. The calls made and the answers are
otherwise the guide's, so the chosen move and score never change.

The cache is keyed by the state and its depth (in tic-tac-toe the depth follows
from the state; a game where it does not would still be scored correctly by
depth-aware schemes). Each row records ``cache_hit`` and, for a hit,
``cached_from``: the call number of the call that computed the position.
Rows are keyed by (state, hit), so all the hits on one position share a row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..trace import Positions, SearchInfo, Trace
from .base import SearchKind
from .minimax import check_minimax

if TYPE_CHECKING:
    from typing import Any

    from ..games.base import Rules as Game


def search(game: Game) -> Trace:
    """Record every call the memoised minimax makes on ``game`` from its root."""
    rows = Positions.filling()
    hits: list[bool] = []
    sources: list[int | None] = []
    rows.extras.update(cache_hit=hits, cached_from=sources)
    computed: dict[int, int] = {}  # state << 16 | depth -> the computed row
    hit_rows: dict[int, int] = {}  # computed row -> the row of its cache hits
    first_call: dict[int, int] = {}  # computed row -> the call number that computed it
    moves_of, play, outcome, maximising = game.moves, game.play, game.outcome, game.maximising
    states, depths, terminals, score = rows.state, rows.depth, rows.terminal, rows.score
    sizes, best, first_edge, edge_count = rows.sizes, rows.best, rows.first_edge, rows.edge_count
    edge_move, edge_child = rows.edge_move, rows.edge_child
    known_row, hit_row = computed.get, hit_rows.get
    calls = 1  # the first call

    def add(state: int, depth: int, terminal: int, value: int, hit: bool, source: int | None) -> int:
        """A new row (``Positions.add``, with memo's two columns); its edges come later."""
        states.append(state)
        depths.append(depth)
        terminals.append(terminal)
        score.append(value)
        best.append(-1)
        first_edge.append(0)
        edge_count.append(0)
        sizes.append(1)
        hits.append(hit)
        sources.append(source)
        return len(states) - 1

    def first_hit(known: int) -> int:
        """The row of the cache hits on computed row ``known``, made on its first hit."""
        # A hit on a finished game keeps its terminal code: the shared checks expect it.
        pid = hit_rows[known] = add(states[known], depths[known], terminals[known], score[known], True,
                                    first_call[known])
        return pid

    def visit(state: int, depth: int) -> int:
        """Compute a position not in the cache; return its row. ``calls`` counts this call."""
        nonlocal calls
        finished = outcome(state, depth)
        pid = computed[state << 16 | depth] = add(state, depth, *(finished or (0, 0)), False, None)
        first_call[pid] = calls
        if finished:
            return pid
        moves = moves_of(state)
        children = []
        below = depth + 1
        for move in moves:
            calls += 1  # the call on the child, a hit or not
            after = play(state, move)
            known = known_row(after << 16 | below)
            # A hit's row is never row 0 (the first call's, computed): 0 or None is no row yet.
            children.append(visit(after, below) if known is None else hit_row(known) or first_hit(known))
        # The first test-play with the strictly best score, as the guide keeps it.
        scores = [score[child] for child in children]
        best_score = max(scores) if maximising(state) else min(scores)
        score[pid] = best_score
        best[pid] = scores.index(best_score)
        sizes[pid] = 1 + sum([sizes[child] for child in children])
        first_edge[pid] = len(edge_move)
        edge_count[pid] = len(moves)
        edge_move.extend(moves)
        edge_child.extend(children)
        return pid

    visit(game.root, 0)
    return Trace(game, rows.pack(), SearchInfo("memo"))


def _check_memo(trace: Trace, pid: int, where: str) -> None:
    """Memo's rules for one row: a hit makes no call and names the earlier call that
    computed its position, with the same score; a computed row is the guide's minimax."""
    p = trace.positions
    hit, source = p.extras["cache_hit"][pid], p.extras["cached_from"][pid]
    if not hit:
        if source is not None:
            raise AssertionError(f"{where}: a computed position names no earlier call")
        check_minimax(trace, pid, where)
        return
    if p.edge_count[pid]:
        raise AssertionError(f"{where}: a cache hit makes no call")
    if type(source) is not int or not 1 <= source <= trace.calls:
        raise AssertionError(f"{where}: a cache hit must name the call that computed it")
    origin = trace.call(source)
    if origin.state != p.state[pid] or origin.extra("cache_hit") or origin.score != p.score[pid]:
        raise AssertionError(f"{where}: call {source} did not compute this position's score")


def _flag(value: Any) -> bool:
    return value is True or value is False


def _call_number(value: Any) -> bool:
    """The call a cache hit names, or null."""
    return value is None or (type(value) is int and value >= 1)


KIND = SearchKind(
    name="memo",
    title="memoised minimax",
    run=search,
    check=_check_memo,
    words="tracer.explain.memo:MemoWords",
    help="answers repeated positions from a cache",
    extras={"cache_hit": _flag, "cached_from": _call_number},
)
