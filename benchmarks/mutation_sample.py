"""The mutation run's sample and its estimate (benchmarks/mutation.py ``--random N --seed S``).

A whole run judges every mutant of tracer/ and takes many hours on 2 cores. A seeded random
sample, drawn evenly over tracer/'s packages (each folder, its Python and the page's
JavaScript alike), fits in an hour and still says, per package, how much of it the tests
catch: the share of the package's sampled mutants killed, with its sample size and a 95 %
Wilson score interval (a small sample's interval is wide, and says so).

With ``--default-group`` each mutant has two verdicts: by all the tests the configuration
names for its file, and by only those of them in the README's default group of tests
(``-m "not browser and not guide_js and not slow"``). The table puts the two scores side by
side, so a test moved out of the default group shows what the default group no longer checks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

#: 95 % two-sided: the normal distribution's 97.5th percentile.
Z95 = 1.959963984540054
KILLING = ("killed", "timeout")


def package_of(path: str) -> str:
    """A file's package: its folder (``tracer/check/running/hosts/host.js`` -> ``tracer/check/running/hosts``)."""
    return str(Path(path).parent)


def draw(items: Sequence[T], path_of: Callable[[T], str], size: int, seed: int) -> list[T]:
    """``size`` items drawn at random (by ``seed``) evenly over their packages: each package
    in turn gives one more of its items, shuffled, until ``size`` are drawn or none is left.
    The draw keeps ``items``' order, so the same seed always judges the same mutants."""
    rng = random.Random(seed)
    by_package: dict[str, list[int]] = {}
    for index, item in enumerate(items):
        by_package.setdefault(package_of(path_of(item)), []).append(index)
    queues = [rng.sample(indexes, len(indexes)) for _name, indexes in sorted(by_package.items())]
    chosen: list[int] = []
    while len(chosen) < size and any(queues):
        for q in queues:
            if q and len(chosen) < size:
                chosen.append(q.pop())
    return [items[i] for i in sorted(chosen)]


def by_turns(items: Sequence[T], path_of: Callable[[T], str]) -> list[T]:
    """``items`` reordered package by package in turn (each package's in their order): a sample
    run stopped part-way has judged about as many mutants of every package."""
    by_package: dict[str, list[T]] = {}
    for item in items:
        by_package.setdefault(package_of(path_of(item)), []).append(item)
    queues = [by_package[name] for name in sorted(by_package)]
    return [q[turn] for turn in range(max(map(len, queues), default=0)) for q in queues if turn < len(q)]


def wilson(killed: int, judged: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``killed / judged`` (as fractions)."""
    if not judged:
        return 0.0, 1.0
    share = killed / judged
    spread = z * z / judged
    centre = (share + spread / 2) / (1 + spread)
    half = z / (1 + spread) * math.sqrt(share * (1 - share) / judged + spread / (4 * judged))
    return max(0.0, centre - half), min(1.0, centre + half)


def score_cell(killed: int, judged: int) -> str:
    """``96.0 % (86.5-98.9)``: the share killed and its 95 % interval, in percent."""
    if not judged:
        return "-"
    low, high = wilson(killed, judged)
    return f"{100 * killed / judged:.1f} % ({100 * low:.1f}-{100 * high:.1f})"


def estimate_table(results: dict[str, list[tuple[str, str | None, bool]]],
                   population: dict[str, int]) -> list[str]:
    """The score per package (Markdown lines). ``results``: per package, each judged mutant's
    (verdict by all its tests, verdict by the default group or None, explained as equivalent);
    ``population``: how many mutants each package has in all."""
    two_way = any(default is not None for rows in results.values() for _full, default, _eq in rows)
    head = "| package | mutants | judged | equivalent | killed by all its tests | score (95 % CI) |"
    if two_way:
        head += " killed by the default group | score (95 % CI) |"
    table = [head, "|" + "---|" * head.count(" |")]
    totals = [0, 0, 0, 0]
    weighted = [0.0, 0.0, 0.0]  # the full score, the default group's, and the weight they cover
    for name in sorted(results):
        rows = results[name]
        equivalent = sum(eq for _full, _default, eq in rows)
        judged = len(rows) - equivalent
        full = sum(f in KILLING for f, _d, eq in rows if not eq)
        default = sum(d in KILLING for _f, d, eq in rows if not eq)
        totals = [a + b for a, b in zip(totals, [len(rows), equivalent, full, default], strict=True)]
        line = f"| `{name}` | {population.get(name, len(rows))} | {len(rows)} | {equivalent} | {full} | " \
               f"{score_cell(full, judged)} |"
        table.append(line + (f" {default} | {score_cell(default, judged)} |" if two_way else ""))
        if judged:
            weight = population.get(name, len(rows))
            weighted = [weighted[0] + weight * full / judged, weighted[1] + weight * default / judged,
                        weighted[2] + weight]
    judged = totals[0] - totals[1]
    everything = sum(population.get(name, len(rows)) for name, rows in results.items())
    line = f"| **all, pooled** | {everything} | {totals[0]} | {totals[1]} | " \
           f"{totals[2]} | **{score_cell(totals[2], judged)}** |"
    table.append(line + (f" {totals[3]} | **{score_cell(totals[3], judged)}** |" if two_way else ""))
    if weighted[2]:
        line = f"| all, each package weighted by its mutants | | | | | {100 * weighted[0] / weighted[2]:.1f} % |"
        table.append(line + (f" | {100 * weighted[1] / weighted[2]:.1f} % |" if two_way else ""))
    return table
