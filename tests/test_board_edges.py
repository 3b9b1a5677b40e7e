"""Board files at the edges (issue 9): only "\\n" breaks lines, comments stay comments,
messages quote safely and name look-alike characters by their code point."""

from __future__ import annotations

import io

import pytest

from tracer.errors import InputError, name_char, quote
from tracer.games.tictactoe.notation import MAX_BYTES, parse_board, read_board_file

TUTORIAL = "X . O\nX . X\nO O .\n"


@pytest.mark.parametrize("separator", ["\x0c", "\x0b", "\x85", "\u2028", "\u2029", "\x1c"])
def test_a_comment_runs_to_the_real_end_of_its_line(separator: str) -> None:
    text = f"# a note{separator}O O O\n" + TUTORIAL
    assert parse_board(text).board.cells == "X.OX.XOO."


@pytest.mark.parametrize("separator", ["\x0c", "\x0b", "\x85", "\u2028"])
def test_errors_cite_the_real_line(separator: str) -> None:
    text = f"X . O\nX . X{separator}\nO O Q\n"
    with pytest.raises(InputError) as caught:
        parse_board(text, "b.txt")
    # The separator is a stray character of line 2, not a line break (which would
    # have put the Q on line 4).
    assert str(caught.value).startswith("b.txt:2: ")
    assert "\n" not in str(caught.value) and separator not in str(caught.value)


def test_a_form_feed_inside_a_row_is_not_a_separator() -> None:
    with pytest.raises(InputError, match=r"U\+000C|\\x0c"):
        parse_board("X .\x0cO\nX . X\nO O .\n", "b.txt")


def test_crlf_files_still_parse() -> None:
    assert parse_board(TUTORIAL.replace("\n", "\r\n")).board.cells == "X.OX.XOO."


@pytest.mark.parametrize("char, name", [
    ("\u0425", "U+0425 CYRILLIC CAPITAL LETTER HA"),
    ("\u039f", "U+039F GREEK CAPITAL LETTER OMICRON"),
    ("\uff38", "U+FF38 FULLWIDTH LATIN CAPITAL LETTER X"),
])
def test_look_alikes_are_named_in_the_grid_and_the_array(char: str, name: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_board(f"X . O\n{char} . X\nO O .\n", "b.txt")
    assert f"found '{char}' ({name})" in str(caught.value)
    array = f'["X", 1, "O", "{char}", 4, "X", "O", "O", 8]'
    with pytest.raises(InputError) as caught:
        parse_board(array, "b.txt")
    assert f"'{char}' ({name})" in str(caught.value)


def test_other_scripts_digits_are_not_indexes() -> None:
    with pytest.raises(InputError):
        parse_board('["X", \u0661, "O", "X", 4, "X", "O", "O", 8]')
    with pytest.raises(InputError):
        parse_board("X \u0661 O\nX . X\nO O .\n")


def test_file_names_and_quoted_input_are_escaped_and_cut() -> None:
    evil = "x\x1b[2J\n" + "y" * 500
    with pytest.raises(InputError) as caught:
        parse_board(f"X . O\nX . X\nO O \x1b[31m{'z' * 300}\n", evil)
    message = str(caught.value)
    assert "\x1b" not in message and "\n" not in message
    assert "\\x1b" in message
    assert len(message) < 400


def test_the_quoting_helpers() -> None:
    assert quote("a\nb\x1b\u202e'") == "'a\\nb\\x1b\\u202e\\''"
    assert quote("z" * 100, limit=10) == "'" + "z" * 9 + "…'"
    assert name_char("X") == "'X'"
    assert name_char("\u0425") == "'\u0425' (U+0425 CYRILLIC CAPITAL LETTER HA)"


def test_only_a_bounded_prefix_is_read() -> None:
    class Endless(io.RawIOBase):
        read_bytes = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
            buffer[:] = b"X" * len(buffer)
            self.read_bytes += len(buffer)
            return len(buffer)

    endless = Endless()
    with pytest.raises(InputError, match="small board file"):
        read_board_file(io.BufferedReader(endless), "zero")
    assert endless.read_bytes <= MAX_BYTES + 64 * 1024
