"""Alpha-beta, memoisation and depth-aware scores (issue 12), against plain reference code.

The references below are written plainly and recursively in this file, with
their own board (a list of nine characters) and their own win check, sharing
nothing with the recorder: every call they make is compared, in order, with the
calls the recorded traces hold.
"""

from __future__ import annotations

import io
import math
from collections import Counter

import pytest
from test_negamax import plain_negamax

from tracer import Board
from tracer.games.tictactoe.game import TicTacToe
from tracer.renderers.log import render_log
from tracer.scores import DEPTH, TUTORIAL
from tracer.search import SearchSpec, run_search
from tracer.trace import ENTER
from tracer.tracefile import load_json, render_json

THREES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
CENTRE_FIRST = [4, 0, 2, 6, 8, 1, 3, 5, 7]
ORDERS = {"ascending": list(range(9)), "centre-first": CENTRE_FIRST}


def won(cells: list[str], mark: str) -> bool:
    return any(cells[a] == cells[b] == cells[c] == mark for a, b, c in THREES)


def finished_score(cells: list[str], ai: str, depth: int, by_depth: bool) -> int | None:
    """The guide's step 9 in its order: the human's win, the AI's win, a full board."""
    human = "O" if ai == "X" else "X"
    if won(cells, human):
        return depth - 10 if by_depth else -1
    if won(cells, ai):
        return 10 - depth if by_depth else 1
    if "." not in cells:
        return 0
    return None


def plain_alphabeta(board: str, mark: str, ai: str, cutoff: str, order: list[int],
                    by_depth: bool = False) -> tuple[int | None, int, list[tuple]]:
    """Russell & Norvig's alpha-beta (``ge``) or the no-prune-on-equality one (``gt``).

    Returns the first call's (move, score) and, per call in call order,
    ``(board, mark to move, alpha, beta, pruned moves)``.
    """
    calls: list[tuple] = []

    def value(cells: list[str], mark: str, alpha: float, beta: float, depth: int):
        record = [("".join(cells), mark, alpha, beta, ())]
        calls.append(record)
        end = finished_score(cells, ai, depth, by_depth)
        if end is not None:
            return None, end
        moves = [c for c in order if cells[c] == "."]
        maximising = mark == ai
        best_move, best = None, -math.inf if maximising else math.inf
        for i, cell in enumerate(moves):
            cells[cell] = mark
            _, score = value(cells, "O" if mark == "X" else "X", alpha, beta, depth + 1)
            cells[cell] = "."
            if (score > best) if maximising else (score < best):
                best_move, best = cell, score
            if maximising:
                if best >= beta if cutoff == "ge" else best > beta:
                    record[0] = record[0][:4] + (tuple(moves[i + 1:]),)
                    break
                alpha = max(alpha, best)
            else:
                if best <= alpha if cutoff == "ge" else best < alpha:
                    record[0] = record[0][:4] + (tuple(moves[i + 1:]),)
                    break
                beta = min(beta, best)
        return best_move, best

    move, score = value(list(board), mark, -math.inf, math.inf, 0)
    return move, int(score), [r[0] for r in calls]


def plain_memo(board: str, mark: str, ai: str) -> tuple[int | None, int, list[tuple]]:
    """Minimax with a dictionary of solved positions; per call ``(board, mark, hit, from)``."""
    cache: dict[tuple[str, str], tuple[int | None, int, int]] = {}
    calls: list[tuple] = []

    def value(cells: list[str], mark: str, depth: int) -> tuple[int | None, int]:
        key = ("".join(cells), mark)
        number = len(calls) + 1
        if key in cache:
            move, score, source = cache[key]
            calls.append((key[0], mark, True, source))
            return move, score
        calls.append((key[0], mark, False, None))
        end = finished_score(cells, ai, depth, False)
        if end is not None:
            cache[key] = (None, end, number)
            return None, end
        maximising = mark == ai
        best_move, best = None, -math.inf if maximising else math.inf
        for cell in [c for c in range(9) if cells[c] == "."]:
            cells[cell] = mark
            _, score = value(cells, "O" if mark == "X" else "X", depth + 1)
            cells[cell] = "."
            if (score > best) if maximising else (score < best):
                best_move, best = cell, score
        cache[key] = (best_move, int(best), number)
        return best_move, int(best)

    move, score = value(list(board), mark, 0)
    return move, score, calls


def recorded_calls(trace, with_window: bool) -> list[tuple]:
    """Per call in call order, what the references list, read from the trace."""
    p, out = trace.positions, []
    for kind, _call, pid, _depth, _move in trace.events():
        if kind != ENTER:
            continue
        state = p.state[pid]
        board, mark = trace.game.board_of(state).cells, trace.game.mark_of(state)
        if with_window:
            alpha, beta = p.extras["alpha"][pid], p.extras["beta"][pid]
            out.append((board, mark, -math.inf if alpha is None else alpha,
                        math.inf if beta is None else beta, tuple(p.extras["pruned"][pid])))
        else:
            out.append((board, mark, p.extras["cache_hit"][pid], p.extras["cached_from"][pid]))
    return out


def reachable(first: str = "X") -> list[tuple[str, str]]:
    """Every position of a game X (or O) opens, as (board, mark to move), unfinished ones only."""
    seen: dict[tuple[str, str], None] = {}

    def walk(cells: list[str], mark: str) -> None:
        key = ("".join(cells), mark)
        if key in seen:
            return
        if won(cells, "X") or won(cells, "O") or "." not in cells:
            return
        seen[key] = None
        for cell in range(9):
            if cells[cell] == ".":
                cells[cell] = mark
                walk(cells, "O" if mark == "X" else "X")
                cells[cell] = "."

    walk(["."] * 9, first)
    return list(seen)


POSITIONS = reachable()
#: A spread of positions of every size, for the call-for-call comparisons.
SAMPLE = POSITIONS[1:80:3] + POSITIONS[200::97]


def game(board: str, mark: str, ai: str = "X", order: list[int] | None = None, scores=TUTORIAL):
    return TicTacToe(Board(board), mark, ai, scores, tuple(order or range(9)))  # type: ignore[arg-type]


def test_the_reachable_positions_are_the_known_4520():
    assert len(POSITIONS) == 4520


@pytest.mark.parametrize("cutoff", ["ge", "gt"])
@pytest.mark.parametrize("order", ["ascending", "centre-first"])
def test_alphabeta_agrees_with_the_reference_call_for_call(cutoff, order):
    for board, mark in SAMPLE:
        for ai in ("X", "O"):
            trace = run_search(game(board, mark, ai, ORDERS[order]), "alphabeta", cutoff=cutoff)
            trace.check()
            move, score, calls = plain_alphabeta(board, mark, ai, cutoff, ORDERS[order])
            assert (trace.result.index, trace.result.score) == (move, score), (board, mark, ai)
            assert recorded_calls(trace, True) == calls, (board, mark, ai)


def test_memo_agrees_with_the_reference_call_for_call():
    for board, mark in SAMPLE:
        for ai in ("X", "O"):
            trace = run_search(game(board, mark, ai), "memo")
            trace.check()
            move, score, calls = plain_memo(board, mark, ai)
            assert (trace.result.index, trace.result.score) == (move, score)
            assert recorded_calls(trace, False) == calls, (board, mark, ai)


@pytest.mark.slow  # every position, each search
@pytest.mark.parametrize("order", ["ascending", "centre-first"])
def test_variants_choose_the_guides_move_and_score_on_every_position(order):
    specs = [SearchSpec("alphabeta", "ge"), SearchSpec("alphabeta", "gt"), SearchSpec("memo")]
    for board, mark in POSITIONS:
        g = game(board, mark, "X", ORDERS[order])
        guide = run_search(g, "minimax").result
        for spec in specs:
            assert spec.run(g).result == guide, (board, mark, spec)


@pytest.mark.parametrize(("algorithm", "cutoff", "order", "calls"), [
    ("alphabeta", "ge", "ascending", 18_297),
    pytest.param("alphabeta", "gt", "ascending", 146_120, marks=pytest.mark.slow),  # 146,120 calls checked
    ("alphabeta", "ge", "centre-first", 7_275),
    ("memo", None, "ascending", 16_168),
])
def test_empty_board_call_counts(algorithm, cutoff, order, calls):
    trace = run_search(game("." * 9, "X", "X", ORDERS[order]), algorithm, cutoff=cutoff)
    trace.check()
    assert trace.calls == calls
    if algorithm == "alphabeta":  # the reference makes the very same calls
        assert recorded_calls(trace, True) == plain_alphabeta("." * 9, "X", "X", cutoff, ORDERS[order])[2]


def test_memo_empty_board_computes_each_position_once():
    trace = run_search(game("." * 9, "X"), "memo")
    counts = trace.multiplicity()
    hits = sum(n for pid, n in enumerate(counts) if trace.positions.extras["cache_hit"][pid])
    assert (trace.calls - hits, hits) == (5_478, 10_690)
    _, _, calls = plain_memo("." * 9, "X", "X")
    assert sum(1 for c in calls if c[2]) == 10_690


def test_guide_board_alphabeta_cuts_the_test_play_of_cell_4_at_call_6():
    trace = run_search(game("X.OX.XOO.", "X"), "alphabeta")
    assert trace.calls == 8 and str(trace.result) == "{index: 4, score: 1}"
    cut = trace.call(6)
    assert (cut.move, cut.extra("alpha"), cut.extra("beta"), cut.extra("pruned")) == (8, 1, None, (4,))
    log = render_log(trace)
    assert ("cut      best +1 ≤ α = +1: X would never let the game reach here, so cell 4 is not "
            "test-played (pruned)") in log
    assert "#6 step 11  X on cell 8 (bottom-right) -> O to move on X.O/X.X/OOX\n" \
           "      window   called with α = +1, β = +∞\n" in log


@pytest.mark.slow  # every position
def test_depth_scores_change_the_move_on_485_positions():
    changed = 0
    for board, mark in POSITIONS:
        guide = run_search(game(board, mark), "minimax").result
        quick = run_search(game(board, mark, scores=DEPTH), "minimax").result
        changed += guide.index != quick.index
    assert changed == 485


def test_depth_scores_explain_each_finished_game_by_its_depth(cli):
    # 10 - depth for the AI's win, depth - 10 for the human's: a win scores more the sooner
    # it comes, a loss more the later. Each line is rebuilt from the depth it names.
    log = cli("X.OX.XOO.", "--scores", "depth", "--no-tree").stdout
    said = [line.split("depth-aware score ", 1)[1] for line in log.splitlines() if "depth-aware score" in line]
    kinds = set()
    for text in said:
        first = text.split(" ", 1)[0]
        if first == "10":
            d = int(text.split(" - ", 1)[1].split(" ", 1)[0])
            want = (f"10 - {d} = +{10 - d}, not 10: this win comes {d} move{'s' * (d != 1)} after the first "
                    "call, and a sooner win would score more")
        else:
            d = int(first)
            want = (f"{d} - 10 = {d - 10}, not -10: this loss comes {d} move{'s' * (d != 1)} after the first "
                    "call, and a later loss would score more")
        assert text == want
        kinds.add(first == "10")
    assert kinds == {True, False}


def test_depth_scores_reference_agrees():
    for board, mark in SAMPLE:
        trace = run_search(game(board, mark, scores=DEPTH), "alphabeta")
        move, score, calls = plain_alphabeta(board, mark, "X", "ge", list(range(9)), by_depth=True)
        assert (trace.result.index, trace.result.score) == (move, score)
        assert recorded_calls(trace, True) == calls


def test_slow_win_board():
    guide = run_search(game("..XO.XXOO", "X"), "minimax").result
    quick = run_search(game("..XO.XXOO", "X", scores=DEPTH), "minimax")
    assert (guide.index, guide.score) == (0, 1)
    assert (quick.result.index, quick.result.score) == (4, 9)
    assert "depth-aware score 10 - 1 = +9, not 10" in render_log(quick)


@pytest.mark.parametrize("spec", [SearchSpec("alphabeta", "ge"), SearchSpec("alphabeta", "gt"),
                                  SearchSpec("memo")])
@pytest.mark.parametrize("order", ["ascending", "centre-first"])
def test_json_round_trip_keeps_the_variant(spec, order):
    for board, mark in [("X.OX.XOO.", "X"), ("X........", "O"), ("XO.......", "X")]:
        trace = spec.run(game(board, mark, "X", ORDERS[order], DEPTH if order == "ascending" else TUTORIAL))
        text = render_json(trace)
        again = load_json(io.BytesIO(text.encode()), "t.json")
        assert again.search == trace.search and again.calls == trace.calls
        assert again.positions.extras == {k: list(v) for k, v in trace.positions.extras.items()}
        assert render_json(again) == text
        assert render_log(again) == render_log(trace)


def test_json_names_the_search_and_marks_infinity_as_null():
    import json

    doc = json.loads(render_json(run_search(game("X.OX.XOO.", "X"), "alphabeta", cutoff="gt")))
    assert doc["version"] == 2 and doc["search"] == {"algorithm": "alphabeta", "cutoff": "gt"}
    assert doc["order"] == list(range(9)) and doc["scores"] == {"human_win": -1, "ai_win": 1, "draw": 0}
    assert (doc["tree"]["alpha"], doc["tree"]["beta"], doc["tree"]["pruned"]) == (None, None, [])


def test_json_with_a_wrong_window_is_refused():
    import json

    from tracer.errors import InputError

    doc = json.loads(render_json(run_search(game("X.OX.XOO.", "X"), "alphabeta")))
    doc["tree"]["children"][1]["alpha"] = 0
    with pytest.raises(InputError, match="window"):
        load_json(io.BytesIO(json.dumps(doc).encode()), "t.json")


# ---- the command line ----------------------------------------------------------------


def plain_minimax_calls(board: str, mark: str, ai: str, by_depth: bool = False) -> tuple[int | None, int]:
    """The guide's minimax plainly: (move, calls)."""
    count = 0

    def value(cells: list[str], mark: str, depth: int) -> tuple[int | None, int]:
        nonlocal count
        count += 1
        end = finished_score(cells, ai, depth, by_depth)
        if end is not None:
            return None, end
        best_move, best = None, None
        for cell in [c for c in range(9) if cells[c] == "."]:
            cells[cell] = mark
            _, score = value(cells, "O" if mark == "X" else "X", depth + 1)
            cells[cell] = "."
            if best is None or ((score > best) if mark == ai else (score < best)):
                best_move, best = cell, score
        return best_move, best  # type: ignore[return-value]

    move, _ = value(list(board), mark, 0)
    return move, count


def test_compare_json_rows_agree_with_the_references(cli):
    import json

    result = cli("compare", "--example", "slow-win", "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rows"]
    board = "..XO.XXOO"
    guide_move, guide_calls = plain_minimax_calls(board, "X", "X")
    negamax_move, _score, negamax_calls = plain_negamax(board, "X", "X")
    expected = [
        ("minimax", None, list(range(9)), "tutorial", guide_move, guide_calls),
        ("alphabeta", "ge", list(range(9)), "tutorial",
         *_ab_move_calls(board, "ge", list(range(9)))),
        ("alphabeta", "gt", list(range(9)), "tutorial",
         *_ab_move_calls(board, "gt", list(range(9)))),
        ("alphabeta", "ge", CENTRE_FIRST, "tutorial", *_ab_move_calls(board, "ge", CENTRE_FIRST)),
        ("memo", None, list(range(9)), "tutorial", guide_move, len(plain_memo(board, "X", "X")[2])),
        ("negamax", None, list(range(9)), "tutorial", negamax_move, len(negamax_calls)),
        ("minimax", None, list(range(9)), "depth", *plain_minimax_calls(board, "X", "X", True)),
    ]
    got = [(r["algorithm"], r.get("cutoff"), r["order"], r["scores"], r["move"], r["calls"])
           for r in rows]
    assert got == expected
    assert [r["saved"] for r in rows] == [guide_calls - r["calls"] for r in rows]
    # Only the rows whose move differs from the guide's carry the line they expect.
    assert [r["line"] for r in rows] == [None, None, None, "X on 4: X wins", None, None, "X on 4: X wins"]


def test_stats_name_the_first_position_searched_most_often(cli):
    # The guide's calls listed plainly in call order: of the positions searched most often
    # (several tie), the stats name the one the search met first.
    met: list[str] = []

    def visit(cells: list[str], mark: str) -> None:
        met.append(f"{''.join(cells[:3])}/{''.join(cells[3:6])}/{''.join(cells[6:])}, {mark} to move")
        if finished_score(cells, "X", 0, False) is None:
            for cell in [c for c in range(9) if cells[c] == "."]:
                cells[cell] = mark
                visit(cells, "O" if mark == "X" else "X")
                cells[cell] = "."

    visit(list("X...O...."), "X")
    counts = Counter(met)  # in the order first met
    most = max(counts.values())
    tied = [position for position, n in counts.items() if n == most]
    assert len(tied) > 1
    stats = cli("X...O....", "--stats", "--no-tree").stdout
    assert f"most repeated        {tied[0]}: searched {most:,} times ({most - 1:,} times again)\n" in stats


def test_stats_say_how_many_calls_alphabeta_saves_against_the_guide(cli):
    # Both counts from the plain references above: the calls saved are the guide's minus
    # alpha-beta's, and the ratio the guide's over alpha-beta's.
    _move, guide = plain_minimax_calls("X...O....", "X", "X")
    made = len(plain_alphabeta("X...O....", "X", "X", "ge", list(range(9)))[2])
    assert made < guide
    row = next(line for line in cli("X...O....", "--stats", "--no-tree", "--algorithm", "alphabeta")
               .stdout.splitlines() if line.startswith("vs the guide's minimax"))
    assert " ".join(row.split()) == (f"vs the guide's minimax {made:,} of its {guide:,} calls "
                                     f"({made / guide:.1%}): {guide - made:,} calls saved, "
                                     f"{guide / made:.1f}× fewer")


def test_one_call_saved_is_said_in_the_singular(cli):
    # On the guide's board alpha-beta makes one call fewer than the guide's minimax: its
    # last test-play's second child is cut (both counts from the plain references above).
    _move, guide = plain_minimax_calls("X.OX.XOO.", "X", "X")
    made = len(plain_alphabeta("X.OX.XOO.", "X", "X", "ge", list(range(9)))[2])
    assert guide - made == 1
    stats = cli("X.OX.XOO.", "--stats", "--no-tree", "--algorithm", "alphabeta").stdout
    assert ": 1 call saved, " in stats and "1 calls" not in stats


def _ab_move_calls(board: str, cutoff: str, order: list[int]) -> tuple[int | None, int]:
    move, _score, calls = plain_alphabeta(board, "X", "X", cutoff, order)
    return move, len(calls)


def test_compare_table_and_page(cli, tmp_path):
    result = cli("compare", "--example", "near-endgame", "--html", "cmp.html")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if not line.startswith("trace: wrote")]
    assert lines[0] == 'Compared on ["X", 1, "O", "X", 4, "X", "O", "O", 8] with X to move (X is the AI)'
    assert lines[5].split() == ["alpha-beta", "(cutoff", "ge)", "4", "+1", "8", "1", "(11.1%)"]
    page = (tmp_path / "cmp.html").read_text()
    assert page.count("<svg") == 8 and "not searched" in page  # seven trees and one legend


def test_run_with_a_variant_writes_json_that_renders_back(cli):
    result = cli("run", "--example", "near-endgame", "--algorithm", "alphabeta", "--cutoff", "gt",
                 "--order", "centre-first", "--scores", "depth", "--format", "json", "-o", "ab.json")
    assert result.exit_code == 0, result.output
    again = cli("render", "ab.json", "--no-tree")
    assert again.exit_code == 0
    assert "Search: alpha-beta, cutoff gt" in again.output and "Loop order: centre-first." in again.output
    assert "called with α = -∞, β = +∞" in again.output


@pytest.mark.parametrize(("args", "message"), [
    (["--cutoff", "gt"], "trace: error: --cutoff: only applies to --algorithm alphabeta, not minimax"),
    (["--order", "4,0,2"], "trace: error: --order: expected 'ascending', 'centre-first' or the cells"),
    (["--algorithm", "expectimax"], "Invalid value for '--algorithm'"),
])
def test_bad_variant_options_exit_2(cli, args, message):
    result = cli("run", "--example", "near-endgame", "--no-tree", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_play_with_alphabeta_explains_its_reasoning(cli):
    result = cli("play", "--algorithm", "alphabeta", "--order", "centre-first",
                 input="why\n0\nwhy\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "plays alpha-beta (cutoff ge), trying cells in the order centre-first" in out
    assert "X plays cell 4 (centre)" in out and "7,275 calls, alpha-beta (cutoff ge): " in out
    assert "test-plays pruned" in out


# ---- the step-through page ------------------------------------------------------------


def _page_steps(browser, tmp_path, trace):
    """Every step's narration and call stack text of the page of ``trace``."""
    from tracer.renderers.html import render_html

    path = tmp_path / "page.html"
    path.write_text(render_html(trace), encoding="utf-8")
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(path.as_uri())
    steps = []
    for step in range(1, page.evaluate("window.tracerViewer.total") + 1):
        page.evaluate(f"window.tracerViewer.go({step})")
        steps.append((page.inner_text("#narration"), page.inner_text("#stack")))
    page.close()
    assert errors == []
    return steps


def test_page_steps_through_alphabeta_with_its_window_and_cut(browser, tmp_path):
    trace = run_search(game("X.OX.XOO.", "X"), "alphabeta")
    steps = _page_steps(browser, tmp_path, trace)
    # Each call: begin, empty cells, check; each test-play: play and save; a loop: choose, return.
    p = trace.positions
    inner = sum(1 for call in trace if call.terminal is None)
    assert len(steps) == 3 * trace.calls + 2 * (trace.calls - 1) + 2 * inner
    cuts = [text for text, _ in steps if "Cut:" in text]
    assert len(cuts) == 1 and ("Cut: best +1 ≤ α = +1: X would never let the game reach here, so "
                               "cell 4 is not test-played (pruned).") in cuts[0]
    assert any("It is called with the window α = +1, β = +∞." in text for text, _ in steps)
    assert "window α = +1, β = +∞ (called with α = -∞, β = +∞)" in steps[-1][1]
    assert p.extras["pruned"][trace.call(6).pid] == (4,)


def test_page_steps_through_memo_naming_the_earlier_call(browser, tmp_path):
    trace = run_search(game("XOX.O...X", "O"), "memo")
    steps = _page_steps(browser, tmp_path, trace)
    hits = {text for text, _ in steps if "Cache hit" in text}
    returns = {text for text, _ in steps if "from the cache" in text}
    sources = {c.extra("cached_from") for c in trace if c.extra("cache_hit")}

    def answer(number: int) -> str:
        """The earlier call's answer as the log writes it: its chosen cell too, if it chose one."""
        source = trace.call(number)
        if source.best_index is None:
            return f"{{score: {source.score}}}"
        return f"{{index: {source.test_plays[source.best_index].index}, score: {source.score}}}"

    assert any(trace.call(s).best_index is not None for s in sources)  # some answers hold a cell
    assert sources and hits == {f"Cache hit: call #{s} already computed this position at this depth, "
                                f"so its answer, {answer(s)}, is in the cache." for s in sources}
    assert returns == {f"So this call test-plays nothing: it returns call #{s}'s {answer(s)} straight "
                       "from the cache." for s in sources}


# ---- stats and the tree ----------------------------------------------------------------


def test_stats_count_pruned_test_plays_and_cache_hits_per_depth():
    from tracer.renderers.stats import render_stats
    from tracer.search import guide_calls

    trace = run_search(game("." * 9, "X"), "alphabeta")
    reference = plain_alphabeta("." * 9, "X", "X", "ge", list(range(9)))[2]
    per_depth: dict[int, int] = {}
    stack: list[int] = []  # depths of the reference's calls are not recorded: rebuild them
    for kind, _call, _pid, depth, _move in trace.events():
        if kind == ENTER:
            stack.append(depth)
    for depth, call in zip(stack, reference, strict=True):
        if call[4]:
            per_depth[depth + 1] = per_depth.get(depth + 1, 0) + len(call[4])
    text = render_stats(trace, baseline=guide_calls(trace))
    assert f"pruned test-plays       {sum(per_depth.values()):,}\n" in text
    for depth, count in per_depth.items():
        assert f"\n  at depth {depth}            {count:,}\n" in text.split("pruned test-plays")[1]
    assert "vs the guide's minimax  18,297 of its 549,946 calls (3.3%)" in text
    memo = run_search(game("." * 9, "X"), "memo")
    assert "cache hits              10,690\n" in render_stats(memo, baseline=guide_calls(memo))


def test_tree_draws_pruned_test_plays_windows_and_cache_hits():
    from tracer.renderers.tree import game_tree

    source = game_tree(run_search(game("X.OX.XOO.", "X"), "alphabeta")).source
    assert 'n6 -> n6p [label=" O on 4" color="#6e6e6e" fontcolor="#6e6e6e" style=dashed]' in source
    assert "cell 4<BR/>not searched<BR/>(pruned)" in source and "cut: best +1 ≤ α = +1" in source
    assert "α = +1, β = +∞" in source and "Alpha-beta (cutoff ge) game tree" in source
    memo = run_search(game("XOX.O...X", "O"), "memo")
    source = game_tree(memo).source
    hits = [c for c in memo if c.extra("cache_hit")]
    assert hits and all(f"#{c.call} · cache hit" in source and
                        f"from call #{c.extra('cached_from')}" in source for c in hits)
    assert "cache hit: the score of an earlier call" in source  # the legend


@pytest.mark.parametrize("cells", [".O...X..X", ".X....XO.", "X.O.X.O..", "X...O...."])
def test_memos_expected_lines_are_the_guides_through_its_cache_hits(cells):
    """``trace play``'s reasons: after each test-play of the first call, the line of play the
    search expects. Memo's follows a cache hit to the call that computed its position, so its
    lines are the guide's minimax's, move for move, and some of them pass through a hit."""
    from tracer.explain import for_trace
    from tracer.play.match import Decision

    lines, through_hits = {}, 0
    for algorithm in ("minimax", "memo"):
        trace = run_search(game(cells, "O" if cells.count("X") > cells.count("O") else "X"), algorithm)
        decision = Decision(1, "X", trace.root.best or 0, trace)
        lines[algorithm] = decision.expected_lines()
        if algorithm == "memo":  # walk each line by the recorded best test-plays: does it meet a hit?
            search = for_trace(trace)[1]
            for node in trace.root.children():
                while node.terminal is None and search.source(node.pid) is None:
                    node = node.children()[node.best_index or 0]
                through_hits += node.terminal is None
    assert lines["memo"] == lines["minimax"]
    assert through_hits, "the case tests nothing: no line meets a cache hit"


@pytest.mark.parametrize("cells", ["X.OX.XOO.", ".O...X..X", "X.O.X.O..", "X...O...."])
def test_memos_log_counts_the_calls_answered_from_the_cache(cells):
    """The log's last line counts the cache hits: the calls a plain memo answers from its
    dictionary of solved positions."""
    mark = "O" if cells.count("X") > cells.count("O") else "X"
    hits = sum(1 for _board, _mark, hit, _source in plain_memo(cells, mark, "X")[2] if hit)
    last = render_log(run_search(game(cells, mark), "memo")).rstrip("\n").splitlines()[-1]
    assert last == f"Memoised minimax: {hits:,} cache {'hit' if hits == 1 else 'hits'}."


@pytest.mark.parametrize("cells", [".O...X..X", "X.O.X.O.."])
def test_memos_stats_count_hits_per_depth_and_the_positions_computed(cells):
    """``--stats``: the cache hits, per depth, and the positions computed (each once) are
    those of a plain memo: its calls answered from the dictionary, and the others."""
    from collections import Counter

    from tracer.renderers.stats import render_stats

    mark = "O" if cells.count("X") > cells.count("O") else "X"
    plain = plain_memo(cells, mark, "X")[2]
    placed = sum(c != "." for c in cells)
    per_depth = Counter(sum(c != "." for c in board) - placed for board, _mark, hit, _s in plain if hit)
    expected = [f"cache hits {sum(per_depth.values()):,}",
                *(f"at depth {d} {n:,}" for d, n in sorted(per_depth.items())),
                f"computed positions {sum(1 for *_rest, hit, _s in plain if not hit):,} (each searched once)"]
    lines = [" ".join(line.split()) for line in render_stats(run_search(game(cells, mark), "memo")).splitlines()]
    start = lines.index(expected[0])
    assert lines[start:start + len(expected)] == expected


@pytest.mark.slow  # the empty board's calls, two score schemes
@pytest.mark.parametrize("board", ["." * 9, "X...O....", "XO..X..O.", "..XO.XXOO"])
@pytest.mark.parametrize("scores", [TUTORIAL, DEPTH])
def test_the_guides_calls_read_from_a_searchs_own_rows_are_the_guides(board, scores):
    """A search that reads the guide's call count from its own rows (``SearchKind.baseline_calls``:
    negamax, which makes the guide's very calls) gives the count of the plain reference minimax,
    on its trace as recorded and as read back from its JSON file."""
    from tracer import search

    mark = "X" if board.count("X") == board.count("O") else "O"
    expected = plain_minimax_calls(board, mark, "X", scores is DEPTH)[1]
    readers = [kind for kind in search.kinds() if kind.baseline_calls is not None]
    assert "negamax" in {kind.name for kind in readers}
    for kind in readers:
        trace = run_search(game(board, mark, scores=scores), kind.name)
        again = load_json(io.BytesIO(render_json(trace).encode()), "t.json")
        assert [kind.baseline_calls(trace), search.guide_calls(again)] == [expected, expected], kind.name


@pytest.mark.parametrize("text", ["A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]", "[[1, [2, 3]], [[4], 5], 6]",
                                  "nim 1 2 3", "nim 2 2"])
def test_the_guides_calls_read_from_a_searchs_own_rows_are_the_guides_on_trees_and_heaps(text):
    """The same on a textbook tree and on Nim, where the guide's count is its recorded trace's."""
    from tracer import search
    from tracer.games import as_game

    played = as_game(text)
    expected = run_search(played, "minimax").calls
    for kind in search.kinds():
        if kind.baseline_calls is not None:
            assert kind.baseline_calls(run_search(played, kind.name)) == expected, kind.name
