"""Textbook trees: the tree notation, minimax and alpha-beta on abstract trees, and every output.

The expected values come from the textbook (Russell & Norvig, figure 5.2 and its
alpha-beta walk-through, figure 5.5) and from the plain reference
implementations below, which share no code with the tracer's searches.
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer import examples
from tracer.errors import InputError
from tracer.games.tree.game import GameTree
from tracer.games.tree.notation import MAX_DEPTH, MAX_NODES, format_tree, looks_like_tree, parse_tree
from tracer.renderers.log import render_log
from tracer.renderers.tree import game_tree
from tracer.trace import Positions, SearchInfo, Trace
from tracer.tracefile import load_json, render_json

ROOT = Path(__file__).resolve().parent.parent
FIG_5_2 = "A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]"


# ---- plain references: nested lists, no tracer code ---------------------------------------
# A tree here is an int (a leaf) or a list of trees; a path is the tuple of child positions.


def plain_minimax(node: object, maximising: bool) -> int:
    """The textbook's minimax value of a nested-list tree."""
    if isinstance(node, int):
        return node
    assert isinstance(node, list)
    values = [plain_minimax(child, not maximising) for child in node]
    return max(values) if maximising else min(values)


@dataclass
class PlainAlphaBeta:
    """Russell & Norvig's alpha-beta, plainly, recording which leaves it evaluates.

    ``cutoff`` is ``ge`` (cut when v >= beta / v <= alpha, the book's rule) or
    ``gt`` (cut only when strictly beyond the window). The first strictly best
    child is kept, so the move is minimax's.
    """

    cutoff: str
    visited: list[tuple[int, ...]]

    def value(self, node: object, maximising: bool, alpha: float, beta: float,
              path: tuple[int, ...] = ()) -> tuple[float, int | None]:
        if isinstance(node, int):
            self.visited.append(path)
            return node, None
        assert isinstance(node, list)
        best, best_i = (-math.inf, None) if maximising else (math.inf, None)
        for i, child in enumerate(node):
            v, _ = self.value(child, not maximising, alpha, beta, (*path, i))
            if (v > best) if maximising else (v < best):
                best, best_i = v, i
            if maximising:
                if best >= beta if self.cutoff == "ge" else best > beta:
                    break
                alpha = max(alpha, best)
            else:
                if best <= alpha if self.cutoff == "ge" else best < alpha:
                    break
                beta = min(beta, best)
        return best, best_i


def plain_alphabeta(node: object, maximising: bool, cutoff: str) -> tuple[float, int | None, list]:
    """``(value, index of the chosen child, paths of the leaves evaluated)``."""
    run = PlainAlphaBeta(cutoff, [])
    value, best = run.value(node, maximising, -math.inf, math.inf)
    return value, best, run.visited


def nested(game: GameTree, state: int = 0) -> object:
    """A parsed tree as nested lists (for the references)."""
    value = game.nodes.values[state]
    return value if value is not None else [nested(game, c) for c in game.moves(state)]


def leaf_paths(game: GameTree, state: int = 0, path: tuple[int, ...] = ()) -> dict[tuple[int, ...], str]:
    """Every leaf's path from the root, mapped to its label."""
    if game.nodes.values[state] is not None:
        return {path: game.label(state)}
    found: dict[tuple[int, ...], str] = {}
    for i, child in enumerate(game.moves(state)):
        found.update(leaf_paths(game, child, (*path, i)))
    return found


def labels_of(game: GameTree, paths: list[tuple[int, ...]]) -> list[str]:
    names = leaf_paths(game)
    return [names[p] for p in paths]


trees = st.recursive(
    st.integers(-20, 20),
    lambda children: st.lists(children, min_size=1, max_size=4),
    max_leaves=25,
)


def written(node: object) -> str:
    """A nested-list tree in the tree notation, unlabelled, with or without commas."""
    if isinstance(node, int):
        return str(node)
    assert isinstance(node, list)
    return "[" + " ".join(written(c) for c in node) + "]"


# ---- figure 5.2 ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fig52() -> Trace:
    return tracer.search(GameTree.parse(examples.read("aima-5.2"), "MAX", "aima-5.2"))


def test_figure_5_2_minimax_values(fig52):
    fig52.check()
    game = fig52.game
    root = fig52.root
    assert root.score == 3 and game.label(root.best) == "B"
    assert {game.label(c.state): c.score for c in root.children()} == {"B": 3, "C": 2, "D": 2}
    leaves = [game.label(c.state) for c in fig52 if c.terminal]
    assert leaves == ["B.1", "B.2", "B.3", "C.1", "C.2", "C.3", "D.1", "D.2", "D.3"]
    assert fig52.calls == 13


@pytest.mark.parametrize("cutoff", ["ge", "gt"])
def test_figure_5_2_alphabeta_reference_prunes_4_and_6(cutoff):
    game = GameTree.parse(FIG_5_2)
    value, best, visited = plain_alphabeta(nested(game), True, cutoff)
    assert value == 3 and best == 0  # B
    seen = labels_of(game, visited)
    assert len(seen) == 7
    assert {"C.2", "C.3"}.isdisjoint(seen)  # the leaves 4 and 6 under C
    assert [game.nodes.values[game.node(x)] for x in ("C.2", "C.3")] == [4, 6]
    assert {"D.1", "D.2", "D.3"} <= set(seen)


def test_cutoffs_differ_example():
    game = GameTree.parse(examples.read("cutoffs-differ"))
    tree = nested(game)
    assert labels_of(game, plain_alphabeta(tree, True, "ge")[2]) == ["B.1", "B.2", "C.1", "D.1"]
    assert labels_of(game, plain_alphabeta(tree, True, "gt")[2]) == ["B.1", "B.2", "C.1", "C.2", "D.1"]


@pytest.mark.parametrize("name", ["aima-5.2", "uneven-depth", "ties-at-root", "cutoffs-differ"])
def test_bundled_trees_agree_with_the_reference(name):
    game = GameTree.parse(examples.read(name))
    trace = tracer.search(game)
    trace.check()
    expected = plain_minimax(nested(game), True)
    assert trace.result.score == expected
    values = [plain_minimax(c, False) for c in nested(game)]  # type: ignore[union-attr]
    assert game.moves(0).index(trace.result.index) == values.index(expected)  # the first best


def test_ties_keep_the_first_best():
    trace = tracer.search(GameTree.parse(examples.read("ties-at-root")))
    scores = [c.score for c in trace.root.children()]
    assert scores[:2] == [5, 5] and trace.game.label(trace.result.index) == "B"


# ---- random trees -------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(tree=trees, root_max=st.booleans())
def test_minimax_on_random_trees_matches_the_reference(tree, root_max):
    node = tree if isinstance(tree, list) else [tree]
    game = GameTree.parse(written(node), "MAX" if root_max else "MIN")
    trace = tracer.search(game)
    trace.check()
    assert trace.result.score == plain_minimax(node, root_max)
    assert trace.calls == len(game.nodes)


@settings(max_examples=200, deadline=None)
@given(tree=trees, root_max=st.booleans(), cutoff=st.sampled_from(["ge", "gt"]))
def test_reference_alphabeta_equals_minimax_on_random_trees(tree, root_max, cutoff):
    node = tree if isinstance(tree, list) else [tree]
    game = GameTree.parse(written(node), "MAX" if root_max else "MIN")
    trace = tracer.search(game)
    value, best, visited = plain_alphabeta(node, root_max, cutoff)
    assert value == trace.result.score
    assert game.moves(0)[best] == trace.result.index
    # The strict rule never prunes more than the textbook's.
    assert set(visited) <= set(plain_alphabeta(node, root_max, "gt")[2])


# ---- the notation ---------------------------------------------------------------------------


def test_labels_written_and_derived():
    nodes = parse_tree("# a comment\nA: [B: [3, x: 12, 8]  # more\n C: [2]]")
    assert nodes.labels == ["A", "B", "B.1", "x", "B.3", "C", "C.1"]
    assert parse_tree("[[1, 2], 3]").labels == ["root", "1", "1.1", "1.2", "2"]
    assert parse_tree("[1 2,3]").values == [None, 1, 2, 3]  # commas optional


@settings(max_examples=150, deadline=None)
@given(tree=trees)
def test_format_tree_round_trips(tree):
    node = tree if isinstance(tree, list) else [tree]
    nodes = parse_tree(written(node))
    again = parse_tree(format_tree(nodes))
    assert (again.labels, again.children, again.values) == (nodes.labels, nodes.children, nodes.values)


@given(st.text(alphabet="[]:,# \n-0123456789ABx.", max_size=40))
def test_any_text_parses_or_fails_with_a_position(text):
    try:
        parse_tree(text, "t.txt")
    except InputError as exc:
        assert str(exc).startswith("t.txt:") and exc.column is not None and "expected" in str(exc)


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("[3, 4", "1:6", "expected ']' to close the '[' at 1:1, found the end of the file"),
        ("A: [B: [1]]]", "1:12", "expected the end of the tree"),
        ("[1,\n  B:\n]", "3:1", "expected a node after the label 'B:'"),
        ("[A: 1, A: 2]", "1:8", "expected a label not used before ('A' labels the node at 1:2), found 'A'"),
        ("[1, 2.5]", "1:5", "expected an integer leaf value, found '2.5'"),
        ("[1, []]", "1:6", "expected a node inside the brackets"),
        ("[1, two]", "1:5", "found 'two'"),
        ("", "1:1", "expected a tree"),
        ("[1, root: 2]", "1:5", "'root'"),
    ],
)
def test_parser_errors_name_line_and_column(text, where, words):
    with pytest.raises(InputError) as caught:
        parse_tree(text, "t.txt")
    message = str(caught.value)
    assert message.startswith(f"t.txt:{where}: expected"), message
    assert words in message and "\n" not in message


def test_size_limits():
    wide = "[" + " ".join(["1"] * MAX_NODES) + "]"
    with pytest.raises(InputError, match=f"at most {MAX_NODES} nodes"):
        parse_tree(wide)
    deep = "[" * (MAX_DEPTH + 2) + "1" + "]" * (MAX_DEPTH + 2)
    with pytest.raises(InputError, match=f"at most {MAX_DEPTH} levels"):
        parse_tree(deep)
    assert len(parse_tree("[" + " ".join(["1"] * (MAX_NODES - 1)) + "]")) == MAX_NODES


def test_trees_and_boards_are_told_apart():
    from tracer import games

    def read_as(text: str) -> str:
        return games.sniff(text).name

    assert looks_like_tree(FIG_5_2) and looks_like_tree("# c\n[[1 2] [3]]")
    assert read_as(FIG_5_2) == read_as("# c\n[[1 2] [3]]") == "tree"
    assert not looks_like_tree("X . O\nX . X\nO O .\n")
    assert read_as("X . O\nX . X\nO O .\n") == "tictactoe"
    assert read_as('["X", 1, "O", "X", 4, "X", "O", "O", 8]') == "tictactoe"
    assert read_as("[0, 1, 2, 3, 4, 5, 6, 7, 8]") == "tictactoe"


# ---- outputs --------------------------------------------------------------------------------


def test_log_names_labels_players_and_values(fig52):
    log = render_log(fig52)
    assert "#2 step 11  MAX moves from A to B -> MIN to move on node B" in log
    assert "step 9   C.2 is a leaf worth 4: return {value: 4}" in log
    assert "MIN is the minimiser, so min(+2, +4, +6) = +2: bestTestPlay = 0 (C.1, the lowest)" in log
    assert "step 25  MAX moves to bestPlayInfo.child: node B\n" in log
    assert log.endswith("MAX moves to node B: backed-up value 3\n")


def test_drawing_is_a_textbook_tree(fig52):
    source = game_tree(fig52).source
    assert source.count("shape=triangle") == 1 and source.count("shape=invtriangle") == 3
    assert source.count('WIDTH="30" HEIGHT="30"') == 9  # the leaves: squares...
    assert '<FONT POINT-SIZE="12" COLOR="#212121">14</FONT>' in source  # ...holding their values
    for label in ("B.1", "C.2", "D.3"):
        assert f">{label}</FONT>" in source


def alphabeta_trace(game: GameTree, cutoff: str) -> Trace:
    """An alpha-beta trace recorded by hand from the plain reference, with the extras
    (``alpha``, ``beta``, ``pruned``) the alpha-beta search records: the renderers'
    input, independent of any search module."""
    rows = Positions()
    alphas: list = []
    betas: list = []
    pruned: list = []
    rows.extras.update(alpha=alphas, beta=betas, pruned=pruned)

    def bound(x: float) -> int | None:
        return None if math.isinf(x) else int(x)

    def visit(state: int, depth: int, alpha: float, beta: float) -> int:
        value = game.nodes.values[state]
        pid = rows.add(state, depth, *((1, value) if value is not None else (0, 0)))
        alphas.append(bound(alpha))
        betas.append(bound(beta))
        pruned.append(())
        if value is not None:
            return pid
        kids, moves = [], list(game.moves(state))
        maximising = game.maximising(state)
        best, best_i = (-math.inf if maximising else math.inf), -1
        for i, move in enumerate(moves):
            kid = visit(move, depth + 1, alpha, beta)
            kids.append(kid)
            score = rows.score[kid]
            if (score > best) if maximising else (score < best):
                best, best_i = score, i
            limit = beta if maximising else alpha
            if (best >= limit if maximising else best <= limit) if cutoff == "ge" else \
                    (best > limit if maximising else best < limit):
                break
            alpha, beta = (max(alpha, best), beta) if maximising else (alpha, min(beta, best))
        pruned[pid] = tuple(moves[len(kids):])
        rows.set_edges(pid, moves[: len(kids)], kids, best_i, int(best))
        return pid

    visit(0, 0, -math.inf, math.inf)
    return Trace(game, rows, SearchInfo("alphabeta", (("cutoff", cutoff),)))


def test_drawing_shows_windows_bounds_and_pruned_branches():
    game = GameTree.parse(FIG_5_2)
    source = game_tree(alphabeta_trace(game, "ge")).source
    assert source.count("✂") == 2 + 1  # two pruned edges, and the legend
    assert 'label="≤ 2"' in source  # C stopped early: worth at most 2
    assert "α=3 β=+∞" in source  # C and D are called once A is sure of 3
    for pruned_leaf in ("C.2", "C.3"):
        assert f'COLOR="#6e6e6e">{pruned_leaf}</FONT>' in source


def test_json_has_labels_and_round_trips(fig52, tmp_path):
    text = render_json(fig52)
    doc = json.loads(text)
    assert doc["game"] == "tree" and doc["result"] == {"index": 1, "score": 3, "label": "B"}
    assert doc["tree"]["label"] == "A" and doc["tree"]["children"][2]["label"] == "D"
    again = load_json(io.BytesIO(text.encode()), "t.json")
    assert render_json(again) == text and render_log(again) == render_log(fig52)


def test_json_rejects_a_node_with_a_wrong_label(fig52):
    doc = json.loads(render_json(fig52))
    doc["tree"]["children"][0]["label"] = "Z"
    with pytest.raises(InputError, match="label"):
        load_json(io.BytesIO(json.dumps(doc).encode()), "t.json")


def test_python_api_and_notebook_view():
    trace = tracer.search(tracer.tree(FIG_5_2, root="min"))
    assert trace.result.score == plain_minimax([[3, 12, 8], [2, 4, 6], [14, 5, 2]], False) == 6
    bundle = trace._repr_mimebundle_()
    assert bundle["image/svg+xml"].lstrip().startswith(("<?xml", "<svg")) and "invtriangle" not in bundle["text/plain"]
    assert "<polygon" in trace._repr_svg_()


# ---- the command line ---------------------------------------------------------------------


def visited_leaves(doc: dict) -> list[str]:
    found: list[str] = []

    def walk(node: dict) -> None:
        if node["terminal"] is not None:
            found.append(node["label"])
        for child in node["children"]:
            walk(child)

    walk(doc["tree"])
    return found


def test_cli_json_exposes_value_choice_and_visited_leaves(cli):
    result = cli(str(ROOT / "examples" / "aima-5.2.txt"), "--format", "json", "-o", "-")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert (doc["result"]["score"], doc["result"]["label"]) == (3, "B")
    assert visited_leaves(doc) == [f"{p}.{i}" for p in "BCD" for i in (1, 2, 3)]


def test_a_leaf_worth_zero_is_counted_as_a_leaf(cli, tmp_path):
    # Counted by hand: A, B, C and five leaves, two of them worth 0; minimax visits all five.
    (tmp_path / "t.txt").write_text("A: [B: [3, 0, 8], C: [0, 4]]\n")
    stats = cli("t.txt", "--stats", "--no-tree").stdout
    assert "t.txt: 8 nodes, 5 leaves, MAX at the root" in stats
    assert " ".join(stats.split("leaves visited")[1].split()[:3]) == "5 of 5"
    assert "(8 nodes, 5 leaves)" in cli("t.txt", "--no-tree").stdout


def test_cli_reads_trees_and_forces_games(cli, tmp_path):
    (tmp_path / "t.txt").write_text("# comment\n[[3 5] [2 9]]\n")
    result = cli("t.txt", "--no-tree")
    assert result.exit_code == 0 and "MAX moves to node 1: backed-up value 3" in result.stdout
    result = cli("t.txt", "--no-tree", "--turn", "min")
    assert "MIN moves to node 1: backed-up value 5" in result.stdout  # min(max(3, 5), max(2, 9))
    result = cli("t.txt", "--no-tree", "--game", "tictactoe")
    assert result.exit_code == 2 and result.stderr.startswith("trace: error: t.txt:2: expected")
    (tmp_path / "b.txt").write_text("A: 3\n")
    assert cli("b.txt", "--no-tree").exit_code == 0


@pytest.mark.parametrize(("text", "where"), [("[1, [2\n", "t.txt:2:1"), ("[1 x]", "t.txt:1:4")])
def test_cli_tree_errors_are_one_line_exit_2(cli, tmp_path, text, where):
    (tmp_path / "t.txt").write_text(text)
    result = cli("t.txt", "-o", "out.svg")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"trace: error: {where}: expected") and result.stderr.count("\n") == 1
    assert not (tmp_path / "out.svg").exists()


def test_cli_turn_must_fit_the_game(cli, tmp_path):
    (tmp_path / "t.txt").write_text(FIG_5_2)
    assert cli("t.txt", "--turn", "X").exit_code == 2
    (tmp_path / "b.txt").write_text("X . O\nX . X\nO O .\n")
    result = cli("b.txt", "--turn", "max")
    assert result.exit_code == 2 and "--turn" in result.stderr


@pytest.mark.parametrize("name", ["aima-5.2", "uneven-depth", "ties-at-root", "cutoffs-differ"])
def test_every_output_works_for_example_trees(cli, tmp_path, name):
    result = cli("--example", name, "--stats", "-o", "t.json")
    assert result.exit_code == 0, result.stderr
    assert "leaves visited" in result.stdout
    result = cli("render", "t.json", "-o", "t.svg", "--figures", "figs", "-q")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "t.svg").exists() and (tmp_path / "figs" / "overview.svg").exists()
    assert "index.html" in {p.name for p in (tmp_path / "figs").iterdir()}


# ---- the real alpha-beta search (tracer.search.alphabeta) ----------------------------------


def leaves_visited(trace: Trace) -> list[str]:
    return [trace.game.label(c.state) for c in trace if c.terminal]


@pytest.mark.parametrize("cutoff", ["ge", "gt"])
def test_alphabeta_search_on_figure_5_2(cutoff):
    from tracer.search import alphabeta

    trace = alphabeta.search(GameTree.parse(FIG_5_2), cutoff)
    trace.check()
    game = trace.game
    assert (trace.result.score, game.label(trace.result.index)) == (3, "B")
    seen = leaves_visited(trace)
    assert len(seen) == 7 and {"C.2", "C.3"}.isdisjoint(seen) and {"D.1", "D.2", "D.3"} <= set(seen)
    c = trace.root.children()[1]
    assert [game.label(m) for m in c.extra("pruned")] == ["C.2", "C.3"]


@settings(max_examples=150, deadline=None)
@given(tree=trees, root_max=st.booleans(), cutoff=st.sampled_from(["ge", "gt"]))
def test_alphabeta_search_prunes_what_the_reference_prunes(tree, root_max, cutoff):
    from tracer.search import alphabeta

    node = tree if isinstance(tree, list) else [tree]
    game = GameTree.parse(written(node), "MAX" if root_max else "MIN")
    trace = alphabeta.search(game, cutoff)
    trace.check()
    value, best, visited = plain_alphabeta(node, root_max, cutoff)
    minimax = tracer.search(game)
    assert trace.result == minimax.result and value == trace.result.score
    assert game.moves(0)[best] == trace.result.index
    assert leaves_visited(trace) == labels_of(game, visited)
    # The hand-recorded trace the drawing tests use records the very same rows.
    by_hand = alphabeta_trace(game, cutoff)
    assert render_json(by_hand) == render_json(trace)


@pytest.mark.parametrize("cutoff", ["ge", "gt"])
def test_cli_alphabeta_json_for_course_checks(cli, cutoff):
    result = cli(str(ROOT / "examples" / "cutoffs-differ.txt"), "--algorithm", "alphabeta",
                 "--cutoff", cutoff, "--format", "json", "-o", "-")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert (doc["result"]["score"], doc["result"]["label"]) == (3, "B")
    expected = {"ge": ["B.1", "B.2", "C.1", "D.1"], "gt": ["B.1", "B.2", "C.1", "C.2", "D.1"]}
    assert visited_leaves(doc) == expected[cutoff]
    c = doc["tree"]["children"][1]
    assert (c["label"], c["alpha"], c["beta"]) == ("C", 3, None)
    again = load_json(io.BytesIO(result.stdout.encode()), "t.json")
    assert render_json(again) == result.stdout


def test_compare_runs_the_searches_on_a_tree(cli):
    result = cli("compare", "--example", "cutoffs-differ", "--format", "json")
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)["rows"]
    # minimax and negamax visit all 10 nodes; alpha-beta skips C.2 and D.2 (ge) or only D.2 (gt).
    assert [(r["settings"], r["label"], r["score"], r["calls"]) for r in rows] == [
        ("the guide's minimax", "B", 3, 10), ("alpha-beta (cutoff ge)", "B", 3, 8),
        ("alpha-beta (cutoff gt)", "B", 3, 9), ("memoised minimax", "B", 3, 10),
        ("negamax", "B", 3, 10)]
    result = cli("compare", "--example", "aima-5.2", "--turn", "min")
    assert result.exit_code == 0 and "C" in result.stdout.splitlines()[4]


# ---- the step-by-step page ----------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_the_page_replays_a_tree(browser, tmp_path, algorithm):
    from test_viewer import Viewer, expected_steps

    from tracer.renderers.html import render_html
    from tracer.search import alphabeta

    game = GameTree.parse(examples.read("aima-5.2"), "MAX", "aima-5.2")
    trace = tracer.search(game) if algorithm == "minimax" else alphabeta.search(game, "ge")
    path = tmp_path / "tree.html"
    path.write_text(render_html(trace), encoding="utf-8")
    view = Viewer(browser, path).open()
    try:
        assert view.replay() == expected_steps(trace)
        view.page.keyboard.press("End")
        assert "returns {child: B, value: 3}" in view.text("#narration")
        assert "moves to node B" in view.text("#narration")
        view.open("#call=7")
        assert "C.1" in view.text("#narration") and "▼" in view.text("#stack")
        assert view.problems == [] and all(u.startswith("file:") for u in view.requests)
    finally:
        view.close()


@pytest.mark.parametrize("width", [24, 25, 26, 1200])
def test_stats_list_at_most_25_root_test_plays(width):
    # --stats names each root test-play with its score on one line: a 5×5 board's 25 all fit;
    # a wider root (a textbook tree of 1,200 leaves) lists the first 25 and counts the rest.
    from tracer.renderers.stats import render_stats

    trace = tracer.search("A: [" + ", ".join(str(i % 7) for i in range(width)) + "]")
    [line] = [line for line in render_stats(trace).splitlines() if line.startswith("root test-plays")]
    listed = [f"A.{i + 1} → {'+' if i % 7 else ''}{i % 7}" for i in range(min(width, 25))]
    more = f", … and {width - 25:,} more" if width > 25 else ""
    assert line.split(None, 2)[2] == ", ".join(listed) + more
