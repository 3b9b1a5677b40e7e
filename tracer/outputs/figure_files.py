"""``--figures DIR``: the figure series as files, each figure run through Graphviz, plus the index page.

Everything is rendered in memory first; ``write_series`` writes the series into a private folder
beside the target and only then swaps it in, so a failure leaves the previous series as it was,
and a new series never stands beside stale figures of an earlier, longer one.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError, quote
from ..trace import Trace
from .base import Output
from .files import IMAGE_FORMATS, check_name_length, pipe
from .safe_write import fault, temporary_folder

if TYPE_CHECKING:
    from ..renderers.figures import Figure

#: The files a series consists of: only these are ever replaced or removed in the
#: target folder; anything else a user keeps there is left alone. ``figure-N`` is
#: what earlier versions named the test-play figures: a new series replaces them too.
SERIES_FILE = re.compile(
    r"(?:tested-cell|after-test-play|test-play-[0-9]+|overview|final-board|figure-[0-9]+)"
    r"\.(?:svg|png|pdf)|index\.html"
)


def figure_format(fmt: str | None) -> str:
    """The format of the figure files: ``--format`` if it is an image format, else svg."""
    if fmt is None:
        return "svg"
    if fmt not in IMAGE_FORMATS:
        raise InputError(f"figures are drawn as {', '.join(IMAGE_FORMATS)}, found --format {fmt} "
                         f"(write the {fmt} tree or trace in a separate run)", "--figures")
    return fmt


def check_folder(folder: str) -> Path:
    """The target folder as a Path; InputError if it exists and is not a folder."""
    check_name_length(folder, "--figures")
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise InputError(f"expected a folder to write the figures into, found a file: {quote(folder)}",
                         "--figures")
    return path


def render_series(trace: Trace, fmt: str, *, series: list[Figure] | None = None, engine: str | None = None,
                  scale: float = 1.0) -> dict[str, bytes | str]:
    """Every file of the series, by file name: ``tested-cell.svg``, ``after-test-play.svg``,
    ``test-play-1.svg`` ..., ``overview.svg``, ``final-board.svg``, ``index.html`` (whose
    figures are always inline SVG, whatever ``fmt``); ``series``: the figures, if already built."""
    from ..renderers.figures import figures
    from ..renderers.figures_page import render_page

    if series is None:
        series = figures(trace)
    files: dict[str, bytes | str] = {}
    svgs = []
    for fig in series:
        svg = pipe(fig.graph, "svg", engine=engine)
        svgs.append(svg.decode("utf-8"))
        files[f"{fig.name}.{fmt}"] = svg if fmt == "svg" else pipe(fig.graph, fmt, engine=engine, scale=scale, svg=svg)
    files["index.html"] = render_page(trace, series, svgs, [f"{f.name}.{fmt}" for f in series])
    return files


def write_series(folder: Path, files: dict[str, bytes | str]) -> None:
    """Make ``folder`` hold exactly the series ``files`` (besides files that are not
    tracer's); a failure leaves it as it was. OSError becomes EnvironmentFault."""
    target = Path(os.path.realpath(folder))  # a symlinked folder: work beside the real one
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create the folder: {exc.strerror}", str(folder)) from None
    with temporary_folder(target) as staging:
        try:
            new = staging / "new"
            new.mkdir()
            for name, data in files.items():
                if isinstance(data, str):
                    (new / name).write_text(data, encoding="utf-8", newline="\n")
                else:
                    (new / name).write_bytes(data)
            if not target.exists():
                new.rename(target)  # made by mkdir (not mkdtemp): the mode mkdir gives
                return
            _swap_in(target, new, staging / "old")
        except OSError as exc:
            raise fault(folder, exc) from None


def _swap_in(target: Path, new: Path, old: Path) -> None:
    """Move the earlier series out of ``target`` into ``old``, the new one in from ``new``;
    on a failure, move everything back. Renames within one file system need no space."""
    earlier = sorted(p for p in os.listdir(target) if SERIES_FILE.fullmatch(p))
    old.mkdir()
    moved_out: list[str] = []
    moved_in: list[str] = []
    try:
        for name in earlier:
            os.rename(target / name, old / name)
            moved_out.append(name)
        for name in sorted(os.listdir(new)):
            os.rename(new / name, target / name)
            moved_in.append(name)
    except OSError:
        for name in moved_in:
            with contextlib.suppress(OSError):
                os.rename(target / name, new / name)
        for name in moved_out:
            with contextlib.suppress(OSError):
                os.rename(old / name, target / name)
        raise


class FiguresOutput(Output):
    option = "--figures"
    path_field = "figures_dir"

    def paths(self) -> list[str]:
        return [self.path]

    def covers(self, path: str) -> bool:
        """The folder itself, and any file in it that a series writes or replaces."""
        folder, name = os.path.split(path)
        return _same_folder(path, self.path) or (
            SERIES_FILE.fullmatch(name) is not None and _same_folder(folder or ".", self.path))

    def check(self) -> None:
        from ..renderers.figures import figures

        req = self.request
        self.fmt = figure_format(req.fmt)
        self.folder = check_folder(self.path)
        # Building the figures is cheap and refuses what cannot be drawn; laying them out is not.
        self.series = figures(self.trace, depth=req.depth, max_nodes=req.max_nodes)

    def render(self) -> None:
        req = self.request
        self.files = render_series(self.trace, self.fmt, series=self.series, engine=req.engine,
                                   scale=req.scale)

    def write(self) -> None:
        write_series(self.folder, self.files)
        if not self.request.quiet:
            count = len(self.files) - 1
            self.report(f"trace: wrote {count} figure{'' if count == 1 else 's'} and index.html to "
                        f"{self.path} ({self.fmt})")


def _same_folder(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name one folder (or would, once made): links followed."""
    real_a, real_b = os.path.realpath(a), os.path.realpath(b)
    if real_a == real_b:
        return True
    try:
        return os.path.samefile(real_a, real_b)
    except OSError:  # one does not exist yet
        return False
