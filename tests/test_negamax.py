"""Negamax, the fourth search: held to a plain negamax written here, and to minimax by the identity
negamax(position) == minimax(position) seen from the side to move; then through every output.

The references below are the textbook's negamax (Wikipedia's, with ``color``): a finished game
scores ``color × its value``, an inner node ``max(-child)``, the first strictly best kept.
They share nothing with ``tracer/search/negamax.py``.
"""

from __future__ import annotations

import io
import json
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_quiz_page import asked, quiz_state
from test_viewer import Viewer

import tracer
from tracer import Board
from tracer.explain import for_trace
from tracer.games.tictactoe.game import TicTacToe
from tracer.games.tree.game import GameTree
from tracer.renderers.html import render_html
from tracer.renderers.log import render_log
from tracer.renderers.quiz import questions
from tracer.renderers.tree import game_tree
from tracer.scores import DEPTH, TUTORIAL
from tracer.search import SearchSpec
from tracer.trace import ENTER
from tracer.tracefile import load_json, render_json

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


# ---- the references -----------------------------------------------------------------------


def _won(cells: list[str], mark: str) -> bool:
    return any(cells[a] == cells[b] == cells[c] == mark for a, b, c in LINES)


def _value(cells: list[str], ai: str, depth: int, by_depth: bool) -> int | None:
    """A finished board's value for the AI, checked in the guide's order; None if it goes on."""
    human = "O" if ai == "X" else "X"
    if _won(cells, human):
        return depth - 10 if by_depth else -1
    if _won(cells, ai):
        return 10 - depth if by_depth else 1
    return 0 if "." not in cells else None


def plain_negamax(board: str, mark: str, ai: str, by_depth: bool = False,
                  order: tuple[int, ...] = tuple(range(9))) -> tuple[int | None, int, list[tuple[str, str, int]]]:
    """Negamax on a tic-tac-toe board: the first call's (move, score for ``mark``) and, per
    call in call order, ``(board, mark to move, its score for that mark)``."""
    calls: list[tuple[str, str, int]] = []

    def negamax(cells: list[str], mark: str, depth: int) -> tuple[int | None, int]:
        at = len(calls)
        calls.append(("".join(cells), mark, 0))
        color = 1 if mark == ai else -1
        value = _value(cells, ai, depth, by_depth)
        if value is not None:
            calls[at] = (calls[at][0], mark, color * value)
            return None, color * value
        best_move, best = None, -math.inf
        for cell in (c for c in order if cells[c] == "."):
            cells[cell] = mark
            _, score = negamax(cells, "O" if mark == "X" else "X", depth + 1)
            cells[cell] = "."
            if -score > best:
                best_move, best = cell, -score
        calls[at] = (calls[at][0], mark, int(best))
        return best_move, int(best)

    move, score = negamax(list(board), mark, 0)
    return move, score, calls


def plain_tree_negamax(node: object, color: int) -> tuple[int | None, int, list[int]]:
    """Negamax on a tree of nested lists (leaves: values for MAX): (index of the chosen child,
    the root's value for its mover, every call's value for its mover in call order)."""
    calls: list[int] = []

    def negamax(node: object, color: int) -> tuple[int | None, int]:
        at = len(calls)
        calls.append(0)
        if isinstance(node, int):
            calls[at] = color * node
            return None, color * node
        assert isinstance(node, list)
        best_i, best = None, -math.inf
        for i, child in enumerate(node):
            _, value = negamax(child, -color)
            if -value > best:
                best_i, best = i, -value
        calls[at] = int(best)
        return best_i, int(best)

    best_i, value = negamax(node, color)
    return best_i, value, calls


def game(board: str, mark: str, ai: str = "X", scores=TUTORIAL, order: tuple[int, ...] = tuple(range(9))) -> TicTacToe:
    return TicTacToe(Board(board), mark, ai, scores, order)


def recorded(trace: tracer.Trace) -> list[tuple[str, str, int]]:
    """Per call in call order: the board, the mark to move, negamax's score for it."""
    p, out = trace.positions, []
    for kind, _call, pid, _depth, _move in trace.events():
        if kind == ENTER:
            state = p.state[pid]
            out.append(("".join(trace.game.board_of(state).cells), trace.game.mark_of(state),
                        p.extras["mover_score"][pid]))
    return out


def positions(marks: int, every: int) -> list[tuple[str, str]]:
    """Every ``every``-th board reachable from the empty one with ``marks`` marks, X first; each
    with the mark to move."""
    found: dict[str, str] = {}

    def grow(cells: list[str], mark: str, placed: int) -> None:
        if placed == marks:
            found.setdefault("".join(cells), mark)
            return
        if _value(cells, "X", 0, False) is not None:
            return
        for cell in range(9):
            if cells[cell] == ".":
                cells[cell] = mark
                grow(cells, "O" if mark == "X" else "X", placed + 1)
                cells[cell] = "."

    grow(["."] * 9, "X", 0)
    return sorted(found.items())[::every]


BOARDS = positions(4, 9) + positions(5, 13) + positions(7, 17) + [("." * 9, "X")]


# ---- values ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("board", "mark"), BOARDS[:40] + BOARDS[-3:])
@pytest.mark.parametrize("ai", ["X", "O"])
def test_every_call_returns_the_reference_s_score_for_its_mover(board, mark, ai):
    if board == "." * 9:
        board = "X...O...."  # the empty board's 549,946 calls: see the root-only test below
    trace = SearchSpec("negamax").run(game(board, mark, ai))
    trace.check()
    move, score, calls = plain_negamax(board, mark, ai)
    assert recorded(trace) == calls
    assert (trace.root.best, trace.root.extra("mover_score")) == (move, score)


@pytest.mark.slow  # every position below each board
@pytest.mark.parametrize(("board", "mark"), BOARDS)
def test_negamax_is_minimax_seen_from_the_side_to_move(board, mark):
    for scores, order in ((TUTORIAL, tuple(range(9))), (DEPTH, (4, 0, 2, 6, 8, 1, 3, 5, 7))):
        negamax = SearchSpec("negamax").run(game(board, mark, "X", scores, order))
        minimax = SearchSpec("minimax").run(game(board, mark, "X", scores, order))
        sign = 1 if mark == "X" else -1
        assert negamax.root.extra("mover_score") == sign * minimax.result.score
        # The same calls, the same scores for the AI, the guide's moves.
        assert negamax.calls == minimax.calls and negamax.result == minimax.result
        assert [(c.call, c.score, c.best) for c in negamax] == [(c.call, c.score, c.best) for c in minimax]


def test_the_empty_board_is_a_draw_for_x_with_the_guide_s_first_move():
    trace = SearchSpec("negamax").run(game("." * 9, "X"))
    assert trace.calls == 549_946 and trace.root.extra("mover_score") == 0 and trace.result.index == 0


def test_depth_scores_agree_with_the_reference():
    board, mark = "X...O....", "X"
    trace = SearchSpec("negamax").run(game(board, mark, "X", DEPTH))
    assert recorded(trace) == plain_negamax(board, mark, "X", by_depth=True)[2]


trees = st.recursive(st.integers(-20, 20), lambda children: st.lists(children, min_size=1, max_size=4),
                     max_leaves=25).filter(lambda t: isinstance(t, list))


@settings(max_examples=60, deadline=None)
@given(tree=trees, root=st.sampled_from(["MAX", "MIN"]))
def test_textbook_trees_agree_with_the_reference(tree, root):
    from tracer.games.tree.game import tree as make_tree

    trace = SearchSpec("negamax").run(make_tree(tree, root=root))
    trace.check()
    best_i, value, calls = plain_tree_negamax(tree, 1 if root == "MAX" else -1)
    got = [trace.positions.extras["mover_score"][pid] for kind, _c, pid, _d, _m in trace.events() if kind == ENTER]
    assert got == calls
    assert trace.root.best_index == best_i and trace.root.extra("mover_score") == value
    assert trace.result == SearchSpec("minimax").run(make_tree(tree, root=root)).result


# ---- the rule check ---------------------------------------------------------------------------


@pytest.mark.parametrize("plant", ["mover", "neutral", "best", "leaf"])
def test_the_rule_check_finds_a_planted_wrong_score(plant):
    trace = SearchSpec("negamax").run(game("XOXXOO.X.", "O"))
    trace.check()
    p = trace.positions
    inner = next(pid for pid in range(len(p)) if p.edge_count[pid] > 1)
    leaf = next(pid for pid in range(len(p)) if p.terminal[pid] and p.score[pid])
    if plant == "mover":
        p.extras["mover_score"][inner] += 1
    elif plant == "neutral":
        p.extras["mover_score"][inner] = -p.extras["mover_score"][inner] + 1
        p.score[inner] = -p.score[inner] + 1 if p.score[inner] else 1
    elif plant == "best":
        p.best[inner] = 1 - p.best[inner]
    else:
        p.extras["mover_score"][leaf] = -p.extras["mover_score"][leaf]
    with pytest.raises(AssertionError, match="row"):
        trace.check()


# ---- the outputs -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def o_to_move() -> tracer.Trace:
    return SearchSpec("negamax").run(game("XOXXOO.X.", "O"))


def test_the_log_says_where_each_score_is_negated(o_to_move):
    log = render_log(o_to_move)
    notes = [line.strip() for line in log.splitlines() if line.strip().startswith("negamax")]
    # Worked by hand: cell 6 leads to a draw (0 for X, so 0 for O); cell 8 to X's win at #5,
    # which scores -1 for O to move there, +1 for X above it, so -1 for O at the top.
    assert notes == [
        "negamax  its game is over with O to move: it returned 0 for O (0 for X); negated for X: -(0) = 0",
        "negamax  X keeps the max of its negated scores: max(0) = 0 (cell 8, the only test-play): returns 0 for X",
        "negamax  it returned 0 for X, the side to move there; negated for O: -(0) = 0",
        "negamax  its game is over with O to move: it returned -1 for O (+1 for X); negated for X: -(-1) = +1",
        "negamax  X keeps the max of its negated scores: max(+1) = +1 (cell 6, the only test-play): "
        "returns +1 for X",
        "negamax  it returned +1 for X, the side to move there; negated for O: -(+1) = -1",
        "negamax  O keeps the max of its negated scores: max(0, -1) = 0 (cell 6, the highest): returns 0 for O "
        "(0 for X)",
    ]
    # The guide's step lines stay the guide's: scores from X's point of view.
    assert "step 16  O is the human, so min(0, +1) = 0" in log
    assert log.rstrip().endswith("Negamax: 4 scores negated.")


def test_a_game_already_over_says_its_score_for_the_side_to_move():
    trace = SearchSpec("negamax").run(game("XXXOO....", "O"))
    assert "negamax  the game is over with O to move, so it returns its score for O: X's +1 is -(+1) = -1" \
        in render_log(trace)


def test_the_tree_shows_both_views(o_to_move):
    dot = game_tree(o_to_move).source
    assert "O: max(0, -1) = 0 · X: 0" in dot  # call #1: the mover's score, then the AI's
    assert "X: max(+1) = +1" in dot  # call #4: X is the AI, one view
    assert dot.count("negamax: -1 for O (to move)") == 1  # call #5, X's win, O to move
    assert "negamax&#x27;s score line" in dot  # the legend says what the line holds
    assert "Negamax game tree" in dot


def test_a_wide_call_s_score_line_keeps_its_ends():
    """A call of 40 test-plays lists 6 of its negated scores around a count, not 40."""
    trace = SearchSpec("negamax").run(tracer.tree([[v] for v in range(40)]))
    # Each child is a MIN node over one leaf worth v: it returns -v for MIN; MAX negates it: v.
    footer = for_trace(trace)[1].footer(trace.root)  # the line under a call's box or summary
    assert footer == "MAX: max(0, +1, +2, … 34 more …, +37, +38, +39) = +39"


@pytest.mark.parametrize(("width", "listed"), [
    (6, "0, +1, +2, +3, +4, +5"),                # six fit: every score
    (7, "0, +1, +2, … 1 more …, +4, +5, +6"),    # one more than six: the three at each end
])
def test_a_score_line_lists_at_most_six_scores(width, listed):
    """FOOTER_LIMIT's meaning: a score line lists at most six scores; a wider call lists its
    first three and last three around how many it leaves out."""
    trace = SearchSpec("negamax").run(tracer.tree([[v] for v in range(width)]))
    assert for_trace(trace)[1].footer(trace.root) == f"MAX: max({listed}) = +{width - 1}"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def test_a_boards_score_line_over_seven_test_plays_lists_six():
    """Call #1 on a board with seven empty cells: its picture's score line lists the first three
    and the last three of its seven negated scores (the reference's), around "… 1 more …"."""
    board = "X...O...."
    negated = []
    for cell in (c for c in range(9) if board[c] == "."):
        after = board[:cell] + "X" + board[cell + 1:]
        negated.append(-plain_negamax(after, "O", "X")[1])  # O's score there, negated for X
    best = plain_negamax(board, "X", "X")[1]
    assert len(negated) == 7 and max(negated) == best
    shown = ", ".join([*map(_signed, negated[:3]), "… 1 more …", *map(_signed, negated[-3:])])
    root_box = game_tree(SearchSpec("negamax").run(game(board, "X")), depth=1).source.split("\tn2 ")[0]
    assert f"X: max({shown}) = {_signed(best)}" in root_box


class MaxMovesTwice(GameTree):
    """A textbook tree where MAX moves at the root and again at its children, then the sides
    alternate: a game where one side moves twice in a row (negamax passes such a score up
    unnegated)."""

    def maximising(self, state: int) -> bool:
        depth = self.nodes.depths[state]
        return depth <= 1 or depth % 2 == 1


def test_negated_scores_count_only_the_test_plays_where_the_mover_changes():
    """The summary's count: one per test-play whose call has the other side to move (the root's
    two test-plays keep MAX to move, so they are not negated)."""
    game_ = MaxMovesTwice(tracer.tree("[[[3, 1], 5], [[2, 4], [6, 0]]]").nodes)
    trace = SearchSpec("negamax").run(game_)
    trace.check()

    def negations(state: int) -> int:  # a plain walk of every call negamax makes
        return sum((game_.maximising(child) != game_.maximising(state)) + negations(child)
                   for child in (game_.play(state, m) for m in game_.moves(state)))

    expected = negations(game_.root)
    assert expected == 10  # 12 test-plays in all, the root's 2 keep their mover
    search = for_trace(trace)[1]
    assert dict(search.stats_rows(trace.multiplicity()))["negated scores"].startswith(f"{expected} ")
    assert render_log(trace).rstrip().endswith(f"Negamax: {expected} scores negated.")
    assert "MAX moves again, so it stays +2" in render_log(trace)


def test_a_textbook_tree_notes_each_node_s_score_for_its_mover():
    from tracer import examples

    trace = SearchSpec("negamax").run(tracer.tree(examples.read("aima-5.2")))
    dot = game_tree(trace).source
    for text in ("for MAX: +3", "for MIN: −3", "for MIN: −2"):
        assert text in dot


def test_json_round_trip_keeps_the_mover_s_scores(o_to_move):
    text = render_json(o_to_move)
    assert '"search":{"algorithm":"negamax"}' in text and '"mover_score":-1' not in text.split('"call":5')[0]
    back = load_json(io.BytesIO(text.encode()))
    back.check()
    assert back.positions.extras["mover_score"] == o_to_move.positions.extras["mover_score"]
    assert render_log(back) == render_log(o_to_move)


def test_a_json_trace_with_a_wrong_mover_score_is_refused(cli, tmp_path):
    (tmp_path / "o.txt").write_text("XOX\nXOO\n.X.\n")
    assert cli("o.txt", "--algorithm", "negamax", "-q", "-o", "o.json").exit_code == 0
    data = json.loads((tmp_path / "o.json").read_text())
    data["tree"]["mover_score"] = 1
    (tmp_path / "bad.json").write_text(json.dumps(data))
    result = cli("render", "bad.json", "-o", "bad.svg")
    assert result.exit_code == 2 and result.stderr.startswith("trace: error: ")
    assert len(result.stderr.splitlines()) == 1 and not (tmp_path / "bad.svg").exists()


def test_the_cli_traces_renders_and_counts(cli, tmp_path):
    (tmp_path / "o.txt").write_text("XOX\nXOO\n.X.\n")
    first = cli("o.txt", "--algorithm", "negamax", "-o", "o.json")
    assert first.exit_code == 0
    again = cli("render", "o.json", "--no-tree")
    assert again.exit_code == 0 and again.stdout == first.stdout
    stats = cli("o.txt", "--algorithm", "negamax", "--stats", "--no-tree")
    assert stats.exit_code == 0
    rows = dict(re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in stats.stdout.splitlines()
                if "  " in line.strip())
    assert rows["negated scores"].startswith("4 ")  # one per call below #1: every move changes the mover
    assert rows["call #1 returns"] == "0 for O, the side to move (0 for X)"


def test_compare_lists_negamax_beside_the_others(cli, tmp_path):
    (tmp_path / "o.txt").write_text("XOX\nXOO\n.X.\n")
    result = cli("compare", "o.txt")
    assert result.exit_code == 0
    row = next(line for line in result.stdout.splitlines() if line.startswith("negamax"))
    assert row.split() == ["negamax", "6", "0", "5", "0", "(0.0%)"]


def test_the_quiz_asks_the_score_for_the_side_to_move(o_to_move):
    asked = [q for q in questions(o_to_move) if q.kind == "mover"]
    calls = plain_negamax("XOXXOO.X.", "O", "X")[2]
    assert [q.call for q in asked] == [1, 2, 3, 4, 5]
    assert [int(q.right.label) for q in asked] == [score for _b, _m, score in calls]
    first = asked[0]
    assert first.prompt.startswith("What does call #1") and "for O, the side to move" in first.prompt
    assert first.explanation == ("Negamax: O keeps the max of its negated scores: max(0, -1) = 0 "
                                 "(cell 6, the highest): returns 0 for O (0 for X).")
    assert asked[4].explanation == ("Negamax: the game is over with O to move, so it returns its score for O: "
                                    "X's +1 is -(+1) = -1.")
    assert first.accepts("0") == first.answer


def test_trace_quiz_asks_it(cli, tmp_path):
    from tracer.renderers.quiz import kinds

    assert "mover" in kinds()
    (tmp_path / "o.txt").write_text("XOX\nXOO\n.X.\n")
    # The values of #2 and #4 (X's view), the pick, then negamax's: #2 and #4 for X, #1 for O.
    result = cli("quiz", "o.txt", "--algorithm", "negamax", input="0\n1\n6\n0\n1\n0\n")
    assert result.exit_code == 0, result.output
    assert "for X, the side to move" in result.stdout and "for O, the side to move" in result.stdout
    assert "6 of 6" in result.stdout, result.stdout


# ---- the step-through page, in a real headless Chromium ------------------------------------------


@pytest.fixture
def open_page(browser, tmp_path):
    """``open_page(trace, fragment, name)``: the trace's page in a fresh browser context; on
    closing, no problem logged and no request made beyond the page itself."""
    views: list[Viewer] = []

    def opener(trace: tracer.Trace, fragment: str = "#quiz", name: str = "negamax") -> Viewer:
        path = tmp_path / f"{name}.html"
        path.write_text(render_html(trace), encoding="utf-8")
        views.append(Viewer(browser, path).open(fragment))
        return views[-1]

    yield opener
    for view in views:
        try:
            assert view.problems == [], "the page logged problems"
            assert all(url.split("#")[0] == view.url for url in view.requests), view.requests
        finally:
            view.close()


def test_the_page_tells_negamax_and_asks_the_score_for_the_side_to_move(open_page):
    """The page's quiz carries negamax's question; each accepts only the reference's answer, and
    a whole quiz answered right by keyboard ends with every question right. (The story, step by
    step, is held to tests/page_steps.py by tests/test_page_words.py's negamax cases.)"""
    board = "XO..X..O."
    trace = SearchSpec("negamax").run(game(board, "X"))
    _move, _score, ref = plain_negamax(board, "X", "X")
    view = open_page(trace, name="negamax")
    questions = asked(view)
    mover = [q for q in questions if q["kind"] == "mover"]
    # Asked of every call the value question asks of.
    assert sorted(q["call"] for q in mover) == sorted(q["call"] for q in questions if q["kind"] == "value")
    assert len(mover) > 10
    for q in mover:
        accepted = view.page.evaluate("([id, labels]) => labels.filter((l) => tracerQuiz.judge(id, l))",
                                      [q["id"], q["choices"]])
        assert [int(label) for label in accepted] == [ref[q["call"] - 1][2]]
    for number, question in enumerate(questions):
        index = view.page.evaluate("([id, labels]) => labels.findIndex((l) => tracerQuiz.judge(id, l))",
                                   [question["id"], question["choices"]])
        view.page.locator("#quiz-choices .choice").nth(index).press("Enter")
        assert quiz_state(view)[:2] == ("right", number + 1)
        view.page.keyboard.press("Enter")
    assert quiz_state(view) == ("finished", len(questions), len(questions))
    assert "scores for the side to move" in view.text("#quiz-score")


def test_the_code_panel_runs_negamax_s_pick(open_page):
    trace = SearchSpec("negamax").run(game("XOXXOO.X.", "O"))
    view = open_page(trace, fragment="", name="negamax-code")
    code = view.page.evaluate("[...document.querySelectorAll('#code-panel .code-lines li')].map((l) => l.textContent)")
    assert any("color * allTestPlayInfos[i].score > bestScore" in line for line in code)
    assert not any("beats bestScore" in line for line in code)  # the guide's pick is replaced
    # Step 28 is call #1's step 16 (its choose step): O compares its scores, negated, by max.
    view.page.evaluate("tracerViewer.go(28)")
    names = view.page.evaluate("[...document.querySelectorAll('#code-panel .vars dt')].map((d) => d.textContent)")
    values = view.page.evaluate("[...document.querySelectorAll('#code-panel .vars dd')].map((d) => d.textContent)")
    shown = dict(zip(names, values, strict=True))
    assert view.page.evaluate("document.getElementById('story').dataset.kind") == "choose", shown
    assert shown["color"] == "-1" and shown["color * scores"] == "[0, -1]" and shown["bestScore"] == "-Infinity"
    assert "Negamax: O takes the max of the negated scores: max(0, -1) = 0 for O" in view.text("#narration")


@pytest.mark.parametrize("count", range(0, 12))
def test_a_score_line_lists_every_score_or_says_how_many_it_leaves_out(count):
    """A picture's score line lists the scores, or its ends around a count of those left out:
    what it shows and the count add up to them all, and the count is never zero."""
    from tracer.explain.negamax import footer_scores

    values = [(-1) ** k * k for k in range(count)]
    line = footer_scores(values)
    left_out = re.search(r"… ([\d,]+) more …", line)
    shown = [part for part in line.split(", ") if part and "more" not in part]
    if left_out is None:
        assert shown == [f"{v:+d}" if v else "0" for v in values]
    else:
        assert int(left_out.group(1).replace(",", "")) >= 1
        assert len(shown) + int(left_out.group(1).replace(",", "")) == count


@pytest.mark.parametrize("example", ["aima-5.2", "cutoffs-differ", "near-endgame", "o-to-move"])
def test_negamaxs_legend_row_names_what_its_picture_draws(example):
    """Beside a textbook node, "for MIN: −3"; under a finished board, "negamax:": the legend's
    sample is the one its picture carries."""
    from test_cut_words import legend_and_picture, traced

    trace = traced(example, "ge", "negamax")
    legend, picture = legend_and_picture(trace)
    words, search = for_trace(trace)
    rows = search.legend_rows(shapes=words.node_drawing is not None)
    assert rows
    for row in rows:
        sample = re.sub(r"<[^>]*>", "", row.symbol)
        assert sample.split(":")[0] + ":" in picture, (example, sample)


@pytest.mark.parametrize(("board", "scores"), [(".O...X..X", "-2,5,0"), ("XO..X..O.", "-3,7,1"),
                                               ("X.OX.XOO.", "tutorial")])
def test_mover_questions_offer_what_a_finished_game_can_give_either_side(board, scores):
    """A call's score for its mover may be any terminal score for the AI or its negation (the
    same game's end scored for the other side): each mover question offers them all, and is
    asked and revealed with the call's value question (its docstring's rule)."""
    from tracer.cli import build_game
    from tracer.explain.text import signed

    trace = SearchSpec("negamax").run(build_game(board.encode(), "board", scores=scores))
    fixed = {-1, 1, 0} if scores == "tutorial" else {int(v) for v in scores.split(",")}
    everything = {signed(v) for v in fixed} | {signed(-v) for v in fixed}
    found = questions(trace)
    values = {q.call: q for q in found if q.kind == "value"}
    movers = [q for q in found if q.kind == "mover"]
    assert movers
    for q in movers:
        assert everything <= {c.label for c in q.choices}, (q.call, q.choices)
        value = values[q.call]
        assert (q.ask, q.reveal, q.ask_alone, q.reveal_alone) == \
            (value.ask, value.reveal, value.ask_alone, value.reveal_alone), q.call


def test_a_mover_questions_answer_is_the_movers_minimax_score_whatever_run_is_offered():
    """On a tree with 28 different scores for the side to move (more than a question offers),
    each mover question's answer is the minimax value for MAX, negated where MIN moves."""
    from tracer.cli import build_game
    from tracer.explain.text import signed

    rising = "[" + ", ".join(f"[{k}]" for k in range(1, 15)) + "]"
    game = build_game(rising.encode(), "rising")
    trace = SearchSpec("negamax").run(game)

    def value(state: int, depth: int) -> int:
        finished = game.outcome(state, depth)
        if finished:
            return int(finished[1])
        scores = [value(game.play(state, m), depth + 1) for m in game.moves(state)]
        return max(scores) if game.maximising(state) else min(scores)

    movers = [q for q in questions(trace) if q.kind == "mover"]
    for q in movers:
        call = trace.call(q.call)
        for_max = value(call.state, call.depth)
        assert q.choices[q.answer].label == signed(for_max if game.maximising(call.state) else -for_max), q.call
    assert any(q.choices[0].label != movers[0].choices[0].label for q in movers), "every run starts alike"
