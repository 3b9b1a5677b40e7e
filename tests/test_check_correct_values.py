"""What a correct search returns under a learner's scale (``trace check``'s reference values).

The check takes them from the core's own minimax, scored with the learner's scale. Here a
plain minimax written in the test, on nine cells, says what they must be: the guide's step 9
in its order (the human's win, the AI's win, a full board), the viewpoint's side maximising,
a depth-aware scale counting moves from the first call's board.
"""

from __future__ import annotations

from functools import cache

import pytest
from checking import LINES

from tracer.check.judging.scales import CorrectValues, Scale

Board = tuple[str | None, ...]


def has_line(cells: Board, mark: str) -> bool:
    return any(all(cells[i] == mark for i in line) for line in LINES)


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"


def viewpoint(scale: Scale, mover: str) -> str:
    return scale.ai if scale.view == "ai" else mover if scale.view == "mover" else other(mover)


def reference(scale: Scale, root_marks: int):
    """``value(cells, mover, pov)``: the plain minimax of ``cells`` for ``pov``."""

    @cache
    def value(cells: Board, mover: str, pov: str) -> float:
        depth = sum(c is not None for c in cells) - root_marks
        if has_line(cells, other(pov)):
            return scale.loss + scale.per_move * depth
        if has_line(cells, pov):
            return scale.win - scale.per_move * depth
        if None not in cells:
            return scale.draw
        scores = [value(cells[:i] + (mover,) + cells[i + 1:], other(mover), pov)
                  for i in range(9) if cells[i] is None]
        return max(scores) if mover == pov else min(scores)

    return value


def board(text: str) -> Board:
    return tuple(None if c == "." else c for c in text)


def below(cells: Board, mover: str, seen: dict[tuple[Board, str], None]) -> None:
    """Every board a search from ``cells`` calls, in call order, finished ones included."""
    seen[(cells, mover)] = None
    if has_line(cells, "X") or has_line(cells, "O") or None not in cells:
        return
    for i in range(9):
        if cells[i] is None:
            below(cells[:i] + (mover,) + cells[i + 1:], other(mover), seen)


SCALES = [
    Scale(),  # the guide's
    Scale(10, -10, 0),  # Glyn Lewington's
    Scale(10, -10, 0, per_move=1),  # 10 - depth
    Scale(view="mover"),  # negamax
    Scale(10, -10, 0, per_move=1, view="mover", ai="O"),
    Scale(view="moved", ai="O"),
    Scale(1, 0, 0.5),  # fractions
    Scale(1, -1, 0, per_move=1),  # a win deep enough scores below a draw
    Scale(1.7976931348623157e308, -1.7976931348623157e308, 0),  # Number.MAX_VALUE for a win
]


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.describe())
@pytest.mark.parametrize("root", ["X.O......", "XO.X..O..", "X.OX.XOO."])
def test_every_board_of_a_search_and_its_test_plays(scale: Scale, root: str) -> None:
    cells = board(root)
    mover = "X" if root.count("X") == root.count("O") else "O"
    marks = sum(c is not None for c in cells)
    correct, plain = CorrectValues(scale, marks, (cells, mover)), reference(scale, marks)
    boards: dict[tuple[Board, str], None] = {}
    below(cells, mover, boards)
    for here, to_move in boards:
        pov = viewpoint(scale, to_move)
        assert correct.value(here, to_move) == plain(here, to_move, pov), (here, to_move)
        empty = [i for i in range(9) if here[i] is None]
        want = {i: plain(here[:i] + (to_move,) + here[i + 1:], other(to_move), pov) for i in empty}
        assert correct.child_values(here, to_move) == want, (here, to_move)


@pytest.mark.parametrize("scale", [Scale(), Scale(10, -10, 0, per_move=1, view="mover")], ids=["guide", "negamax"])
def test_boards_off_the_first_search_s_tree(scale: Scale) -> None:
    """A learner's calls can hold boards no correct search meets from its first call: a board
    played on after a win, the same side twice, a mark taken back. Each is worth what a plain
    minimax says from there."""
    correct, plain = CorrectValues(scale, 1, (board("X........"), "O")), reference(scale, 1)
    for text, mover in [("XXX.OO...", "O"), ("XX.......", "X"), ("OO.X.....", "O"), (".........", "X"),
                        ("XXXOOO...", "X")]:
        cells = board(text)
        assert correct.value(cells, mover) == plain(cells, mover, viewpoint(scale, mover)), text
