"""The learner's program as a process tree that ends with the check, whatever it starts.

A program may start processes (a fork, a node child, a ``setsid`` daemon) that hold its
output open or keep running. So tracer starts a *guard* (this file, run by tracer's Python
with the standard library only) that starts the host in a session of its own, bound to die
with the guard (``PR_SET_PDEATHSIG``); on Linux the guard is a child subreaper, so every
process the program starts stays below it (found in ``/proc``). It ends the whole tree when
the host ends, when tracer writes ``k`` on the control pipe (the time limit), and when that
pipe closes (tracer finished, or died, even of SIGKILL); then it removes the check's folder.
Elsewhere than Linux it kills the host's process group and its own children only.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import shutil
import signal
import sys
import time
from collections.abc import Iterator

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
#: Longest the guard goes on killing a tree that keeps forking (seconds).
KILL_PATIENCE = 10.0


def _prctl(option: int, value: int) -> bool:
    """Linux's prctl(2), where there is one; whether it succeeded."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _children_table() -> dict[int, list[int]] | None:
    """Every process's children, read from /proc (None where there is no /proc)."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    table: dict[int, list[int]] = {}
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        table.setdefault(int(fields[1]), []).append(int(name))
    return table


def descendants(pid: int) -> list[int] | None:
    """Every process below ``pid`` (None where the system does not say)."""
    table = _children_table()
    if table is None:
        return None
    found, todo = [], list(table.get(pid, []))
    while todo:
        child = todo.pop()
        found.append(child)
        todo.extend(table.get(child, []))
    return found


def _reap() -> bool:
    """Collect every ended child; whether any child is left."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return False
        if pid == 0:
            return True


def end_tree(group: int) -> None:
    """Kill the host's process group and everything below the guard, until nothing is left."""
    deadline = time.monotonic() + KILL_PATIENCE
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            os.killpg(group, signal.SIGKILL)
        below = descendants(os.getpid())
        for pid in below or []:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        if not _reap():
            return
        time.sleep(0.01)


def _start_host(command: list[str]) -> int:
    """Fork the host in a session of its own, bound to die with the guard; its pid."""
    guard = os.getpid()
    pid = os.fork()
    if pid:
        return pid
    try:
        os.setsid()
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != guard:  # the guard ended before the line above took effect
            os._exit(137)
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE):
            signal.signal(signum, signal.SIG_DFL)
        os.execv(command[0], command)
    except OSError as exc:
        os.write(2, f"cannot run {command[0]}: {exc.strerror}\n".encode("utf-8", "replace"))
    os._exit(127)


def guard(control: int, folder: str, command: list[str]) -> None:
    """Run ``command`` as said above, until the control pipe closes."""
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_IGN)  # tracer alone decides when the tree ends
    os.set_inheritable(control, False)
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    host = _start_host(command)
    _let_go_of_pipes(control)
    host_running = True
    while True:
        ready, _, _ = select.select([control], [], [], 0.05)
        word = os.read(control, 1) if ready else b"-"
        _reap()  # orphans the program left, ended since
        if word in (b"", b"k") or (host_running and _ended(host)):
            host_running = False
            end_tree(host)
        if word == b"":
            break
    shutil.rmtree(folder, ignore_errors=True)


def _let_go_of_pipes(control: int) -> None:
    """Close the guard's copies of the host's pipes (its output, tracer's command and notify
    pipes): they must close when the program's tree has ended, not when the guard does."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    os.closerange(3, control)
    os.closerange(control + 1, 1024)


def _ended(host: int) -> bool:
    """Whether the host has ended (and is collected)."""
    try:
        pid, _ = os.waitpid(host, os.WNOHANG)
    except ChildProcessError:
        return True
    return pid == host


class Stopped(BaseException):
    """SIGTERM or SIGHUP (its number the one argument) arrived: the check ends as on Ctrl-C."""


@contextlib.contextmanager
def ending_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise Stopped, so every ``finally`` runs (the
    program's tree ends, the temporary folder goes); then tracer ends of the same signal."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    def stop(signum: int, frame: object) -> None:
        raise Stopped(signum)

    caught = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s]
    previous = {signum: signal.signal(signum, stop) for signum in caught}
    try:
        yield
    except Stopped as stopped:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        os.kill(os.getpid(), stopped.args[0])  # as the signal would have ended tracer
        raise SystemExit(128 + stopped.args[0]) from None  # if its handler let tracer live
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def guard_command(control: int, folder: str, command: list[str]) -> list[str]:
    """The command line that runs ``command`` under a guard (tracer's own Python, isolated)."""
    return [sys.executable, "-I", "-S", os.path.abspath(__file__), str(control), folder, "--", *command]


if __name__ == "__main__":
    guard(int(sys.argv[1]), sys.argv[2], sys.argv[4:])
