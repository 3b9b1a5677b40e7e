"""Time and peak memory of every output at the documented limits (issue 24).

Run from the repository root, with tracer installed::

    .venv/bin/python benchmarks/limits_bench.py            # print the table
    .venv/bin/python benchmarks/limits_bench.py --write    # also update benchmarks/RESULTS.md

Targets: every input within the limits answers in seconds and under 300 MiB, layout
programs included; one step past a limit is refused at once. Each row is one fresh
``trace`` process, measured by a small launcher (wall time, CPU time, the peak RSS of
``trace`` and the layout programs it waits for). The trees are made here, at the
limits: 5,000 nodes, 100 levels, 256 KiB, leaf values of ±10^9.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import machine, write_section  # noqa: E402

LAUNCH = (
    "import os, subprocess, sys, time\n"
    "start = time.time()\n"
    "stdin = open(sys.argv[1], 'rb') if sys.argv[1] else subprocess.DEVNULL\n"
    "child = subprocess.Popen(sys.argv[2:], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
    "_, status, use = os.wait4(child.pid, 0)\n"
    "print(time.time() - start, use.ru_utime + use.ru_stime, use.ru_maxrss / 1024,"
    " os.waitstatus_to_exitcode(status))\n"
)
TRACE = [sys.executable, "-m", "tracer"]
NODES, DEPTH, BYTES, VALUE = 5000, 100, 256 * 1024, 10**9


def wide() -> str:
    """A root with 4,999 leaves: the widest node, as in the issue's 19 kB tree."""
    return "[" + " ".join(str(VALUE if i % 2 else -VALUE) for i in range(NODES - 1)) + "]\n"


def comb() -> str:
    """A spine 100 levels deep with 49 or 50 leaves beside each step: 5,000 nodes."""
    per, spare = (NODES - 1) // DEPTH - 1, (NODES - 1) % DEPTH
    text = "7"
    for level in range(DEPTH):
        count = per + (1 if level < spare else 0)
        text = "[" + " ".join(str((level * 7919 + k) % 2001 - 1000) for k in range(count)) + f" {text}]"
    return text + "\n"


def labelled() -> str:
    """5,000 labelled nodes in about 256 KiB."""
    width = (BYTES - 64) // NODES - 6
    return f"R: [{', '.join(f'L{i:0{width}d}: {i % 10}' for i in range(NODES - 1))}]\n"


def sixteen() -> str:
    """The widest root the figures draw (16 test-plays), 5,000 nodes below it."""
    below = (NODES - 1) // 16 - 1
    return "[" + " ".join("[" + " ".join(str((c * 31 + k) % 97) for k in range(below)) + "]"
                          for c in range(16)) + "]\n"


def measure(folder: Path, args: list[str], stdin: str = "") -> tuple[float, float, float, int]:
    out = subprocess.run([sys.executable, "-c", LAUNCH, stdin, *TRACE, *args], cwd=folder,
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1]), float(out[2]), int(out[3])


ROWS: list[tuple[str, list[str], str]] = [
    ("wide tree: log, JSON and step-through page", ["wide.txt", "--log", "w.log", "-o", "w.json",
                                                    "--html", "w.html"], ""),
    ("wide tree: alpha-beta's log and page", ["wide.txt", "--algorithm", "alphabeta", "--log", "a.log",
                                              "--html", "a.html", "--no-tree"], ""),
    ("wide tree: the default drawing (SVG)", ["wide.txt", "-q", "-o", "w.svg"], ""),
    ("wide tree: `trace compare --html`", ["compare", "wide.txt", "--html", "c.html"], ""),
    ("wide tree: `trace quiz` (answers: the file's own line)", ["quiz", "wide.txt"], "wide.txt"),
    ("wide tree: `--figures` (refused: 4,999 test-plays)", ["wide.txt", "-q", "--figures", "wf"], ""),
    ("comb, 100 levels: log, JSON, page", ["comb.txt", "--log", "c.log", "-o", "c.json", "--html", "c.html"], ""),
    ("comb: `trace render` of its JSON, page", ["render", "c.json", "-q", "--html", "r.html"], ""),
    ("256 KiB of labels: JSON, then read back", ["labels.txt", "-q", "-o", "l.json"], ""),
    ("256 KiB of labels: `trace render`, page", ["render", "l.json", "-q", "--html", "l.html"], ""),
    ("16 test-plays: `--figures` (SVG)", ["sixteen.txt", "-q", "--figures", "sf"], ""),
    ("2,000 boards (`--max-nodes 2000`), dot, SVG", ["d2000.txt", "-q", "--max-nodes", "2000", "--engine", "dot",
                                                      "-o", "d.svg"], ""),
    ("2,000 boards, graphviz-pure, SVG", ["d2000.txt", "-q", "--max-nodes", "2000", "--engine", "pure",
                                          "-o", "p.svg"], ""),
    ("PNG of 22 million pixels, dot", ["b.txt", "-q", "--depth", "2", "--engine", "dot", "--scale", "2.3",
                                       "-o", "b1.png"], ""),
    ("PNG of 21 million pixels, graphviz-pure", ["b.txt", "-q", "--depth", "2", "--engine", "pure",
                                                 "--scale", "2.3", "-o", "b2.png"], ""),
    ("PNG past the pixel limit (refused before drawing)", ["b.txt", "-q", "--depth", "2", "--engine", "pure",
                                                            "--scale", "8", "-o", "b3.png"], ""),
    ("`trace quiz < /dev/zero`", ["quiz", "--example", "near-endgame"], "/dev/zero"),
    ("`trace play < /dev/zero`", ["play"], "/dev/zero"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()
    table = ["| input and output | wall s | CPU s | peak MiB | exit |", "|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, text in (("wide", wide()), ("comb", comb()), ("labels", labelled()), ("sixteen", sixteen())):
            (folder / f"{name}.txt").write_text(text, encoding="utf-8")
        (folder / "d2000.txt").write_text("[" + " ".join(str(i % 9) for i in range(1999)) + "]\n", encoding="utf-8")
        (folder / "b.txt").write_text("XOX\n...\n...\n", encoding="utf-8")
        for what, argv, stdin in ROWS:
            wall, cpu, peak, code = measure(folder, argv, stdin)
            table.append(f"| {what} | {wall:.1f} | {cpu:.1f} | {peak:.0f} | {code} |")
            print(table[-1], flush=True)
    print(f"machine: {machine()}")
    if args.write:
        footer = ("\n\nBefore issue 24 (its measurements): the wide tree's log was 320 MB at 1.5 GiB, a "
                  "29 kB tree's page ran out of 4 GiB, `--figures` of a 4,999-leaf tree took 267 s, the "
                  "pure engine's large drawings took 0.6–1.9 GiB, `trace quiz < /dev/zero` 4 GiB in 3 s.")
        write_section("benchmarks/limits_bench.py", ["One fresh `trace` process a row.", "", *table], None, footer)


if __name__ == "__main__":
    main()
