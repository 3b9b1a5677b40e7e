"""What ``trace check`` found, before it is written: the searches checked and their verdict, the
positions, and the learner's search as a trace. The ways it is written (``result``: JSON, text,
Jupyter) build on it; the report's parts read it without importing them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..judging.scales import other
from ..judging.verdict import CORRECT, ERROR, IDENTICAL, Difference, SearchCheck
from ..values.calls import placed
from ..values.reading import Cells
from .words import board9, compact

if TYPE_CHECKING:
    from ..running.program import Output, Program


@dataclass
class Findings:
    """The verdict on a learner's program (or notebook function) and what explains it
    (``CheckResult`` writes it)."""

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
    #: ``--call EXPR``: how tracer made the calls it made itself, if the user said.
    call: str | None = None
    #: The positions tracer called the search function on.
    positions: list[tuple[Cells, str]] = field(default_factory=list)
    #: The program ran past its limit before making any search call.
    stopped_before_search: bool = False
    #: Why no search could be checked, where it is not the limit: ``(kind, sentence)``, e.g.
    #: ``("out-of-memory", "node ran out of memory before its first search call")``.
    stop: tuple[str, str] | None = None
    #: A name for the function checked, for the notebook (``minimax``).
    function_name: str = ""
    #: Each check's position's name (``the program's own``, ``a draw, X to move``), in order.
    names: list[str] = field(default_factory=list)
    #: Whether ``--boards`` asked for more positions.
    boards_asked: bool = False
    #: Why ``--boards`` could not be honoured, if it could not.
    boards_note: str | None = None
    _trace: Any = field(default=None, repr=False, compare=False)

    def add(self, check: SearchCheck, name: str) -> None:
        """One more position checked, under the name the report gives it."""
        self.checks.append(check)
        self.names.append(name)

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
        from ..judging.verdict import guide_trace

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


def searched_before(cells: Cells, mover: str, earlier: Cells, earlier_mover: str) -> bool:
    """Whether a search on ``cells`` searches a board the search on ``earlier`` searched: the
    same board with the same side to move, or one of its moves."""
    if cells == earlier:
        return mover == earlier_mover
    new = placed(earlier, cells)
    return (len(new) == 1 and earlier[new[0]] is None and cells[new[0]] == earlier_mover
            and mover == other(earlier_mover))


def position_name(result: Findings, index: int) -> str:
    """The name of the position of ``result.checks[index]`` (``the program's own``, ``a draw``)."""
    return result.names[index] if index < len(result.names) else f"position {index + 1}"


def position_label(result: Findings, index: int) -> str:
    """``position 2 (a draw, X to move): .XO/O.X/...``: how the report names a position."""
    s = result.checks[index].search
    board = compact(s.root_cells) if s.root_cells else "no board"
    return f"position {index + 1} ({position_name(result, index)}): {board}, {s.root_mover} to move"


def positions_json(result: Findings) -> list[dict[str, Any]]:
    """Every position checked, in order, with its verdict and the differences found on it."""
    out = []
    for index, check in enumerate(result.checks):
        s = check.search
        out.append({"position": index + 1, "name": position_name(result, index),
                    "board": board9(s.root_cells) if s.root_cells else None, "to_move": s.root_mover,
                    "verdict": check.verdict, "calls": check.calls,
                    "differences": [d.what for d in check.differences],
                    "first_call": "tracer" if s.origin == "asked" else "program"})
    return out


def differences_found(result: Findings) -> list[tuple[Difference, list[int]]]:
    """Each difference found on any position checked, with the positions (numbered from 1) it
    shows on, in the order first found; then a board the program searched again in a search of
    its own (``re-searches``), shown on the position of the search made first."""
    found: dict[str, tuple[Difference, list[int]]] = {}
    for index, check in enumerate(result.checks):
        for difference in check.differences:
            found.setdefault(difference.what, (difference, []))[1].append(index + 1)
    repeat = result.repeats()
    if repeat is not None and repeat[0].what not in found:
        found[repeat[0].what] = (repeat[0], [repeat[1]])
    return list(found.values())
