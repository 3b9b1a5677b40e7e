"""The step-through page read from the back row: labels clear of their arrows, no word under
14 px on a 1024×768 projector, three panels side by side at 125 % browser zoom, a tree that
grows into a large screen's panel, and a zoom control with its keys.

Measured in Chromium. Browser zoom is emulated as the browser does it: a window of
width/1.25 × height/1.25 CSS pixels drawn at a device scale factor of 1.25.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_page_fit import LINE_SHOWN

from tracer.cli import main

#: Pages (the trace command's arguments) and the steps measured on each: the guide's board
#: (a return, the last step), alpha-beta at a cut, Nim, a deeper board with chips, and a
#: textbook tree.
PAGES = {
    "guide": (["--example", "near-endgame"], [19, 51]),
    "alphabeta": (["--example", "near-endgame", "--algorithm", "alphabeta"], [16, 43]),
    "nim": (["--example", "nim"], [30, 80, 400]),
    "forced-win": (["--example", "forced-win"], [100, 700]),
    "textbook": (["--example", "aima-5.2", "--algorithm", "alphabeta"], [43, 100]),
}

#: Each edge label against every edge's path (sampled each pixel along it) and every other label.
CROSSINGS = """() => {
  const svg = document.getElementById('edges');
  const edges = [...svg.querySelectorAll('.edge')], labels = [...svg.querySelectorAll('.edge-label')];
  const inside = (p, b) => p.x > b.x && p.x < b.x + b.width && p.y > b.y && p.y < b.y + b.height;
  const out = [];
  labels.forEach((label, i) => {
    const b = label.getBBox();
    edges.forEach((edge) => {
      const length = edge.getTotalLength();
      for (let s = 0; s <= length; s += 1) {
        if (inside(edge.getPointAtLength(s), b)) { out.push(`${label.textContent} crossed`); return; }
      }
    });
    labels.slice(i + 1).forEach((other) => {
      const q = other.getBBox();
      if (b.x < q.x + q.width && q.x < b.x + b.width && b.y < q.y + q.height && q.y < b.y + b.height)
        out.push(`${label.textContent} on ${other.textContent}`);
    });
  });
  return {labels: labels.length, out};
}"""

#: The rendered size of every word in the window: its font size times the scale of the SVG it
#: may sit in; the smallest, and the elements under 14 px.
TEXT_SIZES = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const small = [];
  let smallest = Infinity;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('script, style, option')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement && el.getScreenCTM()) size *= Math.abs(el.getScreenCTM().a);
    smallest = Math.min(smallest, size);
    const words = node.textContent.trim().slice(0, 20);
    if (size < 13.95) small.push(`${el.tagName}.${el.getAttribute('class')} ${size}px: ${words}`);
  }
  return {smallest, small};
}"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("projector")
    written = {}
    for name, (args, _) in PAGES.items():
        path = folder / f"{name}.html"
        result = CliRunner().invoke(main, [*args, "--html", str(path), "-q"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        written[name] = path
    return written


@pytest.fixture
def window(browser) -> Iterator:
    contexts = []

    def open_(path: Path, step: int, width: int = 1024, height: int = 768, zoom: float = 1):
        context = browser.new_context(viewport={"width": round(width / zoom), "height": round(height / zoom)},
                                      device_scale_factor=zoom)
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{path.resolve().as_uri()}#step={step}")
        page.wait_for_selector("#story[data-step]")
        page.wait_for_timeout(50)  # the resize observer's second drawing
        return page

    yield open_
    for context in contexts:
        context.close()


def go(page, step: int) -> None:
    page.evaluate(f"tracerViewer.go({step})")
    page.wait_for_timeout(30)


@pytest.mark.parametrize("name", PAGES)
def test_no_arrow_is_drawn_through_a_label(window, pages, name):
    steps = PAGES[name][1]
    page = window(pages[name], steps[0])
    seen = 0
    for step in steps:
        go(page, step)
        found = page.evaluate(CROSSINGS)
        assert found["out"] == [], (step, found["out"])
        seen += found["labels"]
    assert seen >= len(steps)  # labels were there to measure


@pytest.mark.parametrize("name", ["guide", "nim", "textbook", "alphabeta"])
def test_on_a_projector_no_word_is_under_14_px(window, pages, name):
    steps = PAGES[name][1]
    page = window(pages[name], steps[0])
    for step in steps:
        go(page, step)
        sizes = page.evaluate(TEXT_SIZES)
        assert sizes["small"] == [], (step, sizes["small"][:8])
    page.keyboard.press("q")  # the quiz's words too
    page.wait_for_selector("body.quizzing")
    assert page.evaluate(TEXT_SIZES)["small"] == []


def test_at_125_percent_tree_code_and_stack_stay_side_by_side(window, pages):
    page = window(pages["guide"], 19, zoom=1.25)
    assert page.evaluate("innerWidth") == 819
    for step in (4, 16, 19, 38, 51):
        go(page, step)
        tree, code, stack = (page.locator(panel).bounding_box()
                             for panel in ("#tree-panel", "#code-section", "#stack-panel"))
        assert tree["x"] + tree["width"] <= code["x"] and tree["x"] + tree["width"] <= stack["x"], step
        assert page.evaluate(LINE_SHOWN) == "shown", step
        assert page.evaluate("document.documentElement.scrollWidth") <= 819


def test_on_a_large_screen_the_tree_grows_into_its_panel(window, pages):
    card = "document.querySelector('#rows .card').getBoundingClientRect().width"
    laptop = window(pages["guide"], 19).evaluate(card)
    page = window(pages["guide"], 19, width=1920, height=1080)
    assert page.evaluate(card) >= 1.3 * laptop
    used = page.evaluate("""() => { const t = document.getElementById('tree'), r = document.getElementById('rows');
      return Math.min(r.scrollHeight, t.clientHeight) / t.clientHeight; }""")
    assert used >= 0.8


def test_the_zoom_control_and_its_keys_scale_the_tree(window, pages):
    page = window(pages["forced-win"], 700)
    card = "document.querySelector('#rows .card .cell').getBoundingClientRect().width"
    label = "parseFloat(getComputedStyle(document.querySelector('.edge-label')).fontSize)"
    base, words = page.evaluate(card), page.evaluate(label)
    assert words == 14
    page.click("#zoom-in")
    assert page.evaluate(card) == pytest.approx(1.25 * base, rel=0.02)
    assert page.evaluate(label) == pytest.approx(17.5, abs=0.05)
    assert page.inner_text("#zoom-level").replace("\u2009", " ") == "125 %"
    page.keyboard.press("-")
    assert page.evaluate(card) == pytest.approx(base, rel=0.02)
    page.keyboard.press("+")
    page.keyboard.press("0")
    assert page.evaluate(label) == 14
    # Fit: the whole tree of this step inside its panel, labels still clear of their arrows.
    assert page.evaluate("document.getElementById('rows').scrollHeight > document.getElementById('tree').clientHeight")
    page.click("#zoom-fit")
    fits = page.evaluate("""() => { const t = document.getElementById('tree'), r = document.getElementById('rows');
      return [r.scrollWidth <= t.clientWidth, r.scrollHeight <= t.clientHeight]; }""")
    assert fits == [True, True]
    assert page.evaluate(CROSSINGS)["out"] == []
    page.keyboard.press("f")
    assert page.evaluate(label) < 14
    keys = page.inner_text("#legend .keys")
    assert "tree zoom: + − f (fit) 0 (100 %)" in keys.replace("\u2009", " ")


def test_on_a_phone_the_controls_take_a_fifth_and_the_question_stays_by_the_tree(window, pages):
    page = window(pages["guide"], 9, width=360, height=740)
    bar = page.locator("#controls").bounding_box()
    assert bar["height"] <= 740 / 5
    for control in ("#speed", "#call-input", "#jump button", "#link", "#quiz-toggle", "#slider", "#next"):
        box = page.locator(control).bounding_box()  # shown, inside the bar, inside the screen
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, control
        assert bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"], control
    page.fill("#call-input", "5")
    page.click("#jump button")
    assert page.evaluate("tracerViewer.step()") == page.evaluate("tracerViewer.beginOf(5)")
    page.click("#quiz-toggle")
    page.wait_for_selector("#quiz-prompt:not(:empty)")
    # Scrolled down to the tree, the question is still on the screen, above the tree's cards.
    page.evaluate("document.querySelector('#rows .card.current, #rows .card.placed').scrollIntoView({block: 'end'})")
    prompt, card = (page.locator(sel).bounding_box()
                    for sel in ("#quiz-prompt", "#rows .card.current, #rows .card.placed"))
    assert prompt["y"] >= 0 and prompt["y"] + prompt["height"] <= card["y"], (prompt, card)
    assert card["y"] + card["height"] <= 741


def test_the_side_by_side_trees_scroll_together_and_show_whole(browser, tmp_path):
    """``trace check --side-by-side``: both trees in one row, neither cut at the bottom by a frame
    of its own (the page scrolls both down), one frame scrolling both sideways."""
    program = tmp_path / "bug.py"
    source = (Path(__file__).parent / "learners" / "py_guide_port.py").read_text(encoding="utf-8")
    program.write_text("".join(line for line in source.splitlines(keepends=True)
                               if 'board[cell] = play["index"]' not in line), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(program), "--side-by-side", str(tmp_path / "both.html")])
    assert result.exit_code == 1, result.output  # the learner's bug found
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto((tmp_path / "both.html").resolve().as_uri())
        boxes = page.locator(".trees > section").evaluate_all(
            "ss => ss.map(s => { const r = s.getBoundingClientRect(); return [r.left, r.top, r.right]; })")
        assert len(boxes) == 2 and boxes[0][1] == boxes[1][1] and boxes[0][2] <= boxes[1][0]  # one row
        whole = page.locator(".trees > section > .drawing").evaluate_all(
            "ds => ds.map(d => [d.scrollHeight <= d.clientHeight + 1, d.scrollWidth <= d.clientWidth + 1])")
        assert whole == [[True, True], [True, True]]
        assert page.evaluate("document.documentElement.scrollHeight") > 800  # the page scrolls them down
        page.click("label[for=zoom100]")
        context.pages[0].set_viewport_size({"width": 700, "height": 800})
        lefts = ("[...document.querySelectorAll('.trees > section > .drawing > svg')]"
                 ".map(s => s.getBoundingClientRect().left)")
        before = page.evaluate(lefts)
        page.evaluate("document.querySelector('.trees').scrollLeft = 200")
        after = page.evaluate(lefts)
        assert after[0] == pytest.approx(before[0] - 200) and after[1] == pytest.approx(before[1] - 200)
    finally:
        context.close()


def test_fit_enlarges_a_small_tree_to_its_panel(window, pages):
    page = window(pages["guide"], 51)
    cell = "document.querySelector('#rows .card .cell').getBoundingClientRect().width"
    before = page.evaluate(cell)
    page.click("#zoom-fit")
    assert page.evaluate(cell) > 1.2 * before
    used = page.evaluate("""() => { const t = document.getElementById('tree'), r = document.getElementById('rows');
      return [r.scrollWidth <= t.clientWidth, r.scrollHeight <= t.clientHeight, r.scrollHeight / t.clientHeight]; }""")
    assert used[0] and used[1] and used[2] > 0.85, used
