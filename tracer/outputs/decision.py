"""What ``trace play --save`` writes for one AI decision: the outputs of a trace run, by kind.

Each kind is one output of the planner (the tree as SVG, the JSON trace, the
figures' folder, the step-through page), written beside the stem ``DIR/move-3``.
"""

from __future__ import annotations

from pathlib import Path

from ..trace import Trace
from .base import Output, Request, run
from .figure_files import FiguresOutput
from .page import PageOutput
from .tree import TreeOutput

#: Every kind of file a decision can be saved as, in the order they are written, with what
#: its name adds to the stem: the game tree, the full JSON trace, one figure per test-play
#: with the overview and index.html, and the step-by-step page.
KINDS = {"svg": ".svg", "json": ".json", "figures": "-figures", "html": ".html"}


def _output(trace: Trace, path: str, kind: str) -> Output:
    if kind == "figures":
        return FiguresOutput(trace, Request(figures_dir=path, quiet=True))
    if kind == "html":
        return PageOutput(trace, Request(html_path=path, quiet=True))
    from ..renderers.tree import DEFAULT_MAX_NODES

    # The whole tree when it fits the default budget, as the game tree of a run draws it.
    tree = TreeOutput.plan(trace, Request(output=path, quiet=True, max_nodes=DEFAULT_MAX_NODES))
    assert tree is not None
    return tree


def save_decision(trace: Trace, stem: Path, kinds: list[str]) -> list[Path]:
    """Write ``trace`` as each of ``kinds`` beside ``stem``, all or nothing; return the paths
    written (a figures' folder as its ``index.html``)."""
    paths = [stem.with_name(stem.name + KINDS[kind]) for kind in kinds]
    run([_output(trace, str(path), kind) for path, kind in zip(paths, kinds, strict=True)])
    return [path / "index.html" if kind == "figures" else path for path, kind in zip(paths, kinds, strict=True)]
