"""How fast and in how much memory ``trace render`` reads JSON traces (issue 9).

Run from the repository root:  .venv/bin/python benchmarks/json_read_bench.py
Targets: the empty board's 76 MB trace in <= 2 s and <= 100 MiB peak; 500 MB of junk
refused within seconds in bounded memory. Each row is one fresh ``trace`` process; CPU
time is shown beside wall time because the machine is shared.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

TRACE = [sys.executable, "-m", "tracer"]
MEASURE = (
    "import resource, subprocess, sys, time\n"
    "start = time.time()\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
    "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(time.time() - start, use.ru_utime + use.ru_stime, use.ru_maxrss / 1024,"
    " done.returncode)\n"
)


def measure(*args: str) -> tuple[float, float, float, int]:
    out = subprocess.run([sys.executable, "-c", MEASURE, *TRACE, *args],
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1]), float(out[2]), int(out[3])


def junk(path: Path, kind: str, size: int = 500 * 1024 * 1024) -> None:
    with open(path, "wb") as f:
        if kind == "random bytes":
            for _ in range(size // (1 << 20)):
                f.write(os.urandom(1 << 20))
        elif kind == "white space":
            f.write(b"{" + b" " * size)
        elif kind == "a huge array":
            f.write(b'{"format":"tracer-trace","version":1,"x":[' + b"1," * (size // 2))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        compact = folder / "empty.json"
        subprocess.run([*TRACE, "--example", "empty-board", "-q", "-o", str(compact)], check=True)
        rows = [("empty board, write_json layout (fast lane)", compact)]
        pretty = folder / "pretty.json"
        with open(compact) as src, open(pretty, "w") as dst:
            json.dump(json.load(src), dst, indent=1)
        rows.append(("empty board, indent=1 layout (general lane)", pretty))
        print(f"{'input':48} {'MB':>6} {'wall s':>7} {'cpu s':>6} {'peak MiB':>8} exit")
        for name, path in rows:
            wall, cpu, peak, code = measure("render", str(path), "-q", "--no-tree")
            print(f"{name:48} {path.stat().st_size / 1e6:6.0f} {wall:7.2f} {cpu:6.2f} "
                  f"{peak:8.0f} {code}")
        for kind in ("random bytes", "white space", "a huge array"):
            path = folder / "junk.json"
            junk(path, kind)
            wall, cpu, peak, code = measure("render", str(path), "-q", "--no-tree")
            print(f"{'500 MB of junk: ' + kind:48} {path.stat().st_size / 1e6:6.0f} {wall:7.2f} "
                  f"{cpu:6.2f} {peak:8.0f} {code}")
            path.unlink()


if __name__ == "__main__":
    main()
