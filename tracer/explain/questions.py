"""Quiz questions as data: one call, its choices, the recorded answer and why.

The renderers' quiz (``renderers/quiz.py``) asks the questions every search
shares (what a call returns, which test-play it picks); a search's words
plug-in adds its own (alpha-beta's window, memo's cache). Both build them from
these types, so the page and ``trace quiz`` ask them all alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from .text import signed

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

    #: Its kind: ``value``, ``pick``, or one a search adds (``SearchWords.entry_kinds``, ``after_kinds``).
    kind: str
    #: The call it is about (for ``next``: the call running the loop).
    call: int
    #: That call's depth: the page's difficulty keeps the questions down to a depth.
    depth: int
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
    #: Whether the answer is a set of moves, typed in any order (``trace quiz`` only: its
    #: one choice accepts them as ``GameWords.moves_answer`` spells them).
    many: bool = False

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


#: Most choices a question offers. A game with more distinct scores (a textbook tree of
#: thousands of leaf values) offers a run of this many around the answer, so the page's
#: quiz stays small however many values a tree holds. Tic-tac-toe never has more than 8.
MAX_CHOICES = 12


def choice_window(count: int, answer: int, call: int) -> range:
    """Which of ``count`` ordered choices a question offers: all that fit, else a run holding ``answer``
    at a place varying with ``call`` (so where the answer sits gives nothing away)."""
    if count <= MAX_CHOICES:
        return range(count)
    offset = (call * 7) % MAX_CHOICES
    start = min(max(answer - offset, 0), count - MAX_CHOICES)
    return range(start, start + MAX_CHOICES)


def score_choice(score: int) -> Choice:
    """A score as an answer: ``+1`` (also typed ``1``)."""
    spellings = {signed(score), str(score)}
    return Choice(signed(score), tuple(sorted(spellings)))


def bounded_choice(score: int, sign: str) -> Choice:
    """A score that is only a bound, as an answer: ``≤ +2`` (also typed ``≤2``, ``<= 2``, ``<=+2``)."""
    label = f"{sign} {signed(score)}"
    ascii_sign = "<=" if sign == "≤" else ">="
    spellings = {f"{mark}{space}{number}" for mark in (sign, ascii_sign) for space in ("", " ")
                 for number in {signed(score), str(score)}}
    return Choice(label, tuple(sorted(spellings)))


def bound_choice(text: str) -> Choice:
    """A window bound as an answer: ``-∞`` (also typed ``-inf``, ``-infinity``)."""
    spellings = {text, text.replace("∞", "inf"), text.replace("∞", "infinity")}
    if text.startswith("+"):
        spellings |= {s[1:] for s in spellings}
    return Choice(text, tuple(sorted(spellings)))


YES_NO = (Choice("yes", ("y", "yes")), Choice("no", ("n", "no")))
