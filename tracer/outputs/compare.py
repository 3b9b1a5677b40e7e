"""``trace compare``'s outputs: the table (or its JSON) on the terminal, and ``--html``'s page of trees."""

from __future__ import annotations

from dataclasses import dataclass

import click

from ..errors import InputError
from ..explain import Marker
from ..trace import Trace
from .base import Output
from .files import check_graphviz, check_output_path, pipe, write_atomically, write_stdout


@dataclass(frozen=True)
class CompareRequest:
    """What ``trace compare`` asks for: ``text`` (a table) or ``json``, and where ``--html``'s page
    of trees goes (``-``: standard output, instead of the table)."""

    fmt: str = "text"
    html_path: str | None = None


class CompareTable(Output):
    """The comparison on standard output: a table, or the same rows as JSON."""

    option = "--format"
    on_terminal = True
    trace: list[Trace]  # type: ignore[assignment]

    def render(self) -> None:
        from ..renderers import compare

        self.text = (compare.render_json if self.request.fmt == "json" else compare.render_table)(self.trace)

    def write(self) -> None:
        if self.request.fmt == "json":
            write_stdout(self.text)  # a file's format: UTF-8, whatever the console's encoding
        else:
            click.echo(self.text, nl=False)


class ComparePage(Output):
    """``--html PATH``: a page with the table and every search's tree side by side."""

    option = "--html"
    path_field = "html_path"
    trace: list[Trace]  # type: ignore[assignment]

    def check(self) -> None:
        check_output_path(self.path, "--html")
        check_graphviz()

    def render(self) -> None:
        from ..renderers.compare import difference_marks, differences, render_html
        from ..renderers.tree import READABLE_NODES, describe, game_tree, legend_graph, plan_tree, shared_legend

        # Each tree as the tree file draws it by default: whole when small, else to the
        # depth that stays readable (side by side, several large drawings would take minutes);
        # without their titles and legends, which the page shows once.
        traces = self.trace
        plans = [plan_tree(trace, whole=READABLE_NODES) for trace in traces]
        drawn = [[call for call, _ in plan.nodes] + plan.path for plan in plans]
        marks = [{**diff, **_other_move(traces[0], trace, diff)}
                 for trace, diff in zip(traces, difference_marks(traces, drawn), strict=True)]
        svgs = [pipe(game_tree(trace, plan, marks=mark, framed=False), "svg").decode("utf-8")
                for trace, plan, mark in zip(traces, plans, marks, strict=True)]
        notes = [describe(trace, plan) for trace, plan in zip(traces, plans, strict=True)]
        legend = pipe(legend_graph(shared_legend(list(zip(traces, plans, marks, strict=True)))),
                      "svg").decode("utf-8")
        self.page = render_html(traces, svgs, notes, differences(traces), legend,
                                marked=any(m.dashed for mark in marks for m in mark.values()))

    def write(self) -> None:
        if self.path == "-":
            write_stdout(self.page)
            return
        write_atomically(self.path, self.page.encode("utf-8"))
        self.report(f"trace: wrote {self.path} ({len(self.trace)} trees side by side)")


def _other_move(base: Trace, trace: Trace, marks: dict[int, Marker]) -> dict[int, Marker]:
    """A violet mark on the first move ``trace``'s search picks when it is not ``base``'s (its
    tag also names the columns that do not make it, if ``marks`` marked it for that)."""
    root = trace.root
    if trace.result.index == base.result.index or root.best_index is None or not root.children():
        return {}
    picked = root.children()[root.best_index]
    also = marks.get(picked.call)
    tag = "another move than the first search's" + (f"; {also.tag}" if also and also.tag else "")
    return {picked.call: Marker(tag, legend="another move than the first")}


def plan_compare(traces: list[Trace], request: CompareRequest) -> list[Output]:
    """The outputs ``trace compare`` asks for: the table unless the page takes standard output."""
    outputs: list[Output] = []
    if request.html_path == "-" and request.fmt == "json":  # asked for, so never silently dropped
        raise InputError("the page and the JSON cannot both go to standard output: give the page a "
                         "file name", "--html")
    if request.html_path != "-":
        outputs.append(CompareTable(traces, request))  # type: ignore[arg-type]
    if request.html_path is not None:
        outputs.append(ComparePage(traces, request))  # type: ignore[arg-type]
    return outputs
