"""A pytest plugin for the mutation run: which lines of the mutated files each test executes.

Loaded with ``-p mutation_cover`` (benchmarks/ on the path) and three environment
variables: ``MUTATION_COVER_FILES``, the files to watch (absolute paths, separated by
``os.pathsep``), ``MUTATION_COVER_OUT``, the JSON file written at the end:
``{test id: {"seconds": float, "spawns": bool, "lines": {path: [line, ...]}}}``, and
``MUTATION_COVER_CHILDREN``, a folder for the reports of the Python processes the tests
start (benchmarks/mutation_child/ on PYTHONPATH makes each of them write one).

A test's lines include those its Python processes executed. ``spawns`` says that the
test started a Python process (tracer run as a program) whose lines are not all seen:
one that wrote no report (it was killed, or ran without the child's PYTHONPATH). The
mutation run gives such a test every mutant of its files. A function entered more than
CALLS_TRACED times in one test stops being traced: all its lines are counted as executed
from then on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from mutation_lines import LineRecorder, watched_files

_watched = watched_files()
_children = os.environ.get("MUTATION_COVER_CHILDREN")
_results: dict[str, dict[str, Any]] = {}


class _TestRecorder(LineRecorder):
    """The lines one test executes, and how many Python processes it started directly."""

    def __init__(self) -> None:
        super().__init__(_watched)
        self.started = 0


_current: list[_TestRecorder] = []
_popen_init = subprocess.Popen.__init__


def _watching_popen(self: subprocess.Popen[Any], args: Any, *rest: Any, **kwargs: Any) -> None:
    """Popen, counting the Python processes the running test starts."""
    words = [args] if isinstance(args, str | bytes | os.PathLike) else list(args)
    text = " ".join(os.fspath(w) if not isinstance(w, bytes) else w.decode(errors="replace") for w in words)
    if _current and ("python" in text or sys.executable in text or "tracer" in text or "trace" in text):
        _current[-1].started += 1
    _popen_init(self, args, *rest, **kwargs)


subprocess.Popen.__init__ = _watching_popen  # type: ignore[method-assign]


def _children_seen(prefix: str, recorder: _TestRecorder) -> int:
    """Add the lines the test's Python processes reported; return how many of the
    processes it started itself reported."""
    seen = 0
    for report in Path(prefix).parent.glob(Path(prefix).name + ".*.json"):
        try:
            data = json.loads(report.read_text(encoding="utf-8"))
        except ValueError:  # cut short as the process was killed
            continue
        seen += data["parent"] == os.getpid()
        for path, lines in data["lines"].items():
            recorder.lines.setdefault(path, set()).update(lines)
        report.unlink()
    return seen


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    recorder = _TestRecorder()
    _current.append(recorder)
    prefix = os.path.join(_children, f"test{len(_results)}") if _children else None
    if prefix:
        os.environ["MUTATION_COVER_TEST"] = prefix
    start = time.perf_counter()
    sys.settrace(recorder.on_call)
    threading.settrace(recorder.on_call)
    try:
        yield
    finally:
        sys.settrace(None)
        threading.settrace(None)
        _current.pop()
        os.environ.pop("MUTATION_COVER_TEST", None)
        seen = _children_seen(prefix, recorder) if prefix else 0
        _results[item.nodeid] = {
            "seconds": time.perf_counter() - start,
            "spawns": recorder.started > seen,
            "lines": recorder.as_json(),
        }


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    out = os.environ.get("MUTATION_COVER_OUT")
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            json.dump(_results, handle)
