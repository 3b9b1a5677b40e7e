"""``trace check`` names the real cause: the program's own error before its search, a --stdin that
is no file, a process that ended itself or ran out of memory, a host the program broke, a limit
reached mid-search, a message too long to read, ±Infinity as the program's language writes it."""

from __future__ import annotations

from pathlib import Path

import pytest
from checking import LEARNERS, run_check, run_text

GUIDE_PORT = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")
NEGAMAX_JS = (LEARNERS / "js_negamax.js").read_text(encoding="utf-8")


def one_line_refusal(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "", err
    assert err.startswith("trace: error: ") and err.count("\n") == 1, err
    return err


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# ---- the program's own error before its first search call --------------------------------------

PYTHON_BEFORE = {
    # The search is defined after the line that fails, so it does not exist to be called.
    "NameError": ("print(undefined_helper())\n", "name 'undefined_helper' is not defined", ""),
    "EOFError": ("answer = input('your move? ')\n", "EOF when reading a line", "--stdin FILE"),
    "ModuleNotFoundError": ("import no_such_module_for_tracer\n", "no_such_module_for_tracer", "not installed"),
    "MemoryError": ("cache = bytearray(2 ** 62)\n", "", "out of memory"),
}


@pytest.mark.parametrize("kind", sorted(PYTHON_BEFORE))
def test_python_error_before_the_search_is_named(kind: str, tmp_path: Path) -> None:
    first, message, hint = PYTHON_BEFORE[kind]
    path = write(tmp_path, "before.py", first + GUIDE_PORT)
    err = one_line_refusal(*run_text(path))
    assert f"the program stopped with {kind} at line 1 before its first search call" in err
    assert message in err and hint in err
    assert "call it from the program's top level" not in err


@pytest.mark.node
def test_javascript_error_before_the_search_is_named(tmp_path: Path) -> None:
    """A hoisted function tracer can reach, but whose constants the failing line kept unset."""
    path = write(tmp_path, "before.js", "console.log(notDefinedAnywhere);\n" + NEGAMAX_JS)
    err = one_line_refusal(*run_text(path, "--function", "negamax"))
    assert "the program stopped with ReferenceError at line 1 before its first search call" in err
    assert "notDefinedAnywhere is not defined" in err


@pytest.mark.node
def test_javascript_missing_module_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "needs.js", 'const prompt = require("no-such-module-for-tracer");\n' + NEGAMAX_JS)
    err = one_line_refusal(*run_text(path, "--function", "negamax"))
    assert "Cannot find module 'no-such-module-for-tracer'" in err and "not installed" in err


def test_stdin_that_is_no_file_is_bad_input(tmp_path: Path) -> None:
    program = str(LEARNERS / "py_input.py")
    for given, words in ((str(tmp_path / "missing.txt"), "no such file"), (str(tmp_path), "found a folder"),
                         ("-", "'-' is not passed on")):
        err = one_line_refusal(*run_text(program, "--stdin", given))
        assert words in err and (given in err or given == "-")


# ---- the run ended in a way that is not the limit ------------------------------------------------


def test_os_exit_after_a_finished_search(tmp_path: Path) -> None:
    """Its own search (the guide's 9 calls) is kept and checked; no other position could be."""
    path = write(tmp_path, "quits.py", GUIDE_PORT + "\nimport os\nos._exit(0)\n")
    code, data, _ = run_check(path)
    assert code == 0 and data["verdict"] == "identical" and data["calls"] == 9
    assert "ended by itself" in data["boards_note"] and data["searches"] == 1


def test_python_program_that_breaks_the_host(tmp_path: Path) -> None:
    path = write(tmp_path, "breaks.py", GUIDE_PORT + "\nimport os\nos.write = None\n")
    code, text, _ = run_text(path)
    assert code == 0 and "Verdict: identical" in text
    assert "the program broke trace check's host" in text
    assert "pyhost.py" not in text and "Traceback" not in text


@pytest.mark.node
def test_javascript_program_that_replaces_what_the_host_writes_with(tmp_path: Path) -> None:
    """The host keeps its own JSON, file and buffer functions, taken before the program runs:
    a program that replaces them after its search is still checked, not reported broken."""
    path = write(tmp_path, "breaks.js", NEGAMAX_JS + '\nJSON.stringify = null;\nrequire("fs").writeSync = null;\n'
                 'Buffer.from = null;\n')
    code, text, _ = run_text(path)
    assert code == 0 and "Verdict: correct" in text and "point of view" in text
    assert "host.js" not in text and "broke" not in text


@pytest.mark.node
def test_node_out_of_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NODE_OPTIONS", "--max-old-space-size=48")
    path = write(tmp_path, "hungry.js", "const kept = [];\nfor (;;) kept.push(new Array(1e6).fill(1.5));\n"
                 + NEGAMAX_JS)
    code, data, _ = run_check(path, "--function", "negamax", "--timeout", "60")
    assert code == 1 and data["error"]["kind"] == "out-of-memory"
    assert "ran out of memory" in data["error"]["message"] and "limit" not in data["error"]["message"]


def test_a_limit_reached_mid_search_keeps_the_calls(tmp_path: Path) -> None:
    """The empty board searched again and again: stopped at the time limit with calls recorded,
    never said to be before its first search call."""
    source = GUIDE_PORT.replace('["X", 1, "O", "X", 4, "X", "O", "O", 8]', "list(range(9))").replace(
        "best_play_info = minimax(current_board_state, ai_mark)",
        "for _ in range(100):\n    best_play_info = minimax(current_board_state, ai_mark)")
    path = write(tmp_path, "slow.py", source)
    code, data, _ = run_check(path, "--timeout", "1", "--boards", "0")
    assert code == 1 and data["verdict"] == "error" and data["calls"] > 0
    assert data["error"]["kind"] == "time-limit"
    code, text, _ = run_text(path, "--timeout", "1", "--boards", "0")
    assert "before its first search call" not in text and "still in call #" in text


# ---- what is shown -----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "language"), [("py", "python"), pytest.param("js", "javascript",
                                                                               marks=pytest.mark.node)])
def test_a_huge_thrown_message_is_cut(name: str, language: str, tmp_path: Path) -> None:
    """Call #2 throws a 10 MB message: shown cut to a readable length, with how much was cut."""
    if language == "python":
        source = GUIDE_PORT.replace("    available = empty_cells(board)\n",
                                    "    available = empty_cells(board)\n"
                                    "    if mark == human_mark:\n        raise ValueError('x' * 10_000_000)\n")
    else:
        source = NEGAMAX_JS.replace('  let best = -Infinity;\n',
                                    '  let best = -Infinity;\n  if (color === -1) throw new Error("x".repeat(1e7));\n')
    path = write(tmp_path, f"loud.{name}", source)
    code, text, _ = run_text(path)
    assert code == 1 and "more characters cut" in text
    assert max(len(line) for line in text.splitlines()) < 5000
    code, data, _ = run_check(path)
    assert len(data["error"]["message"]) < 5000 and "more characters cut" in data["error"]["message"]


ALPHA_BETA_JS = """\
const W = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const has = (b, m) => W.some((l) => l.every((i) => b[i] === m));
function minimax(board, alpha, beta, maximizing) {
  if (has(board, "O")) return -1;
  if (has(board, "X")) return 1;
  if (!board.includes("")) return 0;
  let best = maximizing ? -Infinity : Infinity;
  for (let i = 0; i < 9; i++) {
    if (board[i] !== "") continue;
    board[i] = maximizing ? "X" : "O";
    const v = minimax(board, alpha, beta, !maximizing);
    board[i] = "";
    if (maximizing) { best = Math.max(best, v); alpha = Math.max(alpha, v); }
    else { best = Math.min(best, v); beta = Math.min(beta, v); }
    if (beta <= alpha) break;
  }
  return best;
}
const board = ["X", "", "O", "X", "", "X", "O", "O", ""];
"""


@pytest.mark.node
def test_infinity_in_the_first_call_as_javascript_writes_it(tmp_path: Path) -> None:
    path = write(tmp_path, "ab.js", ALPHA_BETA_JS)
    code, text, _ = run_text(path, "--boards", "0")
    first = next(line for line in text.splitlines() if line.startswith("First call:"))
    assert "-Infinity, Infinity" in first and "null" not in first
