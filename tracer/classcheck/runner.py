"""Check every submission, several at once, with a progress bar on a terminal."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field

from .isolation import RUNNING, RowSettings, check_submission, page_folder
from .result import ClassResult
from .rows import Row
from .submissions import Submission, find_submissions

#: The memory each row may map by default (MiB): far above a search of the guide's size.
DEFAULT_MEMORY_MB = 2048
#: Time a row's check may take beyond its searches' own limits (seconds): starting, drawing.
ROW_GRACE = 30.0


@dataclass
class ClassOptions:
    """What the class check was asked to do, beyond the single check's own options."""

    #: The single check's options for each submission, as its command line spells them.
    check_args: list[str] = field(default_factory=list)
    #: Files the teacher gives to every check: (``BOARD``/``--stdin``/``--with``, path).
    teacher_files: list[tuple[str, str]] = field(default_factory=list)
    entry: str | None = None
    jobs: int | None = None
    #: The single check's ``--timeout`` and ``--boards``, for the row's overall deadline.
    timeout: float = 10.0
    boards: int | None = None
    memory_mb: int = DEFAULT_MEMORY_MB
    #: ``--report DIR``: where the class page and each row's pages go.
    report: str | None = None
    #: ``-o PATH``: the file the class's result is written to (its folder is no submission).
    result_file: str | None = None


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_class(paths: list[str], options: ClassOptions, progress: bool = False) -> ClassResult:
    """Every submission's row, in name order (InputError if there are none to find)."""
    skip = tuple(f for f in (options.report, os.path.dirname(options.result_file or "")) if f)
    submissions = find_submissions(paths, options.entry, skip)
    pages = os.path.abspath(os.path.join(options.report, "submissions")) if options.report else None
    settings = RowSettings(check_args=options.check_args, teacher_files=options.teacher_files,
                           deadline=options.timeout * (3 + (options.boards or 0)) + ROW_GRACE,
                           memory=options.memory_mb * 1024 * 1024, pages=pages,
                           read_only=teacher_folders(paths))
    rows = _run_all(submissions, settings, options.jobs or default_jobs(), progress)
    if settings.pages is not None:
        for index, row in enumerate(rows):
            _link_pages(row, settings.pages, index)
    return ClassResult(rows)


def teacher_folders(paths: list[str]) -> list[str]:
    """The folders the class's files are in (the class folder, or each file's folder), none
    inside another: what no submission may change."""
    folders = sorted({os.path.realpath(p if os.path.isdir(p) else os.path.dirname(p) or ".") for p in paths})
    return [f for f in folders if not any(f.startswith(other.rstrip(os.sep) + os.sep) for other in folders)]


def _run_all(submissions: list[Submission], settings: RowSettings, jobs: int, progress: bool) -> list[Row]:
    rows: list[Row | None] = [None] * len(submissions)
    RUNNING.stopping = False
    with _bar(len(submissions), progress) as advance, ThreadPoolExecutor(max(1, jobs)) as pool:
        futures = {pool.submit(check_submission, s, settings, i): i for i, s in enumerate(submissions)}
        try:
            for future in as_completed(futures):
                rows[futures[future]] = future.result()
                advance(1)
        except BaseException:
            # Interrupted (Ctrl-C) or failed: start no more, end the running ones, then stop.
            pool.shutdown(wait=False, cancel_futures=True)
            RUNNING.stop_all()
            raise
    return [row for row in rows if row is not None]


def _link_pages(row: Row, pages: str, index: int) -> None:
    folder = os.path.join(pages, page_folder(index))
    for kind in ("trees", "steps"):
        if os.path.isfile(os.path.join(folder, f"{kind}.html")):
            row.pages[kind] = f"submissions/{page_folder(index)}/{kind}.html"


#: Up one line, and clear it (the bar's last line, which click ends with a newline).
ERASE_LINE_ABOVE = "\x1b[1A\x1b[2K"


@contextmanager
def _bar(total: int, wanted: bool) -> Iterator[Callable[[int], None]]:
    """click's progress bar on standard error when it is a terminal (done, of how many, time left)."""
    if not (wanted and sys.stderr.isatty()):
        yield lambda _done: None
        return
    import click

    with click.progressbar(length=total, label="checking", file=sys.stderr, show_pos=True, show_eta=True,
                           width=30) as bar:
        yield bar.update
    sys.stderr.write(ERASE_LINE_ABOVE)  # done: the bar's line erased, so that the result stands alone
    sys.stderr.flush()


def check_class(path: str | os.PathLike[str] | list[str], *, entry: str | None = None, jobs: int | None = None,
                function: str | None = None, with_files: list[str] | tuple[str, ...] = (), call: str | None = None,
                boards: int | None = None, scores: str | None = None, timeout: float = 10.0,
                max_calls: int | None = None, memory_mb: int = DEFAULT_MEMORY_MB,
                report: str | None = None) -> ClassResult:
    """Check every submission in a class folder (or a list of program files), as
    ``trace check DIR`` does; returns the rows, which show themselves in Jupyter as the table."""
    paths = [os.fspath(p) for p in path] if isinstance(path, list) else [os.fspath(path)]
    args: list[str] = ["--timeout", f"{timeout:g}"]
    for option, value in (("--function", function), ("--call", call), ("--scores", scores),
                          ("--boards", boards), ("--max-calls", max_calls)):
        if value is not None:
            args += [option, str(value)]
    options = ClassOptions(check_args=args, teacher_files=[("--with", f) for f in with_files], entry=entry,
                           jobs=jobs, timeout=timeout, boards=boards, memory_mb=memory_mb, report=report)
    result = run_class(paths, options)
    if report is not None:
        from .page import write_page

        write_page(result, report)
    return result
