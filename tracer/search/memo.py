"""Memoisation: the guide's minimax with a cache of the positions it has already scored.

A later call on a position (state and depth) returns the saved ``{index, score}`` without
test-playing (a *cache hit*; docs/searches.md). Each row records ``cache_hit`` and, for a hit,
``cached_from``: the call that computed it. All the hits on one position share a row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..trace import Positions, SearchInfo, Trace
from .base import SearchKind, record_each_position
from .minimax import check_minimax

if TYPE_CHECKING:
    from ..games.base import Rules as Game


def search(game: Game) -> Trace:
    rows = Positions.filling()
    hits: list[bool] = []
    sources: list[int | None] = []
    rows.extras.update(cache_hit=hits, cached_from=sources)
    hit_rows: dict[int, int] = {}  # computed row -> the row of its cache hits
    first_call: dict[int, int] = {}  # computed row -> the call number that computed it
    calls = 0  # calls started so far, hits included

    def begin(pid: int, state: int, finished: tuple[int, int] | None) -> None:
        nonlocal calls
        calls += 1
        first_call[pid] = calls
        hits.append(False)
        sources.append(None)

    def hit(known: int) -> int:
        nonlocal calls
        calls += 1
        pid = hit_rows.get(known)
        if pid is None:
            # A hit on a finished game keeps its terminal code: the shared checks expect it.
            pid = hit_rows[known] = rows.add(rows.state[known], rows.depth[known], rows.terminal[known],
                                             rows.score[known])
            hits.append(True)
            sources.append(first_call[known])
        return pid

    record_each_position(game, rows, begin=begin, reuse=hit)
    return Trace(game, rows.pack(), SearchInfo("memo"))


def _check_memo(trace: Trace, pid: int, where: str) -> None:
    """Memo's rules for one row: a hit makes no call and names the earlier call that computed its
    position, with its score; a computed row is the guide's minimax."""
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


KIND = SearchKind(
    name="memo",
    title="memoised minimax",
    run=search,
    check=_check_memo,
    words="tracer.explain.memo:MemoWords",
    help="answers repeated positions from a cache",
    extras={"cache_hit": lambda value: value is True or value is False,
            "cached_from": lambda value: value is None or (type(value) is int and value >= 1)},
)
