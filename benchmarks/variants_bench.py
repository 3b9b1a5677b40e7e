"""Benchmark the variant searches (issue 12) side by side with node running the guide's JavaScript.

Run from the repository root, with tracer installed::

    .venv/bin/python benchmarks/variants_bench.py            # print the table
    .venv/bin/python benchmarks/variants_bench.py --write    # also update benchmarks/RESULTS.md

Targets (issue 12): ``trace --algorithm alphabeta`` on the empty board, whole
process, summary only, at most 0.7x node's whole process; ``trace compare`` on
the empty board at most 1.5x node's; recording any variant of the empty board
in process at most 50 ms. Node's rows (and the ratios) need the guide's file in
../shared/seeds; without it the tracer rows are still measured.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import EMPTY, SEED, machine, median_run, python, tutorial_js, write_section  # noqa: E402

#: Wall-clock and CPU time of one statement, median of ``repeat`` runs in one process. The CPU
#: time is reported beside the wall time: on a loaded 2-core machine only it is comparable.
IN_PROCESS = """
import gc, json, time
import tracer
board = tracer.Board.empty()
{setup}
walls, cpus = [], []
for _ in range({repeat}):
    gc.collect()
    w, c = time.perf_counter(), time.process_time()
    {statement}
    walls.append(time.perf_counter() - w)
    cpus.append(time.process_time() - c)
print(json.dumps({{"wall": sorted(walls)[len(walls) // 2], "cpu": sorted(cpus)[len(cpus) // 2]}}))
"""


def in_process(setup: str, statement: str, repeat: int) -> dict[str, float]:
    code = IN_PROCESS.format(setup=setup, statement=statement, repeat=repeat)
    return json.loads(subprocess.run(python(code), capture_output=True, text=True, check=True).stdout)

#: name -> the statement recording that variant of the empty board in process.
VARIANTS = {
    "alpha-beta, cutoff ge": "run_search(game(), 'alphabeta', cutoff='ge')",
    "alpha-beta, cutoff gt": "run_search(game(), 'alphabeta', cutoff='gt')",
    "alpha-beta, ge, centre-first": "run_search(game(CF), 'alphabeta', cutoff='ge')",
    "memo": "run_search(game(), 'memo')",
    "negamax": "run_search(game(), 'negamax')",
    "guide's minimax, scores depth": "run_search(game(scores=DEPTH), 'minimax')",
}
SETUP = """
from tracer.search import run_search
from tracer.games.tictactoe.game import CENTRE_FIRST as CF, TicTacToe
from tracer.scores import DEPTH, TUTORIAL
def game(order=tuple(range(9)), scores=TUTORIAL):
    return TicTacToe(board, "X", "X", scores, order)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()
    repeat = args.repeat
    trace_cmd = shutil.which("trace", path=str(Path(sys.executable).parent)) or "trace"
    node = shutil.which("node")
    rows: list[tuple[str, str, str]] = []
    js_wall = None
    with tempfile.TemporaryDirectory() as tmp:
        if node is not None and SEED.exists():
            js = Path(tmp, "tutorial.js")
            js.write_text(tutorial_js(list(range(9))), encoding="utf-8")
            js_wall, _ = median_run([node, str(js)], repeat)
            rows.append(("the guide's JavaScript under node, whole process", f"{js_wall * 1000:.0f} ms", "1.00×"))
        board = str(EMPTY)
        for label, argv, target in [
            ("`trace empty-board.txt --algorithm alphabeta --stats --no-tree`, whole process",
             [trace_cmd, board, "--algorithm", "alphabeta", "--stats", "--no-tree"], 0.7),
            ("`trace compare empty-board.txt` (6 searches, table), whole process",
             [trace_cmd, "compare", board], 1.5),
        ]:
            wall, _ = median_run(argv, repeat)
            ratio = "" if js_wall is None else f"{wall / js_wall:.2f}× node (target ≤ {target}×)"
            rows.append((label, f"{wall * 1000:.0f} ms", ratio))
        for name, statement in VARIANTS.items():
            got = in_process(SETUP, statement, max(repeat, 9))
            rows.append((f"record {name}, in process", f"{got['wall'] * 1000:.1f} ms "
                         f"(CPU {got['cpu'] * 1000:.1f} ms)", "target ≤ 50 ms"))
    table = ["| what (empty board, X to move) | time | against |", "|---|---|---|"]
    table += [f"| {what} | {t} | {r} |" for what, t, r in rows]
    print("\n".join(table))
    print(f"machine: {machine()}")
    if args.write:
        write_section("benchmarks/variants_bench.py", table, repeat)


if __name__ == "__main__":
    main()
