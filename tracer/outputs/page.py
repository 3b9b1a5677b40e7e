"""``--html PATH``: the step-through page, one self-contained file."""

from __future__ import annotations

import os

from ..errors import InputError
from .base import Output
from .files import check_output_path, write_atomically, write_stdout


def check_html_path(path: str, tree_output: str | None) -> None:
    """Refuse, before anything is written, a page path that cannot be written."""
    if path == "-":
        if tree_output == "-":
            raise InputError("the page and the tree cannot both go to standard output", "--html")
        return
    check_output_path(path, "--html")


class PageOutput(Output):
    option = "--html"
    path_field = "html_path"

    def check(self) -> None:
        from ..renderers.html import check_page, check_start_call

        check_html_path(self.path, self.request.output)
        check_start_call(self.trace, self.request.focus)
        check_page(self.trace)

    def render(self) -> None:
        from ..renderers.html import render_html

        self.page = render_html(self.trace, start_call=self.request.focus, figures_href=self.figures_href())

    def figures_href(self) -> str | None:
        """The figures page this run writes, as a link from the page (None: none is written, or
        the page goes to standard output, where no relative link can reach it)."""
        folder = self.request.figures_dir
        if folder is None or self.path == "-":
            return None
        index = os.path.join(os.path.abspath(folder), "index.html")
        relative = os.path.relpath(index, os.path.dirname(os.path.abspath(self.path)))
        from urllib.parse import quote  # only a page's link needs it

        return quote(relative.replace(os.sep, "/"))

    def write(self) -> None:
        if self.path == "-":
            write_stdout(self.page)
            return
        write_atomically(self.path, self.page.encode("utf-8"))
        if not self.request.quiet:
            self.report(f"trace: wrote {self.path} ({self.describe()})")

    def describe(self) -> str:
        """What the page holds, for the line that says it was written."""
        from ..renderers.html import describe_page

        return describe_page(self.trace)
