"""What ``trace play --save`` writes for one AI decision: a table of output kinds.

Each kind is one entry of ``OUTPUT_KINDS``: a function that writes the files of
one decision's trace beside the stem ``DIR/move-3`` and returns their paths.
A new kind is one line, e.g. ``"html": one_file(".html", render_html)``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..outputs.files import atomic_writer, pipe, write_atomically
from ..trace import Trace

#: Writes the files of one decision for the stem ``DIR/move-N``; returns the paths written.
Writer = Callable[[Trace, Path], list[Path]]


def one_file(suffix: str, render: Callable[[Trace], bytes | str]) -> Writer:
    """A kind that is a single file, ``stem + suffix``, holding ``render(trace)``."""

    def write(trace: Trace, stem: Path) -> list[Path]:
        path = stem.with_name(stem.name + suffix)
        write_atomically(path, render(trace))
        return [path]

    return write


def _tree_svg(trace: Trace) -> bytes:
    from ..renderers.tree import game_tree

    return pipe(game_tree(trace), "svg")


def _write_json(trace: Trace, stem: Path) -> list[Path]:
    # Streamed: the AI's opening move is a 75 MB trace.
    from ..renderers.json_trace import write_json

    path = stem.with_name(stem.name + ".json")
    with atomic_writer(path) as handle:
        write_json(trace, handle)
    return [path]


def _page(trace: Trace) -> str:
    from ..renderers.html import render_html

    return render_html(trace)


def _write_figures(trace: Trace, stem: Path) -> list[Path]:
    # The tutorial's figure series for this decision, in its own folder DIR/move-N-figures.
    from ..outputs.figure_files import render_series, write_series

    folder = stem.with_name(stem.name + "-figures")
    files = render_series(trace, "svg")
    write_series(folder, files)
    return [folder / "index.html"]  # the page that shows the whole series


#: Every kind of file a decision can be saved as, in the order they are written.
OUTPUT_KINDS: dict[str, Writer] = {
    "svg": one_file(".svg", _tree_svg),  # the game tree (tracer.renderers.tree)
    "json": _write_json,  # the full JSON trace (tracer.renderers.json_trace)
    "figures": _write_figures,  # one figure per test-play + overview + index.html
    "html": one_file(".html", _page),  # the step-by-step page
}

#: What ``--save`` and ``why`` write unless ``--save-as`` says otherwise: the pictures and
#: the page. The JSON trace is opt-in: for the AI's opening move it is 75 MB.
DEFAULT_KINDS: tuple[str, ...] = ("svg", "figures", "html")


def decision_stem(folder: Path, game: int, move: int) -> Path:
    """``DIR/move-3`` for the first game's third move, ``DIR/game-2-move-3`` later on."""
    name = f"move-{move}" if game == 1 else f"game-{game}-move-{move}"
    return folder / name


def save_decision(trace: Trace, stem: Path, kinds: list[str]) -> list[Path]:
    """Write ``trace`` as each of ``kinds`` beside ``stem``; return every path written."""
    paths: list[Path] = []
    for kind in kinds:
        paths.extend(OUTPUT_KINDS[kind](trace, stem))
    return paths
