"""``trace play``: scripted games through standard input, bad input, colours and saved decisions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tracer.explain import game_words
from tracer.games.tictactoe.board import other
from tracer.play.match import Game, choose_move
from tracer.tracefile import load_json

# Renders pictures: CI runs these with system Graphviz and again without it.
GREEN = "\x1b[32m"
GREY = "\x1b[90m"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def script(*lines: str) -> str:
    return "".join(f"{line}\n" for line in lines)


def perfect_human_moves(ai: str, first: str) -> list[int]:
    """The human's moves when the human also plays minimax: the game ends in a draw."""
    game, moves = Game.new(ai, first), []  # type: ignore[arg-type]
    while not game.over:
        if game.ai_to_move:
            game = game.play(game.decide().cell)
        else:
            cell = choose_move(game.board, game.human).cell
            moves.append(cell)
            game = game.play(cell)
    return moves


def test_a_won_game_with_every_kind_of_bad_input(cli):
    result = cli("play", "--first", "human",
                 input=script("4", "abc", "", "9", "-3", "4", "2", "0", "5", "n"))
    assert result.exit_code == 0
    out = result.output
    assert "\x1b[" not in out  # no colour when the output is not a terminal
    # The opening screen: who is who, the numbering, the keys.
    assert out.startswith("You are O; the AI is X and plays the tutorial's minimax "
                          "(scores: -1 if you win, +1 if it wins, 0 for a draw).\n"
                          "Cells are numbered (an empty cell shows its number):\n"
                          " 0 | 1 | 2\n---+---+---\n 3 | 4 | 5\n")
    assert "Game 1: you open." in out
    # Each bad entry is answered and the prompt comes back; what was typed is echoed.
    assert ("Your move (O), cell 0-8: abc\n"
            "Not a move: 'abc' is not a cell: type a number from 0 to 8.\n"
            "Your move (O), cell 0-8: \n"
            "Not a move: type the number of an empty cell, 0 to 8.\n"
            "Your move (O), cell 0-8: 9\n"
            "Not a move: there is no cell 9: cells are numbered 0 to 8.\n"
            "Your move (O), cell 0-8: -3\n"
            "Not a move: there is no cell -3: cells are numbered 0 to 8.\n"
            "Your move (O), cell 0-8: 4\n"
            "Not a move: cell 4 is taken by O: empty cells are 1, 2, 3, 5, 6, 7, 8.\n") in out
    assert "Not a move: cell 0 is taken by X: empty cells are 1, 3, 5, 7, 8." in out
    # A reason after every AI move, with its invocation count.
    assert ("Move 1: you (O) play cell 4 (centre).\n"
            "Move 2: X plays cell 0 (top-left): test-plays 0 → 0, 1 → -1, 2 → 0, 3 → -1, "
            "5 → -1, 6 → 0, 7 → -1, 8 → 0; max is 0, first at cell 0 (55,505 calls)\n") in out
    assert ("Move 6: X plays cell 3 (middle-left): test-plays 1 → -1, 3 → +1, 7 → -1, "
            "8 → -1; max is +1 (24 calls)\n") in out
    # The end: the winning line bracketed, the offer of a new game, a goodbye.
    assert ("  [X]| 1 | O\n  ---+---+---\n  [X]| O | O\n  ---+---+---\n  [X]| 7 | 8\n\n"
            "The AI (X) won: three in a row on cells 0, 3, 6, shown as [X].\n"
            "New game? [y/n]: n\nGoodbye.\n") in out
    assert out.count("Move ") == 6


def test_winning_line_is_green_when_colour_is_on(cli):
    result = cli("play", "--first", "human", "--color", input=script("4", "2", "5", "n"))
    assert result.exit_code == 0
    last_board = result.output.split("X plays cell 3")[1]
    greens = [line for line in last_board.splitlines() if GREEN in line and "|" in line]
    assert len(greens) == 3
    assert all(f"{GREEN}\x1b[1m[X]" in line for line in greens)
    assert ANSI.sub("", result.output) == cli("play", "--first", "human",
                                              input=script("4", "2", "5", "n")).output


@pytest.mark.parametrize(
    ("ai", "first"), [("X", "ai"), ("X", "human"), ("O", "ai"), ("O", "human")]
)
def test_perfect_play_on_both_sides_is_a_grey_draw(cli, ai, first):
    moves = perfect_human_moves(ai, first)
    args = ["play", "--ai", ai, "--first", first]
    result = cli(*args, input=script(*map(str, moves), "n"))
    assert result.exit_code == 0
    out = result.output
    assert "Draw: the board is full and nobody has three in a row." in out
    assert "won:" not in out and "[X]" not in out and "[O]" not in out
    human = other(ai)
    assert out.count(f"you ({human}) play cell") == len(moves)
    assert out.count(f": {ai} plays cell") == 9 - len(moves)
    coloured = cli(*args, "--color", input=script(*map(str, moves), "n")).output
    final = coloured.split("Draw:")[0].rsplit("\n\n", 2)[-2]
    assert final.count(GREY) == 9  # every cell of the full board is grey
    assert f"{GREY}\x1b[1mDraw:" in coloured


def test_end_of_input_mid_game_says_goodbye(cli):
    result = cli("play", "--first", "human", input="4\n")
    assert result.exit_code == 0
    assert result.output.endswith("Your move (O), cell 0-8: \nGoodbye.\n")
    assert cli("play", input="").output.endswith("Goodbye.\n")
    ended = cli("play", "--first", "human", input=script("4", "2", "5"))
    assert ended.exit_code == 0 and ended.output.endswith("New game? [y/n]: \nGoodbye.\n")


def test_q_quits(cli):
    result = cli("play", "--first", "human", input=script("q", "4"))
    assert result.exit_code == 0
    assert "Move 1" not in result.output
    assert result.output.endswith("Your move (O), cell 0-8: q\nGoodbye.\n")


def test_ai_opens_by_default_and_a_new_game_starts_afresh(cli):
    result = cli("play", input=script("1", "2", "6", "maybe", "y", "4", "q"))
    out = result.output
    assert result.exit_code == 0
    assert "Game 1: the AI opens." in out and "Game 2: the AI opens." in out
    assert out.count("Move 1: X plays cell 0 (top-left): test-plays 0 → 0, 1 → 0") == 2
    assert "(549,946 calls)" in out
    assert "The AI (X) won: three in a row on cells 3, 4, 5, shown as [X]." in out
    assert "New game? [y/n]: maybe\nPlease answer y or n (found 'maybe').\n" in out
    # The second game starts with an empty board: cell 4 is free again.
    assert "Move 2: you (O) play cell 4 (centre)." in out.split("Game 2")[1]


def test_why_explains_the_last_decision_and_saves_nothing_unasked(cli, tmp_path: Path):
    result = cli("play", "--first", "human", input=script("why", "4", "2", "why", "q"))
    out = result.output
    assert result.exit_code == 0
    assert "Your move (O), cell 0-8: why\nThe AI has not moved yet in this game.\n" in out
    explained = out.split("cell 0-8: why\n")[2]
    assert explained.startswith(
        "Move 4: X plays cell 6 (bottom-left): test-plays 1 → -1, 3 → -1, 5 → -1, 6 → 0, "
        "7 → -1, 8 → -1; max is 0 (933 calls)\n"
        "What X's minimax expects after each test-play (both sides playing their best):\n"
        "  cell 1 → -1: then O on 3, X on 5, O on 6: O wins\n"
    )
    assert "  cell 6 → 0: then O on 3, X on 5, O on 1, X on 7, O on 8: draw\n" in explained
    # Without --save nothing is written, into the current folder or anywhere.
    assert "(start with --save DIR to keep each decision's full trace as files)" in explained
    assert list(tmp_path.iterdir()) == []


def test_save_keeps_the_pictures_and_the_page_by_default(cli, tmp_path: Path):
    result = cli("play", "--first", "human", "--save", "s", input=script("4", "2", "why", "q"))
    assert result.exit_code == 0
    explained = result.output.split("cell 0-8: why\n")[1]
    saved = tmp_path / "s"
    # By default the pictures and the page are saved; the JSON trace is opt-in.
    assert "  (saved s/move-4.svg, s/move-4-figures/index.html, s/move-4.html)\n" in result.output
    # That line is all the game says of them: the files are written quietly, never with a
    # run's "trace: wrote …" lines in the middle of the game.
    assert "trace: wrote" not in result.output and result.stderr == ""
    assert "Its full trace is in s/move-4.svg" in explained
    assert sorted(p.name for p in saved.iterdir()) == [
        "move-2-figures", "move-2.html", "move-2.svg", "move-4-figures", "move-4.html", "move-4.svg"]
    assert ("Minimax game tree of [&quot;X&quot;, 1, &quot;O&quot;, 3, &quot;O&quot;, 5, 6, 7, 8]"
            in (saved / "move-4.svg").read_text())
    figures = sorted(p.name for p in (saved / "move-4-figures").iterdir())
    assert figures == sorted([f"test-play-{n}.svg" for n in range(1, 7)] + [
        "after-test-play.svg", "final-board.svg", "index.html", "overview.svg", "tested-cell.svg"])
    page = (saved / "move-4.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "X.O/.O./..." in page


def test_play_starts_and_plays_without_any_layout_engine(cli, tmp_path: Path, monkeypatch):
    from tracer.outputs import layout

    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    monkeypatch.setattr(layout, "find_pure", lambda: None)
    result = cli("play", "--first", "human", "--save", "moves", "--save-as", "svg",
                 input=script("4", "2", "q"))
    assert result.exit_code == 0, result.output
    assert "Move 4: X plays cell" in result.output
    lines = [line for line in result.output.splitlines() if line.startswith("Could not save")]
    assert lines and lines[0].startswith("Could not save move 2: no layout engine found")
    assert all("apt-get install graphviz" in line for line in lines)
    assert not list(tmp_path.glob("moves/move-*.svg"))


def test_save_writes_every_ai_decision_named_by_move(cli, tmp_path: Path):
    result = cli("play", "--first", "human", "--save", "moves",
                 "--save-as", "svg", "--save-as", "json", "--save-as", "html",
                 input=script("4", "2", "5", "why", "y", "0", "q"))
    assert result.exit_code == 0
    folder = tmp_path / "moves"
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(
        f"{stem}.{kind}" for stem in ("move-2", "move-4", "move-6", "game-2-move-2")
        for kind in ("svg", "json", "html")
    )
    # Each file is the trace of the decision shown on screen.
    for stem, board, cell in [("move-2", "....O....", 0), ("move-4", "X.O.O....", 6),
                              ("move-6", "X.O.OOX..", 3), ("game-2-move-2", "O........", 4)]:
        with open(folder / f"{stem}.json", "rb") as stream:
            trace = load_json(stream)
        assert (trace.game.board.cells, trace.result.index) == (board, cell)
        svg = (folder / f"{stem}.svg").read_text()
        array = game_words(trace.game).guide_array(trace.game.root).replace('"', "&quot;")
        assert "<svg" in svg and f"Minimax game tree of {array}" in svg
    # Asked after the end, why explains the winning move and names the files already written.
    assert ("New game? [y/n]: why\nMove 6: X plays cell 3 (middle-left)" in result.output)
    assert "  cell 3 → +1: X wins at once\n" in result.output
    assert "Its full trace is in moves/move-6.svg, moves/move-6.json, moves/move-6.html." in result.output
    assert "trace: wrote" not in result.output and result.stderr == ""


def test_save_as_chooses_the_kinds(cli, tmp_path: Path):
    result = cli("play", "--first", "human", "--save", "out", "--save-as", "json",
                 input=script("4", "q"))
    assert result.exit_code == 0
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["move-2.json"]


def test_ten_and_custom_scores_show_in_the_reasons(cli):
    ten = cli("play", "--first", "human", "--scores", "ten", input=script("4", "2", "5", "n"))
    assert "(scores: -10 if you win, +10 if it wins, 0 for a draw)" in ten.output
    assert "test-plays 1 → -10, 3 → +10, 7 → -10, 8 → -10; max is +10 (24 calls)" in ten.output
    custom = cli("play", "--first", "human", "--scores", "-25,25,0",
                 input=script("4", "2", "5", "n"))
    assert "max is +25 (24 calls)" in custom.output
    # The same moves, whatever the scheme.
    strip = re.compile(r"[-+]?\d+ (if|for)|→ [-+]?\d+|max is [-+]?\d+")
    assert strip.sub("", ten.output) == strip.sub("", custom.output)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scores", "1,2"], "expected 'tutorial', 'ten' or three integers"),
        (["--scores", "1,-1,0"], "expected scores with human win < draw < AI win"),
        (["--ai", "Z"], "Invalid value for '--ai'"),
        (["--first", "nobody"], "Invalid value for '--first'"),
        (["--save-as", "pdf"], "Invalid value for '--save-as'"),
    ],
)
def test_bad_options_exit_2_with_one_line(cli, args, message):
    result = cli("play", *args, input="4\n")
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output and "Game 1" not in result.output


def test_save_folder_that_is_a_file_is_refused(cli, tmp_path: Path):
    (tmp_path / "taken").write_text("not a folder")
    result = cli("play", "--save", "taken", input="4\n")
    assert result.exit_code == 2
    assert result.output.startswith("trace: error: taken: cannot create the folder")
    assert (tmp_path / "taken").read_text() == "not a folder"


def test_ctrl_c_at_the_prompt_says_goodbye():
    from tracer.play.terminal import Session
    from tracer.scores import TUTORIAL

    class Interrupted:
        def readline(self, size: int = -1) -> str:
            raise KeyboardInterrupt

    shown: list[str] = []
    Session(ai="X", first="human", scores=TUTORIAL, save_dir=None, kinds=["json"],
            stdin=Interrupted(),  # type: ignore[arg-type]
            out=lambda text="", nl=True, color=None: shown.append(text)).run()
    assert shown[-3:] == ["Your move (O), cell 0-8: ", "", "Goodbye."]
