"""The tree file (``-o``, ``--format``): the game tree as SVG, PNG, PDF or DOT, or the JSON trace."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..errors import InputError
from ..trace import Trace
from .base import Output, Request
from .files import atomic_writer, check_output_path, choose_format, pipe, write_atomically, write_stdout
from .log import is_terminal
from .progress import calls_bar
from .safe_write import utf8_stdout

if TYPE_CHECKING:
    from ..renderers.tree import TreePlan  # graphviz is imported only when a tree is drawn

#: Formats whose bytes would garble a terminal.
BINARY_FORMATS = ("png", "pdf")


class TreeOutput(Output):
    option = "-o"
    #: Where the tree goes (``-`` for standard output) and in which format.
    path: str
    fmt: str
    tree_plan: TreePlan
    data: bytes | str
    note: str

    @classmethod
    def plan(cls, trace: Trace, request: Request) -> TreeOutput | None:
        if request.no_tree:
            return None
        out = cls(trace, request)
        out.path, out.fmt = choose_format(request.output, request.tree_format_option, request.stem)
        return out

    def check(self) -> None:
        check_output_path(self.path, "-o")
        if self.path == "-" and self.fmt in BINARY_FORMATS and is_terminal(sys.stdout):
            raise InputError(f"a {self.fmt.upper()} picture is not for a terminal: redirect it "
                             f"(-o - > tree.{self.fmt}) or name a file (-o tree.{self.fmt})", "-o")
        if self.fmt == "json":
            return
        from ..renderers.tree import DEFAULT_MAX_NODES, READABLE_NODES, SCREEN_WIDTH, plan_tree

        # Planning is cheap and refuses a tree too large to draw before anything is written.
        req = self.request
        self.tree_plan = plan_tree(
            self.trace, focus=req.focus, depth=req.depth, line=req.line,
            max_nodes=DEFAULT_MAX_NODES if req.max_nodes is None else req.max_nodes,
            whole=READABLE_NODES if req.max_nodes is None else req.max_nodes,
            # Without a size asked for, a large tree is drawn to fit a screen.
            screen=SCREEN_WIDTH if req.max_nodes is None and req.depth is None else None)

    def render(self) -> None:
        if self.fmt == "json":
            return  # streamed at write time
        from ..renderers.tree import describe, game_tree

        graph = game_tree(self.trace, self.tree_plan)
        req = self.request
        self.data = graph.source if self.fmt == "dot" else pipe(graph, self.fmt, engine=req.engine,
                                                                scale=req.scale)
        self.note = describe(self.trace, self.tree_plan)

    def write(self) -> None:
        if self.fmt == "json":
            self.write_json()
        elif self.path == "-":
            write_stdout(self.data)
        else:
            write_atomically(self.path, self.data)
            if not self.request.quiet:
                self.report(f"trace: wrote {self.path} ({self.note})")

    def write_json(self) -> None:
        from ..tracefile import write_json

        if self.path == "-":
            with utf8_stdout() as stream:
                write_json(self.trace, stream)
            return
        with atomic_writer(self.path) as handle, calls_bar(self.trace.calls, self.path) as progress:
            write_json(self.trace, handle, progress=progress)
        if not self.request.quiet:
            self.report(f"trace: wrote {self.path} ({self.trace.calls:,} calls)")
