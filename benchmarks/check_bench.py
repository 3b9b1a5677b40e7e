"""Benchmark ``trace check`` (issue 21) on the empty board against the program run alone.

Run from the repository root, with tracer installed::

    .venv/bin/python benchmarks/check_bench.py            # print the table
    .venv/bin/python benchmarks/check_bench.py --write    # also update benchmarks/RESULTS.md

Target (issue 21): ``trace check`` of the guide's JavaScript on the empty board (549,946
calls, every one recorded and held against the guide's minimax) finishes in a few seconds;
it is measured beside ``node FILE`` alone, in the same run. The guide's program is read
from ../shared/seeds (or $TRACER_GUIDE_JS) at run time, its board swapped for the empty
one; without it, or without node, only the Python rows are measured. Wall time is
reported with the CPU time of the whole process tree (tracer and the program it runs):
on a loaded 2-core machine only the CPU time compares runs of different days.

Target (issue 32): a Python port of the guide on the empty board checked (``--boards 0``)
within 3× the CPU time of running the port alone; the three Python commands run in turns.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import ROOT, SEED, machine, write_section  # noqa: E402

PORT = ROOT / "tests" / "learners" / "py_guide_port.py"
GUIDE_BOARD = '["X", 1, "O", "X", 4, "X", "O", "O", 8]'
EMPTY_BOARD = "[0, 1, 2, 3, 4, 5, 6, 7, 8]"


def timed(argv: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system, the process and everything it waited for) of one run."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed with status {status}")
    return wall, usage.ru_utime + usage.ru_stime


def median(argv: list[str], repeat: int) -> tuple[float, float]:
    runs = [timed(argv) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def alternating(argvs: dict[str, list[str]], repeat: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU time of each command, run in turns (one of each per round), so a
    change in the machine's load falls on all of them alike."""
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in argvs}
    for _ in range(repeat):
        for name, argv in argvs.items():
            runs[name].append(timed(argv))
    return {name: (statistics.median(r[0] for r in found), statistics.median(r[1] for r in found))
            for name, found in runs.items()}


def guide_program(board: str) -> str:
    """The guide's whole program (its last JavaScript block), on ``board``."""
    text = SEED.read_text(encoding="utf-8")
    source = re.findall(r"```js\n(.*?)```", text, re.S)[-1]
    swapped, found = re.subn(r"const currentBoardState = \[.*?\];", f"const currentBoardState = {board};",
                             source, count=1)
    if found != 1:
        raise SystemExit("the guide's program no longer declares currentBoardState")
    return swapped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()
    repeat = args.repeat
    trace = shutil.which("trace", path=str(Path(sys.executable).parent)) or "trace"
    node = shutil.which("node")
    rows: list[tuple[str, str, str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        if node is not None and SEED.exists():
            js = Path(tmp, "guide-empty.js")
            js.write_text(guide_program(EMPTY_BOARD), encoding="utf-8")
            alone, alone_cpu = median([node, str(js)], repeat)
            rows.append(("`node guide-empty.js`: the guide's program alone", f"{alone * 1000:.0f} ms",
                         f"{alone_cpu * 1000:.0f} ms", "1.00×"))
            for label, extra in [("`trace check guide-empty.js`: the report", []),
                                 ("`trace check guide-empty.js --format json`", ["--format", "json"])]:
                wall, cpu = median([trace, "check", str(js), *extra], repeat)
                rows.append((label, f"{wall * 1000:.0f} ms", f"{cpu * 1000:.0f} ms",
                             f"{wall / alone:.1f}× node (target: a few seconds)"))
            # Its calls through every output of trace (the departure-free guide: the files only).
            outputs = [("`--log calls.txt`: every call narrated", ["--log", str(Path(tmp, "calls.txt"))]),
                       ("`-o tree.svg`: the tree, drawn to a readable depth", ["-o", str(Path(tmp, "tree.svg"))]),
                       ("`-o trace.json`: the learner's trace saved", ["-o", str(Path(tmp, "trace.json"))]),
                       ("`--side-by-side both.html`: both trees on one page",
                        ["--side-by-side", str(Path(tmp, "both.html"))])]
            for label, extra in outputs:
                wall, cpu = median([trace, "check", str(js), *extra], max(1, repeat // 2))
                rows.append((f"`trace check guide-empty.js {label.split('`')[1]}`{label.split('`')[2]}",
                             f"{wall * 1000:.0f} ms", f"{cpu * 1000:.0f} ms", f"{wall / alone:.1f}× node"))
            wall, cpu = median([trace, "render", str(Path(tmp, "trace.json")), "-q", "-o",
                                str(Path(tmp, "again.svg"))], max(1, repeat // 2))
            rows.append(("`trace render trace.json -o again.svg`: the saved learner's trace drawn again",
                         f"{wall * 1000:.0f} ms", f"{cpu * 1000:.0f} ms", ""))
            small = Path(tmp, "guide.js")
            small.write_text(guide_program(GUIDE_BOARD), encoding="utf-8")
            wall, cpu = median([trace, "check", str(small)], repeat)
            rows.append(("`trace check guide.js`: the guide's board (9 calls)", f"{wall * 1000:.0f} ms",
                         f"{cpu * 1000:.0f} ms", ""))
        else:
            print(f"(no JavaScript rows: they need node and {SEED}; set TRACER_GUIDE_JS)", file=sys.stderr)
        port = Path(tmp, "port-empty.py")
        port.write_text(PORT.read_text(encoding="utf-8").replace(GUIDE_BOARD, EMPTY_BOARD), encoding="utf-8")
        # Issue 32: within 3× of the port alone, by CPU time, the three run in turns.
        found = alternating({"alone": [sys.executable, str(port)],
                             "own": [trace, "check", str(port), "--boards", "0"],
                             "more": [trace, "check", str(port)]}, repeat)
        alone, alone_cpu = found["alone"]
        rows.append(("`python port-empty.py`: a Python port of the guide, alone", f"{alone * 1000:.0f} ms",
                     f"{alone_cpu * 1000:.0f} ms", "1.00×"))
        for label, name in [("`trace check port-empty.py --boards 0`: its own position only", "own"),
                            ("`trace check port-empty.py`: and 3 positions more", "more")]:
            wall, cpu = found[name]
            rows.append((label, f"{wall * 1000:.0f} ms", f"{cpu * 1000:.0f} ms",
                         f"{cpu / alone_cpu:.1f}× python by CPU (target: 3×), {wall / alone:.1f}× by wall"))
    table = ["| what (empty board, 549,946 calls, unless said) | wall | CPU | against |", "|---|---|---|---|"]
    table += [f"| {what} | {wall} | {cpu} | {against} |" for what, wall, cpu, against in rows]
    print("\n".join(table))
    load = "load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())  # at the end of the run
    print(f"machine: {machine()}; {load}")
    if args.write:
        write_section("benchmarks/check_bench.py", table, repeat,
                      how=f"Machine: {machine()}; {load} on its {os.cpu_count()} cores when done. "
                          f"Median of {repeat} runs each (the Python rows in turns, one of each per round).")


if __name__ == "__main__":
    main()
