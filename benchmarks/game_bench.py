"""The game page (`trace play --html`): its size, how fast it opens, and the AI's first move.

Run from the repository root:  .venv/bin/python benchmarks/game_bench.py
Needs Debian's chromium at /usr/bin/chromium and Playwright's Python package.
"""

from __future__ import annotations

import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tracer.play.page import game_data, render_game_page
from tracer.renderers.quiz import build_settings

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
RUNS = 9

# Measured inside the page: from the button's click until the board shows the AI's
# mark (the click handler draws synchronously), then until the next frame is painted.
FIRST_MOVE = """async (button) => {
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const t0 = performance.now();
  document.querySelector(button).click();
  if (button === '#new-game') document.querySelector('[data-cell="4"]').click();
  const t1 = performance.now();
  await frame();
  return [t1 - t0, performance.now() - t0, tracerGame.board()];
}"""

# On a phone-sized window: the first contentful paint, the moment the page's data was
# read (inflated and parsed: the buttons work from then on), both from navigation start.
OPENED = """() => [performance.getEntriesByName('first-contentful-paint')[0].startTime,
  performance.getEntriesByName('tracer-game-ready')[0].startTime]"""
PHONE = {"width": 360, "height": 740}

# From the click on a decision's "Step through" until the viewer in the frame has drawn
# its first step (the subtree is copied out of the graph, the frame's page is built).
OPEN_STEPS = """async () => {
  const t0 = performance.now();
  document.querySelector('#moves li[data-move="1"] button.step-through').click();
  const frame = document.querySelector('#steps-frame');
  for (;;) {
    const story = frame.contentDocument && frame.contentDocument.querySelector('#story[data-step]');
    if (story) break;
    await new Promise(r => setTimeout(r, 1));
  }
  return performance.now() - t0;
}"""

# Inside that frame: the quiz's questions built from the decision's rows (quizbuild.js),
# as the frame's quiz does once as it loads.
BUILD_QUIZ = """settings => {
  const t0 = performance.now();
  const quiz = tracerBuildQuiz(settings);
  return [performance.now() - t0, quiz.questions.length];
}"""


def main() -> int:
    t0 = time.perf_counter()
    data = game_data()
    t1 = time.perf_counter()
    html = render_game_page()
    t2 = time.perf_counter()
    size = len(html.encode("utf-8"))
    rows = sum(len(data["columns"][g["positions"]["boards"]]) for g in data["graphs"])
    print(f"{len(data['graphs'])} recorded searches ({rows:,} position rows, {len(data['columns'])} "
          f"distinct columns) and alpha-beta's decisions ("
          + ", ".join(f"{g['ai']}/{g['scores']}: {len(g['roots'])} boards, {len(g['variant']['alpha']):,} rows"
                      for g in data["decisions"])
          + f"): recorded in {t1 - t0:.2f} s; page built (recording included) in {t2 - t1:.2f} s")
    print(f"page: {size / 1024:.0f} KiB ({len(gzip.compress(html.encode('utf-8'))) / 1024:.0f} KiB gzipped)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.html"
        path.write_text(html, encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            loads, moves, painted, replies, steps, quizzes = [], [], [], [], [], []
            phone: list[tuple[float, float, float]] = []
            for _ in range(RUNS):
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                start = time.perf_counter()
                page.goto(path.as_uri())
                page.wait_for_selector("#status:not(:empty)")
                loads.append((time.perf_counter() - start) * 1000)
                sync, paint, board = page.evaluate(FIRST_MOVE, "#play-game")
                assert board == "X........", board
                moves.append(sync)
                painted.append(paint)
                steps.append(page.evaluate(OPEN_STEPS))
                [frame] = [f for f in page.frames if f.url.startswith("about:srcdoc")]
                built, asked = frame.evaluate(BUILD_QUIZ, build_settings())
                quizzes.append(built)
                page.close()
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(path.as_uri())
                page.wait_for_selector("#status:not(:empty)")
                sync, _paint, board = page.evaluate(FIRST_MOVE, "#new-game")
                assert board == "X...O....", board
                replies.append(sync)
                page.close()
                phone.append(phone_run(browser, path))
            browser.close()
    print(f"median of {RUNS} fresh pages:")
    print(f"  page opened, ready to play            {statistics.median(loads):7.1f} ms")
    print(f"  Play Game: the AI's opening move shown {statistics.median(moves):7.1f} ms "
          f"({statistics.median(painted):.1f} ms with paint)")
    print(f"  New Game, cell 4: the AI's reply shown {statistics.median(replies):7.1f} ms")
    print(f"  step-through of the opening move open  {statistics.median(steps):7.1f} ms "
          f"(549,946 calls)")
    print(f"  its quiz built from the rows           {statistics.median(quizzes):7.1f} ms "
          f"({asked} questions, down to depth 2)")
    paint, ready, first = (statistics.median(run[i] for run in phone) for i in range(3))
    print(f"on a phone ({PHONE['width']}x{PHONE['height']}), from navigation start:")
    print(f"  first contentful paint                 {paint:7.1f} ms")
    print(f"  data read, Play Game works             {ready:7.1f} ms")
    print(f"  Play Game: the AI's opening move shown {first:7.1f} ms after the click")
    return 0


def phone_run(browser, path: Path) -> tuple[float, float, float]:
    """A fresh page on a phone-sized window: its first paint, when its data was read, and
    the AI's opening move after Play Game (ms)."""
    page = browser.new_page(viewport=PHONE)
    page.goto(path.as_uri())
    page.wait_for_selector("#status:not(:empty)")
    paint, ready = page.evaluate(OPENED)
    _sync, painted, board = page.evaluate(FIRST_MOVE, "#play-game")
    assert board == "X........", board
    page.close()
    return paint, ready, painted


if __name__ == "__main__":
    sys.exit(main())
