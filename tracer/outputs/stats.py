"""``--stats``: the summary of a search, printed instead of the log."""

from __future__ import annotations

import sys

from click import echo

from ..renderers.stats import render_stats
from ..search import guide_calls
from ..trace import Trace
from .base import Output, Request
from .log import is_terminal


class StatsOutput(Output):
    option = "--stats"
    on_terminal = True

    @classmethod
    def plan(cls, trace: Trace, request: Request) -> StatsOutput | None:
        # Standard output belongs to the tree when -o - asks for it.
        return cls(trace, request) if request.stats and request.tree_path != "-" else None

    def render(self) -> None:
        # A variant's summary compares its calls with the guide's minimax on the same game.
        self.text = render_stats(self.trace, baseline=guide_calls(self.trace))

    def write(self) -> None:
        echo(self.text, nl=False)
        if is_terminal(sys.stdout) and self.request.output is None and self.request.fmt is None:
            # Said on a terminal only, so that a pipe or a file gets the summary alone.
            echo("trace: --stats writes no tree file (-o PATH or --format FORMAT writes one)", err=True)
