"""One submission checked in isolation: a scratch copy of its folder, a separate ``trace check``
process with its own limits, its output captured apart, and every process it started ended.

The child runs in a new session, so its process group can be killed at once; where Linux
allows, as the init of a PID namespace of its own (``child.confine``), whose end ends every
process in it, and in control groups of its own (``cgroups``), whose members are killed too.
Elsewhere every process of the row carries a marker in its environment, by which those that
left both groups (a program in a session of its own) are found and ended.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any

from . import cgroups, child
from .rows import Row, stand_in
from .submissions import Submission

#: The environment variable that marks every process of one row.
MARKER = "TRACER_CLASS_ROW"
#: Most bytes of the child's report read back (a program printing without end is cut by the
#: single check first; this is the class's own guard).
MAX_REPORT_BYTES = 64 * 1024 * 1024
#: Folders not copied into a scratch copy: tools' caches, and version control.
NOT_COPIED = ("__pycache__", ".git")


class _Running:
    """The children running now, so that an interrupted class run ends them all (they run in
    sessions of their own, which the terminal's Ctrl-C does not reach)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.children: dict[int, tuple[Any, str, list[str]]] = {}
        self.stopping = False

    def start(self, token: str, groups: list[str], *how: Any) -> Any:
        """Start one row's check (``child.run_command``'s arguments) unless the run is being stopped."""
        with self.lock:
            if self.stopping:
                return None
            process = child.start(*how, groups)
            self.children[process.pid] = (process, token, groups)
            return process

    def done(self, process: Any) -> None:
        with self.lock:
            self.children.pop(process.pid, None)

    def stop_all(self) -> None:
        """End every running child and start no more."""
        with self.lock:
            self.stopping = True
            running = list(self.children.values())
        for process, token, groups in running:
            end_row(process, token, groups)


RUNNING = _Running()


@dataclass
class RowSettings:
    """How each submission is run: the single check's options (as its command line spells them),
    the teacher's files (option, path), the row's wall-clock limit (seconds) and memory (bytes,
    0 for none), where its pages go (``--report``), and the teacher's folders no row may change."""

    check_args: list[str]
    teacher_files: list[tuple[str, str]]
    deadline: float
    memory: int
    pages: str | None
    read_only: list[str]


def check_submission(submission: Submission, settings: RowSettings, index: int) -> Row:
    """The row of one submission (a refusal when it has no single program to check)."""
    if submission.entry is None:
        return Row(submission.name, stand_in(None, "refused", submission.refusal_kind or "no-program",
                                            submission.refusal or ""),
                   2, 0.0)
    scratch = tempfile.mkdtemp(prefix="tracer-class-")
    try:
        work = _copy(submission, scratch)
        argv = _command(submission, settings, scratch, index)
        return _run(submission, argv, work, scratch, settings)
    finally:
        _remove(scratch)


def _copy(submission: Submission, scratch: str) -> str:
    work = os.path.join(scratch, "work")
    if submission.alone:
        os.mkdir(work)
        shutil.copyfile(os.path.join(submission.folder, submission.entry or ""),
                        os.path.join(work, submission.entry or ""))
    else:
        shutil.copytree(submission.folder, work, ignore=_not_copied)
    os.mkdir(os.path.join(scratch, "tmp"))
    return work


def _not_copied(folder: str, names: list[str]) -> set[str]:
    """Caches, and links: a link could lead the program out of its copy onto the teacher's files."""
    return {n for n in names if n in NOT_COPIED or os.path.islink(os.path.join(folder, n))}


def _command(submission: Submission, settings: RowSettings, scratch: str, index: int) -> list[str]:
    argv = ["check", submission.entry or ""]
    given = os.path.join(scratch, "given")
    for number, (option, path) in enumerate(settings.teacher_files):
        inside = os.path.join(submission.folder, path)
        if option == "--with" and not submission.alone and os.path.isfile(inside):
            argv += [option, path]  # the submission's own script, in its copy
            continue
        if not os.path.isfile(path):
            argv += [path] if option == "BOARD" else [option, path]  # the single check names what is missing
            continue
        copy = os.path.join(given, str(number), os.path.basename(path))
        os.makedirs(os.path.dirname(copy))
        shutil.copyfile(path, copy)
        argv += [copy] if option == "BOARD" else [option, copy]
    argv += settings.check_args + ["--format", "json"]
    if settings.pages is not None:
        folder = os.path.join(settings.pages, page_folder(index))
        os.makedirs(folder, exist_ok=True)
        argv += ["--side-by-side", os.path.join(folder, "trees.html"),
                 "--html", os.path.join(folder, "steps.html")]
    return argv


def page_folder(index: int) -> str:
    """The folder of a row's pages under ``--report DIR``: by position, so no name can escape it."""
    return f"s{index + 1:04d}"


def _run(submission: Submission, argv: list[str], work: str, scratch: str, settings: RowSettings) -> Row:
    token = uuid.uuid4().hex
    env = dict(os.environ, **{MARKER: token, "TMPDIR": os.path.join(scratch, "tmp")})
    out_path, err_path = os.path.join(scratch, "report.json"), os.path.join(scratch, "stderr.txt")
    started = time.monotonic()
    for path in (out_path, err_path):
        open(path, "wb").close()
    # The temporary folder read-only too, so that no row reaches another's scratch copy.
    read_only = settings.read_only + [os.path.realpath(tempfile.gettempdir())]
    # The copy and its temporary folder, not the scratch folder around them: the report files
    # there stay out of the program's reach (by ``..``), where the whole file system can be
    # made read-only.
    writable = [os.path.realpath(os.path.join(scratch, name)) for name in ("work", "tmp")]
    writable += [os.path.realpath(settings.pages)] if settings.pages else []
    groups = cgroups.make_groups(token)
    process = RUNNING.start(token, groups, argv, work, env, out_path, err_path, settings.memory, read_only,
                            writable)
    if process is None:
        cgroups.end_groups(groups)
        raise KeyboardInterrupt  # the class run is being stopped
    try:
        process.join(settings.deadline)
        overran = process.exitcode is None
    finally:
        end_row(process, token, groups)
        RUNNING.done(process)
    seconds = round(time.monotonic() - started, 2)
    if overran:
        return Row(submission.name, stand_in(submission.entry, "error", "time-limit",
                                             f"its check ran past {settings.deadline:g} s and was stopped"),
                   1, seconds)
    return read_row(submission, process.exitcode, out_path, err_path, seconds, work)


def end_row(process: Any, token: str, groups: list[str]) -> None:
    """Kill the child's process group (its PID namespace's init with it, and so every process
    in that namespace), then every process left in the row's control groups or carrying its
    marker (where the system gave the row no namespace)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.join()
    cgroups.end_groups(groups)
    for _ in range(100):
        if not _kill_marked(token):
            return
        time.sleep(0.01)


def _kill_marked(token: str) -> int:
    """SIGKILL every process of this user whose environment holds ``MARKER=token``; how many."""
    needle = f"{MARKER}={token}".encode()
    killed = 0
    try:
        pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/environ", "rb") as stream:
                if needle not in stream.read().split(b"\0"):
                    continue
            os.kill(pid, signal.SIGKILL)
            killed += 1
        except (OSError, ProcessLookupError):
            continue
    return killed


def read_row(submission: Submission, status: int, out_path: str, err_path: str, seconds: float,
             work: str) -> Row:
    """The row from what the child wrote: its JSON report, or its one-line refusal. Paths into the
    scratch copy ``work`` (a traceback's, in the program's output) are named as the submission's
    own files, so that the row is the same on every run and points where the teacher looks."""
    try:
        with open(out_path, "rb") as stream:
            report = stream.read(MAX_REPORT_BYTES + 1)
    except OSError:  # removed or made unreadable by the program, where it could reach it
        report = b""
    data: Any = None
    if len(report) <= MAX_REPORT_BYTES:
        try:
            data = json.loads(report.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            data = None
    # The longer first: where a link leads to the copy, one spelling may end the other.
    copies = sorted({os.path.join(work, ""), os.path.join(os.path.realpath(work), "")}, key=len, reverse=True)
    folder = os.path.join(submission.folder, "")
    if isinstance(data, dict) and "verdict" in data:
        data = _renamed(data, copies, folder)
        data["file"] = submission.entry
        return Row(submission.name, data, status, seconds)
    message = _renamed(_last_line(err_path), copies, folder) or f"its check ended with status {status} and no report"
    verdict, kind = ("refused", "refused") if status == 2 else ("error", "check-failed")
    return Row(submission.name, stand_in(submission.entry, verdict, kind, message), status, seconds)


def _renamed(value: Any, copies: list[str], folder: str) -> Any:
    if isinstance(value, str):
        for copy in copies:
            value = value.replace(copy, folder)
        return value
    if isinstance(value, dict):
        return {key: _renamed(item, copies, folder) for key, item in value.items()}
    return [_renamed(item, copies, folder) for item in value] if isinstance(value, list) else value


def _last_line(path: str) -> str:
    try:
        with open(path, "rb") as stream:
            stream.seek(max(0, os.path.getsize(path) - 4096))
            lines = stream.read().decode("utf-8", "replace").strip().splitlines()
    except OSError:
        return ""
    line = lines[-1] if lines else ""
    return line.removeprefix("trace: error: ")


def _remove(folder: str) -> None:
    """Remove a scratch folder, even one the program made read-only."""
    def writable_then_retry(function: Any, path: str, _exc: Any) -> None:
        try:
            os.chmod(os.path.dirname(path), 0o700)
            os.chmod(path, 0o700)
            function(path)
        except OSError:
            pass

    # Python 3.12 renamed the hook (and warns about the old name).
    hook: dict[str, Any] = {"onexc" if sys.version_info >= (3, 12) else "onerror": writable_then_retry}
    shutil.rmtree(folder, **hook)
