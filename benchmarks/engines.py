"""Time the two layout engines on every picture tracer draws, from the same DOT.

    .venv/bin/python benchmarks/engines.py [--keep DIR]

Prints a Markdown table (best of a few runs, seconds) for system Graphviz's ``dot``
and the pip-installed ``graphviz-pure``, SVG and PNG; ``--keep DIR`` also writes every
picture there (``dot-NAME.png``, ``pure-NAME.png``, ...) to compare them by eye.
See docs/rendering.md for the results and what differs.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import tracer
from tracer.errors import TooLargeError
from tracer.outputs.layout import find_dot, find_pure, render
from tracer.renderers.figures import figures
from tracer.renderers.tree import game_tree, plan_tree


def pictures() -> list[tuple[str, str, str]]:
    """``(name, what, DOT source)`` of each kind of picture tracer draws."""
    guide = tracer.record("X.OX.XOO.")
    six = tracer.record("X..O.X...")  # six empty cells, O to move: 1,585 calls
    empty = tracer.record(tracer.Board.empty())
    series = {fig.name: fig for fig in figures(guide)}
    return [
        ("guide", "the guide's tree (9 boards)", game_tree(guide).source),
        ("six-empty", "a whole tree of 1,585 boards",
         game_tree(six, plan_tree(six, max_nodes=1600, whole=1600)).source),
        ("empty", "empty board, default collapsed tree", game_tree(empty).source),
        ("empty-line", "empty board, --line", game_tree(empty, plan_tree(empty, line=True)).source),
        ("test-play-1", "test-play 1 (the guide's figure 6)", series["test-play-1"].graph.source),
        ("overview", "the overview figure", series["overview"].graph.source),
    ]


def best_of(runs: int, source: str, fmt: str, engine: str) -> tuple[float, bytes]:
    best, out = float("inf"), b""
    for _ in range(runs):
        start = time.perf_counter()
        out = render(source, fmt, engine=engine, warn=lambda line: None)
        best = min(best, time.perf_counter() - start)
    return best, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (the best is kept)")
    parser.add_argument("--keep", metavar="DIR", help="write every picture into DIR")
    args = parser.parse_args()
    if find_dot() is None or find_pure() is None:
        raise SystemExit("needs both Graphviz's dot and graphviz-pure")
    keep = Path(args.keep) if args.keep else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    print("| picture | SVG: dot | SVG: pure | PNG: dot | PNG: pure |")
    print("|---|---|---|---|---|")
    for name, what, source in pictures():
        row = [what]
        for fmt in ("svg", "png"):
            for engine in ("dot", "pure"):
                try:
                    seconds, data = best_of(args.runs if name != "six-empty" else 1, source, fmt, engine)
                except TooLargeError:  # a PNG wider than Graphviz draws: tracer refuses it
                    row.append("refused (too wide)")
                    continue
                row.append(f"{seconds:.2f} s")
                if keep:
                    (keep / f"{engine}-{name}.{fmt}").write_bytes(data)
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
