"""Predict, then reveal: questions about a recorded trace, with their answers read from it.

Every question names one call, offers its choices, says which one the trace
recorded and why, in the log's own words (``log.step_lines``). The page's quiz
mode and ``trace quiz`` only ask these questions and compare answers with the
recorded one: nothing here or there searches again.

Kinds of question (``KINDS``): ``value``, what a call returns (asked before the
return is shown); ``pick``, which test-play step 16 picks; for alpha-beta,
``alpha`` and ``beta``, the window a call is entered with, and ``next``, whether
the test-play after a returned one is searched or pruned; for memo, ``seen``,
whether the position was met before (answered from the cache).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from ..trace import Call, Trace
from . import variants
from .log import step_lines
from .text import signed

#: The kinds of question, in the order they are asked at one moment.
KINDS = ("alpha", "beta", "seen", "value", "pick", "next")
#: A kind only ``trace quiz`` asks (the page asks ``next`` instead).
TERMINAL_KINDS = ("value", "pick", "pruned")
#: What the page calls each kind in its score line.
KIND_TITLES = {
    "value": "values returned",
    "pick": "test-plays picked",
    "alpha": "α on entry",
    "beta": "β on entry",
    "next": "searched or pruned",
    "seen": "seen before",
    "pruned": "pruned test-plays",
}
#: Most questions a page carries; deeper calls are left out of its quiz.
PAGE_LIMIT = 600

# Where the page stands when it asks or reveals: (anchor, call, offset), the anchor
# being the step at which the call begins or its last step (its return).
Moment = tuple[str, int, int]


@dataclass(frozen=True)
class Choice:
    """One answer a learner can give."""

    #: How the answer is shown (``+1``, ``cell 4``, ``pruned``).
    label: str
    #: Every spelling typed for it that counts as this answer, lowercased.
    accepts: tuple[str, ...]


@dataclass(frozen=True)
class Question:
    """One question about one call, with the answer the trace recorded."""

    #: One of ``KINDS``.
    kind: str
    #: The call it is about (for ``next``: the call running the loop).
    call: int
    #: That call's depth: the page's difficulty keeps the questions down to a depth.
    depth: int
    #: The question in words.
    prompt: str
    #: The answers offered, in a fixed order.
    choices: tuple[Choice, ...]
    #: Index in ``choices`` of the recorded answer.
    answer: int
    #: Why that is the answer: one sentence in the log's words.
    explanation: str
    #: When the page asks, and the step it shows once answered.
    ask: Moment
    reveal: Moment
    #: For ``value``: when to ask and reveal instead if the call's own test-plays are
    #: not in the quiz (the learner predicts from the board, before any test-play).
    ask_alone: Moment | None = None
    reveal_alone: Moment | None = None

    @property
    def right(self) -> Choice:
        """The recorded answer."""
        return self.choices[self.answer]

    def accepts(self, typed: str) -> int | None:
        """The index of the choice ``typed`` names, None if it names none."""
        text = " ".join(typed.strip().lower().split())
        for i, choice in enumerate(self.choices):
            if text in choice.accepts:
                return i
        return None


# ---- answers as a learner may type them ----------------------------------------------


def _score_choice(score: int) -> Choice:
    spellings = {signed(score), str(score)}
    return Choice(signed(score), tuple(sorted(spellings)))


def _bound_choice(text: str) -> Choice:
    spellings = {text, text.replace("∞", "inf"), text.replace("∞", "infinity")}
    if text.startswith("+"):
        spellings |= {s[1:] for s in spellings}
    return Choice(text, tuple(sorted(spellings)))


def _move_choice(trace: Trace, move: int) -> Choice:
    short = trace.game.move_short(move)
    return Choice(short, tuple(sorted({short.lower(), str(move)})))


YES_NO = (Choice("yes", ("y", "yes")), Choice("no", ("n", "no")))
SEARCHED_PRUNED = (Choice("searched", ("s", "searched")), Choice("pruned", ("p", "pruned")))


# ---- the questions ----------------------------------------------------------------------


def _who(trace: Trace, call: Call) -> str:
    """``call #2 (cell 1 played: O to move on XXO/X.X/OO.)``."""
    game = trace.game
    played = "" if call.move is None else f"{game.move_short(call.move)} played: "
    return f"call #{call.call} ({played}{game.player(call.state)} to move on {game.describe(call.state)})"


def _sentence(step: str, text: str) -> str:
    return f"Step {step}: {text}."


def value_question(trace: Trace, call: Call, scores: tuple[Choice, ...]) -> Question:
    """What ``call`` returns; asked just before its step 16 (or, alone, as it begins)."""
    lines = step_lines(trace, call)
    labels = [c.label for c in scores]
    n = call.call
    ask: Moment
    reveal: Moment
    if "memo" in lines:  # a cache hit: answered without test-playing
        why = f"Memo: {lines['memo']}."
        ask, reveal = ("begin", n, 0), ("end", n, 0)
    elif call.terminal_code:
        why = _sentence("9", lines["9"])
        ask, reveal = ("begin", n, 0), ("end", n, 0)
    else:
        why = _sentence("16", lines["16"] + "; step 17: " + lines["17"])
        ask, reveal = ("end", n, -2), ("end", n, -1)
    return Question(
        kind="value", call=n, depth=call.depth,
        prompt=f"What score does {_who(trace, call)} return?",
        choices=scores, answer=labels.index(signed(call.score)), explanation=why,
        ask=ask, reveal=reveal, ask_alone=("begin", n, 0), reveal_alone=("end", n, 0),
    )


def pick_question(trace: Trace, call: Call) -> Question:
    """Which test-play ``call``'s step 16 picks; asked with its value question."""
    game = trace.game
    moves = [child.move for child in call.children()]
    choices = tuple(_move_choice(trace, m) for m in moves if m is not None)
    how = "highest" if call.maximising else "lowest"
    return Question(
        kind="pick", call=call.call, depth=call.depth,
        prompt=(f"Step 16: which test-play does call #{call.call} pick? "
                f"{game.player(call.state)} takes the first with the {how} score."),
        choices=choices, answer=moves.index(call.best),
        explanation=_sentence("16", step_lines(trace, call)["16"]),
        ask=("end", call.call, -2), reveal=("end", call.call, -1),
    )


def window_questions(trace: Trace, call: Call) -> list[Question]:
    """α and β on entry to ``call`` (alpha-beta traces only)."""
    why = f"Window: {step_lines(trace, call)['window']}"
    if call.parent is not None:
        parent = trace.call(call.parent)
        index = [c.call for c in parent.children()].index(call.call)
        updates = [u for u in variants.window_updates(trace, parent.pid)[:index] if u]
        source = (f"call #{parent.call}'s window after its update {updates[-1]}" if updates
                  else f"call #{parent.call}'s own window, unchanged so far")
        why += f", {source}"
    texts = _bound_texts(trace)
    found = []
    for kind, low in (("alpha", True), ("beta", False)):
        value = variants.bound_text(call.extra(kind), low)
        name = "α" if low else "β"
        found.append(Question(
            kind=kind, call=call.call, depth=call.depth,
            prompt=f"With what {name} is {_who(trace, call)} called?",
            choices=tuple(_bound_choice(t) for t in texts), answer=texts.index(value),
            explanation=why + ".", ask=("begin", call.call, 0), reveal=("begin", call.call, 1),
        ))
    return found


def _bound_texts(trace: Trace) -> list[str]:
    """Every α and β the trace records, as the log writes them, lowest first."""
    extras = trace.positions.extras
    texts = {"-∞", "+∞"} | {variants.bound_text(a, True) for a in extras["alpha"]}
    texts |= {variants.bound_text(b, False) for b in extras["beta"]}
    order = {"-∞": float("-inf"), "+∞": float("inf")}
    return sorted(texts, key=lambda t: order.get(t, 0.0) or float(t))


def pruned_of(call: Call) -> list[int]:
    """The moves ``call`` did not test-play because of a cut, in loop order."""
    return list(variants.pruned(call.trace, call.pid))


def next_questions(trace: Trace, call: Call) -> list[Question]:
    """After each test-play of ``call`` returns: is the next one searched or pruned?"""
    game = trace.game
    children = call.children()
    pruned = pruned_of(call)
    updates = variants.window_updates(trace, call.pid)
    found = []
    for i, child in enumerate(children):
        searched = i + 1 < len(children)
        if not searched and not pruned:
            break  # the loop ran out of test-plays: nothing to predict
        nxt = game.move_short((children[i + 1].move or 0) if searched else pruned[0])
        if not searched:
            why = f"Cut: {variants.cut_reason(trace, call.pid)}."
        elif updates[i]:
            why = f"No cut; window: {updates[i]}; so {nxt} is test-played next."
        else:
            why = f"No cut and no change of window ({variants.window_text(trace, call.pid)}), " \
                  f"so {nxt} is test-played next."
        found.append(Question(
            kind="next", call=call.call, depth=call.depth,
            prompt=(f"Call #{child.call} returned {signed(child.score)}. Is call #{call.call}'s "
                    f"next test-play, {nxt}, searched or pruned?"),
            choices=SEARCHED_PRUNED, answer=0 if searched else 1, explanation=why,
            ask=("end", child.call, 0), reveal=("end", child.call, 1),
        ))
    return found


def seen_question(trace: Trace, call: Call) -> Question | None:
    """Whether ``call``'s position was met before at this depth (memo traces only)."""
    hit = call.extra("cache_hit")
    if hit is None:
        return None
    if hit:
        why = f"Memo: {step_lines(trace, call)['memo']}."
    else:
        why = "No earlier call met this position at this depth: it is computed here and stored."
    return Question(
        kind="seen", call=call.call, depth=call.depth,
        prompt=f"Has the position of {_who(trace, call)} been met before?",
        choices=YES_NO, answer=0 if hit else 1, explanation=why,
        ask=("begin", call.call, 0), reveal=("begin", call.call, 1),
    )


def score_choices(trace: Trace) -> tuple[Choice, ...]:
    """Every score the game gives a finished game or some call returns, lowest first."""
    scheme: Any = getattr(trace.game, "scores", None)
    fixed = {scheme.human_win, scheme.draw, scheme.ai_win} if hasattr(scheme, "draw") else set()
    return tuple(_score_choice(s) for s in sorted(set(trace.positions.score) | fixed))


def _calls(trace: Trace, depth: int | None) -> Iterator[Call]:
    """The calls down to ``depth`` (all if None), in call order."""
    stack = [trace.root]
    while stack:
        call = stack.pop()
        yield call
        if depth is None or call.depth < depth:
            stack.extend(reversed(call.children()))


def questions(trace: Trace, depth: int | None = None) -> list[Question]:
    """Every question about the calls down to ``depth`` (all calls if None), in call order."""
    scores = score_choices(trace)
    window = "alpha" in trace.positions.extras
    found: list[Question] = []
    for call in _calls(trace, depth):
        if window:
            found += window_questions(trace, call)
        seen = seen_question(trace, call)
        if seen is not None:
            found.append(seen)
        found.append(value_question(trace, call, scores))
        if call.children() and (depth is None or call.depth < depth):
            if len(call.children()) > 1:  # one test-play leaves nothing to pick
                found.append(pick_question(trace, call))
            if window:
                found += next_questions(trace, call)
    return found


def pruned_question(trace: Trace, call: Call) -> Question:
    """Which of ``call``'s test-plays are pruned (``trace quiz``): one answer, a set of moves.

    The one choice accepts the moves in ascending order separated by single
    spaces (``5 8``), or ``none``: ``pruned_answer`` turns what a learner types
    into that form.
    """
    game = trace.game
    pruned = pruned_of(call)
    text = pruned_answer(" ".join(move_token(game, m) for m in pruned))
    label = ", ".join(game.move_short(m) for m in pruned) or "none"
    if pruned:
        why = f"Cut: {variants.cut_reason(trace, call.pid)}."
    else:
        why = f"No cut in call #{call.call} ({variants.window_text(trace, call.pid)}): every test-play is searched."
    moves = ", ".join(move_token(game, m) for m in game.moves(call.state))
    return Question(
        kind="pruned", call=call.call, depth=call.depth,
        prompt=(f"Which test-plays of {_who(trace, call)} are pruned? "
                f"Its moves: {moves}; type the pruned ones, or none."),
        choices=(Choice(label, (text,)),), answer=0, explanation=why,
        ask=("begin", call.call, 0), reveal=("end", call.call, 0),
    )


def move_token(game: Any, move: int) -> str:
    """A move as a learner types it: a cell's number, a tree node's label."""
    short = game.move_short(move)
    return short.removeprefix("cell ")


def pruned_answer(typed: str) -> str:
    """What a learner typed for a ``pruned`` question, as its choice spells it: the moves
    named, in one order (numbers ascending, then labels), or ``none``."""
    words = typed.replace(",", " ").lower().split()
    tokens = {w for w in words if w not in ("none", "no", "cell", "cells", "and")}
    ordered = sorted(tokens, key=lambda t: (not t.isdigit(), int(t) if t.isdigit() else 0, t))
    return " ".join(ordered) or "none"


def first_call_questions(trace: Trace) -> list[Question]:
    """What ``trace quiz`` asks: each test-play of the first call, the pick, then the cuts.

    The values and the pick are those of ``questions(trace, depth=1)``; with
    alpha-beta, which test-plays are pruned, for the first call and each of its
    test-plays that searched further.
    """
    found = questions(trace, depth=1)
    asked = [q for q in found if q.kind == "value" and q.depth == 1]
    asked += [q for q in found if q.kind == "pick"]
    if "pruned" in trace.positions.extras:
        root = trace.root
        asked += [pruned_question(trace, c) for c in [root, *root.children()] if c.children()]
    return asked


def page_depth(trace: Trace, limit: int = PAGE_LIMIT) -> int:
    """The deepest level whose calls (and so questions, about two a call) fit in ``limit``."""
    per_depth = trace.calls_by_depth(0)
    total, depth = 0, 0
    for d, n in enumerate(per_depth):
        total += 2 * n
        if total > limit and d > 1:
            break
        depth = d
    return depth


def page_data(trace: Trace) -> dict[str, Any]:
    """The quiz as the page carries it: the questions down to ``page_depth``."""
    depth = page_depth(trace)
    deepest = len(trace.calls_by_depth(0)) - 1
    items = [_as_data(q) for q in questions(trace, depth)]
    key = hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()[:16]
    return {
        "key": key,
        "depth": depth,
        "complete": depth >= deepest,
        "titles": {k: KIND_TITLES[k] for k in KINDS},
        "kinds": list(KINDS),
        "questions": items,
    }


def build_settings() -> dict[str, Any]:
    """What a page whose questions are built in the browser (``quizbuild.js``) is told:
    the limit of ``page_depth`` and the names of the kinds. The game page uses it: its
    decisions are too many to carry their questions written out."""
    return {"limit": PAGE_LIMIT, "titles": {k: KIND_TITLES[k] for k in KINDS}, "kinds": list(KINDS)}


def _as_data(q: Question) -> dict[str, Any]:
    data = asdict(q)
    data["choices"] = [{"label": c.label, "accepts": list(c.accepts)} for c in q.choices]
    return data
