"""``trace play --html PATH``: the game against the AI as one self-contained page, written."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

from .base import Output
from .files import check_output_path, write_atomically


@dataclass(frozen=True)
class GamePageRequest:
    """Where the game page goes, and what makes it: ``build()`` returns the page's bytes and
    a few words on what it holds (``trace play`` records its searches; outputs only write)."""

    path: str
    build: Callable[[], tuple[bytes, str]]


class GamePage(Output):
    """The game page: every setting's recorded searches, offline."""

    option = "--html"
    path_field = "path"
    request: GamePageRequest

    def check(self) -> None:
        check_output_path(self.path, "--html")

    def render(self) -> None:
        self.data, self.note = self.request.build()

    def write(self) -> None:
        if self.path == "-":
            sys.stdout.buffer.write(self.data)
            sys.stdout.flush()
            return
        write_atomically(self.path, self.data)
        self.report(f"trace: wrote {self.path} ({self.note})")
