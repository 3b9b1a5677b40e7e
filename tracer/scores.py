"""Score schemes: what a finished game is worth, always from the AI's point of view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import InputError


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
        """What a finished game scores: ``outcome`` is ``human_win``, ``ai_win`` or ``draw``.

        ``depth`` (moves from the first call) is unused here; schemes that reward
        quick wins use it.
        """
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


TUTORIAL = Scores(-1, 1, 0)
#: Glyn Lewington's game (seed 003) scores finished games with ±10.
TENS = Scores(-10, 10, 0)
NAMED: dict[str, Scores] = {"tutorial": TUTORIAL, "ten": TENS}


def parse_scores(text: str) -> Scores:
    """Parse ``--scores``: a name (``tutorial``, ``ten``) or a triple ``HUMAN_WIN,AI_WIN,DRAW``."""
    if text in NAMED:
        return NAMED[text]
    parts = [p.strip() for p in text.split(",")]
    try:
        values = [int(p.lstrip("+")) for p in parts]
    except ValueError:
        values = []
    if len(values) != 3:
        raise InputError(
            f"expected 'tutorial', 'ten' or three integers HUMAN_WIN,AI_WIN,DRAW "
            f"(e.g. -25,25,0), found {text!r}",
            "--scores",
        )
    try:
        return Scores(*values)
    except ValueError as exc:
        raise InputError(f"{exc}", "--scores") from None


def scores_from_json(data: Any) -> Scores:
    """A scheme as a JSON trace stores it; ValueError or TypeError if it is not one."""
    values = [data["human_win"], data["ai_win"], data["draw"]]
    if any(type(v) is not int for v in values):
        raise ValueError(f"scores must be integers, found {values}")
    return Scores(*values)
