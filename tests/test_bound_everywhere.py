"""Wherever a call's value is only a bound, the log, the captions, the page and the figures say a
bound (issue 34), on every game: the guide's board, textbook trees (AIMA figure 5.2 among them)
and Nim, under alpha-beta with both cutoffs.

Which values are bounds is recomputed here without the search's words, two ways:

* from the tree the trace holds and the game's rules: a leaf is its value; a move the search did
  not make could be worth anything; a MAX call's true value lies between the largest lower and
  the largest upper end of its children's, a MIN call's likewise with the smallest. A call whose
  range is one point has an exact value; otherwise its score is the one end the range has;
* from the window the trace records for the call: a fail-soft alpha-beta value strictly inside
  its window is exact, so a bound can only lie at or beyond an edge of it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import pytest
from page_notes import CHOOSE
from page_steps import PageSteps

from tracer import examples
from tracer.cli import build_game
from tracer.explain import for_trace
from tracer.explain.text import INDENT, bounded, signed
from tracer.renderers import figures as figure_series
from tracer.renderers.log import render_log
from tracer.search import SearchSpec
from tracer.trace import Call, Trace

CASES = [("near-endgame", "ge"), ("near-endgame", "gt"), ("forced-win", "ge"), ("aima-5.2", "ge"),
         ("aima-5.2", "gt"), ("cutoffs-differ", "ge"), ("cutoffs-differ", "gt"), ("uneven-depth", "ge"),
         ("nim", "ge"), ("nim", "gt")]


def run(name: str, cutoff: str) -> Trace:
    game = build_game(examples.read(name).encode(), f"example:{name}")
    return SearchSpec("alphabeta", cutoff).run(game)


TRACES = [(f"{name}/{cutoff}", run(name, cutoff)) for name, cutoff in CASES]


def every_call(trace: Trace) -> Iterator[Call]:
    stack = [trace.root]
    while stack:
        call = stack.pop()
        yield call
        stack.extend(reversed(call.children()))


def true_ranges(trace: Trace) -> dict[int, tuple[float, float]]:
    """Per call number: the range the minimax value must lie in, from what was searched."""
    ranges: dict[int, tuple[float, float]] = {}

    def walk(call: Call) -> tuple[float, float]:
        children = call.children()
        if call.terminal is not None or not children:
            found: tuple[float, float] = (call.score, call.score)
        else:
            ends = [walk(child) for child in children]
            unsearched = len(trace.game.moves(call.state)) - len(children)
            ends += [(-math.inf, math.inf)] * unsearched
            pick = max if call.maximising else min
            found = (pick(lo for lo, _ in ends), pick(hi for _, hi in ends))
        ranges[call.call] = found
        return found

    walk(trace.root)
    return ranges


def checked_sign(trace: Trace, call: Call, low: float, high: float) -> str:
    """The bound sign the search gives ``call``, held to the recomputed range ``[low, high]``:
    a value the searched tree leaves open must be called a bound from the side the score lies
    on, and every sign must be true (the range may pin a value the search still calls a bound,
    as a value at the window's edge above a cut: loose, but not false)."""
    sign = for_trace(trace)[1].bound_sign(call.pid)
    where = f"call #{call.call} ({call.score}, searched range [{low}, {high}], said {sign!r})"
    assert low <= call.score <= high, where
    if low < high:
        assert sign == ("≤" if call.score == high else "≥"), where
    if sign == "":
        assert low == high, where
    elif sign == "≤":
        assert high <= call.score, where
    else:
        assert low >= call.score, where
    return sign


def truth(trace: Trace) -> dict[int, tuple[str, Call]]:
    """Per call number: its bound sign, checked against the recomputation, and the call."""
    ranges = true_ranges(trace)
    return {c.call: (checked_sign(trace, c, *ranges[c.call]), c) for c in every_call(trace)}


def test_the_cases_hold_bounds_of_both_kinds_in_every_game():
    signs: dict[str, set[str]] = {}
    for name, trace in TRACES:
        signs.setdefault(name.split("/")[0], set()).update(s for s, _ in truth(trace).values())
    assert all("≤" in found or "≥" in found for found in signs.values()), signs
    assert set().union(*signs.values()) == {"", "≤", "≥"}


@pytest.mark.parametrize(("name", "trace"), TRACES, ids=[n for n, _ in TRACES])
def test_the_search_calls_a_value_a_bound_exactly_where_it_is_one(name: str, trace: Trace) -> None:
    extras = trace.positions.extras
    for number, (sign, call) in truth(trace).items():
        alpha, beta = extras["alpha"][call.pid], extras["beta"][call.pid]
        low = -math.inf if alpha is None else alpha
        high = math.inf if beta is None else beta
        if low < call.score < high:  # inside its window: fail-soft alpha-beta returns the value
            assert sign == "", f"{name} #{number}: {call.score} inside ({low}, {high}) yet a bound"
        if sign == "≤":
            assert call.score <= low, f"{name} #{number}"
        if sign == "≥":
            assert call.score >= high, f"{name} #{number}"


def step16_lines(trace: Trace) -> dict[int, str]:
    """The log's step 16 line of each call that test-played."""
    lines: dict[int, str] = {}
    opened = {0: 1}
    header = re.compile(r"^( *)#(\d+) step")
    for line in render_log(trace).splitlines():
        found = header.match(line)
        if found:
            opened[len(found.group(1)) // len(INDENT)] = int(found.group(2))
            continue
        stripped = line.lstrip(" ")
        if stripped.startswith("step 16"):
            lines[opened[(len(line) - len(stripped)) // len(INDENT) - 1]] = stripped
    return lines


@pytest.mark.parametrize(("name", "trace"), TRACES, ids=[n for n, _ in TRACES])
def test_the_log_writes_each_pick_and_each_review_as_a_bound_where_it_is_one(name: str, trace: Trace) -> None:
    said = truth(trace)
    picks = step16_lines(trace)
    assert picks, name
    for number, line in picks.items():
        sign, call = said[number]
        if sign:
            assert f"= {bounded(call.score, sign)} (only a bound):" in line, f"{name} #{number}: {line}"
        else:
            assert f"= {signed(call.score)}:" in line and "bound" not in line, f"{name} #{number}: {line}"
    log = render_log(trace)
    for index, call in enumerate(trace.root.children()[:3]):
        review = re.search(rf"step {19 + 2 * index} +figure {6 + index}: .*", log)
        assert review is not None, f"{name}: no review of test-play {index + 1}"
        assert_worded(said[call.call][0], call, review.group(0), f"{name} review {index + 1}")


def assert_worded(sign: str, call: Call, text: str, where: str) -> None:
    """A bound is told as a bound ("at most 4 (only a bound)") and never as what best play gives."""
    if sign and call.terminal is None:
        side = "at most" if sign == "≤" else "at least"
        assert re.search(rf"{side} [+]?{call.score} \(only a bound\)", text), f"{where}: {text}"
        assert "takes the" not in text and "predicts" not in text, f"{where}: {text}"
    else:
        assert "only a bound" not in text, f"{where}: {text}"


@pytest.mark.parametrize(("name", "trace"), TRACES, ids=[n for n, _ in TRACES])
def test_the_captions_and_figures_word_a_bound_as_a_bound(name: str, trace: Trace) -> None:
    said = truth(trace)
    plays = trace.root.children()
    for number, call in enumerate(plays, start=1):
        caption = figure_series.test_play_caption(trace, number)
        assert_worded(said[call.call][0], call, caption, f"{name} caption {number}")
    series = {figure.name: figure for figure in figure_series.figures(trace)}
    for number, call in enumerate(plays, start=1):
        figure = series[f"test-play-{number}"]
        assert_worded(said[call.call][0], call, figure.caption, f"{name} figure {number}")


@pytest.mark.parametrize(("name", "trace"), TRACES, ids=[n for n, _ in TRACES])
def test_the_page_tells_each_pick_as_the_stack_does(name: str, trace: Trace) -> None:
    """Step 16 on the page: a cut stopped the loop where moves went unsearched (as the stack
    says), never "the loop is over"; a bound picked is written with its sign."""
    said = truth(trace)
    steps = PageSteps(trace)
    chosen = 0
    for n in range(1, len(steps) + 1):
        step = steps.step(n)
        if step.kind != CHOOSE:  # step 16
            continue
        chosen += 1
        sign, call = said[step.top.call]
        story = steps.narration(n)
        pruned = len(trace.game.moves(call.state)) > len(call.children())
        assert ("A cut stopped the loop" in story) == pruned, f"{name} #{call.call}: {story}"
        assert ("The loop is over" in story) != pruned, f"{name} #{call.call}: {story}"
        if sign:
            assert f"{sign} " in story, f"{name} #{call.call}: {story}"
    assert chosen == sum(1 for _, c in said.values() if c.children()), name
