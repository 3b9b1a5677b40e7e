"""Run ``trace`` as a program, as a user does, and measure the run's peak memory.

The peak is read from ``wait4`` in a small launcher process that starts ``trace``:
Linux carries a process's peak resident size across ``fork``/``exec`` from the
memory it was started from, so measured straight from pytest (hundreds of MiB by
then) every run would seem at least that large. The launcher is small, and its
child's peak includes the layout programs ``trace`` waits for (dot, graphviz-pure).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tracer.errors import MESSAGE_LIMIT

#: Starts argv[4:], its standard input from the file argv[1] ('' for none, 'closed' for a
#: descriptor 0 closed before it starts, as ``trace … <&-`` does) and its output to the
#: files argv[2] and argv[3], and prints its exit status, peak RSS (KiB) and CPU seconds.
_LAUNCHER = """
import json, os, subprocess, sys
source, out, err = sys.argv[1:4]
stdin = subprocess.DEVNULL if source in ("", "closed") else open(source, "rb")
closing = (lambda: os.close(0)) if source == "closed" else None
child = subprocess.Popen(sys.argv[4:], stdin=stdin, stdout=open(out, "wb"), stderr=open(err, "wb"),
                         preexec_fn=closing)
_, status, usage = os.wait4(child.pid, 0)
print(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_maxrss, usage.ru_utime + usage.ru_stime]))
"""


@dataclass
class Run:
    """What one run of ``trace`` did."""

    returncode: int
    stdout: bytes
    stderr: str
    #: Its peak resident memory, its layout programs' included (MiB).
    peak_mib: float
    #: Its CPU time (seconds), for messages: the tests never assert on time.
    cpu: float

    @property
    def lines(self) -> list[str]:
        return self.stderr.splitlines()


def trace_run(*args: str, cwd: Path, stdin: str | Path | None = None, closed_stdin: bool = False,
              env: dict[str, str] | None = None, timeout: float = 600) -> Run:
    """Run ``trace ARGS`` in ``cwd`` (standard input from the file ``stdin``, else empty)."""
    source = "closed" if closed_stdin else "" if stdin is None else str(stdin)
    with tempfile.TemporaryDirectory() as captured:
        out, err = Path(captured) / "stdout", Path(captured) / "stderr"
        launcher = [sys.executable, "-c", _LAUNCHER, source, str(out), str(err),
                    sys.executable, "-m", "tracer", *args]
        done = subprocess.run(launcher, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL, env={**os.environ, **(env or {})})
        assert done.returncode == 0, done.stderr
        status, peak_kib, cpu = json.loads(done.stdout)
        return Run(status, out.read_bytes(), err.read_text(encoding="utf-8", errors="replace"),
                   peak_kib / 1024, cpu)


def one_error_line(run: Run, status: int = 2, *words: str) -> str:
    """The run's one ``trace: error:`` line, after checking it is all standard error says."""
    assert run.returncode == status, (run.returncode, run.stderr[-2000:])
    assert len(run.lines) == 1 and run.lines[0].startswith("trace: error: "), run.stderr[-2000:]
    line = run.lines[0]
    assert len(line) <= len("trace: error: ") + MESSAGE_LIMIT, len(line)
    assert "\x1b" not in line and "Traceback" not in run.stderr
    for word in words:
        assert word in line, line
    return line
