"""What ``trace play --save`` writes for one AI decision (``tracer.outputs.decision``), and where."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..outputs.decision import KINDS as OUTPUT_KINDS
from ..outputs.decision import save_decision

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["DEFAULT_KINDS", "OUTPUT_KINDS", "decision_stem", "save_decision"]

#: What ``--save`` and ``why`` write unless ``--save-as`` says otherwise: the pictures and
#: the page. The JSON trace is opt-in: for the AI's opening move it is 75 MB.
DEFAULT_KINDS: tuple[str, ...] = ("svg", "figures", "html")


def decision_stem(folder: Path, game: int, move: int) -> Path:
    """``DIR/move-3`` for the first game's third move, ``DIR/game-2-move-3`` later on."""
    name = f"move-{move}" if game == 1 else f"game-{game}-move-{move}"
    return folder / name
