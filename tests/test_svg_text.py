"""SVG text in a browser keeps the room the layout gave it: no text runs into another or out of its box.

The pictures are rendered by Chromium and by Firefox and every ``<text>``'s box is measured
there, for the default tree, the figures, the figures page and the textbook trees, with each
layout engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tracer.outputs import text_fit
from tracer.outputs.files import pipe
from tracer.renderers.tree import game_tree
from tracer.trace import Trace

#: Every text's box in the page, pairs that intersect, and texts that leave the smallest
#: filled box (a table cell, a node's frame, the legend) their first letter sits in.
MEASURE = r"""() => {
  const inside = (b, x, y) => b.left <= x && x <= b.right && b.top <= y && y <= b.bottom;
  // An element's geometry on the screen: its getBBox through its transform. Client boxes are
  // not the same thing in every browser (Firefox's take in a shape's stroke, even a transparent
  // one, and a pixel more each side of a text).
  const drawn = e => {
    const m = e.getScreenCTM(), b = e.getBBox();
    const xs = [m.a * b.x + m.e, m.a * (b.x + b.width) + m.e], ys = [m.d * b.y + m.f, m.d * (b.y + b.height) + m.f];
    const box = {left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys)};
    return {...box, width: box.right - box.left, height: box.bottom - box.top};
  };
  const boxes = [...document.querySelectorAll('svg polygon, svg path')].filter(s => {
    const fill = s.getAttribute('fill');
    const graph = s.closest('g.graph');
    return fill && fill !== 'none' && fill !== 'transparent' && graph && s.parentNode !== graph;
  }).map(drawn).filter(b => b.width >= 12 && b.height >= 12);
  const legend = [...document.querySelectorAll('svg g.graph > polygon, svg g.graph > path')].slice(1)
    .map(drawn).filter(b => b.width >= 12 && b.height >= 12);
  const texts = [...document.querySelectorAll('svg text')].filter(t => t.textContent.trim()).map(t => {
    // Across: the advances the words were laid out with. Up and down: a text's box is the font's
    // full height (1.16 em for DejaVu Sans in Chromium, 1.27 em in Firefox); the letters stand in
    // its middle em (Graphviz sets lines 1.1 em apart), so that is what is compared.
    const box = drawn(t), middle = (box.top + box.bottom) / 2;
    const em = parseFloat(getComputedStyle(t).fontSize) * Math.abs(t.getScreenCTM().d);
    return {words: t.textContent, left: box.left, right: box.right, top: middle - em / 2, bottom: middle + em / 2};
  });
  const crossing = [], outside = [];
  const eps = 0.75;
  for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
    const p = texts[i], q = texts[j];
    if (p.left < q.right - eps && q.left < p.right - eps && p.top < q.bottom - eps && q.top < p.bottom - eps)
      crossing.push(`${p.words} | ${q.words}`);
  }
  for (const t of texts) {
    const x = t.left + 1, y = (t.top + t.bottom) / 2;
    const holders = [...boxes, ...legend].filter(b => inside(b, x, y));
    if (!holders.length) continue;  // an edge's label or a title: only the crossing check applies
    const box = holders.reduce((a, b) => a.width * a.height <= b.width * b.height ? a : b);
    if (t.right > box.right + eps || t.left < box.left - eps) outside.push(`${t.words} (${t.right - box.right} past)`);
  }
  return {count: texts.length, crossing, outside};
}"""


def measure(browser, path: Path) -> dict:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(path.resolve().as_uri())
        return page.evaluate(MEASURE)
    finally:
        page.close()


@pytest.mark.parametrize("engine", [pytest.param("dot", marks=pytest.mark.system_dot), "pure"])
def test_the_default_trees_text_keeps_its_room_in_a_browser(each_browser, tutorial_trace: Trace, tmp_path, engine):
    path = tmp_path / "tree.svg"
    path.write_bytes(pipe(game_tree(tutorial_trace), "svg", engine=engine))
    seen = measure(each_browser, path)
    assert seen["count"] > 100
    assert seen["crossing"] == [] and seen["outside"] == []


@pytest.mark.parametrize("args", [
    ["--example", "near-endgame"],
    ["--example", "near-endgame", "--algorithm", "alphabeta"],
    ["--example", "cutoffs-differ", "--algorithm", "alphabeta", "--cutoff", "gt"],
], ids=["guide", "alphabeta", "cutoffs-gt"])
def test_the_figures_pages_text_keeps_its_room(each_browser, cli, tmp_path, args):
    result = cli(*args, "--figures", "figs")
    assert result.exit_code == 0, result.output
    pictures = sorted((tmp_path / "figs").glob("*.svg"))
    assert pictures
    for path in [tmp_path / "figs" / "index.html", *pictures]:
        seen = measure(each_browser, path)
        assert seen["count"] > 10, path.name
        assert seen["crossing"] == [], (path.name, seen["crossing"])
        assert seen["outside"] == [], (path.name, seen["outside"])


# ---- reading the layout's widths (no browser) ---------------------------------------------

DOT_OUTPUT = b"""<svg width="10pt"><g id="graph0" class="graph">
<text text-anchor="middle" x="62.39" y="-14.3" font-family="DejaVu Sans" font-size="14.00">a &amp; &quot;b&quot;</text>
<text text-anchor="start" x="1" y="-2" font-size="10.00">not measured</text>
</g></svg>
digraph {
\ta\t[_ldraw_="F 14 11 -DejaVu Sans c 7 -#000000 T 62.39 14.3 0 80.5 7 -a & \\"b\\" ",
\t\t_draw_="c 7 -#000000 P 3 0 0 1 1 2 2 e 1 2 3 4 "];
}
"""


def test_each_text_gets_the_width_the_layout_measured():
    svg, xdot = text_fit.split(DOT_OUTPUT)
    assert svg.rstrip().endswith(b"</svg>") and xdot.lstrip().startswith(b"digraph")
    assert dict(text_fit.text_spans(xdot)) == {(62.4, 14.3, 'a & "b"'): [80.5]}
    fitted = text_fit.fit_texts(svg, xdot).decode()
    assert 'textLength="80.5" lengthAdjust="spacingAndGlyphs">a &amp; &quot;b&quot;</text>' in fitted
    assert ">not measured</text>" in fitted and fitted.count("textLength") == 1


def test_non_ascii_words_count_their_bytes():
    xdot = 'x [_ldraw_="T 5 6 0 20 6 -↑ -1 T 1 2 -1 3 1 -a "];'.encode()
    # "↑ -1" is 6 bytes in UTF-8: the count is of bytes, not letters.
    assert dict(text_fit.text_spans(xdot)) == {(5.0, 6.0, "↑ -1"): [20.0], (1.0, 2.0, "a"): [3.0]}



# Graphviz's xdot format: each operation's letter, then its numbers, then its strings, each
# string as "n -bytes". One of each kind, then a text: reading any kind wrongly loses the text.
XDOT_OPERATIONS = [
    "E 10 20 5 6", "e 1 2 3 4", "P 2 0 0 1 1", "p 2 0 0 1 1", "L 2 0 0 1 1", "B 4 0 0 1 1 2 2 3 3",
    "b 4 0 0 1 1 2 2 3 3", "T 9 8 -1 7 1 -z", "F 14 11 -Times-Roman", "c 7 -#000000", "C 7 -#ffffff",
    "S 6 -filled", "I 1 2 3 4 5 -a.png", "t 1",
]


@pytest.mark.parametrize("operation", XDOT_OPERATIONS, ids=[op.split()[0] for op in XDOT_OPERATIONS])
def test_every_xdot_operation_is_read_past_to_the_text_after_it(operation):
    drawing = f'n [_draw_="{operation} T 27 -18.5 0 40.25 6 -X wins "];'.encode()
    spans = dict(text_fit.text_spans(drawing))
    assert spans[(27.0, -18.5, "X wins")] == [40.25]
    assert len(spans) == (2 if operation.startswith("T ") else 1)


def test_a_drawing_may_end_on_a_number_without_a_space():
    drawing = b'n [_draw_="T 1 2 0 30 1 -A E 1 2 3 4"];'
    assert dict(text_fit.text_spans(drawing)) == {(1.0, 2.0, "A"): [30.0]}


def _fitted(texts: list[str], drawing: str) -> list[str]:
    """What fit_texts makes of SVG texts (given as their attributes and words) for an xdot drawing."""
    svg = "".join(f"<text {text}</text>" for text in texts).encode()
    xdot = f'n [_ldraw_="{drawing}"];'.encode()
    return re.findall(r"<text [^>]*>[^<]*</text>", text_fit.fit_texts(svg, xdot).decode())


def test_texts_at_one_place_take_its_measured_widths_in_turn_then_the_last_again():
    # Three texts with the same words at one point, two widths measured there (SVG's y is
    # xdot's negated): the first and second take them in order, the third the last one.
    drawing = "T 10 20 0 7.5 1 -A T 10 20 0 9.25 1 -A "
    fitted = _fitted(['x="10" y="-20">A'] * 3, drawing)
    assert [re.search(r'textLength="([^"]*)"', t).group(1) for t in fitted] == ["7.5", "9.25", "9.25"]


@pytest.mark.parametrize(("text", "fits"), [
    ('x="10" y="-20">A', True),
    ('x="10" y="-20" textLength="3">A', False),  # already fitted: left as it is
    ('y="-20">A', False),  # no place to look the width up by
    ('x="10">A', False),
])
def test_only_a_text_with_a_place_and_no_length_is_fitted(text, fits):
    [fitted] = _fitted([text], "T 10 20 0 7.5 1 -A ")
    assert fitted.count("textLength") == (1 if fits or "textLength" in text else 0)
    assert ('textLength="7.5"' in fitted) == fits


@pytest.mark.parametrize(("width", "fits"), [(0, False), (0.5, True), (1, True)])
def test_a_text_measured_with_no_width_is_left_as_drawn(width, fits):
    # A textLength of 0 would squeeze the words to nothing; any positive width is kept.
    [fitted] = _fitted(['x="10" y="-20">A'], f"T 10 20 0 {width} 1 -A ")
    assert ('textLength' in fitted) == fits

# ---- textbook trees: no edge runs through a node's words ----------------------------------

def _text_boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """(words, left, top, right, bottom) of each text in a node's group, from its measured width."""
    boxes = []
    for group in re.findall(r'<g id="node\d+" class="node">(.*?)</g>', svg, re.S):
        for attrs, words in re.findall(r"<text ([^>]*)>(.*?)</text>", group, re.S):
            values = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
            x, y, size = float(values["x"]), float(values["y"]), float(values["font-size"])
            width = float(values["textLength"])
            left = {"start": x, "middle": x - width / 2, "end": x - width}[values["text-anchor"]]
            boxes.append((words, left, y - 0.8 * size, left + width, y + 0.2 * size))
    return boxes


def _edge_points(svg: str) -> list[tuple[str, float, float]]:
    """Points along every edge's curve (its cubic Béziers sampled), with the edge's title."""
    points = []
    edges = r'<g id="edge\d+" class="edge">\s*<title>(.*?)</title>\s*<path[^>]* d="([^"]+)"'
    for title, path in re.findall(edges, svg):
        numbers = [float(v) for v in re.findall(r"-?[0-9.]+", path)]
        pairs = list(zip(numbers[0::2], numbers[1::2], strict=True))
        for i in range(0, len(pairs) - 3, 3):
            p0, p1, p2, p3 = pairs[i:i + 4]
            for k in range(21):
                t = k / 20
                x = (1 - t) ** 3 * p0[0] + 3 * (1 - t) ** 2 * t * p1[0] + 3 * (1 - t) * t * t * p2[0] + t ** 3 * p3[0]
                y = (1 - t) ** 3 * p0[1] + 3 * (1 - t) ** 2 * t * p1[1] + 3 * (1 - t) * t * t * p2[1] + t ** 3 * p3[1]
                points.append((title, x, y))
    return points


TEXTBOOK_TREES = pytest.mark.parametrize("args", [
    ["--example", "aima-5.2", "--algorithm", "alphabeta"],
    ["--example", "aima-5.2"],
    ["--example", "cutoffs-differ", "--algorithm", "alphabeta", "--cutoff", "ge"],
    ["--example", "cutoffs-differ", "--algorithm", "alphabeta", "--cutoff", "gt"],
], ids=["aima-ab", "aima-mm", "cutoffs-ge", "cutoffs-gt"])


@TEXTBOOK_TREES
def test_a_textbook_trees_text_keeps_its_room_in_a_browser(each_browser, cli, tmp_path, args):
    assert cli(*args, "-o", "t.svg").exit_code == 0
    seen = measure(each_browser, tmp_path / "t.svg")
    assert seen["count"] > 10
    assert seen["crossing"] == [] and seen["outside"] == []


@TEXTBOOK_TREES
def test_no_edge_crosses_a_textbook_nodes_words(cli, tmp_path, args):
    assert cli(*args, "-o", "t.svg").exit_code == 0
    svg = (tmp_path / "t.svg").read_text(encoding="utf-8")
    boxes = _text_boxes(svg)
    assert boxes and ("alphabeta" not in args or any("β=" in words for words, *_ in boxes))
    crossed = {(title, words) for title, x, y in _edge_points(svg) for words, left, top, right, bottom in boxes
               if left < x < right and top < y < bottom}
    assert crossed == set()


def test_a_textbook_trees_window_is_as_large_as_its_other_words(cli, tmp_path):
    assert cli("--example", "aima-5.2", "--algorithm", "alphabeta", "--format", "dot", "-o", "t.dot").exit_code == 0
    source = (tmp_path / "t.dot").read_text(encoding="utf-8")
    nodes = source.split('label=<<TABLE BORDER="0" CELLSPACING="2">')[0]  # the legend and title follow
    sizes = [int(size) for size in re.findall(r'POINT-SIZE="(\d+)"', nodes)]
    assert sizes and min(sizes) >= 10
