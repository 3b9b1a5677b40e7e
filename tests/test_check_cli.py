"""The ``trace check`` command: how the program is run, the report, JSON, exit statuses, errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from checking import LEARNERS, calls, run_check, run_text
from click.testing import CliRunner

from tracer.cli import main

GUIDE = "X.OX.XOO."


def test_json_holds_the_issue_fields() -> None:
    code, data, _ = run_check(str(LEARNERS / "py_not_restored.py"))
    assert code == 1
    for key in ("verdict", "difference", "calls", "guide_calls", "first_wrong", "error"):
        assert key in data
    assert set(data["first_wrong"]) >= {"call", "board", "to_move", "returned", "expected", "why"}
    assert data["error"] is None and data["guide_calls"] == 9


def test_the_text_report() -> None:
    code, out, err = run_text(str(LEARNERS / "py_not_restored.py"))
    assert code == 1 and err == ""
    assert "Verdict: wrong: call #4 is the first to depart from a correct search." in out
    assert "X to move on XXO/XOX/OOO" in out
    assert "Named difference: board-not-restored." in out
    assert "step 12" in out


def test_the_programs_output_goes_under_its_own_heading_cut_short() -> None:
    code, out, _ = run_text(str(LEARNERS / "py_reads_board.py"), "--stdin", str(board_file(GUIDE)))
    assert code == 0
    heading = out.index("What the program printed (")
    assert "Verdict: identical" in out[:heading]
    printed = out[heading:].splitlines()[1:]
    assert printed[0].startswith("  | name: __main__ argv:") and len(printed) == 8


def board_file(text: str) -> Path:
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"tracer-check-stdin-{os.getpid()}.txt"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def test_standard_input_only_when_given(tmp_path: Path) -> None:
    """No standard input: the program reads nothing (as at the end of a file); --stdin gives it."""
    given = tmp_path / "in.txt"
    given.write_text(GUIDE + "\n")
    code, data, _ = run_check(str(LEARNERS / "py_reads_board.py"), "--stdin", str(given))
    assert code == 0 and data["verdict"] == "identical" and data["board"] == GUIDE
    code, data, err = run_check(str(LEARNERS / "py_reads_board.py"), input="XXOOOXXX.\n")
    assert data.get("board") != "XXOOOXXX."  # trace's own standard input is not the program's
    assert code == 2 and "minimax([], 'X')" in err  # it read nothing: its first call holds no board


def test_run_as_python_runs_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``__name__`` is ``__main__``, argv[0] the file as given, the folder the current one; and
    tracer itself writes nothing there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.txt").write_text(GUIDE + "\n")
    (tmp_path / "prog.py").write_text((LEARNERS / "py_reads_board.py").read_text())
    code, data, _ = run_check("prog.py", "--stdin", "in.txt")
    assert code == 0
    first = data["output"]["stdout"].splitlines()[0]
    assert first == "name: __main__ argv: ['prog.py']"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "prog.py"]


@pytest.mark.node
def test_run_as_node_runs_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, data, _ = run_check(str(LEARNERS / "js_how_run.js"))
    assert code == 0 and data["verdict"] == "identical"
    facts = json.loads(data["output"]["stdout"].splitlines()[0])
    assert facts == {"main": True, "file": str(LEARNERS / "js_how_run.js"),
                     "argv": [str(LEARNERS / "js_how_run.js")], "cwd": str(tmp_path)}
    assert list(tmp_path.iterdir()) == []


def test_a_board_given_after_the_file(tmp_path: Path) -> None:
    """BOARD is checked too, after the program's own search (here: the guide's board)."""
    board = tmp_path / "b.txt"
    board.write_text("X . .\n. O .\n. . .\n")
    code, data, _ = run_check(str(LEARNERS / "py_guide_port.py"), str(board), "--boards", "0")
    assert code == 0 and data["searches"] == 2
    code, data, _ = run_check(str(LEARNERS / "py_cs50.py"), str(board))
    assert code == 0 and data["board"] == "X...O...." and data["calls"] == calls("X...O....", "X")


def test_an_example_as_the_board() -> None:
    code, data, _ = run_check(str(LEARNERS / "py_cs50.py"), "--example", "must-block")
    assert code == 0 and data["first_call"] == "tracer" and data["board"] != GUIDE


def test_function_names_the_search(tmp_path: Path) -> None:
    source = (LEARNERS / "py_guide_port.py").read_text().replace("minimax", "search")
    program = tmp_path / "renamed.py"
    program.write_text(source)
    # Named otherwise, the search is still found: it is the one function that calls itself.
    code, data, _ = run_check(str(program))
    assert code == 0 and data["verdict"] == "identical"
    code, data, _ = run_check(str(program), "--function", "search")
    assert code == 0 and data["verdict"] == "identical"
    code, out, err = run_text(str(program), "--function", "nothere")
    assert code == 2 and "no function named 'nothere'" in err and err.count("\n") == 1


def test_call_limit() -> None:
    code, data, err = run_check(str(LEARNERS / "py_guide_port.py"), "--max-calls", "5")
    assert code == 1 and "Traceback" not in err
    assert data["verdict"] == "error" and data["error"]["kind"] == "call-limit"
    assert data["calls"] == 5


def test_time_limit_in_a_python_program(tmp_path: Path) -> None:
    program = tmp_path / "slow.py"
    program.write_text("def minimax(board, mark):\n    while True:\n        pass\n\nminimax(list('X.OX.XOO.'), 'X')\n")
    code, data, err = run_check(str(program), "--timeout", "0.5")
    assert code == 1 and "Traceback" not in err
    assert data["verdict"] == "error" and data["error"]["kind"] == "time-limit" and data["error"]["call"] == 1


@pytest.mark.parametrize(("make", "words"), [
    (lambda d: d / "missing.py", ["missing.py", "cannot read the file"]),
    (lambda d: (d / "notes.txt").write_text("x") and d / "notes.txt", ["expected a Python (.py) or JavaScript (.js)"]),
    # A folder is a class (issue 37): one with no program in it is bad input.
    (lambda d: d, ["no submission in it"]),
])
def test_files_that_cannot_be_read(make, words: list[str], tmp_path: Path) -> None:
    code, out, err = run_text(str(make(tmp_path)))
    assert code == 2 and out == "" and err.startswith("trace: error: ") and err.count("\n") == 1
    for word in words:
        assert word in err


def test_node_missing_for_a_javascript_file() -> None:
    result = CliRunner().invoke(main, ["check", str(LEARNERS / "js_class.js")], env={"PATH": "/nonexistent"})
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("trace: error: ") and "node was not found" in result.stderr


def test_check_is_listed_in_help() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert "check" in result.stdout
    result = CliRunner().invoke(main, ["check", "--help"])
    assert result.exit_code == 0 and "as pytest runs a test file" in result.stdout


def test_the_documented_example_is_what_it_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/check.md shows a real report (of tests/learners/py_not_restored.py, as minimax.py)."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "check.md").read_text(encoding="utf-8")
    shown = page.split("$ trace check minimax.py\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "minimax.py").write_text((LEARNERS / "py_not_restored.py").read_text())
    code, out, _ = run_text("minimax.py")
    assert code == 1
    assert out.split("\nWhat the program printed")[0] == shown


@pytest.mark.node
def test_boards_when_the_function_is_a_method() -> None:
    """A method cannot be called by tracer: the program's own search is still checked, and said so."""
    code, out, _ = run_text(str(LEARNERS / "js_class.js"), "--boards")
    assert code == 0 and "Verdict: identical" in out
    assert "trace check cannot call minimax, a method, itself (say how with --call EXPR)" in out


@pytest.mark.node
def test_scores_and_ai_given_instead_of_read() -> None:
    """js_arrow_null.js scores ±10. Told the guide's ±1, its first finished board, #3 (O has 2, 4, 6),
    returns -10 where -1 is due. Told the AI is O, its first finished board's -10 is O's loss, not a
    win for O: wrong at #3 as well. Read from its own boards, it is correct."""
    program = str(LEARNERS / "js_arrow_null.js")
    for extra in (["--scores", "tutorial"], ["--ai", "O"]):
        code, data, _ = run_check(program, *extra)
        assert code == 1 and data["verdict"] == "wrong"
        wrong = data["first_wrong"]
        assert (wrong["call"], wrong["board"], wrong["returned"]) == (3, "XXOXOXOO.", {"score": -10})
    code, data, _ = run_check(program, "--scores", "ten")
    assert code == 0 and data["verdict"] == "correct"


def test_bad_scores_option() -> None:
    code, out, err = run_text(str(LEARNERS / "py_guide_port.py"), "--scores", "1,2")
    assert code == 2 and err.startswith("trace: error: --scores:") and err.count("\n") == 1
