"""``trace check`` at its edges (issue 33): a learner's program can do anything, and the check
still loses no file, ends with its whole process tree, leaves no temporary file behind,
escapes what it shows and tells the truth.

The learners' programs here are written for these tests from the guide's rules: a plain
minimax in each language, with one hostile habit added per test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

LEARNERS = Path(__file__).resolve().parent / "learners"
#: The guide's minimax in Python (tests/learners), and the same in JavaScript, written here.
PY_SEARCH = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")
JS_SEARCH = """\
const board = ["X", 1, "O", "X", 4, "X", "O", "O", 8];
const ai = "X", human = "O";
const lines = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]];
function won(b, m) { return lines.some(([p, q, r]) => b[p] === m && b[q] === m && b[r] === m); }
function minimax(b, mark) {
  const free = b.filter(c => c !== "X" && c !== "O");
  if (won(b, human)) return {score: -1};
  if (won(b, ai)) return {score: 1};
  if (free.length === 0) return {score: 0};
  const plays = [];
  for (const cell of free) {
    const play = {index: b[cell]};
    b[cell] = mark;
    play.score = minimax(b, mark === ai ? human : ai).score;
    b[cell] = play.index;
    plays.push(play);
  }
  let best = 0;
  for (let i = 1; i < plays.length; i++) {
    if (mark === ai ? plays[i].score > plays[best].score : plays[i].score < plays[best].score) best = i;
  }
  return plays[best];
}
"""
JS_CALL = "console.log(JSON.stringify(minimax(board, ai)));\n"
PY_CALL = "print(minimax(current_board_state, ai_mark))\n"


def program(tmp_path: Path, language: str, extra: str = "", *, call: bool = True, name: str = "prog") -> Path:
    """A learner's program: the plain search, then ``extra``, then (if ``call``) its own search call."""
    source = PY_SEARCH.split("best_play_info")[0] if language == "py" else JS_SEARCH
    path = tmp_path / f"{name}.{language}"
    path.write_text(source + extra + ((PY_CALL if language == "py" else JS_CALL) if call else ""),
                    encoding="utf-8")
    return path


LANGUAGES = ["py", pytest.param("js", marks=pytest.mark.node)]


# -- 1. no output replaces one of the check's inputs ------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("option", ["--log", "-o", "--html", "--side-by-side"])
def test_no_output_replaces_the_programs_standard_input(cli, tmp_path: Path, language: str, option: str) -> None:
    from test_hostile_cli import error_line

    program(tmp_path, language)
    answers = tmp_path / ("answers.json" if option == "-o" else "answers.txt")
    answers.write_text("4\n", encoding="utf-8")
    listing = sorted(tmp_path.rglob("*"))
    error_line(cli("check", f"prog.{language}", "--stdin", answers.name, option, answers.name),
               "give each output its own file")
    assert answers.read_text(encoding="utf-8") == "4\n"
    assert sorted(tmp_path.rglob("*")) == listing


def test_no_output_replaces_the_board_the_program_or_the_python_it_runs_under(cli, tmp_path: Path) -> None:
    from test_hostile_cli import error_line

    program(tmp_path, "py")
    (tmp_path / "board.txt").write_text("X.O\nX.X\nOO.\n", encoding="utf-8")
    (tmp_path / "python.dot").write_text("not a drawing\n", encoding="utf-8")
    for args in (["board.txt", "--log", "board.txt"], ["--log", "prog.py"],
                 ["--python", "python.dot", "-o", "python.dot"]):
        error_line(cli("check", "prog.py", *args), "give each output its own file")
    assert (tmp_path / "board.txt").read_text(encoding="utf-8") == "X.O\nX.X\nOO.\n"
    assert (tmp_path / "python.dot").read_text(encoding="utf-8") == "not a drawing\n"


def test_a_check_whose_outputs_are_its_own_leaves_stdin_file_alone(tmp_path: Path) -> None:
    """tracer's own standard input, when a file, is an input of every command (trace play
    reads its moves there): no save replaces it."""
    from runs import one_error_line, trace_run

    moves = tmp_path / "moves.html"
    moves.write_text("4\n", encoding="utf-8")
    one_error_line(trace_run("play", "--html", "moves.html", cwd=tmp_path, stdin=moves), 2,
                   "give each output its own file")
    assert moves.read_text(encoding="utf-8") == "4\n"
