"""Each output tells the same truth as the others (issue 34): a cache hit's answer, the figures'
numbers and titles, the mark a learner's program did not take back, a textbook tree's legend, and
Nim's objects drawn as circles."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from page_steps import PageSteps

from tracer import examples, style
from tracer.cli import build_game
from tracer.renderers.log import render_log
from tracer.search import SearchSpec

LEARNERS = Path(__file__).parent / "learners"


def traced(name: str, algorithm: str = "minimax", cutoff: str | None = None):
    game = build_game(examples.read(name).encode(), f"example:{name}")
    return SearchSpec(algorithm, cutoff).run(game) if cutoff else SearchSpec(algorithm).run(game)


@pytest.mark.parametrize("name", ["o-to-move", "forced-draw", "must-block"])
def test_a_cache_hit_returns_on_the_page_what_the_log_says(name):
    """The log's ``cache hit: call N ... return {index: 6, score: 1}`` is the page's answer too."""
    trace = traced(name, "memo")
    hits = [c for c in trace if c.extra("cache_hit")]
    assert hits
    log = render_log(trace)
    steps = PageSteps(trace)
    told: dict[int, str] = {}
    for n in range(1, len(steps) + 1):
        number = steps.step(n).top.call
        told[number] = told.get(number, "") + " " + steps.narration(n)
    for call in hits:
        source = trace.call(call.extra("cached_from"))
        # The answer the earlier call returned, as the guide's object: its move, if any, and score.
        answer = (f"{{index: {source.returned.index}, score: {call.score}}}" if source.returned.index is not None
                  else f"{{score: {call.score}}}")
        assert f"call {source.call} already computed this position: return {answer}" in log
        assert f"its answer, {answer}," in told[call.call], told[call.call]


def test_the_figures_number_every_test_play_and_the_contents_match_the_drawings(cli, tmp_path):
    result = cli("--example", "forced-win", "--no-tree", "-q", "--figures", "figs")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "figs" / "index.html").read_text(encoding="utf-8")
    contents = dict(re.findall(r'<li><a href="#([\w-]+)">(.*?)</a></li>', page))
    plays = sorted(name for name in contents if name.startswith("test-play-"))
    assert len(plays) == 5  # the board has five empty cells
    numbers = []
    for name, listed in contents.items():
        drawn = (tmp_path / "figs" / f"{name}.svg").read_text(encoding="utf-8")
        first_text = html.unescape(re.sub(r"<[^>]+>", "", re.search(r"<text[^>]*>.*?</text>", drawn).group(0)))
        assert html.unescape(listed) == first_text, name  # the contents say what the drawing's title says
        number = re.match(r"Figure (\w+)", first_text)
        assert number is not None, f"{name} has no figure number: {first_text}"
        numbers.append(number.group(1))
    # The guide's 4 to 10, the test-plays past its third between its 8 and 9, each once.
    assert numbers == ["4", "5", "6", "7", "8", "8a", "8b", "9", "10"]
    headings = re.findall(r"<h2[^>]*>(Figure [^<·]+?)(?: ·|<)", page)
    assert [h.split()[1] for h in headings] == numbers


def test_the_learner_tree_shows_a_mark_not_taken_back_in_red(cli, tmp_path):
    """The program that does not undo its test-play: call #4's board differs from its caller's in
    two cells (the new mark and the one left behind); both are red, as the step page shows them."""
    port = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")
    buggy = tmp_path / "guide_bug.py"
    buggy.write_text("".join(line for line in port.splitlines(keepends=True)
                             if 'board[cell] = play["index"]' not in line), encoding="utf-8")
    result = cli("check", str(buggy), "-o", "tree.dot")
    assert result.exit_code == 1, result.output
    source = (tmp_path / "tree.dot").read_text(encoding="utf-8")
    boards = board_cells(source)
    # A plain reference: each call's board from the DOT, its caller's from the edges.
    parents = {int(child): int(parent) for parent, child in re.findall(r"\bn(\d+) -> n(\d+)", source)}
    assert boards[4][0] == "XXOXOXOOO"
    for call, (cells, red) in boards.items():
        if call not in parents:
            assert red == set(), call
            continue
        before = boards[parents[call]][0]
        changed = {i for i in range(9) if before[i] != cells[i] and cells[i] in "XO"}
        assert red == changed, (call, before, cells)
    assert boards[4][1] == {4, 8}


def board_cells(source: str) -> dict[int, tuple[str, set[int]]]:
    """Per call drawn in a DOT: its nine cells (``.`` for empty) and the cells filled in red."""
    found = {}
    for number, label in re.findall(r"\bn(\d+) \[label=<(.*?)>\]\n", source):
        cells = re.findall(r'<TD WIDTH="24" HEIGHT="24" FIXEDSIZE="TRUE"([^>]*)><FONT[^>]*>(.*?)</FONT></TD>', label)
        if len(cells) != 9:
            continue
        marks = "".join(m if m in "XO" else "." for _, m in ((a, re.sub(r"<[^>]+>", "", b)) for a, b in cells))
        red = {i for i, (attrs, _) in enumerate(cells) if f'BGCOLOR="{style.PLAYED_FILL}"' in attrs}
        found[int(number)] = (marks, red)
    return found


def test_the_textbook_legend_describes_its_cards_as_drawn(browser, cli, tmp_path):
    result = cli("--example", "aima-5.2", "--algorithm", "alphabeta", "--html", "aima.html", "-q", "--no-tree")
    assert result.exit_code == 0, result.output
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto((tmp_path / "aima.html").resolve().as_uri() + "#step=999999")
        page.wait_for_selector("#story[data-step]")
        seen = page.evaluate("""() => ({
            cards: [...document.querySelectorAll('#tree .card.summary')]
                .map((c) => getComputedStyle(c).backgroundColor),
            swatch: getComputedStyle(document.querySelector('#legend .sw.summary')).backgroundColor,
            words: document.querySelector('#legend .sw.summary').parentElement.textContent})""")
        assert seen["cards"], "no finished subtree drawn"
        assert set(seen["cards"]) == {seen["swatch"]}, seen
        assert "coloured" not in seen["words"] and "white" in seen["words"], seen["words"]
    finally:
        page.close()


def test_nim_objects_are_circles_in_chromium(browser, cli, tmp_path):
    """Each ● or ○ keeps its own width: the text's measured length covers its spaces too, so
    the browser does not stretch the glyph over a space it dropped."""
    result = cli("--example", "nim", "-o", "nim.svg", "-q")
    assert result.exit_code == 0, result.output
    page = browser.new_page()
    try:
        page.goto((tmp_path / "nim.svg").resolve().as_uri())
        scales = page.evaluate("""() => [...document.querySelectorAll('text[textLength]')].flatMap((t) => {
            const at = [...t.textContent].findIndex((c) => c === '●' || c === '○');
            if (at < 0) return [];
            const plain = t.cloneNode(true);
            plain.removeAttribute('textLength');
            t.parentNode.appendChild(plain);
            const scale = t.getExtentOfChar(at).width / plain.getExtentOfChar(at).width;
            plain.remove();
            return [[t.textContent, scale]];
        })""")
    finally:
        page.close()
    assert len(scales) > 10
    assert any(words != words.strip() for words, _ in scales)  # the case of the review: "● "
    stretched = [(words, round(scale, 2)) for words, scale in scales if not 0.85 <= scale <= 1.18]
    assert stretched == []


def test_the_game_pages_step_through_legend_lists_only_the_outcomes_it_draws(browser, tmp_path):
    """The game page shares one legend among its moves' step-throughs: each lists a win, a loss
    or a draw only where its tree colours one at some step (the late moves, walked step by step)."""
    from test_game_browser import GamePage, lowest_cell, play_out

    from tracer.play.page import render_game_page

    path = tmp_path / "game.html"
    path.write_text(render_game_page(), encoding="utf-8")
    game = GamePage(browser, path)
    try:
        play_out(game, "X", "human", lowest_cell)
        moves = game.page.locator("#moves li button.step-through")
        walked, dropped = 0, 0
        for index in range(moves.count()):
            moves.nth(index).click()
            game.page.frame_locator("#steps-frame").locator("#story[data-step]").wait_for()
            [inner] = [f for f in game.page.frames if f.url.startswith("about:srcdoc")]
            found = inner.evaluate("""() => {
                const drawn = new Set();
                if (tracerViewer.total > 400) return null;  // walked whole: the late moves
                for (let n = 1; n <= tracerViewer.total; n++) {
                    tracerViewer.go(n);
                    for (const c of document.querySelectorAll('#tree .card')) c.classList.forEach((k) => drawn.add(k));
                }
                return {listed: [...document.querySelectorAll('#legend .sw')].map((s) => s.classList[1]),
                        drawn: [...drawn]};
            }""")
            game.page.click("#close-steps")
            if found is None:
                continue
            walked += 1
            listed = {k for k in ("win", "loss", "draw") if k in found["listed"]}
            drawn = {k for k in ("win", "loss", "draw") if k in found["drawn"]}
            assert listed == drawn, (index, listed, drawn)
            dropped += len({"win", "loss", "draw"} - listed)
        assert walked >= 1 and dropped >= 1  # a late move whose tree holds some outcomes, not all
    finally:
        game.close()
