"""The notations' edges, as README.md documents them: each limit holds exactly at the limit
and refuses one past it; a list starts with a node; a label may have spaces before its
colon; a board on one line is a whole board only when nothing follows it; what is not a
board is told so, at its line."""

from __future__ import annotations

import pytest

import tracer
from tracer import Board
from tracer.errors import InputError
from tracer.games.tictactoe.notation import parse_board
from tracer.games.tree.notation import looks_like_tree, parse_tree

# ---- tree files: "at most 5,000 nodes, 100 levels below the root, 256 KiB, and leaf values within ±1,000,000,000" ----

KIB = 1024


def chain(levels: int) -> str:
    """A tree whose one leaf is ``levels`` levels below the root: [[...[7]...]]."""
    return "[" * levels + "7" + "]" * levels


def refused(text: str, where: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_tree(text, "t.txt")
    message = str(caught.value)
    assert message.startswith(f"t.txt:{where}: expected ") and words in message, message


def test_a_tree_exactly_100_levels_deep_is_read_and_101_refused():
    nodes = parse_tree(chain(100), "t.txt")
    assert len(nodes) == 101 and max(nodes.depths) == 100 and nodes.values[-1] == 7
    refused(chain(101), "1:102", "a tree at most 100 levels deep")


def nested(levels: int) -> list:
    """``chain(levels)`` as Python lists: [[...[7]...]]."""
    tree: list = [7]
    for _ in range(levels - 1):
        tree = [tree]
    return tree


def test_a_python_list_exactly_100_levels_deep_is_a_tree_and_101_refused():
    """``tracer.tree`` takes nested lists to the same depth as a tree file."""
    nodes = tracer.tree(nested(100)).nodes
    assert len(nodes) == 101 and max(nodes.depths) == 100 and nodes.values[-1] == 7
    assert nodes == parse_tree(chain(100), "t.txt")
    with pytest.raises(ValueError, match=r"^expected a tree at most 100 levels deep, found a deeper list$"):
        tracer.tree(nested(101))


def test_a_tree_of_exactly_5000_nodes_is_read_and_5001_refused():
    nodes = parse_tree("[" + "1 " * 4999 + "]", "t.txt")
    assert len(nodes) == 5000 and len(nodes.children[0]) == 4999
    refused("[" + "1 " * 5000 + "]", f"1:{2 + 2 * 4999}", "a tree of at most 5000 nodes")


@pytest.mark.parametrize("value", [10**9, -(10**9)])
def test_a_leaf_exactly_at_the_value_limit_is_read(value):
    assert parse_tree(f"[{value}, 0]", "t.txt").values[1] == value


@pytest.mark.parametrize("value", [10**9 + 1, -(10**9) - 1])
def test_a_leaf_one_past_the_value_limit_is_refused(value):
    refused(f"[{value}, 0]", "1:2", "a leaf value of at most 10 digits, between -1,000,000,000 and 1,000,000,000")


@pytest.mark.parametrize("size", [256 * KIB, 256 * KIB + 1])
def test_a_tree_file_of_256_kib_is_read_and_one_byte_more_refused(cli, tmp_path, size):
    tree = b"A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]\n#"
    (tmp_path / "t.txt").write_bytes(tree + b"x" * (size - len(tree) - 1) + b"\n")
    assert (tmp_path / "t.txt").stat().st_size == size
    result = cli("t.txt", "--stats")
    if size == 256 * KIB:
        assert result.exit_code == 0 and "13 calls" in result.output
    else:
        assert result.exit_code == 2
        assert result.stderr == "trace: error: t.txt: expected a tree file of at most 262,144 bytes\n"


@pytest.mark.parametrize(("text", "where"), [("[, 1]", "1:2"), ("A: [,B: 1]", "1:5"), ("[\n  ,1]", "2:3")])
def test_a_list_starts_with_a_node_not_a_comma(text, where):
    """Commas go between nodes: one before the first node separates nothing."""
    refused(text, where, "a node")


def test_spaces_and_tabs_may_stand_before_a_labels_colon():
    nodes = parse_tree("A : [B\t:1, C  :  [2, 3], 4]", "t.txt")
    assert nodes.labels == ["A", "B", "C", "C.1", "C.2", "A.3"]
    assert nodes.written == [True, True, True, False, False, False]


NOT_A_NAME = "a label: a letter or '_', then letters, digits or '_', found"


@pytest.mark.parametrize(("text", "where", "word"), [
    ("A: [1st: 5, 2]", "1:5", "1st"),        # README: "a label that is not a name such as `1st:`"
    ("A: [1, 2nd: 3]", "1:8", "2nd"),        # not read as the leaf 2 followed by junk
    ("[Ä: 1, 2]", "1:2", "Ä"),               # a letter, but not one a name starts with
    ("[x-y: 1, 2]", "1:2", "x-y"),           # a name, then more than a name
    ("A: [1st : 5]", "1:5", "1st"),          # spaces and tabs may stand before the colon
    ("A: [2nd\t\t: 5]", "1:5", "2nd"),
])
def test_a_word_before_a_colon_that_is_no_name_is_refused_as_a_label(text, where, word):
    """What stands before ``:`` is meant as a label: the error says what a label is, not that
    ``1st`` is a bad leaf value."""
    refused(text, where, f"{NOT_A_NAME} '{word}'")


@pytest.mark.parametrize(("length", "shown"), [(40, "9" + "a" * 39), (41, "9" + "a" * 38 + "…")])
def test_a_long_bad_label_is_quoted_cut_to_40_characters(length, shown):
    """A bad label is quoted as a board file's long line is: up to 40 characters, longer cut."""
    refused(f"[{'9' + 'a' * (length - 1)}: 1, 2]", "1:2", f"{NOT_A_NAME} '{shown}'")


@pytest.mark.parametrize(("written", "shown"), [("7" * 40, "7" * 40), ("7" * 41, "7" * 39 + "…"),
                                                ("-" + "7" * 39, "-" + "7" * 39),
                                                ("-" + "7" * 40, "-" + "7" * 38 + "…")])
def test_a_leaf_of_too_many_digits_is_quoted_cut_to_40_characters(written, shown):
    refused(f"[{written}, 0]", "1:2", f"a leaf value of at most 10 digits, between -1,000,000,000 and "
                                      f"1,000,000,000, found '{shown}'")


# ---- board files ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["X.OX.XOO.\n...\n", "X.O X.X OO.\nX.O\n", "X.O/X.X/OO.\nX..\n"])
def test_a_board_on_one_line_is_the_whole_board_only_alone(text):
    """Nine cells on one line are a board; followed by another row they are a row of nine
    cells, which no board has."""
    assert parse_board(text.split("\n")[0] + "\n").board.cells == "X.OX.XOO."
    with pytest.raises(InputError) as caught:
        parse_board(text, "b.txt")
    assert str(caught.value).startswith("b.txt:") and "expected 3" in str(caught.value)


@pytest.mark.parametrize("size", [64 * KIB, 64 * KIB + 1])
def test_a_board_file_of_64_kib_is_read_and_one_byte_more_refused(cli, tmp_path, size):
    board = b"X.O\nX.X\nOO.\n#"
    (tmp_path / "b.txt").write_bytes(board + b"x" * (size - len(board) - 1) + b"\n")
    result = cli("b.txt", "--stats", "--game", "tictactoe")
    if size == 64 * KIB:
        assert result.exit_code == 0 and "9 calls" in result.output
    else:
        assert result.exit_code == 2
        assert result.stderr == "trace: error: b.txt: expected a small board file, found more than 65536 bytes\n"


def test_a_board_file_with_nul_bytes_is_named_binary_at_its_line(cli, tmp_path):
    (tmp_path / "b.txt").write_bytes(b"X . O\nX . X\nO \x00 .\n")  # valid UTF-8, yet no text
    result = cli("b.txt")
    assert result.exit_code == 2
    assert result.stderr == "trace: error: b.txt:3: expected a text file, found binary data (NUL bytes)\n"


def test_a_board_of_only_comments_is_no_board():
    for text in ["", "# nothing here\n\n"]:
        with pytest.raises(InputError, match="found nothing$"):
            Board(text)
        with pytest.raises(InputError, match=r"^b\.txt:1: .*found no board \(an empty file\)$"):
            parse_board(text, "b.txt")


def test_a_long_line_is_quoted_cut_to_40_characters():
    with pytest.raises(InputError) as caught:
        parse_board("X" * 60 + "\n...\n...\n", "b.txt")
    assert str(caught.value) == "b.txt:1: expected 3 cells in row 1, found 60: '" + "X" * 39 + "…'"


@pytest.mark.parametrize(("cells", "words"), [
    ("XXXOOO...", "expected at most one player with three in a row, found both in 'XXX/OOO/...'"),
    ("XXXX.....", "expected the numbers of X and O to differ by at most one, found 4 X and 0 O"),
])
def test_a_python_callers_impossible_board_is_refused_like_a_files(cells, words):
    """tracer.record(Board(...)) checks the position as a board file's first line is checked."""
    with pytest.raises(InputError) as caught:
        tracer.record(Board(cells))
    assert str(caught.value).startswith(f"record():1: {words}")


@pytest.mark.parametrize(("text", "where", "words"), [
    ("\n[1, x]", "2:5", "a node"),
    ("\nA: [B: 1,\nB: 2]", "3:1", "a label not used before ('B' labels the node at 2:5)"),
    ("\n\n  [1,\n   [2, 3],\n  ]x", "5:4", "the end of the tree"),
])
def test_tree_errors_count_lines_and_columns_from_the_files_first_character(text, where, words):
    """An editor's line and column, also when the file starts with a newline."""
    refused(text, where, words)


GUIDE_ARRAY = '"X", 1, "O", "X", 4, "X", "O", "O", 8'


@pytest.mark.parametrize("text", [
    f"const currentBoardState = [{GUIDE_ARRAY}] ;",  # JavaScript allows a space before the ';'
    f"[{GUIDE_ARRAY}]\t;",
    '["x", 1, "o", "X", 4, "x", "O", "o", 8]',  # marks in either case, as in a grid
    "['x', 1, 'O', 'X', 4, 'X', 'o', 'O', 8]",
])
def test_the_guides_array_as_javascript_would_read_it(text):
    assert parse_board(text, "b.txt").board.cells == "X.OX.XOO."


def test_minus_zero_is_the_index_zero_as_in_javascript():
    """In JavaScript -0 === 0: the array [-0, 1, ...] holds cell 0's own index."""
    assert parse_board('[-0, 1, "O", "X", 4, "X", "O", "O", 8]', "b.txt").board.cells == "..OX.XOO."
    with pytest.raises(InputError, match="item 2 of the array to be a mark or its own index 1, found the number -1"):
        parse_board('[0, -1, "O", "X", 4, "X", "O", "O", 8]', "b.txt")


@pytest.mark.parametrize(("word", "shown"), [("a" * 20, "a" * 20), ("a" * 21, "a" * 19 + "…")])
def test_a_bad_word_in_a_tree_is_quoted_up_to_20_characters(word, shown):
    refused(f"[1, {word}]", "1:5", f"found '{shown}'")


@pytest.mark.parametrize(("text", "where"), [("[B: 1, root: 2]", "1:8"), ("[1,\n   root: 2]", "2:4")])
def test_root_labels_only_the_root_when_the_root_has_no_label(text, where):
    refused(text, where, "a label other than 'root' (the unlabelled root is called 'root'), found 'root'")


def test_a_labelled_root_leaves_the_name_root_free():
    assert parse_tree("A: [root: 1]", "t.txt").labels == ["A", "root"]


@pytest.mark.parametrize(("text", "labels"), [
    ("[[1, 2], 3]", ["root", "1", "1.1", "1.2", "2"]),
    ("[A: [1, 2], 3]", ["root", "A", "A.1", "A.2", "2"]),
    ("R: [[1, 2], 3]", ["R", "R.1", "R.1.1", "R.1.2", "R.2"]),
])
def test_derived_labels_are_the_dewey_numbers_of_the_readme(text, labels):
    assert parse_tree(text, "t.txt").labels == labels


def test_each_node_knows_its_parent_and_depth():
    nodes = parse_tree("A: [B: [3, 12], C: 4]", "t.txt")
    assert nodes.parents == [-1, 0, 1, 1, 0]
    assert nodes.depths == [0, 1, 2, 2, 1]
    assert nodes.children == [[1, 4], [2, 3], [], [], []]


@pytest.mark.parametrize(("data", "message"), [
    (b"[1,\n2 \0 3]", "trace: error: t.txt: expected a text file, found binary data (NUL bytes)\n"),
    (b"[1,\n2, \xff]", "trace: error: t.txt:2: expected UTF-8 text, found undecodable bytes\n"),
])
def test_a_tree_file_that_is_not_text_is_refused_in_one_line(cli, tmp_path, data, message):
    (tmp_path / "t.txt").write_bytes(data)
    result = cli("t.txt")
    assert result.exit_code == 2 and result.stderr == message


@pytest.mark.parametrize("text", [
    "  [1, 2]\n",  # indented
    "\t A: [1, 2]\n",
    "# a comment first\n\n[1, 2]\n",
    "\ufeff[1, 2]\n",  # after a byte-order mark
    "\ufeff# a comment\n  A: [1, 2]\n",
])
def test_a_tree_is_told_by_its_first_token_wherever_it_stands(cli, tmp_path, text):
    (tmp_path / "t.txt").write_text(text, encoding="utf-8")
    assert looks_like_tree((tmp_path / "t.txt").read_bytes())  # the file's bytes, a mark included
    result = cli("t.txt", "--stats")
    assert result.exit_code == 0, result.output
    assert "MAX at the root" in result.output and "3 calls" in result.output


def test_a_larger_board_may_hold_exactly_nine_empty_cells():
    """The README and ``--size``'s help: a 4x4 or 5x5 position may have at most 9 empty cells —
    nine are read, ten refused with the limit (a 4×4 board with 7 marks, then 6)."""
    assert parse_board("XOXO/XOX./..../....", "b").board.size == 4
    with pytest.raises(InputError, match="expected at most 9 empty cells on a 4×4 board, found 10"):
        parse_board("XOXO/XO../..../....", "b")
