"""The tutorial's figure series: a Digraph per test-play of the root's loop, and the overview."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tracer
from tracer import examples
from tracer.errors import TooLargeError
from tracer.games.tictactoe.notation import parse_board
from tracer.outputs.files import pipe
from tracer.renderers import drawing
from tracer.renderers.figures import (
    FIGURE_MAX_NODES,
    OVERVIEW_MAX_NODES,
    figures,
    overview_figure,
)
from tracer.renderers.figures import test_play_figure as play_figure
from tracer.style import MARK_POINTS, TESTING_BORDER, TESTING_FILL

# Renders pictures: CI runs these with system Graphviz and again without it.
SVG = "{http://www.w3.org/2000/svg}"


def node_ids(source: str) -> set[str]:
    """The names of the nodes a DOT source declares (``n17 [label=...]``)."""
    return set(re.findall(r"^\t(\w+) \[", source, re.M)) - {"graph", "node", "edge"}


def edges(source: str) -> dict[tuple[str, str], str]:
    """Every edge of a DOT source, with its attribute text."""
    found = re.findall(r"^\t(\w+) -> (\w+) \[(.*?)\]$", source, re.M | re.S)
    return {(a, b): attrs for a, b, attrs in found}


def label_of(source: str, node: str) -> str:
    """The attribute text of one node statement."""
    found = re.search(rf"^\t{node} \[(.*)\]$", source, re.M)
    assert found, f"no node {node}"
    return found.group(1)


def svg_nodes(svg: bytes) -> dict[str, ET.Element]:
    """Graphviz SVG node groups by node name (their <title>)."""
    root = ET.fromstring(svg)
    return {
        g.find(f"{SVG}title").text: g  # type: ignore[union-attr]
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "node"
    }


def fills_of(group: ET.Element) -> set[str | None]:
    """Fill colours of a node's shapes (table cells are polygons, rounded frames paths)."""
    return {e.get("fill") for tag in ("polygon", "path") for e in group.iter(f"{SVG}{tag}")}


def texts(group: ET.Element) -> list[str]:
    return [t.text or "" for t in group.iter(f"{SVG}text")]


def trace_of(name: str) -> tracer.Trace:
    position = parse_board(examples.read(name), name, None)
    return tracer.record(position.board, position.to_move)


@pytest.fixture(scope="module")
def series(tutorial_trace):
    return figures(tutorial_trace)


def test_tutorial_board_has_the_guide_figures_4_to_10(series):
    assert [f.name for f in series] == ["tested-cell", "after-test-play", "test-play-1",
                                        "test-play-2", "test-play-3", "overview", "final-board"]
    assert [f.guide_figure for f in series] == [4, 5, 6, 7, 8, 9, 10]
    assert [f.guide_steps for f in series] == [(11,), (11,), (19,), (21,), (23,), (24,), (25,)]
    assert [f.title for f in series] == [
        "Figure 4", "Figure 5", "Test-play 1 of 3", "Test-play 2 of 3", "Test-play 3 of 3",
        "Overview", "Figure 10",
    ]
    assert all(f.alt for f in series)
    assert "Figure 6 · Test-play 1 of 3" in series[2].graph.source
    assert "Figure 9 · Overview" in series[5].graph.source


def test_figures_4_and_5_are_the_first_test_play_before_and_after(series):
    tested, played = series[0].graph.source, series[1].graph.source
    assert node_ids(tested) == {"n1"} and node_ids(played) == {"n2"}
    assert f'COLOR="{TESTING_BORDER}"' in label_of(tested, "n1")
    assert f'BGCOLOR="{drawing.PLAYED_FILL}"' not in label_of(tested, "n1")
    red_x = f'BGCOLOR="{drawing.PLAYED_FILL}"><FONT POINT-SIZE="{MARK_POINTS}" COLOR="#ffffff"><B>X</B>'
    assert red_x in label_of(played, "n2")


def test_figure_10_is_the_board_after_the_chosen_move(series, tutorial_trace):
    final = series[6]
    assert final.caption == "Figure 10: X plays bestPlayInfo.index, cell 4, and wins at once"
    label = label_of(final.graph.source, "final")
    assert f'BGCOLOR="{drawing.OUTCOME_FILL["win"]}"' in label and "X wins: +1" in label


def test_figure_10_says_a_forced_win_is_forced():
    final = figures(trace_of("forced-win"))[-1]
    assert "and can force a win: on the chosen line the game ends after 3 moves" in final.caption
    assert "wins at once" not in final.caption


def test_figure_6_holds_calls_2_to_4_and_predicts_a_loss(series):
    fig = series[2]
    assert fig.calls == (1, 2, 3, 4)
    assert fig.hidden_calls == 0
    assert fig.caption == (
        "Test-play 1 of 3: X on cell 1 (top-middle) — O can then win, so this predicts "
        "a loss for X: score -1"
    )
    src = fig.graph.source
    assert node_ids(src) == {"n1", "n2", "n3", "n4"}
    assert set(edges(src)) == {("n1", "n2"), ("n2", "n3"), ("n2", "n4")}
    # The root board (figure 4): the tested cell 1 framed in red, showing its index.
    assert f'COLOR="{TESTING_BORDER}" BGCOLOR="{TESTING_FILL}"><FONT POINT-SIZE="10" ' \
           f'COLOR="{drawing.INDEX_TEXT}">1</FONT>' in label_of(src, "n1")
    assert "saves {index: 1, score: -1}" in label_of(src, "n1")
    # The board after the move (figure 5): X on cell 1, in red; O minimises.
    n2 = label_of(src, "n2")
    assert f'BGCOLOR="{drawing.PLAYED_FILL}"><FONT POINT-SIZE="{MARK_POINTS}" COLOR="#ffffff"><B>X</B>' in n2
    assert "min(-1, -1) = -1" in n2 and "O picks cell 4, the first lowest" in n2
    for leaf in ("n3", "n4"):
        assert f'BGCOLOR="{drawing.OUTCOME_FILL["loss"]}"' in label_of(src, leaf)
        assert "O wins: -1" in label_of(src, leaf)
    # Scores coming back up, and which child min picked.
    found = edges(src)
    assert "↑ step 12: -1" in found[("n1", "n2")]
    assert "O on 4" in found[("n2", "n3")] and "↑ -1" in found[("n2", "n3")]
    # O's pick is black: blue is kept for the line chosen from call #1, which avoids cell 1.
    assert drawing.PICKED_EDGE in found[("n2", "n3")] and drawing.CHOSEN not in found[("n2", "n3")]
    assert drawing.REJECTED_EDGE in found[("n2", "n4")]
    assert "calls #2–#4 of 9" in src


def test_figure_7_holds_call_5_a_win(series):
    fig = series[3]
    assert fig.calls == (1, 5)
    assert "X on cell 4 (centre)" in fig.caption and fig.caption.endswith("score +1")
    src = fig.graph.source
    assert node_ids(src) == {"n1", "n5"}
    assert set(edges(src)) == {("n1", "n5")}
    assert f'BGCOLOR="{drawing.OUTCOME_FILL["win"]}"' in label_of(src, "n5")
    assert f'COLOR="{drawing.INDEX_TEXT}">4</FONT>' in label_of(src, "n1")
    assert "X (the AI) has three in a row (cells 3, 4, 5)" in fig.narration


def test_figure_8_holds_calls_6_to_9_and_min_is_minus_1(series):
    fig = series[4]
    assert fig.calls == (1, 6, 7, 8, 9)
    assert fig.caption.startswith("Test-play 3 of 3: X on cell 8 (bottom-right)")
    assert fig.caption.endswith("a loss for X: score -1")
    src = fig.graph.source
    assert node_ids(src) == {"n1", "n6", "n7", "n8", "n9"}
    assert set(edges(src)) == {("n1", "n6"), ("n6", "n7"), ("n7", "n8"), ("n6", "n9")}
    assert "min(+1, -1) = -1" in label_of(src, "n6")
    assert "O picks cell 4, the lowest" in label_of(src, "n6")
    assert "X wins: +1" in label_of(src, "n8")
    assert "O wins: -1" in label_of(src, "n9")
    found = edges(src)
    assert "O on 1" in found[("n6", "n7")] and "↑ +1" in found[("n6", "n7")]
    assert drawing.PICKED_EDGE in found[("n6", "n9")] and drawing.CHOSEN not in found[("n6", "n9")]
    assert "allTestPlayInfos is now [{index: 1, score: -1}, {index: 4, score: 1}, " \
           "{index: 8, score: -1}]" in fig.narration


def test_overview_shows_the_scores_and_the_choice_of_cell_4(series):
    fig = series[5]
    assert fig.calls == tuple(range(1, 10))
    src = fig.graph.source
    found = edges(src)
    assert "↑ -1" in found[("n1", "n2")]
    assert "↑ +1" in found[("n1", "n5")]
    assert "↑ -1" in found[("n1", "n6")]
    assert drawing.CHOSEN in found[("n1", "n5")] and 'penwidth=3' in found[("n1", "n5")]
    assert drawing.CHOSEN not in found[("n1", "n2")]
    assert "max(-1, +1, -1) = +1" in label_of(src, "n1")
    assert "bestPlayInfo = {index: 4, score: 1}" in label_of(src, "result")
    assert "X plays cell 4 (centre)" in label_of(src, "result")
    assert "step 17 returns" in label_of(src, "result")
    assert ("n1", "result") in found
    assert fig.caption == (
        "Overview of all 3 test-plays: scores -1, +1, -1; X picks cell 4 and returns "
        "{index: 4, score: 1}"
    )


def test_rendered_svg_has_the_boards_and_the_red_cell(series):
    svg = pipe(series[2].graph, "svg")
    nodes = svg_nodes(svg)
    assert set(nodes) == {"n1", "n2", "n3", "n4"}
    root = nodes["n1"]
    fills = fills_of(root)
    assert TESTING_FILL in fills and drawing.PLAYED_FILL in fills_of(nodes["n2"])
    assert "1" in texts(root) and "#1 · X to move" in texts(root)
    leaf_fills = fills_of(nodes["n3"])
    assert drawing.OUTCOME_FILL["loss"] in leaf_fills
    overview = svg_nodes(pipe(series[5].graph, "svg"))
    assert "bestPlayInfo = {index: 4, score: 1}" in texts(overview["result"])


def test_figures_are_deterministic(tutorial_trace, series):
    again = figures(tutorial_trace)
    assert [f.graph.source for f in again] == [f.graph.source for f in series]
    assert [f.narration for f in again] == [f.narration for f in series]


@pytest.mark.parametrize("name", ["forced-draw", "forced-win", "must-block", "o-to-move"])
def test_bundled_examples_cover_every_test_play(name):
    trace = trace_of(name)
    plays = trace.root.children()
    series = figures(trace)
    assert len(series) == len(plays) + 4
    for number, (fig, call) in enumerate(zip(series[2:], plays, strict=False), start=1):
        assert fig.name == f"test-play-{number}"
        assert fig.caption.startswith(f"Test-play {number} of {len(plays)}: {trace.game.to_move} on "
                                      f"cell {call.move} ")
        assert fig.caption.endswith(f"score {'+' if call.score > 0 else ''}{call.score}")
        drawn = fig.calls[1:]
        assert fig.calls[0] == 1 and drawn[0] == call.call
        assert all(call.call <= c < call.call + call.size for c in drawn)
        # Every call of the test-play is either drawn or inside a summary node.
        assert len(drawn) + fig.hidden_calls == call.size
        assert len(fig.calls) <= FIGURE_MAX_NODES
    overview = series[-2]
    assert len(overview.calls) <= OVERVIEW_MAX_NODES
    assert len(overview.calls) + overview.hidden_calls == trace.calls
    assert str(trace.result) in overview.graph.source


def test_human_to_move_root_is_a_min_node():
    trace = trace_of("o-to-move")
    overview = overview_figure(trace)
    assert "min(" in overview.graph.source
    assert "O (the human, the minimiser) is to move" in overview.narration
    assert play_figure(trace, 1).caption.startswith("Test-play 1 of 4: O on cell 4")


def test_empty_board_figures_stay_bounded(empty_trace):
    series = figures(empty_trace)
    assert len(series) == 13
    sizes = [c.size for c in empty_trace.root.children()]
    for fig, size in zip(series[2:], sizes, strict=False):
        # The test-play and its 8 replies, each reply a summary node.
        assert len(fig.calls) == 10
        assert len(fig.calls) - 1 + fig.hidden_calls == size
        assert fig.graph.source.count("calls collapsed") == 8
        assert "purple summary boxes" in fig.narration
    overview = series[-2]
    assert len(overview.calls) == 10
    assert overview.graph.source.count("calls collapsed") == 9
    assert "{index: 0, score: 0}" in overview.graph.source
    svg = pipe(series[6].graph, "svg")
    assert len(svg_nodes(svg)) == 10


def test_depth_counts_levels_below_call_1(tutorial_trace, empty_trace):
    fig = play_figure(tutorial_trace, 3, depth=2)
    assert fig.calls == (1, 6, 7, 9)
    assert "1 calls collapsed" not in fig.graph.source
    assert "2 calls collapsed</FONT>" in fig.graph.source and "#7 – #8</FONT>" in fig.graph.source
    shallow = figures(empty_trace, depth=1)
    assert all(len(f.calls) == 2 for f in shallow[2:-2])
    assert len(shallow[-2].calls) == 10
    deeper = play_figure(empty_trace, 1, depth=3)
    assert len(deeper.calls) == 1 + 1 + 8 + 56
    with pytest.raises(TooLargeError, match="--depth must be at least 1"):
        figures(tutorial_trace, depth=0)
    with pytest.raises(TooLargeError, match="--max-nodes"):
        play_figure(empty_trace, 1, depth=5, max_nodes=100)


def test_max_nodes_limits_a_play_figure(empty_trace):
    # Two levels below the test-play (66 boards) would fit in 80, but 56 boards side by
    # side are wider than a collapsed drawing allows (COLLAPSED_WIDTH): one level is drawn.
    fig = play_figure(empty_trace, 1, max_nodes=80)
    assert len(fig.calls) == 1 + 1 + 8
    assert fig.graph.source.count("calls collapsed") == 8
    # A budget too small for one level keeps just the test-play, as one summary.
    fig = play_figure(empty_trace, 1, max_nodes=9)
    assert fig.calls == (1, 2)
    assert fig.graph.source.count("calls collapsed") == 1


def test_finished_board_has_only_the_overview():
    trace = tracer.record(tracer.Board("XXXOO...."), "O")
    series = figures(trace)
    assert [f.name for f in series] == ["overview"]
    assert "already over" in series[0].narration
    # The guide's first call returns at step 9 when the game is over, never at step 17.
    result = label_of(series[0].graph.source, "result")
    assert "step 9 returns" in result and "step 17" not in series[0].graph.source
    assert "bestPlayInfo = {score: 1}" in result
    with pytest.raises(IndexError, match="no test-plays"):
        play_figure(trace, 1)


def test_test_play_numbers_are_checked(tutorial_trace):
    with pytest.raises(IndexError, match="test-plays 1 to 3"):
        play_figure(tutorial_trace, 4)
    with pytest.raises(IndexError):
        play_figure(tutorial_trace, 0)


def test_library_api_is_lazy_and_displays_in_notebooks(tutorial_trace):
    code = (
        "import sys, tracer; assert 'graphviz' not in sys.modules; "
        "t = tracer.record(tracer.Board('X.OX.XOO.'), 'X'); "
        "print(tracer.test_play_figure(t, 1).caption); print(len(tracer.figures(t)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).parent)
    assert out.stdout.splitlines() == [
        "Test-play 1 of 3: X on cell 1 (top-middle) — O can then win, so this predicts a loss "
        "for X: score -1",
        "7",
    ]
    assert tracer.figures is figures
    fig = tracer.test_play_figure(tutorial_trace, 2)
    assert isinstance(fig, tracer.Figure)
    bundle = fig._repr_mimebundle_()
    assert "<svg" in bundle["image/svg+xml"]
    with pytest.raises(AttributeError):
        tracer.no_such_thing  # noqa: B018


# --- the command line -------------------------------------------------------------------

BOARD = "X . O\nX . X\nO O .\n"


def test_cli_writes_the_series(cli, tmp_path):
    (tmp_path / "board.txt").write_text(BOARD)
    result = cli("board.txt", "--figures", "out", "-q")
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    assert sorted(p.name for p in out.iterdir()) == [
        "after-test-play.svg", "final-board.svg", "index.html", "overview.svg",
        "test-play-1.svg", "test-play-2.svg", "test-play-3.svg", "tested-cell.svg",
    ]
    assert not (tmp_path / "board.svg").exists()  # the overview replaces the default tree
    assert set(svg_nodes((out / "test-play-1.svg").read_bytes())) == {"n1", "n2", "n3", "n4"}


def test_cli_prints_the_log_and_writes_a_tree_when_asked(cli, tmp_path):
    (tmp_path / "board.txt").write_text(BOARD)
    result = cli("board.txt", "--figures", "deep/er/out", "-o", "tree.svg", "--log", "log.txt")
    assert result.exit_code == 0
    assert "#5 step 11" in (tmp_path / "log.txt").read_text()
    assert (tmp_path / "tree.svg").exists()
    assert (tmp_path / "deep/er/out/overview.svg").exists()
    assert "wrote 7 figures and index.html to deep/er/out (svg)" in result.stderr


def test_cli_says_one_figure_for_a_finished_board(cli, tmp_path):
    (tmp_path / "over.txt").write_text("X X X\nO O .\n. . .\n")
    result = cli("over.txt", "--figures", "out")
    assert result.exit_code == 0, result.output
    assert "wrote 1 figure and index.html" in result.stderr


@pytest.mark.parametrize(
    "fmt, magic", [("png", b"\x89PNG"), pytest.param("pdf", b"%PDF", marks=pytest.mark.system_dot)]
)
def test_cli_figure_formats(cli, tmp_path, fmt, magic):
    (tmp_path / "board.txt").write_text(BOARD)
    assert cli("board.txt", "--figures", "out", "--format", fmt, "-q").exit_code == 0
    for name in ("tested-cell", "test-play-1", "test-play-2", "test-play-3", "overview",
                 "final-board"):
        assert (tmp_path / "out" / f"{name}.{fmt}").read_bytes().startswith(magic)
    page = (tmp_path / "out" / "index.html").read_text()
    assert page.count("<svg") == 7 and f'href="test-play-1.{fmt}"' in page


def test_cli_render_saved_trace(cli, tmp_path):
    (tmp_path / "board.txt").write_text(BOARD)
    assert cli("board.txt", "-o", "t.json", "-q").exit_code == 0
    result = cli("render", "t.json", "--figures", "again", "-q")
    assert result.exit_code == 0
    first = cli("board.txt", "--figures", "direct", "-q")
    assert first.exit_code == 0
    for name in ("test-play-1.svg", "overview.svg", "index.html"):
        assert (tmp_path / "again" / name).read_bytes() == (tmp_path / "direct" / name).read_bytes()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--format", "json"], "figures are drawn as svg, png, pdf, found --format json"),
        (["--format", "dot"], "found --format dot"),
        (["--depth", "0"], "--depth must be at least 1 for the figures"),
        (["--max-nodes", "0"], "--max-nodes must be between 1 and"),
    ],
)
def test_cli_bad_requests_write_nothing(cli, tmp_path, args, message):
    (tmp_path / "board.txt").write_text(BOARD)
    result = cli("board.txt", "--figures", "out", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("trace: error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.txt"]
    assert result.stdout == ""


def test_cli_bad_board_or_target_writes_nothing(cli, tmp_path):
    (tmp_path / "bad.txt").write_text("X . O\nX . X X\nO O .\n")
    result = cli("bad.txt", "--figures", "out")
    assert result.exit_code == 2 and "bad.txt:2" in result.stderr
    assert not (tmp_path / "out").exists()
    (tmp_path / "board.txt").write_text(BOARD)
    (tmp_path / "taken").write_text("keep me")
    result = cli("board.txt", "--figures", "taken")
    assert result.exit_code == 2 and "found a file: 'taken'" in result.stderr
    assert (tmp_path / "taken").read_text() == "keep me"


def test_cli_empty_board_figures_finish(cli, tmp_path):
    result = cli("--example", "empty-board", "--figures", "out", "-q")
    assert result.exit_code == 0
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted([f"test-play-{i}.svg" for i in range(1, 10)] + [
        "overview.svg", "index.html", "tested-cell.svg", "after-test-play.svg", "final-board.svg"])
    assert len(svg_nodes((tmp_path / "out" / "test-play-1.svg").read_bytes())) == 10


def test_node_limits_are_checked(tutorial_trace, empty_trace):
    with pytest.raises(TooLargeError, match=r"between 1 and 10000 .*found 10001"):
        figures(tutorial_trace, max_nodes=10001)
    assert len(overview_figure(tutorial_trace, max_nodes=10000).calls) == 9
    with pytest.raises(TooLargeError, match="overview to depth 3 needs 586 boards, over the limit"):
        overview_figure(empty_trace, depth=3, max_nodes=500)


def test_notes_count_in_good_english():
    from tracer.renderers.figures import _collapsed_note
    assert _collapsed_note(1, 1, 1) == (
        "To stay legible, this figure draws 1 level below call #1 and shows 1 subtree as purple "
        "summary boxes, each with its call count and score (1 call in all); --depth N or "
        "--max-nodes N draws more.")
    assert "2 levels below call #1 and shows 3 subtrees" in _collapsed_note(3, 40, 2)
    assert "(40 calls in all)" in _collapsed_note(3, 40, 2)
    assert _collapsed_note(0, 0, None) == ""
