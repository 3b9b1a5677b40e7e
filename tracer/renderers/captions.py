"""The words under a state in a picture: its score line, step 16 spelled out, and why it picked."""

from __future__ import annotations

from ..explain import for_trace
from ..explain.shapes import pick_footer  # noqa: F401 - re-exported
from ..explain.text import bounded, signed
from ..style import OUTCOME_SYMBOL
from ..trace import Call, Trace


def outcome(trace: Trace, call: Call) -> str | None:
    """A terminal call's outcome for the maximiser (``'win'``, ``'loss'``, ``'draw'``,
    ``'leaf'``), None if not terminal."""
    code = call.terminal_code
    return for_trace(trace)[0].outcome_kind(code) if code else None


def value_outcome(trace: Trace, score: int) -> str:
    """What a returned score predicts for the maximiser: ``'win'``, ``'loss'``, ``'draw'``, ``'value'``."""
    return for_trace(trace)[0].value_kind(score)


def score_text(trace: Trace, call: Call) -> str:
    """What ``call`` returned, as a picture writes it: ``-1``, or ``≤ +1`` when it is only a bound."""
    return bounded(call.score, for_trace(trace)[1].bound_sign(call.pid))


def call_footer(trace: Trace, call: Call) -> str:
    """The score line under a state: how the call got its score."""
    if call.terminal_code:
        words = for_trace(trace)[0]
        symbol = OUTCOME_SYMBOL.get(words.outcome_kind(call.terminal_code), "■")
        return f"{symbol} {words.terminal_label(call.terminal_code)}: {signed(call.score)}"
    sign = for_trace(trace)[1].bound_sign(call.pid)
    return f"{'max' if call.maximising else 'min'} {sign or '='} {signed(call.score)}"


def pick_reason(trace: Trace, call: Call) -> str:
    """Why step 16 picked the test-play it did: ``O picks cell 4, the first lowest``."""
    words, search = for_trace(trace)
    stopped = search.stopped(call)
    if stopped:  # the search stopped this loop early
        return stopped
    player = words.player(call.state)
    scores = [r.score for r in call.test_plays]
    if len(scores) == 1:
        return f"{player}'s only test-play: {words.move_short(call.best or 0)}"
    word = "highest" if call.maximising else "lowest"
    if scores.count(call.score) > 1:
        word = f"first {word}"
    return f"{player} picks {words.move_short(call.best or 0)}, the {word}"
