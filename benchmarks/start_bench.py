"""Benchmark a summary run's whole process side by side with node running the guide's JavaScript.

Run from the repository root, with tracer installed::

    .venv/bin/python benchmarks/start_bench.py            # print the table
    .venv/bin/python benchmarks/start_bench.py --write    # also update benchmarks/RESULTS.md

Floor (issue 38): ``trace empty.txt --stats --no-tree`` as a whole process at most
0.7x node running the guide's JavaScript on the same (empty) board. Every other search
of the registry is timed beside it, for information.

The machine is shared (2 cores, often loaded), so every command runs once per round,
the commands in a rotating order, for many rounds, so that others' load falls on
tracer and node alike; each figure is the median over the rounds beside the minimum
(the run least disturbed by others), and ratios compare median with median and
minimum with minimum. The CPU time (user + system) is given too: it moves less with
the load than the wall time does (node's counts its helper threads as well).

Python's bytecode caches are written by a warm-up run, as any first run (or ``pip
install``) writes them, even where the environment sets PYTHONDONTWRITEBYTECODE (this
machine does): without them every run compiles tracer's modules again, a cost no user
pays twice.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import EMPTY, SEED, machine, tutorial_js, write_section  # noqa: E402

#: The most a summary run may take, as a share of node's run of the guide's JavaScript.
FLOOR = 0.7

#: The timed commands' environment: this one, bytecode caches allowed.
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def whole_process(argv: list[str]) -> dict[str, float]:
    """Wall time and CPU time (user + system, the child's own) of one run, in ms."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, ENVIRONMENT, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed with status {status}")
    return {"wall": wall * 1000, "cpu": (usage.ru_utime + usage.ru_stime) * 1000}


def rounds(commands: dict[str, list[str]], count: int) -> dict[str, dict[str, list[float]]]:
    """Every command once per round, the order rotating from round to round."""
    names = list(commands)
    found: dict[str, dict[str, list[float]]] = {name: {"wall": [], "cpu": []} for name in names}
    for i in range(count):
        for name in names[i % len(names):] + names[: i % len(names)]:
            for key, value in whole_process(commands[name]).items():
                found[name][key].append(value)
    return found


def commands(tmp: Path) -> dict[str, list[str]]:
    """What is timed: node on the guide's JavaScript, then ``trace`` with each search."""
    node = shutil.which("node")
    if node is None or not SEED.exists():
        raise SystemExit(f"the floor is measured against node running the guide's JavaScript: it needs node and "
                         f"{SEED} (set TRACER_GUIDE_JS to the guide's text)")
    js = tmp / "tutorial.js"
    js.write_text(tutorial_js(list(range(9))), encoding="utf-8")
    board = tmp / "empty.txt"
    board.write_text(EMPTY.read_text(encoding="utf-8"), encoding="utf-8")
    trace = shutil.which("trace", path=str(Path(sys.executable).parent)) or "trace"
    searches = subprocess.run([sys.executable, "-c", "from tracer import search; print(*search.names())"],
                              capture_output=True, text=True, check=True).stdout.split()
    found = {"node": [node, str(js)], "python -c pass": [sys.executable, "-c", "pass"],
             "summary": [trace, str(board), "--stats", "--no-tree"]}
    for name in searches:
        found[name] = [trace, str(board), "--stats", "--no-tree", "--algorithm", name]
    return found


def table(runs: dict[str, dict[str, list[float]]]) -> list[str]:
    node = runs["node"]
    labels = {"node": "the guide's JavaScript under node (empty board)",
              "summary": f"`trace empty.txt --stats --no-tree` (floor ≤ {FLOOR}×)"}
    rows = ["| whole process | wall, median / min | CPU, median / min | wall against node (median, min) "
            "| CPU against node (median, min) |", "|---|---|---|---|---|"]
    for name, found in runs.items():
        cells = [f"{statistics.median(found[k]):.1f} / {min(found[k]):.1f}" for k in ("wall", "cpu")]
        ratios = ["", ""] if name == "node" else [
            f"{statistics.median(found[k]) / statistics.median(node[k]):.2f}×, {min(found[k]) / min(node[k]):.2f}×"
            for k in ("wall", "cpu")]
        label = labels.get(name, f"`{name}`" if " " in name else f"`trace empty.txt --stats --no-tree "
                                                                  f"--algorithm {name}`")
        rows.append(f"| {label} | {cells[0]} | {cells[1]} | {ratios[0]} | {ratios[1]} |")
    return rows


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21, help="runs of each command (minimum and median)")
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()
    loads = [load_average()]
    with tempfile.TemporaryDirectory() as tmp:
        timed = commands(Path(tmp))
        for argv in timed.values():  # warm up: bytecode caches written, files in the page cache
            whole_process(argv)
        runs = rounds(timed, args.rounds)
    loads.append(load_average())
    rows = table(runs)
    wall, cpu = (statistics.median(runs["summary"][k]) / statistics.median(runs["node"][k]) for k in ("wall", "cpu"))
    verdict = (f"\n\nFloor ≤ {FLOOR}× node: {'met' if max(wall, cpu) <= FLOOR else 'NOT met'} "
               f"({wall:.2f}× by the wall-time medians, {cpu:.2f}× by the CPU-time medians).")
    how = (f"Machine: {machine()}; load average {loads[0]} at the start, {loads[1]} at the end. "
           f"{args.rounds} rounds, each running every command once in a rotating order; "
           "each cell is the median / the minimum over the rounds, in ms.")
    print(how + "\n\n" + "\n".join(rows) + verdict)
    if args.write:
        write_section("benchmarks/start_bench.py", rows, args.rounds, footer=verdict, how=how)


if __name__ == "__main__":
    main()
