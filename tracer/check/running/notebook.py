"""``tracer.check(fn, board)``: the same check for a function defined in a notebook.

The function runs in the notebook's own Python: each search function's name is bound,
for the length of the call, to a recording wrapper (so the recursive calls, which go
through the name, are recorded too), then bound back. The recorder is the Python host's,
writing to a temporary folder that is read back exactly as for ``trace check``.
"""

from __future__ import annotations

import ast
import inspect
import shutil
import tempfile
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...games.tictactoe.board import Board
from ...games.tictactoe.notation import as_position
from ...scores import DepthScores, parse_scores
from ..judging.scales import Scale
from ..judging.verdict import Settings, check_search
from ..presenting.result import CheckResult
from ..source import pysource
from ..values.asking import arguments
from ..values.calls import Reader, searches_of, shapes_of
from ..values.reading import GUIDE_NOTATION, UNKNOWN, Cells, Notation, read_cells
from .hosts import pyhost
from .record import Function, Record, RecordReader


def scale_of(scores: Any) -> Scale | None:
    """``--scores``/``scores=`` (a name, a triple or a Scores) as a Scale; None to infer it."""
    if scores is None:
        return None
    if isinstance(scores, str):
        scores = parse_scores(scores)
    per_move = 1 if isinstance(scores, DepthScores) else 0
    return Scale(scores.ai_win, scores.human_win, scores.draw, per_move)


def check_function(fn: Callable[..., Any] | Sequence[Callable[..., Any]], board: Any = "X.OX.XOO.",
                   to_move: str | None = None, *, ai: str | None = None, scores: Any = None,
                   timeout: float = 10.0, max_calls: int = 2_000_000) -> CheckResult:
    """Check a minimax function defined in this Python session, on ``board``.

    ``fn`` is the search function, or a list of them (the first is called: the course
    project's ``[minimax, max_value, min_value]``). ``board`` is a board in any of tracer's
    notations (``"X.OX.XOO."``, a Board) or in the function's own (``["X", 1, "O", ...]``,
    ``[[X, EMPTY, O], ...]``), which is passed as it is. The result shows itself in Jupyter.
    """
    functions = list(fn) if isinstance(fn, Sequence) else [fn]
    if not functions or not all(callable(f) for f in functions):
        raise TypeError("tracer.check expects a function (or a list of functions) as its first argument")
    entry = functions[0]
    cells, mover, given = _position(board, to_move)
    names = {f.__name__ for f in functions}
    table = [Function(f.__name__, "search", _params(f), getattr(f.__code__, "co_firstlineno", 0), "top",
                      countdown=_countdown(f, names)) for f in functions]
    notation = _notation(entry)
    ai_mark = (ai or mover).upper()
    call_args, board_at = arguments(table[0], notation, cells, mover, ai_mark)
    if given is not None:
        call_args[board_at] = given
    folder = tempfile.mkdtemp(prefix="tracer-check-")
    try:
        record = _record(functions, table, call_args, folder, timeout, max_calls)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    searches = searches_of(Reader(record, shapes_of(record)))
    result = CheckResult(None, None, function_name=entry.__name__)
    if searches:
        settings = Settings(ai.upper() if ai else None, scale_of(scores), record.limit, ai_mark)
        result.checks.append(check_search(searches[0], settings))
    else:
        result.stopped_before_search = True
    return result


def _position(board: Any, to_move: str | None) -> tuple[Cells, str, Any]:
    """The position: its cells, the side to move, and the learner's own board if given as one."""
    if isinstance(board, (str, Board)):
        position_board, side = as_position(board, to_move)
        cells = tuple(None if c == "." else c for c in position_board.cells)
        return cells, side, None
    found = read_cells(_plain(board))
    if found is None:
        raise InputError("expected a board: 9 cells or 3 rows of 3 (X, O and empty cells), "
                         f"found {board!r:.60}", "tracer.check")
    cells = found[0]
    xs, os_ = cells.count("X"), cells.count("O")
    mover = (to_move or ("X" if xs <= os_ else "O")).upper()
    return cells, mover, _copy(board)


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if hasattr(value, "tolist"):
        return value.tolist()
    return value


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _params(fn: Callable[..., Any]) -> list[str]:
    out = []
    for p in inspect.signature(fn).parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.KEYWORD_ONLY):
            continue
        out.append(p.name if p.default is p.empty else f"{p.name}=")
    return out


def _countdown(fn: Callable[..., Any], names: set[str]) -> list[str]:
    """The parameters ``fn``'s own recursive calls lower (a depth budget): see record.Function."""
    tree = _source_tree(fn)
    defs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))] if tree else []
    return pysource.countdown(defs[0], names) if defs else []


def _source_tree(fn: Callable[..., Any]) -> ast.Module | None:
    """``fn``'s source parsed, None where Python keeps no source of it (defined at a prompt)."""
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return None


def _notation(fn: Callable[..., Any]) -> Notation:
    """How ``fn``'s program writes boards: a board among its module's globals, else its source."""
    for value in list(getattr(fn, "__globals__", {}).values()):
        if isinstance(value, (list, tuple)):
            found = read_cells(_plain(value))
            if found is not None and found[1].empty != UNKNOWN:
                return found[1]
    tree = _source_tree(fn)
    if tree is None:
        return GUIDE_NOTATION
    hints = [n for n, _ in pysource.board_hints(tree) if n.empty != UNKNOWN]
    if hints:
        return hints[0]
    marks = pysource.mark_texts(tree)
    if marks and all(m.islower() for m in marks):
        return Notation(marks=("x", "o"))
    return GUIDE_NOTATION


def _record(functions: list[Callable[..., Any]], table: list[Function], args: list[Any], folder: str,
            timeout: float, max_calls: int) -> Record:
    """Call the first function with every one of them recording; read the record back."""
    pyhost.CFG["file"] = functions[0].__code__.co_filename
    recorder = pyhost.Recorder({"dir": folder, "maxCalls": max_calls, "timeoutMs": int(timeout * 1000)})
    wrapped = [recorder.wrap(k, f) for k, f in enumerate(functions)]
    saved: list[tuple[dict[str, Any], str, Any]] = []
    for original, wrapper in zip(functions, wrapped, strict=True):
        space = original.__globals__
        saved.append((space, original.__name__, space.get(original.__name__, _ABSENT)))
        space[original.__name__] = wrapper
    try:
        wrapped[0](*[a if isinstance(a, list) and a is args[0] else pyhost.decode(a) for a in args])
    except (pyhost.Stop, Exception):
        pass  # the learner's error is in the record, with the call it happened in
    finally:
        for space, name, value in saved:
            if value is _ABSENT:
                space.pop(name, None)
            else:
                space[name] = value
        recorder.flush()
        recorder.events_file.close()
        recorder.values_file.close()
    record = Record(table, "python")
    reader = RecordReader(record)
    reader.feed_values(Path(folder, "values.txt").read_text(encoding="utf-8"))
    reader.feed(Path(folder, "events.bin").read_bytes())
    reader.close_all()
    return record


_ABSENT = object()
