"""``--figures DIR``: the guide's figure series and its index page, written into a folder."""

from __future__ import annotations

import os

from ..trace import Trace
from .base import Output, Request


class FiguresOutput(Output):
    option = "--figures"

    @classmethod
    def plan(cls, trace: Trace, request: Request) -> FiguresOutput | None:
        return None if request.figures_dir is None else cls(trace, request)

    @property
    def folder_name(self) -> str:
        assert self.request.figures_dir is not None  # planned only for --figures
        return self.request.figures_dir

    def paths(self) -> list[str]:
        return [self.folder_name]

    def covers(self, path: str) -> bool:
        """The folder itself, and any file in it that a series writes or replaces."""
        from .figure_files import SERIES_FILE

        folder, name = os.path.split(path)
        return _same_folder(path, self.folder_name) or (
            SERIES_FILE.fullmatch(name) is not None and _same_folder(folder or ".", self.folder_name))

    def check(self) -> None:
        from ..renderers.figures import figures
        from .figure_files import check_folder, figure_format

        req = self.request
        self.fmt = figure_format(req.fmt)
        self.folder = check_folder(self.folder_name)
        # Building the figures is cheap and refuses what cannot be drawn; laying them out is not.
        self.series = figures(self.trace, depth=req.depth, max_nodes=req.max_nodes)

    def render(self) -> None:
        from .figure_files import render_series

        req = self.request
        self.files = render_series(self.trace, self.fmt, series=self.series, engine=req.engine,
                                   scale=req.scale)

    def write(self) -> None:
        from .figure_files import write_series

        write_series(self.folder, self.files)
        if not self.request.quiet:
            count = len(self.files) - 1
            self.report(f"trace: wrote {count} figure{'' if count == 1 else 's'} and index.html to "
                        f"{self.folder_name} ({self.fmt})")


def _same_folder(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name one folder (or would, once made): links followed."""
    real_a, real_b = os.path.realpath(a), os.path.realpath(b)
    if real_a == real_b:
        return True
    try:
        return os.path.samefile(real_a, real_b)
    except OSError:  # one does not exist yet
        return False
