"""``tracer.check(fn, board)`` in Python, the result object, and the learner's search as a Trace.

The functions checked here are defined at this module's top level, as a notebook defines
them: their recursive calls go through their global name.
"""

from __future__ import annotations

import io
import json
import math
import re

import pytest
from checking import calls as reference_calls
from checking import value

import tracer
from tracer.renderers.log import render_log
from tracer.tracefile import write_json

WINS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def line(board, mark):
    return any(all(board[i] == mark for i in w) for w in WINS)


def minimax(board, mark):
    """Right: the guide's algorithm, marks X (AI) and O, empty cells as their index."""
    if line(board, "O"):
        return {"score": -1}
    if line(board, "X"):
        return {"score": 1}
    free = [c for c in board if c not in ("X", "O")]
    if not free:
        return {"score": 0}
    plays = []
    for cell in free:
        board[cell] = mark
        plays.append({"index": cell, "score": minimax(board, "O" if mark == "X" else "X")["score"]})
        board[cell] = cell
    pick = max if mark == "X" else min
    best = pick(p["score"] for p in plays)
    return next(p for p in plays if p["score"] == best)


def swapped(board, mark):
    """Wrong: the AI takes the lowest score, the human the highest."""
    if line(board, "O"):
        return {"score": -1}
    if line(board, "X"):
        return {"score": 1}
    free = [c for c in board if c not in ("X", "O")]
    if not free:
        return {"score": 0}
    plays = []
    for cell in free:
        board[cell] = mark
        plays.append({"index": cell, "score": swapped(board, "O" if mark == "X" else "X")["score"]})
        board[cell] = cell
    pick = min if mark == "X" else max
    best = pick(p["score"] for p in plays)
    return next(p for p in plays if p["score"] == best)


def fails_with_one_cell_left(board, mark):
    """Wrong: gives up on a board with one empty cell (call #3 on the guide's board)."""
    free = [c for c in board if c not in ("X", "O")]
    if len(free) == 1:
        raise ValueError("one cell left")
    if line(board, "O") or line(board, "X") or not free:
        return {"score": -1 if line(board, "O") else 1 if line(board, "X") else 0}
    plays = []
    for cell in free:
        board[cell] = mark
        plays.append({"index": cell, "score": fails_with_one_cell_left(board, "O" if mark == "X" else "X")["score"]})
        board[cell] = cell
    return max(plays, key=lambda p: p["score"]) if mark == "X" else min(plays, key=lambda p: p["score"])


def forever(board, mark):
    return forever(board, mark)


X, O, EMPTY = "X", "O", None  # noqa: E741 - the course project's names


def max_value(board):
    if line([c for r in board for c in r], X) or line([c for r in board for c in r], O) \
            or all(c is not EMPTY for r in board for c in r):
        return 1 if line([c for r in board for c in r], X) else -1 if line([c for r in board for c in r], O) else 0
    v = -math.inf
    for i in range(3):
        for j in range(3):
            if board[i][j] is EMPTY:
                board[i][j] = X
                v = max(v, min_value(board))
                board[i][j] = EMPTY
    return v


def min_value(board):
    cells = [c for r in board for c in r]
    if line(cells, X) or line(cells, O) or EMPTY not in cells:
        return 1 if line(cells, X) else -1 if line(cells, O) else 0
    v = math.inf
    for i in range(3):
        for j in range(3):
            if board[i][j] is EMPTY:
                board[i][j] = O
                v = min(v, max_value(board))
                board[i][j] = EMPTY
    return v


def test_a_right_function_on_the_guide_board() -> None:
    result = tracer.check(minimax)
    assert result.verdict == "identical" and result.ok
    assert result.check.calls == 9 and result.check.guide_calls == 9
    assert "Verdict: identical" in str(result)
    assert repr(result) == "<CheckResult identical>"


def test_a_wrong_function_and_its_departure() -> None:
    """O maximises: call #6 (O to move on X.O/X.X/OOX) returns +1 where min gives -1."""
    result = tracer.check(swapped, "X.OX.XOO.")
    assert result.verdict == "wrong" and result.difference == "max-min-swapped"
    departure = result.check.departure
    assert (departure.call, departure.to_move, departure.expected_score) == (6, "O", -1)
    html = result._repr_html_()
    assert "wrong" in html and "<svg" in html and "call #6" in html


def test_any_board_notation_and_another_side_to_move() -> None:
    result = tracer.check(minimax, "X . .\n. O .\n. . .")
    assert result.verdict == "identical"
    assert result.check.calls == reference_calls("X...O....", "X")
    own = ["X", 1, 2, 3, "O", 5, 6, 7, 8]
    assert tracer.check(minimax, own).check.calls == reference_calls("X...O....", "X")
    assert own == ["X", 1, 2, 3, "O", 5, 6, 7, 8]  # the learner's board is not changed


def test_functions_that_call_each_other() -> None:
    board = [[X, EMPTY, O], [X, EMPTY, X], [O, O, EMPTY]]
    result = tracer.check([max_value, min_value], board)
    assert result.verdict == "identical" and result.check.calls == 9
    assert max_value is globals()["max_value"]  # the names are bound back


def test_a_runaway_function_is_stopped() -> None:
    result = tracer.check(forever, "X.OX.XOO.", max_calls=50)
    assert result.verdict == "error"
    assert result.check.error.kind == "call-limit"


def test_the_learners_search_as_a_trace() -> None:
    """Its rows are the learner's calls; the trace's own check holds them to the record, and the
    call the report names is the trace's call of that number."""
    result = tracer.check(swapped)
    trace = result.trace()
    trace.check()
    trace.check_calls()
    assert trace.calls == result.check.calls == 9
    departure = result.check.departure
    call = trace.call(departure.call)
    game = trace.game
    assert game.board_of(call.state).cells == "X.OX.XOO" + "X" and game.mark_of(call.state) == "O"
    assert call.score == 1 and call.trace.search.algorithm == "learner"
    assert result.guide_trace().calls == 9


@pytest.mark.parametrize("board", ["X.OX.XOO.", "XO.......", "X...O...."])
def test_a_right_functions_trace_scores_as_the_guide(board: str) -> None:
    trace = tracer.check(minimax, board).trace()
    trace.check()
    for call in trace:
        board, mark = trace.game.board_of(call.state), trace.game.mark_of(call.state)
        assert call.score == value(board.cells, mark, "X")


def test_not_a_function() -> None:
    with pytest.raises(TypeError):
        tracer.check("minimax")
    with pytest.raises(tracer.InputError):
        tracer.check(minimax, [1, 2, 3])


def budget(board, moves_left, maximizing):
    """Right, with a depth budget counted down (it stops at 0, so the first call must give enough)."""
    if line(board, "X"):
        return 1
    if line(board, "O"):
        return -1
    free = [i for i, c in enumerate(board) if c == "."]
    if not free or moves_left == 0:
        return 0
    scores = []
    for i in free:
        board[i] = "X" if maximizing else "O"
        scores.append(budget(board, moves_left - 1, not maximizing))
        board[i] = "."
    return max(scores) if maximizing else min(scores)


def test_a_depth_budget_counted_down_gets_the_moves_left() -> None:
    result = tracer.check(budget, list("X.OX.XOO."))
    assert result.verdict == "identical" and result.check.calls == 9


def test_check_is_there_after_import_tracer_alone() -> None:
    import subprocess
    import sys

    code = "import sys, tracer; assert callable(tracer.check); assert 'subprocess' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_learner_search_is_registered_but_not_offered() -> None:
    """Found by name (a trace's check and words look it up), never a choice or a comparison; its
    ``run`` replays the record from the trace's game, call for call."""
    from tracer import games, search

    trace = tracer.check(swapped).trace()
    assert "learner" not in search.names() and "learner" not in games.names()
    again = search.find("learner").run(trace.game)
    again.check()
    assert [(c.state, c.score, c.best) for c in again] == [(c.state, c.score, c.best) for c in trace]


@pytest.mark.parametrize(("program", "made"), [
    ("swapped", (3, 2)), ("fails_with_one_cell_left", (1, 1))])
def test_a_learner_s_pick_is_none_or_one_of_its_calls(program, made) -> None:
    """The one rule of a learner's record: a call's chosen test-play is one of the calls it made,
    or none (-1). On the guide's board calls #1 and #2 make three and two calls (swapped); giving
    up at call #3 they have made one each. Read back from the saved trace, as ``trace render``
    reads it."""
    from tracer.tracefile.loader import trace_from_dict

    saved = io.StringIO()
    write_json(tracer.check(globals()[program]).trace(), saved)
    trace = trace_from_dict(json.loads(saved.getvalue()), "t.json")
    p = trace.positions
    for call, count in enumerate(made, start=1):
        pid = trace.call(call).pid
        for best in range(-3, 4):
            p.best[pid] = best
            if -1 <= best < count:
                trace.check()
            else:
                with pytest.raises(AssertionError, match=f"chosen test-play {best} is not one of its calls"):
                    trace.check()
        p.best[pid] = -1


@pytest.mark.parametrize("program", ["swapped", "fails_with_one_cell_left", "forever"])
def test_the_learner_search_replays_every_call_and_leaves_the_programs_facts_empty(program) -> None:
    """Replayed from the game's rules, a record keeps its calls, their depths, scores and picks
    (none, and score 0, for a call that never returned); what only the program knew (the value
    it returned, whether that held a score, the side it was told, what it raised) stays empty."""
    from tracer import search
    from tracer.search.learner import FACTS

    trace = tracer.check(globals()[program], max_calls=50).trace()
    again = search.find("learner").run(trace.game)
    again.check()
    calls = [(c.call, c.depth, c.state, c.score, c.best, c.best_index) for c in trace]
    assert [(c.call, c.depth, c.state, c.score, c.best, c.best_index) for c in again] == calls
    assert all(c.extra(fact) is None for c in again for fact in FACTS)
    # ... and the replay is a whole trace: it saves with every fact null, and its log narrates.
    saved = io.StringIO()
    write_json(again, saved)
    nodes = re.findall(r'"call":\d+.*?"window":[^,}]*', saved.getvalue())  # the facts, in name order
    assert len(nodes) == again.calls
    assert all(f'"{fact}":null' in node for node in nodes for fact in FACTS)
    assert render_log(again).count("\n#") + 1 >= 1 and f"#{again.calls} " in render_log(again)
    if program != "swapped":  # the calls that were still searching when the program stopped
        open_calls = [c for c in trace if c.extra("raised") is not None and c.size > 1]
        assert open_calls and all((c.score, c.best_index) == (0, None) for c in open_calls)
