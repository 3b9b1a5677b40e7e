"""A pytest plugin for the mutation run: which lines of the mutated files each test executes.

Loaded with ``-p mutation_cover`` (benchmarks/ on the path) and two environment
variables: ``MUTATION_COVER_FILES``, the files to watch (absolute paths, separated by
``os.pathsep``), and ``MUTATION_COVER_OUT``, the JSON file written at the end:
``{test id: {"seconds": float, "lines": {path: [line, ...]}}}``.

The map only chooses which tests to run first on a mutant: a mutant they leave
alive is run against every test of its module before it counts as a survivor. So
the map may miss lines (those run in a subprocess, or only after a function was
entered many times in one test), never at the cost of a wrong verdict.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Generator
from types import CodeType, FrameType
from typing import Any

import pytest

#: After this many calls of one function within one test, its new calls are not traced:
#: the search's inner loops run a million times, and their lines are seen long before.
CALLS_TRACED = 200

_watched = {os.path.realpath(p) for p in os.environ.get("MUTATION_COVER_FILES", "").split(os.pathsep) if p}
_results: dict[str, dict[str, Any]] = {}


class _Recorder:
    """The lines one test executes in the watched files."""

    def __init__(self) -> None:
        self.lines: dict[str, set[int]] = {}
        self.calls: dict[CodeType, int] = {}
        self.files: dict[str, str | None] = {}

    def watched(self, code: CodeType) -> str | None:
        name = code.co_filename
        found = self.files.get(name, "")
        if found == "":
            real = os.path.realpath(name)
            found = self.files[name] = real if real in _watched else None
        return found

    def on_call(self, frame: FrameType, event: str, arg: object) -> Any:
        if event != "call":
            return None
        code = frame.f_code
        path = self.watched(code)
        if path is None:
            return None
        count = self.calls[code] = self.calls.get(code, 0) + 1
        if count > CALLS_TRACED:
            return None
        lines = self.lines.setdefault(path, set())
        lines.add(frame.f_lineno)

        def on_line(frame: FrameType, event: str, arg: object) -> Any:
            if event == "line":
                lines.add(frame.f_lineno)
            return on_line

        return on_line


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    recorder = _Recorder()
    start = time.perf_counter()
    sys.settrace(recorder.on_call)
    threading.settrace(recorder.on_call)
    try:
        yield
    finally:
        sys.settrace(None)
        threading.settrace(None)
        _results[item.nodeid] = {
            "seconds": time.perf_counter() - start,
            "lines": {path: sorted(lines) for path, lines in recorder.lines.items()},
        }


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    out = os.environ.get("MUTATION_COVER_OUT")
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            json.dump(_results, handle)
