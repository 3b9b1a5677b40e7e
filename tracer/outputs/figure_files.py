"""The figure series as files: each figure run through Graphviz, plus the index page.

Everything is rendered in memory first, so a failure leaves the target folder
untouched; ``write_series`` then writes file by file, each atomically.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError
from ..trace import Trace

if TYPE_CHECKING:
    from ..renderers.figures import Figure
from .files import IMAGE_FORMATS, pipe, write_atomically


def figure_format(fmt: str | None) -> str:
    """The format of the figure files: ``--format`` if it is an image format, else svg."""
    if fmt is None:
        return "svg"
    if fmt not in IMAGE_FORMATS:
        raise InputError(
            f"figures are drawn as {', '.join(IMAGE_FORMATS)}, found --format {fmt} "
            f"(write the {fmt} tree or trace in a separate run)",
            "--figures",
        )
    return fmt


def check_folder(folder: str) -> Path:
    """The target folder as a Path; InputError if it exists and is not a folder."""
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise InputError(f"expected a folder to write the figures into, found a file: {folder!r}",
                         "--figures")
    return path


def render_series(
    trace: Trace,
    fmt: str,
    *,
    depth: int | None = None,
    max_nodes: int | None = None,
    series: list[Figure] | None = None,
    engine: str | None = None,
    scale: float = 1.0,
) -> dict[str, bytes | str]:
    """Every file of the series, by file name: ``figure-1.svg`` ..., ``overview.svg``,
    ``index.html`` (whose figures are always inline SVG, whatever ``fmt``).

    ``series`` is the figures already built (``figures(trace, ...)``), if they are;
    ``engine`` and ``scale`` go to the layout (see tracer.outputs.layout).
    """
    from ..renderers.figures import figures
    from ..renderers.figures_page import render_page

    if series is None:
        series = figures(trace, depth=depth, max_nodes=max_nodes)
    files: dict[str, bytes | str] = {}
    svgs = []
    for fig in series:
        svg = pipe(fig.graph, "svg", engine=engine)
        svgs.append(svg.decode("utf-8"))
        files[f"{fig.name}.{fmt}"] = svg if fmt == "svg" else pipe(fig.graph, fmt, engine=engine, scale=scale)
    files["index.html"] = render_page(trace, series, svgs, [f"{f.name}.{fmt}" for f in series])
    return files


def write_series(folder: Path, files: dict[str, bytes | str]) -> None:
    """Create ``folder`` if needed and write every file into it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create the folder: {exc.strerror}", str(folder)) from None
    for name, data in files.items():
        write_atomically(folder / name, data)
