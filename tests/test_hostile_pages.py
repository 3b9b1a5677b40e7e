"""Pages and pictures made from hostile files run nothing and show the text as text (issue 24).

A file's name, a saved trace's ``source``, a URL's fragment and a typed quiz answer
reach the step-through page, the game page, the figures page, the compare page, the
notebook's HTML and every drawing. Each page is opened in Chromium: no dialog, no
network request, no console error, and the hostile text shown literally; each
drawing's DOT and SVG hold it escaped.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

import tracer
from tracer.tracefile import render_json

#: Markup that would run at once if any page built elements from it.
MARKUP = '"><img src=x onerror=alert(1)><script>alert(2)</script>'
#: A file name holding it (no '/'), and a terminal escape besides.
NAME = 'q"><img src=x onerror=alert(1)><svg onload=alert(3)>\x1b[31m.txt'
FIGURE_5_2 = "A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]\n"


class Opened:
    """One page in the browser, with everything it did that a page made of data must not."""

    def __init__(self, browser, path: Path, fragment: str = ""):
        self.url = path.resolve().as_uri()
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        self.problems: list[str] = []
        self.page.on("dialog", self._dialog)
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", lambda m: self.problems.append(f"{m.type}: {m.text}")
                     if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.goto(self.url + fragment)
        self.page.wait_for_load_state("load")
        self.page.wait_for_timeout(300)  # a handler set off by an image or a timer has run by now

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def check(self) -> None:
        """Nothing ran, nothing was fetched, nothing complained; no element came from data."""
        assert self.dialogs == [], self.dialogs
        assert self.problems == [], self.problems
        assert all(url.split("#")[0] == self.url for url in self.requests), self.requests
        planted = self.page.evaluate(
            "() => document.querySelectorAll('img[src=\"x\"], [onerror], [onload], svg[onload]').length")
        assert planted == 0

    def text(self) -> str:
        return str(self.page.evaluate("() => document.body.innerText"))


@pytest.fixture
def opened(browser) -> Iterator:
    pages: list[Opened] = []

    def open_page(path: Path, fragment: str = "") -> Opened:
        pages.append(Opened(browser, path, fragment))
        return pages[-1]

    yield open_page
    for page in pages:
        page.context.close()


@pytest.fixture(scope="module")
def hostile_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tree file with a hostile name, every page made from it, and a hostile saved trace's pages."""
    from click.testing import CliRunner

    from tracer.cli import main

    folder = tmp_path_factory.mktemp("hostile")
    (folder / NAME).write_text(FIGURE_5_2, encoding="utf-8")
    trace = tracer.search(tracer.tree(FIGURE_5_2))
    saved = render_json(trace).replace('"source":"<string>"', '"source":' + json.dumps(MARKUP + "\u202e\u0007"), 1)
    (folder / "saved.json").write_text(saved, encoding="utf-8")
    runner = CliRunner()
    runs = [
        [str(folder / NAME), "-q", "--html", str(folder / "minimax.html"), "--figures", str(folder / "figures"),
         "-o", str(folder / "tree.svg")],
        [str(folder / NAME), "-q", "--html", str(folder / "alphabeta.html"), "--algorithm", "alphabeta"],
        [str(folder / NAME), "-q", "--html", str(folder / "memo.html"), "--algorithm", "memo"],
        ["render", str(folder / "saved.json"), "-q", "--html", str(folder / "saved.html"),
         "--figures", str(folder / "saved-figures")],
        ["compare", str(folder / NAME), "--html", str(folder / "compare.html")],
        ["play", "--html", str(folder / "game.html")],
    ]
    for args in runs:
        result = runner.invoke(main, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
    return folder


SHOWN = NAME.replace("\x1b", "\\x1b")  # the name as every page shows it


@pytest.mark.parametrize("page, fragment, shown", [
    ("minimax.html", "", SHOWN), ("minimax.html", "#step=2", SHOWN), ("minimax.html", "#quiz", SHOWN),
    ("alphabeta.html", "#step=5", SHOWN), ("memo.html", "#quiz", SHOWN),
    ("saved.html", "#step=2", MARKUP), ("saved.html", "#quiz", MARKUP),
    ("figures/index.html", "", SHOWN), ("saved-figures/index.html", "", MARKUP),
    ("compare.html", "", SHOWN),
])
def test_a_page_made_from_hostile_names_runs_nothing_and_shows_them(opened, hostile_files: Path, page: str,
                                                                   fragment: str, shown: str) -> None:
    view = opened(hostile_files / page, fragment)
    view.check()
    assert shown in view.text()


@pytest.mark.parametrize("page", ["minimax.html", "alphabeta.html", "game.html"])
@pytest.mark.parametrize("fragment", [
    "#step=<img src=x onerror=alert(1)>", "#step=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "#call=1e400",
    "#step=-1", "#step=99999999999999999999", "#quiz=<script>alert(1)</script>", "#%22%3E%3Csvg%20onload%3Dalert(1)%3E",
])
def test_a_hostile_address_fragment_runs_nothing(opened, hostile_files: Path, page: str, fragment: str) -> None:
    opened(hostile_files / page, fragment).check()


def test_a_typed_quiz_answer_is_never_markup(opened, hostile_files: Path) -> None:
    view = opened(hostile_files / "minimax.html", "#quiz")
    view.page.fill("#quiz-input", MARKUP)
    view.page.press("#quiz-input", "Enter")
    view.page.wait_for_timeout(300)
    view.check()
    assert "Type one of" in view.page.inner_text("#quiz-feedback")


def test_a_trace_label_that_is_markup_is_refused(cli, tmp_path: Path) -> None:
    text = render_json(tracer.search(tracer.tree(FIGURE_5_2)))
    bad = text.replace('"label":"B"', '"label":' + json.dumps(MARKUP), 1)
    assert bad != text
    (tmp_path / "t.json").write_text(bad, encoding="utf-8")
    result = cli("render", "t.json", "-q", "--html", "p.html")
    assert result.exit_code == 2 and result.stderr.startswith("trace: error: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]


def test_the_notebook_shows_hostile_names_as_text(opened, tmp_path: Path) -> None:
    trace = tracer.search(_named_tree(NAME))
    html = trace._repr_html_()
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    page = tmp_path / "notebook.html"
    page.write_text(f"<!DOCTYPE html><html><body>{html}</body></html>", encoding="utf-8")
    view = opened(page)
    view.check()
    assert "<img src=x onerror=alert(1)>" in view.text()


def _named_tree(name: str):
    from tracer.games.tree.game import GameTree

    return GameTree.parse(FIGURE_5_2, "MAX", name)


# -- drawings: DOT and SVG hold outside text escaped -----------------------------------------

def test_a_hostile_name_is_escaped_in_dot_and_svg(hostile_files: Path) -> None:
    from tracer.outputs.files import pipe
    from tracer.renderers.figures import figures
    from tracer.renderers.tree import game_tree

    trace = tracer.search(_named_tree(NAME + MARKUP + "\x00\u2028\udcff"), "alphabeta")
    graphs = [game_tree(trace), *(figure.graph for figure in figures(trace))]
    for graph in graphs:
        source = graph.source
        assert "<img" not in source and "<script" not in source and "<svg" not in source
        assert "\x1b" not in source and "\x00" not in source and "\u2028" not in source
    svg = pipe(graphs[0], "svg").decode("utf-8")
    root = ET.fromstring(svg)  # well-formed: nothing unescaped broke it
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "<img src=x onerror=alert(1)>" in texts and "\\x1b[31m" in texts
    drawn = (hostile_files / "tree.svg").read_text(encoding="utf-8")
    assert "<img" not in drawn and "<svg onload" not in drawn and "\x1b" not in drawn
