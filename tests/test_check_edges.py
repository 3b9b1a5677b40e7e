"""``trace check`` at its edges (issue 33): a learner's program can do anything, and the check
still loses no file, ends with its whole process tree, leaves no temporary file behind,
escapes what it shows and tells the truth.

The learners' programs here are written for these tests from the guide's rules: a plain
minimax in each language, with one hostile habit added per test.
"""

from __future__ import annotations

import json
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


# -- 5. what a program does to tracer's host is its own business, never a traceback --------

PY_TAMPERING = {
    "json.dumps replaced": "import json\njson.dumps = json.JSONEncoder = lambda *a, **k: 1 / 0\n",
    "descriptors 3-63 written and closed": (
        "import os\nfor fd in range(3, 64):\n    try:\n        os.write(fd, b'{not json\\n')\n"
        "        os.close(fd)\n    except OSError:\n        pass\n"),
}
JS_TAMPERING = {
    "JSON.stringify throws": 'JSON.stringify = () => { throw new Error("mine"); };\n',
    "JSON.stringify lies": 'JSON.stringify = () => "{not json";\n',
    "every object has a toJSON": 'Object.prototype.toJSON = function () { return "x\\ny"; };\n',
    "Array.prototype.join lies": 'Array.prototype.join = function () { return "]["; };\n',
}


@pytest.mark.parametrize("language, change", [
    *[("py", text) for text in PY_TAMPERING.values()],
    *[pytest.param("js", text, marks=pytest.mark.node) for text in JS_TAMPERING.values()],
], ids=[*PY_TAMPERING, *JS_TAMPERING])
def test_a_program_that_changes_what_the_host_uses_is_still_checked(cli, tmp_path: Path, language: str,
                                                                  change: str) -> None:
    """The hosts keep their own JSON and descriptors: the guide's search stays identical."""
    program(tmp_path, language, change)
    result = cli("check", f"prog.{language}")
    assert result.exit_code == 0, result.output
    assert "Verdict: identical" in result.stdout


def test_a_record_that_cannot_be_read_is_the_programs_doing(cli, tmp_path: Path) -> None:
    """Should the program still reach the host's files, tracer says so in one line."""
    from test_hostile_cli import error_line

    program(tmp_path, "py", "import gc\nfor f in gc.get_objects():\n"
                            "    if type(f).__name__ == 'TextIOWrapper' and isinstance(f.name, int) and f.name > 2"
                            " and not f.closed:\n"
                            "        f.write('{not json\\n')\n")
    error_line(cli("check", "prog.py"), "changed what tracer's host records its calls with")


@pytest.mark.parametrize("language, win", [("py", "10**30"), ("py", "float('inf')"),
                                           pytest.param("js", "Number.MAX_VALUE", marks=pytest.mark.node)])
def test_a_score_beyond_64_bits_is_drawn_and_logged(cli, tmp_path: Path, language: str, win: str) -> None:
    path = program(tmp_path, language)
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace('return {"score": 1}', f'return {{"score": {win}}}')
                    .replace("return {score: 1}", f"return {{score: {win}}}"), encoding="utf-8")
    result = cli("check", path.name, "-o", "t.dot", "--log", "l.txt", "--html", "p.html")
    assert result.exit_code in (0, 1), result.output
    assert "Verdict:" in result.stdout
    assert (tmp_path / "t.dot").exists() and (tmp_path / "l.txt").exists() and (tmp_path / "p.html").exists()


def test_any_number_of_recorded_functions(cli, tmp_path: Path) -> None:
    """More functions than a signed byte counts (128): each one a hand-over to minimax."""
    names = [f"helper{i}" for i in range(140)]
    relays = "".join(f"def {name}(board, mark):\n    return minimax(board, mark)\n\n" for name in names)
    program(tmp_path, "py", relays + "print(helper139(current_board_state, ai_mark))\n", call=False)
    result = cli("check", "prog.py", "--function", ",".join(["minimax", *names]))
    assert result.exit_code == 0, result.output
    assert "Verdict: identical" in result.stdout


@pytest.mark.parametrize("value", ["nan", "NaN", "-nan"])
def test_a_timeout_that_is_not_a_number_is_refused(cli, tmp_path: Path, value: str) -> None:
    program(tmp_path, "py")
    result = cli("check", "prog.py", "--timeout", value)
    assert result.exit_code == 2, result.output  # as any value out of range: the usage, then one line
    assert result.stderr.splitlines()[-1].startswith("trace: error: Invalid value for '--timeout'")
    assert "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prog.py"]


LONG = "a" * 300


@pytest.mark.parametrize("args", [
    ["check", "prog.py", "--log", f"{LONG}.txt"], ["check", "prog.py", "-o", f"{LONG}.svg"],
    ["check", "prog.py", "--html", f"{LONG}.html"], ["check", "prog.py", "--side-by-side", f"{LONG}.html"],
    ["b.txt", "-o", f"{LONG}.svg"], ["b.txt", "--log", f"{LONG}/log.txt"], ["b.txt", "--figures", LONG],
    ["b.txt", "--html", f"{LONG}.html"], ["compare", "b.txt", "--html", f"{LONG}.html"],
    ["play", "--html", f"{LONG}.html"], ["play", "--save", LONG],
])
def test_an_output_name_longer_than_a_file_system_allows_is_one_line(cli, tmp_path: Path,
                                                                    args: list[str]) -> None:
    from test_hostile_cli import error_line

    program(tmp_path, "py")
    (tmp_path / "b.txt").write_text("X.O\nX.X\nOO.\n", encoding="utf-8")
    error_line(cli(*args, input=""), "bytes long, and a file system allows at most 255")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.txt", "prog.py"]


# -- 6. the verdict tells the truth ------------------------------------------------------------

@pytest.mark.parametrize("tail", [b"# caf\xe9\n", b"text = 'caf\xe9'\n"])
def test_a_python_file_python_refuses_is_refused(cli, tmp_path: Path, tail: bytes) -> None:
    """Latin-1 bytes without a coding line: Python will not run the file (PEP 263), even
    in a comment, so neither does the check."""
    import subprocess
    import sys

    from test_hostile_cli import error_line

    path = program(tmp_path, "py")
    path.write_bytes(path.read_bytes() + tail)
    assert subprocess.run([sys.executable, str(path)], capture_output=True).returncode != 0
    error_line(cli("check", "prog.py"), "invalid Python", "PEP 263")


def test_the_same_bytes_under_their_coding_line_are_checked(cli, tmp_path: Path) -> None:
    path = program(tmp_path, "py")
    path.write_bytes(b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + path.read_bytes())
    result = cli("check", "prog.py")
    assert result.exit_code == 0, result.output
    assert "Verdict: identical" in result.stdout


EXITS = {
    "py": ["import sys; sys.exit(0)", "import os; os._exit(0)"],
    "js": ["process.exit(0);"],
}


def _exiting(tmp_path: Path, language: str, exit_call: str, call: bool) -> Path:
    """The search exits the program where it finds the human has won (line 'won human')."""
    path = program(tmp_path, language, call=call)
    source = path.read_text(encoding="utf-8")
    if language == "py":
        changed = source.replace('    if has_won(board, human_mark):\n        return {"score": -1}\n',
                                 f'    if has_won(board, human_mark):\n        {exit_call}  # won human\n')
    else:
        changed = source.replace("  if (won(b, human)) return {score: -1};\n",
                                 f"  if (won(b, human)) {{ {exit_call} }} // won human\n")
    assert changed != source
    path.write_text(changed, encoding="utf-8")
    return path


@pytest.mark.parametrize("call", [True, False], ids=["its own call", "tracer's call"])
@pytest.mark.parametrize("language, exit_call", [
    *[("py", e) for e in EXITS["py"]], *[pytest.param("js", e, marks=pytest.mark.node) for e in EXITS["js"]]])
def test_the_programs_own_exit_inside_the_search_is_an_error_naming_where(cli, tmp_path: Path, language: str,
                                                                          exit_call: str, call: bool) -> None:
    path = _exiting(tmp_path, language, exit_call, call)
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "won human" in text)
    result = cli("check", path.name)
    assert result.exit_code == 1, result.output
    assert "Verdict: error" in result.stdout
    assert f"at line {line} of {path.name}" in result.stdout


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("cell", ["99", "-1", "0"])
def test_a_chosen_cell_that_is_no_empty_cell_is_a_departure(cli, tmp_path: Path, language: str, cell: str) -> None:
    """Every call returns the right score but chooses cell 99, -1 (no cells) or 0 (taken)."""
    path = program(tmp_path, language)
    source = path.read_text(encoding="utf-8")
    changed = (source.replace("    return test_plays[best]\n",
                              f'    return {{"index": {cell}, "score": test_plays[best]["score"]}}\n')
               .replace("  return plays[best];\n", f"  return {{index: {cell}, score: plays[best].score}};\n"))
    assert changed != source
    path.write_text(changed, encoding="utf-8")
    result = cli("check", path.name)
    assert result.exit_code == 1, result.output
    assert "Verdict: wrong" in result.stdout


# -- 7. smaller: FIFOs, two outputs on standard output, empty values ---------------------------

def _fifo(tmp_path: Path, name: str) -> str:
    import os

    os.mkfifo(tmp_path / name)
    return name


@pytest.mark.parametrize("args, status, words", [
    (["check", "{fifo}.py"], 2, ["expected a program file, found a FIFO"]),
    (["check", "prog.py", "{fifo}.txt"], 2, ["found no board"]),
    (["render", "{fifo}.json"], 2, ["end of the file"]),
    (["{fifo}.txt", "-q"], 2, ["found no board"]),
    (["b.txt", "-q", "-o", "{fifo}.svg"], 1, ["a FIFO no process reads"]),
])
def test_a_fifo_no_process_writes_or_reads_never_holds_tracer(tmp_path: Path, args: list[str], status: int,
                                                              words: list[str]) -> None:
    """Run as a process with a time limit: a FIFO waited on would hold it until killed."""
    from runs import one_error_line, trace_run

    program(tmp_path, "py")
    (tmp_path / "b.txt").write_text("X.O\nX.X\nOO.\n", encoding="utf-8")
    fifo = _fifo(tmp_path, "fifo" + next(a for a in args if "{fifo}" in a).split("{fifo}")[1])
    stem = fifo.rsplit(".", 1)[0]
    run = trace_run(*[a.replace("{fifo}", stem) for a in args], cwd=tmp_path, timeout=60)
    one_error_line(run, status, *words)


def test_a_fifo_no_process_writes_is_an_empty_standard_input(tmp_path: Path) -> None:
    from runs import trace_run

    program(tmp_path, "py")
    _fifo(tmp_path, "answers")
    run = trace_run("check", "prog.py", "--stdin", "answers", cwd=tmp_path, timeout=60)
    assert run.returncode == 0, run.stderr
    assert b"Verdict: identical" in run.stdout


def test_compare_refuses_its_page_and_its_json_both_on_standard_output(cli, tmp_path: Path) -> None:
    from test_hostile_cli import error_line

    (tmp_path / "b.txt").write_text("X.O\nX.X\nOO.\n", encoding="utf-8")
    error_line(cli("compare", "b.txt", "--html", "-", "--format", "json"), "--html", "standard output")


@pytest.mark.parametrize("args", [
    ["b.txt", "--scores", ""], ["b.txt", "--order", " "], ["b.txt", "--stats", "--scores", ""],
    ["check", "prog.py", "--scores", ""], ["check", "prog.py", "--function", ""], ["check", "prog.py", "--ai", ""],
    ["play", "--scores", ""], ["compare", "b.txt", "--scores", ""], ["quiz", "b.txt", "--order", ""],
])
def test_an_empty_option_value_is_refused_like_any_bad_value(cli, tmp_path: Path, args: list[str]) -> None:
    program(tmp_path, "py")
    (tmp_path / "b.txt").write_text("X.O\nX.X\nOO.\n", encoding="utf-8")
    result = cli(*args, input="")
    assert result.exit_code == 2, result.output
    last = result.stderr.splitlines()[-1]
    assert last.startswith("trace: error: ") and "Invalid value for" in last, result.stderr


@pytest.mark.parametrize("field, call", [("departure", 10**9), ("departure", 0), ("error_call", -1),
                                         ("error_call", 10)])
def test_a_saved_trace_naming_a_call_it_does_not_have_is_refused(cli, tmp_path: Path, field: str,
                                                                 call: int) -> None:
    """The guide's 9 calls from its board, saved, then one fact pointed past them."""
    from test_hostile_cli import error_line

    path = program(tmp_path, "py")
    path.write_text(path.read_text(encoding="utf-8").replace("return test_plays[best]", "return test_plays[0]"),
                    encoding="utf-8")
    assert cli("check", "prog.py", "-o", "mine.json").exit_code == 1
    data = json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))
    assert data["check"]["departure"]["call"] <= 9 and cli("render", "mine.json", "-q").exit_code == 0
    if field == "departure":
        data["check"]["departure"]["call"] = call
    else:
        data["check"]["error_call"] = call
    (tmp_path / "crafted.json").write_text(json.dumps(data), encoding="utf-8")
    error_line(cli("render", "crafted.json", "-q"), "crafted.json", field)
