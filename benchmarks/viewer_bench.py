"""How fast the step-by-step viewer steps through the empty board's 549,946 calls.

Run from the repository root:  .venv/bin/python benchmarks/viewer_bench.py
Needs Debian's chromium at /usr/bin/chromium and Playwright's Python package.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

import tracer
from tracer.renderers.html import render_html

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# Each figure is measured inside the page: the time from a control's action until
# the page has drawn the step (narration, tree, stack), and then until the next
# frame is painted.
MEASURE = """async ([what, count]) => {
  const story = document.querySelector('#story');
  const next = document.querySelector('#next');
  const slider = document.querySelector('#slider');
  const total = tracerViewer.total;
  const calls = %d;
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) %% 2147483648) / 2147483648;
  const sync = [], painted = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    if (what === 'next step') next.click();
    else if (what === 'next call') document.querySelector('#next-call').click();
    else if (what === 'jump to a call') {
      document.querySelector('#call-input').value = 1 + Math.floor(random() * calls);
      document.querySelector('#jump').requestSubmit();
    } else if (what === 'slider anywhere') {
      slider.value = 1 + Math.floor(random() * total);
      slider.dispatchEvent(new Event('input'));
    } else if (what === 'slider to the end') {
      slider.value = i %% 2 ? 1 : total;
      slider.dispatchEvent(new Event('input'));
    }
    const t1 = performance.now();
    await frame();
    sync.push(t1 - t0);
    painted.push(performance.now() - t0);
  }
  return [sync, painted, Number(story.dataset.step)];
}"""


def main() -> int:
    t0 = time.perf_counter()
    trace = tracer.record(tracer.Board.empty(), "X")
    t1 = time.perf_counter()
    html = render_html(trace)
    t2 = time.perf_counter()
    print(f"empty board: {trace.calls:,} calls; search {t1 - t0:.2f} s, page built in "
          f"{t2 - t1:.2f} s, {len(html.encode()) / 1024:.0f} KiB")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "empty.html"
        path.write_text(html, encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            start = time.perf_counter()
            page.goto(path.as_uri())
            page.wait_for_selector("#story[data-step]")
            loaded = time.perf_counter() - start
            total = page.evaluate("tracerViewer.total")
            print(f"page opened and first step drawn in {loaded * 1000:.0f} ms; "
                  f"{total:,} steps on the slider")
            page.evaluate("tracerViewer.go(tracerViewer.beginOf(300000))")  # a deep, busy spot
            print(f"{'action':18} {'count':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"
                  f" {'with paint':>11}")
            for what, count in [("next step", 500), ("next call", 300), ("jump to a call", 300),
                                ("slider anywhere", 300), ("slider to the end", 100)]:
                sync, painted, _ = page.evaluate(MEASURE % trace.calls, [what, count])
                p95 = statistics.quantiles(sync, n=20)[-1]
                print(f"{what:18} {count:6} {statistics.median(sync):10.2f} {p95:8.2f} "
                      f"{max(sync):8.2f} {statistics.median(painted):11.2f}")
            # Keys pressed through Playwright: includes the round trip to the browser.
            page.evaluate("tracerViewer.go(tracerViewer.beginOf(300000))")
            start = time.perf_counter()
            presses = 200
            for _ in range(presses):
                page.keyboard.press("ArrowRight")
            per_key = (time.perf_counter() - start) / presses
            print(f"ArrowRight pressed from Python (round trip included): "
                  f"{per_key * 1000:.1f} ms per step")
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
