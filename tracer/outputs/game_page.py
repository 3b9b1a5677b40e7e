"""``trace play --html PATH``: the game against the AI as one self-contained page."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from . import Output
from .files import check_output_path, write_atomically


@dataclass(frozen=True)
class GamePageRequest:
    """What ``trace play --html`` asks for: the page's path and the setting it starts with."""

    path: str
    #: The AI's mark and the score scheme (a ``Scores``) the page starts with.
    ai: str = "X"
    scores: Any = None


class GamePage(Output):
    """The game page: every setting's recorded searches, offline."""

    option = "--html"

    @property
    def path(self) -> str:
        return str(self.request.path)

    def paths(self) -> list[str]:
        return [] if self.path == "-" else [self.path]

    def check(self) -> None:
        from ..play.page import SCHEMES
        from ..scores import NAMED

        check_output_path(self.path, "--html")
        names = {NAMED[name]: name for name in SCHEMES}
        scores = self.request.scores or NAMED["tutorial"]
        scheme = names.get(scores)
        if scheme is None:
            raise InputError(f"the game page offers the schemes {', '.join(SCHEMES)}, found "
                             f"{scores.spec()!r} (the terminal game takes any triple)", "--scores")
        self.scheme: str = scheme

    def render(self) -> None:
        from ..play.page import describe_page, render_game_page

        self.data = render_game_page(self.request.ai, self.scheme).encode("utf-8")
        self.note = describe_page(self.data)

    def write(self) -> None:
        if self.path == "-":
            sys.stdout.buffer.write(self.data)
            sys.stdout.flush()
            return
        write_atomically(self.path, self.data)
        self.report(f"trace: wrote {self.path} ({self.note})")
