"""Where a class row's control groups go: read from /proc/self/cgroup and /proc/self/mountinfo.

The lines below are written by hand in the kernel's formats (proc(5): "/proc/pid/mountinfo",
cgroups(7): "/proc/pid/cgroup"); the folders expected are worked out from them here.
"""

from __future__ import annotations

from pathlib import Path

from tracer.classcheck.cgroups import own_groups

#: cgroup v1, each controller mounted on its own under /sys/fs/cgroup, as on many servers.
V1_CGROUP = "9:pids:/\n4:memory:/session/42\n1:cpu:/\n0::/\n"
V1_MOUNTS = """31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
"""


def test_cgroup_v1_gives_the_process_own_group_of_each_controller() -> None:
    assert own_groups(V1_CGROUP, V1_MOUNTS) == {"cpu": "/sys/fs/cgroup/cpu/", "pids": "/sys/fs/cgroup/pids/"}


def test_a_process_deeper_in_v1_gets_its_own_group_folder() -> None:
    cgroup = V1_CGROUP.replace("9:pids:/", "9:pids:/teacher/run")
    assert own_groups(cgroup, V1_MOUNTS)["pids"] == "/sys/fs/cgroup/pids/teacher/run"


def test_in_a_container_the_mount_root_is_taken_off_the_path() -> None:
    """A container sees its own group as the top of the mount (mountinfo's fourth field)."""
    cgroup = "9:pids:/docker/abc/job\n1:cpu:/docker/abc\n"
    mounts = ("39 31 0:36 /docker/abc /sys/fs/cgroup/pids rw - cgroup cgroup rw,pids\n"
              "32 31 0:29 /docker/abc /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n")
    assert own_groups(cgroup, mounts) == {"pids": "/sys/fs/cgroup/pids/job", "cpu": "/sys/fs/cgroup/cpu/"}


def test_cgroup_v2_only_where_the_controllers_are_enabled_below(tmp_path: Path) -> None:
    own = tmp_path / "user.slice" / "run"
    own.mkdir(parents=True)
    cgroup = "0::/user.slice/run\n"
    mounts = f"41 31 0:38 / {tmp_path} rw,relatime - cgroup2 cgroup2 rw\n"
    (own / "cgroup.subtree_control").write_text("cpu memory pids\n", encoding="utf-8")
    assert own_groups(cgroup, mounts) == {"cpu": str(own), "pids": str(own)}
    (own / "cgroup.subtree_control").write_text("memory\n", encoding="utf-8")
    assert own_groups(cgroup, mounts) == {}


def test_no_cgroup_mounts_no_groups() -> None:
    mounts = "23 1 254:0 / / rw,relatime - ext4 /dev/vda rw\n"
    assert own_groups(V1_CGROUP, mounts) == {}
    assert own_groups("", "") == {}
