"""Shared fixtures: the tutorial's trace, the CLI runner, the tutorial's JavaScript, a browser."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import tracer
from tracer.cli import main

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
TUTORIAL_SEED = SEEDS / "000_4cf438207b6b2bfc.txt"
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
def tutorial_js() -> str:
    """The tutorial's complete JavaScript: the last ```js block of the seed (never copied here)."""
    if not TUTORIAL_SEED.exists():
        pytest.fail(f"the tutorial seed {TUTORIAL_SEED} is missing (../shared must sit beside the repo)")
    blocks = re.findall(r"```js\n(.*?)```", TUTORIAL_SEED.read_text(encoding="utf-8"), re.S)
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

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
