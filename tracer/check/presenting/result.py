"""What ``trace check`` found, as one object: its verdict, the call that departs, the error,
the named mistake; written as text, as JSON, and as HTML for Jupyter."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..judging.verdict import SearchCheck
from ..values.reading import is_number
from .facts import first_wrong_json
from .findings import Findings, differences_found, positions_json
from .words import board9

if TYPE_CHECKING:
    from ..running.program import Program

INF = float("inf")


class CheckResult(Findings):
    """The verdict on a learner's program (or notebook function) and what explains it, written
    as JSON, as text and as HTML for Jupyter."""

    # ---- JSON --------------------------------------------------------------------------------

    def as_json(self) -> dict[str, Any]:
        found = self.check
        data: dict[str, Any] = {
            "format": "tracer-check", "version": 1,
            "file": self.program.path if self.program else None,
            "given_file": self.program.given if self.program else None,
            "language": self.program.language if self.program else "python",
            "verdict": self.verdict,
            "difference": self.difference,
            "calls": found.calls if found else 0,
            "guide_calls": found.guide_calls if found else 0,
            "first_wrong": self.first_wrong_json(),
            "error": self.error_json(),
        }
        if found is not None:
            s = found.search
            data.update({
                "board": board9(s.root_cells) if s.root_cells else None, "to_move": s.root_mover,
                "ai": found.ai, "scores": found.scale.describe(), "marks": marks_json(self.program),
                "differences": [d.what for d, _ in differences_found(self)],
                "differences_detail": self.differences_json(),
                "mistake": found.mistake.sentence if found.mistake else None,
                "matching_mistakes": [m.id for m in found.candidates],
                "alpha_beta": alpha_beta_json(found),
                "first_call": "tracer" if s.origin == "asked" else "program",
                "loop": s.loop is not None,
            })
        data["searches"] = len(self.checks)
        data["positions"] = positions_json(self)
        index = self.checks.index(found) if found is not None else -1
        for key in ("first_wrong", "error"):
            if data[key] is not None and index >= 0:
                data[key]["position"] = index + 1
        if self.boards_note:
            data["boards_note"] = self.boards_note
        if self.output is not None:
            data["output"] = {"stdout": self.output.text("stdout"), "stderr": self.output.text("stderr")}
        return data

    def first_wrong_json(self) -> dict[str, Any] | None:
        """The departure as data, with the position it is on (1: the first checked) and the
        window ``[α, β]`` its call was given (null bounds: infinite, as tracer's own alpha-beta
        JSON writes them) where it takes one."""
        found = self.check
        data = first_wrong_json(found) if found is not None else None
        if data is not None and found is not None:
            data["position"] = self.checks.index(found) + 1  # which of the positions checked
        if data is not None and found is not None and found.departure is not None and found.departure.window:
            alpha, beta = found.departure.window
            data["window"] = [None if alpha == -INF else alpha, None if beta == INF else beta]
        return data

    def differences_json(self) -> list[dict[str, Any]]:
        """Each difference with its id, its words, its first call, the positions it shows on (from
        1) and the board of the first of them."""
        out = []
        for difference, where in differences_found(self):
            data: dict[str, Any] = {**difference.as_json(), "positions": where,
                                    "position": where[0] if where else None, "board": None, "to_move": None}
            if where:
                s = self.checks[where[0] - 1].search
                data.update(board=board9(s.root_cells) if s.root_cells else None, to_move=s.root_mover)
            out.append(data)
        return out

    def error_json(self) -> dict[str, Any] | None:
        if self.stopped_before_search:
            kind, text = self.stop or ("time-limit" if self.status == "killed" else "limit",
                                       "the program ran past its limit before any search call")
            return {"kind": kind, "type": self.status, "message": text, "line": None,
                    "call": None, "board": None, "to_move": None}
        found = self.check
        return found.error.as_json() if found is not None and found.error is not None else None

    def to_json(self) -> str:
        return json.dumps(self.as_json(), indent=1, ensure_ascii=False) + "\n"

    # ---- text --------------------------------------------------------------------------------

    def __str__(self) -> str:
        from .report import render_text

        return render_text(self)

    def __repr__(self) -> str:
        found = self.check
        where = f", first departure at call #{found.departure.call}" if found and found.departure else ""
        return f"<CheckResult {self.verdict}{where}>"

    def _repr_html_(self) -> str:
        from .report import render_html

        return render_html(self)


def alpha_beta_json(check: SearchCheck) -> dict[str, Any] | None:
    """How a search whose calls take a window compares with tracer's alpha-beta (None: no window):
    whether its calls are exactly tracer's, and if so with which cut (``ge``, ``gt``), order and
    return (``soft``, ``hard``)."""
    found = check.alphabeta
    if found is None:
        return None
    way = found.exact
    return {"exact": way is not None, "cut": way.cutoff if way else None,
            "order": way.order if way else None, "fail": way.fail if way else None,
            "mistakes": [m.id for m in found.mistakes]}


def marks_json(program: Program | None) -> dict[str, Any] | None:
    """How X and O name the sides of a program that writes its marks as numbers: each side's
    number and the program's name for it (null where it has none); null for letters."""
    marks = program.facts.marks if program is not None else None
    if program is None or marks is None or not all(is_number(m) for m in marks):
        return None
    return {side: {"value": mark, "name": name or None}
            for side, mark, name in zip("XO", marks, program.facts.names, strict=True)}
