"""The common slips of a first session get one line that points to what was meant (issue 35):
a program given as a board, a board typed on the command line, ``trace examples``, the guide's
array with its marks unquoted."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracer import examples


@pytest.mark.parametrize("name", ["guide.js", "minimax.py", "port.mjs"])
def test_a_program_given_as_a_board_points_to_trace_check(cli, tmp_path: Path, name: str):
    (tmp_path / name).write_text('const humanMark = "O";\nfunction minimax(board, mark) {}\n')
    result = cli(name)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"trace: error: {name}: a program, not a board: to check your own minimax, "
                             f"type trace check {name}\n")


@pytest.mark.parametrize("typed", ["X.OX.XOO.", "X.O/X.X/OO.", "x.ox.xoo.", "X|1|O/X|4|X/O|O|8"])
def test_a_board_typed_on_the_command_line_is_read_as_the_board(cli, tmp_path: Path, typed: str):
    # The guide's board: X to move, its best test-play cell 4 (the guide's figure 10).
    result = cli(typed, "--stats")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].split()[:5] == ["board", "X.O/X.X/OO.,", "X", "to", "move,"]
    assert result.stdout.splitlines()[-1].startswith("result               {index: 4, score: 1}")
    written = cli(typed, "-q")
    assert written.exit_code == 0 and sorted(p.name for p in tmp_path.iterdir()) == ["board.svg"]


def test_a_file_of_that_name_is_read_as_the_file(cli, tmp_path: Path):
    (tmp_path / "X.OX.XOO.").write_text("X X O\nO O X\nX . .\n")
    result = cli("X.OX.XOO.", "--stats")
    assert result.exit_code == 0 and result.stdout.startswith("board                XXO/OOX/X..")


def test_a_wrong_board_on_the_command_line_is_named_as_such(cli):
    result = cli("XXXXXXXXX", "--stats")
    assert result.exit_code == 2
    assert result.stderr.startswith("trace: error: the command line:1: expected the numbers of X and O")


@pytest.mark.parametrize("word", ["examples", "example"])
def test_examples_as_a_board_lists_them_and_says_how_to_run_one(cli, word: str):
    result = cli(word)
    assert result.exit_code == 2 and result.stdout == ""
    names = ", ".join(examples.names())
    assert "near-endgame" in names and "aima-5.2" in names
    assert result.stderr == (f"trace: error: {word}: no such file; the bundled examples are: {names}; "
                             "run one with trace --example NAME\n")


def test_the_guides_array_with_unquoted_marks_says_to_quote_them(cli, tmp_path: Path):
    (tmp_path / "array.txt").write_text("[X, 1, O, X, 4, X, O, O, 8]\n")
    result = cli("array.txt")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == ('trace: error: array.txt:1: expected "X", "O" or a number at item 1 of the array, '
                             "found 'X, 1, O, X, 4, X, O, O, 8'; a mark without its quotes: write the marks in "
                             'quotes, as the guide does (["X", 1, "O", ...])\n')
    # Quoted, it is the guide's board; numbers alone in brackets stay a tree and Nim's heaps.
    (tmp_path / "array.txt").write_text('["X", 1, "O", "X", 4, "X", "O", "O", 8]\n')
    assert cli("array.txt", "--stats").stdout.startswith("board                X.O/X.X/OO.")
    (tmp_path / "tree.txt").write_text("[[3, 1], [2, 4]]\n")
    assert cli("tree.txt", "--stats").stdout.startswith("tree ")
