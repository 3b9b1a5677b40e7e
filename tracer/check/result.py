"""What ``trace check`` found, as one object: its verdict, the call that departs, the error,
the named mistake; written as text, as JSON, and as HTML for Jupyter."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .reading import Cells, unwrap
from .verdict import CORRECT, ERROR, IDENTICAL, WRONG, SearchCheck
from .words import board9, compact, signed

if TYPE_CHECKING:
    from .program import Output, Program

@dataclass
class CheckResult:
    """The verdict on a learner's program (or notebook function) and what explains it."""

    program: Program | None
    output: Output | None
    #: Every search checked, in order; the last one decides unless all are fine.
    checks: list[SearchCheck] = field(default_factory=list)
    #: How the program's own run ended (``done``, ``error``, ``exit``, ``limit``, ``killed``).
    status: str = "done"
    #: The error the program's top level stopped with, if any.
    program_error: dict[str, Any] | None = None
    #: ``no-call`` when tracer called the search function itself, the program having made no call.
    asked_reason: str | None = None
    #: The positions tracer called the search function on.
    positions: list[tuple[Cells, str]] = field(default_factory=list)
    #: The program ran past its limit before making any search call.
    stopped_before_search: bool = False
    #: A name for the function checked, for the notebook (``minimax``).
    function_name: str = ""
    #: Whether ``--boards`` asked for more positions.
    boards_asked: bool = False
    #: Why ``--boards`` could not be honoured, if it could not.
    boards_note: str | None = None

    # ---- the summary ------------------------------------------------------------------------

    @property
    def check(self) -> SearchCheck | None:
        """The search the verdict is about: the first that is not fine, else the first."""
        for check in self.checks:
            if check.verdict not in (IDENTICAL, CORRECT):
                return check
        return self.checks[0] if self.checks else None

    @property
    def verdict(self) -> str:
        if self.stopped_before_search:
            return ERROR
        found = self.check
        if found is None:
            return ERROR
        if found.verdict == IDENTICAL and any(c.verdict == CORRECT for c in self.checks):
            return CORRECT
        return found.verdict

    @property
    def difference(self) -> str | None:
        found = self.check
        return found.mistake.id if found is not None and found.mistake is not None else None

    @property
    def ok(self) -> bool:
        return self.verdict in (IDENTICAL, CORRECT)

    def trace(self) -> Any:
        """The learner's search the verdict is about, as a ``tracer.Trace`` (see learner_trace)."""
        from .learner_trace import to_trace

        found = self.check
        if found is None:
            raise ValueError("no search was recorded")
        return to_trace(found)

    def guide_trace(self) -> Any:
        """The guide's minimax from the same position, as a ``tracer.Trace``."""
        from ..games.tictactoe.board import Board
        from ..search.minimax import record

        found = self.check
        if found is None or found.search.root_cells is None:
            raise ValueError("no search was recorded")
        return record(Board(board9(found.search.root_cells)), found.search.root_mover, found.ai)  # type: ignore[arg-type]

    # ---- JSON --------------------------------------------------------------------------------

    def as_json(self) -> dict[str, Any]:
        found = self.check
        data: dict[str, Any] = {
            "format": "tracer-check", "version": 1,
            "file": self.program.path if self.program else None,
            "language": self.program.language if self.program else "python",
            "verdict": self.verdict,
            "difference": self.difference,
            "calls": found.calls if found else 0,
            "guide_calls": found.guide_calls if found else 0,
            "first_wrong": first_wrong_json(found) if found else None,
            "error": self.error_json(),
        }
        if found is not None:
            s = found.search
            data.update({
                "board": board9(s.root_cells) if s.root_cells else None, "to_move": s.root_mover,
                "ai": found.ai, "scores": found.scale.describe(),
                "differences": [d.what for d in found.differences],
                "mistake": found.mistake.sentence if found.mistake else None,
                "matching_mistakes": [m.id for m in found.candidates],
                "first_call": "tracer" if s.origin == "asked" else "program",
                "loop": s.loop is not None,
            })
        data["searches"] = len(self.checks)
        if self.boards_note:
            data["boards_note"] = self.boards_note
        if self.output is not None:
            data["output"] = {"stdout": self.output.text("stdout"), "stderr": self.output.text("stderr")}
        return data

    def error_json(self) -> dict[str, Any] | None:
        if self.stopped_before_search:
            return {"kind": "time-limit" if self.status == "killed" else "limit", "type": self.status,
                    "message": "the program ran past its limit before any search call", "line": None,
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


def expected_json(check: SearchCheck, node: int, score: float | None, move: int | None, terminal: bool) -> Any:
    """What a correct call returns there, in the shape ``node``'s function returns."""
    if score is None and move is None:
        return None
    fn = check.search.fn(node)
    kind = check.search.reader.shapes[fn].returns if fn is not None else "number"
    value = _plain_number(score)
    notation = check.search.reader.shapes[fn].notation if fn is not None else None
    if move is not None and notation is not None and notation.shape == "rows":
        move = [move // 3, move % 3]  # type: ignore[assignment]  # as (row, column), as its boards are rows
    if kind == "object":
        return {"score": value} if terminal or move is None else {"index": move, "score": value}
    if kind == "score-move":
        return [value, move]
    if kind == "move-score":
        return [move, value]
    if kind == "action":
        return move
    return value


def _plain_number(value: float | None) -> Any:
    if value is None or value != value or abs(value) == float("inf"):
        return None if value is None else signed(value)
    return int(value) if float(value).is_integer() else value


def first_wrong_json(check: SearchCheck) -> dict[str, Any] | None:
    d = check.departure
    if d is None:
        return None
    s = check.search
    raw = None
    if d.node >= 0 and s.rows.ended[d.node] == 0:
        raw = unwrap(s.record.value(s.rows.value[d.node]))
    terminal = d.cells is not None and d.expected_move is None
    return {"call": d.call, "board": board9(d.cells) if d.cells else None, "to_move": d.to_move,
            "returned": _jsonable(raw),
            "expected": expected_json(check, d.node, d.expected_score, d.expected_move, terminal),
            "why": d.why, "kind": d.kind}


def _jsonable(value: Any) -> Any:
    if isinstance(value, float):
        return _plain_number(value)
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


__all__ = ["CheckResult", "compact", "ERROR", "WRONG"]
