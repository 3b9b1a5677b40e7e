"""The pages work alike in Chromium and Firefox where the two browsers differ.

Firefox (as a desktop Chromium does) gives a scrollbar its own room, so ``100vw`` is wider
than the page; its default size for a bare ``monospace`` is its own; and its script engine
is another. Each page is opened in both browsers (Firefox over WebDriver BiDi, with only
the page calls both offer) and measured there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tracer.play.page import render_game_page

#: Wait (in the page) until ``test()`` gives something, or fail after ten seconds.
UNTIL = """const until = async (test) => {
    for (let i = 0; i < 200; i++) { const v = test(); if (v) return v; await new Promise(r => setTimeout(r, 50)); }
    throw new Error('timed out waiting for ' + test);
  };"""

#: Play Game, answer the AI's opening in the first free cell, and open the step-through
#: of the AI's reply; then where its dialog stands in the window.
OPEN_STEPS = """async () => {
  /*until*/
  await until(() => window.tracerGame);  // the page's data read
  document.getElementById('play-game').click();
  const free = await until(() => document.querySelector('#moves .step-through')
    && [...document.querySelectorAll('#board [data-cell]')].find(cell => !cell.textContent.trim()));
  free.click();
  await until(() => document.querySelectorAll('#moves .step-through').length === 2);
  [...document.querySelectorAll('#moves .step-through')][1].click();
  const frame = document.getElementById('steps-frame');
  await until(() => frame.contentDocument && frame.contentDocument.querySelector('#story[data-step]'));
  const box = document.getElementById('steps').getBoundingClientRect();
  const page = document.documentElement;
  return {left: box.left, top: box.top, right: page.clientWidth - box.right, bottom: page.clientHeight - box.bottom,
          where: frame.contentDocument.getElementById('where').textContent};
}""".replace("/*until*/", UNTIL)


@pytest.fixture(scope="module")
def game_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("game") / "game.html"
    path.write_text(render_game_page(), encoding="utf-8")
    return path


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["phone", "laptop"])
def test_the_step_through_dialog_keeps_a_margin_inside_the_window(each_browser, game_path, size):
    # The dialog is the window less 1rem, centred: 8px of the game on every side, whatever
    # room a scrollbar takes (100vw counted it, and the dialog ran under Firefox's).
    page = each_browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(game_path.resolve().as_uri())
        seen = page.evaluate(OPEN_STEPS)
    finally:
        page.close()
    assert seen.pop("where").startswith("Step 1 of ")
    assert all(7 <= margin <= 9 for margin in seen.values()), seen


@pytest.mark.parametrize(("args", "page", "selector", "size"), [
    (["compare", "--example", "near-endgame", "--html", "c.html"], "c.html", "table.compare td", 0.8 * 16),
    (["--example", "near-endgame", "--figures", "figs"], "figs/index.html", "code", 13),
], ids=["compare-table", "figures-code"])
def test_monospace_words_have_the_size_the_page_names(each_browser, cli, tmp_path, args, page, selector, size):
    # A bare monospace is 13px in Chromium and 12px in Firefox (the compare table, at .85em of
    # it, was 10px in Firefox): each page names its monospace font and size in rem.
    assert cli(*args).exit_code == 0
    tab = each_browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        tab.goto((tmp_path / page).resolve().as_uri())
        sizes = tab.evaluate(f"""() => ['body', '{selector}'].map(
          selector => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize))""")
    finally:
        tab.close()
    assert sizes == [16, size]


#: Step 20 times, then turn the quiz on and answer its first question with its first choice.
STEP_AND_QUIZ = """async () => {
  /*until*/
  for (let i = 0; i < 20; i++) document.getElementById('next').click();
  const quiz = [...document.querySelectorAll('button')].find(b => b.textContent.trim() === 'quiz');
  quiz.click();
  const choice = await until(() => document.querySelector('#quiz-choices button'));
  choice.click();
  const feedback = await until(() => document.getElementById('quiz-feedback').textContent.trim());
  return [document.getElementById('where').textContent, feedback];
}""".replace("/*until*/", UNTIL)


@pytest.mark.parametrize("args", [
    ["--example", "near-endgame"],
    ["--example", "cutoffs-differ", "--algorithm", "alphabeta", "--cutoff", "gt"],
], ids=["guide", "cutoffs-gt"])
def test_the_step_through_runs_in_firefox_without_a_script_error(firefox, cli, tmp_path, args):
    assert cli(*args, "--html", "s.html").exit_code == 0
    page = firefox.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto((tmp_path / "s.html").resolve().as_uri())
        where, feedback = page.evaluate(STEP_AND_QUIZ)
        problems = page.problems()
    finally:
        page.close()
    assert where.startswith("Step ") and feedback
    assert problems == []


def test_the_game_and_compare_pages_run_in_firefox_without_a_script_error(firefox, cli, tmp_path, game_path):
    assert cli("compare", "--example", "near-endgame", "--html", "c.html").exit_code == 0
    problems = []
    for path, script in [(game_path, OPEN_STEPS), (tmp_path / "c.html", "() => document.title")]:
        page = firefox.new_page(viewport={"width": 1280, "height": 800})
        try:
            page.goto(path.resolve().as_uri())
            assert page.evaluate(script)
            problems += page.problems()
        finally:
            page.close()
    assert problems == []
