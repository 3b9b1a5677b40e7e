"""The ``--stats`` summary: how big the search was and how much of it was repeated work."""

from __future__ import annotations

from typing import Any

from ..trace import Trace
from . import variants
from .text import returned, signed


def render_stats(trace: Trace, baseline: int | None = None) -> str:
    """A short table of counts over the whole trace, ending with the result.

    ``baseline`` is the guide's minimax's call count on the same game, for a
    variant's ratio (the CLI runs it; a renderer never searches).
    """
    stats = trace.stats()
    game = trace.game
    # A game may word its own opening and outcome rows (a textbook tree has no board and no winner).
    head = getattr(game, "stats_head", None)
    rows = [head() if head else _board_row(trace), ("calls", f"{stats.calls:,}")]
    for depth, count in enumerate(stats.calls_per_depth):
        rows.append((f"  at depth {depth}" if depth else "  at depth 0 (root)", f"{count:,}"))
    outcomes = getattr(game, "stats_outcomes", None)
    rows += [
        ("terminal calls", f"{stats.terminal_calls:,}"),
        *(outcomes(stats.terminal) if outcomes else _outcome_rows(trace, stats.terminal)),
    ]
    search = variants.describe_search(trace)
    if search:  # a variant: its own counts instead of the guide's repeated work
        rows[1:1] = [("search", search.strip().replace("\n", " ").removeprefix("Search: "))]
        rows += variants.stats_rows(trace, baseline)
    if trace.search.algorithm == "minimax":
        rows += repeated_work(trace, stats)
    rows += root_rows(trace)
    width = max(len(name) for name, _ in rows)
    return "".join(f"{name:<{width}}  {value}\n" for name, value in rows)


def repeated_work(trace: Trace, stats: Any) -> list[tuple[str, str]]:
    """The guide's minimax: how often positions were searched again."""
    game = trace.game
    top = stats.most_repeated_state
    share = stats.repeated_calls / stats.calls if stats.calls else 0.0
    return [
        ("distinct positions", f"{stats.positions:,} ({getattr(game, 'position_words', 'board + mark to move')})"),
        (
            "most repeated",
            f"{game.describe(top)}, {game.player(top)} to move: searched {stats.most_repeated_count:,} times "
            f"({stats.most_repeated_count - 1:,} times again)"
            if stats.most_repeated_count > 1
            else "none: every position was searched once",
        ),
        (
            "repeated work",
            f"{stats.repeated_calls:,} calls ({share:.1%}) searched a position already met; "
            f"memoisation would make {stats.positions:,} calls",
        ),
    ]


def root_rows(trace: Trace) -> list[tuple[str, str]]:
    """The first call's test-plays and the result."""
    root, game = trace.root, trace.game
    rows = []
    said = getattr(game, "returned", returned)
    if root.terminal is None:
        name = getattr(game, "label", str)  # a tree names its children by label, a board by cell
        plays = ", ".join(f"{name(p.index)} → {signed(p.score)}" for p in root.test_plays)
        rows.append(("root test-plays", plays))
        rows.append((
            "result",
            f"{said(root.best, root.score)}: {root.player} plays {game.move_name(root.best or 0)}",
        ))
    else:
        rows.append(("result", f"{said(None, root.score)}: the game is already over"))
    return rows


def _board_row(trace: Trace) -> tuple[str, str]:
    return ("board", f"{trace.board.compact()}, {trace.to_move} to move, {trace.ai} is the AI")


def _outcome_rows(trace: Trace, t: dict[str, int]) -> list[tuple[str, str]]:
    ai, human = trace.ai, trace.human
    return [
        (f"  {ai} wins (AI)", f"{t[ai]:,}"),
        (f"  {human} wins (human)", f"{t[human]:,}"),
        ("  draws", f"{t['draw']:,}"),
    ]
