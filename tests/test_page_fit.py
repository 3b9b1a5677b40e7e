"""The step-through and the game page fit a laptop, a projector, a large screen and a phone.

Measured in a real Chromium at each window size, in the light and the dark scheme: the tree's
visible height, the running code line inside the window and under no other box, panels that do
not run into each other, and the game's cells square.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tracer.play.page import render_game_page
from tracer.renderers.html import render_html
from tracer.trace import Trace

DESKS = [(1024, 768), (1280, 800), (1920, 1080)]
SCHEMES = ["light", "dark"]
#: Steps of the guide's board: the first, a return (step 17's line is the panel's last
#: lines), the step-16 walker, the last.
STEPS = [1, 16, 19, 51]

#: The visible part of a box, and whether the running code line is what the window shows there.
MEASURE = """sel => {
  const box = document.querySelector(sel).getBoundingClientRect();
  const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
  return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
          visible: Math.max(0, bottom - top), window: innerHeight, width: innerWidth};
}"""
LINE_SHOWN = """() => {
  const line = document.querySelector('.code-lines li.running');
  if (!line) return 'no running line';
  const box = line.getBoundingClientRect();
  const list = line.closest('.code-lines').getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) return `outside the window: ${box.top}-${box.bottom}`;
  if (box.top < list.top - 1 || box.bottom > list.bottom + 1)
    return `scrolled out of its panel: ${box.top}-${box.bottom}`;
  const x = box.left + Math.min(60, box.width / 2);
  for (const y of [box.top + 2, box.bottom - 2]) {
    const hit = document.elementFromPoint(x, y);
    if (!hit || !line.contains(hit)) return `covered at y=${y} by ${hit && (hit.id || hit.className || hit.tagName)}`;
  }
  return 'shown';
}"""
#: Pairs of the page's boxes that must not intersect (their text would run together).
OVERLAPS = """sels => {
  const boxes = sels.map(s => [s, document.querySelector(s)]).filter(([, e]) => e && e.offsetParent !== null)
    .map(([s, e]) => [s, e.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i], [b, q] = boxes[j];
    if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5)
      out.push(`${a} and ${b}`);
  }
  return out;
}"""
PANELS = ["header", "#controls", "#quiz", "#story", "#tree-panel", "#code-section", "#stack-panel"]


@pytest.fixture(scope="module")
def page_path(tmp_path_factory: pytest.TempPathFactory, tutorial_trace: Trace) -> Path:
    path = tmp_path_factory.mktemp("fit") / "page.html"
    path.write_text(render_html(tutorial_trace), encoding="utf-8")
    return path


@pytest.fixture
def open_page(browser, page_path: Path) -> Iterator:
    contexts = []

    def open_(width: int, height: int, scheme: str, fragment: str):
        context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
        contexts.append(context)
        page = context.new_page()
        page.goto(page_path.resolve().as_uri() + fragment)
        page.wait_for_selector("#story[data-step]")
        page.wait_for_timeout(50)  # the resize observer's second drawing
        return page

    yield open_
    for context in contexts:
        context.close()


def tree_visible(page) -> float:
    return float(page.evaluate(MEASURE, "#tree")["visible"])


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", DESKS, ids=[f"{w}x{h}" for w, h in DESKS])
def test_the_tree_takes_half_the_window_and_the_code_line_shows(open_page, size, scheme):
    width, height = size
    page = open_page(width, height, scheme, "#step=1")
    for step in STEPS:
        page.evaluate("n => tracerViewer.go(n)", step)
        page.wait_for_timeout(30)
        assert tree_visible(page) >= height / 2, f"step {step}: the tree shows {tree_visible(page)} px of {height}"
        assert page.evaluate(LINE_SHOWN) == "shown", f"step {step}"
        assert page.evaluate(OVERLAPS, PANELS) == [], f"step {step}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", DESKS, ids=[f"{w}x{h}" for w, h in DESKS])
def test_with_the_quiz_open_the_tree_keeps_room(open_page, size, scheme):
    width, height = size
    page = open_page(width, height, scheme, "#quiz")
    assert page.locator("#quiz").is_visible()
    assert tree_visible(page) >= 0.4 * height, f"the tree shows {tree_visible(page)} px of {height}"
    assert page.evaluate(OVERLAPS, PANELS) == []
    # The running call's card is in the tree's view, not scrolled out under the quiz.
    card = page.evaluate(MEASURE, "#tree .card.current")
    tree = page.evaluate(MEASURE, "#tree")
    assert tree["top"] - 1 <= card["top"] and card["bottom"] <= tree["bottom"] + 1, (card, tree)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_phone_gets_one_column_without_sideways_scrolling(open_page, scheme):
    page = open_page(360, 740, scheme, "#step=19")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate(OVERLAPS, PANELS) == []
    tree = page.evaluate(MEASURE, "#tree")
    assert tree["bottom"] - tree["top"] >= 220  # 14rem: a few boards at once
    code = page.evaluate(MEASURE, "#code-section")
    assert code["top"] >= tree["bottom"], "on a phone the panels follow each other"


CODE_LINES = r"""() => [...document.querySelectorAll('#code-panel .code-lines li code')].map(code => {
  // The words' boxes (spaces at a wrap may hang past the edge, as in any wrapped text).
  const rects = [];
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      rects.push(...[...range.getClientRects()].filter(r => r.width > 0));
    }
  }
  const box = code.getBoundingClientRect();
  return {text: code.textContent, right: Math.max(...rects.map(r => r.right)), box: box.right,
          lines: new Set(rects.map(r => Math.round(r.top))).size,
          // each row's left edge, top to bottom (a row may be several rectangles)
          starts: [...new Set(rects.map(r => Math.round(r.top)))].sort((a, b) => a - b)
            .map(top => Math.min(...rects.filter(r => Math.round(r.top) === top).map(r => r.left)))};
})"""


@pytest.mark.parametrize("size", [(1024, 768), (360, 740)], ids=["1024x768", "360x740"])
def test_every_code_line_shows_whole_wrapping_under_its_own_text(open_page, size):
    """No line of the algorithm runs past the panel's edge (hidden behind a sideways
    scroll at a projector's width); a wrapped line continues right of where it starts."""
    width, height = size
    page = open_page(width, height, "light", "#step=7")
    assert page.evaluate("() => { const c = document.querySelector('#code-panel .code-lines');"
                         " return c.scrollWidth <= c.clientWidth; }")
    lines = [line for line in page.evaluate(CODE_LINES) if line["starts"]]  # blank lines aside
    assert lines and any(line["lines"] > 1 for line in lines), "at this width some line must wrap"
    char = page.evaluate("() => { const s = document.createElement('code'); s.textContent = 'x'.repeat(10);"
                         " document.querySelector('#code-panel .code-lines').append(s);"
                         " const w = s.getBoundingClientRect().width / 10; s.remove(); return w; }")
    indents = sorted({round(line["starts"][0]) for line in lines})
    assert len(indents) >= 3, "the function, its body and the loop's body each start further in"
    for line in lines:
        assert line["right"] <= line["box"] + 1, line["text"]
        if line["lines"] > 1:  # the later rows start right of the first row's first word
            first, *rest = line["starts"]
            assert rest and all(start >= first + char - 1 for start in rest), line


def test_the_legend_is_one_button_away(open_page):
    page = open_page(1024, 768, "light", "#step=5")
    legend = page.evaluate(MEASURE, "#legend")
    assert legend["top"] >= 768 - 1, "the legend sits below the panels, not over them"
    page.click("#to-legend")
    page.wait_for_timeout(100)
    legend = page.evaluate(MEASURE, "#legend")
    assert legend["visible"] > 0 and page.evaluate("location.hash") == "#step=5"


# ---- the game page --------------------------------------------------------------------

GAME_SIZES = [(1024, 768), (1280, 800), (1280, 900), (1920, 1080), (360, 740)]


@pytest.fixture(scope="module")
def game_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fit-game") / "game.html"
    path.write_text(render_game_page(), encoding="utf-8")
    return path


CELLS = "() => [...document.querySelectorAll('#board [data-cell]')].map(c => " \
        "{ const r = c.getBoundingClientRect(); return [r.width, r.height]; })"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", GAME_SIZES, ids=[f"{w}x{h}" for w, h in GAME_SIZES])
def test_the_game_grid_keeps_square_cells(browser, game_path, size, scheme):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(game_path.resolve().as_uri())
        page.click("#new-game")
        for cell in (4, 1, 3, 8):  # marks, the last move, and (when it comes) a won line's borders
            if not page.locator(f"[data-cell='{cell}']").inner_text().strip():
                page.click(f"[data-cell='{cell}']")
        cells = page.evaluate(CELLS)
        assert len(cells) == 9
        for w, h in cells:
            assert abs(w - h) <= 1 and w >= 60, f"a cell is {w}x{h}: {cells}"
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)], ids=["1024x768", "1280x800"])
def test_the_game_step_through_with_its_quiz_keeps_the_tree(browser, game_path, size):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(game_path.resolve().as_uri())
        page.click("#new-game")
        page.click("[data-cell='4']")
        page.click("#moves li[data-move='2'] button.step-through")
        frame = page.frame_locator("#steps-frame")
        frame.locator("#story[data-step]").wait_for()
        frame.locator("#quiz-toggle").click()
        page.wait_for_timeout(100)
        inside = frame.locator("html").evaluate("h => innerHeight")
        tree = frame.locator("#tree").evaluate("t => t.getBoundingClientRect().height")
        assert tree >= 0.35 * inside, f"the tree keeps {tree} px of the step-through's {inside}"
    finally:
        context.close()


# ---- the figures page: zoom and pan without a script ----------------------------------------

@pytest.mark.parametrize("size", [(1024, 768), (360, 740)], ids=["1024x768", "360x740"])
def test_a_wide_figure_zooms_to_full_size_and_pans(browser, cli, tmp_path, size):
    assert cli("--example", "forced-win", "--figures", "figs").exit_code == 0
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        page.goto((tmp_path / "figs" / "index.html").resolve().as_uri() + "#test-play-4")
        drawing = page.locator("#test-play-4 .drawing")
        natural = float(drawing.locator("svg").evaluate("s => s.width.baseVal.value"))
        fitted = drawing.evaluate("d => d.querySelector('svg').getBoundingClientRect().width")
        assert fitted < natural  # fitted: shrunk, but (issue 34) its words no smaller than 11 px
        smallest = drawing.evaluate("""d => Math.min(...[...d.querySelectorAll('text')].map(t =>
          parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))""")
        assert 11 - 0.05 <= smallest < 12
        for zoom, scale in (("full", 1), ("double", 2)):
            page.click(f"label[for=zoom-test-play-4-{zoom}]")
            width, seen, height = drawing.evaluate(
                "d => [d.scrollWidth, d.clientWidth, d.getBoundingClientRect().height]")
            assert width >= scale * natural - 2 and width > seen, (zoom, width, seen)
            assert height <= 0.86 * size[1]  # a frame to pan in, the page's words still in reach
            drawing.evaluate("d => { d.scrollLeft = 400; }")
            assert drawing.evaluate("d => d.scrollLeft") == 400  # it pans
    finally:
        context.close()


# ---- trace compare --html: side by side, differences said, a phone layout ---------------------

@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (360, 740)], ids=["1280x800", "1024x768", "360x740"])
def test_the_compare_page_sets_the_searches_side_by_side(browser, cli, tmp_path, size):
    assert cli("compare", "--example", "near-endgame", "--html", "c.html").exit_code == 0
    # One column per row of compare's table (every registered search and setting).
    searches = len(json.loads(cli("compare", "--example", "near-endgame", "--format", "json").output)["rows"])
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        page.goto((tmp_path / "c.html").resolve().as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        boxes = page.locator(".trees > section").evaluate_all(
            "s => s.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right]; })")
        assert len(boxes) == searches and all(right <= size[0] for _, _, right in boxes)
        first_row = [box for box in boxes if abs(box[1] - boxes[0][1]) < 1]
        assert len(first_row) == (1 if size[0] < 600 else 2), boxes  # columns, stacked on a phone
        # Issue 34: fitted, no tree's words under 10 px (the trees scroll in their frames instead).
        smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.trees .drawing svg text')]
          .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))""")
        assert smallest >= 10 - 0.05
        # The table's moves, scores and calls on the screen, even a phone's.
        cells = page.locator("table.compare tr td:nth-child(-n+4)").evaluate_all(
            "ts => ts.map(t => t.getBoundingClientRect().right)")
        assert cells and max(cells) <= size[0]
        # One scale: a board is as wide in every column (the #1 board, drawn in each tree).
        widths = page.locator(".trees .drawing svg").evaluate_all(
            "s => s.map(svg => svg.getBoundingClientRect().width / svg.width.baseVal.value)")
        assert max(widths) - min(widths) < 0.01, widths
        said = page.locator(".trees p.diff").all_inner_texts()
        assert any("1 of the first search's 9 calls not made here" in text for text in said)
        # A column zooms on its own, to full size, and pans inside its frame.
        page.click("label[for=zt1-full]")
        scale = "s => s.getBoundingClientRect().width / s.width.baseVal.value"
        assert page.locator("#t1 .drawing svg").evaluate(scale) == pytest.approx(1, abs=0.01)
        assert page.locator("#t0 .drawing svg").evaluate(scale) == pytest.approx(widths[0], abs=0.01)
    finally:
        context.close()
