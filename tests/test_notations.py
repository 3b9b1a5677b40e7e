"""The notations learners already use: the guide's JavaScript line, tracer's own one-line
forms, and the board as ``trace play`` draws it; from files, standard input and Python."""

from __future__ import annotations

import click
import pytest

import tracer
from tracer import Board, InputError, parse_board
from tracer.play.terminal import board_lines

# The guide's board, as its figure shows it: X . O / X . X / O O .
GUIDE_BOARD = "X.OX.XOO."
# The line a learner copies from the guide's code, exactly as it is printed there.
GUIDE_LINE = 'const currentBoardState = ["X", 1, "O", "X", 4, "X", "O", "O", 8];'


@pytest.mark.parametrize(
    "text",
    [
        GUIDE_LINE,
        GUIDE_LINE + "\n",
        GUIDE_LINE.removesuffix(";"),
        GUIDE_LINE.replace("const ", "let "),
        GUIDE_LINE.split("= ", 1)[1],  # only the array, with its ';'
        GUIDE_LINE.replace('"', "'"),  # single quotes
        'currentBoardState = ["x", 1, "o", "x", 4, "x", "o", "o", 8]',
        # The array split over several lines, as an editor might format it.
        'const currentBoardState = [\n  "X", 1, "O",\n  "X", 4, "X",\n  "O", "O", 8,\n];\n',
        "# the guide's board\n" + GUIDE_LINE,
        "X.OX.XOO.",
        "x.ox.xoo.\n",
        "X.O/X.X/OO.",
        "x.o/x.x/oo.",
        " X | 1 | O\n---+---+---\n X | 4 | X\n---+---+---\n O | O | 8\n",
    ],
)
def test_every_notation_gives_the_guides_board(text):
    position = parse_board(text, "b.txt")
    assert position.board == Board(GUIDE_BOARD)
    assert position.to_move == "X"  # three X and three O: X, as in the guide


def test_the_board_as_trace_play_draws_it_reads_back():
    for cells in ("X.OX.XOO.", ".........", "XO.OX.X.O"):
        drawing = "\n".join(click.unstyle(line) for line in board_lines(Board(cells), played=0)) + "\n"
        assert "---+---+---" in drawing
        assert parse_board(drawing, "drawn.txt").board == Board(cells)


def test_guides_line_on_standard_input(cli):
    result = cli("-", "--no-tree", input=GUIDE_LINE + "\n")
    assert result.exit_code == 0, result.output
    assert "Result: {index: 4, score: 1} after 9 calls." in result.output


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('const b = ["X", 1, "O",\n"X", 4, "X",\n"O", "O", 8];\nX . O\n', 4,
         ["expected nothing after the array", "'X . O'"]),
        ('const b = ["X", 1, "O", "X", 4, "X", "O", "O", 8]; b;\n', 1,
         ["expected nothing after the array but a ';'", "'; b;'"]),
        ('const b = ["X", 1, "O",\n"X", 4, "X",\n', 1, ["expected the array to end with ']'"]),
        ('const b = ["X", 1, "O",\n"X", 5, "X", "O", "O", 8];\n', 1, ["item 5", "own index 4"]),
        ("X.OX.XOZ.", 1, ["'Z'"]),
        ("X.O/X.X", 1, ["expected 3 rows", "found 2"]),
        ("X.O/X.XX/OO.", 1, ["expected 3 cells in row 2", "found 4"]),
        (" X | 1 | O\n---+---+---\n X | 4 | X\n---+---+---\n", 3, ["expected 3 rows", "found 2"]),
        (" X | 1 | O\n---+---+---\n X | 5 | X\n---+---+---\n O | O | 8\n", 3, ["cell 4", "number 5"]),
    ],
)
def test_bad_notations_name_the_line_expected_and_found(text, line, words):
    with pytest.raises(InputError) as caught:
        parse_board(text, "bad.txt")
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"bad.txt:{line}: expected "), message
    for word in words:
        assert word in message, (word, message)


def test_python_accepts_the_notations_at_the_edge():
    assert Board("x.o/x.x/oo.") == Board(GUIDE_BOARD)
    assert Board(GUIDE_LINE).cells == GUIDE_BOARD
    trace = tracer.record("X.OX.XOO.")
    assert (trace.calls, str(trace.result)) == (9, "{index: 4, score: 1}")
    assert trace.game.to_move == "X"
    # One more X than O: O moves, inferred like the command line does.
    assert tracer.record("X..O.X...").game.to_move == "O"
    assert tracer.record(Board("X........")).game.to_move == "O"
    assert tracer.record("X........", "O").calls == tracer.record(Board("X........"), "O").calls


def test_wrong_argument_types_say_what_is_expected():
    # A list is the guide's array (issue 23): it must hold nine cells.
    with pytest.raises(ValueError, match="expected 9 items in the array, found 3"):
        tracer.record(["X", 1, "O"])
    with pytest.raises(TypeError, match="expects a Board, a string such as 'X.OX.XOO.' or the guide's array"):
        tracer.record({"X": 1})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Board\\(\\) expects the board as a string.*found int"):
        Board(123)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="differ by at most one"):
        tracer.record("XXX/X../...")
    with pytest.raises(ValueError, match="to_move"):
        tracer.record("X.OX.XOO.", "Z")  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["012345678\n", "# the guide's empty board\n 012345678 \n", "\ufeff012345678"])
def test_the_empty_board_as_its_indexes_on_one_line_is_a_board(cli, tmp_path, text):
    """Empty cells may be written as their own index, and nine cells may stand on one line,
    so 012345678 is the empty board (the guide's empty array), not a Nim heap."""
    (tmp_path / "empty.txt").write_text(text, encoding="utf-8")
    result = cli("empty.txt", "--stats")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].split() == ["board", ".../.../...,", "X", "to", "move,", "X", "is", "the",
                                                     "AI"]
    assert "549,946" in result.stdout
    assert tracer.record("012345678").calls == 549_946


def test_a_line_of_other_numbers_is_still_nim(cli, tmp_path):
    (tmp_path / "heaps.txt").write_text("1 2 3\n")
    assert cli("heaps.txt", "--stats").stdout.startswith("game                 Nim, heaps 1 2 3")
