"""Helpers for the ``trace check`` tests: run the command, and a small independent minimax.

The reference here is written apart from tracer (it imports nothing of it): a plain
recursive minimax on strings of nine characters, used to say what a board is worth and
how many calls a search from it makes, where a test needs a number it cannot work out
by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from tracer.cli import main

LEARNERS = Path(__file__).resolve().parent / "learners"
ROOT = Path(__file__).resolve().parent.parent

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def run_check(*args: str, input: str | None = None) -> tuple[int, dict[str, Any], str]:
    """``trace check ARGS --format json``: exit status, the JSON object (empty if none), stderr."""
    result = CliRunner().invoke(main, ["check", *args, "--format", "json"], input=input)
    data = json.loads(result.stdout) if result.stdout.strip() else {}
    return result.exit_code, data, result.stderr


def run_text(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", *args])
    return result.exit_code, result.stdout, result.stderr


def won(board: str, mark: str) -> bool:
    return any(all(board[i] == mark for i in line) for line in LINES)


def value(board: str, mover: str, ai: str) -> int:
    """The guide's score of ``board`` (``.`` empty) with ``mover`` to play: ±1 or 0, the AI's view."""
    human = "O" if ai == "X" else "X"
    if won(board, human):
        return -1
    if won(board, ai):
        return 1
    if "." not in board:
        return 0
    nxt = "O" if mover == "X" else "X"
    scores = [value(board[:i] + mover + board[i + 1:], nxt, ai) for i in range(9) if board[i] == "."]
    return max(scores) if mover == ai else min(scores)


def play_values(board: str, mover: str, ai: str) -> list[int]:
    """The score of each test-play from ``board``, in ascending cell order."""
    nxt = "O" if mover == "X" else "X"
    return [value(board[:i] + mover + board[i + 1:], nxt, ai) for i in range(9) if board[i] == "."]


def calls(board: str, mover: str) -> int:
    """How many calls the guide's minimax makes from ``board``: it stops only at finished boards."""
    if won(board, "X") or won(board, "O") or "." not in board:
        return 1
    nxt = "O" if mover == "X" else "X"
    return 1 + sum(calls(board[:i] + mover + board[i + 1:], nxt) for i in range(9) if board[i] == ".")


def guide_program(seed_text: str) -> str:
    """The guide's whole program: the last JavaScript block of its text (never copied here)."""
    return re.findall(r"```js\n(.*?)```", seed_text, re.S)[-1]


def long_guide_program(seed_text: str) -> str:
    """The longer, browser version's whole program (its step 27), with its line breaks back.

    The stored text lost the program's line breaks; every ``//`` comment in it ends at its
    first colon, so a break after each comment (and before it) restores a runnable program.
    """
    part = seed_text[seed_text.index("## Step 27"):]
    code = max(re.findall(r"``(.*?)``", part, re.S), key=len)
    return re.sub(r"(//[^:\n]*:)", r"\n\1\n", code)
