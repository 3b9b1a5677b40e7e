"""The step-by-step viewer (`trace --html`), driven in a real headless Chromium."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import tracer
from tracer import examples
from tracer.games.tictactoe.notation import parse_board
from tracer.renderers import drawing
from tracer.renderers.html import COLOURS, render_html
from tracer.trace import ENTER, Trace


def expected_steps(trace: Trace) -> list[tuple[str, int]]:
    """The replay the page must show, derived independently from Trace.events().

    One (kind, call) per step; ``call`` is the call doing the work (for a test-play
    placed or a score saved, the caller running the loop).
    """
    steps: list[tuple[str, int]] = []
    running: list[int] = []
    terminal = trace.positions.terminal
    for kind, call, pid, _depth, _move in trace.events():
        if kind == ENTER:
            if running:
                steps.append(("place", running[-1]))
            steps += [("begin", call), ("empty", call), ("check", call)]
            running.append(call)
        else:
            running.pop()
            if not terminal[pid]:
                steps += [("choose", call), ("return", call)]
            if running:
                steps.append(("save", running[-1]))
    return steps


def count_steps(trace: Trace) -> int:
    """len(expected_steps(trace)) without building the list (for the empty board)."""
    total = 0
    terminal = trace.positions.terminal
    for kind, call, pid, _depth, _move in trace.events():
        if kind == ENTER:
            total += 3 + (call != 1)
        else:
            total += (0 if terminal[pid] else 2) + (call != 1)
    return total


def trace_of(example: str) -> Trace:
    position = parse_board(examples.read(example), example, None)
    return tracer.record(position.board, position.to_move)


class Viewer:
    """One page of the viewer in the browser, with everything it asked the network for."""

    def __init__(self, browser, path: Path, viewport: dict[str, int] | None = None, **context):
        self.url = path.resolve().as_uri()
        self.context = browser.new_context(viewport=viewport or {"width": 1366, "height": 900}, **context)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.problems: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))

    def _console(self, message) -> None:
        if message.type in ("error", "warning"):
            self.problems.append(f"console {message.type}: {message.text}")

    def open(self, fragment: str = "") -> Viewer:
        self.page.goto(self.url + fragment)
        self.page.wait_for_selector("#story[data-step]")
        return self

    def now(self) -> tuple[int, str, int]:
        """(step, kind, call) the page shows."""
        data = self.page.locator("#story").evaluate(
            "s => [Number(s.dataset.step), s.dataset.kind, Number(s.dataset.call)]"
        )
        return int(data[0]), str(data[1]), int(data[2])

    def text(self, selector: str) -> str:
        return self.page.locator(selector).inner_text()

    def frames(self) -> list[int]:
        return [int(c) for c in self.page.locator("#stack > li").evaluate_all(
            "items => items.map(i => i.dataset.call)")]

    def wait_until(self, predicate: str, timeout: float = 10.0) -> None:
        """Poll ``predicate`` (a JS function) until it holds. The page's Content
        Security Policy forbids eval, which Playwright's wait_for_function needs."""
        deadline = time.monotonic() + timeout
        while not self.page.evaluate(predicate):
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {predicate}")
            self.page.wait_for_timeout(20)

    def total(self) -> int:
        return int(self.page.evaluate("tracerViewer.total"))

    def replay(self) -> list[tuple[str, int]]:
        """(kind, call) of every step, as the page shows them going from the first to the last."""
        seen = self.page.evaluate("""() => {
            const story = document.querySelector('#story');
            const out = [];
            for (let n = 1; n <= tracerViewer.total; n++) {
                tracerViewer.go(n);
                out.push([story.dataset.kind, Number(story.dataset.call)]);
            }
            return out;
        }""")
        return [(str(kind), int(call)) for kind, call in seen]

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pages")


@pytest.fixture(scope="module")
def tutorial_page(pages: Path, tutorial_trace: Trace) -> Path:
    path = pages / "tutorial.html"
    # As if written with its figures beside it (trace … --figures DIR --html DIR/../page): linked.
    path.write_text(render_html(tutorial_trace, figures_href="index.html"), encoding="utf-8")
    return path


@pytest.fixture
def viewer(browser, tutorial_page: Path) -> Iterator[Viewer]:
    view = Viewer(browser, tutorial_page)
    yield view
    try:
        assert view.problems == [], "the page logged problems"
        assert view.requests and all(url.split("#")[0] == view.url for url in view.requests), (
            f"the page made network requests: {view.requests}"
        )
    finally:
        view.close()


def step_of(steps: list[tuple[str, int]], kind: str, call: int) -> int:
    """The 1-based step at which ``call`` does ``kind`` (the first such)."""
    return steps.index((kind, call)) + 1


# ---- the tutorial's board, every step --------------------------------------------------


def test_arrow_keys_step_through_every_event_of_the_tutorial(viewer, tutorial_trace):
    steps = expected_steps(tutorial_trace)
    view = viewer.open()
    assert view.total() == len(steps) == 51
    seen = [view.now()]
    for _ in range(len(steps) - 1):
        view.page.keyboard.press("ArrowRight")
        seen.append(view.now())
    assert seen == [(i + 1, kind, call) for i, (kind, call) in enumerate(steps)]
    view.page.keyboard.press("ArrowRight")  # past the end: stays on the last step
    assert view.now()[0] == len(steps)
    assert view.page.locator("#next").is_disabled()
    for _ in range(len(steps) - 1):
        view.page.keyboard.press("ArrowLeft")
    assert view.now() == (1, "begin", 1)
    assert view.page.locator("#prev").is_disabled()


def test_call_3_returns_minus_one_at_step_9(viewer, tutorial_trace):
    steps = expected_steps(tutorial_trace)
    call3 = tutorial_trace.call(3)
    assert str(call3.returned) == "{score: -1}"
    step = step_of(steps, "check", 3)
    view = viewer.open(f"#step={step}")
    assert view.now() == (step, "check", 3)
    assert view.text("#badge").startswith("Guide step 9")
    narration = view.text("#narration")
    assert "three in a row on cells 2, 4, 6" in narration
    assert "returns {score: -1}" in narration
    # The stack: calls 1, 2 and 3 are running, 3 is the innermost.
    assert view.frames() == [c.call for c in call3.path()] == [1, 2, 3]
    running = view.page.locator("#stack > li.running")
    assert "return {score: -1}" in running.inner_text()
    # The tree: call 3 highlighted, finished with O's win and its score.
    current = view.page.locator("#rows .card.current")
    assert current.get_attribute("data-call") == "3"
    assert "loss" in current.get_attribute("class")
    assert "O wins: -1" in current.inner_text()
    assert [int(c) for c in view.page.locator("#rows .card.path").evaluate_all(
        "cards => cards.map(c => c.dataset.call)")] == [1, 2]


def test_call_2_saves_the_score_then_returns_it(viewer, tutorial_trace):
    steps = expected_steps(tutorial_trace)
    call2 = tutorial_trace.call(2)
    first = call2.test_plays[0]
    view = viewer.open(f"#step={step_of(steps, 'save', 2)}")
    assert view.text("#badge").startswith("Guide step 12")
    assert f"saves {first}" in view.text("#narration")
    frame = view.page.locator("#stack > li.running")
    assert view.frames() == [1, 2]
    assert f"allTestPlayInfos = [{first}]" in frame.inner_text()
    done = view.page.locator('#rows .card.done[data-call="3"]')
    assert "O wins: -1" in done.inner_text()

    view.page.keyboard.press("Shift+ArrowRight")  # next call: #4 begins
    assert view.now()[1:] == ("begin", 4)
    assert "Guide step 11" in view.text("#badge")

    view.page.goto(view.url + f"#step={step_of(steps, 'return', 2)}")
    view.page.reload()
    assert view.now()[1:] == ("return", 2)
    assert view.text("#badge").startswith("Guide step 17")
    returned = str(call2.returned)
    assert returned == "{index: 4, score: -1}"
    assert f"returns {returned} to call #1" in view.text("#narration")
    assert ", ".join(map(str, call2.test_plays)) in view.text("#stack > li.running")


def test_a_test_play_shows_the_cell_in_red_on_the_callers_board(viewer, tutorial_trace):
    steps = expected_steps(tutorial_trace)
    view = viewer.open(f"#step={step_of(steps, 'place', 1)}")
    assert view.text("#badge").startswith("Guide step 11")
    assert "X on cell 1 (top-middle)" in view.text("#narration")
    red = view.page.locator("#stack > li.running .cell.played")
    assert red.count() == 1 and red.inner_text() == "X"
    index = view.page.locator("#stack > li.running .cell").evaluate_all(
        "cells => cells.findIndex(c => c.classList.contains('played'))")
    assert index == 1
    colour = red.evaluate("c => getComputedStyle(c).backgroundColor")
    assert colour == css_rgb(drawing.PLAYED_FILL)
    assert view.page.locator("#rows .card.placed").get_attribute("data-call") == "2"


def test_the_last_step_returns_index_4_score_1(viewer, tutorial_trace):
    view = viewer.open()
    view.page.keyboard.press("End")
    step, kind, call = view.now()
    assert (step, kind, call) == (view.total(), "return", 1)
    assert str(tutorial_trace.result) == "{index: 4, score: 1}"
    narration = view.text("#narration")
    assert "Call #1 returns {index: 4, score: 1}" in narration
    assert "bestPlayInfo" in narration and "wins" in narration
    assert view.frames() == [1]
    assert "return {index: 4, score: 1}" in view.text("#stack")
    # Every test-play of call 1 shows its score; the best one is picked.
    cards = view.page.locator("#rows .card.done")
    feet = cards.locator(".foot").all_inner_texts()
    assert feet == ["min = -1", "X wins: +1", "min = -1"]
    assert view.page.locator("#rows .card.best").get_attribute("data-call") == "5"
    win = view.page.locator('#rows .card[data-call="5"]')
    assert win.evaluate("c => getComputedStyle(c).backgroundColor") == css_rgb(
        drawing.OUTCOME_FILL["win"])


def css_rgb(colour: str) -> str:
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


# ---- the controls ----------------------------------------------------------------------


def test_calls_jump_slider_fragment_and_link(viewer, tutorial_trace):
    steps = expected_steps(tutorial_trace)
    view = viewer.open()
    page = view.page
    page.keyboard.press("ArrowDown")
    assert view.now()[1:] == ("begin", 2)
    page.click("#next-call")
    assert view.now()[1:] == ("begin", 3)
    page.click("#prev-call")
    assert view.now()[1:] == ("begin", 2)
    page.keyboard.press("ArrowUp")
    assert view.now()[1:] == ("begin", 1)

    page.fill("#call-input", "7")
    page.press("#call-input", "Enter")
    assert view.now() == (step_of(steps, "begin", 7), "begin", 7)
    assert view.frames() == [c.call for c in tutorial_trace.call(7).path()] == [1, 6, 7]
    page.fill("#call-input", "10")  # beyond the last call: refused, the step stays
    page.click("#jump button")
    assert view.now()[2] == 7

    page.locator("#slider").fill("20")
    assert view.now() == (20, *steps[19])
    assert page.get_attribute("#link", "href") == "#step=20"
    view.wait_until("() => location.hash === '#step=20'")

    page.evaluate("location.hash = '#step=37'")
    view.wait_until("() => document.querySelector('#story').dataset.step === '37'")
    assert view.now() == (37, *steps[36])
    page.evaluate("location.hash = '#call=6'")
    view.wait_until("() => document.querySelector('#story').dataset.call === '6'")
    assert view.now() == (step_of(steps, "begin", 6), "begin", 6)

    page.click("#rows .card[data-call='1']")  # a card jumps to its call's first step
    assert view.now() == (1, "begin", 1)


def test_play_runs_to_the_end_and_space_pauses(viewer):
    view = viewer.open()
    page = view.page
    page.select_option("#speed", "1000")
    page.keyboard.press(" ")
    view.wait_until(
        "() => document.querySelector('#story').dataset.step === String(tracerViewer.total)"
    )
    view.wait_until("() => !document.querySelector('#play').classList.contains('playing')")
    page.keyboard.press("Home")
    page.select_option("#speed", "1")
    page.keyboard.press(" ")
    assert "pause" in page.inner_text("#play")
    page.keyboard.press(" ")
    assert "play" in page.inner_text("#play")
    stopped = view.now()[0]
    page.wait_for_timeout(1300)
    assert view.now()[0] == stopped


# ---- other boards, every step ----------------------------------------------------------


@pytest.mark.parametrize("example", ["o-to-move", "forced-draw", "must-block"])
def test_every_step_of_other_boards_matches_the_trace(browser, pages, example):
    trace = trace_of(example)
    path = pages / f"{example}.html"
    path.write_text(render_html(trace), encoding="utf-8")
    view = Viewer(browser, path).open()
    try:
        assert view.replay() == expected_steps(trace)
        view.page.keyboard.press("End")
        assert f"returns {trace.result}" in view.text("#narration")
        assert view.problems == []
    finally:
        view.close()


# ---- the empty board: 549,946 calls ----------------------------------------------------


def test_the_empty_board_page_is_small_and_reaches_every_call(browser, pages, empty_trace):
    html = render_html(empty_trace)
    assert len(html) < 600_000  # the position columns, not the expanded tree
    path = pages / "empty.html"
    path.write_text(html, encoding="utf-8")
    view = Viewer(browser, path).open()
    try:
        page = view.page
        assert view.total() == count_steps(empty_trace)
        for k in (2, 1_000, 123_456, 400_001, empty_trace.calls):
            page.fill("#call-input", str(k))
            page.press("#call-input", "Enter")
            call = empty_trace.call(k)
            assert view.now()[1:] == ("begin", k)
            assert view.frames() == [c.call for c in call.path()]
            cells = page.locator("#stack > li.running .cell").all_inner_texts()
            shown = "".join(c if c in "XO" else "." for c in cells)
            assert shown == empty_trace.game.board_of(call.state).cells
        # Stepping stays quick (the benchmark measures it; this is only a sanity bound).
        elapsed = page.evaluate("""() => {
            const t0 = performance.now();
            for (let i = 0; i < 200; i++) document.querySelector('#next').click();
            return performance.now() - t0;
        }""")
        assert elapsed < 10_000
        page.focus("#slider")
        page.keyboard.press("End")
        assert view.now() == (view.total(), "return", 1)
        assert f"returns {empty_trace.result}" in view.text("#narration")
        assert view.problems == []
        assert all(url.split("#")[0] == view.url for url in view.requests)
    finally:
        view.close()


# ---- the page itself and the command ---------------------------------------------------


def test_the_page_is_self_contained_and_deterministic(tutorial_trace):
    html = render_html(tutorial_trace)
    assert html == render_html(tutorial_trace)
    assert not re.search(r"<(script|link|img|iframe)[^>]*\s(src|href)=\"(?!data:)", html)
    assert "default-src 'none'" in html
    for name, value in COLOURS.items():
        assert f"--{name}:{value};" in html
    assert "</script" not in html.split('id="trace-data">', 1)[1].split("</script>", 1)[0]


def test_trace_html_writes_only_the_page(cli, tmp_path):
    (tmp_path / "board.txt").write_text("X . O\nX . X\nO O .\n")
    result = cli("board.txt", "--html", "out.html", "-q")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out.html").read_text(encoding="utf-8")
    assert page == render_html(tracer.record(tracer.Board("X.OX.XOO."), "X"))
    assert not (tmp_path / "board.svg").exists()

    result = cli("board.txt", "--html", "again.html", "-o", "tree.dot", "--log", "log.txt")
    assert result.exit_code == 0
    assert (tmp_path / "again.html").exists() and (tmp_path / "tree.dot").exists()
    assert "#1 step 7" in (tmp_path / "log.txt").read_text(encoding="utf-8")

    result = cli("board.txt", "--html", "-")
    assert result.exit_code == 0
    assert result.stdout == page


def test_trace_render_html_from_a_saved_trace(cli, tmp_path):
    (tmp_path / "board.txt").write_text('["X", 1, "O", "X", 4, "X", "O", "O", 8]\n')
    assert cli("board.txt", "-o", "t.json", "-q").exit_code == 0
    result = cli("render", "t.json", "--html", "t.html", "--focus", "6", "--log", "t.log")
    assert result.exit_code == 0, result.output
    assert "wrote t.html (9 calls" in result.output
    page = (tmp_path / "t.html").read_text(encoding="utf-8")
    assert page == render_html(tracer.record(tracer.Board("X.OX.XOO."), "X"), start_call=6)


def test_bad_html_requests_write_nothing(cli, tmp_path):
    (tmp_path / "board.txt").write_text("X . O\nX . X\nO O .\n")
    result = cli("board.txt", "--html", "missing/out.html")
    assert result.exit_code == 2
    assert result.output.strip() == (
        "trace: error: --html: cannot write 'missing/out.html': the folder 'missing' does not exist"
    )
    # Refused before anything is written, the log on the terminal included.
    result = cli("board.txt", "--html", "p.html", "--focus", "10")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "trace: error: --focus: call 10 does not exist: calls run from 1 to 9\n"
    result = cli("board.txt", "--html", "-", "-o", "-")
    assert result.exit_code == 2
    assert "cannot both go to standard output" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.txt"]


def test_the_page_may_open_at_the_last_call_and_counts_calls_in_its_title(cli, tmp_path):
    # The guide's board makes 9 calls: the 9th is the last one the page can open at. A
    # finished board makes one call, and the title says so in the singular.
    (tmp_path / "board.txt").write_text("X.O\nX.X\nOO.\n")
    result = cli("board.txt", "--html", "p.html", "--focus", "9", "-q", "--no-tree")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert '"start_call":9' in page and "X to move (9 calls)</title>" in page
    (tmp_path / "over.txt").write_text("XXX\nOO.\n...\n")
    assert cli("over.txt", "--html", "o.html", "-q", "--no-tree").exit_code == 0
    assert "O to move (1 call)</title>" in (tmp_path / "o.html").read_text(encoding="utf-8")


def test_the_page_opens_at_the_focus_call(browser, pages, tutorial_trace):
    path = pages / "focus.html"
    path.write_text(render_html(tutorial_trace, start_call=6), encoding="utf-8")
    view = Viewer(browser, path).open()
    try:
        assert view.now()[1:] == ("begin", 6)
        view.page.goto(view.url + "#step=2")  # the fragment wins over the starting call
        view.page.reload()
        assert view.now() == (2, "empty", 1)
    finally:
        view.close()


# ---- issue 14: the code panel, colours on the page, keys, phones, print ---------------


def running_lines(view: Viewer) -> list[str]:
    return view.page.locator("#code-panel li.running").evaluate_all(
        "items => items.map(i => i.dataset.line)")


def variables(view: Viewer) -> dict[str, str]:
    names = view.page.locator("#code-panel dt").all_inner_texts()
    values = view.page.locator("#code-panel dd").all_inner_texts()
    return dict(zip(names, values, strict=True))


def test_the_code_panel_follows_the_steps_with_the_guides_variables(viewer, tutorial_trace):
    steps = expected_steps(tutorial_trace)
    view = viewer.open()
    assert running_lines(view) == ["first"]
    assert variables(view)["currBdSt"] == '["X", 1, "O", "X", 4, "X", "O", "O", 8]'
    assert variables(view)["currMark"].startswith('"X"')
    view.page.evaluate(f"tracerViewer.go({step_of(steps, 'place', 1)})")
    assert running_lines(view) == ["for", "current", "place", "recurse"]
    # currBdSt with the test-play placed, as in the guide's figure 5.
    assert variables(view)["currBdSt"] == '["X", "X", "O", "X", 4, "X", "O", "O", 8]'
    assert variables(view)["currentTestPlayInfo"] == "{index: 1}"
    view.page.evaluate(f"tracerViewer.go({step_of(steps, 'save', 2)})")
    assert running_lines(view) == ["score", "reset", "push"]
    assert variables(view)["allTestPlayInfos"] == "[{index: 4, score: -1}]"


def test_step_16s_loop_runs_as_sub_steps(viewer, tutorial_trace):
    steps = expected_steps(tutorial_trace)
    view = viewer.open()
    page = view.page
    page.evaluate(f"tracerViewer.go({step_of(steps, 'choose', 6)})")
    assert running_lines(view) == ["best", "start"]
    assert variables(view)["bestTestPlay"] == "null"
    assert variables(view)["bestScore"] == "+Infinity"  # O, the human, minimises
    page.click("#sub-next")
    assert running_lines(view) == ["loop", "if", "keep"]
    assert (variables(view)["i"], variables(view)["bestScore"], variables(view)["bestTestPlay"]) \
        == ("0", "+1", "0")
    page.click("#sub-next")
    assert (variables(view)["i"], variables(view)["bestScore"], variables(view)["bestTestPlay"]) \
        == ("1", "-1", "1")
    assert page.locator("#sub-next").is_disabled()
    page.click("#sub-prev")
    assert variables(view)["i"] == "0"


def test_the_last_step_says_what_the_overview_says(viewer):
    view = viewer.open()
    view.page.keyboard.press("End")
    narration = view.text("#narration")
    assert "allTestPlayInfos = [{index: 1, score: -1}, {index: 4, score: 1}, {index: 8, score: -1}]" \
        in narration
    assert "max(-1, +1, -1) = +1" in narration and "wins at once" in narration
    assert variables(view)["bestPlayInfo"] == "{index: 4, score: 1}"
    assert set(running_lines(view)) == {"return", "first", "use"}
    # Arrows carry the move and the score that came back; finished subtrees keep colours.
    labels = view.page.locator("#edges text").evaluate_all("ts => ts.map(t => t.textContent)")
    assert labels == ["X on 1 ↑ -1", "X on 4 ↑ +1", "X on 8 ↑ -1"]
    for call, kind in (("2", "loss"), ("5", "win"), ("6", "loss")):
        card = view.page.locator(f'#rows .card[data-call="{call}"]')
        assert card.evaluate("c => getComputedStyle(c).backgroundColor") == css_rgb(
            drawing.OUTCOME_FILL[kind])
    assert view.page.locator("#badge .figure-link").evaluate_all("ls => ls.map(l => l.hash)") == [
        "#overview", "#final-board"]
    assert view.page.locator("#rows .depth").first.inner_text().startswith("depth 0")


def test_each_step_links_its_figure(viewer, tutorial_trace):
    steps = expected_steps(tutorial_trace)
    view = viewer.open()

    def links() -> list[str]:
        return view.page.locator("#badge .figure-link").evaluate_all(
            "ls => ls.map(l => l.getAttribute('href'))")

    assert links() == ["index.html#tested-cell"]  # call #1 begins: figure 4's board
    view.page.evaluate(f"tracerViewer.go({step_of(steps, 'place', 1)})")
    assert links() == ["index.html#after-test-play", "index.html#test-play-1"]
    for call, figure in ((3, "test-play-1"), (5, "test-play-2"), (8, "test-play-3")):
        view.page.evaluate(f"tracerViewer.go({step_of(steps, 'begin', call)})")
        assert links() == [f"index.html#{figure}"]
    view.page.evaluate(f"tracerViewer.go({step_of(steps, 'choose', 1)})")
    assert links() == ["index.html#overview"]
    # Every step links at least one figure.
    for step in range(1, view.total() + 1):
        view.page.evaluate(f"tracerViewer.go({step})")
        assert links(), step


def test_figures_not_written_with_the_page_are_named_not_linked(browser, pages, tutorial_trace):
    """Issue 22: a link to a figures page that is not there is a dead link. A page written
    without its figures names the guide's figure and says how to write it; no link."""
    path = pages / "no-figures.html"
    path.write_text(render_html(tutorial_trace), encoding="utf-8")
    view = Viewer(browser, path).open()
    try:
        assert view.page.locator("#badge a").count() == 0
        named = view.page.locator("#badge .figure-link")
        assert named.evaluate_all("ls => ls.map(l => [l.tagName, l.textContent])") == [["SPAN", "figure 4"]]
        assert "--figures DIR --html PAGE" in named.first.get_attribute("title")
        # Said on the page too, not only in a tooltip a projector never shows: once, in the
        # legend, not again at every step (issue 34).
        assert view.page.locator("#badge .figure-howto").count() == 0
        howto = view.page.locator("#legend .figure-howto")
        assert howto.count() == 1 and "add --figures DIR" in howto.text_content()
    finally:
        view.close()


def test_a_forced_win_is_said_as_one(browser, pages):
    path = pages / "forced-win.html"
    path.write_text(render_html(trace_of("forced-win")), encoding="utf-8")
    view = Viewer(browser, path).open()
    try:
        view.page.keyboard.press("End")
        narration = view.text("#narration")
        assert "can force a win: on the chosen line the game ends after 3 moves" in narration
        assert "wins at once" not in narration
    finally:
        view.close()


def test_space_on_a_focused_button_presses_it(viewer):
    view = viewer.open()
    page = view.page
    page.focus("#next")
    page.keyboard.press(" ")
    assert view.now()[0] == 2
    assert "play" in page.inner_text("#play") and "pause" not in page.inner_text("#play")
    page.focus("#last")
    page.keyboard.press(" ")
    assert view.now()[0] == view.total()


def test_cells_are_big_enough_and_marks_centred(viewer):
    view = viewer.open()
    view.page.keyboard.press("End")
    boxes = view.page.locator("#rows .grid .cell").evaluate_all(
        "cells => cells.map(c => { const r = c.getBoundingClientRect(); return [r.width, r.height]; })")
    assert boxes and min(min(w, h) for w, h in boxes) >= 19.5
    centred = view.page.locator("#rows .grid .cell").first.evaluate(
        "c => { const s = getComputedStyle(c); return [s.justifyContent, s.alignItems]; }")
    assert centred == ["center", "center"]


@pytest.fixture
def phone(browser, tutorial_page: Path) -> Iterator[Viewer]:
    view = Viewer(browser, tutorial_page, viewport={"width": 390, "height": 700})
    yield view
    view.close()


def test_on_a_phone_arrows_scroll_and_the_controls_stay_small(phone):
    view = phone.open()
    page = view.page
    height = page.locator("#controls").bounding_box()["height"]
    assert height <= 0.3 * 700, height
    page.keyboard.press("ArrowDown")
    assert view.now()[:2] == (1, "begin")  # the call did not change
    view.wait_until("() => window.scrollY > 0")
    page.keyboard.press("ArrowRight")  # ← and → still step
    assert view.now()[0] == 2


def test_printing_gives_the_step_without_controls(viewer):
    view = viewer.open()
    page = view.page
    page.keyboard.press("End")
    page.emulate_media(media="print")
    assert not page.locator("#controls").is_visible()
    assert not page.locator("#legend .keys").is_visible()
    for part in ("#narration", "#tree", "#code-panel", "#stack"):
        assert page.locator(part).is_visible(), part
    assert page.evaluate("getComputedStyle(document.body).height") != "900px"
    assert page.pdf(format="A4").startswith(b"%PDF")


def test_both_winning_lines_are_drawn_and_named(viewer, tutorial_trace):
    steps = expected_steps(tutorial_trace)
    view = viewer.open()
    view.page.evaluate(f"tracerViewer.go({step_of(steps, 'check', 8)})")
    assert "three in a row on cells 3, 4, 5 and on cells 0, 4, 8" in view.text("#narration")
    running = view.page.locator("#stack .frame.running .grid .cell")
    bold = running.evaluate_all("cs => cs.map((c, i) => c.classList.contains('line') ? i : -1)"
                                ".filter(i => i >= 0)")
    assert bold == [0, 3, 4, 5, 8]  # the running frame's board: both lines, 3-4-5 and 0-4-8


# ---- the code panel of a variant search: its own lines and variables -------------------


@pytest.fixture
def open_variant(browser, pages: Path) -> Iterator:
    """``open_variant(example, algorithm, scores, order)``: the page of that search, open;
    at the end, checked for page errors and closed."""
    from tracer.cli import build_game, read_input
    from tracer.search import SearchSpec

    views: list[Viewer] = []

    def opener(example: str, algorithm: str, scores: str = "tutorial",
               order: str = "ascending") -> tuple[Viewer, Trace]:
        text, source = read_input(None, example)
        trace = SearchSpec(algorithm).run(build_game(text, source, ai="X", scores=scores, order=order))
        path = pages / f"panel-{example}-{algorithm}-{scores}-{order}.html"
        path.write_text(render_html(trace), encoding="utf-8")
        views.append(Viewer(browser, path).open())
        return views[-1], trace

    yield opener
    for view in views:
        try:
            assert view.problems == [], "the page logged problems"
        finally:
            view.close()


def panel_at(view: Viewer, step: int) -> tuple[list[str], dict[str, str]]:
    view.page.evaluate(f"tracerViewer.go({step})")
    return running_lines(view), variables(view)


def bound_text(value: int | None, low: bool) -> str:
    if value is None:
        return "-infinity" if low else "+infinity"
    return f"+{value}" if value > 0 else str(value)


def test_alphabeta_code_shows_the_window_and_each_cut(open_variant):
    view, trace = open_variant("near-endgame", "alphabeta")
    assert view.text("header h1") == "Alpha-beta (cutoff ge), step by step"
    code = view.text("#code-panel .code-lines")
    assert "def minimax(currBdSt, currMark, α, β):" in code
    assert "if currMark is O and bestSoFar ≤ α: break" in code
    assert variables(view)["α, β"] == "-infinity, +infinity"
    # Every call that cut: at the save of its last searched test-play, the cut line
    # runs, the window is not narrowed, and the pruned cells are the trace's.
    cuts = [c for c in trace if c.extra("pruned")]
    assert cuts
    for call in cuts:
        last = call.children()[-1]
        save = view.page.evaluate(f"tracerViewer.endOf({last.call})") + 1
        lines, found = panel_at(view, save)
        cut_line = "cutmax" if call.maximising else "cutmin"
        assert cut_line in lines and "alpha" not in lines and "beta" not in lines
        assert found["pruned"] == "[" + ", ".join(map(str, call.extra("pruned"))) + "]"
        assert found["allTestPlayInfos"].count("index:") == len(call.children())
    # A call entered with a narrowed window says so as it begins.
    for call in trace:
        lines, found = panel_at(view, view.page.evaluate(f"tracerViewer.beginOf({call.call})"))
        assert found["α, β"] == (f"{bound_text(call.extra('alpha'), True)}, "
                                 f"{bound_text(call.extra('beta'), False)}")


def test_memo_code_shows_each_cache_hit(open_variant):
    view, trace = open_variant("forced-draw", "memo")
    assert view.text("header h1") == "Memoised minimax, step by step"
    hits = [c for c in trace if c.extra("cache_hit")]
    assert hits
    for call in hits[:20]:
        end = view.page.evaluate(f"tracerViewer.endOf({call.call})")
        lines, found = panel_at(view, end)
        assert lines == ["cache"]
        assert found["cache"] == f"hit: call #{call.extra('cached_from')} scored this board at this depth"
        assert "allTestPlayInfos" not in found and "availCellsIndexes" not in found
        # The hit returns the earlier call's answer, move and all, as the log writes it.
        earlier = trace.call(call.extra("cached_from")).returned
        move = "" if earlier.index is None else f"index: {earlier.index}, "
        assert found["returns"] == f"{{{move}score: {call.score}}}"
    assert "cache[currBdSt, depth] = allTestPlayInfos[bestTestPlay]" in view.text("#code-panel .code-lines")


def test_a_loop_order_shows_in_the_code_and_the_test_plays(open_variant):
    view, trace = open_variant("o-to-move", "minimax", order="centre-first")
    assert "# in the loop's order: 4, 0, 2, 6, 8, 1, 3, 5, 7" in view.text("#code-panel .code-lines")
    root = trace.root
    _lines, found = panel_at(view, 2)  # call 1 lists its empty cells
    order = [4, 0, 2, 6, 8, 1, 3, 5, 7]
    empty = [i for i in order if trace.game.board.cells[i] == "."]
    assert found["availCellsIndexes"] == "[" + ", ".join(map(str, empty)) + "]"
    # Each test-play of call 1 is the trace's, in the trace's order.
    for child in root.children():
        place = view.page.evaluate(f"tracerViewer.beginOf({child.call})") - 1
        _lines, found = panel_at(view, place)
        assert found["currentTestPlayInfo"] == f"{{index: {child.move}}}"


def test_a_textbook_trees_code_panel_speaks_of_nodes_and_values(open_variant):
    view, trace = open_variant("aima-5.2", "minimax")
    game = trace.game
    assert view.page.locator("#code-section").is_visible()
    assert "def minimax(node, player):" in view.text("#code-panel .code-lines")
    for call in trace:
        lines, found = panel_at(view, view.page.evaluate(f"tracerViewer.endOf({call.call})"))
        assert found["node"] == game.label(call.state)
        assert found["player"].startswith(f'"{game.player(call.state)}"')
        if not call.children():  # a leaf returns its value at once
            assert lines == ["leaf"] and found["returns"] == f"{{value: {call.score}}}"
        else:
            best = game.label(call.best)
            assert found["returns"] == f"{{child: {best}, value: {call.score}}}"
            assert found["allTestPlayInfos"] == "[" + ", ".join(
                f"{{child: {game.label(c.move)}, value: {c.score}}}" for c in call.children()) + "]"
    _lines, found = panel_at(view, view.total())
    assert found["bestPlayInfo"] == "{child: B, value: 3}"  # Russell & Norvig's answer


def test_a_textbook_trees_cuts_name_the_pruned_nodes(open_variant):
    view, trace = open_variant("aima-5.2", "alphabeta")
    game = trace.game
    assert "def minimax(node, player, α, β):" in view.text("#code-panel .code-lines")
    c = next(c for c in trace.root.children() if game.label(c.move) == "C")
    save = view.page.evaluate(f"tracerViewer.endOf({c.children()[-1].call})") + 1
    lines, found = panel_at(view, save)
    assert found["pruned"] == "[C.2, C.3]" and "cutmin" in lines
    assert "so C.2 and C.3 are not test-played (pruned)" in view.text("#narration")
    assert view.text("#rows .chip.pruned") == "C.2 and C.3: not searched (pruned)"


# ---- text from a trace is data, never markup or script (issue 24) ---------------------------

HOSTILE = '<img src=x onerror="alert(document.domain)"><b>bold</b>'


def test_text_from_a_trace_is_shown_as_text_and_never_runs(browser, pages):
    """The tree reader takes labels of letters, digits and dots; a tree made through the
    Python API can still hold any text in its labels, and the page must show it as text:
    in the story, the tree, the stack and the code panel."""
    from tracer.games.tree.game import GameTree
    from tracer.games.tree.notation import TreeNodes
    from tracer.search import SearchSpec

    tree = GameTree.parse(examples.read("aima-5.2"), "MAX", "example:aima-5.2")
    given = tree.nodes
    nodes = TreeNodes([f"{HOSTILE}{i}" for i in range(len(given))], given.children, given.values, given.parents,
                      given.depths, given.written)
    hostile = SearchSpec("alphabeta").run(GameTree(nodes, "MAX", "hostile"))
    path = pages / "hostile.html"
    path.write_text(render_html(hostile), encoding="utf-8")
    view = Viewer(browser, path)
    dialogs: list[str] = []
    view.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        view.open("#step=2")
        for step in range(1, view.total() + 1):
            view.page.evaluate(f"tracerViewer.go({step})")
            assert view.page.locator("#story img, #story b:text-is('bold'), #stack img, #tree img, "
                                     "#code-panel img").count() == 0
        view.page.evaluate("tracerViewer.go(1)")
        assert f"node {HOSTILE}0" in view.text("#narration")  # shown, as the characters it is
        assert f"{HOSTILE}0" in view.text("#stack") and f"{HOSTILE}0" in view.text("#rows")
        assert f"{HOSTILE}0" in view.text("#code-panel .vars")
        assert dialogs == [] and view.problems == []
    finally:
        view.close()


def test_the_pages_policy_runs_only_its_own_scripts(browser, tutorial_page, tutorial_trace):
    """Even markup that reached the page could not run: the policy names a hash for each
    script the page ships, and no 'unsafe-inline'."""
    html = render_html(tutorial_trace)
    policy = re.search(r'Content-Security-Policy" content="([^"]*)"', html).group(1)
    script_src = next(part for part in policy.split(";") if part.strip().startswith("script-src"))
    sources = script_src.split()[1:]
    assert sources and all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", s) for s in sources)
    assert len(sources) == len(re.findall(r"<script>", html))
    view = Viewer(browser, tutorial_page)
    dialogs: list[str] = []
    view.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        view.open()
        view.page.evaluate("""() => {
            document.getElementById("narration").innerHTML = '<img src=x onerror="alert(1)">';
            const s = document.createElement("script"); s.textContent = "alert(2)";
            document.body.appendChild(s);
        }""")
        view.page.wait_for_timeout(200)
        assert dialogs == []
        assert any("Content Security Policy" in p for p in view.problems)  # blocked, and said so
    finally:
        view.close()
