"""``trace check DIR`` on a hostile class: each submission may harm only its own row.

The class, built here, mixes ports of the guide's minimax (one identical, one with a planted
mistake) with programs that hang, fork without end (in Python, and in JavaScript through
``child_process``), eat memory, print megabytes without a newline, read standard input,
write, rename and delete files in their folder and outside it (by ``..`` and by absolute
paths), follow and plant symbolic links out of their folder, change permissions, kill their
parent's process group, set an alarm, and leave a daemon behind. Afterwards the teacher's
folder and a folder beside it are byte for byte as they were, the two plain ports' rows are
as the plain minimax of ``checking`` says, every hostile row is its own, and no process of
the run is alive.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest
from checking import calls
from test_check_class import (
    GUIDE_BOARD,
    HELPERS_JS,
    SEARCH_JS,
    digest,
    first_wrong,
    port,
    processes_under,
    scratch_folders,
    trace_check,
)

# A class of hostile programs takes about 45 s of a worker: in the slow group, with the long walks.
pytestmark = pytest.mark.slow

#: Forks without end, each child in a session of its own, so that no process group holds them.
FORK_BOMB = """import os
while True:
    try:
        if os.fork() == 0:
            os.setsid()
    except OSError:
        pass
"""

#: The same in JavaScript: every copy starts four more, detached, and stays.
FORK_BOMB_JS = """const { spawn } = require("child_process");
for (let i = 0; i < 4; i++) {
  try { spawn(process.execPath, process.argv.slice(1), { stdio: "ignore", detached: true }); } catch (e) {}
}
setInterval(() => {}, 1000);
"""

HANG = "while True:\n    pass\n"
MEMORY = "hoard = []\nwhile True:\n    hoard.append(bytearray(64 * 1024 * 1024))\n"
SPAM = 'import sys\nsys.stdout.write("x" * (8 * 1024 * 1024))\nsys.stdout.flush()\n'
STDIN = "import sys\ngiven = sys.stdin.read()\n"
#: Its alarm goes off in its own process, before its search.
ALARM = "import signal, time\nsignal.alarm(1)\ntime.sleep(5)\n"

#: Tries every way to touch what is not its own; each attempt may fail, none may succeed.
VANDAL = """import os, shutil
TEACHER = "TEACHER_FOLDER"
OUTSIDE = "OUTSIDE_FOLDER"
def attempt(action, *args):
    try:
        action(*args)
    except OSError:
        pass
for name in os.listdir("."):
    if name != os.path.basename(__file__):
        attempt(shutil.rmtree if os.path.isdir(name) else os.remove, name)
attempt(os.rename, os.path.basename(__file__), "renamed.py")
attempt(os.rename, "renamed.py", os.path.basename(__file__))
for target in ("../escaped.txt", "../../escaped.txt", "../report.json", TEACHER + "/a_identical.py",
               TEACHER + "/planted.txt", OUTSIDE + "/keep.txt", OUTSIDE + "/new.txt"):
    attempt(lambda path: open(path, "w").write("overwritten"), target)
for folder in ("..", "../..", OUTSIDE, TEACHER + "/b_mistake"):
    attempt(shutil.rmtree, folder)
attempt(os.rename, TEACHER + "/a_identical.py", TEACHER + "/gone.py")
attempt(os.remove, TEACHER + "/notes.txt")
attempt(os.symlink, TEACHER + "/a_identical.py", "link.py")
attempt(lambda: open("link.py", "a").write("# appended through a link"))
for path, mode in ((TEACHER, 0), (TEACHER + "/a_identical.py", 0o777), (OUTSIDE, 0), (".", 0o500), ("..", 0)):
    attempt(os.chmod, path, mode)
attempt(os.chmod, ".", 0o700)
"""

#: Kills what it can reach above itself: its parent, and its parent's process group.
PARRICIDE = """import os, signal
for action in (lambda: os.killpg(os.getpgid(os.getppid()), signal.SIGKILL),
               lambda: os.kill(os.getppid(), signal.SIGKILL),
               lambda: os.killpg(0, signal.SIGTERM)):
    try:
        action()
    except OSError:
        pass
"""

#: Leaves two daemons (a double fork, a new session) that would outlive it: one writes later;
#: the other hides, its working folder "/" and its environment empty, named only by its
#: command line (which the test looks for).
DAEMON = """import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        for fd in (0, 1, 2):
            os.close(fd)
        if os.fork() == 0:
            os.chdir("/")
            os.execve("/bin/sh", ["sh", "-c", "sleep 600; : OUTSIDE_FOLDER"], {})
        time.sleep(3)
        for target in ("OUTSIDE_FOLDER/daemon.txt", "TEACHER_FOLDER/daemon.txt"):
            try:
                open(target, "w").write("the daemon outlived its row")
            except OSError:
                pass
        time.sleep(600)
    os._exit(0)
"""

#: Each hostile submission: its program, and the verdicts its row may have.
HOSTILE: dict[str, tuple[str, set[str]]] = {
    "c_hang.py": (port(prelude=HANG), {"error"}),
    "d_fork_bomb.py": (port(prelude=FORK_BOMB), {"error"}),
    "e_memory.py": (port(prelude=MEMORY), {"error", "refused"}),
    "j_alarm.py": (port(prelude=ALARM), {"error"}),
    # These harm nothing but themselves, then run the guide's search: their rows are identical.
    "f_spam.py": (port(prelude=SPAM), {"identical"}),
    "g_stdin.py": (port(prelude=STDIN), {"identical"}),
    "h_vandal/minimax.py": (port(prelude=VANDAL), {"identical"}),
    # Its last blow (SIGTERM to its own group) ends itself: its row, alone, is an error.
    "i_parricide.py": (port(prelude=PARRICIDE), {"error"}),
    "k_daemon.py": (port(prelude=DAEMON), {"identical"}),
}


def build_hostile_class(root: Path) -> tuple[Path, Path]:
    """The class folder and a folder beside it that no submission may touch."""
    teacher, outside = root / "class", root / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("the teacher's other files\n", encoding="utf-8")
    files = {"a_identical.py": port(), "b_mistake/minimax.py": port(restore="pass"),
             "notes.txt": "the teacher's notes\n", "h_vandal/data.txt": "the vandal's own data\n"}
    files.update({name: text for name, (text, _) in HOSTILE.items()})
    for name, text in files.items():
        path = teacher / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = text.replace("TEACHER_FOLDER", str(teacher)).replace("OUTSIDE_FOLDER", str(outside))
        path.write_text(text, encoding="utf-8")
    # A link out of a submission's folder: not followed into the scratch copy.
    (teacher / "h_vandal" / "escape").symlink_to(outside)
    return teacher, outside


def peak_processes(root: Path, stop: threading.Event, seen: list[int]) -> None:
    """Count, while the run goes, the processes working under ``root`` (the class run's rows)."""
    while not stop.wait(0.2):
        seen.append(len(processes_under(root)))


@pytest.fixture(scope="module")
def hostile_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("hostile")
    teacher, outside = build_hostile_class(root)
    tmp = root / "tmp"
    tmp.mkdir()
    before = {"teacher": digest(teacher), "outside": digest(outside), "root": sorted(os.listdir(root))}
    stop, seen = threading.Event(), [0]
    watcher = threading.Thread(target=peak_processes, args=(tmp, stop, seen))
    watcher.start()
    try:
        done = trace_check(str(teacher), "--timeout", "8", "--memory", "600", "--jobs", "2", "--format", "json",
                           cwd=root, tmp=tmp)
    finally:
        stop.set()
        watcher.join()
    return {"root": root, "teacher": teacher, "outside": outside, "tmp": tmp, "before": before, "done": done,
            "data": json.loads(done.stdout), "peak": max(seen)}


def test_the_plain_rows_are_right(hostile_run: dict[str, Any]) -> None:
    rows = {row["name"]: row for row in hostile_run["data"]["submissions"]}
    assert list(rows) == sorted(["a_identical.py", "b_mistake", *(n.split("/")[0] for n in HOSTILE)])
    identical = rows["a_identical.py"]
    assert (identical["verdict"], identical["calls"]) == ("identical", calls(GUIDE_BOARD, "X"))
    mistake = rows["b_mistake"]
    assert (mistake["verdict"], mistake["difference"]) == ("wrong", "board-not-restored")
    assert mistake["first_wrong"]["call"] == first_wrong(GUIDE_BOARD, "X", restore=False)


def test_each_hostile_row_is_its_own(hostile_run: dict[str, Any]) -> None:
    rows = {row["name"]: row for row in hostile_run["data"]["submissions"]}
    for name, (_, verdicts) in HOSTILE.items():
        row = rows[name.split("/")[0]]
        assert row["verdict"] in verdicts, (name, row["verdict"], row.get("error"), row.get("positions"))
        if row["verdict"] == "identical":
            assert row["calls"] == calls(GUIDE_BOARD, "X"), name
    for name in ("c_hang.py", "d_fork_bomb.py"):
        assert "ran past its limit" in rows[name]["error"]["message"], name
    assert hostile_run["done"].returncode == 1 and hostile_run["done"].stderr == ""


def test_nothing_but_the_scratch_copies_changes(hostile_run: dict[str, Any]) -> None:
    root, before = hostile_run["root"], hostile_run["before"]
    assert digest(hostile_run["teacher"]) == before["teacher"]
    assert digest(hostile_run["outside"]) == before["outside"]
    assert sorted(os.listdir(root)) == before["root"]
    assert scratch_folders(hostile_run["tmp"]) == set()


def test_no_process_outlives_the_run(hostile_run: dict[str, Any]) -> None:
    assert processes_under(hostile_run["root"]) == []
    # The daemon would have written by now, had it survived its row.
    threading.Event().wait(4)
    assert not (hostile_run["outside"] / "daemon.txt").exists()
    assert processes_under(hostile_run["root"]) == []


def test_a_fork_bomb_stays_small(hostile_run: dict[str, Any]) -> None:
    """Two rows at once, each bounded to a few hundred tasks at most, were ever alive together."""
    assert 0 < hostile_run["peak"] <= 2 * 300


@pytest.mark.node
def test_a_javascript_fork_bomb_stays_in_its_row(tmp_path: Path) -> None:
    teacher = tmp_path / "class"
    teacher.mkdir()
    good = HELPERS_JS + SEARCH_JS.replace("RESET", "b[i] = play.index;")
    (teacher / "good.js").write_text(good, encoding="utf-8")
    (teacher / "bomb.js").write_text(FORK_BOMB_JS + good, encoding="utf-8")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    before = digest(teacher)
    done = trace_check(str(teacher), "--timeout", "5", "--jobs", "2", "--format", "json", cwd=tmp_path, tmp=tmp)
    rows = {row["name"]: row for row in json.loads(done.stdout)["submissions"]}
    assert (rows["good.js"]["verdict"], rows["good.js"]["calls"]) == ("identical", calls(GUIDE_BOARD, "X"))
    assert rows["bomb.js"]["verdict"] == "error" and "ran past its limit" in rows["bomb.js"]["error"]["message"]
    assert digest(teacher) == before and processes_under(tmp_path) == []
