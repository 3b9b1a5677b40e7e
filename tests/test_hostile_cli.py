"""Hostile names, numbers, answers and options on every command (issue 24, round 2).

Each class of input the issue names is tried on every command that meets it: a name
with control characters never reaches the terminal raw, a number the game does not
declare is one ``trace: error:`` line naming its place, a tree file is recognised
however it opens, an option that would change nothing is refused, and no output ever
replaces one of the run's inputs, links and standard input included.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import tracer
from tracer.errors import MESSAGE_LIMIT
from tracer.tracefile import render_json

#: Characters that act on a terminal or break a line: C0 and C1 controls (but the
#: newline and tab of normal output), bidi overrides, the line and paragraph separators,
#: and undecodable bytes kept as surrogates.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\udc80-\udcff]")
#: A file name with an escape sequence, a bell, a C1 control, a bidi override, markup.
HOSTILE_NAME = "t\x1b[31m\x07\x9b2J\u202e<img src=x onerror=alert(1)>.txt"
FIGURE_5_2 = "A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]\n"


def error_line(result, *words: str, status: int = 2) -> str:
    """The one ``trace: error:`` line a CliRunner result printed, checked."""
    assert result.exit_code == status, (result.exit_code, result.output)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("trace: error: "), result.stderr
    assert not RAW.search(lines[0]) and len(lines[0]) <= len("trace: error: ") + MESSAGE_LIMIT, lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def no_raw_controls(*texts: str) -> None:
    for text in texts:
        found = RAW.search(text)
        assert found is None, f"raw {found.group()!r} in {text[max(0, found.start() - 60):found.end() + 60]!r}"


# -- no terminal escape reaches the terminal ----------------------------------------------

@pytest.mark.parametrize("command", [
    [], ["--stats"], ["--algorithm", "alphabeta"], ["compare"], ["quiz"],
])
def test_a_tree_files_name_is_printed_with_its_controls_shown(cli, tmp_path: Path, command: list[str]) -> None:
    (tmp_path / HOSTILE_NAME).write_text(FIGURE_5_2, encoding="utf-8")
    commands = (["compare"], ["quiz"])
    args = [*command, HOSTILE_NAME] if command[:1] in commands else [HOSTILE_NAME, "--no-tree", *command]
    result = cli(*args, input="3\n")
    assert result.exit_code == 0, result.output
    no_raw_controls(result.stdout, result.stderr)
    assert "t\\x1b[31m\\x07\\x9b2J\\u202e<img src=x onerror=alert(1)>.txt" in result.stdout


def test_the_files_a_run_reports_are_named_with_their_controls_shown(cli, tmp_path: Path) -> None:
    (tmp_path / "t.txt").write_text(FIGURE_5_2, encoding="utf-8")
    page, tree = "p\x1b]0;owned\x07.html", "t\x1b[2J.svg"
    result = cli("t.txt", "--stats", "--html", page, "-o", tree, "--figures", "f\x1b[1m")
    assert result.exit_code == 0, result.output
    assert (tmp_path / page).is_file() and (tmp_path / tree).is_file() and (tmp_path / "f\x1b[1m").is_dir()
    no_raw_controls(result.stdout, result.stderr)
    assert "p\\x1b]0;owned\\x07.html" in result.stderr and "t\\x1b[2J.svg" in result.stderr


def test_a_saved_traces_source_is_shown_with_its_controls_escaped(cli, tmp_path: Path) -> None:
    trace = tracer.search(tracer.tree(FIGURE_5_2))
    doc = render_json(trace).replace('"source":"<string>"', '"source":"\\u001b[2J\\u0007\\r\\u202e<i>x</i>"', 1)
    assert "u001b" in doc
    (tmp_path / "t.json").write_text(doc, encoding="utf-8")
    for extra in ([], ["--stats"]):
        result = cli("render", "t.json", "--no-tree", *extra)
        assert result.exit_code == 0, result.output
        no_raw_controls(result.stdout, result.stderr)
        assert "\\x1b[2J\\x07\\r\\u202e<i>x</i>" in result.stdout
    # Written back, the name reads as it was shown: the escaped text, no control in it.
    assert cli("render", "t.json", "-o", "again.json", "-q").exit_code == 0
    again = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
    assert again["source"] == "\\x1b[2J\\x07\\r\\u202e<i>x</i>"


def test_a_hostile_cutoff_is_refused_with_its_controls_escaped(cli, tmp_path: Path) -> None:
    from tracer.search import run_search

    text = render_json(run_search(tracer.tree(FIGURE_5_2), "alphabeta"))
    (tmp_path / "t.json").write_text(text.replace('"cutoff":"ge"', '"cutoff":"\\u001b[31mge"', 1), encoding="utf-8")
    error_line(cli("render", "t.json", "--no-tree"), "cutoff", "\\u001b[31mge")


def test_answers_echoed_by_the_quiz_show_their_controls(cli) -> None:
    result = cli("quiz", "--example", "near-endgame", input="\x1b[2J\x1b]0;t\x07\n-1\n")
    assert result.exit_code == 0, result.output
    no_raw_controls(result.stdout, result.stderr)
    assert "> \\x1b[2J\\x1b]0;t\\x07" in result.stdout


# -- numbers as the game declares them --------------------------------------------------

@pytest.mark.parametrize("leaf", [
    "9" * 5000, "0" * 4999 + "4", "-" + "0" * 4999 + "4", "00000000004", "1000000001", "-1000000001",
    "99999999999", "1e400", "1E3", "1.5", "0x10", "1_000", "\u0661", "\uff14", "+-1", "--1", "NaN",
    "Infinity", "true", '"4"', "4.",
])
def test_a_leaf_the_notation_does_not_declare_is_one_line(cli, tmp_path: Path, leaf: str) -> None:
    (tmp_path / "t.txt").write_text(f"# a tree\nR: [3, {leaf}, 5]\n", encoding="utf-8")
    line = error_line(cli("t.txt", "-q", "--no-tree"), "t.txt:2:8: expected ")
    assert "leaf value" in line or "node" in line, line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.txt"]


@pytest.mark.parametrize("leaf, value", [("0000000004", 4), ("-1000000000", -10**9), ("1000000000", 10**9),
                                         ("+7", 7), ("-0", 0)])
def test_leaves_within_the_declared_range_are_read(leaf: str, value: int) -> None:
    game = tracer.tree(f"[{leaf}, 1]")
    assert game.nodes.values[1] == value


@pytest.fixture(scope="module")
def alphabeta_tree_text() -> str:
    from tracer.search import run_search

    return render_json(run_search(tracer.tree(FIGURE_5_2), "alphabeta"))


@pytest.mark.parametrize("field", ["alpha", "beta", "score", "depth"])
@pytest.mark.parametrize("value", ["1e400", "-1e400", '"3"', "true", "1.5", "[3]", "{}", str(10**9 + 1),
                                   "9" * 25, "null"])
def test_a_bound_or_score_of_another_type_is_one_line(cli, tmp_path: Path, alphabeta_tree_text: str,
                                                     field: str, value: str) -> None:
    head, sep, rest = alphabeta_tree_text.partition('{"call":3,')
    found = re.search(f'"{field}":(-?[0-9]+|null)', rest)
    assert found is not None
    if value == "null" and found.group(1) == "null":
        value = '"null"'
    text = head + sep + rest[:found.start()] + f'"{field}":{value}' + rest[found.end():]
    (tmp_path / "t.json").write_text(text, encoding="utf-8")
    error_line(cli("render", "t.json", "--no-tree"), "t.json")


@pytest.mark.parametrize("leaf", ["9" * 5000, "1e400", "0" * 4999 + "4"])
def test_a_saved_trees_notation_is_held_to_the_same_numbers(cli, tmp_path: Path, leaf: str) -> None:
    text = render_json(tracer.search(tracer.tree(FIGURE_5_2)))
    (tmp_path / "t.json").write_text(text.replace("[3, 12, 8]", f"[3, {leaf}, 8]", 1), encoding="utf-8")
    error_line(cli("render", "t.json", "--no-tree"), "t.json", "game_tree")


# -- detection: a tree file is read as one --------------------------------------------------

@pytest.mark.parametrize("opening", [
    "\ufeff",  # a byte-order mark
    "# " + "x" * 10_000 + "\n",  # a comment longer than any sniffing window
    "#\n" * 30_000,  # 60 KB of comment lines
    "\ufeff# figure 5.2\r\n\r\n",
])
def test_a_tree_file_however_it_opens_is_read_as_a_tree(cli, tmp_path: Path, opening: str) -> None:
    (tmp_path / "t.txt").write_text(opening + FIGURE_5_2, encoding="utf-8")
    result = cli("t.txt", "--stats", "--no-tree")
    assert result.exit_code == 0, result.output
    assert "13 nodes, 9 leaves" in result.stdout


def test_a_tree_file_over_a_boards_size_is_read_as_a_tree(cli, tmp_path: Path) -> None:
    leaves = ", ".join(f"L{'x' * 30}{i}: {i}" for i in range(2500))  # about 100 KB
    (tmp_path / "t.txt").write_text(f"[{leaves}]\n", encoding="utf-8")
    assert (tmp_path / "t.txt").stat().st_size > 64 * 1024
    result = cli("t.txt", "--stats", "--no-tree")
    assert result.exit_code == 0, result.output
    assert "2501 nodes, 2500 leaves" in result.stdout


@pytest.mark.parametrize("tree", ["1st: [1, 2]", "Ä: [1, 2]", "A-B: [1, 2]", "B.1: [1, 2]", "[x-y: 1, 2]",
                                  "\ufeffé: [1, 2]", "A: [1, 2nd: 3]"])
def test_a_label_that_is_no_identifier_is_a_tree_error(cli, tmp_path: Path, tree: str) -> None:
    (tmp_path / "t.txt").write_text(tree + "\n", encoding="utf-8")
    line = error_line(cli("t.txt", "-q", "--no-tree"), "t.txt:1:")
    assert "label" in line or "node" in line, line
    assert not any(word in line for word in ("row", "cells", "board", "65536", "64 KiB")), line


@pytest.mark.parametrize("board", ["\ufeffX.OX.XOO.\n", "# " + "x" * 10_000 + "\nX . O\nX . X\nO O .\n",
                                   "#\n" * 1000 + '["X", 1, "O", "X", 4, "X", "O", "O", 8]\n'])
def test_a_board_however_it_opens_is_still_a_board(cli, tmp_path: Path, board: str) -> None:
    (tmp_path / "b.txt").write_text(board, encoding="utf-8")
    result = cli("b.txt", "--stats", "--no-tree")
    assert result.exit_code == 0, result.output
    assert "X.O/X.X/OO." in result.stdout


# -- options that do not apply are refused ------------------------------------------------

BOARD_OPTIONS = [["--scores", "depth"], ["--scores", "-5,5,0"], ["--ai", "O"], ["--ai", "X"],
                 ["--order", "centre-first"], ["--order", "garbage"]]


@pytest.mark.parametrize("command, option", [(command, option) for command in ([], ["quiz"], ["compare"])
                                             for option in BOARD_OPTIONS
                                             if not (command and command[0] == "compare" and option[0] == "--order")])
def test_a_boards_options_on_a_tree_are_refused(cli, command: list[str], option: list[str]) -> None:
    extra = ["-q", "--no-tree"] if not command else []
    line = error_line(cli(*command, "--example", "aima-5.2", *option, *extra), option[0])
    assert "tic-tac-toe" in line and "tree" in line


def test_garbage_order_on_a_board_is_refused(cli) -> None:
    error_line(cli("--example", "near-endgame", "--order", "garbage", "-q", "--no-tree"), "--order")


@pytest.mark.parametrize("option, named", [
    (["--algorithm", "memo"], "--algorithm"), (["--algorithm", "alphabeta"], "--algorithm"),
    (["--save", "d"], "--save"), (["--first", "human"], "--first"), (["--order", "centre-first"], "--order"),
    (["--no-color"], "--color"), (["--cutoff", "gt"], "--cutoff"), (["--save-as", "json"], "--save-as"),
])
def test_play_html_refuses_what_only_a_terminal_game_uses(cli, tmp_path: Path, option: list[str],
                                                          named: str) -> None:
    error_line(cli("play", "--html", "game.html", *option), named)
    assert list(tmp_path.iterdir()) == []


def test_save_as_without_save_is_refused(cli, tmp_path: Path) -> None:
    error_line(cli("play", "--save-as", "json", input="q\n"), "--save-as", "--save DIR")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("options, option", [
    (["--no-tree", "--max-nodes", "50"], "--max-nodes"),
    (["-o", "t.json", "--depth", "2"], "--depth"),
    (["--stats", "--line"], "--line"),
    (["-o", "t.svg", "--scale", "2"], "--scale"),
    (["--html", "p.html", "--engine", "dot"], "--engine"),
    (["-o", "t.dot", "--engine", "pure"], "--engine"),
    (["--no-tree", "-o", "t.svg"], "-o"),
    (["--no-tree", "--format", "png"], "--format"),
    (["-o", "t.json", "--focus", "2"], "--focus"),
])
def test_output_options_that_change_nothing_are_refused(cli, tmp_path: Path, options: list[str],
                                                        option: str) -> None:
    error_line(cli("--example", "near-endgame", *options), option)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("options", [
    ["-o", "t.png", "--scale", "2"], ["--figures", "f", "--format", "png", "--scale", "2", "--depth", "2"],
    ["--html", "p.html", "--focus", "2"], ["-o", "t.svg", "--line"], ["-o", "t.dot", "--max-nodes", "5"],
])
def test_output_options_that_apply_are_taken(cli, options: list[str]) -> None:
    result = cli("--example", "near-endgame", "-q", *options)
    assert result.exit_code == 0, result.output


# -- no output replaces an input ------------------------------------------------------------

def _inputs(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text("X.OX.XOO.\n", encoding="utf-8")
    (tmp_path / "t.json").write_text(render_json(tracer.record("X.OX.XOO.")), encoding="utf-8")
    (tmp_path / "figs").mkdir()
    (tmp_path / "figs" / "overview.svg").write_text("X.OX.XOO.\n", encoding="utf-8")
    (tmp_path / "figs" / "index.html").write_text("X.OX.XOO.\n", encoding="utf-8")
    (tmp_path / "figs" / "test-play-1.svg").write_text(render_json(tracer.record("X.OX.XOO.")), encoding="utf-8")
    os.symlink("b.txt", tmp_path / "link.html")
    os.link(tmp_path / "t.json", tmp_path / "hard.svg")
    os.symlink("figs", tmp_path / "figlink")


REPLACING = [
    ["b.txt", "-o", "b.txt", "--format", "dot"], ["b.txt", "--log", "b.txt"], ["b.txt", "--html", "b.txt"],
    ["b.txt", "--html", "link.html"], ["b.txt", "-o", "link.html", "--format", "svg"],
    ["figs/overview.svg", "--figures", "figs"], ["figs/overview.svg", "--figures", "figlink"],
    ["figlink/index.html", "--figures", "figs"], ["b.txt", "--figures", "b.txt"],
    ["render", "t.json", "-o", "t.json"], ["render", "t.json", "-o", "hard.svg"],
    ["render", "t.json", "--log", "hard.svg"], ["render", "figs/test-play-1.svg", "--figures", "figs"],
    ["render", "hard.svg", "--html", "t.json"],
    ["compare", "b.txt", "--html", "b.txt"], ["compare", "b.txt", "--html", "link.html"],
    ["compare", "figs/overview.svg", "--html", "figlink/overview.svg"],
    # two outputs of one run
    ["b.txt", "-o", "figs/overview.svg", "--figures", "figs"], ["b.txt", "--html", "x.html", "--log", "x.html"],
]


@pytest.mark.parametrize("args", REPLACING, ids=" ".join)
def test_no_output_replaces_an_input_or_another_output(cli, tmp_path: Path, args: list[str]) -> None:
    _inputs(tmp_path)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    listing = sorted(str(p) for p in tmp_path.rglob("*"))
    error_line(cli(*args, "-q") if args[0] != "compare" else cli(*args), "give each output its own file")
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    assert sorted(str(p) for p in tmp_path.rglob("*")) == listing


@pytest.mark.parametrize("command", [["-", "-o", "b.txt", "--format", "dot"], ["render", "-", "--log", "t.json"],
                                     ["compare", "-", "--html", "b.txt"]])
def test_no_output_replaces_the_file_standard_input_reads(tmp_path: Path, command: list[str]) -> None:
    from runs import one_error_line, trace_run

    _inputs(tmp_path)
    source = tmp_path / ("t.json" if command[0] == "render" else "b.txt")
    before = source.read_bytes()
    one_error_line(trace_run(*command, cwd=tmp_path, stdin=source), 2, "give each output its own file")
    assert source.read_bytes() == before


def test_standard_input_read_from_a_file_leaves_other_outputs_free(tmp_path: Path) -> None:
    """Only the very file standard input reads is guarded: another output, there from an
    earlier run, is written over as usual."""
    from runs import trace_run

    _inputs(tmp_path)
    source = tmp_path / "b.txt"
    before = source.read_bytes()
    (tmp_path / "out.dot").write_text("an earlier run's drawing\n", encoding="utf-8")
    run = trace_run("-", "-o", "out.dot", "--format", "dot", "-q", cwd=tmp_path, stdin=source)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "out.dot").read_text(encoding="utf-8").startswith("digraph")
    assert source.read_bytes() == before


def test_a_quiz_writes_nothing(cli, tmp_path: Path) -> None:
    _inputs(tmp_path)
    listing = sorted(str(p) for p in tmp_path.rglob("*"))
    assert cli("quiz", "b.txt", input="-1\n1\n-1\n4\n").exit_code == 0
    assert cli("quiz", "-", input="X.O\nX.X\nOO.\n\n-1\n").exit_code == 0
    assert sorted(str(p) for p in tmp_path.rglob("*")) == listing


def test_play_save_never_writes_one_file_over_another_of_the_same_decision(cli, tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "move-1.svg").write_text("keep me\n", encoding="utf-8")
    os.symlink("move-1.svg", tmp_path / "d" / "move-1.html")  # the page would land on the tree
    result = cli("play", "--save", "d", "--save-as", "svg", "--save-as", "html", input="q\n")
    assert result.exit_code == 0, result.output
    assert "Could not save move 1" in result.stdout and "give each output its own file" in result.stdout
    assert (tmp_path / "d" / "move-1.svg").read_text(encoding="utf-8") == "keep me\n"


# -- every path is one line ------------------------------------------------------------------

def test_error_lines_are_cut_however_long_the_input(cli, tmp_path: Path) -> None:
    wide = tracer.search(tracer.tree("[" + " ".join(str(i % 7) for i in range(3000)) + "]"))
    doc = json.loads(render_json(wide))
    doc["tree"]["best"] = 3001  # not one of the 3,000 moves the error lists
    (tmp_path / "t.json").write_text(json.dumps(doc), encoding="utf-8")
    line = error_line(cli("render", "t.json", "--no-tree"), "t.json")
    assert "…" in line
    for option in (["--order", "9," * 50_000], ["--scores", "1" * 100_000]):
        error_line(cli("--example", "near-endgame", "-q", "--no-tree", *option), option[0])
    long_name = "x" * 200 + "\x1b" * 50 + ".txt"
    (tmp_path / long_name).write_text("junk\n", encoding="utf-8")
    error_line(cli(long_name, "-q", "--no-tree"), "…")


@pytest.mark.parametrize("answers", ["\u00b2\n" * 9, ("9" * 5000 + "\n") * 9,
                                     "1\n" * 4 + "\u00b2\n" + "9" * 5000 + "\n", "1 \u00b2 \u0663 x 007\n" * 9])
@pytest.mark.parametrize("example, algorithm", [("near-endgame", "alphabeta"), ("near-endgame", "minimax"),
                                                ("aima-5.2", "alphabeta"), ("aima-5.2", "memo")])
def test_any_answer_is_read_or_asked_again(cli, answers: str, example: str, algorithm: str) -> None:
    result = cli("quiz", "--example", example, "--algorithm", algorithm, input=answers)
    assert result.exit_code == 0, result.output
    assert result.stderr == "" and "Score:" in result.stdout
    assert max(map(len, result.stdout.splitlines())) < 1000


@pytest.mark.parametrize("stdin, words", [(b"\xff\xfe\n", ["<stdin>", "UTF-8"]), (b"-1\n\xc3\x28\n", ["UTF-8"]),
                                          (b"\x00" * (2 << 20), ["no line end"])])
def test_quiz_answers_that_are_not_lines_of_text_are_one_line(tmp_path: Path, stdin: bytes,
                                                               words: list[str]) -> None:
    from runs import one_error_line, trace_run

    (tmp_path / "answers").write_bytes(stdin)
    run = trace_run("quiz", "--example", "near-endgame", cwd=tmp_path, stdin=tmp_path / "answers")
    one_error_line(run, 2, *words)


@pytest.mark.parametrize("command", [["quiz", "--example", "near-endgame"], ["quiz", "-"]])
def test_a_quiz_on_a_closed_standard_input_is_one_line(tmp_path: Path, command: list[str]) -> None:
    from runs import one_error_line, trace_run

    one_error_line(trace_run(*command, cwd=tmp_path, closed_stdin=True), 1, "standard input")


def test_a_quiz_on_endless_input_stops_in_bounded_memory(tmp_path: Path) -> None:
    from runs import one_error_line, trace_run

    for command in (["quiz", "--example", "near-endgame"], ["quiz", "-"]):
        run = trace_run(*command, cwd=tmp_path, stdin="/dev/zero")
        one_error_line(run, 2)
        assert run.peak_mib < 100, run.peak_mib


def test_a_tree_file_whose_name_is_not_utf8_runs_every_output(tmp_path: Path) -> None:
    import subprocess
    import sys

    name = b"tree-\xff\xfe.txt"
    (tmp_path / os.fsdecode(name)).write_text(FIGURE_5_2, encoding="utf-8")
    for args in ([], ["--stats"], ["-o", "t.json"], ["--html", "p.html", "-q"], ["--figures", "f", "-q"]):
        done = subprocess.run([sys.executable, "-m", "tracer", name, *args], cwd=tmp_path, capture_output=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        assert b"Traceback" not in done.stderr
        assert b"\xff" not in done.stdout + done.stderr
    assert b"tree-\\udcff\\udcfe.txt" in done.stderr or (tmp_path / "f" / "index.html").is_file()
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert "tree-\\udcff\\udcfe.txt" in page
    assert json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))["source"] == "tree-\\udcff\\udcfe.txt"
    assert (tmp_path / os.fsdecode(b"tree-\xff\xfe.svg")).is_file()  # the default tree beside it, same name


def _fake_dot(tmp_path: Path, script: str) -> dict[str, str]:
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    (folder / "dot").write_text("#!/bin/sh\n" + script, encoding="utf-8")
    (folder / "dot").chmod(0o755)
    return {"PATH": f"{folder}{os.pathsep}{os.environ['PATH']}", "TRACER_ENGINE": "dot"}


@pytest.mark.parametrize("script", [
    'echo "\x1b[31mError: out of memory\x1b[0m" >&2; exit 3\n',  # fails, with escape codes
    "printf '\\377\\376<svg'\n",  # not UTF-8
    "cat >/dev/null; echo '<html>not a picture</html>'\n",  # not SVG
    "kill -SEGV $$\n",  # crashes
    "exit 0\n",  # writes nothing
])
@pytest.mark.parametrize("command", [["compare", "b.txt", "--html", "c.html"], ["b.txt", "-q", "-o", "t.svg"],
                                     ["b.txt", "-q", "--figures", "f"], ["b.txt", "-q", "-o", "t.png"]])
def test_a_failing_layout_program_is_one_line(tmp_path: Path, script: str, command: list[str]) -> None:
    from runs import one_error_line, trace_run

    (tmp_path / "b.txt").write_text("X.OX.XOO.\n", encoding="utf-8")
    run = trace_run(*command, cwd=tmp_path, env=_fake_dot(tmp_path, script))
    line = one_error_line(run, 1, "Graphviz (dot)")
    assert "\\x1b[31m" in line or "\x1b" not in script
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.txt", "bin"]


@pytest.mark.parametrize("key", ["alpha", "beta", "pruned"])
def test_alphabeta_rows_without_their_keys_are_one_line(cli, tmp_path: Path, alphabeta_tree_text: str,
                                                        key: str) -> None:
    text = re.sub(f'"{key}":(null|-?[0-9]+|\\[[0-9,]*\\]),', "", alphabeta_tree_text)
    (tmp_path / "t.json").write_text(text, encoding="utf-8")
    for outputs in (["--no-tree"], ["-q", "--html", "p.html"], ["-q", "-o", "t.dot"]):
        error_line(cli("render", "t.json", *outputs), f"'{key}'")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]


@pytest.mark.parametrize("key", ["cache_hit", "cached_from"])
def test_memo_rows_without_their_keys_are_one_line(cli, tmp_path: Path, key: str) -> None:
    from tracer.search import run_search

    text = render_json(run_search(tracer.tree("[[1, [2, 3]], [[2, 3], 1]]"), "memo"))
    text = re.sub(f'"{key}":(null|true|false|-?[0-9]+),', "", text)
    (tmp_path / "t.json").write_text(text, encoding="utf-8")
    error_line(cli("render", "t.json", "-q", "--html", "p.html"), f"'{key}'")
