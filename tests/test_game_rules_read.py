"""What a learner reads of a game's rules, each held against a value worked out by hand or by
counting: Nim's largest heap, ``--order``'s every-cell-once rule, depth counted from the
position searched (not from the empty board), and each Nim object drawn once."""

from __future__ import annotations

import pytest

import tracer
from tracer.errors import InputError
from tracer.explain import for_trace
from tracer.games.nim.game import MAX_HEAP, Nim, game_tree_calls, move_of
from tracer.games.nim.notation import parse_heaps
from tracer.games.tictactoe.game import TicTacToe, parse_order
from tracer.renderers.log import render_log
from tracer.scores import DEPTH
from tracer.search import SearchSpec

# ---- Nim's heaps: 0 to 7 objects (three bits a heap) --------------------------------------


def test_a_heap_of_seven_is_read_and_eight_refused(cli, tmp_path) -> None:
    assert MAX_HEAP == 7
    assert parse_heaps("7") == [7] and parse_heaps("nim [7, 1]") == [7, 1]
    with pytest.raises(InputError, match="at most 7 objects"):
        parse_heaps("8")
    (tmp_path / "h.txt").write_text("7\n", encoding="utf-8")
    result = cli("h.txt", "--game", "nim", "--no-tree", "--stats")
    assert result.exit_code == 0, result.output
    # One heap of n: the mover may leave any of 0..n-1, so calls(n) = 1 + calls(0) + … + calls(n-1) = 2^n.
    assert game_tree_calls((7,)) == 2 ** 7
    assert tracer.search(Nim([7])).calls == 2 ** 7


def test_each_object_is_drawn_once_whatever_the_move_shows() -> None:
    game = Nim([1, 2, 3])
    words = for_trace(tracer.search(Nim([1, 2, 3]), "minimax"))[0]
    root = game.root
    for heap, size in enumerate([1, 2, 3]):
        for take in range(1, size + 1):
            move = move_of(heap, take)
            testing = words.picture(root, testing=move)
            # Before the move: every object of the heaps, once; ``take`` of them in red.
            assert testing.count("●") == 6 and testing.count("○") == 0, (heap, take)
            after = words.picture(game.play(root, move), played=move)
            # After it: the objects left, and the ``take`` just taken drawn hollow.
            assert after.count("●") == 6 - take and after.count("○") == take, (heap, take)
    assert words.picture(root).count("●") == 6


# ---- tic-tac-toe's --order: every cell once --------------------------------------------------


@pytest.mark.parametrize("text", ["0,0,1,2,3,4,5,6,7,8", "4,0,2,6,8,1,3,5,7,7", "0,1,2,3,4,5,6,7",
                                  "0,1,2,3,4,5,6,7,9", "4,4,2,6,8,1,3,5,7"])
def test_an_order_naming_a_cell_twice_or_missing_one_is_refused(cli, tmp_path, text: str) -> None:
    with pytest.raises(InputError, match="each once"):
        parse_order(text)
    (tmp_path / "b.txt").write_text("X.O\n...\n...\n", encoding="utf-8")
    result = cli("b.txt", "--no-tree", "--order", text)
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("trace: error: --order: expected"), result.stderr


def test_an_order_naming_every_cell_once_is_kept_as_given() -> None:
    assert parse_order("8,7,6,5,4,3,2,1,0") == (8, 7, 6, 5, 4, 3, 2, 1, 0)


# ---- depth: moves from the position searched -------------------------------------------------


def test_depth_scores_count_moves_from_the_position_searched() -> None:
    # X.O / X.X / OO. with X to move: X wins at once with cell 4 (row 3-4-5), one move from
    # the position: 10 - 1 = 9, though six marks were on the board before it.
    trace = tracer.record(tracer.Board("X.OX.XOO."), "X", scores="depth")
    assert (trace.result.index, trace.result.score) == (4, 9)
    log = render_log(SearchSpec("minimax").run(TicTacToe(tracer.Board("X.OX.XOO."), "X", scores=DEPTH)))
    assert "depth-aware score 10 - 1 = +9, not 10: this win comes 1 move after the first call" in log
