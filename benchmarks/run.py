"""Benchmark tracer on the empty board, side by side with the tutorial's JavaScript.

Run from the repository root, with tracer installed (``bash scripts/test.sh`` makes
``.venv``)::

    .venv/bin/python benchmarks/run.py            # print the table
    .venv/bin/python benchmarks/run.py --write    # also rewrite benchmarks/RESULTS.md

Every figure is the median of several runs made in this one process, so ratios
between rows compare like with like on the same (noisy, 2-core) machine. The
tutorial's JavaScript is read from ../shared/seeds (or $TRACER_GUIDE_JS) at run time,
never copied here; without it, or without node, the JavaScript rows are left out.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = Path(os.environ.get("TRACER_GUIDE_JS")
            or ROOT.parent / "shared" / "seeds" / "000_4cf438207b6b2bfc.txt")
EMPTY = ROOT / "examples" / "empty-board.txt"
SIX_EMPTY = "X..\nO.X\n...\n"  # six empty cells, O to move: 1,585 calls, the largest drawn whole


def peak_rss(argv: list[str]) -> tuple[float, float]:
    """Wall time and peak RSS (MiB) of one run.

    The peak is the child's own high-water mark (VmHWM), sampled until it exits:
    rusage's maxrss would report at least this benchmark's own memory, since Linux
    carries it across fork and exec.
    """
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ])
    peak_kib = 0
    status_file = f"/proc/{pid}/status"
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        try:
            with open(status_file) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        peak_kib = max(peak_kib, int(line.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.002)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed with status {status}")
    return wall, peak_kib / 1024


def median_run(argv: list[str], repeat: int) -> tuple[float, float]:
    runs = [peak_rss(argv) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def tutorial_js(board: list) -> str:
    """The tutorial's program with our board, timing its own minimax call."""
    text = SEED.read_text(encoding="utf-8")
    source = re.findall(r"```js\n(.*?)```", text, re.S)[-1]
    source = re.sub(r"const currentBoardState = \[.*?\];",
                    f"const currentBoardState = {json.dumps(board)};", source, count=1)
    head, _, _ = source.rpartition("const bestPlayInfo")
    return head + (
        "const t0 = performance.now();\n"
        "const bestPlayInfo = minimax(currentBoardState, aiMark);\n"
        "console.log(JSON.stringify({ms: performance.now() - t0, result: bestPlayInfo}));\n"
    )


def python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


IN_PROCESS = """
import json, time, tracemalloc, gc
import tracer
board = tracer.Board.empty()
times = []
for _ in range({repeat}):
    gc.collect()
    t0 = time.perf_counter()
    {statement}
    times.append(time.perf_counter() - t0)
tracemalloc.start()
{statement}
peak = tracemalloc.get_traced_memory()[1]
print(json.dumps({{"s": sorted(times)[len(times) // 2], "peak": peak}}))
"""


def in_process(statement: str, repeat: int) -> dict[str, float]:
    code = IN_PROCESS.format(statement=statement, repeat=repeat)
    out = subprocess.run(python(code), capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    dot = subprocess.run(["dot", "-V"], capture_output=True, text=True).stderr.strip()
    return (
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores ({cpu}); "
        f"Python {platform.python_version()}, node {node}, {dot}"
    )


def javascript_rows(node: str, tmp: Path, repeat: int) -> list[tuple[str, str, str]]:
    """The guide's own program on the empty board: its minimax alone, and the whole process."""
    js = tmp / "tutorial.js"
    js.write_text(tutorial_js(list(range(9))), encoding="utf-8")
    js_ms = statistics.median(
        json.loads(subprocess.run([node, str(js)], capture_output=True, text=True,
                                  check=True).stdout)["ms"] for _ in range(repeat)
    )
    js_wall, js_rss = median_run([node, str(js)], repeat)
    return [
        ("tutorial's JavaScript under node (uninstrumented), in-process", f"{js_ms:.0f} ms", ""),
        ("tutorial's JavaScript under node, whole process",
         f"{js_wall * 1000:.0f} ms", f"{js_rss:.0f} MiB"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    args = parser.parse_args()
    repeat = args.repeat
    trace_cmd = shutil.which("trace", path=str(Path(sys.executable).parent)) or "trace"
    node = shutil.which("node")
    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        if node is None or not SEED.exists():
            print(f"(no comparison with the guide's JavaScript: it needs node and {SEED}; "
                  "set TRACER_GUIDE_JS to the guide's text)", file=sys.stderr)
        else:
            rows.extend(javascript_rows(node, Path(tmp), repeat))

        plain = in_process("tracer.plain_minimax(board, 'X')", repeat)
        rows.append(("plain Python port (tracer.plain_minimax), in-process",
                     f"{plain['s'] * 1000:.0f} ms", ""))
        rec = in_process("trace = tracer.record(board, 'X')", max(repeat, 9))
        rows.append(("tracer.record: full trace, every call addressable, in-process",
                     f"{rec['s'] * 1000:.1f} ms", f"{rec['peak'] / 2**20:.2f} MiB traced"))
        walk = in_process(
            "t = tracer.record(board, 'X'); sum(1 for _ in t.events())", max(3, repeat // 2))
        rows.append(("record + walk all 1,099,892 call/return events in call order",
                     f"{walk['s'] * 1000:.0f} ms", ""))
        rec_wall, rec_rss = median_run(
            python("import tracer; tracer.record(tracer.Board.empty(), 'X')"), repeat)
        rows.append(("record the empty board, whole Python process",
                     f"{rec_wall * 1000:.0f} ms", f"{rec_rss:.0f} MiB peak RSS"))

        board = str(EMPTY)
        for label, argv in [
            ("`trace empty-board.txt --stats --no-tree` (summary only), whole process",
             [trace_cmd, board, "--stats", "--no-tree"]),
            ("`trace empty-board.txt --quiet --no-tree --log F`: full log (549,946 entries)",
             [trace_cmd, board, "--quiet", "--no-tree", "--log", str(Path(tmp, "e.log"))]),
            ("`trace empty-board.txt --quiet -o F.json`: streamed JSON trace",
             [trace_cmd, board, "--quiet", "-o", str(Path(tmp, "e.json"))]),
            ("`trace empty-board.txt --quiet -o F.svg`: default collapsed tree",
             [trace_cmd, board, "--quiet", "-o", str(Path(tmp, "e.svg"))]),
            ("`trace empty-board.txt --quiet --line -o F.svg`: the chosen line",
             [trace_cmd, board, "--quiet", "--line", "-o", str(Path(tmp, "l.svg"))]),
        ]:
            wall, rss = median_run(argv, repeat)
            rows.append((label, f"{wall * 1000:.0f} ms", f"{rss:.0f} MiB peak RSS"))
        log_size = Path(tmp, "e.log").stat().st_size
        json_size = Path(tmp, "e.json").stat().st_size

        six = Path(tmp, "six.txt")
        six.write_text(SIX_EMPTY)
        wall, rss = median_run([trace_cmd, str(six), "--quiet", "--max-nodes", "1600",
                                "-o", str(Path(tmp, "six.svg"))], repeat)
        calls = subprocess.run([trace_cmd, str(six), "--stats", "--no-tree"], capture_output=True,
                               text=True, check=True).stdout.splitlines()[1].split()[-1]
        rows.append((f"`trace six-empty.txt --max-nodes 1600 -o F.svg`: whole tree, {calls} boards drawn",
                     f"{wall * 1000:.0f} ms", f"{rss:.0f} MiB peak RSS"))

    table = ["| what (empty board unless said) | time | memory |", "|---|---|---|"]
    table += [f"| {what} | {t} | {m} |" for what, t, m in rows]
    print("\n".join(table))
    print(f"\nlog file {log_size / 1e6:.0f} MB, JSON file {json_size / 1e6:.0f} MB")
    print(f"machine: {machine()}")
    if args.write:
        footer = f"\n\nFull log: {log_size / 1e6:.0f} MB; JSON trace: {json_size / 1e6:.0f} MB."
        write_section("benchmarks/run.py", table, repeat, footer)


def write_section(script: str, table: list[str], repeat: int | None, footer: str = "",
                  how: str | None = None) -> None:
    """Replace ``script``'s section of benchmarks/RESULTS.md (between its two markers)
    with ``table`` under today's date and this machine (``how``: the line saying so, and
    how the figures were taken), or append it if it has none. ``repeat``: how many runs
    each figure is the median of (None: figures are counts)."""
    results = ROOT / "benchmarks" / "RESULTS.md"
    text = results.read_text(encoding="utf-8") if results.exists() else ""
    marker = f"<!-- {script} -->"
    block = (f"{marker}\n## `{script}` on {datetime.date.today().isoformat()}\n\n"
             + (how or f"Machine: {machine()}.{'' if repeat is None else f' Median of {repeat} runs each.'}")
             + "\n\n"
             + "\n".join(table) + f"{footer}\n{marker}\n")
    if marker in text:
        before, _, rest = text.partition(marker)
        _, _, after = rest.partition(marker + "\n")
        text = before + block + after
    else:
        text = text + ("\n" if text else "") + block
    results.write_text(text, encoding="utf-8")
    print(f"wrote {results}")


if __name__ == "__main__":
    main()
