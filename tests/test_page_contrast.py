"""Every text and mark reads against what is behind it (WCAG AA), in the light and the dark scheme,
on every kind of page and picture, and a colour means one thing on a page (issue 34).

Measured in Chromium on the rendered pages: each text's colour against its effective background
(the backgrounds behind it composed, its opacity applied), each SVG text's fill against the shape
it is drawn on; and axe-core's colour-contrast rule as a second opinion. Text needs 4.5:1 (3:1 when
large); a mark (a line sample, a shape glyph, a Nim object) needs 3:1. Disabled controls are left
out, as WCAG leaves them out.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from tracer import style
from tracer.play.page import render_game_page

#: Glyphs that are marks (pictures), not words: 3:1 is their threshold.
MARKS = "━—→▲▼■▣○●✂"

#: The contrast of every text outside an SVG, and of every SVG text against the shape under it.
CONTRAST = """marks => {
  const parse = (c) => { const m = c && c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const v = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
  const channel = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const ratio = (p, q) => { const a = lum(p), b = lum(q); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const isMark = (words) => [...words.replace(/\\s/g, '')].every((c) => marks.includes(c));
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  function ground(el) {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return bg;
  }
  const found = [];
  const report = (words, fg, bg, need) => {
    const k = ratio(fg, bg);
    if (k < need)
      found.push(`${words.slice(0, 30)}: ${k.toFixed(2)} < ${need} (${fg.slice(0, 3)} on ${bg.slice(0, 3)})`);
  };
  const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement, words = walker.currentNode.textContent.trim();
    if (!words || !el || seen.has(el) || el.closest('svg') || el.closest(':disabled') || !shown(el)) continue;
    seen.add(el);
    const st = getComputedStyle(el);
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const bg = ground(el), ink = parse(st.color);
    const fg = over([ink[0], ink[1], ink[2], ink[3] * opacity], bg);
    const size = parseFloat(st.fontSize), large = size >= 24 || (Number(st.fontWeight) >= 700 && size >= 18.66);
    report(words, fg, bg, isMark(words) ? 3 : large ? 3 : 4.5);
  }
  for (const svg of document.querySelectorAll('svg')) {
    const shapes = [];
    for (const e of svg.querySelectorAll('polygon, rect, ellipse, path, text')) {
      if (e.tagName !== 'text') {
        const fill = parse(getComputedStyle(e).fill);
        if (fill && fill[3] > 0) shapes.push([e.getBoundingClientRect(), fill]);
        continue;
      }
      const words = e.textContent.trim(), box = e.getBoundingClientRect(), fg = parse(getComputedStyle(e).fill);
      if (!words || !box.width || !fg) continue;
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      const under = [...shapes].reverse().find(([b]) => x >= b.left && x <= b.right && y >= b.top && y <= b.bottom);
      report(words, fg, under ? under[1] : ground(svg), isMark(words) ? 3 : 4.5);
    }
  }
  return found;
}"""


def axe_contrast(page) -> list[str]:
    """axe-core's colour-contrast violations (its engine comes with axe-playwright-python)."""
    import axe_playwright_python  # the test extra "browser" installs it

    page.evaluate((Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8"))
    result = page.evaluate("axe.run(document, {iframes: false, runOnly: ['color-contrast']})")
    return [f"{n['target']}: {n['failureSummary'][:160]}" for v in result["violations"] for n in v["nodes"]]


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One page or picture of each kind, written by the command line as a user would."""
    from click.testing import CliRunner

    from tracer.cli import main

    folder = tmp_path_factory.mktemp("contrast")
    learner = Path(__file__).parent / "learners" / "py_guide_port.py"
    buggy = folder / "guide_bug.py"
    buggy.write_text("".join(line for line in learner.read_text(encoding="utf-8").splitlines(keepends=True)
                             if 'board[cell] = play["index"]' not in line), encoding="utf-8")
    def at(name: str) -> str:
        return str(folder / name)

    runs = [
        ["--example", "near-endgame", "--algorithm", "alphabeta", "--html", at("ab.html"), "-o", at("ab.svg"), "-q"],
        ["--example", "o-to-move", "--algorithm", "memo", "--html", at("memo.html"), "-o", at("memo.svg"), "-q",
         "--max-nodes", "300"],
        ["--example", "nim", "--html", at("nim.html"), "-o", at("nim.svg"), "-q"],
        ["--example", "aima-5.2", "--algorithm", "alphabeta", "--html", at("aima.html"), "-o", at("aima.svg"), "-q"],
        ["--example", "forced-win", "--no-tree", "-q", "--figures", at("figures")],
        ["compare", "--example", "near-endgame", "--html", at("compare.html")],
        ["check", str(buggy), "-o", at("check.svg"), "--html", at("check.html"), "--side-by-side", at("both.html")],
    ]
    runner = CliRunner()
    for args in runs:
        result = runner.invoke(main, args, catch_exceptions=False)
        assert result.exit_code in (0, 1), (args, result.output)  # check: 1 = the program is wrong
    found = {p.relative_to(folder).as_posix(): p for p in folder.rglob("*") if p.suffix in (".html", ".svg")}
    game = folder / "game.html"
    game.write_text(render_game_page(), encoding="utf-8")
    found["game.html"] = game
    return found


#: The step pages are looked at on several steps: the start, a cut (alpha-beta's step 43), the end.
FRAGMENTS = {"ab.html": ["#step=1", "#step=43", "#step=999999"], "memo.html": ["#step=103", "#step=999999"],
             "nim.html": ["#step=20", "#step=999999"], "aima.html": ["#step=30"], "check.html": ["", "#step=999999"]}


def views(pages: dict[str, Path]) -> Iterator[tuple[str, str]]:
    for name in sorted(pages):
        for fragment in FRAGMENTS.get(name, [""]):
            yield name, fragment


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=["laptop", "phone"])
def test_every_text_and_mark_reads_against_its_background(browser, pages, scheme, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, color_scheme=scheme)
    try:
        page = context.new_page()
        looked = 0
        for name, fragment in views(pages):
            page.goto(pages[name].resolve().as_uri() + fragment)
            page.wait_for_timeout(150)
            assert page.evaluate(CONTRAST, MARKS) == [], f"{name}{fragment} ({scheme})"
            if pages[name].suffix == ".html":
                assert axe_contrast(page) == [], f"{name}{fragment} ({scheme})"
            looked += 1
        assert looked >= 25  # every kind: steps, game, compare, figures, check, side by side, SVGs
    finally:
        context.close()


def test_the_pages_hold_what_the_issue_measured(browser, pages):
    """The review's cases, read in the page: O's winning-line mark and the white mark on the
    played cell (2.25:1 and 3.87:1 before)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(pages["ab.html"].resolve().as_uri() + "#step=999999")
        page.wait_for_timeout(150)
        colours = page.evaluate("""() => ({
            line: [...document.querySelectorAll('.grid .cell.line')].map((c) => getComputedStyle(c).color),
            played: [...document.querySelectorAll('.grid .cell.played')]
                .map((c) => getComputedStyle(c).backgroundColor)})""")
        assert colours["line"] and colours["played"]
        inks = {rgb(style.OUTCOME_INK[k]) for k in ("win", "loss", "draw")}
        assert set(colours["line"]) <= inks
        assert set(colours["played"]) == {rgb(style.PLAYED_FILL)}
    finally:
        page.close()


def rgb(colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))


def test_the_palette_meets_the_thresholds_it_promises():
    from test_style import contrast

    for kind, ink in style.OUTCOME_INK.items():
        assert contrast(ink, "#ffffff") >= 4.5, kind
    assert contrast(style.PLAYED_TEXT, style.PLAYED_FILL) >= 4.5
    assert contrast(style.CHOSEN_INK, style.CHOSEN_FILL) >= 4.5
    assert contrast(style.RUNNING, "#ffffff") >= 3 and contrast(style.RUNNING_ON_DARK, "#2b2616") >= 3
    for fill in [*style.OUTCOME_FILL.values(), style.TESTING_FILL, style.SUMMARY_FILL, "#ffffff"]:
        assert contrast(style.INDEX_TEXT, fill) >= 4.5, fill


@pytest.mark.parametrize("vision", ["normal vision", "protanopia", "deuteranopia", "tritanopia"])
def test_a_colour_means_one_thing(vision):
    """The running call, the chosen line, the outcomes, the played cell, the summary box and the
    departure mark are told apart by every reader; MAX and MIN borrow none of them."""
    from test_style import difference

    meanings = {"running": style.RUNNING, "chosen": style.CHOSEN, "played": style.PLAYED_FILL,
                "marked": style.MARKED, "summary": style.SUMMARY_BORDER, "hit": style.HIT_BORDER,
                **{kind: style.OUTCOME_BORDER[kind] for kind in ("win", "loss", "draw")}}
    for (a, p), (b, q) in itertools.combinations(meanings.items(), 2):
        if {a, b} in ({"summary", "draw"}, {"summary", "hit"}, {"draw", "hit"}):
            continue  # dark neutrals: told apart by the border's style (double, dotted), not hue
        assert difference(p, q, vision) >= 10, (a, b, vision)
    assert style.SHAPE_INK not in meanings.values()
    assert difference(style.SHAPE_INK, style.CHOSEN, vision) >= 15
    assert difference(style.SHAPE_INK, style.RUNNING, vision) >= 15


def test_the_running_call_is_drawn_in_its_own_colour(browser, pages):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(pages["ab.html"].resolve().as_uri() + "#step=43")
        page.wait_for_timeout(150)
        ring = page.evaluate("getComputedStyle(document.querySelector('.card.current')).boxShadow")
        assert rgb(style.RUNNING) in ring and rgb(style.OUTCOME_BORDER["loss"]) not in ring
    finally:
        page.close()
