"""Benchmark ``trace check DIR`` (issue 37): a class of submissions of the guide's size.

Run from the repository root, with tracer installed::

    .venv/bin/python benchmarks/class_bench.py                 # 200 submissions, print the table
    .venv/bin/python benchmarks/class_bench.py --write         # also update benchmarks/RESULTS.md

Targets (issue 37): 200 submissions of the guide's size checked within 60 s on 2 cores
(``--jobs 2``), and the time per submission within 1.5× of checking it alone. The class
is half the guide's own JavaScript on its board (read from ../shared/seeds or
$TRACER_GUIDE_JS at run time; without it or node, all Python) and half a Python port of
it, alternating, each its own file. "Per submission in the class" is the class's wall
time times its jobs over the number of submissions: what one submission costs a core.
The load average is printed beside the figures: on a shared machine it decides them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_bench import GUIDE_BOARD, PORT, guide_program, timed  # noqa: E402
from run import SEED, machine, write_section  # noqa: E402


def build(folder: Path, count: int, with_js: bool) -> dict[str, Path]:
    """``count`` submissions in ``folder``; returns one of each kind, to time alone."""
    kinds = {"py": PORT.read_text(encoding="utf-8")}
    if with_js:
        kinds["js"] = guide_program(GUIDE_BOARD)
    names = sorted(kinds)
    for number in range(count):
        kind = names[number % len(names)]
        (folder / f"learner{number:03d}.{kind}").write_text(kinds[kind], encoding="utf-8")
    return {kind: folder / f"learner{names.index(kind):03d}.{kind}" for kind in names}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="submissions in the class")
    parser.add_argument("--jobs", type=int, default=2, help="submissions checked at once")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each one alone (median)")
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()
    trace = shutil.which("trace", path=str(Path(sys.executable).parent)) or "trace"
    with_js = shutil.which("node") is not None and SEED.exists()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "class")
        folder.mkdir()
        samples = build(folder, args.count, with_js)
        alone = {kind: statistics.median(timed([trace, "check", str(path), "--format", "json"])[0]
                                         for _ in range(args.repeat)) for kind, path in samples.items()}
        load_before = os.getloadavg()[0]
        start = time.perf_counter()
        done = subprocess.run([trace, "check", str(folder), "--jobs", str(args.jobs), "--format", "json"],
                              capture_output=True, text=True, stdin=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        load_after = os.getloadavg()[0]
    data = json.loads(done.stdout)
    verdicts = data["counts"]["verdict"]
    if verdicts["identical"] != args.count:
        raise SystemExit(f"not every submission was identical: {verdicts}")
    mean_alone = statistics.mean(alone.values())
    per_core = wall * args.jobs / args.count
    in_class = statistics.median(row["seconds"] for row in data["submissions"])
    table = ["| what | time | against |", "|---|---|---|",
             f"| `trace check DIR --jobs {args.jobs}`: {args.count} submissions ({', '.join(sorted(alone))}), "
             f"all identical | {wall:.1f} s | target 60 s |"]
    table += [f"| `trace check learner.{kind}` alone | {alone[kind] * 1000:.0f} ms | |" for kind in sorted(alone)]
    table += [f"| per submission in the class (wall × jobs / submissions) | {per_core * 1000:.0f} ms | "
              f"{per_core / mean_alone:.2f}× alone (target 1.5×) |",
              f"| median row's own seconds in the class (two at once) | {in_class * 1000:.0f} ms | "
              f"{in_class / mean_alone:.2f}× alone |"]
    how = (f"Machine: {machine()}. Load average {load_before:.1f} before the class run, {load_after:.1f} after; "
           f"alone: median of {args.repeat} runs each.")
    print("\n".join(table))
    print(how)
    if args.write:
        write_section("benchmarks/class_bench.py", table, args.repeat, how=how)


if __name__ == "__main__":
    main()
