"""Small wording helpers shared by every renderer: scores and return values as the tutorial writes them."""

from __future__ import annotations


def signed(score: int) -> str:
    """A score as prose writes it: ``+1``, ``-1``, ``0``."""
    return f"{score:+d}" if score else "0"


def returned(index: int | None, score: int) -> str:
    """A return value in the tutorial's notation: ``{index: 4, score: 1}`` or ``{score: -1}``."""
    return f"{{score: {score}}}" if index is None else f"{{index: {index}, score: {score}}}"


def calls(n: int) -> str:
    """``'1 call'``, ``'9 calls'``, ``'549,946 calls'``."""
    return f"{n:,} call" if n == 1 else f"{n:,} calls"
