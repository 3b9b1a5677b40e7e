"""The search: the tutorial's facts, its 9-call walk call by call, identity with plain_minimax."""

from __future__ import annotations

import copy
import itertools
from collections import Counter

import pytest

import tracer
from tracer import TENS, TUTORIAL, Board, Result, Scores, plain_minimax, record
from tracer.trace import ENTER, LEAVE

# ---------------------------------------------------------------- the tutorial's board

#: The tutorial's walk (figures 6-8), one row per call:
#: (call, depth, parent, board, mark, move, empty, terminal, test-plays, best, returned).
TUTORIAL_WALK = [
    # Step 7: the first call, X (the AI) to move on figure 2's board.
    (1, 0, None, "X.OX.XOO.", "X", None, [1, 4, 8], None,
     [(1, -1), (4, 1), (8, -1)], 4, Result(4, 1)),
    # Figure 6: X on cell 1, then O's two test-plays both win for O.
    (2, 1, 1, "XXOX.XOO.", "O", 1, [4, 8], None, [(4, -1), (8, -1)], 4, Result(4, -1)),
    (3, 2, 2, "XXOXOXOO.", "X", 4, [8], "O", [], None, Result(None, -1)),
    (4, 2, 2, "XXOX.XOOO", "X", 8, [4], "O", [], None, Result(None, -1)),
    # Figure 7: X on cell 4 completes the middle row.
    (5, 1, 1, "X.OXXXOO.", "O", 4, [1, 8], "X", [], None, Result(None, 1)),
    # Figure 8: X on cell 8; O on 1 lets X win on 4, O on 4 wins on the diagonal.
    (6, 1, 1, "X.OX.XOOX", "O", 8, [1, 4], None, [(1, 1), (4, -1)], 4, Result(4, -1)),
    (7, 2, 6, "XOOX.XOOX", "X", 1, [4], None, [(4, 1)], 4, Result(4, 1)),
    (8, 3, 7, "XOOXXXOOX", "O", 4, [], "X", [], None, Result(None, 1)),
    (9, 2, 6, "X.OXOXOOX", "X", 4, [1], "O", [], None, Result(None, -1)),
]


def test_tutorial_result_after_exactly_nine_calls(tutorial_trace):
    assert tutorial_trace.result == Result(4, 1)
    assert tutorial_trace.calls == 9
    assert len(list(tutorial_trace)) == 9


@pytest.mark.parametrize("row", TUTORIAL_WALK, ids=lambda row: f"call{row[0]}")
def test_tutorial_walk_node_by_node(tutorial_trace, row):
    number, depth, parent, board, mark, move, empty, terminal, plays, best, returned = row
    call = tutorial_trace.call(number)
    assert call.call == number
    assert call.depth == depth
    assert call.parent == parent
    game = tutorial_trace.game
    assert game.board_of(call.state) == Board(board)
    assert game.mark_of(call.state) == mark
    assert call.move == move
    played_by = None if call.parent is None else game.mark_of(tutorial_trace.call(call.parent).state)
    assert played_by == (None if move is None else ("O" if mark == "X" else "X"))
    assert list(game.empty_cells(call.state)) == empty
    assert call.terminal == terminal
    assert call.test_plays == [Result(i, s) for i, s in plays]
    assert call.best == best
    assert call.returned == returned
    assert call.score == returned.score
    assert call.maximising == (mark == "X")
    assert [c.call for c in call.path()] == [*[r[0] for r in path_rows(number)], number]


def path_rows(number: int) -> list[tuple]:
    rows = {row[0]: row for row in TUTORIAL_WALK}
    ancestors = []
    parent = rows[number][2]
    while parent is not None:
        ancestors.insert(0, rows[parent])
        parent = rows[parent][2]
    return ancestors


def test_tutorial_walk_is_the_call_order(tutorial_trace):
    game = tutorial_trace.game
    walked = [(c.call, c.depth, game.board_of(c.state).cells, game.mark_of(c.state), c.move)
              for c in tutorial_trace]
    assert walked == [(r[0], r[1], r[3], r[4], r[5]) for r in TUTORIAL_WALK]
    assert [c.call for c in tutorial_trace.root.children()] == [2, 5, 6]
    assert [c.size for c in tutorial_trace.root.children()] == [3, 1, 4]


def test_tutorial_events_enter_and_leave_in_recursion_order(tutorial_trace):
    order = [(kind, call) for kind, call, _pid, _depth, _move in tutorial_trace.events()]
    E, L = ENTER, LEAVE  # noqa: N806
    assert order == [
        (E, 1), (E, 2), (E, 3), (L, 3), (E, 4), (L, 4), (L, 2), (E, 5), (L, 5),
        (E, 6), (E, 7), (E, 8), (L, 8), (L, 7), (E, 9), (L, 9), (L, 6), (L, 1),
    ]


def test_call_numbers_out_of_range(tutorial_trace):
    for bad in (0, 10, -1):
        with pytest.raises(IndexError):
            tutorial_trace.call(bad)


# ---------------------------------------------------------------- the empty board

def test_empty_board_facts(empty_trace):
    assert empty_trace.calls == 549_946
    assert empty_trace.result.score == 0
    outcomes: Counter[str] = Counter()
    terminal = empty_trace.positions.terminal
    names = {1: "X", 2: "O", 3: "draw"}
    for kind, _call, pid, _depth, _move in empty_trace.events():
        if kind == ENTER and terminal[pid]:
            outcomes[names[terminal[pid]]] += 1
    assert sum(outcomes.values()) == 255_168
    assert outcomes == {"X": 131_184, "O": 77_904, "draw": 46_080}
    # The counts per depth agree with the walk.
    assert sum(empty_trace.calls_by_depth()) == 549_946


def test_empty_board_check(empty_trace):
    empty_trace.check()


@pytest.mark.slow  # 549,946 calls against the plain reference
def test_empty_board_is_plain_minimax_call_for_call(empty_trace):
    assert_identical(empty_trace)


# ---------------------------------------------------------------- identity with plain_minimax

def assert_identical(trace: tracer.Trace) -> None:
    """Every call of ``trace`` is plain_minimax's, in order: board, mark, move, depth, score."""
    p = trace.positions
    game = trace.game
    cells = {pid: game.board_of(p.state[pid]).cells for pid in range(len(p))}
    events = trace.events()
    count = [0]

    def on_call(board: Board, mark: str, move: int | None, depth: int) -> None:
        kind, call, pid, t_depth, t_move = next(events)
        count[0] += 1
        assert kind == ENTER and call == count[0], (kind, call, count[0])
        got = (cells[pid], game.mark_of(p.state[pid]), None if t_move < 0 else t_move, t_depth)
        assert got == (board.cells, mark, move, depth), f"call {call}: {got}"

    def on_return(score: int) -> None:
        kind, call, pid, _depth, _move = next(events)
        assert kind == LEAVE and p.score[pid] == score, f"call {call} returned {score}"

    result = plain_minimax(
        trace.game.board, trace.game.to_move, trace.game.ai, trace.game.scores, on_call=on_call, on_return=on_return
    )
    assert next(events, None) is None, "the trace has more calls than plain_minimax made"
    assert count[0] == trace.calls
    assert result == trace.result


def all_positions(max_empty: int) -> list[tuple[Board, str]]:
    """Every legal (board, side to move) with at most ``max_empty`` empty cells."""
    found = []
    for cells in itertools.product("XO.", repeat=9):
        board = Board("".join(cells))
        xs, os = board.count("X"), board.count("O")
        if cells.count(".") > max_empty or abs(xs - os) > 1:
            continue
        if board.has_line("X") and board.has_line("O"):
            continue
        movers = ("X", "O") if xs == os else (("O",) if xs > os else ("X",))
        found.extend((board, mark) for mark in movers)
    return found


SMALL_POSITIONS = all_positions(4)


def test_small_positions_cover_both_movers_and_finished_boards():
    assert len(SMALL_POSITIONS) > 5000
    assert {mark for _b, mark in SMALL_POSITIONS} == {"X", "O"}
    assert any(b.winner() for b, _m in SMALL_POSITIONS)
    assert any(b.is_full() for b, _m in SMALL_POSITIONS)


@pytest.mark.slow  # every position against the plain reference
@pytest.mark.parametrize("ai", ["X", "O"])
def test_every_small_position_is_plain_minimax_call_for_call(ai):
    for board, to_move in SMALL_POSITIONS:
        trace = record(board, to_move, ai=ai)
        assert_identical(trace)
        trace.check()


@pytest.mark.parametrize("ai", ["X", "O"])
@pytest.mark.parametrize("to_move", ["X", "O"])
def test_empty_board_value_for_every_mover_and_ai(ai, to_move):
    # Cheap thanks to shared subtrees; the call count does not depend on who is the AI.
    trace = record(Board.empty(), to_move, ai=ai)
    assert trace.calls == 549_946
    assert trace.result.score == 0
    trace.check()


@pytest.mark.parametrize(
    "scheme", [TENS, Scores(-25, 25, 0), Scores(-7, 2, -1)], ids=["ten", "25", "lopsided"]
)
@pytest.mark.parametrize("ai", ["X", "O"])
def test_other_score_schemes_choose_the_same_moves(scheme, ai):
    # Minimax only compares scores, so any order-preserving scheme changes no choice.
    mapping = {TUTORIAL.human_win: scheme.human_win, TUTORIAL.ai_win: scheme.ai_win,
               TUTORIAL.draw: scheme.draw}
    starts = [(Board.empty(), "X"), (Board("X.OX.XOO."), "X"), (Board("XXOX.....") , "O")]
    starts += SMALL_POSITIONS[::97]
    for board, to_move in starts:
        base = record(board, to_move, ai=ai)
        other = record(board, to_move, ai=ai, scores=scheme)
        other.check()
        assert other.calls == base.calls
        assert list(other.positions.best) == list(base.positions.best)
        assert list(other.positions.state) == list(base.positions.state)
        assert [mapping[s] for s in base.positions.score] == list(other.positions.score)
        assert other.result == Result(base.result.index, mapping[base.result.score])


def test_scores_scheme_against_plain_minimax():
    assert_identical(record(Board("X.OX.XOO."), "X", scores=TENS))
    assert_identical(record(Board("XO.......") , "X", ai="O", scores=Scores(-25, 25, 0)))


# ---------------------------------------------------------------- self-checks

def test_check_passes_on_the_tutorial(tutorial_trace):
    tutorial_trace.check()
    tutorial_trace.check_calls()


def corrupted(trace: tracer.Trace, column: str, pid: int, value: int) -> tracer.Trace:
    positions = copy.deepcopy(trace.positions)
    getattr(positions, column)[pid] = value
    return tracer.Trace(trace.game, positions, trace.search)


def pid_of(trace: tracer.Trace, number: int) -> int:
    return trace.call(number).pid


@pytest.mark.parametrize(
    ("column", "call", "value"),
    [
        ("score", 1, -1),  # the root's max is +1
        ("score", 2, 1),  # O's min is -1
        ("score", 3, 1),  # a terminal score that does not match O's win
        ("score", 8, 0),  # X won here, not a draw
        ("sizes", 1, 8),
        ("sizes", 6, 5),
        ("sizes", 5, 2),  # a terminal call has no subtree
        ("best", 1, 0),  # the best test-play is cell 4, the second
        ("best", 2, 1),  # a tie keeps the first, not the last
        ("best", 3, 0),  # a terminal call has no best
        ("terminal", 3, 0),
        ("terminal", 5, 3),
        ("state", 2, "flip the side to move"),
    ],
)
def test_check_catches_corruption(tutorial_trace, column, call, value):
    pid = pid_of(tutorial_trace, call)
    if value == "flip the side to move":
        value = tutorial_trace.positions.state[pid] ^ 1 << 18  # the bit of a 3×3 state: X to move
    bad = corrupted(tutorial_trace, column, pid, value)
    with pytest.raises(AssertionError):
        bad.check()
    tutorial_trace.check()  # the original is untouched


def test_check_catches_a_wrong_child(tutorial_trace):
    # Call 2's first test-play leads to call 4's position instead of call 3's.
    positions = copy.deepcopy(tutorial_trace.positions)
    start = positions.first_edge[pid_of(tutorial_trace, 2)]
    positions.edge_child[start] = pid_of(tutorial_trace, 4)
    bad = tracer.Trace(tutorial_trace.game, positions, tutorial_trace.search)
    with pytest.raises(AssertionError):
        bad.check()


def test_check_catches_corruption_on_the_empty_board(empty_trace):
    p = empty_trace.positions
    inner = next(pid for pid in range(len(p)) if not p.terminal[pid] and pid > 100)
    for column, value in (("score", p.score[inner] + 1), ("sizes", p.sizes[inner] - 1)):
        bad = corrupted(empty_trace, column, inner, value)
        with pytest.raises(AssertionError):
            bad.check()


# ---------------------------------------------------------------- finished boards

@pytest.mark.parametrize(
    ("cells", "to_move", "ai", "terminal", "score"),
    [
        ("XXXOO....", "O", "X", "X", 1),
        ("XXXOO....", "O", "O", "X", -1),
        ("OOOXX.X..", "X", "X", "O", -1),
        ("XOXXOOOXX", "X", "X", "draw", 0),
        ("XOXXOOOXX", "O", "O", "draw", 0),
    ],
)
def test_a_finished_board_is_a_single_terminal_call(cells, to_move, ai, terminal, score):
    trace = record(Board(cells), to_move, ai=ai)
    assert trace.calls == 1
    assert trace.root.terminal == terminal
    assert trace.result == Result(None, score)
    assert trace.root.children() == [] and trace.root.test_plays == []
    assert trace.root.best is None
    trace.check()
    trace.check_calls()
    assert_identical(trace)


def test_record_refuses_bad_marks():
    with pytest.raises(ValueError):
        record(Board.empty(), "Z")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        record(Board.empty(), "X", ai="x")  # type: ignore[arg-type]


def test_tracer_search_is_the_package_and_traces_a_game_when_called():
    import importlib

    import tracer

    alphabeta = importlib.import_module("tracer.search.alphabeta")
    from tracer.search import run_search

    game = tracer.tree("A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]")
    guide = tracer.search(game)
    assert (guide.calls, guide.result.score, guide.search.algorithm) == (13, 3, "minimax")
    cut = tracer.search(game, "alphabeta", cutoff="gt")
    assert cut.search == run_search(game, "alphabeta", cutoff="gt").search
    assert cut.calls == alphabeta.search(game, "gt").calls == 11  # C.2 and C.3 pruned
    assert tracer.search.run_search is run_search
