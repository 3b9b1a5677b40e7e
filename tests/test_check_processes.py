"""``trace check`` ends the learner's whole process tree with the check (issue 33, item 2).

Each program here starts processes of its own, as learners' programs do (a fork, a
``setsid`` daemon, a child that holds the output open, a busy loop), and writes their
pids to files in tmp_path. The tests assert that every such process is gone once the check
has ended (at the time limit, after Ctrl-C, SIGTERM or SIGKILL to tracer itself), that the
check ended within ``--timeout`` and a margin, and that no temporary folder is left. Any
process a test finds still alive is killed by its pid before the test ends.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_check_edges import program

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the guarantees are Linux's")

#: Slack for starting Python or node and for the host's own margin past --timeout (seconds).
MARGIN = 8.0


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its parent counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except OSError:
        return False


def pids_in(folder: Path) -> list[int]:
    return [int(p.read_text()) for p in folder.glob("*.pid") if p.read_text().strip().isdigit()]


@contextlib.contextmanager
def cleaned_up(folder: Path):
    """Kill, by pid, any process the program left that the check did not end."""
    try:
        yield
    finally:
        for pid in pids_in(folder):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def gone_soon(pids: list[int], seconds: float = 3.0) -> list[int]:
    """The pids still running after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if alive(p)]


def trace_check(tmp_path: Path, *args: str, timeout: float = 2.0) -> tuple[subprocess.Popen, Path]:
    """``trace check ARGS --timeout T`` started in tmp_path, its temporary files in tmp_path/tmp."""
    temp = tmp_path / "tmp"
    temp.mkdir(exist_ok=True)
    process = subprocess.Popen([sys.executable, "-m", "tracer", "check", *args, "--timeout", str(timeout)],
                               cwd=tmp_path, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env={**os.environ, "TMPDIR": str(temp)})
    return process, temp


PY_FORK = """
import os, subprocess, sys, time
def _spawn(tag, code):
    child = subprocess.Popen([sys.executable, "-c", code], start_new_session=(tag == "setsid"))
    open(os.path.join(FOLDER, tag + ".pid"), "w").write(str(child.pid))
if os.fork() == 0:  # a forked child sleeping with the program's output open
    open(os.path.join(FOLDER, "fork.pid"), "w").write(str(os.getpid()))
    time.sleep(300)
    os._exit(0)
_spawn("setsid", "import time; time.sleep(300)")
_spawn("busy", "while True: pass")
"""

JS_FORK = """
const cp = require("child_process"), fs = require("fs"), path = require("path");
function spawn(tag, args, options) {
  const child = cp.spawn(args[0], args.slice(1), options);
  fs.writeFileSync(path.join(FOLDER, tag + ".pid"), String(child.pid));
  return child;
}
spawn("inherit", ["sleep", "300"], {stdio: "inherit"}).unref();
spawn("setsid", ["sleep", "300"], {stdio: "inherit", detached: true}).unref();
spawn("busy", [process.execPath, "-e", "for (;;) {}"], {stdio: "inherit"}).unref();
"""

LANGUAGES = ["py", pytest.param("js", marks=pytest.mark.node)]


def hostile(tmp_path: Path, language: str, tail: str = "") -> Path:
    folder = tmp_path / "pids"
    folder.mkdir()
    head = f"FOLDER = {str(folder)!r}\n" if language == "py" else f"const FOLDER = {str(folder)!r};\n"
    spawn = PY_FORK if language == "py" else JS_FORK
    return program(tmp_path, language, head + spawn + tail)


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_the_program_started_ends_with_the_check(tmp_path: Path, language: str) -> None:
    hostile(tmp_path, language)
    with cleaned_up(tmp_path / "pids"):
        started = time.monotonic()
        process, temp = trace_check(tmp_path, f"prog.{language}")
        out, err = process.communicate(timeout=60)
        took = time.monotonic() - started
        pids = pids_in(tmp_path / "pids")
        assert len(pids) == 3, pids
        assert gone_soon(pids) == []
    assert process.returncode == 0, err
    assert b"identical" in out
    assert took < 2.0 + MARGIN, took
    assert list(temp.iterdir()) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_program_looping_after_its_search_ends_at_the_time_limit(tmp_path: Path, language: str) -> None:
    loop = "while True:\n    pass\n" if language == "py" else "for (;;) {}\n"
    path = hostile(tmp_path, language)
    path.write_text(path.read_text(encoding="utf-8") + loop, encoding="utf-8")
    with cleaned_up(tmp_path / "pids"):
        started = time.monotonic()
        process, temp = trace_check(tmp_path, path.name, timeout=1.0)
        process.communicate(timeout=60)
        took = time.monotonic() - started
        assert gone_soon(pids_in(tmp_path / "pids")) == []
    assert took < 1.0 + MARGIN, took
    assert list(temp.iterdir()) == []


def _tracer_children(pid: int) -> list[int]:
    """Every process below ``pid`` now."""
    from tracer.check.running.processes import descendants

    return descendants(pid) or []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
def test_a_signal_to_tracer_ends_the_programs_whole_tree(tmp_path: Path, language: str, signum: int) -> None:
    loop = "while True:\n    pass\n" if language == "py" else "for (;;) {}\n"
    hostile(tmp_path, language, loop)
    with cleaned_up(tmp_path / "pids"):
        process, temp = trace_check(tmp_path, f"prog.{language}", timeout=120)
        try:
            deadline = time.monotonic() + 30
            while len(pids_in(tmp_path / "pids")) < 3 and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.3)  # the loop has begun
            below = _tracer_children(process.pid)
            assert below, "the program should be running"
            os.kill(process.pid, signum)
            process.communicate(timeout=30)
        finally:
            with contextlib.suppress(OSError):
                process.kill()
        assert gone_soon(pids_in(tmp_path / "pids") + below) == []
    assert process.returncode == -signum or (signum == signal.SIGINT and process.returncode in (1, 130))
    deadline = time.monotonic() + 3  # after SIGKILL, the guard removes the folder
    while list(temp.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert list(temp.iterdir()) == []


def test_a_process_the_search_forks_exits_without_speaking_for_the_program(tmp_path: Path) -> None:
    # A child forked inside the search that exits at once with os._exit is not the program
    # exiting inside its search: the program itself goes on and makes the guide's 9 calls.
    from checking import LEARNERS, calls, run_check

    text = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")
    loop = "    available = empty_cells(board)\n"
    assert text.count(loop) == 1
    text = "import os\n" + text.replace(loop, loop + "    if os.fork() == 0:\n        os._exit(0)\n")
    path = tmp_path / "forks.py"
    path.write_text(text, encoding="utf-8")
    code, data, err = run_check(str(path))
    assert code == 0, err
    assert (data["verdict"], data["calls"], data["error"]) == ("identical", calls("X.OX.XOO.", "X"), None)
