"""A pytest plugin for the mutation run: which lines of the mutated files each test executes.

Loaded with ``-p mutation_cover`` (benchmarks/ on the path) and two environment
variables: ``MUTATION_COVER_FILES``, the files to watch (absolute paths, separated by
``os.pathsep``), and ``MUTATION_COVER_OUT``, the JSON file written at the end:
``{test id: {"seconds": float, "spawns": bool, "lines": {path: [line, ...]}}}``.

``spawns`` says whether the test started a Python process (tracer run as a program):
the lines that process executes are not seen here, so the mutation run gives such a
test every mutant of its files. A function entered more than CALLS_TRACED times in
one test stops being traced: all its lines are counted as executed from then on.
"""

from __future__ import annotations

import json
import os
import subprocess
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
        self.spawns = False

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
        lines = self.lines.setdefault(path, set())
        if count >= CALLS_TRACED:
            if count == CALLS_TRACED:  # from now on untraced: count every line it has
                lines.update(line for _start, _end, line in code.co_lines() if line is not None)
            return None
        lines.add(frame.f_lineno)

        def on_line(frame: FrameType, event: str, arg: object) -> Any:
            if event == "line":
                lines.add(frame.f_lineno)
            return on_line

        return on_line


_current: list[_Recorder] = []
_popen_init = subprocess.Popen.__init__


def _watching_popen(self: subprocess.Popen[Any], args: Any, *rest: Any, **kwargs: Any) -> None:
    """Popen, noting whether the running test starts Python."""
    words = [args] if isinstance(args, str | bytes | os.PathLike) else list(args)
    text = " ".join(os.fspath(w) if not isinstance(w, bytes) else w.decode(errors="replace") for w in words)
    if _current and ("python" in text or sys.executable in text or "tracer" in text):
        _current[-1].spawns = True
    _popen_init(self, args, *rest, **kwargs)


subprocess.Popen.__init__ = _watching_popen  # type: ignore[method-assign]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    recorder = _Recorder()
    _current.append(recorder)
    start = time.perf_counter()
    sys.settrace(recorder.on_call)
    threading.settrace(recorder.on_call)
    try:
        yield
    finally:
        sys.settrace(None)
        threading.settrace(None)
        _current.pop()
        _results[item.nodeid] = {
            "seconds": time.perf_counter() - start,
            "spawns": recorder.spawns,
            "lines": {path: sorted(lines) for path, lines in recorder.lines.items()},
        }


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    out = os.environ.get("MUTATION_COVER_OUT")
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            json.dump(_results, handle)
