"""Shared fixtures (the tutorial's trace, the CLI runner, the guide's JavaScript, the browsers), the
groups of tests, and the tests left out where what they need is missing.

The groups (docs/development.md; ``bash scripts/test.sh [--browser|--guide-js|--slow|--all]``)
are markers: ``browser`` (every test that drives Chromium or Firefox, marked here from its
fixtures), ``guide_js`` (the guide's own JavaScript under node) and ``slow`` (long walks over
every position, larger boards, a wheel build). The default group is everything else:
``-m "not browser and not guide_js and not slow"``. Plain ``pytest`` runs every group.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import tracer
from tracer.cli import main

ROOT = Path(__file__).resolve().parent.parent
#: Where the guide's text (with its JavaScript) is looked for unless --guide-js or
#: $TRACER_GUIDE_JS says otherwise. The project cannot ship it.
DEFAULT_GUIDE = ROOT.parent / "shared" / "seeds" / "000_4cf438207b6b2bfc.txt"
GUIDE_VARIABLE = "TRACER_GUIDE_JS"
#: The longer guide's text (a browser version of the same program), looked for the same way.
DEFAULT_LONG_GUIDE = ROOT.parent / "shared" / "seeds" / "001_50e006ce32e44f30.txt"
LONG_GUIDE_VARIABLE = "TRACER_GUIDE_LONG_JS"
GOLDEN = Path(__file__).resolve().parent / "golden"

TUTORIAL_BOARD = "X.OX.XOO."
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
FIREFOX = "/usr/bin/firefox-esr"


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
        "--require-all", action="store_true",
        help="run every group of tests (guide_js, node, browser, firefox, system_dot, bash) and fail those whose "
             "outside help is missing, instead of leaving them out (the default when CI=true)",
    )


def guide_path(config: pytest.Config) -> Path:
    """The guide's text: --guide-js, else $TRACER_GUIDE_JS, else ../shared beside the repository."""
    given = config.getoption("--guide-js") or os.environ.get(GUIDE_VARIABLE)
    return Path(given) if given else DEFAULT_GUIDE


def long_guide_path() -> Path:
    """The longer guide's text: $TRACER_GUIDE_LONG_JS, else ../shared beside the repository."""
    given = os.environ.get(LONG_GUIDE_VARIABLE)
    return Path(given) if given else DEFAULT_LONG_GUIDE


def pytest_configure(config: pytest.Config) -> None:
    """The tests judge this checkout: a tracer imported from elsewhere (an installed copy) would
    leave every change here untested, so the run stops at once."""
    loaded = Path(tracer.__file__).resolve()
    if not loaded.is_relative_to(ROOT.resolve()):
        raise pytest.UsageError(
            f"the tests import tracer from {loaded.parent}, not from this checkout {ROOT}: "
            "install it editable (pip install -e .) or run python -m pytest from the checkout")


def chromium_path() -> Path:
    """The browser the page tests drive: $TRACER_CHROMIUM, else Debian's chromium."""
    return Path(os.environ.get("TRACER_CHROMIUM", CHROMIUM))


def firefox_path() -> Path:
    """The second browser some page tests also run in: $TRACER_FIREFOX, else Debian's Firefox ESR."""
    return Path(os.environ.get("TRACER_FIREFOX", FIREFOX))


@dataclass(frozen=True)
class Group:
    """Tests that need something pip cannot install; left out, with one line, where it is missing."""

    #: What the tests are, for the line that says they were not run.
    what: str
    #: Whether a collected test belongs to the group.
    belongs: Callable[[pytest.Item], bool]
    #: Why the group cannot run here (None: it can).
    missing: Callable[[pytest.Config], str | None]
    #: How to run them.
    how: str


def _marked(name: str) -> Callable[[pytest.Item], bool]:
    return lambda item: item.get_closest_marker(name) is not None


def _guide_missing(config: pytest.Config) -> str | None:
    if not guide_path(config).is_file():
        return f"the guide's text {guide_path(config)} was not found"
    return None if shutil.which("node") else "node is not on the PATH"


def _dot_missing(config: pytest.Config) -> str | None:
    if os.environ.get("TRACER_ENGINE", "").strip().lower() == "pure":
        return "TRACER_ENGINE=pure keeps Graphviz's dot out"
    return None if shutil.which("dot") else "Graphviz's dot is not on the PATH"


def _uses_chromium(item: pytest.Item) -> bool:
    return "browser" in getattr(item, "fixturenames", ()) or _marked("chromium")(item)


def _uses_firefox(item: pytest.Item) -> bool:
    return "firefox" in getattr(item, "fixturenames", ()) or _marked("firefox")(item)


def _browser_extra_missing(config: pytest.Config) -> str | None:
    """The browser tests drive their pages with the "browser" extra's packages."""
    wanted = ("playwright", "axe_playwright_python", "websockets")
    missing = [name for name in wanted if importlib.util.find_spec(name) is None]
    return f"the browser extra is not installed ({', '.join(missing)} missing)" if missing else None


GROUPS = {
    "guide_js": Group(
        "tests against the guide's JavaScript", _marked("guide_js"), _guide_missing,
        f"run them with --guide-js PATH or {GUIDE_VARIABLE}=PATH (they need node)"),
    "browser_extra": Group(
        "browser tests", _marked("browser"), _browser_extra_missing,
        "run them with bash scripts/test.sh --browser, which installs it"),
    "guide_long_js": Group(
        "tests against the longer guide's JavaScript", lambda item: "long_guide" in getattr(item, "fixturenames", ()),
        lambda config: None if long_guide_path().is_file()
        else f"the longer guide's text {long_guide_path()} was not found",
        f"run them with {LONG_GUIDE_VARIABLE}=PATH (they need node)"),
    "browser": Group(
        "browser tests", _uses_chromium,
        lambda config: None if chromium_path().exists() else f"no Chromium at {chromium_path()}",
        "install one (Debian: apt-get install chromium) or set TRACER_CHROMIUM=PATH"),
    "firefox": Group(
        "tests in Firefox", _uses_firefox,
        lambda config: None if firefox_path().exists() else f"no Firefox at {firefox_path()}",
        "install one (Debian: apt-get install firefox-esr) or set TRACER_FIREFOX=PATH"),
    "system_dot": Group(
        "tests of Graphviz's own dot (PDF, --engine dot)", _marked("system_dot"), _dot_missing,
        "they need Graphviz's own dot: install Graphviz (Debian: apt-get install graphviz)"),
    "node": Group(
        "tests of JavaScript programs (trace check)",
        lambda item: item.get_closest_marker("node") is not None and item.get_closest_marker("guide_js") is None,
        lambda config: None if shutil.which("node") else "node is not on the PATH",
        "install Node.js (Debian: apt-get install nodejs)"),
    "bash": Group(
        "tests in a real bash", _marked("bash"),
        lambda config: None if shutil.which("bash") else "bash is not on the PATH",
        "run them where bash is installed"),
}


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark every test that drives a browser "browser", so that one marker (``-m browser``,
    ``-m "not browser"``) selects the browser group, whichever fixture or marker brought it in."""
    if _uses_chromium(item) or _uses_firefox(item):
        item.add_marker(pytest.mark.browser)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out (deselect, not skip) the tests whose outside help is missing.

    Each group in GROUPS needs something this project cannot install with pip (the
    guide's own text and node, a Chromium, a Firefox, Graphviz's dot, bash). On a machine without
    it the group is left out, and one line at the end says so and how to run it; where
    every group is required (CI), they stay and fail loudly instead.
    """
    left_out: dict[str, tuple[int, str]] = {}
    for name, group in GROUPS.items():
        reason = group.missing(config)
        if reason is None or required(config):
            continue
        mine = [item for item in items if group.belongs(item)]
        if mine:
            config.hook.pytest_deselected(items=mine)
            items[:] = [item for item in items if not group.belongs(item)]
            left_out[name] = (len(mine), reason)
    config.stash[LEFT_OUT] = left_out


LEFT_OUT = pytest.StashKey[dict[str, tuple[int, str]]]()


def required(config: pytest.Config) -> bool:
    """Whether every group must run (CI): a missing guide, browser, dot or bash fails its tests."""
    return bool(config.getoption("--require-all")) or os.environ.get("CI", "").lower() == "true"


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Under pytest-xdist (``-n``), each worker collects and leaves out: it hands what it left
    out to the controller, which prints the lines."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["left_out"] = session.config.stash.get(LEFT_OUT, {})


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """The controller keeps what a worker left out (every worker collects the same tests)."""
    left_out = getattr(node, "workeroutput", {}).get("left_out")
    if left_out is not None:
        node.config.stash[LEFT_OUT] = {name: tuple(pair) for name, pair in left_out.items()}


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """One line per group left out, saying why and how to run it."""
    for name, (count, reason) in config.stash.get(LEFT_OUT, {}).items():
        group = GROUPS[name]
        terminalreporter.write_line(f"{count} {group.what} were not run: {reason}; {group.how}",
                                    yellow=True)


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
    """``cli(*args, input=None)`` runs ``trace`` (so named) inside tmp_path and returns the click Result."""
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str, input: str | bytes | None = None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False, prog_name="trace")

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
def long_guide() -> str:
    """The longer guide's whole text (never copied here)."""
    if not long_guide_path().is_file():
        pytest.fail(f"the longer guide's text {long_guide_path()} is missing: give it with {LONG_GUIDE_VARIABLE}")
    return long_guide_path().read_text(encoding="utf-8")


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


@pytest.fixture(scope="session")
def firefox() -> Iterator[object]:
    """A headless Firefox driven over WebDriver BiDi (tests/firefox_bidi.py; installed by .ci/run)."""
    from firefox_bidi import Firefox

    if not firefox_path().exists():
        pytest.fail(f"{firefox_path()} is missing: apt-get install firefox-esr (or set TRACER_FIREFOX)")
    with Firefox(firefox_path()) as browser:
        yield browser


@pytest.fixture(params=[pytest.param("browser", id="chromium", marks=pytest.mark.chromium),
                        pytest.param("firefox", id="firefox", marks=pytest.mark.firefox)])
def each_browser(request: pytest.FixtureRequest):
    """Chromium, then Firefox, for a test that makes only the page calls both offer
    (``new_page(viewport=…)``, ``goto``, ``evaluate``, ``screenshot``, ``close``)."""
    return request.getfixturevalue(request.param)
