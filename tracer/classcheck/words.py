"""The class table and each row's report, in words for the terminal and for Gradescope."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..errors import visible

if TYPE_CHECKING:
    from .rows import ClassRows, Row

HEADINGS = ("submission", "verdict", "mistake or difference", "first wrong call", "calls", "seconds")
#: Widest a cell of the table is printed (longer ones end in an ellipsis).
CELL_WIDTH = 40


def cells(row: Row) -> tuple[str, ...]:
    return (row.name, row.verdict, row.named, row.first_wrong, str(row.data.get("calls") or 0), f"{row.seconds:.2f}")


def _fit(text: str) -> str:
    text = visible(text)
    return text if len(text) <= CELL_WIDTH else text[:CELL_WIDTH - 1] + "…"


def class_table(result: ClassRows) -> str:
    """One line per submission under a heading, then the counts."""
    table = [HEADINGS] + [tuple(_fit(c) for c in cells(row)) for row in result.rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADINGS))]
    right = {4, 5}
    lines = ["  ".join(c.rjust(w) if i in right else c.ljust(w)
                       for i, (c, w) in enumerate(zip(line, widths, strict=True))).rstrip()
             for line in table]
    return "\n".join(lines) + "\n\n" + counts_text(result) + _why_lines(result)


#: Widest an error's or refusal's message is printed under the table.
WHY_WIDTH = 100


def _why_lines(result: ClassRows) -> str:
    """What happened to each submission that was not checked through (its error or refusal)."""
    rows = [row for row in result.rows if row.verdict in ("error", "refused") and row.why]
    if not rows:
        return ""
    lines = [visible(f"  {row.name} ({row.verdict}): {row.why}") for row in rows]
    return "errors and refusals:\n" + "\n".join(
        line if len(line) <= WHY_WIDTH else line[:WHY_WIDTH - 1] + "…" for line in lines) + "\n"


def counts_text(result: ClassRows) -> str:
    counts = result.counts()
    number = counts["submissions"]
    lines = [f"{number} submission{'' if number == 1 else 's'}: "
             + ", ".join(f"{n} {verdict}" for verdict, n in counts["verdict"].items())]
    for title, key in (("mistakes", "difference"), ("differences from the guide", "differences")):
        if counts[key]:
            lines.append(f"{title}: " + ", ".join(f"{visible(name)} ({n})" for name, n in counts[key].items()))
    return "\n".join(lines) + "\n"


def row_report(row: Row) -> str:
    """A row's report in a few lines: its verdict, what it named, where it departs, its error."""
    data = row.data
    lines = [f"{row.name}: {row.verdict}" + (f" ({data['calls']} calls)" if data.get("calls") else "")]
    if row.mistake:
        lines.append(f"Mistake: {row.mistake}. {data.get('mistake') or ''}".rstrip())
    if row.differences:
        lines.append("Differs from the guide in: " + ", ".join(row.differences))
    lines += _first_wrong_lines(data.get("first_wrong") or {})
    for detail in data.get("differences_detail") or []:
        if isinstance(detail, dict) and detail.get("text"):
            lines.append(f"  {detail.get('id')}: {detail['text']}")
    error = data.get("error") or {}
    if error.get("message"):
        where = f" (line {error['line']})" if error.get("line") else ""
        lines.append(f"Error{where}: {error['message']}")
    return "\n".join(lines) + "\n"


def _first_wrong_lines(first: dict[str, Any]) -> list[str]:
    """Where the submission first departs: the call, its board, what it returned and what was due."""
    if not first.get("call"):
        return []
    lines = [f"First wrong call: #{first['call']}"
             + (f" on {first['board']}, {first.get('to_move')} to move" if first.get("board") else "")]
    # A pair that reads the same says nothing (a loop that skips a cell can still return the
    # right move): the why then says what went wrong.
    if first.get("returned") != first.get("expected"):
        for label in ("returned", "expected"):
            if first.get(label) is not None:
                lines.append(f"  {label}: {json.dumps(first[label], ensure_ascii=False)}")
    if first.get("why"):
        lines.append(f"  why: {first['why']}")
    return lines
