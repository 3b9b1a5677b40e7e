"""``trace check`` holds the search to more than the program's own position, each one named.

What each named position is for is checked against the small independent reference in
tests/checking.py (``value``: the guide's score with best play), never against tracer.
"""

from __future__ import annotations

from typing import Any

import pytest
from checking import LEARNERS, run_check, run_text, value, won

GUIDE_BOARD = "X.OX.XOO."


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"


def wins_in_one(board: str, mark: str) -> bool:
    return any(won(board[:i] + mark + board[i + 1:], mark) for i in range(9) if board[i] == ".")


def by_name(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in data["positions"]}


def test_by_default_a_draw_the_other_side_and_a_block_after_the_programs_own() -> None:
    code, data, err = run_check(str(LEARNERS / "py_guide_port.py"))
    assert code == 0, err
    assert data["verdict"] == "identical" and data["searches"] == 4
    positions = data["positions"]
    assert [p["position"] for p in positions] == [1, 2, 3, 4]
    assert positions[0] == {**positions[0], "name": "the program's own", "board": GUIDE_BOARD, "to_move": "X",
                            "first_call": "program"}
    named = by_name(data)
    draw, other_side, block = named["a draw, X to move"], named["O to move"], named["X must block"]
    # A draw: best play from it ends with a full board and no line.
    assert value(draw["board"], "X", "X") == 0 and draw["to_move"] == "X"
    # The other side than on the program's own position (X) moves first.
    assert other_side["to_move"] == "O" and other_side["board"].count("X") == other_side["board"].count("O") + 1
    # X cannot win at once, and O would win next unless X blocks.
    assert not wins_in_one(block["board"], "X") and wins_in_one(block["board"], "O")
    for p in positions:
        assert p["verdict"] == "identical" and p["differences"] == []
        assert not won(p["board"], "X") and not won(p["board"], "O") and "." in p["board"]


def test_the_text_names_every_position_and_the_verdict_counts_them() -> None:
    code, text, _ = run_text(str(LEARNERS / "py_guide_port.py"))
    assert code == 0
    assert "on every one of the 4 positions checked" in text
    assert "Positions checked: 4, all identical:" in text
    for number, name in ((1, "the program's own"), (2, "a draw, X to move"), (3, "O to move"), (4, "X must block")):
        assert f"position {number} ({name}): " in text


@pytest.mark.parametrize(("option", "count"), [("0", 1), ("6", 7)])
def test_boards_says_how_many_after_the_first(option: str, count: int) -> None:
    code, data, err = run_check(str(LEARNERS / "py_guide_port.py"), "--boards", option)
    assert code == 0, err
    assert data["searches"] == count == len(data["positions"])
    boards = [(p["board"], p["to_move"]) for p in data["positions"]]
    assert len(set(boards)) == count  # no position twice


def test_a_port_with_no_draw_check_is_caught_on_the_draw() -> None:
    """Right on the guide's board, where every game ends in a line (so --boards 0 calls it
    identical); on the draw position a full board with no line is reached, where it takes the
    best of no test-play: Python's ValueError, on position 2, which the report names."""
    code, data, _ = run_check(str(LEARNERS / "py_no_draw_check.py"), "--boards", "0")
    assert code == 0 and data["verdict"] == "identical"
    code, data, _ = run_check(str(LEARNERS / "py_no_draw_check.py"))
    assert code == 1 and data["verdict"] == "error"
    assert data["error"]["type"] == "ValueError" and data["error"]["position"] == 2
    assert data["positions"][1]["name"].startswith("a draw")
    board = data["error"]["board"]
    assert "." not in board and not won(board, "X") and not won(board, "O")
    code, text, _ = run_text(str(LEARNERS / "py_no_draw_check.py"))
    assert "on position 2 (a draw, X to move): " in text


def test_a_departure_names_its_position() -> None:
    code, data, _ = run_check(str(LEARNERS / "py_best_init.py"))
    assert code == 1 and data["verdict"] == "wrong"
    wrong = data["first_wrong"]
    position = data["positions"][wrong["position"] - 1]
    assert position["verdict"] == "wrong" and position["position"] == len(data["positions"])
    assert data["board"] == position["board"]  # the header's position is the one it departs on


@pytest.mark.parametrize("name", ["py_negamax.py", pytest.param("js_negamax.js", marks=pytest.mark.node)])
def test_a_negamax_keeps_its_point_of_view_on_every_position(name: str) -> None:
    """Scores from the side to move on each position, O to move included: correct throughout."""
    code, data, err = run_check(str(LEARNERS / name))
    assert code == 0, err
    assert data["verdict"] == "correct" and data["differences"] == ["point of view"]
    assert {p["to_move"] for p in data["positions"]} == {"X", "O"}
    for p in data["positions"]:
        assert p["verdict"] == "correct" and p["differences"] == ["point of view"]


def test_differences_are_never_listed_apart_from_their_positions() -> None:
    """A difference in JSON is on some position listed, and every one listed is in the union."""
    code, data, err = run_check(str(LEARNERS / "py_depth_loop.py"), "--boards", "5")
    assert code == 0, err
    listed = {d for p in data["positions"] for d in p["differences"]}
    assert listed == set(data["differences"]) and "score scale" in listed
    code, text, _ = run_text(str(LEARNERS / "py_depth_loop.py"), "--boards", "5")
    line = next(t for t in text.splitlines() if t.strip().startswith("- score scale"))
    first = data["positions"][0]
    board = "/".join(first["board"][i:i + 3] for i in (0, 3, 6))
    assert f"(on positions 1-6; first on position 1 (the program's own): {board}, X to move)" in line
