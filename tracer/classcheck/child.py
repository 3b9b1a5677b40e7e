"""Each submission's ``trace check``, forked from a warm process.

Python's start and tracer's imports are the larger part of checking a submission of the
guide's size, so a fork server (``multiprocessing``'s, once per class run) imports them once
and forks a process per submission, which makes itself what a separate ``trace check``
would be: its own session, memory limit, empty standard input, output files, working folder
and environment. Where Linux allows, it also shuts itself in: the row's control groups, a
file system read-only but for its copy, a PID namespace whose init runs the check (the
kernel ends whatever the program left behind with it), and a bound on its tasks.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.forkserver
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

from ..errors import EnvironmentFault
from . import cgroups
from .cgroups import ROW_TASKS

#: The longest temporary folder the fork server's socket fits under: a Unix socket's path has at
#: most 107 bytes, and multiprocessing adds a folder and a name of about 35 to it.
SOCKET_FOLDER_BYTES = 70
#: Where to put the socket instead when the temporary folder (TMPDIR) is deeper than that.
SHORT_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm")

PRELOAD = ["tracer.commands", "tracer.check.command", "tracer.check.running.run", "tracer.check.presenting.result",
           "tracer.outputs.check", "tracer.check.presenting.trees"]

_context: Any = None


def _forkserver() -> Any:
    global _context
    if _context is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        with _socket_folder():
            try:
                multiprocessing.forkserver.ensure_running()
            except OSError as error:
                raise EnvironmentFault(f"the class run could not start its fork server: {error}") from None
        _context = context
    return _context


@contextlib.contextmanager
def _socket_folder() -> Iterator[None]:
    """Start the fork server's socket in a folder short enough for a Unix socket's path, even
    when TMPDIR is deep; the rows' own folders stay in TMPDIR."""
    if len(os.fsencode(tempfile.gettempdir())) <= SOCKET_FOLDER_BYTES:
        yield
        return
    usable = [f for f in SHORT_FOLDERS if os.path.isdir(f) and os.access(f, os.W_OK | os.X_OK)]
    if not usable:
        raise EnvironmentFault(f"the temporary folder {tempfile.gettempdir()} is too deep for the class run's "
                      f"socket, and none of {', '.join(SHORT_FOLDERS)} is writable: set TMPDIR to a "
                      "shorter folder")
    saved, tempfile.tempdir = tempfile.tempdir, usable[0]
    try:
        yield
    finally:
        tempfile.tempdir = saved


def start(*how: Any) -> Any:
    """Start ``run_command(*how)`` in a process forked from the warm one (a
    ``multiprocessing.Process``, joined to wait for it)."""
    process = _forkserver().Process(target=run_command, args=how)
    process.start()
    return process


def run_command(args: list[str], work: str, env: dict[str, str], out_path: str, err_path: str,
                memory: int, read_only: list[str], writable: list[str], groups: list[str]) -> None:
    """In the forked process: become a separate ``trace`` process in the control groups
    ``groups``, with ``read_only`` (but ``writable`` inside them) read-only to it where Linux
    allows; run ``args`` in ``work`` with ``env``, output to the two files; exit with its status."""
    cgroups.join(groups)
    os.setsid()
    _limit(memory)
    _redirect(out_path, err_path)  # opened before the file system turns read-only around them
    own_users, own_pids = confine(read_only, writable)
    if own_pids:
        _become_init()
    cap_processes(own_users, own_pids)
    os.chdir(work)
    os.environ.clear()
    os.environ.update(env)
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
CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID = 0x00020000, 0x10000000, 0x20000000
MS_RDONLY, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 32, 4096, 16384, 1 << 18

#: The least ``pid_max`` a PID namespace may have (Linux 6.14 and later): at most 300 tasks
#: for a row where RLIMIT_NPROC does not apply (root).
NAMESPACE_PID_MAX = 301


def confine(read_only: list[str], writable: list[str]) -> tuple[bool, bool]:
    """Give this process namespaces of its own (in a user namespace of its own unless root): a
    PID namespace, whose init is its next child, and a mount namespace in which the file system
    is read-only to it but ``writable`` (on an older Linux, only ``read_only`` is). Returns
    whether it has its own user and PID namespaces; where the system allows none, the scratch
    copy and the row's marker remain the isolation."""
    if not sys.platform.startswith("linux"):
        return False, False
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    uid, gid = os.getuid(), os.getgid()
    own_users = uid != 0
    own_pids = True
    base = CLONE_NEWNS | (CLONE_NEWUSER if own_users else 0)
    if libc.unshare(base | CLONE_NEWPID) != 0:
        own_pids = False  # some containers allow mount namespaces and no PID namespace
        if libc.unshare(base) != 0:
            return False, False
    try:
        if own_users:
            for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
                with open(f"/proc/self/{name}", "w") as stream:
                    stream.write(text)
    except OSError:
        return False, own_pids
    _read_only(libc, read_only, writable)
    return own_users, own_pids


def _read_only(libc: Any, read_only: list[str], writable: list[str]) -> None:
    """The whole file system read-only but ``writable``, ``/dev`` and ``/proc`` where Linux
    can do it at once (mount_setattr, 5.12); else only ``read_only`` (the teacher's folders)."""
    import ctypes

    mount = libc.mount
    mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_void_p]
    if mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        return
    # Each writable folder a mount of its own, before the one beneath turns read-only (a bind
    # mount on the same file system is no mount point to os.path.ismount: counted here).
    own = [path for path in writable if mount(os.fsencode(path), os.fsencode(path), None, MS_BIND, None) == 0]
    if _set_read_only(libc, "/", True):
        for path in own:
            _set_read_only(libc, path, False)
        for path in ("/dev", "/proc"):  # /dev/null and the row's pid_max; not /dev/shm beneath
            if os.path.ismount(path):
                _set_read_only(libc, path, False, recursive=False)
        return
    # The writable folders' own mounts, made above, are carried into these and stay writable.
    bound = [os.fsencode(path) for path in read_only
             if mount(os.fsencode(path), os.fsencode(path), None, MS_BIND | MS_REC, None) == 0]
    for where in bound:
        mount(None, where, None, MS_BIND | MS_REMOUNT | MS_RDONLY, None)


#: mount_setattr(2): its number where it is known to be 442 (x86-64, arm64), flags and attribute.
SYS_MOUNT_SETATTR, AT_FDCWD, AT_RECURSIVE, MOUNT_ATTR_RDONLY = 442, -100, 0x8000, 0x1
MOUNT_SETATTR_MACHINES = ("x86_64", "aarch64")


def _set_read_only(libc: Any, path: str, read_only: bool, recursive: bool = True) -> bool:
    """Make the mount at ``path`` (and those under it) read-only, or writable again; whether it could."""
    import ctypes
    import platform

    if platform.machine() not in MOUNT_SETATTR_MACHINES:
        return False

    class MountAttr(ctypes.Structure):
        _fields_ = [("attr_set", ctypes.c_uint64), ("attr_clr", ctypes.c_uint64),
                    ("propagation", ctypes.c_uint64), ("userns_fd", ctypes.c_uint64)]

    attr = MountAttr(MOUNT_ATTR_RDONLY if read_only else 0, 0 if read_only else MOUNT_ATTR_RDONLY, 0, 0)
    libc.syscall.restype = ctypes.c_long
    flags = ctypes.c_uint(AT_RECURSIVE if recursive else 0)
    done = libc.syscall(ctypes.c_long(SYS_MOUNT_SETATTR), ctypes.c_int(AT_FDCWD), os.fsencode(path), flags,
                        ctypes.byref(attr), ctypes.c_size_t(ctypes.sizeof(attr)))
    return done == 0


def _become_init() -> None:
    """Fork the row's init, the first process of the new PID namespace, which goes on to run the
    check; this process ends with its status. The kernel kills whatever the learner's program
    left behind in the namespace (children, a daemon) when the init ends."""
    init = os.fork()
    if init == 0:
        return
    _, status = os.waitpid(init, 0)  # retried by Python itself when a signal interrupts it (PEP 475)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1)


def cap_processes(own_users: bool, own_pids: bool) -> None:
    """Bound the row's tasks, so that a fork bomb stops at its own row: a small ``pid_max`` for
    its PID namespace where Linux allows one, and RLIMIT_NPROC (which does not bind root)."""
    import resource

    if own_pids:
        try:
            with open("/proc/sys/kernel/pid_max", "w") as stream:
                stream.write(str(NAMESPACE_PID_MAX))
        except OSError:
            pass  # older than Linux 6.14: one pid_max for the whole machine
    if os.getuid() == 0:
        return  # RLIMIT_NPROC does not bind root: the pids group and pid_max do
    # In a user namespace of its own the kernel counts RLIMIT_NPROC apart from the user's
    # other processes; outside one, the limit is set above what the user runs now.
    with contextlib.suppress(OSError, ValueError):
        _cap(resource.RLIMIT_NPROC, ROW_TASKS if own_users else _user_tasks() + ROW_TASKS)


def _user_tasks() -> int:
    """How many tasks (threads included, as RLIMIT_NPROC counts them) this user runs now."""
    uid, count = os.getuid(), 0
    for name in os.listdir("/proc"):
        try:
            if name.isdigit() and os.stat(f"/proc/{name}").st_uid == uid:
                count += len(os.listdir(f"/proc/{name}/task"))
        except OSError:
            continue
    return count


def _limit(memory: int) -> None:
    if memory <= 0:
        return
    import resource

    for which in (resource.RLIMIT_AS, resource.RLIMIT_DATA):
        _cap(which, memory)


def _cap(which: int, most: int) -> None:
    """Set a resource limit, soft and hard, to ``most``, or to its hard limit if that is lower."""
    import resource

    hard = resource.getrlimit(which)[1]
    cap = most if hard == resource.RLIM_INFINITY else min(most, hard)
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
