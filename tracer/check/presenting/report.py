"""``trace check``'s report: the verdict, the departing call, the error, the named mistake,
and the program's own output under its own heading, cut short."""

from __future__ import annotations

import os
from html import escape
from typing import TYPE_CHECKING, Any

from ..judging.verdict import CORRECT, ERROR, IDENTICAL, SHORTCUTS, WRONG, SearchCheck
from ..values.calls import LOOP
from ..values.notation import plain_written
from .facts import (
    WHAT_DEPARTS,
    call_text,
    expected_text,
    function_name,
    loop_move_json,
    marks_json,
    returned_text,
)
from .trees import trees_html
from .words import compact, window_text

if TYPE_CHECKING:
    from ..running.program import Program
    from ..running.record import Function
    from .result import CheckResult

OUTPUT_LINES = 8  # of the program's own output, shown in the report
LANGUAGE_NAMES = {"python": "Python", "javascript": "JavaScript, run with node"}
PAD = "  "


def render_text(result: CheckResult) -> str:
    lines = _head(result)
    found = result.check
    lines.append("")
    lines.extend(_verdict(result, found))
    if found is not None:
        lines.append("")
        lines.append(f"Calls: {found.calls:,} (the guide's minimax makes {found.guide_calls:,} from this position).")
        if len(result.checks) > 1 or result.boards_asked:
            lines.append(_positions(result))
        if result.boards_note:
            lines.append(result.boards_note + ".")
    lines.extend(_output(result))
    return "\n".join(lines) + "\n"


def _head(result: CheckResult) -> list[str]:
    program = result.program
    found = result.check
    lines = []
    if program is not None:
        lines.append(f"trace check: {program.given} ({LANGUAGE_NAMES[program.language]})")
        searches = [f for f in program.functions if f.role == "search"]
        names = ", ".join(_search_text(program, f) for f in searches)
        lines.append(f"Search function{'s' if len(searches) > 1 else ''}: {names}")
    elif result.function_name:
        lines.append(f"tracer.check: {result.function_name}")
    if found is None:
        return lines
    s = found.search
    if s.loop is not None:
        who = program.functions[s.loop.fn].name if program is not None and s.loop.fn is not None \
            else "the program's top level"
        lines.append(f"First call: the loop of {who} over {s.root_mover}'s moves, counted as call #1; "
                     f"it calls {function_name(found, s.loop.children[0])} once per empty cell")
    elif s.origin == "asked":
        why = "tracer called it"
        if s.position == 0 and result.asked_reason == "no-call":
            why = "the program made no search call of its own, so tracer called it"
        elif s.position == 0 and result.asked_reason == "board":
            why = "tracer called it on the board given"
        elif result.program is None:
            why = "tracer.check called it"
        if result.call is not None:
            why += f", as --call {result.call} says"
        lines.append(f"First call: {call_text(found, s.root)} ({why})")
    else:
        maker = "tracer.check" if result.program is None else "the program"
        lines.append(f"First call: {call_text(found, s.root)} (made by {maker})")
    if s.root_cells is not None:
        lines.append(f"Position: {compact(s.root_cells)} with {s.root_mover} to move; {found.ai} is the AI.")
        sides = marks_text(program)
        if sides:
            lines.append(sides)
    assumed = "" if found.samples or found.scale != found.scale.__class__(ai=found.scale.ai) else \
        " (assumed, as the guide's: the search scored no finished board)"
    lines.append(f"Scores: {found.scale.describe()}{assumed}.")
    return lines


def marks_text(program: Program | None) -> str:
    """``Marks: X is the program's 1 (COMP), O its -1 (HUMAN).``, or "" (see marks_json)."""
    marks = marks_json(program)
    if marks is None:
        return ""
    x, o = (f"{m['value']}" + (f" ({m['name']})" if m["name"] else "") for m in marks.values())
    return f"Marks: X is the program's {x}, O its {o}."


def _search_text(program: Program, fn: Function) -> str:
    """``minimax(depth, isMax) at line 9 of ai.js, playing on the top-level variable grid``: the file
    named where it is not the one the user gave, the board where the search takes none."""
    where = f" of {program.path}" if os.path.abspath(program.path) != os.path.abspath(program.given) else ""
    enclosed = fn.reach == "nested" and fn.board not in {name for _, name in program.hints}
    on = (f", playing on {fn.board}, a variable of the function it is defined in" if enclosed
          else f", playing on the top-level variable {fn.board}") if fn.board else ""
    return f"{fn.name}({', '.join(p.rstrip('=') for p in fn.params)}) at line {fn.line}{where}{on}"


def _verdict(result: CheckResult, found: SearchCheck | None) -> list[str]:
    if result.stopped_before_search or found is None:
        if result.stop is not None:
            return [f"Verdict: error: {result.stop[1]}."]
        limit = "its time limit" if result.status == "killed" else "its limit"
        return [f"Verdict: error: the program ran past {limit} before its first search call."]
    verdict = result.verdict
    lines: list[str] = []
    if verdict == IDENTICAL:
        lines.append(f"Verdict: identical: the guide's minimax, call for call ({found.calls:,} calls: the "
                     "same boards, scores and chosen cells, in the guide's order).")
        if len(result.checks) > 1:
            lines.append(f"{PAD}on every one of the {len(result.checks)} positions checked (listed below)")
    elif verdict == CORRECT:
        listed = result.differences_found()
        shortcut = any(d.what in SHORTCUTS for d, _ in listed)
        lines.append("Verdict: correct: every call returned its board's score" + (
            " (or, given a window, a bound right for it) and the first call chose a best move" if shortcut
            else " having tried each empty cell once") + ", but it differs from the guide's minimax in:")
        for difference, where in listed:
            on = "" if len(result.checks) < 2 or not where else \
                f" (on {_numbers(where)}; first on {result.position_label(where[0] - 1)})"
            lines.append(f"{PAD}- {difference.what}: {difference.text}{on}")
        if len(result.checks) > 1:
            lines.append(f"{PAD}on every one of the {len(result.checks)} positions checked (listed below)")
    elif verdict == WRONG:
        lines.append(f"Verdict: wrong: call #{found.departure.call} is the first to depart from a "  # type: ignore[union-attr]
                     "correct search.")
        if len(result.checks) > 1:
            lines.append(f"{PAD}on {result.position_label(result.checks.index(found))}")
        lines.extend(_departure(found))
    else:
        lines.extend(_error(result, found))
    lines.extend(_alphabeta(found))
    if found.mistake is not None:
        lines.append("")
        lines.append(f"Named difference: {found.mistake.id}. {found.mistake.sentence}")
        others = [m.id for m in found.candidates[1:]]
        if others:
            lines.append(f"{PAD}(On this board its calls are also exactly those of: {', '.join(others)}.)")
    return lines


def _alphabeta(check: SearchCheck) -> list[str]:
    """How a search whose calls take a window compares with tracer's alpha-beta."""
    found = check.alphabeta
    if found is None:
        return []
    if found.exact is not None:
        return ["", f"Alpha-beta: its calls are exactly those of tracer's alpha-beta ({found.exact.describe()}): "
                "the same boards, windows, cuts, scores and moves."]
    where = f"; call #{check.departure.call} is the first unsound one" if check.departure is not None else ""
    return ["", "Alpha-beta: its calls take a window (α, β), but they are not those of tracer's alpha-beta "
            f"under either cutoff (ge, gt) or move order (ascending, centre-first){where}."]


def _departure(check: SearchCheck) -> list[str]:
    d = check.departure
    assert d is not None
    board = compact(d.cells) if d.cells else "(no board)"
    returned = returned_text(check, d.node)
    expected = expected_text(check)
    if d.kind == "wrong-move" and d.expected_move is not None and (
            d.node == LOOP or check.search.returned(d.node).score is None):
        # A move alone (a loop's, or a driver's): said to be a cell, never to be read as a score.
        if d.node == LOOP:
            expected = plain_written(loop_move_json(check, d.expected_move), check.search.record.language,
                                     returned.startswith("("))
        expected = f"{expected} (a best move: cell {d.expected_move})"
    lines = [f"{PAD}call      #{d.call}, {d.to_move} to move on {board}"]
    if d.window is not None:
        lines.append(f"{PAD}window    {window_text(*d.window)}")
    if returned == expected:
        # The value is right: what departs is something else, said instead of a pair alike.
        differs = WHAT_DEPARTS.get(d.kind, d.kind)
        lines += [f"{PAD}returned  {returned}, the value due", f"{PAD}differs   not the value: {differs}"]
    else:
        lines += [f"{PAD}returned  {returned}", f"{PAD}expected  {expected}"]
    return [*lines, f"{PAD}why       {d.why}"]


def _error(result: CheckResult, check: SearchCheck) -> list[str]:
    e = check.error
    assert e is not None
    file = result.program.path if result.program else "the notebook"
    where = f"line {e.line} of {file}" if e.line else file
    call = f"call #{e.call}" + (f", {e.to_move} to move on {compact(e.cells)}" if e.cells else "") if e.call else ""
    if e.kind == "raised":
        head = f"Verdict: error: {e.type}: {e.message}"
        lines = [head, f"{PAD}at {where}, in {call}" if call else f"{PAD}at {where}"]
        if len(result.checks) > 1:
            lines.append(f"{PAD}on {result.position_label(result.checks.index(check))}")
    elif e.kind == "call-limit":
        lines = [f"Verdict: error: the search ran past the call limit (--max-calls), still in {call}."]
    else:
        lines = [f"Verdict: error: the search ran past the time limit (--timeout), still in {call}."]
    if check.departure is not None:
        lines.append(f"{PAD}Before it, call #{check.departure.call} departs from a correct search:")
        lines.extend(PAD + line for line in _departure(check))
    return lines


def _numbers(positions: list[int]) -> str:
    """``position 2``, ``positions 1-4, 6``: position numbers, runs written as ranges."""
    runs: list[list[int]] = []
    for n in positions:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    text = ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)
    return f"position{'s' if len(positions) > 1 else ''} {text}"


#: Most positions the report lists one by one.
LISTED_POSITIONS = 12


def _positions(result: CheckResult) -> str:
    checked = len(result.checks)
    head = f"Positions checked: {checked}, all {result.verdict}:" if result.ok else \
        f"Positions checked: {checked}; stopped at position {checked}:"
    rows = [f"{PAD}{result.position_label(i)}: {c.verdict}" for i, c in enumerate(result.checks)]
    if len(rows) > LISTED_POSITIONS:
        rows = [*rows[:LISTED_POSITIONS - 1], f"{PAD}… and {len(rows) - LISTED_POSITIONS + 1:,} more", rows[-1]]
    return "\n".join([head, *rows])


def _output(result: CheckResult) -> list[str]:
    out = result.output
    lines: list[str] = []
    if out is not None:
        for stream, total in (("stdout", out.stdout_bytes), ("stderr", out.stderr_bytes)):
            text = out.text(stream)
            if not text.strip():
                continue
            # Lines end at "\n" only: a bare "\r" stays in its line, to be shown as an escape.
            shown = text.replace("\r\n", "\n").removesuffix("\n").split("\n")
            more = total > len(getattr(out, stream))
            lines.append("")
            heading = "printed" if stream == "stdout" else "printed to standard error"
            count = f"{len(shown)}{'+' if more else ''} line{'' if len(shown) == 1 and not more else 's'}"
            lines.append(f"What the program {heading} ({count}"
                         f"{f', the first {OUTPUT_LINES}' if len(shown) > OUTPUT_LINES else ''}):")
            lines.extend(f"{PAD}| {line[:200]}" for line in shown[:OUTPUT_LINES])
    search_error = result.check.error if result.check is not None else None
    same = search_error is not None and result.program_error is not None and (
        search_error.type, search_error.message) == (result.program_error.get("type"),
                                                      result.program_error.get("message"))
    if result.program_error is not None and result.checks and not same:
        e = result.program_error
        where = f" at line {e.get('line')}" if e.get("line") else ""
        lines.append("")
        lines.append(f"The program's own run stopped with {e.get('type')}{where}: {e.get('message')}")
    return lines


# ---- Jupyter ----------------------------------------------------------------------------------

COLOURS = {IDENTICAL: "#1a7f37", CORRECT: "#1a7f37", WRONG: "#cf222e", ERROR: "#cf222e"}


def render_html(result: CheckResult) -> str:
    """The verdict as a card: the departing call's board, what it returned and why."""
    from ...explain.tictactoe import board_svg
    from ...games.tictactoe.board import Board
    from .words import board9

    found = result.check
    verdict = result.verdict
    lines = _verdict(result, found)
    head = lines[0].removeprefix("Verdict: ")
    body = "\n".join(line.removeprefix(PAD) for line in lines[1:]).strip("\n")
    parts = ['<div style="font-family: sans-serif; border: 1px solid #d0d7de; border-radius: 6px; '
             'padding: 8px 12px; max-width: 48em">',
             f'<div style="font-weight: bold; color: {COLOURS[verdict]}">{escape(head)}</div>']
    d = found.departure if found is not None else None
    text = f'<pre style="white-space: pre-wrap; margin: 0">{escape(body)}</pre>' if body else ""
    if d is not None and d.cells is not None:
        svg = board_svg(Board(board9(d.cells)), top=f"call #{d.call}", bottom=f"{d.to_move} to move")
        parts.append('<div style="display: flex; gap: 12px; align-items: flex-start; margin-top: 6px">'
                     f'{svg}{text}</div>')
    elif text:
        parts.append(text)
    if found is not None:
        parts.append(f'<div>{found.calls:,} calls; the guide\'s minimax makes {found.guide_calls:,}.</div>')
    parts.append("</div>")
    return "".join(parts) + trees_html(result)


__all__: list[Any] = ["render_html", "render_text"]
