"""Score schemes: what a finished game is worth, always from the AI's point of view."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InputError, quote

#: Largest magnitude of a score (README: "Score schemes"). Far below 2^53, so the
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
    """Terminal scores, in the order the tutorial's step 9 checks them."""

    #: The human (minimiser) has three in a row. Tutorial: -1.
    human_win: int = -1
    #: The AI (maximiser) has three in a row. Tutorial: +1.
    ai_win: int = 1
    #: No empty cell is left and nobody won. Tutorial: 0.
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


TUTORIAL = Scores(-1, 1, 0)
#: Glyn Lewington's game (seed 003) scores finished games with ±10.
TENS = Scores(-10, 10, 0)
NAMED: dict[str, Scores] = {"tutorial": TUTORIAL, "ten": TENS}


def parse_scores(text: str) -> Scores:
    """Parse ``--scores``: a name (``tutorial``, ``ten``) or a triple ``HUMAN_WIN,AI_WIN,DRAW``."""
    if text in NAMED:
        return NAMED[text]
    parts = [p.strip(" ") for p in text.split(",")]
    if len(parts) != 3 or not all(_INTEGER.fullmatch(p) for p in parts):
        raise InputError(
            f"expected 'tutorial', 'ten' or three integers HUMAN_WIN,AI_WIN,DRAW "
            f"(e.g. -25,25,0; plain digits, an optional leading -), found {quote(text)}",
            "--scores",
        )
    values = [int(p) for p in parts]
    try:
        return Scores(*values)
    except ValueError as exc:
        raise InputError(f"{exc}", "--scores") from None
