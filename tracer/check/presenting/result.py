"""What ``trace check`` found, as one object: the searches checked and their verdict, the
positions, the call that departs, the error, the named mistake; written as text, as JSON, and
as HTML for Jupyter, and the learner's search as a trace (``learner_trace``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..judging.verdict import CORRECT, ERROR, IDENTICAL, Difference, SearchCheck, guide_trace
from ..values.reading import Cells
from .facts import alpha_beta_json, first_wrong_json, marks_json, searched_before
from .words import board9, compact

if TYPE_CHECKING:
    from ..running.program import Output, Program


@dataclass
class CheckResult:
    """The verdict on a learner's program (or notebook function) and what explains it."""

    program: Program | None
    output: Output | None
    #: Every search checked, in order, and each one's position's name (``a draw, X to move``).
    checks: list[SearchCheck] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    #: How the program's own run ended (``done``, ``error``, ``exit``, ``limit``, ``killed``).
    status: str = "done"
    program_error: dict[str, Any] | None = None
    #: ``no-call`` (the program made no search call) or ``board``: why tracer called the search itself.
    asked_reason: str | None = None
    #: ``--call EXPR``, and the positions tracer called the search function on.
    call: str | None = None
    positions: list[tuple[Cells, str]] = field(default_factory=list)
    #: The program ran past its limit before its first search call.
    stopped_before_search: bool = False
    #: Why no search could be checked, where it is not the limit: ``(kind, sentence)``.
    stop: tuple[str, str] | None = None
    #: The function checked, for the notebook (``minimax``).
    function_name: str = ""
    #: Whether ``--boards`` asked for more positions, and why it could not be honoured, if not.
    boards_asked: bool = False
    boards_note: str | None = None
    _trace: Any = field(default=None, repr=False, compare=False)

    def add(self, check: SearchCheck, name: str) -> None:
        """One more position checked, under the name the report gives it."""
        self.checks.append(check)
        self.names.append(name)

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
        if found.verdict == IDENTICAL and (any(c.verdict == CORRECT for c in self.checks) or self.repeats()):
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
        """The learner's search the verdict is about, as a ``tracer.Trace`` (see learner_trace):
        every call as the program made it, and what this check found about them."""
        from .learner_trace import learner_facts, to_trace

        found = self.check
        if found is None:
            raise ValueError("no search was recorded")
        if self._trace is None:
            program = self.program.path if self.program is not None else self.function_name
            self._trace = to_trace(found, learner_facts(found, program))
        return self._trace

    def guide_trace(self) -> Any:
        """The guide's minimax from the same position, as a ``tracer.Trace``."""
        found = self.check
        if found is None or found.search.root_cells is None:
            raise ValueError("no search was recorded")
        return guide_trace(found.search.root_cells, found.search.root_mover, found.ai)

    def repeats(self) -> tuple[Difference, int] | None:
        """A search of the program's own on a board an earlier one searched (the root's score
        first, then its moves), with the position (from 1) of that earlier search."""
        seen: list[tuple[Cells, str, int]] = []
        for number, check in enumerate(self.checks, 1):
            s = check.search
            if s.origin != "program" or s.root_cells is None:
                continue
            for cells, mover, first in seen:
                if searched_before(s.root_cells, s.root_mover, cells, mover):
                    return Difference("re-searches", f"it searches a board again: search {number} of the "
                                      f"program, on {compact(s.root_cells)}, searches a board its search on "
                                      f"{compact(cells)} searched already (for instance the first board's "
                                      "score, then its moves), and every search returned its board's score"), first
            seen.append((s.root_cells, s.root_mover, number))
        return None

    def position_name(self, index: int) -> str:
        """The name of the position of ``checks[index]`` (``the program's own``, ``a draw``)."""
        return self.names[index] if index < len(self.names) else f"position {index + 1}"

    def position_label(self, index: int) -> str:
        """``position 2 (a draw, X to move): .XO/O.X/...``: how the report names a position."""
        s = self.checks[index].search
        board = compact(s.root_cells) if s.root_cells else "no board"
        return f"position {index + 1} ({self.position_name(index)}): {board}, {s.root_mover} to move"

    def positions_json(self) -> list[dict[str, Any]]:
        """Every position checked, in order, with its verdict and the differences found on it."""
        out = []
        for index, check in enumerate(self.checks):
            s = check.search
            out.append({"position": index + 1, "name": self.position_name(index),
                        "board": board9(s.root_cells) if s.root_cells else None, "to_move": s.root_mover,
                        "verdict": check.verdict, "calls": check.calls,
                        "differences": [d.what for d in check.differences],
                        "first_call": "tracer" if s.origin == "asked" else "program"})
        return out

    def differences_found(self) -> list[tuple[Difference, list[int]]]:
        """Each difference found on any position checked, with the positions (numbered from 1) it
        shows on, in the order first found; then a board the program searched again in a search of
        its own (``re-searches``), shown on the position of the search made first."""
        found: dict[str, tuple[Difference, list[int]]] = {}
        for index, check in enumerate(self.checks):
            for difference in check.differences:
                found.setdefault(difference.what, (difference, []))[1].append(index + 1)
        repeat = self.repeats()
        if repeat is not None and repeat[0].what not in found:
            found[repeat[0].what] = (repeat[0], [repeat[1]])
        return list(found.values())

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
            "first_wrong": first_wrong_json(found, self.checks.index(found) + 1) if found is not None else None,
            "error": self.error_json(),
        }
        if found is not None:
            s = found.search
            data.update({
                "board": board9(s.root_cells) if s.root_cells else None, "to_move": s.root_mover,
                "ai": found.ai, "scores": found.scale.describe(), "marks": marks_json(self.program),
                "differences": [d.what for d, _ in self.differences_found()],
                "differences_detail": self.differences_json(),
                "mistake": found.mistake.sentence if found.mistake else None,
                "matching_mistakes": [m.id for m in found.candidates],
                "alpha_beta": alpha_beta_json(found),
                "first_call": "tracer" if s.origin == "asked" else "program",
                "loop": s.loop is not None,
            })
        data["searches"] = len(self.checks)
        data["positions"] = self.positions_json()
        if data["error"] is not None and found is not None:
            data["error"]["position"] = self.checks.index(found) + 1
        if self.boards_note:
            data["boards_note"] = self.boards_note
        if self.output is not None:
            data["output"] = {"stdout": self.output.text("stdout"), "stderr": self.output.text("stderr")}
        return data

    def differences_json(self) -> list[dict[str, Any]]:
        """Each difference with its id, its words, its first call, the positions it shows on (from
        1) and the board of the first of them."""
        out = []
        for difference, where in self.differences_found():
            data: dict[str, Any] = {"id": difference.what, "text": difference.text, "call": difference.call,
                                    "positions": where, "position": where[0] if where else None,
                                    "board": None, "to_move": None}
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

