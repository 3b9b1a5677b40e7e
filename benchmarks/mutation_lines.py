"""The line recorder of the mutation run's coverage pass, shared by the pytest plugin
(benchmarks/mutation_cover.py) and the Python processes the tests start
(benchmarks/mutation_child/sitecustomize.py)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import CodeType, FrameType
    from typing import Any

#: After this many calls of one function, its new calls are not traced: the search's inner
#: loops run a million times, and their lines are seen long before.
CALLS_TRACED = 200


def watched_files() -> set[str]:
    """The files to watch, from ``MUTATION_COVER_FILES`` (absolute paths, ``os.pathsep``-separated)."""
    return {os.path.realpath(p) for p in os.environ.get("MUTATION_COVER_FILES", "").split(os.pathsep) if p}


class LineRecorder:
    """The lines executed in the watched files, as a ``sys.settrace`` function records them."""

    def __init__(self, watched: set[str]) -> None:
        self.watched_paths = watched
        self.lines: dict[str, set[int]] = {}
        self.calls: dict[CodeType, int] = {}
        self.files: dict[str, str | None] = {}

    def watched(self, code: CodeType) -> str | None:
        name = code.co_filename
        found = self.files.get(name, "")
        if found == "":
            real = os.path.realpath(name)
            found = self.files[name] = real if real in self.watched_paths else None
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

    def as_json(self) -> dict[str, list[int]]:
        return {path: sorted(lines) for path, lines in self.lines.items()}
