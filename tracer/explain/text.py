"""Small wording helpers every plug-in and renderer shares: scores, counts and lists as prose writes
them, and the recursion log's indentation and step tags."""

from __future__ import annotations

from collections.abc import Iterable

#: One level of the recursion log's indentation.
INDENT = "   "


def signed(score: int) -> str:
    """A score as prose writes it: ``+1``, ``-1``, ``0``."""
    return f"{score:+d}" if score else "0"


def bounded(score: int, sign: str) -> str:
    """A score, or a bound when ``sign`` is ``≤``/``≥``: ``+1``, ``≤ 0``, ``≥ +1``."""
    return f"{sign} {signed(score)}" if sign else signed(score)


def calls(n: int) -> str:
    """``'1 call'``, ``'9 calls'``, ``'549,946 calls'``."""
    return f"{n:,} call" if n == 1 else f"{n:,} calls"


def plural(n: int, word: str) -> str:
    """``1 level``, ``2 levels``."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def depth_rows(title: str, depths: Iterable[int], counts: Iterable[int]) -> list[tuple[str, str]]:
    """``--stats`` rows: ``title`` with the sum of ``counts``, then the sum at each depth that has any."""
    totals: list[int] = []
    for depth, n in zip(depths, counts, strict=True):
        if n:
            totals.extend([0] * (depth + 1 - len(totals)))
            totals[depth] += n
    return [(title, f"{sum(totals):,}"), *((f"  at depth {d}", f"{n:,}") for d, n in enumerate(totals) if n)]


def listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def capitalised(text: str) -> str:
    """``text`` with its first letter upper-case (the rest as it is)."""
    return text[:1].upper() + text[1:]


def tag(step: int) -> str:
    """The guide's step number as the log aligns it: ``step 8   ``, ``step 11  ``."""
    return f"step {step:<3} "


def note_lines(pad: str, notes: list[tuple[str, str]]) -> str:
    """Tagged lines as the log aligns them (``window   called with …``), each after ``pad``."""
    return "".join(f"{pad}{name:<9}{text}\n" for name, text in notes)
