"""Predict, then reveal: questions about a recorded trace, with their answers read from it.

Every question names one call, offers its choices, says which one the trace
recorded and why, in the log's own words (``log.step_lines``). The page's quiz
mode and ``trace quiz`` only ask these questions and compare answers with the
recorded one: nothing here or there searches again.

Every search is asked ``value`` (what a call returns) and ``pick`` (which test-play step 16
picks); a search's words plug-in adds its own kinds (alpha-beta's window, memo's ``seen``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterator
from typing import Any

from ..explain import for_trace, word_classes
from ..explain.base import who
from ..explain.questions import Choice, Question, bounded_choice, choice_window, score_choice
from ..explain.text import bounded
from ..trace import Call, Trace
from .log import step_lines

#: The kinds of question every search shares, and what the page's score line calls them.
SHARED_KINDS = ("value", "pick")
SHARED_TITLES = {"value": "values returned", "pick": "test-plays picked"}
#: Most questions a page carries; deeper calls are left out of its quiz.
PAGE_LIMIT = 600

__all__ = ["Choice", "Question", "build_settings", "first_call_questions", "kind_titles", "kinds",
           "page_data", "page_depth", "questions"]


def kinds() -> list[str]:
    """Every kind of question, in the order they are asked at one moment: the searches'
    (registry order) asked as a call begins, the shared ones, then those asked after a
    test-play returns."""
    classes = word_classes()
    return ([k for c in classes for k in c.entry_kinds] + list(SHARED_KINDS)
            + [k for c in classes for k in c.after_kinds])


def kind_titles() -> dict[str, str]:
    """What the page's score line and ``trace quiz`` call each kind."""
    titles = dict(SHARED_TITLES)
    for c in word_classes():
        titles.update(c.kind_titles)
    return titles


def _sentence(step: str, text: str) -> str:
    return f"Step {step}: {text}."


def value_question(trace: Trace, call: Call, scores: tuple[Choice, ...], places: dict[str, int]) -> Question:
    """What ``call`` returns; asked just before its step 16 (or, alone, as it begins).
    ``scores`` are every score's choice, ``places`` each one's index by its label."""
    words, search = for_trace(trace)
    n = call.call
    ask, reveal = ("begin", n, 0), ("end", n, 0)
    why = search.value_explanation(call)  # a call answered without test-playing (a cache hit)
    if why is None and call.terminal_code:
        why = _sentence("9", step_lines(trace, call)["9"])
    elif why is None:
        lines = step_lines(trace, call)
        why = _sentence("16", lines["16"] + "; step 17: " + lines["17"])
        ask, reveal = ("end", n, -2), ("end", n, -1)
    # A call a cut left with only a bound returns that bound: ``≤ +2`` is the answer.
    answer = places[bounded(call.score, search.bound_sign(call.pid))]
    offered = choice_window(len(scores), answer, n)
    return Question(
        kind="value", call=n, depth=call.depth,
        prompt=words.phrases().say("quiz.value", who=who(words, call)),
        choices=scores[offered.start:offered.stop], answer=answer - offered.start,
        explanation=why,
        ask=ask, reveal=reveal, ask_alone=("begin", n, 0), reveal_alone=("end", n, 0),
    )


def pick_question(trace: Trace, call: Call) -> Question:
    """Which test-play ``call``'s step 16 picks; asked with its value question."""
    words = for_trace(trace)[0]
    moves = [child.move for child in call.children()]
    shorts = [(words.move_short(m), m) for m in moves if m is not None]
    choices = tuple(Choice(short, tuple(sorted({short.lower(), str(m)}))) for short, m in shorts)
    how = "max" if call.maximising else "min"
    return Question(
        kind="pick", call=call.call, depth=call.depth,
        prompt=words.phrases().say("quiz.pick", call=call.call, player=words.player(call.state),
                                   how=words.phrases().say(f"quiz.how.{how}")),
        choices=choices, answer=moves.index(call.best),
        explanation=_sentence("16", step_lines(trace, call)["16"]),
        ask=("end", call.call, -2), reveal=("end", call.call, -1),
    )


#: Where a bound sits among the scores: ``≤ 2`` just below 2, ``≥ 2`` just above.
BOUND_ORDER = {"≤": 0, "": 1, "≥": 2}


def score_choices(trace: Trace) -> tuple[Choice, ...]:
    """Every score the game gives a finished game or some call returns, and every bound a
    call returns (alpha-beta's ``≤ 2``), lowest first."""
    words, search = for_trace(trace)
    found = {(s, "") for s in set(trace.positions.score) | words.fixed_scores()}
    signs = search.bound_signs() or []
    found |= {(trace.positions.score[pid], sign) for pid, sign in enumerate(signs) if sign}
    return tuple(bounded_choice(s, sign) if sign else score_choice(s)
                 for s, sign in sorted(found, key=lambda f: (f[0], BOUND_ORDER[f[1]])))


def _calls(trace: Trace, depth: int | None) -> Iterator[Call]:
    stack = [trace.root]
    while stack:
        call = stack.pop()
        yield call
        if depth is None or call.depth < depth:
            stack.extend(reversed(call.children()))


def questions(trace: Trace, depth: int | None = None) -> list[Question]:
    """Every question about the calls down to ``depth`` (all calls if None), in call order."""
    scores = score_choices(trace)
    places = {choice.label: i for i, choice in enumerate(scores)}
    search = for_trace(trace)[1]
    found: list[Question] = []
    for call in _calls(trace, depth):
        found += search.entry_questions(call)
        found.append(value_question(trace, call, scores, places))
        if call.children() and (depth is None or call.depth < depth):
            if len(call.children()) > 1:  # one test-play leaves nothing to pick
                found.append(pick_question(trace, call))
            found += search.after_questions(call)
    return found


def first_call_questions(trace: Trace) -> list[Question]:
    """What ``trace quiz`` asks: each test-play of the first call, the pick (as ``questions(trace,
    depth=1)`` asks them), then what the search adds (alpha-beta: which test-plays are pruned)."""
    found = questions(trace, depth=1)
    asked = [q for q in found if q.kind == "value" and q.depth == 1]
    asked += [q for q in found if q.kind == "pick"]
    return asked + for_trace(trace)[1].terminal_questions()


def page_depth(trace: Trace, limit: int = PAGE_LIMIT) -> int:
    """The deepest level whose calls (and so questions, about two a call) fit in ``limit``; the
    first call's test-plays always, unless they alone pass it (a textbook tree's root with
    hundreds of children, never a board's cells: quizbuild.js keeps them always)."""
    per_depth = trace.calls_by_depth(0)
    total, depth = 0, 0
    for d, n in enumerate(per_depth):
        total += 2 * n
        if total > limit and d > 0:
            break
        depth = d
    return depth


def page_data(trace: Trace) -> dict[str, Any]:
    """The quiz as the page carries it: the questions down to ``page_depth``."""
    depth = page_depth(trace)
    deepest = len(trace.calls_by_depth(0)) - 1
    items = [_as_data(q) for q in questions(trace, depth)]
    key = hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()[:16]
    return {"key": key, "depth": depth, "complete": depth >= deepest, **_kinds_data(), "questions": items}


def build_settings() -> dict[str, Any]:
    """What a page whose questions are built in the browser (``quizbuild.js``) is told:
    the limit of ``page_depth`` and the names of the kinds. The game page uses it: its
    decisions are too many to carry their questions written out."""
    return {"limit": PAGE_LIMIT, **_kinds_data()}


def _kinds_data() -> dict[str, Any]:
    titles = kind_titles()
    return {"titles": {k: titles[k] for k in kinds()}, "kinds": kinds()}


def _as_data(q: Question) -> dict[str, Any]:
    # Field by field (a deep copy would take minutes for a tree's thousands of questions);
    # the page asks no question answered by a set of moves ("many").
    data = {f.name: getattr(q, f.name) for f in dataclasses.fields(q) if f.name != "many"}
    data["choices"] = [{"label": c.label, "accepts": list(c.accepts)} for c in q.choices]
    return data
