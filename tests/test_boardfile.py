"""Board files: every accepted notation, every rejection, and property-based round trips."""

from __future__ import annotations

import io
import itertools
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracer import Board, InputError, parse_board
from tracer.games.tictactoe.notation import MAX_BYTES, read_board_file

TUTORIAL = Board("X.OX.XOO.")


def legal_boards() -> list[Board]:
    """Every board a board file may hold: counts within one, at most one player with a line."""
    boards = []
    for cells in itertools.product("XO.", repeat=9):
        board = Board("".join(cells))
        if abs(board.count("X") - board.count("O")) <= 1 and not (
            board.has_line("X") and board.has_line("O")
        ):
            boards.append(board)
    return boards


LEGAL = legal_boards()


def inferred_turn(board: Board) -> str:
    return "O" if board.count("X") > board.count("O") else "X"


# ---------------------------------------------------------------- accepted notations

@pytest.mark.parametrize(
    "text",
    [
        "X . O\nX . X\nO O .\n",
        "X|.|O\nX|.|X\nO|O|.",
        "X | . | O\nX | . | X\nO | O | .\n",
        "|X|.|O|\n|X|.|X|\n|O|O|.|\n",
        "X.O\nX.X\nOO.\n",
        "X-O\nX_X\nOO-\n",
        "X 1 O\nX 4 X\nO O 8\n",
        "x . o\nX . x\no O .\n",
        "X\t.\tO\nX\t.\tX\nO\tO\t.\n",
        "# the tutorial's board\n\nX . O   # top row\n\n# middle\nX . X\n\nO O .\n# end\n",
        "X . O\r\nX . X\r\nO O .\r\n",
        '["X", 1, "O", "X", 4, "X", "O", "O", 8]',
        "['X', 1, 'O', 'X', 4, 'X', 'O', 'O', 8]",
        '["X",1,"O","X",4,"X","O","O",8]',
        '  [ "x", 1, \'O\', "X" , 4, "X", "o", "O", 8 ]  # the tutorial\'s array\n',
        '# a comment first\n\n["X", 1, "O", "X", 4, "X", "O", "O", 8]\n\n',
    ],
)
def test_every_notation_reads_the_tutorial_board(text):
    position = parse_board(text, "board.txt")
    assert position.board == TUTORIAL
    assert position.to_move == "X"
    assert position.source == "board.txt"


def test_own_index_digits_everywhere_mean_an_empty_board():
    assert parse_board("0 1 2\n3 4 5\n6 7 8\n").board == Board.empty()
    assert parse_board("[0, 1, 2, 3, 4, 5, 6, 7, 8]").board == Board.empty()


@pytest.mark.parametrize(
    ("cells", "to_move"),
    [
        (".........", "X"),  # equal counts: X moves, as in the tutorial
        ("X........", "O"),  # one more X: O moves
        ("O........", "X"),  # one more O: X moves
        ("XO.......", "X"),
        ("XOX......", "O"),
    ],
)
def test_side_to_move_is_inferred_from_the_counts(cells, to_move):
    text = "\n".join(cells[r * 3 : r * 3 + 3] for r in range(3))
    assert parse_board(text).to_move == to_move


def test_turn_chooses_either_side_when_counts_are_equal():
    assert parse_board("XO.\n...\n...", turn="O").to_move == "O"
    assert parse_board("XO.\n...\n...", turn="X").to_move == "X"
    assert parse_board("X..\n...\n...", turn="O").to_move == "O"


def test_a_finished_board_is_not_an_error():
    assert parse_board("XXX\nOO.\n...").board == Board("XXXOO....")
    assert parse_board("XOX\nXOO\nOXX").board == Board("XOXXOOOXX")


def test_read_board_file_reads_bytes_with_a_bom():
    stream = io.BytesIO("\ufeffX . O\nX . X\nO O .\n".encode())
    assert read_board_file(stream, "b.txt").board == TUTORIAL


def test_stdin_dash_reads_the_board(cli):
    result = cli("-", "--no-tree", input="X . O\nX . X\nO O .\n")
    assert result.exit_code == 0, result.output
    assert "X plays cell 4 (centre) and wins at once: score +1" in result.output


def test_stdin_array_notation(cli):
    result = cli("-", "--no-tree", input='["X", 1, "O", "X", 4, "X", "O", "O", 8]\n')
    assert result.exit_code == 0, result.output
    assert "Result: {index: 4, score: 1} after 9 calls." in result.output


# ---------------------------------------------------------------- rejections

def rejection(text: str, source: str = "bad.txt", turn: str | None = None) -> InputError:
    with pytest.raises(InputError) as info:
        parse_board(text, source, turn)  # type: ignore[arg-type]
    return info.value


def assert_message(
    error: InputError, source: str, line: int, *found: str, found_word: bool = True
) -> None:
    """One line, ``source:line: expected ... found ...``, quoting what was found."""
    message = str(error)
    assert "\n" not in message and "\r" not in message
    assert message.startswith(f"{source}:{line}: expected "), message
    if found_word:
        assert "found" in message, message
    for text in found:
        assert text in message, (text, message)


@pytest.mark.parametrize(
    ("text", "line", "found"),
    [
        ("X . O\nX . X\n", 2, ["expected 3 rows", "found 2"]),
        ("X . O\n", 1, ["expected 3 rows", "found 1"]),
        ("X . O\nX . X\nO O .\nX . .\n", 4, ["expected 3 rows", "'X . .'"]),
        ("# c\nX . O\n\nX . X\nO O .\n\nO . .\n", 7, ["'O . .'"]),
        ("X . O\nX . X\nO O . X\n", 3, ["expected 3 cells in row 3", "found 4", "'O O . X'"]),
        ("X . O\nX X\nO O .\n", 2, ["expected 3 cells in row 2", "found 2", "'X X'"]),
        ("X . O\nX Z X\nO O .\n", 2, ["'Z'", "'X Z X'"]),
        ("X . O\nX . X\nO O *\n", 3, ["'*'"]),
        ("X . O\nX 5 X\nO O .\n", 2, ["cell 4", "number 5", "'X 5 X'"]),
        ("X 0 O\nX . X\nO O .\n", 1, ["cell 1", "number 0"]),
        ('["X", 1, "O", "X", 5, "X", "O", "O", 8]', 1, ["item 5", "own index 4", "number 5"]),
        ('["X", 1, "O", "X", 4, "X", "O", "O"]', 1, ["expected 9 items", "found 8"]),
        ('["X", 1, "O", "X", 4, "X", "O", "O", 8, 9]', 1, ["expected 9 items", "found 10"]),
        ('["X", 1, "Q", "X", 4, "X", "O", "O", 8]', 1, ["item 3", "'Q'"]),
        ('["X", 1, O, "X", 4, "X", "O", "O", 8]', 1, ["item 3", "'O, "]),
        ('["X", 1, "O", "X", 4, "X", "O", "O", 8', 1, ["end with ']'"]),
        ('\n["X", 1, "O", "X", 4, "X", "O", "O", 8]\nX . O\n', 3, ["nothing after", "'X . O'"]),
        ("XXX\nX..\n...\n", 1, ["differ by at most one", "4 X and 0 O", "'XXX/X../...'"]),
        ("\n\nOOO\n.O.\nX..\n", 3, ["differ by at most one", "1 X and 4 O"]),
        ("XXX\nOOO\n...\n", 1, ["at most one player", "'XXX/OOO/...'"]),
        ("", 1, ["found no board"]),
        ("\n  \n# only a comment\n", 1, ["found no board"]),
    ],
)
def test_rejections_name_source_line_expected_and_found(text, line, found):
    assert_message(rejection(text), "bad.txt", line, *found)


@pytest.mark.parametrize(
    ("text", "turn", "line"),
    [
        ("X..\n...\n...", "X", 1),  # one more X: only O may move
        ("\n# O opened\nO..\n...\n...", "O", 3),  # one more O: only X may move
    ],
)
def test_turn_contradicting_the_counts(text, turn, line):
    # What was found here is the option itself, quoted as the user typed it.
    error = rejection(text, turn=turn)
    other = "O" if turn == "X" else "X"
    assert_message(
        error, "bad.txt", line, f"expected {other} to move", f"--turn {turn}", found_word=False
    )


def test_turn_contradicting_the_counts_on_the_command_line(cli, tmp_path):
    (tmp_path / "b.txt").write_text("X . O\nX . X\nO . .\n")  # 3 X, 2 O: O moves
    result = cli("b.txt", "--turn", "X", "--no-tree")
    assert result.exit_code == 2
    assert result.output.startswith("trace: error: b.txt:1: expected O to move")
    assert "--turn X" in result.output and result.output.count("\n") == 1


def test_binary_junk_is_refused_with_its_line():
    data = b"X . O\nX . X\nO\x00\x01\x02\xff O .\n"
    with pytest.raises(InputError) as info:
        read_board_file(io.BytesIO(data), "junk.bin")
    message = str(info.value)
    assert "\n" not in message
    assert "expected" in message and "found" in message
    assert message.startswith("junk.bin:3: "), message


def test_undecodable_bytes_are_refused_with_their_line():
    data = b"X . O\n\xff\xfe\xfd\nO O .\n"
    with pytest.raises(InputError) as info:
        read_board_file(io.BytesIO(data), "junk.bin")
    message = str(info.value)
    assert message.startswith("junk.bin:2: expected UTF-8 text, found"), message


class CountingStream(io.RawIOBase):
    """An endless stream of 'X' that counts how many bytes were asked for."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[override]
        n = len(buffer)
        buffer[:n] = b"X" * n
        self.given += n
        return n


def test_a_huge_file_is_refused_after_reading_a_bounded_amount():
    stream = CountingStream()
    with pytest.raises(InputError) as info:
        read_board_file(stream, "huge.txt")  # type: ignore[arg-type]
    assert stream.given <= MAX_BYTES + 1
    message = str(info.value)
    assert message.startswith("huge.txt"), message
    assert "expected a small board file" in message and str(MAX_BYTES) in message


def test_a_huge_number_in_the_array_is_an_input_error():
    # Python refuses int() of more than 4300 digits with a plain ValueError.
    text = "[" + "1" * 5000 + ", 1, 2, 3, 4, 5, 6, 7, 8]"
    error = rejection(text)
    assert_message(error, "bad.txt", 1, "item 1")


def test_a_long_item_is_quoted_shortened():
    text = '["' + "a" * 5000 + '", 1, 2, 3, 4, 5, 6, 7, 8]'
    message = str(rejection(text))
    assert "item 1" in message
    assert len(message) < 300, f"message of {len(message)} characters"


def test_an_empty_file_on_the_command_line(cli, tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"")
    result = cli("empty.txt")
    assert result.exit_code == 2
    assert result.output == (
        "trace: error: empty.txt:1: expected a board: 3 rows of 3 cells, 9 cells like X.OX.XOO., "
        'or an array like ["X", 1, "O", ...], found no board (an empty file)\n'
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.txt"]


# ---------------------------------------------------------------- properties

MARK_CASE = st.sampled_from(["upper", "lower", "mixed"])


@st.composite
def written_boards(draw) -> tuple[Board, str]:
    """A legal board and its text in a randomly chosen accepted notation."""
    board = draw(st.sampled_from(LEGAL))
    case = draw(MARK_CASE)

    def mark(i: int, c: str) -> str:
        if case == "upper":
            return c
        if case == "lower":
            return c.lower()
        return c.lower() if draw(st.booleans()) else c

    newline = draw(st.sampled_from(["\n", "\r\n"]))
    if draw(st.booleans()):
        quote = draw(st.sampled_from(['"', "'"]))
        sep = draw(st.sampled_from([", ", ",", " , ", ",  "]))
        items = [
            str(i) if c == "." else f"{quote}{mark(i, c)}{quote}" for i, c in enumerate(board.cells)
        ]
        body = [draw(st.sampled_from(["[", "[ ", " ["])) + sep.join(items) + "]"]
    else:
        sep = draw(st.sampled_from([" ", "|", "", " | ", "\t", "  "]))
        border = draw(st.sampled_from(["", "|"])) if sep in ("|", " | ") else ""
        body = []
        for r in range(3):
            cells = []
            for i in range(r * 3, r * 3 + 3):
                c = board.cells[i]
                empty = st.sampled_from([".", "-", "_", str(i)])
                cells.append(draw(empty) if c == "." else mark(i, c))
            body.append(border + sep.join(cells) + border)
    lines: list[str] = []
    for row in body:
        filler = st.sampled_from(["", "   ", "# note", "  # x . o"])
        lines.extend(draw(st.lists(filler, max_size=2)))
        comment = draw(st.sampled_from(["", "  # a comment", "#c"]))
        lines.append(row + comment)
    lines.extend(draw(st.lists(st.sampled_from(["", "# end"]), max_size=2)))
    return board, newline.join(lines) + draw(st.sampled_from(["", newline]))


@given(written_boards())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_board_in_any_notation_parses_back(written):
    board, text = written
    position = parse_board(text, "p.txt")
    assert position.board == board
    assert position.to_move == inferred_turn(board)
    # The same through bytes, as a file is read.
    assert read_board_file(io.BytesIO(text.encode()), "p.txt").board == board


@given(st.sampled_from(LEGAL), st.sampled_from(["X", "O"]))
@settings(max_examples=200, deadline=None)
def test_turn_is_accepted_exactly_when_the_counts_allow_it(board, turn):
    text = "\n".join(board.cells[r * 3 : r * 3 + 3] for r in range(3))
    xs, os = board.count("X"), board.count("O")
    allowed = {"X", "O"} if xs == os else {inferred_turn(board)}
    if turn in allowed:
        assert parse_board(text, turn=turn).to_move == turn  # type: ignore[arg-type]
    else:
        error = rejection(text, turn=turn)
        assert_message(error, "bad.txt", 1, f"--turn {turn}", found_word=False)


BOARDISH = st.text(alphabet=st.sampled_from(list("XOxo.-_012345678 |#[]\"',\n\r\t")), max_size=60)


@given(st.one_of(BOARDISH, st.text(max_size=80)))
@settings(max_examples=600, deadline=None)
def test_any_text_parses_or_raises_input_error(text):
    try:
        position = parse_board(text, "any.txt")
    except InputError as exc:
        message = str(exc)
        assert "\n" not in message and "\r" not in message
        assert re.match(r"any\.txt:\d+: expected ", message), message
    else:
        assert isinstance(position.board, Board)


@given(st.binary(max_size=120))
@settings(max_examples=300, deadline=None)
def test_any_bytes_parse_or_raise_input_error(data):
    try:
        read_board_file(io.BytesIO(data), "any.bin")
    except InputError as exc:
        assert "\n" not in str(exc)
        assert str(exc).startswith("any.bin")
