"""What a teacher reads of a class (issue 36): the table's cells, the counts under it and each
row's report for Gradescope, for a small class whose every submission is known by hand.

The submissions are the gallery's port of the guide (tests/learners/py_guide_port.py), as it is
or with one slip made by hand; what each gives on the guide's board is worked out in
test_check_mistakes.py's ON_GUIDE_BOARD (the port that skips the first empty cell departs as
call #1 returns, the one that never resets a test-play at call #4 on XXO/XOX/OOO).
"""

from __future__ import annotations

import json

import pytest
from checking import LEARNERS

import tracer
from tracer.classcheck import ClassResult

PORT = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")
#: A name of exactly the widest a table cell prints (40 characters): shown whole.
LONG = "b" * 37 + ".py"
SLIPS = {
    "ana.py": ("for cell in available:", "for cell in available[1:]:"),
    LONG: ("", ""),
    "cleo.py": ("    available = empty_cells(board)\n",
                "    available = empty_cells(board)\n"
                '    if board == ["X", 1, "O", "X", 4, "X", "O", "O", "X"]:\n'
                "        raise ValueError('a slip')\n"),
    "dora.py": ('        board[cell] = play["index"]\n', ""),
    "eve.py": ("for cell in available:", "for cell in available[1:]:"),
}


@pytest.fixture(scope="module")
def klass(tmp_path_factory: pytest.TempPathFactory) -> ClassResult:
    folder = tmp_path_factory.mktemp("class")
    for name, (old, new) in SLIPS.items():
        assert PORT.count(old) == 1 or not old
        (folder / name).write_text(PORT.replace(old, new) if old else PORT, encoding="utf-8")
    (folder / "fred").mkdir()  # two programs and no --entry: which one is meant cannot be told
    (folder / "fred" / "a.py").write_text(PORT, encoding="utf-8")
    (folder / "fred" / "b.py").write_text(PORT, encoding="utf-8")
    (folder / "gus.py").write_text("def minimax(:\n", encoding="utf-8")
    return tracer.check_class(folder, boards=0, jobs=1)


def test_the_counts_under_the_table(klass: ClassResult) -> None:
    counts = str(klass).split("\n\n")[-1]
    assert counts == ("7 submissions: 1 identical, 0 correct, 3 wrong, 1 error, 2 refused\n"
                      "mistakes: missing-cell (2), board-not-restored (1)\n"
                      "errors and refusals:\n"
                      "  cleo.py (error): a slip\n"
                      "  fred (refused): several program files in it (a.py, b.py): name one with --entry\n"
                      "  gus.py (refused): gus.py:1: invalid Python: invalid syntax\n")


def test_the_table_cells(klass: ClassResult) -> None:
    rows = {line.split()[0]: line.split() for line in str(klass).split("\n\n")[0].splitlines()[1:]}
    assert rows[LONG][1] == "identical"  # 40 characters: whole, no ellipsis
    assert rows["ana.py"][1:5] == ["wrong", "missing-cell", "#1", "X.O/X.X/OO."]
    assert rows["dora.py"][1:5] == ["wrong", "board-not-restored", "#4", "XXO/XOX/OOO"]
    assert rows["cleo.py"][1:3] == ["error", "raised"]
    assert rows["fred"][1:3] == ["refused", "several-programs"]
    assert rows["gus.py"][1] == "refused"


def test_each_rows_report_for_gradescope(klass: ClassResult) -> None:
    data = json.loads(klass.to_gradescope())
    assert data["score"] == 1
    outputs = {test["name"]: test["output"] for test in data["tests"]}
    assert outputs["ana.py"] == (
        "ana.py: wrong (4 calls)\n"
        "Mistake: missing-cell. The loop over the empty cells misses the first one: step 10's for-loop starts "
        "with the first empty cell step 8 found.\n"
        "First wrong call: #1 on X.OX.XOO., X to move\n"
        "  why: it test-played cells 4, 8 but not cell 1: step 10's "
        "for-loop test-plays every empty cell (availCellsIndexes = [1, 4, 8])\n")
    line = PORT.split("\n").index("    available = empty_cells(board)") + 3
    assert outputs["cleo.py"] == f"cleo.py: error (6 calls)\nError (line {line}): a slip\n"
    assert outputs[LONG] == f"{LONG}: identical (9 calls)\n"
