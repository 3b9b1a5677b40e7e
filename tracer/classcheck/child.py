"""Each submission's ``trace check``, started from a warm process.

A class of two hundred would otherwise pay two hundred Python starts and two hundred
imports of tracer's checker: the larger part of checking a submission of the guide's
size. A fork server (``multiprocessing``'s, started once per class run) imports them once
and forks a fresh process for each submission, which then makes itself what a separate
``trace check`` process would be: a session of its own, its own memory limit, standard
input empty, output to its own files, its scratch copy as working folder, its own
environment. It runs the command line there and ends.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from typing import Any

#: What waiting past a deadline raises (the rows' module reads it from here, the one module that runs
#: the checks).
TimeoutExpired = subprocess.TimeoutExpired

#: What the fork server imports once: the command line and the single check's engine.
PRELOAD = ["tracer.commands", "tracer.check.command", "tracer.check.running.run", "tracer.check.presenting.result",
           "tracer.outputs.check", "tracer.check.presenting.trees"]

_context: Any = None


def _forkserver() -> Any:
    global _context
    if _context is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        _context = context
    return _context


class Child:
    """A started check, waited for as ``subprocess.Popen`` is (``pid``, ``wait``, ``returncode``)."""

    def __init__(self, process: Any):
        self.process = process
        self.pid: int = process.pid
        self.returncode: int | None = None

    def wait(self, timeout: float | None = None) -> int:
        self.process.join(timeout)
        if self.process.exitcode is None:
            raise subprocess.TimeoutExpired("trace check", timeout or 0)
        self.returncode = self.process.exitcode
        return self.returncode


def start(args: list[str], work: str, env: dict[str, str], out_path: str, err_path: str, memory: int,
          read_only: list[str], writable: list[str]) -> Child:
    """Start ``trace ARGS`` in ``work`` with ``env``, its output to the two files, the folders
    ``read_only`` (but ``writable`` inside them) read-only to it where Linux allows."""
    process = _forkserver().Process(target=run_command,
                                    args=(args, work, env, out_path, err_path, memory, read_only, writable))
    process.start()
    return Child(process)


def run_command(args: list[str], work: str, env: dict[str, str], out_path: str, err_path: str,
                memory: int, read_only: list[str], writable: list[str]) -> None:
    """In the forked process: become a separate ``trace`` process, run ``args``, exit with its status."""
    os.setsid()
    _limit(memory)
    confine(read_only, writable)
    _redirect(out_path, err_path)
    os.chdir(work)
    os.environ.clear()
    os.environ.update(env)
    import tempfile

    tempfile.tempdir = None  # found again from TMPDIR, the scratch copy's
    status = 0
    try:
        from ..cli import start as run_trace

        run_trace(args)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                status = status or 1
    os._exit(status)


# Linux's unshare(2) and mount(2) flags.
CLONE_NEWNS, CLONE_NEWUSER = 0x00020000, 0x10000000
MS_RDONLY, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 32, 4096, 16384, 1 << 18


def confine(read_only: list[str], writable: list[str]) -> bool:
    """Make ``read_only`` read-only to this process and all it starts (a mount namespace of
    its own, in a user namespace of its own unless root), ``writable`` inside them excepted.
    False, and nothing changed, where the system does not allow it: the scratch copy remains
    the isolation then, for programs that write by relative paths."""
    if not read_only or not sys.platform.startswith("linux"):
        return False
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(CLONE_NEWNS | (0 if uid == 0 else CLONE_NEWUSER)) != 0:
        return False
    try:
        if uid != 0:
            for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
                with open(f"/proc/self/{name}", "w") as stream:
                    stream.write(text)
    except OSError:
        return False
    mount = libc.mount
    mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_void_p]
    if mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        return False
    bound = [os.fsencode(path) for path in read_only
             if mount(os.fsencode(path), os.fsencode(path), None, MS_BIND | MS_REC, None) == 0]
    for path in writable:  # its own mount on top, before the one beneath turns read-only
        mount(os.fsencode(path), os.fsencode(path), None, MS_BIND, None)
    for where in bound:
        mount(None, where, None, MS_BIND | MS_REMOUNT | MS_RDONLY, None)
    return True


def _limit(memory: int) -> None:
    if memory <= 0:
        return
    import resource

    for which in (resource.RLIMIT_AS, resource.RLIMIT_DATA):
        soft, hard = resource.getrlimit(which)
        cap = memory if hard == resource.RLIM_INFINITY else min(memory, hard)
        resource.setrlimit(which, (cap, cap))


def _redirect(out_path: str, err_path: str) -> None:
    """Standard input empty, output and errors to their files, as a new process's would be."""
    encoding, errors = sys.stdout.encoding, sys.stdout.errors
    for fd, path, flags in ((0, os.devnull, os.O_RDONLY), (1, out_path, os.O_WRONLY | os.O_TRUNC),
                            (2, err_path, os.O_WRONLY | os.O_TRUNC)):
        opened = os.open(path, flags)
        os.dup2(opened, fd)
        os.close(opened)
    sys.stdin = open(0, encoding=encoding, closefd=False)  # noqa: SIM115 - the process's own stream
    sys.stdout = open(1, "w", encoding=encoding, errors=errors, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding=encoding, errors="backslashreplace", closefd=False)  # noqa: SIM115
