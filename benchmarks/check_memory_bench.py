"""Benchmark ``trace check --boards N``'s own memory (issue 33): at most 300 MiB at any allowed N.

Run from the repository root, with tracer installed::

    .venv/bin/python benchmarks/check_memory_bench.py                 # N = 30, 1000, 2000
    .venv/bin/python benchmarks/check_memory_bench.py --boards 2000 --write

Each run checks the Python port of the guide's minimax (tests/learners/py_guide_port.py)
on N varied positions, in a fresh process whose peak resident memory is read from
``getrusage(RUSAGE_SELF)`` once the check is done: tracer's own, without the program it
runs (the program's host and its guard are other processes).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import ROOT, machine, write_section  # noqa: E402

PORT = ROOT / "tests" / "learners" / "py_guide_port.py"
TARGET_MIB = 300
#: Runs ``trace check ARGS`` in this process and prints its exit status and peak RSS (KiB).
_MEASURE = """
import json, resource, sys
from tracer.commands import main
try:
    main(sys.argv[1:], prog_name="trace", standalone_mode=False)
    status = 0
except SystemExit as stop:
    status = stop.code
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
sys.stderr.write(json.dumps([status, peak]) + "\\n")
"""


def measure(boards: int) -> tuple[int, float, float]:
    """Exit status, peak MiB and wall seconds of ``trace check PORT --boards N``."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURE, "check", str(PORT), "--boards", str(boards),
                           "--timeout", "120"], capture_output=True, text=True, cwd=ROOT)
    took = time.perf_counter() - start
    status, peak_kib = json.loads(done.stderr.strip().splitlines()[-1])
    return status or 0, peak_kib / 1024, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, nargs="*", default=[30, 1000, 2000])
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()
    rows = ["| --boards | exit status | tracer's peak RSS | wall |", "|---|---|---|---|"]
    for boards in args.boards:
        status, peak, took = measure(boards)
        rows.append(f"| {boards:,} | {status} | {peak:.0f} MiB | {took:.0f} s |")
        print(rows[-1], flush=True)
    if args.write:
        command = "python benchmarks/check_memory_bench.py " + " ".join(sys.argv[1:])
        how = (f"Machine: {machine()}. Command: `{command.strip()}`. Target: at most {TARGET_MIB} MiB "
               "of tracer's own memory at any N up to 2,000 (it was 1,645 MiB at 2,000 when issue 33 "
               "was filed: every passed search kept what was read of its calls).")
        write_section("check_memory_bench.py", rows, None, how=how)

if __name__ == "__main__":
    main()
