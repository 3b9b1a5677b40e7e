"""What ``trace play --save`` writes for one AI decision: the outputs of a trace run, by kind.

Each kind is one output of the planner (the tree as SVG, the JSON trace, the
figures' folder, the step-through page), written beside the stem ``DIR/move-3``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..trace import Trace
from .base import Output, Request, run
from .figures import FiguresOutput
from .page import PageOutput
from .tree import TreeOutput

if TYPE_CHECKING:
    from pathlib import Path

#: Makes the output of one kind for a decision's trace, written beside the stem ``DIR/move-N``.
Kind = Callable[[Trace, "Path"], Output]


def _tree(trace: Trace, stem: Path, suffix: str) -> Output:
    from ..renderers.tree import DEFAULT_MAX_NODES

    # The whole tree when it fits the default budget, as the game tree of a run draws it.
    found = TreeOutput.plan(trace, Request(output=f"{stem}{suffix}", quiet=True, max_nodes=DEFAULT_MAX_NODES))
    assert found is not None
    return found


def _figures(trace: Trace, stem: Path) -> Output:
    return FiguresOutput(trace, Request(figures_dir=f"{stem}-figures", quiet=True))


def _page(trace: Trace, stem: Path) -> Output:
    return PageOutput(trace, Request(html_path=f"{stem}.html", quiet=True))


#: Every kind of file a decision can be saved as, in the order they are written.
KINDS: dict[str, Kind] = {
    "svg": lambda trace, stem: _tree(trace, stem, ".svg"),  # the game tree
    "json": lambda trace, stem: _tree(trace, stem, ".json"),  # the full JSON trace
    "figures": _figures,  # one figure per test-play + overview + index.html
    "html": _page,  # the step-by-step page
}


def save_decision(trace: Trace, stem: Path, kinds: list[str]) -> list[Path]:
    """Write ``trace`` as each of ``kinds`` beside ``stem``, all or nothing; return the paths
    written (a figures' folder as its ``index.html``)."""
    outputs = [KINDS[kind](trace, stem) for kind in kinds]
    run(outputs)
    return [stem.with_name(stem.name + {"svg": ".svg", "json": ".json", "html": ".html"}[kind])
            if kind != "figures" else stem.with_name(stem.name + "-figures") / "index.html"
            for kind in kinds]
