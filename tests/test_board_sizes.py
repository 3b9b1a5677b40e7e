"""Boards of any size: n×n tic-tac-toe with k in a row, held to closed forms and a plain reference.

The lines are counted by hand (a closed form, and 4×4's ten lines written out), the win
check is held to one that walks from every cell in the four directions, and every
search's answer on 4×4 and 5×5 positions to a minimax written here on strings.
"""

from __future__ import annotations

import functools
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from page_steps import PageSteps
from test_viewer import Viewer

import tracer
from tracer.explain.tictactoe import board_lines
from tracer.games.tictactoe.board import MAX_SIZE, Board, default_in_a_row, geometry, line_cells
from tracer.games.tictactoe.game import TicTacToe, centre_first
from tracer.games.tictactoe.notation import MAX_EMPTY, parse_board
from tracer.renderers.html import render_html
from tracer.search import SearchSpec

SHAPES = [(n, k) for n in range(3, MAX_SIZE + 1) for k in range(3, n + 1)]
STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))  # right, down, down-right, down-left


# ---- the reference: a board as a string, searched plainly -----------------------------------


def walks_a_line(cells: str, n: int, k: int, mark: str) -> bool:
    """Whether ``mark`` holds k in a row: from every cell, k steps in each direction."""
    for r in range(n):
        for c in range(n):
            for dr, dc in STEPS:
                spots = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= y < n and 0 <= x < n and cells[y * n + x] == mark for y, x in spots):
                    return True
    return False


@functools.cache
def reference(cells: str, n: int, k: int, to_move: str, ai: str) -> tuple[int | None, int, int]:
    """The guide's minimax on a string: ``(index, score, calls)``; the human's win first, the
    AI's, a full board; cells ascending; the first strictly best test-play.

    Remembered per position: the calls below a position are always the same, so a position
    met again (by another order of the same moves) answers at once with the same three values,
    and a 4×4 position's 99,161 calls cost a few thousand evaluations."""
    human = "O" if ai == "X" else "X"
    if walks_a_line(cells, n, k, human):
        return None, -1, 1
    if walks_a_line(cells, n, k, ai):
        return None, 1, 1
    empty = [i for i, c in enumerate(cells) if c == "."]
    if not empty:
        return None, 0, 1
    calls, best, best_score = 1, None, None
    for i in empty:
        _, score, below = reference(cells[:i] + to_move + cells[i + 1:], n, k,
                                    "O" if to_move == "X" else "X", ai)
        calls += below
        better = best_score is None or (score > best_score if to_move == ai else score < best_score)
        if better:
            best, best_score = i, score
    return best, best_score or 0, calls


#: (cells, k): positions of 4×4 and 5×5 boards with a few empty cells, each with a line to
#: make or block, so the answer is not the first empty cell by luck.
POSITIONS = [
    ("XO.." "OX.." "..O." "XO.X", 4),
    ("XOXO" "OXOX" "XO.." "..OX", 4),
    ("XOXO" "OXOX" "XO.." "..OX", 3),
    ("X.O." "OX.." "XOX." "O..O", 4),
    ("O.OO." "XOOX." "..XXO" "XXO.X" "OXO.X", 4),
    ("..XOX" "XO.OO" "OXXX." "OOO.." "XX.OX", 4),
    ("XOXOX" "OXOXO" "OXOX." "XO..O" ".XOXO", 4),
    ("XOXOX" "OXOXO" "XOXO." "XOX.." "O.OXO", 5),
]


@pytest.mark.parametrize(("cells", "k"), POSITIONS)
def test_every_search_answers_as_the_plain_reference(cells: str, k: int) -> None:
    n = round(len(cells) ** 0.5)
    board = Board(cells, k)
    to_move = "X" if cells.count("X") == cells.count("O") else "O"
    index, score, calls = reference(cells, n, k, to_move, to_move)
    trace = tracer.record(board, to_move, ai=to_move)
    assert (trace.result.index, trace.result.score, trace.calls) == (index, score, calls)
    trace.check()
    for algorithm in ("alphabeta", "memo"):
        other = SearchSpec(algorithm).run(TicTacToe(board, to_move, to_move))
        assert (other.result.index, other.result.score) == (index, score), algorithm
        other.check()


@pytest.mark.parametrize(("n", "k"), SHAPES)
def test_the_lines_are_as_many_as_counted_by_hand(n: int, k: int) -> None:
    # Each row holds n - k + 1 lines and so does each column; each diagonal direction
    # has (n - k + 1)² starting cells from which a line fits.
    fits = n - k + 1
    lines = line_cells(n, k)
    assert len(lines) == 2 * n * fits + 2 * fits * fits
    assert len(set(lines)) == len(lines)
    walked = {tuple((r + i * dr) * n + c + i * dc for i in range(k))
              for r in range(n) for c in range(n) for dr, dc in STEPS
              if 0 <= r + (k - 1) * dr < n and 0 <= c + (k - 1) * dc < n}
    assert set(lines) == walked


def test_the_guide_s_lines_and_4x4_s_ten_lines_written_out() -> None:
    assert line_cells(3, 3) == ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
                                (0, 4, 8), (2, 4, 6))
    assert line_cells(4, 4) == ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15),
                                (0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                                (0, 5, 10, 15), (3, 6, 9, 12))


@pytest.mark.parametrize(("n", "k"), SHAPES)
def test_the_win_check_agrees_with_walking_the_board(n: int, k: int) -> None:
    shape, rng = geometry(n, k), random.Random(n * 10 + k)
    for _ in range(400):
        cells = "".join(rng.choice("XO..") for _ in range(n * n))
        bits = sum(1 << i for i, c in enumerate(cells) if c == "X")
        assert shape.has_line(bits) == walks_a_line(cells, n, k, "X"), cells


def test_the_default_in_a_row_is_the_side_up_to_four() -> None:
    assert [default_in_a_row(n) for n in (3, 4, 5)] == [3, 4, 4]
    assert Board("." * 25).in_a_row == 4
    assert repr(Board("X.OX.XOO.")) == "Board('X.OX.XOO.')"
    assert repr(Board("." * 16, 3)) == f"Board('{'.' * 16}', in_a_row=3)"


def test_centre_first_is_the_guide_s_order_on_3x3_and_most_lines_first_on_4x4() -> None:
    assert centre_first(3) == (4, 0, 2, 6, 8, 1, 3, 5, 7)
    # 4×4, four in a row: the corners and the four centre cells lie on 3 lines, the rest on 2.
    assert centre_first(4, 4) == (0, 3, 5, 6, 9, 10, 12, 15, 1, 2, 4, 7, 8, 11, 13, 14)


# ---- notations ---------------------------------------------------------------------------

FOUR = "XO../.X../..O./XO.X"


@pytest.mark.parametrize("text", [
    "XO...X....O.XO.X",
    "XO../.X../..O./XO.X",
    "X O . .\n. X . .\n. . O .\nX O . X\n",
    "X | O | 2 | 3\n4 | X | 6 | 7\n8 | 9 | O | 11\nX | O | 14 | X\n",
    '["X", "O", 2, 3, 4, "X", 6, 7, 8, 9, "O", 11, "X", "O", 14, "X"]',
    "const board = ['X', 'O', 2, 3,\n  4, 'X', 6, 7, 8, 9, 'O', 11,\n  'X', 'O', 14, 'X'];",
    "\n".join(board_lines(Board(FOUR))),  # as the terminal draws it
])
def test_every_notation_reads_a_4x4_board_without_size(text: str) -> None:
    position = parse_board(text, "b.txt")
    assert position.board == Board(FOUR)
    assert (position.board.size, position.board.in_a_row) == (4, 4)
    assert parse_board(text, "b.txt", size=4).board == Board(FOUR)


def test_a_5x5_board_is_read_and_drawn_back() -> None:
    cells = "XXO..OOXX.XOXOOOXOX.XO.XO"
    board = parse_board("\n".join(board_lines(Board(cells))), "b.txt").board
    assert board.cells == cells and board.size == 5


def board_file(tmp_path: Path, text: str, name: str = "b.txt") -> str:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


def test_size_mismatch_is_one_error_line_naming_the_file(cli, tmp_path: Path) -> None:
    name = board_file(tmp_path, "# the guide's board\nX.O\nX.X\nOO.\n")
    result = cli(name, "--size", "4", "-o", "t.svg")
    assert result.exit_code == 2
    assert result.output == "trace: error: b.txt:2: expected a 4×4 board (--size 4), found a 3×3 board\n"
    assert not (tmp_path / "t.svg").exists()
    four = board_file(tmp_path, FOUR, "four.txt")
    result = cli(four, "--size", "3", "--no-tree")
    assert result.output == "trace: error: four.txt:1: expected a 3×3 board (--size 3), found a 4×4 board\n"


@pytest.mark.parametrize(("size", "text", "said"), [
    # A cell that is no cell (README: X, O, '.', '-', '_' or the cell's own index).
    ("4", "X.O.\nX.Q.\n....\n....\n", "b.txt:2: expected X, O, '.', '-', '_' or the cell's own index, "
                                       "found 'Q' in 'X.Q.'"),
    # Four rows of five cells: a 5×5 board has five.
    ("5", "X.O..\n.....\n.....\n.....\n", "b.txt:4: expected 5 rows, found 4 (the board ends at line 4)"),
    # The array's second item is neither a mark nor its own index 1.
    ("4", '["X", "Q", 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]',
     "b.txt:1: expected \"X\" or \"O\" at item 2 of the array, found 'Q'"),
    # No board of any size (3 cells, then a bad one): told against the size insisted on.
    ("4", "X.O\nX.Q\n...\n", "b.txt:1: expected 4 cells in row 1, found 3: 'X.O'"),
])
def test_a_board_unreadable_at_any_size_is_told_at_the_size_asked(cli, tmp_path: Path, size: str, text: str,
                                                                   said: str) -> None:
    """With ``--size N`` a text that is no board at all, whatever its size, gets the error of
    reading it as an N×N board, its own line and words: no "found a 0×0 board", no traceback."""
    result = cli(board_file(tmp_path, text), "--size", size, "-o", "t.svg")
    assert result.exit_code == 2
    assert result.output == f"trace: error: {said}\n"
    assert not (tmp_path / "t.svg").exists()


@pytest.mark.parametrize(("args", "said"), [
    (["--size", "6"], "trace: error: --size: expected a board size from 3 to 5, found 6"),
    (["--size", "2"], "trace: error: --size: expected a board size from 3 to 5, found 2"),
    (["--size", "four"], "trace: error: --size: expected a whole number, found 'four'"),
    (["--in-a-row", "5"], "trace: error: --in-a-row: expected 3 to 4 in a row on a 4×4 board, found 5"),
    (["--in-a-row", "2"], "trace: error: --in-a-row: expected 3 to 4 in a row on a 4×4 board, found 2"),
])
def test_bad_sizes_are_one_line(cli, tmp_path: Path, args: list[str], said: str) -> None:
    result = cli(board_file(tmp_path, FOUR), "--no-tree", *args)
    assert result.exit_code == 2 and result.output.startswith(said) and result.output.count("\n") == 1


def test_a_large_position_is_refused_with_the_limit(cli, tmp_path: Path) -> None:
    result = cli(board_file(tmp_path, "X.../..../..../...O"), "--no-tree")
    assert result.exit_code == 2
    # 14 empty cells: 14!/14! + 14!/13! + ... + 14!/0! calls at most.
    bound = sum(_falling(14, i) for i in range(15))
    assert result.output == (
        f"trace: error: b.txt:1: expected at most {MAX_EMPTY} empty cells on a 4×4 board, found 14: "
        f"minimax tries every order of them, up to {bound:,} calls ({MAX_EMPTY} take at most "
        f"{sum(_falling(9, i) for i in range(10)):,}; --max-nodes only limits drawings)\n")


def _falling(n: int, i: int) -> int:
    product = 1
    for j in range(i):
        product *= n - j
    return product


def test_play_refuses_a_larger_board_in_one_line(cli) -> None:
    result = cli("play", "--size", "4", input="")
    assert result.exit_code == 2
    assert result.output.startswith("trace: error: --size: trace play plays the guide's 3×3 board only")
    assert result.output.count("\n") == 1
    assert cli("play", "--size", "7", input="").output.startswith("trace: error: --size: expected a board size")
    # The guide's own size, however spaced, is the board trace play plays.
    for size in ("3", " 3 ", "03"):
        played = cli("play", "--size", size, "--first", "human", input="q\n")
        assert played.exit_code == 0 and played.output.rstrip().endswith("Goodbye."), played.output


# ---- every output on a 4×4 position ---------------------------------------------------------


def test_json_carries_the_size_and_renders_the_same_log(cli, tmp_path: Path) -> None:
    name = board_file(tmp_path, "XOXO\nOXOX\nXO..\n..OX\n")
    assert cli(name, "-q", "-o", "t.json", "--log", "direct.log").exit_code == 0
    header = (tmp_path / "t.json").read_text(encoding="utf-8").split('"tree"')[0]
    assert '"size":4,"in_a_row":4' in header
    assert cli("render", "t.json", "-q", "--no-tree", "--log", "again.log").exit_code == 0
    direct = (tmp_path / "direct.log").read_text(encoding="utf-8")
    assert (tmp_path / "again.log").read_text(encoding="utf-8") == direct
    assert "The board is 4×4: four in a row wins." in direct
    assert "X (the AI) has four in a row (cells 0, 5, 10, 15)" in direct
    # The guide's board says nothing of its size: its JSON stays as it was.
    board_file(tmp_path, "X.OX.XOO.\n", "guide.txt")
    assert cli("guide.txt", "-q", "-o", "g.json").exit_code == 0
    assert '"size"' not in (tmp_path / "g.json").read_text(encoding="utf-8")


def test_a_json_header_of_the_wrong_size_is_refused(cli, tmp_path: Path) -> None:
    name = board_file(tmp_path, "XOXO\nOXOX\nXO..\n..OX\n")
    cli(name, "-q", "-o", "t.json")
    text = (tmp_path / "t.json").read_text(encoding="utf-8").replace('"size":4', '"size":5', 1)
    (tmp_path / "bad.json").write_text(text, encoding="utf-8")
    result = cli("render", "bad.json", "-q", "--no-tree")
    assert result.exit_code == 2 and result.output.startswith("trace: error: bad.json")
    assert '"board" must be 25 characters' in result.output


def test_stats_compare_and_quiz_on_4x4(cli, tmp_path: Path) -> None:
    cells = "XOXO" "OXOX" "XO.." "..OX"
    name = board_file(tmp_path, cells)
    index, score, calls = reference(cells, 4, 4, "X", "X")
    stats = cli(name, "--stats", "--no-tree").output
    assert "XOXO/OXOX/XO../..OX (4×4, four in a row), X to move" in stats
    assert re.search(rf"^calls +{calls}$", stats, re.M)
    table = json.loads(cli("compare", name, "--format", "json").output)
    rows = table["rows"] if isinstance(table, dict) else table
    assert rows and all((row["move"], row["score"]) == (index, score) for row in rows
                        if "depth" not in json.dumps(row))
    # The quiz: each test-play's score from the reference, then the pick.
    plays = []
    for i in (i for i, c in enumerate(cells) if c == "."):
        plays.append(reference(cells[:i] + "X" + cells[i + 1:], 4, 4, "O", "X")[1])
    answers = "".join(f"{s}\n" for s in plays) + f"{index}\n"
    quiz = cli("quiz", name, input=answers).output
    assert f"{len(plays) + 1} of {len(plays) + 1} right" in quiz


def test_a_larger_board_s_cells_are_named_by_row_and_column_from_one(cli, tmp_path: Path) -> None:
    # Counted by hand on the 4×4 grid: cell 12 starts the fourth row, cell 15 ends it; on
    # 5×5, cell 9 ends the second row and cell 24 is the last.
    log = cli(board_file(tmp_path, "XOXO" "OXOX" "OXOX" ".OX."), "--no-tree").output
    assert "X on cell 12 (row 4, column 1) -> O to move" in log
    assert "O on cell 15 (row 4, column 4) -> X to move" in log
    assert [tracer.cell_name(cell, 5) for cell in (0, 6, 9, 24)] == [
        "row 1, column 1", "row 2, column 2", "row 2, column 5", "row 5, column 5"]


@pytest.mark.parametrize("k", [3, 4])
def test_a_named_loop_order_is_called_by_its_name_whatever_wins(cli, tmp_path: Path, k: int) -> None:
    # centre-first depends on the lines, so on 4×4 it is another order with three in a row
    # than with four; either way the log calls it what --order called it.
    name = board_file(tmp_path, "XOXO" "OXOX" "OXOX" ".OX.")
    log = cli(name, "--no-tree", "--in-a-row", str(k), "--order", "centre-first").output
    assert "Loop order: centre-first." in log


def test_the_tree_draws_every_board_4x4(tmp_path: Path) -> None:
    from tracer.renderers.tree import game_tree

    trace = tracer.record(Board("XOXO/OXOX/XO../..OX"))
    source = game_tree(trace).source
    tables = re.findall(r"<TABLE[^>]*FIXEDSIZE[^>]*>(.*?)</TABLE>", source, re.S)
    assert len(tables) == trace.calls
    assert all(t.count("<TR>") == 4 and t.count("<TD") == 16 for t in tables)


def test_the_step_through_page_draws_4x4_and_tells_what_python_tells(browser, tmp_path: Path) -> None:
    trace = tracer.record(Board("XOXO/OXOX/XO../..OX"))
    path = tmp_path / "four.html"
    path.write_text(render_html(trace), encoding="utf-8")
    view = Viewer(browser, path).open()
    try:
        steps = PageSteps(trace)
        told = view.page.evaluate("""() => {
            const out = [], words = document.getElementById('narration');
            for (let n = 1; n <= tracerViewer.total; n++) { tracerViewer.go(n); out.push(words.textContent); }
            return out;
        }""")
        assert told == [steps.narration(n) for n in range(1, len(steps) + 1)]
        grids = view.page.evaluate(
            "() => [...document.querySelectorAll('.grid')].map((g) => g.querySelectorAll('.cell').length)")
        assert grids and set(grids) == {16}
        assert view.problems == []
    finally:
        view.close()


def test_check_keeps_to_the_guide_s_board(cli, tmp_path: Path) -> None:
    (tmp_path / "mine.py").write_text("def minimax(board, mark):\n    return {'score': 0}\n", encoding="utf-8")
    result = cli("check", "mine.py", board_file(tmp_path, FOUR))
    assert result.exit_code == 2
    assert result.output == ("trace: error: b.txt:1: expected a 3×3 board (trace check holds a program to "
                             "the guide's 3×3 board), found a 4×4 board\n")


def test_a_notebook_shows_a_4x4_board() -> None:
    svg = Board(FOUR)._repr_svg_()
    assert svg.count("<rect") == 1 + 16  # the card and its sixteen cells
    assert ">15<" not in svg and ">14<" in svg  # cell 15 holds X; 14 is empty and shows its index


@given(st.integers(3, MAX_SIZE).flatmap(lambda n: st.text("XO.", min_size=n * n, max_size=n * n)))
def test_every_written_form_of_a_board_reads_back(cells: str) -> None:
    from tracer.games.tictactoe.cells import array_text, parse_cells

    board = Board(cells)
    for text in (board.compact(), str(board), "\n".join(board_lines(board)), array_text(board.as_array()),
                 cells):
        assert parse_cells(text) == cells, text


@pytest.mark.parametrize(("size", "text"), [("3", "X.O\nX.X\nOO.\n"), ("4", FOUR),
                                            ("5", "XXOOX/OOXXO/XXOOX/OOXX./.....")])
def test_each_size_the_help_names_is_read_at_both_ends(cli, tmp_path: Path, size: str, text: str) -> None:
    """``--size``: "3 (the guide's) to 5": the smallest and the largest are read like any other."""
    result = cli(board_file(tmp_path, text), "--size", size, "--no-tree", "-q")
    assert result.exit_code == 0, result.output
