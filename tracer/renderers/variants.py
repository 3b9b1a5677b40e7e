"""What a variant search adds to every output, in words: windows, cuts, cache hits, depth scores.

The log, the tree, the stats and the play command ask this module; for the
guide's minimax with fixed scores every function here answers "nothing to
add", so their output stays the guide's byte for byte. Nothing here searches:
alpha-beta's window updates are replayed from the recorded window on entry and
the children's scores, with the search's own rule (``alphabeta.replay``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..search import search_name
from ..search.alphabeta import replay, unbound
from ..trace import Call, Trace
from .text import signed


def algorithm(trace: Trace) -> str:
    """The trace's algorithm name: ``minimax``, ``alphabeta``, ``memo``."""
    return trace.search.algorithm


def depth_scores(trace: Trace) -> bool:
    """Whether finished games score by depth (``--scores depth``)."""
    return hasattr(getattr(trace.game, "scores", None), "why")


def bound_text(value: Any, low: bool) -> str:
    """A window bound as the log writes it: ``-∞``, ``+∞``, ``+1``, ``0``."""
    if value is None:
        return "-∞" if low else "+∞"
    return signed(int(value))


def window(trace: Trace, pid: int) -> tuple[float, float]:
    """Row ``pid``'s window on entry, with infinities."""
    extras = trace.positions.extras
    return unbound(extras["alpha"][pid], True), unbound(extras["beta"][pid], False)


def window_text(trace: Trace, pid: int) -> str:
    """``α = 0, β = +∞``: the window a call was made with."""
    extras = trace.positions.extras
    return f"α = {bound_text(extras['alpha'][pid], True)}, β = {bound_text(extras['beta'][pid], False)}"


def pruned(trace: Trace, pid: int) -> tuple[int, ...]:
    """The moves row ``pid`` did not test-play because of a cut (alpha-beta only)."""
    column = trace.positions.extras.get("pruned")
    return () if column is None else tuple(column[pid])


def bound_word(trace: Trace, call: Call) -> str:
    """``'≤ '``/``'≥ '`` when an alpha-beta call's score is only a bound, else ``''``.

    A call whose score reached the edge of its window was cut off somewhere
    below, so its score says only on which side of the window the truth lies.
    """
    if algorithm(trace) != "alphabeta" or call.terminal_code or not cut_below(trace)[call.pid]:
        return ""
    alpha, beta = window(trace, call.pid)
    if call.score <= alpha:
        return "≤ "
    if call.score >= beta:
        return "≥ "
    return ""


def cut_below(trace: Trace) -> bytearray:
    """Per row: 1 if the row or any call below it cut (only then can its score be a bound)."""
    found = trace.__dict__.get("_cut_below")
    if found is None:
        p = trace.positions
        found = bytearray(len(p))
        for pid in sorted(range(len(p)), key=lambda r: -p.depth[r]):  # children first
            found[pid] = bool(pruned(trace, pid)) or any(found[c] for _, c in p.children(pid))
        trace.__dict__["_cut_below"] = found
    return found


def moves_text(trace: Trace, moves: Sequence[int]) -> str:
    """``cells 5 and 8``, ``cell 4``: moves as a sentence lists them."""
    short = getattr(trace.game, "move_short", trace.game.move_name)  # not every game has it
    names = [short(m) for m in moves]
    if all(name.startswith("cell ") for name in names) and len(names) > 1:
        cells = [name[5:] for name in names]
        return "cells " + ", ".join(cells[:-1]) + " and " + cells[-1]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def opponent(trace: Trace, pid: int) -> str:
    """The side that moves after row ``pid``'s mover (the one whose window bound applies)."""
    p = trace.positions
    return trace.game.player(trace.game.play(p.state[pid], p.moves(pid)[0]))


def cut_reason(trace: Trace, pid: int) -> str:
    """Why a call stopped test-playing, in words a learner can check.

    ``best +1 ≥ β = 0: O would never let the game reach here, so cells 5 and 8
    are not test-played (pruned)``
    """
    p = trace.positions
    skipped = pruned(trace, pid)
    if not skipped:
        return ""
    alpha, beta = window(trace, pid)
    maximising = trace.game.maximising(p.state[pid])
    scores = [p.score[c] for _, c in p.children(pid)]
    cutoff = trace.search.get("cutoff", "ge")
    steps = replay(alpha, beta, maximising, scores, cutoff)
    low, high = steps.windows[-1]
    best = signed(int(steps.score))
    if maximising:
        test = f"best {best} {'≥' if cutoff == 'ge' else '>'} β = {bound_text(int(high), False)}"
    else:
        test = f"best {best} {'≤' if cutoff == 'ge' else '<'} α = {bound_text(int(low), True)}"
    verb = "is" if len(skipped) == 1 else "are"
    return (
        f"{test}: {opponent(trace, pid)} would never let the game reach here, so "
        f"{moves_text(trace, skipped)} {verb} not test-played (pruned)"
    )


def window_updates(trace: Trace, pid: int) -> list[str]:
    """After each test-play of an alpha-beta row: the α or β update it caused ('' if none)."""
    p = trace.positions
    alpha, beta = window(trace, pid)
    maximising = trace.game.maximising(p.state[pid])
    scores = [p.score[c] for _, c in p.children(pid)]
    steps = replay(alpha, beta, maximising, scores, trace.search.get("cutoff", "ge"))
    after = [*steps.windows[1:], None]
    lines = []
    for i, (before, later) in enumerate(zip(steps.windows, after, strict=True)):
        if later is None or later == before:
            lines.append("")
        elif maximising:
            lines.append(f"α = {bound_text(_int(before[0]), True)} → {signed(int(later[0]))}: "
                         f"{trace.game.player(p.state[pid])} can get at least {signed(int(later[0]))} "
                         f"(best so far, after test-play {i + 1})")
        else:
            lines.append(f"β = {bound_text(_int(before[1]), False)} → {signed(int(later[1]))}: "
                         f"{trace.game.player(p.state[pid])} can hold it to at most "
                         f"{signed(int(later[1]))} (best so far, after test-play {i + 1})")
    return lines


def _int(value: float) -> int | None:
    return None if value in (float("inf"), float("-inf")) else int(value)


def cache_source(trace: Trace, pid: int) -> int | None:
    """For a memo cache hit: the call that computed the position; else None."""
    column = trace.positions.extras.get("cached_from")
    return None if column is None else column[pid]


def per_depth(trace: Trace, counts: list[int], what: str) -> list[int]:
    """Per depth: how many test-plays were pruned (``what='pruned'``) or calls were
    cache hits (``'hits'``), over every call of the trace."""
    p = trace.positions
    totals: list[int] = []
    for pid, n in enumerate(counts):
        if what == "pruned":
            k, depth = len(pruned(trace, pid)), p.depth[pid] + 1
        else:
            k, depth = (1 if cache_source(trace, pid) is not None else 0), p.depth[pid]
        if k:
            totals.extend([0] * (depth + 1 - len(totals)))
            totals[depth] += k * n
    return totals


def search_summary(trace: Trace, counts: list[int] | None = None) -> str:
    """What the variant did in one phrase: ``alpha-beta (cutoff ge): 1 test-play pruned``."""
    name = algorithm(trace)
    if name == "minimax":
        return ""
    counts = trace.multiplicity() if counts is None else counts
    title = search_name(name, trace.search.get("cutoff"))
    if name == "alphabeta":
        n = sum(per_depth(trace, counts, "pruned"))
        return f"{title}: {n:,} test-play{'' if n == 1 else 's'} pruned"
    n = sum(per_depth(trace, counts, "hits"))
    return f"{title}: {n:,} cache hit{'' if n == 1 else 's'}"


def describe_search(trace: Trace) -> str:
    """The log's line naming the search and its settings ('' for the guide's minimax)."""
    parts = []
    name = algorithm(trace)
    if name == "alphabeta":
        cutoff = trace.search.get("cutoff", "ge")
        rule = ("a MAX call stops once its best ≥ β, a MIN call once its best ≤ α" if cutoff == "ge"
                else "a MAX call stops only once its best > β, a MIN call once its best < α")
        parts.append(f"Search: alpha-beta, cutoff {cutoff} ({rule}); the first call's window is "
                     "α = -∞, β = +∞, passed down.")
    elif name == "memo":
        parts.append("Search: memoised minimax: a position met again is answered from the cache, "
                     "naming the call that computed it.")
    order = getattr(trace.game, "order", None)
    if order is not None and tuple(order) != tuple(range(9)):
        from ..games.tictactoe.game import order_name

        parts.append(f"Loop order: {order_name(order)}.")
    if depth_scores(trace):
        parts.append("Depth-aware scores: a win scores 10 - depth, a loss depth - 10 "
                     "(depth = moves from the first call), so a quicker win is worth more.")
    return "".join(f"{line}\n" for line in parts) + ("\n" if parts else "")


def terminal_why(trace: Trace, pid: int) -> str:
    """Depth-aware scores: why a finished game scores what it does ('' otherwise)."""
    if not depth_scores(trace):
        return ""
    p, game = trace.positions, trace.game
    kind = game.outcome_kind(p.terminal[pid])
    outcome = {"win": "ai_win", "loss": "human_win", "draw": "draw"}[kind]
    return game.scores.why(outcome, int(p.depth[pid]))  # type: ignore[attr-defined]


def stats_rows(trace: Trace, baseline: int | None) -> list[tuple[str, str]]:
    """``--stats`` rows for a variant: what it skipped, per depth, and the ratio to the guide's."""
    counts = trace.multiplicity()
    name = algorithm(trace)
    rows: list[tuple[str, str]] = []
    if name in ("alphabeta", "memo"):
        what, label = ("pruned", "pruned test-plays") if name == "alphabeta" else ("hits", "cache hits")
        per = per_depth(trace, counts, what)
        rows.append((label, f"{sum(per):,}"))
        rows += [(f"  at depth {d}", f"{n:,}") for d, n in enumerate(per) if n]
    if name == "memo":
        computed = sum(n for pid, n in enumerate(counts) if cache_source(trace, pid) is None)
        rows.append(("computed positions", f"{computed:,} (each searched once)"))
    if baseline:
        calls = trace.calls
        saved = baseline - calls
        rows.append(("vs the guide's minimax",
                     f"{calls:,} of its {baseline:,} calls ({calls / baseline:.1%}): "
                     f"{saved:,} calls saved, {baseline / calls:.1f}× fewer"))
    return rows
