"""The ``--stats`` summary: how big the search was, what the search did, and the result."""

from __future__ import annotations

from ..explain import for_trace, search_words
from ..explain.text import signed
from ..search import baseline as baseline_kind
from ..trace import Trace


def search_lines(trace: Trace) -> list[str]:
    """What a log's header and the summary say of the search and the game's settings
    (nothing for the guide's minimax on the guide's settings)."""
    game_words, search_words = for_trace(trace)
    return search_words.describe_lines() + game_words.setting_lines()


def render_stats(trace: Trace, baseline: int | None = None) -> str:
    """A short table of counts over the whole trace, ending with the result; ``baseline`` is the
    guide's minimax's call count on the same game (the CLI counts it: a renderer never searches)."""
    stats = trace.stats()
    game_words, words = for_trace(trace)
    rows = [game_words.stats_head(), ("calls", f"{stats.calls:,}")]
    for depth, count in enumerate(stats.calls_per_depth):
        rows.append((f"  at depth {depth}" if depth else "  at depth 0 (root)", f"{count:,}"))
    rows += [("terminal calls", f"{stats.terminal_calls:,}"), *game_words.stats_outcomes(stats.terminal)]
    search = " ".join(search_lines(trace))
    if search:
        rows[1:1] = [("search", search.removeprefix("Search: "))]
    rows += words.stats_rows(trace.multiplicity())
    if baseline:
        rows.append(baseline_row(trace, baseline))
    rows += root_rows(trace)
    width = max(len(name) for name, _ in rows)
    return "".join(f"{name:<{width}}  {value}\n" for name, value in rows)


def baseline_row(trace: Trace, baseline: int) -> tuple[str, str]:
    """How many calls the search made against the baseline's ``baseline`` on the same game."""
    calls, saved = trace.calls, baseline - trace.calls
    name = search_words(trace, baseline_kind().name).name()
    return (f"vs {name}", f"{calls:,} of its {baseline:,} calls ({calls / baseline:.1%}): "
                         f"{saved:,} {'call' if saved == 1 else 'calls'} saved, {baseline / calls:.1f}× fewer")


#: Most root test-plays listed (a 5×5 board's 25 are all listed).
MAX_LISTED = 25


def root_rows(trace: Trace) -> list[tuple[str, str]]:
    """The first call's test-plays and the result."""
    (words, search), root = for_trace(trace), trace.root
    returned = search.returned_text(root.pid) or words.returned(root.best, root.score)
    if root.terminal is not None:
        return [("result", f"{returned}: the game is already over")]
    test_plays = root.test_plays
    plays = ", ".join(f"{words.move_token(p.index or 0)} → {signed(p.score)}" for p in test_plays[:MAX_LISTED])
    if len(test_plays) > MAX_LISTED:  # a wide textbook tree: one line a reader can take in
        plays += f", … and {len(test_plays) - MAX_LISTED:,} more"
    # A learner's first call may return no move that is one of its test-plays.
    chose = (f"plays {words.move_name(root.best)}" if root.best is not None
             else "chose none of its test-plays")
    return [("root test-plays", plays), ("result", f"{returned}: {words.player(root.state)} {chose}")]
