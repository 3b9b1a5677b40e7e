"""A class's rows with the ways they are shown: the terminal's table, Gradescope's results and
Jupyter's card (kept apart from ``rows.py`` so the presenters can read rows without a circle)."""

from __future__ import annotations

import json
from typing import Any

from .page import table_html
from .rows import ClassRows
from .words import class_table, counts_text, row_report


class ClassResult(ClassRows):
    """Every submission's row, in name order, and what they add up to."""

    def to_gradescope(self) -> str:
        """Gradescope's autograder ``results.json``: one test per checked submission, worth one
        point when identical or correct, its report (built from its JSON result) as the test's
        output; the class's counts as the overall output and the points won as ``score``."""
        tests: list[dict[str, Any]] = [{"name": row.name, "score": 1 if row.ok else 0, "max_score": 1,
                  "status": "passed" if row.ok else "failed", "output": row_report(row)} for row in self.rows]
        data = {"score": sum(test["score"] for test in tests), "output": counts_text(self), "tests": tests}
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def __str__(self) -> str:
        return class_table(self)

    def _repr_html_(self) -> str:
        from html import escape

        return table_html(self, links=False) + f"<pre>{escape(counts_text(self))}</pre>"
