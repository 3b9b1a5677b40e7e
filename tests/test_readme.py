"""The README's Python examples run as written, and its quickstart names the commands CI runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_python_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_python_example_runs(index):
    exec(compile(BLOCKS[index], f"README.md python block {index + 1}", "exec"), {})


def test_quickstart_commands_match_ci():
    text = README.read_text(encoding="utf-8")
    quickstart = text.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", quickstart, re.S)
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/trace --example near-endgame",
        "bash scripts/test.sh",
    ]
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "\nbash scripts/test.sh\n" in ci
