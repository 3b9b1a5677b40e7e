"""Each search's own rules, as its trace check and its recorder keep them: alpha-beta prunes
only after a cut, memo's cache hit carries the score its origin computed, and alpha-beta
recorded from several roots searches each (state, window) once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from checking import won

from tracer.games.tictactoe.board import Board
from tracer.games.tictactoe.game import TicTacToe
from tracer.search import SearchSpec
from tracer.search.alphabeta import Recorder


def saved(cli, tmp_path: Path, board: str, *args: str) -> dict[str, Any]:
    """The JSON trace ``trace`` writes for ``board`` with ``args``, read back."""
    (tmp_path / "board.txt").write_text(board)
    assert cli("board.txt", "--quiet", "-o", "saved.json", *args).exit_code == 0
    return json.loads((tmp_path / "saved.json").read_text())


def renumber(node: dict[str, Any], call: int = 1) -> int:
    """Number the calls again in pre-order after a call was taken out; return the next number."""
    node["call"] = call
    call += 1
    for child in node["children"]:
        call = renumber(child, call)
    return call


def refused(cli, tmp_path: Path, doc: dict[str, Any], words: str) -> None:
    (tmp_path / "edited.json").write_text(json.dumps(doc))
    result = cli("render", "edited.json", "--quiet", "--no-tree")
    assert result.exit_code == 2, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("trace: error: edited.json") and words in line


def test_a_move_listed_as_pruned_without_a_cut_is_refused(cli, tmp_path):
    """Russell & Norvig's rule: a MIN call stops only once its best <= alpha. Call #2 of the
    guide's board (O to move, window -inf..+inf) can never cut, so a trace that says its
    second test-play (cell 8) was pruned is not alpha-beta's."""
    doc = saved(cli, tmp_path, "X.O\nX.X\nOO.\n", "--algorithm", "alphabeta")
    call2 = doc["tree"]["children"][0]
    assert (call2["call"], call2["alpha"], call2["beta"], call2["pruned"]) == (2, None, None, [])
    assert [c["move"] for c in call2["children"]] == [4, 8]
    # Drop cell 8's test-play and call it pruned: call #2's best (-1, at cell 4) is unchanged.
    call2["children"].pop()
    call2["pruned"] = [8]
    doc["calls"] = renumber(doc["tree"]) - 1
    refused(cli, tmp_path, doc, "the cut is not where the ge rule puts it")


def test_the_same_edit_is_accepted_where_the_rule_does_cut(cli, tmp_path):
    """The check is the rule, not a ban on pruning: call #6 (O to move, alpha = +1) cuts after
    its first test-play returns +1 <= alpha, and the trace says cell 4 was pruned."""
    doc = saved(cli, tmp_path, "X.O\nX.X\nOO.\n", "--algorithm", "alphabeta")
    call6 = doc["tree"]["children"][2]
    assert (call6["call"], call6["alpha"], call6["pruned"]) == (6, 1, [4])
    (tmp_path / "same.json").write_text(json.dumps(doc))
    assert cli("render", "same.json", "--quiet", "--no-tree").exit_code == 0


def cache_hits(node: dict[str, Any], parent: dict[str, Any] | None = None):
    if node["cache_hit"]:
        yield node, parent
    for child in node["children"]:
        yield from cache_hits(child, node)


def test_a_cache_hit_whose_score_is_not_its_origins_is_refused(cli, tmp_path):
    """A cache hit returns the score the earlier call computed for its position. Give one hit
    another score, chosen so its caller's choice and score stay as they were: only the
    hit's own rule is broken."""
    doc = saved(cli, tmp_path, "XO.\n...\n...\n", "--algorithm", "memo")
    hits = list(cache_hits(doc["tree"]))
    boards = [hit["board"] for hit, _ in hits]
    for hit, parent in hits:
        assert parent is not None
        moves = [c["move"] for c in parent["children"]]
        maximising = parent["mark"] == doc["ai"]
        worse = -1 if maximising else 1  # the worst score for the caller: never its new best
        if (moves.index(hit["move"]) > moves.index(parent["best"]) and hit["score"] != worse
                and boards.count(hit["board"]) == 1):
            hit["score"] = worse
            break
    else:
        pytest.fail("no cache hit to edit")
    refused(cli, tmp_path, doc, "did not compute this position's score")


def test_alphabeta_from_several_roots_searches_each_state_and_window_once():
    """A root already searched, as a root or as a call made with the infinite window,
    is answered with its row: nothing is searched or recorded again."""
    game = TicTacToe(Board.empty(), "X", "X")
    recorder = Recorder(game)
    first = recorder.root(game.root)
    rows = len(recorder.rows)
    assert recorder.root(game.root) == first and len(recorder.rows) == rows
    # The first test-play is called with the window as it stands on entry: -inf..+inf.
    trace = recorder.trace()
    child = trace.root.children()[0]
    assert (child.extra("alpha"), child.extra("beta")) == (None, None)
    assert recorder.root(child.state) == child.pid and len(recorder.rows) == rows
    # A state never met with the infinite window is searched: its rows are new.
    second = trace.root.children()[1]
    assert second.extra("alpha") is not None
    assert recorder.root(second.state) == rows and len(recorder.rows) > rows


@pytest.mark.parametrize("cutoff", ["ge", "gt"])
def test_a_root_searched_in_a_shared_recorder_is_the_search_on_its_own(cutoff):
    shared = Recorder(TicTacToe(Board.empty(), "X", "X"), cutoff)
    shared.root(shared.game.root)
    board = Board("X...O....")
    alone = SearchSpec("alphabeta", cutoff).run(TicTacToe(board, "X", "X"))
    pid = shared.root(TicTacToe(board, "X", "X").root)
    rows = shared.rows
    assert rows.score[pid] == alone.result.score and rows.sizes[pid] == alone.calls


# ---- the settings a search is given (tracer.search.run_search, SearchSpec) -----------------

def test_a_setting_no_search_takes_is_a_type_error_naming_what_this_one_takes():
    from tracer import search

    with pytest.raises(TypeError, match="unknown setting 'cutof': minimax takes no settings"):
        search.run_search("X.OX.XOO.", "minimax", cutof="ge")
    with pytest.raises(TypeError, match="unknown setting 'cutof': alphabeta takes cutoff"):
        search.run_search("X.OX.XOO.", "alphabeta", cutof="ge")


def test_a_search_is_given_only_the_settings_it_takes_and_none_means_its_default():
    from tracer import search

    # The guide's board: 9 calls for minimax (the guide's count), whatever alpha-beta's cutoff says.
    assert search.run_search("X.OX.XOO.", "minimax", cutoff="gt").calls == 9
    assert search.run_search("X.OX.XOO.", "alphabeta", cutoff=None).search == \
        search.run_search("X.OX.XOO.", "alphabeta").search
    assert SearchSpec("alphabeta", None) == SearchSpec("alphabeta", cutoff=None) == SearchSpec("alphabeta")
    assert SearchSpec("alphabeta", cutoff=None).settings == (("cutoff", "ge"),)


def test_a_setting_outside_its_choices_is_refused_naming_them():
    # Alpha-beta's cutoff is ge or gt (cut on best >= beta, or only on best > beta).
    with pytest.raises(ValueError, match="expected cutoff to be one of ge, gt, found 'gx'"):
        SearchSpec("alphabeta", "gx")


# ---- guide_calls: how many calls the guide's minimax makes on a search's game ---------------

_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def _guide_minimax_calls(cells: str, mover: str) -> int:
    """The guide's minimax, counted plainly: a call stops on a win for either side or a full
    board, else makes one call per empty cell with the other player to move."""
    if any(cells[a] == cells[b] == cells[c] != "." for a, b, c in _LINES) or "." not in cells:
        return 1
    other = "O" if mover == "X" else "X"
    return 1 + sum(_guide_minimax_calls(cells[:i] + mover + cells[i + 1:], other)
                   for i, cell in enumerate(cells) if cell == ".")


@pytest.mark.parametrize("cells", ["X.OX.XOO.", "X.O......", "XO.......", "........."])
def test_guide_calls_counts_the_guides_minimax_for_every_other_search(cells):
    from tracer import search

    expected = _guide_minimax_calls(cells, "X")
    assert cells != "X.OX.XOO." or expected == 9  # the guide's own count on its board
    assert search.guide_calls(search.run_search(cells, "minimax")) is None  # the baseline itself
    for name in ("alphabeta", "memo", "negamax"):
        assert search.guide_calls(search.run_search(cells, name)) == expected, name


@pytest.mark.parametrize("name", ["minimax", "alphabeta", "memo", "negamax"])
def test_every_call_is_recorded_at_its_own_depth_where_a_state_recurs_at_several(name):
    # In Nim the same heaps come back after different numbers of moves ({1, 2, 2}: take the 1
    # then one from a 2, or the other way round), so a row shared by depth would be wrong.
    from tracer import search
    from tracer.games.nim.game import Nim

    trace = search.run_search(Nim([1, 2, 2]), name)
    assert [c.depth for c in trace if trace.positions.depth[c.pid] != c.depth] == []
    assert max(c.depth for c in trace) == 5  # five objects: at most five moves


def test_an_unknown_cutoff_is_refused_by_the_recorder():
    from tracer.games.nim.game import Nim

    with pytest.raises(ValueError, match="expected cutoff 'ge' or 'gt', found 'gx'"):
        Recorder(Nim([1, 2]), "gx")


# ---- what a fail-soft alpha-beta score says of the true value (bound_kind, bounds) -----------

@pytest.mark.parametrize(("cutoff", "expected"), [
    # Window (2, 5): below, at alpha, inside, at beta, above. With ge ties cut, so a score at
    # an edge is a bound; with gt ties are searched on, so only a score strictly outside is.
    ("ge", ["at most", "at most", "exact", "at least", "at least"]),
    ("gt", ["at most", "exact", "exact", "exact", "at least"]),
])
def test_a_score_is_a_bound_exactly_where_the_cut_rule_leaves_it_one(cutoff, expected):
    from tracer.search.alphabeta import AT_LEAST, AT_MOST, EXACT, bound_kind

    words = {AT_MOST: "at most", EXACT: "exact", AT_LEAST: "at least"}
    assert [words[bound_kind(score, 2, 5, cutoff)] for score in (1, 2, 3, 5, 6)] == expected


def test_the_textbook_trees_cut_calls_are_upper_bounds_and_the_root_exact():
    # AIMA's figure 5.2 tree: B returns 3 exactly; C stops at 2 (≤ α = 3), its 4 and 6 never
    # searched, so its 2 is only an upper bound; D searches all three leaves, so its 2 is its
    # value; the root's 3 is the minimax value.
    from tracer import search
    from tracer.search.alphabeta import AT_MOST, EXACT, bounds

    trace = search.run_search("A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]", "alphabeta")
    kinds = bounds(trace.positions, "ge")
    by_depth_one = [kinds[c.pid] for c in trace.root.children()]
    assert kinds[trace.root.pid] == EXACT and trace.result.score == 3
    assert by_depth_one == [EXACT, AT_MOST, EXACT]


@pytest.mark.parametrize("by_depth", [False, True])
def test_a_root_met_before_is_not_searched_again(by_depth):
    from tracer.games.nim.game import Nim

    game = Nim([1, 2, 2])
    recorder = Recorder(game, "ge", by_depth=by_depth)
    first = recorder.root(game.root)
    rows = len(recorder.rows)
    assert recorder.root(game.root) == first and len(recorder.rows) == rows


# ---- alpha-beta's own check catches a trace that breaks its rules ---------------------------

def _aima_alphabeta_broken(change):
    """AIMA's figure 5.2 tree searched by alpha-beta, its rows changed by ``change(rows, calls)``,
    where ``calls`` are the root, B, C and D and B's first leaf."""
    import copy

    from tracer import search
    from tracer.trace import Trace

    trace = search.run_search("A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]", "alphabeta")
    rows = copy.deepcopy(trace.positions)
    root = trace.root
    b, c, d = root.children()
    change(rows, {"A": root.pid, "B": b.pid, "C": c.pid, "D": d.pid, "leaf": b.children()[0].pid})
    return Trace(trace.game, rows, trace.search)


def _set_pruned(name, moves):
    def change(rows, calls):
        rows.extras["pruned"][calls[name]] = moves
    return change


def _set_best(rows, calls):
    rows.best[calls["A"]] = 1  # B (index 0) is the first with the best score, 3


@pytest.mark.parametrize(("change", "message"), [
    (_set_pruned("leaf", (0,)), "a finished game prunes nothing"),
    (_set_pruned("C", (1,)), "test-plays and pruned moves are not the moves in loop order"),
    (_set_best, r"returns 3 via 1, expected 3 via the first best, test-play 0"),
], ids=["leaf-prunes", "pruned-move-missing", "not-the-first-best"])
def test_alphabetas_check_names_what_a_broken_trace_gets_wrong(change, message):
    with pytest.raises(AssertionError, match=message):
        _aima_alphabeta_broken(change).check()


@pytest.mark.parametrize(("field", "value"), [
    ("alpha", 1.5), ("beta", "3"), ("pruned", "x"), ("pruned", [0.5]), ("pruned", [-1]), ("pruned", [1 << 15]),
    ("pruned", list(range(1 << 15))),  # every move number at once: more than any call prunes
], ids=["alpha-1.5", "beta-text", "pruned-text", "pruned-0.5", "pruned-minus-1", "pruned-2**15",
        "pruned-2**15-moves"])
def test_a_saved_alphabeta_trace_with_a_bad_window_or_pruned_move_is_refused(field, value):
    # A window edge is a whole score (or null for infinity); pruned moves are a list of moves,
    # each a whole number from 0 below 2**15 (how moves are stored).
    import io
    import json

    from tracer import search
    from tracer.errors import InputError
    from tracer.tracefile import write_json
    from tracer.tracefile.loader import trace_from_dict

    text = io.StringIO()
    write_json(search.run_search("A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]", "alphabeta"), text)
    doc = json.loads(text.getvalue())
    doc["tree"]["children"][1][field] = value  # C, the call that prunes
    with pytest.raises(InputError, match=f"call 6: expected a valid '{field}'"):
        trace_from_dict(doc, "t.json")


@pytest.mark.parametrize(("game", "order"), [
    # Cells tried from 8 down to 0: cell 0 comes last, so a cut can prune it (move 0).
    (".XO.X...O", list(range(8, -1, -1))),
    # Leaves at the value limit (±1,000,000,000): the next test-play's window edge sits on it.
    ("A: [B: [-1000000000, 4], C: [1000000000], D: [2]]", None),
], ids=["move-0-pruned", "window-at-the-value-limit"])
def test_an_alphabeta_trace_at_the_edges_of_its_fields_saves_and_reads_back(game, order):
    # README: scores within ±1,000,000,000; moves are stored as whole numbers from 0 below 2**15.
    import io

    from tracer import search
    from tracer.games.tictactoe.game import TicTacToe
    from tracer.tracefile import write_json
    from tracer.tracefile.loader import trace_from_dict

    trace = search.run_search(TicTacToe(Board(game), "X", order=order) if order else game, "alphabeta")
    p = trace.positions
    rows = range(len(p.depth))
    alphas, betas = [p.extras["alpha"][r] for r in rows], [p.extras["beta"][r] for r in rows]
    if order:
        assert any(0 in p.extras["pruned"][r] for r in rows)
    else:
        assert 10**9 in alphas and -10**9 in betas
    saved = io.StringIO()
    write_json(trace, saved)
    again = io.StringIO()
    write_json(trace_from_dict(json.loads(saved.getvalue()), "t.json"), again)
    assert again.getvalue() == saved.getvalue()


# ---- one row per position, and what --stats counts from the rows ------------------------

def _searches_per_position(board: str, mover: str) -> dict[tuple[str, str], int]:
    """How many calls the guide's minimax makes on each (board, side to move): a plain walk
    of the game from ``board``, stopping at a line of three or a full board (as
    ``checking.calls`` counts them)."""
    seen: dict[tuple[str, str], int] = {}

    def walk(cells: str, mark: str) -> None:
        seen[(cells, mark)] = seen.get((cells, mark), 0) + 1
        if won(cells, "X") or won(cells, "O") or "." not in cells:
            return
        for i in range(9):
            if cells[i] == ".":
                walk(cells[:i] + mark + cells[i + 1:], "O" if mark == "X" else "X")

    walk(board, mover)
    return seen


@pytest.mark.parametrize("algorithm", ["minimax", "negamax"])
@pytest.mark.parametrize("board", ["XO.......", "X.OX.XOO.", "..X.O....", "XOXOXO..."])
def test_minimax_and_negamax_keep_one_row_per_position_and_the_stats_count_from_them(algorithm, board):
    # --stats: "distinct positions", "most repeated" and "repeated work" (calls that met a
    # position again) come from the rows; in tic-tac-toe a position's depth is its marks' count.
    from tracer import search

    seen = _searches_per_position(board, "X")
    trace = search.run_search(board, algorithm)
    stats = trace.stats()
    assert stats.calls == sum(seen.values())
    assert stats.positions == len(trace.positions) == len(seen)
    assert stats.most_repeated_count == max(seen.values())
    assert stats.repeated_calls == stats.calls - len(seen)


def test_only_the_guide_s_minimax_on_tic_tac_toe_is_saved_as_format_version_1():
    # README and docs/design.md: the guide's minimax, with the guide's settings, writes format
    # version 1 byte for byte as before; every other search or game writes version 2.
    import io

    from tracer import search
    from tracer.tracefile import write_json

    def version(game, algorithm: str) -> int:
        out = io.StringIO()
        write_json(search.run_search(game, algorithm), out)
        return json.loads(out.getvalue())["version"]

    assert version("X.OX.XOO.", "minimax") == 1
    assert {version("X.OX.XOO.", name) for name in ("negamax", "memo", "alphabeta")} == {2}
    assert version("A: [B: [3, 12, 8], C: [2, 4, 6]]", "minimax") == 2


# ---- each search's own rule, broken one way at a time ------------------------------------


def _broken(board: str, algorithm: str, change):
    """``algorithm``'s trace of ``board`` with its rows changed by ``change(rows, trace)``."""
    import copy

    from tracer import search
    from tracer.trace import Trace

    trace = search.run_search(board, algorithm)
    rows = copy.deepcopy(trace.positions)
    change(rows, trace)
    return Trace(trace.game, rows, trace.search)


def _swap_first_two_test_plays(rows, trace):
    """The first call's first two test-plays made in the other order (each still its move)."""
    start = rows.first_edge[0]
    for column in (rows.edge_move, rows.edge_child):
        column[start], column[start + 1] = column[start + 1], column[start]


def _mover_score_of_the_first_call(value):
    def change(rows, trace):
        rows.extras["mover_score"][0] = value
    return change


@pytest.mark.parametrize(("algorithm", "change", "message"), [
    ("minimax", _swap_first_two_test_plays, "row 0 .*: test-plays are not the moves in loop order"),
    ("negamax", _swap_first_two_test_plays, "row 0 .*: test-plays are not the moves in loop order"),
    # On the guide's board X (the maximiser, to move) returns +1: for its mover, +1 too.
    ("negamax", _mover_score_of_the_first_call(-1), "returns -1 for its mover, which is not its score 1"),
    ("memo", _swap_first_two_test_plays, "row 0 .*: test-plays are not the moves in loop order"),
], ids=["minimax-order", "negamax-order", "negamax-mover-score", "memo-order"])
def test_each_search_s_check_names_what_a_broken_trace_gets_wrong(algorithm, change, message):
    with pytest.raises(AssertionError, match=message):
        _broken("X.OX.XOO.", algorithm, change).check()


def _first_child_one_level_too_deep(rows, trace):
    rows.depth[rows.children(0)[0][1]] += 1


def _first_call_one_call_larger(rows, trace):
    rows.sizes[0] += 1


@pytest.mark.parametrize("algorithm", ["minimax", "negamax", "memo", "alphabeta"])
@pytest.mark.parametrize("change", [_first_child_one_level_too_deep, _first_call_one_call_larger],
                         ids=["depth", "size"])
def test_the_checks_every_search_shares_name_a_child_at_the_wrong_depth_or_a_wrong_size(algorithm, change):
    # A test-play's call is one level below its caller, and a call's subtree holds itself
    # and its test-plays' subtrees: the search's own call count is the first call's size.
    from tracer import search

    calls = search.run_search("X.OX.XOO.", algorithm).calls
    message = (r"row 0 .*: child \d+ is not move \d one level deeper" if change is _first_child_one_level_too_deep
               else rf"row 0 .*: subtree size {calls + 1}, expected {calls}")
    with pytest.raises(AssertionError, match=message):
        _broken("X.OX.XOO.", algorithm, change).check()


def _memo_rows(board: str = "XO.......") -> tuple[Any, Any, int, int]:
    """Memo's trace of ``board``, a computed row with calls and a cache hit's row."""
    from tracer import search

    trace = search.run_search(board, "memo")
    p = trace.positions
    hit = next(r for r in range(len(p)) if p.extras["cache_hit"][r] and not p.terminal[r])
    computed = next(r for r in range(1, len(p)) if not p.extras["cache_hit"][r] and p.edge_count[r])
    return trace, p, computed, hit


def _memo_rule(trace, pid: int) -> None:
    from tracer import search

    search.find("memo").check(trace, pid, f"row {pid}")


def test_memo_s_rule_for_a_computed_row_is_the_guide_s_and_names_no_earlier_call():
    trace, p, computed, _ = _memo_rows()
    _memo_rule(trace, computed)
    p.extras["cached_from"][computed] = 1
    with pytest.raises(AssertionError, match="a computed position names no earlier call"):
        _memo_rule(trace, computed)
    p.extras["cached_from"][computed] = None
    p.best[computed] = (p.best[computed] + 1) % p.edge_count[computed]  # not the first best
    with pytest.raises(AssertionError, match="expected .* via the first best"):
        _memo_rule(trace, computed)


def test_memo_s_rule_for_a_cache_hit_makes_no_call_and_names_a_call_that_computed_it():
    trace, p, _, hit = _memo_rows()
    origin = p.extras["cached_from"][hit]
    _memo_rule(trace, hit)
    p.edge_count[hit] = 1
    with pytest.raises(AssertionError, match="a cache hit makes no call"):
        _memo_rule(trace, hit)
    p.edge_count[hit] = 0
    # Call numbers run from 1 to the trace's calls: anything else names no call at all.
    for source in (0, -1, trace.calls + 1, None, "2", 2.0, True):
        p.extras["cached_from"][hit] = source
        with pytest.raises(AssertionError, match="a cache hit must name the call that computed it"):
            _memo_rule(trace, hit)
    # The first and the last call are calls, but neither computed this position.
    assert trace.call(1).state != p.state[hit] and trace.call(trace.calls).state != p.state[hit]
    for source in (1, trace.calls):
        p.extras["cached_from"][hit] = source
        with pytest.raises(AssertionError, match=f"call {source} did not compute this position's score"):
            _memo_rule(trace, hit)
    p.extras["cached_from"][hit] = origin
    _memo_rule(trace, hit)


@pytest.mark.parametrize(("value", "read"), [
    (None, True), (1, True), (7, True), (0, False), (-1, False), ("3", False), (2.5, False), (True, False)])
def test_a_saved_memo_trace_names_cache_hits_by_call_numbers_from_1(value, read):
    # Memo's JSON field "cached_from": the call number of the call that computed the position
    # (call #1 is the first), or null for a computed call.
    import io

    from tracer import search
    from tracer.errors import InputError
    from tracer.tracefile import write_json
    from tracer.tracefile.loader import trace_from_dict

    out = io.StringIO()
    write_json(search.run_search("XO.......", "memo"), out)
    doc = json.loads(out.getvalue())
    node = doc["tree"]["children"][0]
    node["cached_from"] = value
    if read:  # the field is read; memo's rule may then refuse it (a computed call names no call)
        try:
            trace_from_dict(doc, "t.json")
        except InputError as exc:
            assert "expected a valid 'cached_from'" not in str(exc)
            assert value is not None and "names no earlier call" in str(exc)
    else:
        with pytest.raises(InputError, match=f"call {node['call']}: expected a valid 'cached_from'"):
            trace_from_dict(doc, "t.json")
