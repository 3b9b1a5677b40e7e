"""A row's own control groups, where the system lets this user make them.

In a ``pids`` group of its own a row has at most ``ROW_TASKS`` tasks, even as root (whom
RLIMIT_NPROC does not bind); in a ``cpu`` group of its own, all its processes together have
one group's share of the processors, so a fork bomb whose processes each have a session (and
a scheduling autogroup) of their own weighs as one program does. The groups' processes are
killed when the row is done. Where no hierarchy can be written (most desktops, as a user),
``child.py``'s PID namespace and RLIMIT_NPROC bound the row alone.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time

#: Most tasks (processes and threads) of one row: room for tracer, the learner's program and
#: Node's threads, none for a fork bomb.
ROW_TASKS = 64
#: The controllers a row gets a group of, and the limit written in each (file, value).
CONTROLLERS = {"pids": ("pids.max", str(ROW_TASKS)), "cpu": None}


def make_groups(token: str) -> list[str]:
    """A group of the row's own in every writable hierarchy of ``CONTROLLERS``; their folders."""
    made = []
    for controller, folder in _own_groups().items():
        path = os.path.join(folder, f"tracer-class-{token}")
        try:
            os.mkdir(path)
        except OSError:
            continue
        limit = CONTROLLERS[controller]
        try:
            if limit is not None:
                with open(os.path.join(path, limit[0]), "w") as stream:
                    stream.write(limit[1])
        except OSError:
            with contextlib.suppress(OSError):
                os.rmdir(path)
            continue
        made.append(path)
    return made


def join(groups: list[str]) -> None:
    """Move this process (and so all it will start) into the row's groups."""
    for folder in groups:
        with contextlib.suppress(OSError), open(os.path.join(folder, "cgroup.procs"), "w") as stream:
            stream.write(str(os.getpid()))


#: Longest a row's groups are waited for to empty (seconds): a fork bomb's hundreds of
#: processes take a while to die on a loaded machine.
END_PATIENCE = 30.0


def end_groups(groups: list[str]) -> None:
    """Kill every process left in the row's groups, then remove them (once their last is gone)."""
    deadline = time.monotonic() + END_PATIENCE
    for folder in groups:
        pause = 0.005
        while True:
            _kill_members(folder)
            try:
                os.rmdir(folder)
                break
            except FileNotFoundError:
                break
            except OSError:  # its last processes are still dying
                if time.monotonic() > deadline:
                    break
                time.sleep(pause)
                pause = min(pause * 2, 0.2)


def _kill_members(folder: str) -> None:
    try:
        with open(os.path.join(folder, "cgroup.procs")) as stream:
            members = [int(line) for line in stream if line.strip()]
    except OSError:
        return
    for pid in members:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _own_groups() -> dict[str, str]:
    """For each controller wanted, this process's group's folder, where this user may make groups."""
    try:
        with open("/proc/self/cgroup") as stream:
            own = stream.read()
        with open("/proc/self/mountinfo") as stream:
            mounts = stream.read()
    except OSError:
        return {}
    return {controller: folder for controller, folder in own_groups(own, mounts).items()
            if os.access(folder, os.W_OK)}


def own_groups(cgroup: str, mountinfo: str) -> dict[str, str]:
    """From ``/proc/self/cgroup`` and ``/proc/self/mountinfo``, the folder of this process's
    group for each controller of ``CONTROLLERS`` (cgroup v1, or v2 where the controller is
    enabled for the children of this process's group)."""
    own = [line.split(":", 2) for line in cgroup.splitlines() if line.count(":") >= 2]
    found: dict[str, str] = {}
    for fields in (line.split() for line in mountinfo.splitlines()):
        if "-" not in fields:
            continue
        root, point, kind = fields[3], fields[4], fields[fields.index("-") + 1]
        options = set(fields[-1].split(","))
        for controller in CONTROLLERS:
            folder = None if controller in found else _group_folder(point, root, kind, options, controller, own)
            if folder:
                found[controller] = folder
    return found


def _group_folder(point: str, root: str, kind: str, options: set[str], controller: str,
                  own: list[list[str]]) -> str | None:
    """Where this process's group of ``controller`` is, in the hierarchy mounted at ``point``
    (``root``: the group the mount shows as its top, in a container)."""
    own = [[number, names, path.removeprefix(root.rstrip("/"))] for number, names, path in own]
    if kind == "cgroup" and controller in options:
        path = next((p for _, names, p in own if controller in names.split(",")), None)
    elif kind == "cgroup2":
        path = next((p for number, _, p in own if number == "0"), None)
        try:
            with open(os.path.join(point, (path or "/").lstrip("/"), "cgroup.subtree_control")) as stream:
                if controller not in stream.read().split():
                    return None
        except OSError:
            return None
    else:
        return None
    return os.path.join(point, path.lstrip("/")) if path is not None else None
