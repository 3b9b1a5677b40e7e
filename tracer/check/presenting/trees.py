"""What ``trace check`` shows besides its report: the learner's search through ``trace``'s
outputs (``--log``, ``-o``, ``--side-by-side``), and both trees in Jupyter. Where a readable
depth would hide the call that departs first, a tree is drawn from its caller instead, and
the guide's from the call it stands for.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from ...errors import TracerError
from ...explain import for_trace

if TYPE_CHECKING:
    from ...outputs.check import CheckRequest
    from ...trace import Trace
    from .result import CheckResult


def shown_from(trace: Trace, number: int | None, whole: int) -> int:
    """The call to draw ``trace`` from so that call ``number`` shows: 1 if drawing the whole
    tree (to a readable depth) shows it, else its caller."""
    from ...renderers.tree import plan_tree

    if number is None or not 1 <= number <= trace.calls:
        return 1
    plan = plan_tree(trace, whole=whole)
    if any(call.call == number and not folded for call, folded in plan.nodes):
        return 1
    return trace.call(number).parent or 1


def focused(result: CheckResult, request: CheckRequest, whole: int) -> CheckRequest:
    """``request`` with each tree drawn from where the departure shows."""
    from dataclasses import replace

    trace, guide = result.trace(), result.guide_trace()
    departure = trace.game.facts.departure
    counterpart = for_trace(trace)[1].counterpart(guide)  # type: ignore[attr-defined]
    return replace(request, focus=shown_from(trace, departure.call if departure else None, whole),
                   guide_focus=shown_from(guide, counterpart, whole))


def write_outputs(result: CheckResult, report: str, request: CheckRequest) -> None:
    """Print the report, then write every file asked for (nothing but the report when no
    search was recorded: a line says so)."""
    import click

    from ...outputs import run
    from ...outputs.check import plan_check
    from ...renderers.tree import READABLE_NODES

    # The report alone needs neither tree, so the learner's is not built (a third of a second on the empty board).
    if not request.files or result.check is None or result.check.search.root_cells is None:
        run(plan_check(report, None, None, request), request.inputs)
        if request.files:
            click.echo("trace: no search with a board was recorded, so there is no tree or log to write",
                       err=True)
        return
    request = focused(result, request, READABLE_NODES)
    run(plan_check(report, result.trace(), result.guide_trace(), request), request.inputs)


#: Most calls each tree in a notebook's card draws.
CARD_NODES = 40


def trees_html(result: CheckResult) -> str:
    """Both trees for Jupyter, side by side at one scale (a note instead if they cannot be drawn)."""
    from ...outputs.check import draw_pair
    from ...renderers.side_by_side import trees_fragment
    from ...renderers.tree import plan_tree

    if result.check is None or result.check.search.root_cells is None:
        return ""
    trace, guide = result.trace(), result.guide_trace()
    departure = trace.game.facts.departure
    counterpart = for_trace(trace)[1].counterpart(guide)  # type: ignore[attr-defined]
    try:
        plans = [plan_tree(trace, focus=shown_from(trace, departure.call if departure else None, CARD_NODES),
                           whole=CARD_NODES),
                 plan_tree(guide, focus=shown_from(guide, counterpart, CARD_NODES), whole=CARD_NODES)]
        return trees_fragment(draw_pair(trace, guide, plans), "tracer-check-trees")
    except TracerError as exc:
        return f"<p><i>No trees: {escape(str(exc))}</i></p>"


__all__: list[Any] = ["focused", "shown_from", "trees_html", "write_outputs"]
