"""The figures' index.html: self-contained, in order, narrated; checked in headless Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tracer.outputs.figure_files import render_series
from tracer.renderers.figures import figures
from tracer.renderers.figures_page import inline_svg, render_page

# Renders pictures: CI runs these with system Graphviz and again without it.
BOARD = "X . O\nX . X\nO O .\n"


@pytest.fixture(scope="module")
def tutorial_files(tutorial_trace) -> dict[str, bytes | str]:
    return render_series(tutorial_trace, "svg")


def test_page_holds_every_figure_in_order_with_its_narration(tutorial_trace, tutorial_files):
    page = tutorial_files["index.html"]
    assert isinstance(page, str)
    ids = re.findall(r'<section class="figure" id="([\w-]+)">', page)
    assert ids == ["tested-cell", "after-test-play", "test-play-1", "test-play-2", "test-play-3",
                   "overview", "final-board"]
    assert page.count("<svg") == 7
    for fig in figures(tutorial_trace):
        narration = fig.narration.replace("'", "&#x27;")
        assert narration in page
        assert fig.caption.replace("'", "&#x27;") in page
        assert f'aria-label="{fig.alt}"'.replace("'", "&#x27;") in page
    assert "Figure 6 · Test-play 1 of 3" in page
    assert "minimax makes 9 calls and returns {index: 4, score: 1}" in page
    # Each figure's SVG is the file written beside the page.
    assert 'href="test-play-1.svg"' in page
    # Each figure links the guide's step that discusses it.
    steps = re.findall(r'<section class="figure" id="([\w-]+)">.*?data-steps="([\d ]+)"', page,
                       re.S)
    assert steps == [("tested-cell", "11"), ("after-test-play", "11"), ("test-play-1", "19"),
                     ("test-play-2", "21"), ("test-play-3", "23"), ("overview", "24"),
                     ("final-board", "25")]


def test_each_caption_names_the_guides_figure_as_the_contents_do(tutorial_files):
    """The guide numbers figures 4 to 10 (its figures 6-8 are the three test-plays, 9 the
    overview): each caption leads with that number, as its line in the contents does."""
    page = tutorial_files["index.html"]
    assert isinstance(page, str)
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", page)
    contents = re.findall(r'<li><a href="#[\w-]+">(.*?)</a></li>', page)
    # Led by the number, as the drawing's own title is ("Figure 4:", "Figure 6 ·").
    assert [re.match(r"Figure \d+", c).group(0) for c in captions] == [f"Figure {n}" for n in range(4, 11)]
    assert captions == contents


def test_page_loads_nothing_from_anywhere(tutorial_files):
    page = tutorial_files["index.html"]
    assert "<?xml" not in page and "<!DOCTYPE svg" not in page
    for banned in ("<script", "<link", "<img", "<iframe", "@import", "src=", "url(http"):
        assert banned not in page
    assert "@media print" in page


def test_page_is_deterministic(tutorial_trace, tutorial_files):
    assert render_series(tutorial_trace, "svg")["index.html"] == tutorial_files["index.html"]


def test_inline_svg_makes_ids_unique():
    svg = (
        '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
        '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<!-- made by dot -->\n'
        '<svg><g id="graph0"><g id="node1"><use href="#node1"/>'
        '<path fill="url(#grad1)"/></g></g></svg>'
    )
    out = inline_svg(svg, "figure-2")
    assert out.startswith("<svg>")
    assert 'id="figure-2-graph0"' in out and 'id="figure-2-node1"' in out
    assert 'href="#figure-2-node1"' in out and "url(#figure-2-grad1)" in out
    assert "dot" not in out


def test_page_ids_do_not_clash_across_figures(tutorial_files):
    ids = re.findall(r'\bid="([^"]+)"', tutorial_files["index.html"])
    assert len(ids) == len(set(ids))


def test_render_page_needs_one_svg_per_figure(tutorial_trace):
    series = figures(tutorial_trace)
    with pytest.raises(ValueError):
        render_page(tutorial_trace, series, ["<svg></svg>"])


def test_finished_board_page(cli, tmp_path):
    (tmp_path / "over.txt").write_text("X X X\nO O .\n. . .\n")
    assert cli("over.txt", "--turn", "O", "--figures", "out", "-q").exit_code == 0
    page = (tmp_path / "out" / "index.html").read_text()
    assert "The game is already over" in page and page.count("<svg") == 1


def _open(browser, path: Path, *, print_media: bool = False):
    """Open ``path`` in a fresh page; return the page, every request URL and every error."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    if print_media:
        page.emulate_media(media="print")
    page.goto(path.as_uri(), wait_until="load")
    return page, requests, errors


@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_page_in_a_browser_shows_every_figure_offline(browser, cli, tmp_path, fmt):
    (tmp_path / "board.txt").write_text(BOARD)
    assert cli("board.txt", "--figures", "out", "--format", fmt, "-q").exit_code == 0
    index = tmp_path / "out" / "index.html"
    page, requests, errors = _open(browser, index)
    try:
        assert requests == [index.as_uri()]
        assert errors == []
        sections = page.locator("section.figure")
        assert sections.count() == 7
        for i in range(7):
            drawing = sections.nth(i).locator("svg")
            assert drawing.count() == 1
            assert drawing.is_visible()
            box = drawing.bounding_box()
            assert box is not None and box["width"] > 50 and box["height"] > 50
            # A text alternative for each drawing.
            assert sections.nth(i).locator(".drawing").get_attribute("role") == "img"
            assert len(sections.nth(i).locator(".drawing").get_attribute("aria-label") or "") > 20
        assert page.locator("h2").all_inner_texts() == [
            "Figure 4", "Figure 5", "Figure 6 · Test-play 1 of 3", "Figure 7 · Test-play 2 of 3",
            "Figure 8 · Test-play 3 of 3", "Figure 9 · Overview", "Figure 10",
        ]
        # Boards are drawn as text inside the SVG: the returned value is readable on the page.
        overview = page.locator("#overview .drawing").inner_text()
        assert "bestPlayInfo = {index: 4, score: 1}" in overview
    finally:
        page.close()


def test_page_prints_every_figure(browser, cli, tmp_path):
    (tmp_path / "board.txt").write_text(BOARD)
    assert cli("board.txt", "--figures", "out", "-q").exit_code == 0
    index = tmp_path / "out" / "index.html"
    page, requests, errors = _open(browser, index, print_media=True)
    try:
        assert requests == [index.as_uri()] and errors == []
        assert not page.locator("nav").is_visible()
        width = page.viewport_size["width"]  # type: ignore[index]
        for i in range(7):
            drawing = page.locator("section.figure svg").nth(i)
            box = drawing.bounding_box()
            assert drawing.is_visible() and box is not None and 0 < box["width"] <= width
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF")
    finally:
        page.close()


def test_empty_board_page_in_a_browser(browser, cli, tmp_path):
    assert cli("--example", "empty-board", "--figures", "out", "-q").exit_code == 0
    index = tmp_path / "out" / "index.html"
    page, requests, errors = _open(browser, index)
    try:
        assert requests == [index.as_uri()] and errors == []
        drawings = page.locator("section.figure svg")
        assert drawings.count() == 13
        for i in range(13):
            box = drawings.nth(i).bounding_box()
            assert box is not None and box["width"] > 0 and box["height"] > 0
    finally:
        page.close()
