"""The game against the AI: rules, the AI's reasons, saved decisions, and proof it cannot lose."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import tracer
from tracer.games.tictactoe.board import Board, other
from tracer.play.match import Game, MoveError, Outcome, choose_move, outcome_of
from tracer.play.saving import OUTPUT_KINDS, decision_stem, save_decision
from tracer.scores import TENS, TUTORIAL, Scores
from tracer.tracefile import load_json

# Renders pictures: CI runs these with system Graphviz and again without it.
CONFIGS = [("X", "ai"), ("X", "human"), ("O", "ai"), ("O", "human")]


# --- the game's rules ---------------------------------------------------------------


def test_new_game_gives_the_opening_move_to_the_chosen_side():
    assert Game.new("X", "ai").to_move == "X"
    assert Game.new("X", "human").to_move == "O"  # the tutorial's New Game: O opens
    assert Game.new("O", "ai").to_move == "O"
    assert Game.new("O", "human").to_move == "X"
    assert Game.new("O", "human").human == "X"
    with pytest.raises(ValueError):
        Game.new("Z", "ai")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Game.new("X", "nobody")  # type: ignore[arg-type]


def test_play_alternates_marks_and_numbers_moves():
    game = Game.new("X", "human").play(4).play(0)
    assert game.board == Board("X...O....")
    assert game.moves == (4, 0)
    assert game.number == 3
    assert game.to_move == "O"
    assert game.legal_moves() == [1, 2, 3, 5, 6, 7, 8]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type the number of an empty cell"),
        ("   ", "type the number of an empty cell"),
        ("abc", "'abc' is not a cell"),
        ("4.0", "'4.0' is not a cell"),
        ("٣", "is not a cell"),  # a digit int() would accept, but not one we ask for
        ("9", "there is no cell 9"),
        ("-1", "there is no cell -1"),
        ("123456789012", "there is no cell 123456789012"),
        ("4", "cell 4 is taken by O: empty cells are 1, 2, 3, 5, 6, 7, 8"),
        ("0", "cell 0 is taken by X"),
    ],
)
def test_read_move_explains_what_is_wrong(text, message):
    game = Game.new("X", "human").play(4).play(0)
    with pytest.raises(MoveError) as info:
        game.read_move(text)
    assert message in str(info.value)


def test_read_move_accepts_an_empty_cell_with_spaces():
    game = Game.new("X", "human")
    assert game.read_move(" 7\n") == 7
    assert game.board == Board.empty()  # reading a move does not play it


def test_outcome_uses_the_boards_winning_line():
    assert outcome_of(Board("XXXOO....")) == Outcome("X", (0, 1, 2))
    assert outcome_of(Board("X.OXO.O.X")) == Outcome("O", (2, 4, 6))
    draw = outcome_of(Board("XOXXOOOXX"))
    assert draw == Outcome(None) and draw.draw and draw.line == ()
    assert outcome_of(Board("X.OX.XOO.")) is None


def test_a_finished_game_takes_no_moves():
    game = Game.new("X", "ai")
    for cell in (0, 3, 1, 4, 2):
        game = game.play(cell)
    assert game.over and game.outcome == Outcome("X", (0, 1, 2))
    assert game.legal_moves() == []
    assert not game.ai_to_move
    with pytest.raises(MoveError, match="the game is over"):
        game.play(8)
    with pytest.raises(ValueError, match="not the AI's turn"):
        game.decide()


# --- the AI's decision and its reason --------------------------------------------------


def test_tutorial_board_reason_names_test_plays_max_and_calls():
    decision = choose_move(Board("X.OX.XOO."), "X", number=6)
    assert decision.cell == 4
    assert decision.trace.calls == 9
    assert decision.reason() == (
        "X plays cell 4 (centre): test-plays 1 → -1, 4 → +1, 8 → -1; max is +1 (9 calls)"
    )


def test_reason_says_which_of_tied_test_plays_step_16_keeps():
    decision = Game.new("X", "ai").decide()
    assert decision.cell == 0 and decision.number == 1
    assert decision.reason().endswith("; max is 0, first at cell 0 (549,946 calls)")
    assert "8 → 0" in decision.reason()


def test_reason_uses_the_score_scheme():
    decision = choose_move(Board("X.OX.XOO."), "X", TENS)
    assert "test-plays 1 → -10, 4 → +10, 8 → -10; max is +10" in decision.reason()


def test_expected_lines_follow_each_test_plays_chosen_replies():
    decision = choose_move(Board("X.OX.XOO."), "X")
    assert decision.expected_lines() == [
        (1, -1, [("O", 4)], "O wins"),
        (4, 1, [], "X wins"),
        (8, -1, [("O", 4)], "O wins"),
    ]


@pytest.mark.parametrize(
    ("cells", "ai"), [("X...O....", "X"), ("X........", "O"), (".........", "O")]
)
def test_decision_agrees_with_the_plain_minimax(cells, ai):
    board = Board(cells)
    assert choose_move(board, ai).cell == tracer.plain_minimax(board, ai, ai=ai).index


# --- the AI cannot be beaten ---------------------------------------------------------


def _every_game(game: Game, cache: dict[str, int]) -> list[Game]:
    """Every finished game from ``game``: the human tries each legal move, the AI answers."""
    if game.over:
        return [game]
    if game.ai_to_move:
        cell = cache.get(game.board.cells)
        if cell is None:
            cell = cache[game.board.cells] = game.decide().cell
        return _every_game(game.play(cell), cache)
    finished: list[Game] = []
    for cell in game.legal_moves():
        finished.extend(_every_game(game.play(cell), cache))
    return finished


def _count_independently(ai: str, first: str) -> Counter:
    """The same count by another route: level by level, with the plain minimax deciding.

    Each level maps a board to the number of move sequences reaching it; a
    finished board (``winner()``/``is_full()``) stops its sequences.
    """
    cache: dict[str, int] = {}
    to_move = ai if first == "ai" else other(ai)
    level = {Board.empty(): 1}
    ends: Counter = Counter()
    while level:
        following: Counter = Counter()
        for board, ways in level.items():
            winner = board.winner()
            if winner is not None or board.is_full():
                ends["AI wins" if winner == ai else "human wins" if winner else "draw"] += ways
                continue
            if to_move == ai:
                cell = cache.get(board.cells)
                if cell is None:
                    cell = cache[board.cells] = tracer.plain_minimax(board, ai, ai=ai).index
                following[board.play(cell, ai)] += ways
            else:
                for cell in board.empty_cells():
                    following[board.play(cell, to_move)] += ways
        level = following
        to_move = other(to_move)
    return ends


@pytest.mark.parametrize(("ai", "first"), CONFIGS)
def test_the_ai_never_loses_against_any_sequence_of_human_moves(ai, first, capsys):
    finished = _every_game(Game.new(ai, first), {})
    results = Counter(
        "draw" if g.outcome.draw else "AI wins" if g.outcome.winner == ai else "human wins"
        for g in finished
    )
    with capsys.disabled():  # the count shows in every run, not only with -s
        print(f"\nAI {ai}, {first} first: checked {len(finished):,} games: "
              f"{results['AI wins']:,} won by the AI, {results['draw']:,} drawn, "
              f"{results['human wins']} lost", end=" ")
    assert results["human wins"] == 0
    assert len(finished) == len({g.moves for g in finished})  # each sequence counted once
    # The same games counted independently, outcome by outcome.
    assert results == _count_independently(ai, first)
    assert results["AI wins"] > 0 and results["draw"] > 0


# --- score schemes choose the same moves ---------------------------------------------


def _positions() -> set[tuple[str, str]]:
    """Every legal (board, mark to move) that is not finished, with X or O opening."""
    found: set[tuple[str, str]] = set()
    stack = [(Board.empty(), "X"), (Board.empty(), "O")]
    while stack:
        board, mark = stack.pop()
        if (board.cells, mark) in found or outcome_of(board) is not None:
            continue
        found.add((board.cells, mark))
        stack.extend((board.play(cell, mark), other(mark)) for cell in board.empty_cells())
    return found


@pytest.mark.slow  # 9,040 positions, four searches each
def test_score_schemes_choose_identical_moves_everywhere():
    schemes = [TENS, Scores(-25, 25, 0), Scores(-7, 3, -2)]
    positions = _positions()
    # 4,520 boards with X opening (5,478 legal boards minus 958 finished), the same with O.
    assert len(positions) == 2 * 4520
    differ = []
    for cells, mark in sorted(positions):
        board = Board(cells)
        tutorial = tracer.record(board, mark, ai=mark, scores=TUTORIAL)
        for scores in schemes:
            other_run = tracer.record(board, mark, ai=mark, scores=scores)
            if other_run.result.index != tutorial.result.index:
                differ.append((cells, mark, scores))
            # The whole root, not just its answer: each test-play's score maps across.
            scale = {scores.human_win: -1, scores.ai_win: 1, scores.draw: 0}
            assert [scale[p.score] for p in other_run.root.test_plays] == [
                p.score for p in tutorial.root.test_plays
            ]
    assert differ == []


# --- saving a decision ---------------------------------------------------------------


def test_save_decision_writes_each_kind_named_by_move(tmp_path: Path):
    decision = choose_move(Board("X.OX.XOO."), "X", number=6)
    stem = decision_stem(tmp_path, 1, decision.number)
    paths = save_decision(decision.trace, stem, list(OUTPUT_KINDS))
    assert [str(p.relative_to(tmp_path)) for p in paths] == [
        "move-6.svg", "move-6.json", "move-6-figures/index.html", "move-6.html"]
    assert sorted(p.name for p in (tmp_path / "move-6-figures").iterdir()) == [
        "after-test-play.svg", "final-board.svg", "index.html", "overview.svg",
        "test-play-1.svg", "test-play-2.svg", "test-play-3.svg", "tested-cell.svg"]
    assert "X.O/X.X/OO." in (tmp_path / "move-6.html").read_text()  # the page names its board
    svg = (tmp_path / "move-6.svg").read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert svg.count('class="node"') == 9  # nine calls; the legend is in the graph's label
    assert "Legend" in svg
    with open(tmp_path / "move-6.json", "rb") as stream:
        loaded = load_json(stream, "move-6.json")
    assert loaded.result == decision.trace.result and loaded.calls == 9


def test_decision_stem_names_later_games():
    assert decision_stem(Path("d"), 1, 3) == Path("d/move-3")
    assert decision_stem(Path("d"), 2, 3) == Path("d/game-2-move-3")
