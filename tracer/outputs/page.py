"""``--html PATH``: the step-through page, one self-contained file."""

from __future__ import annotations

from ..trace import Trace
from . import Output, Request
from .files import write_atomically, write_stdout


class PageOutput(Output):
    option = "--html"

    @classmethod
    def plan(cls, trace: Trace, request: Request) -> PageOutput | None:
        return None if request.html_path is None else cls(trace, request)

    @property
    def path(self) -> str:
        assert self.request.html_path is not None  # planned only for --html
        return self.request.html_path

    def paths(self) -> list[str]:
        return [] if self.path == "-" else [self.path]

    def check(self) -> None:
        from ..renderers.html import check_html_path, check_start_call

        check_html_path(self.path, self.request.output)
        check_start_call(self.trace, self.request.focus)

    def render(self) -> None:
        from ..renderers.html import render_html

        self.page = render_html(self.trace, start_call=self.request.focus)

    def write(self) -> None:
        if self.path == "-":
            write_stdout(self.page)
            return
        write_atomically(self.path, self.page.encode("utf-8"))
        if not self.request.quiet:
            from ..renderers.html import describe_page

            self.report(f"trace: wrote {self.path} ({describe_page(self.trace)})")
