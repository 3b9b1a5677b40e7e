"""Shared fixtures: the tutorial's trace, the CLI runner, the tutorial's JavaScript, a browser."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import tracer
from tracer.cli import main

ROOT = Path(__file__).resolve().parent.parent
#: Where the guide's text (with its JavaScript) is looked for unless --guide-js or
#: $TRACER_GUIDE_JS says otherwise. The project cannot ship it.
DEFAULT_GUIDE = ROOT.parent / "shared" / "seeds" / "000_4cf438207b6b2bfc.txt"
GUIDE_VARIABLE = "TRACER_GUIDE_JS"
GOLDEN = Path(__file__).resolve().parent / "golden"

TUTORIAL_BOARD = "X.OX.XOO."
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the expected-output files in tests/golden instead of comparing",
    )
    parser.addoption(
        "--guide-js", metavar="PATH", default=None,
        help=f"the guide's text, for the guide_js tests (default: ${GUIDE_VARIABLE}, else {DEFAULT_GUIDE})",
    )
    parser.addoption(
        "--require-guide-js", action="store_true",
        help="fail the guide_js tests when the guide's text is missing (the default when CI=true)",
    )


def guide_path(config: pytest.Config) -> Path:
    """The guide's text: --guide-js, else $TRACER_GUIDE_JS, else ../shared beside the repository."""
    given = config.getoption("--guide-js") or os.environ.get(GUIDE_VARIABLE)
    return Path(given) if given else DEFAULT_GUIDE


def guide_required(config: pytest.Config) -> bool:
    return bool(config.getoption("--require-guide-js")) or os.environ.get("CI", "").lower() == "true"


def chromium_path() -> Path:
    """The browser the page tests drive: $TRACER_CHROMIUM, else Debian's chromium."""
    return Path(os.environ.get("TRACER_CHROMIUM", CHROMIUM))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out (deselect, not skip) the tests whose outside help is missing.

    Three named groups need something this project cannot install with pip: the
    guide_js tests need the guide's own text (and node), the node tests (JavaScript
    programs that ``trace check`` runs) need node, the browser tests a Chromium. On a
    machine without it they are left out, and one line at the end says so and how to
    run them; where they are required (CI), they stay and fail loudly instead.
    """
    groups = {
        "guide_js": (lambda item: item.get_closest_marker("guide_js") is not None,
                     guide_path(config).is_file()),
        "node": (lambda item: (item.get_closest_marker("node") is not None
                               and item.get_closest_marker("guide_js") is None),
                 shutil.which("node") is not None),
        "browser": (lambda item: "browser" in getattr(item, "fixturenames", ()),
                    chromium_path().exists()),
    }
    left_out: dict[str, int] = {}
    for name, (belongs, available) in groups.items():
        if available or required(config):
            continue
        mine = [item for item in items if belongs(item)]
        if mine:
            config.hook.pytest_deselected(items=mine)
            items[:] = [item for item in items if not belongs(item)]
        left_out[name] = len(mine)
    config.stash[LEFT_OUT] = left_out


LEFT_OUT = pytest.StashKey[dict[str, int]]()


def required(config: pytest.Config) -> bool:
    """Whether every group must run (CI): a missing guide or browser then fails its tests."""
    return guide_required(config)


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """One line per group left out, saying how to run it."""
    left_out = config.stash.get(LEFT_OUT, {})
    if left_out.get("guide_js"):
        terminalreporter.write_line(
            f"{left_out['guide_js']} tests against the guide's JavaScript were not run: the guide's "
            f"text {guide_path(config)} was not found; run them with --guide-js PATH or "
            f"{GUIDE_VARIABLE}=PATH (they need node)",
            yellow=True,
        )
    if left_out.get("node"):
        terminalreporter.write_line(
            f"{left_out['node']} tests of JavaScript programs (trace check) were not run: node was not "
            "found on the PATH; install Node.js to run them",
            yellow=True,
        )
    if left_out.get("browser"):
        terminalreporter.write_line(
            f"{left_out['browser']} browser tests were not run: no Chromium at {chromium_path()}; "
            f"install one (Debian: apt-get install chromium) or set TRACER_CHROMIUM=PATH",
            yellow=True,
        )


@pytest.fixture
def golden(request: pytest.FixtureRequest):
    """``golden(name, text)``: compare ``text`` with tests/golden/NAME (or rewrite it)."""
    update = request.config.getoption("--update-golden")

    def check(name: str, text: str) -> None:
        path = GOLDEN / name
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            return
        assert path.exists(), f"missing golden file {path}; run pytest --update-golden"
        assert text == path.read_text(encoding="utf-8"), f"output differs from {path}"

    return check


@pytest.fixture(scope="session")
def tutorial_trace() -> tracer.Trace:
    """The tutorial's near-endgame board, X (the AI) to move."""
    return tracer.record(tracer.Board(TUTORIAL_BOARD), "X")


@pytest.fixture(scope="session")
def empty_trace() -> tracer.Trace:
    """The empty board, X to move: 549,946 calls."""
    return tracer.record(tracer.Board.empty(), "X")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def cli(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """``cli(*args, input=None)`` runs ``trace`` inside tmp_path and returns the click Result."""
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str, input: str | bytes | None = None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


@pytest.fixture(scope="session")
def tutorial_js(pytestconfig: pytest.Config) -> str:
    """The tutorial's complete JavaScript: the last ```js block of the guide's text (never copied here)."""
    guide = guide_path(pytestconfig)
    if not guide.is_file():
        pytest.fail(f"the guide's text {guide} is missing: give it with --guide-js PATH or {GUIDE_VARIABLE}")
    blocks = re.findall(r"```js\n(.*?)```", guide.read_text(encoding="utf-8"), re.S)
    assert blocks, "no ```js block in the tutorial seed"
    return blocks[-1]


@pytest.fixture(scope="session")
def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.fail("node is required to run the tutorial's JavaScript (install nodejs)")
    return path


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """A headless Debian Chromium driven by Playwright (installed by .ci/run)."""
    from playwright.sync_api import sync_playwright

    if not chromium_path().exists():
        pytest.fail(f"{chromium_path()} is missing: apt-get install chromium (or set TRACER_CHROMIUM)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium_path()), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
