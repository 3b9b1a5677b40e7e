"""The game tree: expected DOT files for small positions, SVG structure, refusing huge trees."""

from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET

import pytest
from positions import POSITIONS, trace_of

from tracer import Board, TooLargeError, record
from tracer.outputs.files import pipe
from tracer.renderers import drawing
from tracer.renderers.tree import DEFAULT_MAX_NODES, HARD_MAX_NODES, game_tree, plan_tree

# Renders pictures: CI runs these with system Graphviz and again without it.
SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_dot_matches_the_expected_file(name, golden):
    golden(f"{name}.dot", game_tree(trace_of(name)).source)


def test_dot_is_deterministic():
    assert game_tree(trace_of("tutorial")).source == game_tree(trace_of("tutorial")).source


# ---------------------------------------------------------------- SVG structure

def svg_of(trace) -> ET.Element:
    return ET.fromstring(pipe(game_tree(trace), "svg"))


def groups(root: ET.Element, kind: str) -> dict[str, ET.Element]:
    """The node or edge groups of an SVG, by their title (``n3``, ``n1->n2``)."""
    found = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == kind:
            found[group.findtext(f"{SVG}title")] = group
    return found


def cell_polygons(group: ET.Element) -> list[ET.Element]:
    """The filled 20x20 squares of a node's board, in row-major order."""
    cells = []
    for polygon in group.iter(f"{SVG}polygon"):
        if polygon.get("fill") in (None, "none") or polygon.get("stroke") not in ("transparent", "none"):
            continue
        xs = [float(p.split(",")[0]) for p in polygon.get("points", "").split()]
        ys = [float(p.split(",")[1]) for p in polygon.get("points", "").split()]
        size = drawing.CELL_SIZE
        if round(max(xs) - min(xs)) == size and round(max(ys) - min(ys)) == size:
            cells.append(polygon)
    return cells


@pytest.fixture(scope="module")
def tutorial_svg(tutorial_trace) -> ET.Element:
    return svg_of(tutorial_trace)


def label_texts(root: ET.Element) -> str:
    """The texts of the graph's own label (title and legend), outside every node and edge."""
    inner = {id(t) for g in root.iter(f"{SVG}g") if g.get("class") in ("node", "edge")
             for t in g.iter(f"{SVG}text")}
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text") if id(t) not in inner)


def test_one_node_group_per_call_and_the_legend_outside_the_layout(tutorial_svg):
    nodes = groups(tutorial_svg, "node")
    assert set(nodes) == {f"n{k}" for k in range(1, 10)}
    legend_text = label_texts(tutorial_svg)
    assert "Legend" in legend_text and "X (AI) wins: +1" in legend_text
    assert "O (human) wins: -1" in legend_text
    # The guide's board has no drawn game (each of X's three moves ends in a win somewhere):
    # its legend has no row for a draw.
    assert "draw: 0" not in legend_text


def test_every_board_has_nine_cells_and_the_played_one_is_red(tutorial_svg, tutorial_trace):
    nodes = groups(tutorial_svg, "node")
    for call in tutorial_trace:
        cells = cell_polygons(nodes[f"n{call.call}"])
        assert len(cells) == 9, call
        red = [i for i, cell in enumerate(cells) if cell.get("fill") == drawing.PLAYED_FILL]
        assert red == ([] if call.move is None else [call.move]), call


def test_node_texts_show_call_number_mark_and_score(tutorial_svg, tutorial_trace):
    nodes = groups(tutorial_svg, "node")
    for call in tutorial_trace:
        texts = [t.text for t in nodes[f"n{call.call}"].iter(f"{SVG}text")]
        assert texts[0].startswith(f"#{call.call} · ")
        if call.terminal is None:
            assert texts[0].endswith(f"{tutorial_trace.game.mark_of(call.state)} to move")
        assert texts[-1] == drawing.call_footer(tutorial_trace, call)


@pytest.mark.parametrize(
    ("name", "outcomes"),
    [("tutorial", {"win", "loss"}), ("ai-o", {"win", "loss"}), ("o-to-move", {"win", "draw"})],
)
def test_terminal_nodes_are_coloured_by_outcome_for_the_ai(name, outcomes):
    trace = trace_of(name)
    nodes = groups(svg_of(trace), "node")
    seen = set()
    for call in trace:
        frame = nodes[f"n{call.call}"].find(f"{SVG}path")
        assert frame is not None
        if call.terminal is None:
            assert frame.get("fill") == drawing.INNER_FILL, call
            continue
        kind = "draw" if call.terminal == "draw" else "win" if call.terminal == trace.game.ai else "loss"
        seen.add(kind)
        assert frame.get("fill") == drawing.OUTCOME_FILL[kind], call
    assert seen == outcomes


def test_the_chosen_line_is_thick(tutorial_svg):
    edges = groups(tutorial_svg, "edge")
    assert set(edges) == {"n1->n2", "n2->n3", "n2->n4", "n1->n5", "n1->n6", "n6->n7",
                          "n7->n8", "n6->n9"}
    for title, group in edges.items():
        path = group.find(f"{SVG}path")
        assert path is not None
        if title == "n1->n5":
            assert path.get("stroke") == drawing.CHOSEN and path.get("stroke-width") == "3"
        else:
            assert path.get("stroke-width") != "3", title
        label = group.findtext(f"{SVG}text")
        assert re.fullmatch(r" [XO] on \d", label or ""), label


def test_the_chosen_line_runs_to_the_end_of_the_game():
    trace = record(Board("XOXXOO.X."), "O")  # O on 6, X on 8: a draw
    edges = groups(svg_of(trace), "edge")
    thick = sorted(t for t, g in edges.items() if g.find(f"{SVG}path").get("stroke-width") == "3")
    assert thick == ["n1->n2", "n2->n3"]


def test_a_finished_board_is_one_terminal_node():
    trace = trace_of("x-won")
    svg = svg_of(trace)
    nodes = groups(svg, "node")
    assert set(nodes) == {"n1"}
    assert groups(svg, "edge") == {}
    frame = nodes["n1"].find(f"{SVG}path")
    assert frame is not None and frame.get("fill") == drawing.OUTCOME_FILL["win"]


# ---------------------------------------------------------------- too large to draw

def test_the_empty_board_is_drawn_to_a_depth_by_default(empty_trace):
    plan = plan_tree(empty_trace)
    assert plan.depth is not None
    assert len(plan.nodes) <= DEFAULT_MAX_NODES
    assert plan.collapsed


def test_a_tree_too_large_to_draw_is_refused_quickly(empty_trace):
    start = time.perf_counter()
    with pytest.raises(TooLargeError) as info:
        plan_tree(empty_trace, depth=9)
    assert time.perf_counter() - start < 1.0
    message = str(info.value)
    assert "549,946" in message and f"{DEFAULT_MAX_NODES:,}" in message
    assert "--max-nodes" in message and "--depth" in message
    assert "\n" not in message


def test_max_nodes_beyond_the_hard_limit_is_refused(tutorial_trace):
    with pytest.raises(TooLargeError, match=f"between 1 and {HARD_MAX_NODES}"):
        plan_tree(tutorial_trace, max_nodes=HARD_MAX_NODES + 1)


def test_too_large_on_the_command_line(cli):
    start = time.perf_counter()
    result = cli("--example", "empty-board", "--depth", "9", "-q")
    assert time.perf_counter() - start < 5.0
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("trace: error: ")
    assert "--max-nodes" in lines[0] and "1,600" in lines[0]


# ---------------------------------------------------------------- focus, colours, two lines

def edge_attrs(source: str) -> dict[tuple[str, str], str]:
    """DOT edge statements by (tail, head): their attribute text."""
    return {(a, b): rest for a, b, rest in re.findall(r"\t(\w+) -> (\w+) \[(.*?)\]\n", source, re.S)}


def test_focus_off_the_chosen_line_draws_no_blue(tutorial_trace):
    source = game_tree(tutorial_trace, focus=7).source
    edges = edge_attrs(source)
    assert set(edges) == {("n1", "n6"), ("n6", "n7"), ("n7", "n8")}
    for key in (("n1", "n6"), ("n6", "n7")):
        assert "style=dashed" in edges[key] and drawing.CHOSEN not in edges[key]
    # #7 picks its only test-play, but #7 is not on the line chosen from call #1.
    assert drawing.PICKED_EDGE in edges[("n7", "n8")] and drawing.CHOSEN not in edges[("n7", "n8")]
    assert "In focus: call #7" in source
    assert "dashed arrow" in source and "thick blue arrow" not in source


def test_focus_on_the_chosen_line_keeps_the_path_blue(tutorial_trace):
    edges = edge_attrs(game_tree(tutorial_trace, focus=5).source)
    assert "style=dashed" in edges[("n1", "n5")] and drawing.CHOSEN in edges[("n1", "n5")]


def test_blue_is_the_line_chosen_from_call_1_wherever_the_picture_starts():
    from tracer.renderers.figures import overview_figure, test_play_figure
    trace = trace_of("tutorial")
    # #2 -> #3 is O's pick inside a test-play X rejects: black in the overview and figure 6.
    for graph in (overview_figure(trace).graph, test_play_figure(trace, 1).graph):
        attrs = edge_attrs(graph.source)[("n2", "n3")]
        assert drawing.PICKED_EDGE in attrs and drawing.CHOSEN not in attrs


def test_both_winning_lines_are_drawn(tutorial_trace):
    call = tutorial_trace.call(8)  # XOO/XXX/OOX: X holds 3-4-5 and 0-4-8
    label = drawing.call_label(tutorial_trace, call)
    bold = f'COLOR="{drawing.OUTCOME_INK["win"]}"><B>X</B>'
    assert label.count(bold) == 4  # cells 0, 3, 5, 8; cell 4, just played, is red
    assert f'BGCOLOR="{drawing.PLAYED_FILL}"' in label


def test_a_tested_cell_keeps_a_small_grey_index_unlike_a_mark(tutorial_trace):
    from tracer.style import INDEX_POINTS, MARK_POINTS, TESTING_BORDER
    root = tutorial_trace.root
    label = drawing.state_label(tutorial_trace, root.state, "t", "f", testing=1)
    tested = re.search(rf'<TD [^>]*COLOR="{TESTING_BORDER}"[^>]*>(.*?)</TD>', label)[1]
    assert tested == f'<FONT POINT-SIZE="{INDEX_POINTS}" COLOR="{drawing.INDEX_TEXT}">1</FONT>'
    assert "<B>" not in tested and INDEX_POINTS < MARK_POINTS


def test_legend_explains_what_the_tree_uses(tutorial_trace, empty_trace):
    source = game_tree(tutorial_trace).source
    for words in ("red cell", "grey digit", "thick border", "thick blue arrow", "max =",
                  "black arrow", "grey arrow", "call number"):
        assert words in source, words
    assert "summary box" not in source and "dashed" not in source
    assert "summary box" in game_tree(empty_trace).source
def test_trees_over_a_hundred_boards_are_collapsed_by_default_to_stay_readable():
    from tracer.renderers.tree import READABLE_NODES

    trace = record(Board("......OXX"), "X")
    assert trace.calls > READABLE_NODES
    plan = plan_tree(trace, whole=READABLE_NODES)
    assert plan.collapsed and len(plan.nodes) <= READABLE_NODES
    # Every level drawn stays narrow enough to read.
    assert plan.depth is not None
    # Asking for more boards draws the whole tree.
    whole = plan_tree(trace, whole=2000, max_nodes=2000)
    assert not whole.collapsed and len(whole.nodes) == trace.calls
    small = record(Board("X.OX.XOO."), "X")
    assert not plan_tree(small, whole=READABLE_NODES).collapsed


@pytest.mark.slow  # a large layout
def test_a_png_graphviz_would_shrink_past_reading_is_refused_with_a_hint(cli, tmp_path):
    # Six empty cells, O to move: 1,585 boards side by side, far wider than a PNG can be;
    # measured from its layout, it is refused before any bitmap is drawn.
    (tmp_path / "six.txt").write_text("X..\nO.X\n...\n")
    result = cli("six.txt", "-q", "--max-nodes", "1600", "-o", "six.png")
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert re.match(r"trace: error: the PNG would be [0-9,]+ × 1,[0-9]{3} pixels, over the limit", line), line
    assert "-o tree.svg" in line
    assert not (tmp_path / "six.png").exists()
    # As SVG (a vector picture a browser zooms into) the same tree is drawn.
    assert cli("six.txt", "-q", "--max-nodes", "1600", "-o", "six.svg").exit_code == 0
