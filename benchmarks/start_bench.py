"""Benchmark tracer's start (issue 20) side by side with node running the guide's JavaScript.

Run from the repository root, with tracer installed::

    .venv/bin/python benchmarks/start_bench.py            # print the tables
    .venv/bin/python benchmarks/start_bench.py --write    # also update benchmarks/RESULTS.md

Targets (issue 20): ``trace empty-board.txt --stats --no-tree`` as a whole process at
most 0.35x node running the guide's JavaScript on the same board, for every search of
the registry; ``python -X importtime -c "import tracer.cli"`` at most 20 ms of imports
where ``python -c pass`` takes about 8 ms.

The machine is shared (2 cores, often loaded), so every command runs once per round,
the commands in a rotating order, for many rounds, so that others' load falls on
tracer and node alike; each figure is the median over the rounds beside the minimum
(the run least disturbed by others), and ratios compare median with median and
minimum with minimum. The CPU time (user + system) is given too: it moves less with
the load than the wall time does (node's counts its helper threads as well). Children run with their bytecode cached,
as pip installs a package (``PYTHONDONTWRITEBYTECODE`` is dropped from their
environment, and one warm-up round writes the caches of an editable install).

``-X importtime`` does not see modules loaded with ``importlib.import_module`` (the
registries find their games and searches that way), so the import rows also give the
time ``import tracer.cli`` takes by the clock in the same process, which counts them.
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
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import EMPTY, SEED, machine, tutorial_js, write_section  # noqa: E402

#: ``import tracer.cli`` under ``-X importtime``, timed by the clock as well (stdout: ms).
TIMED_IMPORT = "import time; t = time.perf_counter(); import {module}; print((time.perf_counter() - t) * 1000)"


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def whole_process(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system, children's own) of one run, in ms."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed with status {status}")
    return wall * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def timed_process(argv: list[str], env: dict[str, str]) -> dict[str, float]:
    wall, cpu = whole_process(argv, env)
    return {"wall": wall, "cpu": cpu}


def import_times(args: list[str], env: dict[str, str]) -> dict[str, float]:
    """One ``python -X importtime ARGS`` run: ms of imports by kind of module.

    ``total`` sums the top-level entries (what the run imported beyond Python's own
    start); ``click``, ``tracer`` and ``stdlib`` split it by the modules' own times:
    click's modules, tracer's, and the rest (the standard library). With ``-c
    TIMED_IMPORT``, ``clock`` is the import's time by the clock.
    """
    done = subprocess.run([sys.executable, "-X", "importtime", *args],
                          capture_output=True, text=True, check=True, env=env)
    found = {"total": 0.0, "click": 0.0, "tracer": 0.0, "stdlib": 0.0}
    if args[0] == "-c":
        found["clock"] = float(done.stdout)
    for name, own, cumulative in _entries(done.stderr):
        if name.strip() in PYTHON_ITSELF:
            continue
        if not name.startswith(" "):
            found["total"] += cumulative
        name = name.strip()
        top = name.split(".")[0]
        kind = top if top in ("tracer", "click") else "stdlib"
        found[kind] += own
    return found


def _entries(report: str) -> list[tuple[str, float, float]]:
    rows = []
    for line in report.splitlines():
        if line.startswith("import time:") and "|" in line and "self [us]" not in line:
            own, cumulative, name = line.removeprefix("import time:").split("|")
            rows.append((name[1:], int(own) / 1000, int(cumulative) / 1000))
    return rows


def _imported_by(code: str, env: dict[str, str]) -> set[str]:
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code],
                          capture_output=True, text=True, check=True, env=env)
    return {name.strip() for name, _, _ in _entries(done.stderr)}


PYTHON_ITSELF: set[str] = set()

#: ``trace ARGS`` started from ``python -c``, with the garbage collector as tracer leaves it,
#: and kept on throughout (its pause and freeze undone), to show what the pause saves.
STARTED = "import sys; from tracer.cli import start; start(sys.argv[1:])"
GC_ON = "import gc, sys; gc.disable = gc.freeze = lambda: None; from tracer.cli import start; start(sys.argv[1:])"


def rounds(commands: dict[str, Callable[[], dict[str, float]]], count: int) -> dict[str, dict[str, list[float]]]:
    """Every command once per round, the order rotating from round to round."""
    names = list(commands)
    found: dict[str, dict[str, list[float]]] = {name: {} for name in names}
    for i in range(count):
        for name in names[i % len(names):] + names[: i % len(names)]:
            for key, value in commands[name]().items():
                found[name].setdefault(key, []).append(value)
    return found


def mid_low(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} / {min(values):.1f}"


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=31, help="runs of each command (minimum and median)")
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()
    env = child_env()
    trace_cmd = shutil.which("trace", path=str(Path(sys.executable).parent)) or "trace"
    searches = subprocess.run([sys.executable, "-c", "from tracer import search; print(*search.names())"],
                              capture_output=True, text=True, check=True, env=env).stdout.split()
    node = shutil.which("node")
    PYTHON_ITSELF.update(_imported_by("pass", env))
    loads = [load_average()]
    with tempfile.TemporaryDirectory() as tmp:
        processes: dict[str, list[str]] = {}
        if node is not None and SEED.exists():
            js = Path(tmp, "tutorial.js")
            js.write_text(tutorial_js(list(range(9))), encoding="utf-8")
            processes["node"] = [node, str(js)]
        else:
            print(f"(no comparison with the guide's JavaScript: it needs node and {SEED}; "
                  "set TRACER_GUIDE_JS to the guide's text)", file=sys.stderr)
        processes["python -c pass"] = [sys.executable, "-c", "pass"]
        processes["python -c 'import click'"] = [sys.executable, "-c", "import click"]
        processes["python -c 'import tracer.cli'"] = [sys.executable, "-c", "import tracer.cli"]
        for name in searches:
            processes[name] = [trace_cmd, str(EMPTY), "--stats", "--no-tree", "--algorithm", name]
        summary = [str(EMPTY), "--stats", "--no-tree"]
        processes["gc paused"] = [sys.executable, "-c", STARTED, *summary]
        processes["gc on"] = [sys.executable, "-c", GC_ON, *summary]
        for argv in processes.values():  # warm up: bytecode caches written, files in the page cache
            whole_process(argv, env)
        runs = rounds({name: partial(timed_process, argv, env) for name, argv in processes.items()}, args.rounds)
        imported = {f"`import {module}`": ["-c", TIMED_IMPORT.format(module=module)]
                    for module in ("click", "tracer.cli")}
        imported["a whole `trace empty-board.txt --stats --no-tree`"] = [
            trace_cmd, str(EMPTY), "--stats", "--no-tree"]
        imports = rounds({what: partial(import_times, argv, env) for what, argv in imported.items()}, args.rounds)
    loads.append(load_average())
    tables = [process_table(runs, searches), import_table(imports, runs)]
    for table in tables:
        print("\n".join(table) + "\n")
    nice = os.nice(0)
    priority = f" Run at niceness {nice} (as every command it starts), for less of others' noise." if nice else ""
    how = (f"Machine: {machine()}; load average {loads[0]} at the start, {loads[1]} at the end.{priority} "
           f"{args.rounds} rounds, each running every command once in a rotating order; "
           "each cell is the median / the minimum over the rounds, in ms.")
    print(how)
    if args.write:
        write_section("benchmarks/start_bench.py", tables[0] + [""] + tables[1], args.rounds, footer=WHY,
                      how=how)


#: What RESULTS.md says below the tables: where the start's time went, and where it goes now.
WHY = """

How it starts quickly: `trace BOARD --stats` (with `--no-tree`, `--quiet`, `--algorithm`)
is read by `tracer/cli.py` without click, which with what it loads (typing's users aside:
inspect, gettext, uuid, datetime, threading, ...) was most of the old start; every other
command line goes to click's program (`tracer/commands.py`). A summary run loads no output
it does not produce, nothing of click, json, pathlib, tempfile, shutil or html (held by
`tests/test_quick_start.py`); the trace and the page words are plain classes, not
dataclasses; the garbage collector is paused for the run. What is left: the modules that
still use dataclasses on this path (`scores.py`, the tic-tac-toe board and notation, the
tree notation, the learner game) load `dataclasses` and `inspect` (a few ms); the game
registry loads every game to recognise the input."""


def process_table(runs: dict[str, dict[str, list[float]]], searches: list[str]) -> list[str]:
    node = runs.get("node")
    table = ["| whole process (empty board) | wall, median / min | CPU, median / min "
             "| wall against node (median, min) | CPU against node (median, min) |",
             "|---|---|---|---|---|"]
    labels = {"node": "the guide's JavaScript under node",
              "gc paused": "the same summary from `python -c` (tracer's garbage-collector pause)",
              "gc on": "the same, the garbage collector left on"}
    labels.update({name: f"`trace empty-board.txt --stats --no-tree --algorithm {name}`" for name in searches})
    for name, found in runs.items():
        ratios = ["", ""]
        if node is not None and name != "node":
            for i, key in enumerate(("wall", "cpu")):
                ratios[i] = (f"{statistics.median(found[key]) / statistics.median(node[key]):.2f}×, "
                             f"{min(found[key]) / min(node[key]):.2f}×")
            if name in searches:
                ratios[0] += " (target ≤ 0.35×)"
        table.append(f"| {labels.get(name, f'`{name}`')} | {mid_low(found['wall'])} | {mid_low(found['cpu'])} "
                     f"| {ratios[0]} | {ratios[1]} |")
    return table


def import_table(imports: dict[str, dict[str, list[float]]], runs: dict[str, dict[str, list[float]]]) -> list[str]:
    table = ["| imports (`python -X importtime`), median / min | total (target for `import tracer.cli`: ≤ 20) "
             "| click | tracer | standard library | by the clock |",
             "|---|---|---|---|---|---|"]
    for what, found in imports.items():
        clock = mid_low(found["clock"]) if "clock" in found else ""
        table.append(f"| {what} | {mid_low(found['total'])} | {mid_low(found['click'])} "
                     f"| {mid_low(found['tracer'])} | {mid_low(found['stdlib'])} | {clock} |")
    base = runs["python -c pass"]["wall"]
    for module in ("click", "tracer.cli"):
        wall = runs[f"python -c 'import {module}'"]["wall"]
        table.append(f"| whole process `python -c 'import {module}'` minus `python -c pass` "
                     f"| {statistics.median(wall) - statistics.median(base):.1f} / {min(wall) - min(base):.1f} "
                     "| | | | |")
    table.append(f"| whole process `python -c pass` | {mid_low(base)} | | | | |")
    return table


if __name__ == "__main__":
    main()
