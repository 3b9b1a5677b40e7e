"""Check every submission, several at once, with a progress bar on a terminal."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass

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
    """What the class check was asked to do: the single check's options for each submission,
    as its command line spells them; the teacher's files for every check (``BOARD``,
    ``--stdin`` or ``--with``, and the path); the single check's ``--timeout`` and
    ``--boards``, which make the row's deadline; ``--report DIR`` and ``-o PATH``."""

    check_args: list[str]
    teacher_files: list[tuple[str, str]]
    entry: str | None
    jobs: int | None
    timeout: float
    boards: int | None
    memory_mb: int
    report: str | None
    result_file: str | None = None


def run_class(paths: list[str], options: ClassOptions, progress: bool = False) -> ClassResult:
    """Every submission's row, in name order (InputError if there are none to find)."""
    skip = tuple(f for f in (options.report, os.path.dirname(options.result_file or "")) if f)
    submissions = find_submissions(paths, options.entry, skip)
    pages = os.path.abspath(os.path.join(options.report, "submissions")) if options.report else None
    settings = RowSettings(check_args=options.check_args, teacher_files=options.teacher_files,
                           deadline=options.timeout * (3 + (options.boards or 0)) + ROW_GRACE,
                           memory=options.memory_mb * 1024 * 1024, pages=pages,
                           read_only=teacher_folders(paths))
    jobs = options.jobs or (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count())
    rows = _run_all(submissions, settings, jobs or 1, progress)
    for index, row in enumerate(rows if pages is not None else ()):
        for kind in ("trees", "steps"):
            if os.path.isfile(os.path.join(settings.pages or "", page_folder(index), f"{kind}.html")):
                row.pages[kind] = f"submissions/{page_folder(index)}/{kind}.html"
    return ClassResult(rows)


def teacher_folders(paths: list[str]) -> list[str]:
    """The folders the class's files are in, none inside another: what no submission may change."""
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


#: Up one line, and clear it (the bar's last line, which click ends with a newline).
ERASE_LINE_ABOVE = "\x1b[1A\x1b[2K"


@contextmanager
def _bar(total: int, wanted: bool) -> Iterator[Callable[[int], None]]:
    """click's progress bar on standard error when it is a terminal."""
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
