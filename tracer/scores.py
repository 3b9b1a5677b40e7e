"""Score schemes: what a finished game is worth, always from the AI's point of view."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import InputError, quote

#: Largest magnitude of a score (docs/usage.md, --scores). Far below 2^53, so the
#: step-through page's JavaScript numbers hold every score exactly, and below 2^31.
MAX_SCORE = 10**9
#: A score as --scores takes it: plain ASCII decimal digits, an optional leading '-'.
_INTEGER = re.compile(r"-?[0-9]{1,10}")


def check_score(value: object) -> int:
    """``value`` if it is an int (not a bool) with ``|value| <= MAX_SCORE``; else ValueError."""
    if type(value) is not int or not -MAX_SCORE <= value <= MAX_SCORE:
        raise ValueError(f"expected an integer score between {-MAX_SCORE} and {MAX_SCORE}, "
                         f"found {quote(repr(value))}")
    return value


@dataclass(frozen=True)
class Scores:
    """Terminal scores, in the order the tutorial's step 9 checks them: the human (minimiser)
    has three in a row, the AI (maximiser) has, no empty cell is left."""

    human_win: int = -1
    ai_win: int = 1
    draw: int = 0

    def __post_init__(self) -> None:
        for value in (self.human_win, self.ai_win, self.draw):
            check_score(value)
        if not self.human_win < self.draw < self.ai_win:
            raise ValueError(
                "expected scores with human win < draw < AI win, "
                f"found {self.human_win}, {self.draw}, {self.ai_win}"
            )

    def spec(self) -> str:
        """The triple as ``--scores`` takes it: ``'-1,1,0'`` (human win, AI win, draw)."""
        return f"{self.human_win},{self.ai_win},{self.draw}"

    def as_dict(self) -> dict[str, int]:
        """The scheme as JSON stores it."""
        return {"human_win": self.human_win, "ai_win": self.ai_win, "draw": self.draw}

    def score(self, outcome: str, depth: int) -> int:
        """What a finished game scores: ``outcome`` is ``human_win``, ``ai_win`` or ``draw``;
        ``depth`` (moves from the first call) is for schemes that reward quick wins."""
        return int(getattr(self, outcome))

    def text(self, outcome: str) -> str:
        """A terminal score as prose writes it: ``+1``, ``-1``, ``0``."""
        value = int(getattr(self, outcome))
        return f"{value:+d}" if value else "0"

    def kind(self, score: int) -> str:
        """What a returned score predicts for the AI: ``'win'``, ``'loss'`` or ``'draw'``."""
        if score >= self.ai_win:
            return "win"
        if score <= self.human_win:
            return "loss"
        return "draw"


@dataclass(frozen=True)
class DepthScores(Scores):
    """Depth-aware scores: the AI's win scores 10 - depth, the human's depth - 10 (depth: moves
    from the first call), so of two winning test-plays the AI prefers the sooner (with the
    guide's scores both are worth +1 and the first wins). Every win stays positive and every
    loss negative (a game has at most 9 moves), which is what ``kind`` reads."""

    human_win: int = -10
    ai_win: int = 10
    draw: int = 0

    def spec(self) -> str:
        return "depth"

    def as_dict(self) -> dict[str, int]:
        # "per_move" marks the scheme: each move from the first call costs a win one point.
        return {**super().as_dict(), "per_move": 1}

    def score(self, outcome: str, depth: int) -> int:
        if outcome == "ai_win":
            return self.ai_win - depth
        if outcome == "human_win":
            return self.human_win + depth
        return self.draw

    def text(self, outcome: str) -> str:
        if outcome == "ai_win":
            return f"{self.ai_win} - depth"
        if outcome == "human_win":
            return f"depth - {-self.human_win}"
        return "0"

    def kind(self, score: int) -> str:
        if score > self.draw:
            return "win"
        if score < self.draw:
            return "loss"
        return "draw"

    def why(self, outcome: str, depth: int) -> str:
        """Why a finished game at ``depth`` scores what it does, for the log."""
        value = self.score(outcome, depth)
        moves = f"{depth} move{'' if depth == 1 else 's'}"
        if outcome == "ai_win":
            return (f"depth-aware score {self.ai_win} - {depth} = {value:+d}, not {self.ai_win}: "
                    f"this win comes {moves} after the first call, and a sooner win would score more")
        if outcome == "human_win":
            return (f"depth-aware score {depth} - {-self.human_win} = {value:+d}, not {self.human_win}: "
                    f"this loss comes {moves} after the first call, and a later loss would score more")
        return "a draw scores 0 at any depth"


TUTORIAL = Scores(-1, 1, 0)
#: Glyn Lewington's game (seed 003) scores finished games with ±10.
TENS = Scores(-10, 10, 0)
#: Depth-aware scores (``--scores depth``): 10 - depth for the AI's win, depth - 10 for the human's.
DEPTH = DepthScores()
NAMED: dict[str, Scores] = {"tutorial": TUTORIAL, "ten": TENS, "depth": DEPTH}


def parse_scores(text: str) -> Scores:
    """``--scores``: a name (``tutorial``, ``ten``, ``depth``) or a triple ``HUMAN_WIN,AI_WIN,DRAW``."""
    if text in NAMED:
        return NAMED[text]
    parts = [p.strip(" ") for p in text.split(",")]
    if len(parts) != 3 or not all(_INTEGER.fullmatch(p) for p in parts):
        raise InputError(
            f"expected 'tutorial', 'ten' or three integers HUMAN_WIN,AI_WIN,DRAW "
            f"(e.g. -25,25,0; plain digits, an optional leading -), or 'depth' (10 - depth for a win), "
            f"found {quote(text)}",
            "--scores",
        )
    try:
        return Scores(*[int(p) for p in parts])
    except ValueError as exc:
        raise InputError(f"{exc}", "--scores") from None


def as_scores(value: object) -> Scores:
    """A Python caller's scores: a Scores (``tracer.TENS``), a name or triple as ``--scores``
    spells it (``"ten"``, ``"-25,25,0"``) or three integers (human win, AI win, draw)."""
    if isinstance(value, Scores):
        return value
    if isinstance(value, str):
        try:
            return parse_scores(value)
        except InputError as exc:  # named as the caller named it, not as the option
            raise InputError(exc.message, "scores") from None
    if isinstance(value, tuple | list) and len(value) == 3 and all(type(v) is int for v in value):
        return Scores(*value)
    raise TypeError("expected scores as a Scores (such as tracer.TENS), a name ('tutorial', 'ten', "
                    f"'depth'), 'HUMAN_WIN,AI_WIN,DRAW' or three integers, found {value!r}")


def scores_from_json(data: Any) -> Scores:
    """A scheme as a JSON trace stores it; ValueError or TypeError if it is not one."""
    values = [data["human_win"], data["ai_win"], data["draw"]]
    if any(type(v) is not int for v in values):
        raise ValueError(f"scores must be integers, found {values}")
    if "per_move" in data:
        if data != DEPTH.as_dict():
            raise ValueError(f"depth-aware scores must be {DEPTH.as_dict()}, found {data}")
        return DEPTH
    return Scores(*values)
