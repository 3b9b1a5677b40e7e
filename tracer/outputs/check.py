"""``trace check``'s outputs: its report on the terminal, and the learner's search as the other
outputs of ``trace`` present a trace (``--log``, ``-o``, ``--html``) and beside the guide's
(``--side-by-side``).

The paths are checked before the learner's program runs (``precheck``: a run can take
seconds, and a bad path should not wait for it), and again when the outputs are planned.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from ..errors import InputError
from ..explain import for_trace
from ..trace import Trace
from .base import Output, Request, check_distinct
from .files import IMAGE_FORMATS, check_graphviz, check_output_path, choose_format, pipe, write_atomically
from .log import LogFileOutput
from .page import PageOutput
from .tree import TreeOutput

if TYPE_CHECKING:
    import graphviz

    from ..renderers.side_by_side import Column
    from ..renderers.tree import TreePlan


@dataclass(frozen=True)
class CheckRequest:
    """The files ``trace check`` is asked to write, and the program's own files it reads."""

    log_path: str | None = None  # --log
    tree_path: str | None = None  # -o: the learner's tree, or (.json) its trace
    side_by_side: str | None = None  # --side-by-side
    html_path: str | None = None  # --html
    #: The files the run reads (the program, the board file): no output may replace them.
    inputs: tuple[str, ...] = ()
    #: The call each tree is drawn from (its path from call #1 drawn dashed): the departing
    #: call's caller, when the whole tree would hide it; 1 otherwise.
    focus: int = 1
    guide_focus: int = 1
    #: The layout engine, as for ``trace`` (None: $TRACER_ENGINE, else auto).
    engine: str | None = None

    @property
    def files(self) -> list[tuple[str, str]]:
        asked = (("--log", self.log_path), ("-o", self.tree_path), ("--side-by-side", self.side_by_side),
                 ("--html", self.html_path))
        return [(path, option) for option, path in asked if path is not None]


def precheck(request: CheckRequest) -> None:
    """Refuse, before the learner's program runs, a file that could not be written: standard
    output (it holds the report), a folder that does not exist, a suffix ``-o`` cannot draw,
    two outputs on one file, an output on one of the program's own files."""
    for path, option in request.files:
        if path == "-":
            raise InputError("standard output holds the report: give a file name", option)
        check_output_path(path, option)
    if request.tree_path is not None:
        choose_format(request.tree_path, None, "trace")
    check_distinct([_Planned(path, option) for path, option in request.files], request.inputs)


class _Planned(Output):
    """A file not yet planned, standing in for its output while the paths are checked."""

    def __init__(self, path: str, option: str):
        super().__init__(None, None)  # type: ignore[arg-type]
        self.path, self.option = path, option  # type: ignore[misc]

    def write(self) -> None:  # pragma: no cover - never planned to run
        raise NotImplementedError


class ReportOutput(Output):
    """The report (text, or the JSON object) on standard output, before anything is drawn."""

    option = "the report"
    on_terminal = True

    def __init__(self, text: str):
        super().__init__(None, None)  # type: ignore[arg-type]
        self.text = text

    def write(self) -> None:
        click.echo(self.text, nl=False)


class LearnerLogOutput(LogFileOutput):
    """``--log PATH``: the learner's calls narrated, in the log's layout."""

    def write(self) -> None:
        super().write()
        self.report(f"trace: wrote {self.path} (the log of {self.trace.calls:,} calls)")


def without_hints(note: str) -> str:
    """What a drawing shows, without the hint at ``trace``'s options that draw the whole tree
    (``describe``'s last clause), which ``trace check`` has not (its saved trace, ``trace
    render``, has them)."""
    return note.split("; the whole tree")[0]


class LearnerTreeOutput(TreeOutput):
    """``-o``: the learner's tree, or (``.json``) its trace, which ``trace render`` reads back."""

    def write(self) -> None:
        if self.fmt != "json":
            self.note = without_hints(self.note)
        super().write()

    def check(self) -> None:
        from ..tracefile.loader import readable_depth

        super().check()
        if self.fmt in IMAGE_FORMATS:  # as --side-by-side: no engine is found before the report shows
            check_graphviz(self.fmt, self.request.engine)
        # A learner's search may nest deeper than any game (a runaway recursion): trace render
        # reads back only as many levels as the deepest game makes.
        deepest = len(self.trace.calls_by_depth(0)) - 1
        levels = readable_depth()
        if self.fmt == "json" and deepest >= levels:
            raise InputError(f"the search is {deepest + 1:,} calls deep, and a JSON trace holds at most "
                             f"{levels} levels, so it could not be read back: draw it instead "
                             f"(-o tree.svg)", "-o")


class LearnerPageOutput(PageOutput):
    """``--html PATH``: the learner's calls stepped through, the first departure marked."""

    def describe(self) -> str:
        departure = self.trace.game.facts.departure  # type: ignore[attr-defined]
        return f"your {self.trace.calls:,} calls step by step{', the first departure marked' if departure else ''}"


class SideBySideOutput(Output):
    """``--side-by-side PATH``: one page with the learner's tree and the guide's, at one scale."""

    option = "--side-by-side"
    path_field = "side_by_side"
    request: CheckRequest

    def __init__(self, trace: Trace, guide: Trace, request: CheckRequest):
        super().__init__(trace, request)
        self.guide = guide

    def check(self) -> None:
        from ..renderers.tree import READABLE_NODES, plan_tree

        check_output_path(self.path, self.option)
        check_graphviz("svg", self.request.engine)
        self.plans = [plan_tree(self.trace, focus=self.request.focus, whole=READABLE_NODES),
                      plan_tree(self.guide, focus=self.request.guide_focus, whole=READABLE_NODES)]

    def render(self) -> None:
        from ..renderers.side_by_side import render_page

        self.page = render_page(self.trace, self.guide, draw_pair(self.trace, self.guide, self.plans,
                                                                  self.request.engine))

    def write(self) -> None:
        write_atomically(self.path, self.page.encode("utf-8"))
        self.report(f"trace: wrote {self.path} (your tree and the guide's, side by side)")


def draw_pair(trace: Trace, guide: Trace, plans: list[TreePlan], engine: str | None = None) -> list[Column]:
    """Both trees drawn as ``plans`` say (the search's, then the guide's, marked where they
    differ), without their titles and with their legends apart, as SVG."""
    from ..renderers.side_by_side import columns
    from ..renderers.tree import describe, game_tree, legend_graph, tree_legend

    mine, theirs = plans
    marks = for_trace(trace)[1].guide_marks(guide, [call for call, _ in theirs.nodes] + theirs.path)

    def svg(graph: graphviz.Digraph) -> str:
        return pipe(graph, "svg", engine=engine).decode("utf-8")

    svgs = [svg(game_tree(trace, mine, framed=False)), svg(game_tree(guide, theirs, marks=marks, framed=False))]
    legends = [svg(legend_graph(tree_legend(trace, mine))), svg(legend_graph(tree_legend(guide, theirs, marks)))]
    notes = [without_hints(describe(trace, mine)),
             without_hints(describe(guide, theirs)) + ("; violet frames mark where yours differs" if marks else "")]
    return columns(trace, guide, svgs, legends, notes)


def plan_check(report: str, trace: Trace | None, guide: Trace | None, request: CheckRequest) -> list[Output]:
    """The report, then every file asked for (none without a recorded search)."""
    outputs: list[Output] = [ReportOutput(report)]
    if trace is None or guide is None:
        return outputs
    asked = Request(stem="trace", output=request.tree_path, no_tree=request.tree_path is None,
                    log_path=request.log_path, focus=request.focus, engine=request.engine, inputs=request.inputs,
                    html_path=request.html_path)
    if request.log_path is not None:
        outputs.append(LearnerLogOutput(trace, asked))
    if request.tree_path is not None:
        tree = LearnerTreeOutput(trace, asked)
        tree.path, tree.fmt = choose_format(request.tree_path, None, "trace")
        outputs.append(tree)
    if request.side_by_side is not None:
        outputs.append(SideBySideOutput(trace, guide, request))
    if request.html_path is not None:
        # The page opens at call #1: the learner steps through their recursion to the departure.
        outputs.append(LearnerPageOutput(trace, asked._replace(focus=1)))
    return outputs
