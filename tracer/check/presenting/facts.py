"""What the check found, as the result and the report write it: the call a search departs at
(what it returned and what was due, in the shapes the learner's function returns), the call
as the program wrote it, the positions checked and the differences found on them. Below both
``result`` and ``report``, so no import runs in a circle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..judging.scales import other
from ..judging.verdict import SearchCheck
from ..values.calls import LOOP, placed
from ..values.notation import number_text, plain_written, written
from ..values.reading import MOVE_KEYS, SCORE_KEYS, Cells, is_number, move_of, unwrap
from .words import board9, signed

if TYPE_CHECKING:
    from ..running.program import Program


def expected_json(check: SearchCheck) -> Any:
    """What a correct call returns at the departure, in the shape its function returns."""
    d = check.departure
    assert d is not None
    node, score, move = d.node, d.expected_score, d.expected_move
    if score is None and move is None:
        return None
    fn = check.search.fn(node)
    kind = check.search.reader.shapes[fn].returns if fn is not None else "number"
    if check.search.move_only(node):
        kind = "action"  # its first call returns the chosen cell (see LearnerSearch.root_move)
    value = _plain_number(score, check.search.record.language)
    notation = check.search.reader.shapes[fn].notation if fn is not None else None
    if move is not None and notation is not None and notation.shape == "rows":
        move = [move // 3, move % 3]  # type: ignore[assignment]  # as (row, column), as its boards are rows
    elif move is not None and notation is not None:
        move += notation.first_cell  # its cells may be numbered 1-9
    if kind == "object":
        return _object_like(check, node, value, move)
    if kind == "xy-score":
        return [*_xy(check, node, move), value]
    if kind == "move-score-more":  # only the parts tracer judges: the move and its score
        return [_xy(check, node, move)[:2] if move is not None else [-1, -1], value]
    if kind == "score-move":
        return [value, move]
    if kind == "move-score":
        return [move, value]
    if kind == "action":
        return move
    return value


def _object_like(check: SearchCheck, node: int, score: Any, move: Any) -> dict[str, Any]:
    """``{index, score}`` with the learner's own keys (``{evaluation, id}``, ``{score, move}``)
    where the call returned an object."""
    raw = _raw_sample(check, node)
    keys = [k for k in unwrap(raw)] if isinstance(unwrap(raw), dict) else []
    lowered = {k.lower(): k for k in keys}
    score_key = next((lowered[k] for k in SCORE_KEYS if k in lowered), "score")
    move_key = next((lowered[k] for k in MOVE_KEYS if k in lowered), "index")
    fn = check.search.fn(node)
    learned = check.search.reader.shapes[fn].keys if fn is not None else None
    if learned is not None:
        score_key, move_key = learned[0], learned[1] or move_key
    if move is None:
        return {score_key: score}
    pair = {move_key: move, score_key: score}
    return dict(sorted(pair.items(), key=lambda item: keys.index(item[0]) if item[0] in keys else -1))


def _xy(check: SearchCheck, node: int, move: Any) -> list[Any]:
    """The ``x, y`` of an ``[x, y, score]`` value: the move's row and column, else what the
    call itself put there (a finished board's placeholder, ``-1, -1``)."""
    if isinstance(move, list):
        return move
    if isinstance(move, int):
        return [move // 3, move % 3]
    raw = unwrap(_raw_return(check, node)) if _raw_return(check, node) is not _NONE else None
    return list(raw[:2]) if isinstance(raw, list) and len(raw) == 3 else [-1, -1]


def _plain_number(value: float | None, language: str) -> Any:
    """A score as JSON holds it: a number, or a non-finite one as the learner's language writes
    it (``"-Infinity"`` in JavaScript, ``"-inf"`` in Python), never ``null``."""
    if value is None:
        return None
    if value != value or abs(value) == float("inf"):
        return number_text(value, language)
    return int(value) if float(value).is_integer() else value


def _signed(value: float, language: str) -> str:
    """A score with its sign, as the log writes it; a non-finite one as the learner's language does."""
    return number_text(value, language) if value != value or abs(value) == float("inf") else signed(value)


def first_wrong_json(check: SearchCheck, position: int) -> dict[str, Any] | None:
    """The departure as data, on the ``position``-th position checked, with the window ``[α, β]``
    its call was given where it takes one (null bounds: infinite, as tracer's alpha-beta JSON)."""
    d = check.departure
    if d is None:
        return None
    s = check.search
    raw = None
    if d.node >= 0 and s.rows.ended[d.node] == 0:
        raw = unwrap(s.record.value(s.rows.value[d.node]))
    expected = expected_json(check)
    if d.node == LOOP and s.loop is not None:
        # The program's own loop returns a move, never a score: its move, and the move due.
        raw = s.loop.value
        expected = loop_move_json(check, d.expected_move) if d.expected_move is not None else None
    data = {"call": d.call, "board": board9(d.cells) if d.cells else None, "to_move": d.to_move,
            "returned": _jsonable(raw, s.record.language), "expected": expected, "why": d.why, "kind": d.kind,
            "position": position}
    if d.window:
        alpha, beta = d.window
        data["window"] = [None if alpha == -float("inf") else alpha, None if beta == float("inf") else beta]
    return data


def loop_move_json(check: SearchCheck, move: int) -> Any:
    """``move`` in the shape the program's own loop returned its choice in: ``[row, column]``
    for a pair, the cell's number for a number (from 1 if its cells are), else the cell's index."""
    loop = check.search.loop
    if loop is None:
        return move
    if isinstance(loop.value, list) and move_of(loop.value) is not None:
        return [move // 3, move % 3]
    chosen = loop.returned.move
    if is_number(loop.value) and chosen is not None:
        return move + int(loop.value) - chosen  # the loop's cells are numbered as its choice is
    return move


def _jsonable(value: Any, language: str) -> Any:
    if isinstance(value, float):
        return _plain_number(value, language)
    if isinstance(value, list):
        return [_jsonable(v, language) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v, language) for k, v in value.items()}
    return value


def returned_text(check: SearchCheck, node: int) -> str:
    """What call ``node`` returned, as the learner's language writes it (``nothing``: no value;
    for a call that raised, that it did)."""
    s = check.search
    if node != LOOP and check.search.raised(node):
        return "nothing: it raised an error"
    raw = _raw_return(check, node)
    if raw is _NONE:
        return "nothing" if node != LOOP or s.loop is None else (s.loop.returned.text or "nothing")
    return written(raw, s.record.language)


_NONE = object()


def _raw_return(check: SearchCheck, node: int) -> object:
    """The value ``node`` returned as recorded, or _NONE if it returned none (or is the program's loop)."""
    s = check.search
    if node == LOOP or s.rows.ended[node] != 0:
        return _NONE
    inner = s.delegate(node)
    raw = s.record.value(s.rows.value[node])
    if inner is not None and (raw is None or (isinstance(raw, dict) and "$u" in raw)):
        return _raw_return(check, inner)  # a hand-over: the call it handed its board to returned it
    return raw


def _raw_sample(check: SearchCheck, node: int) -> object:
    """What ``node`` returned, else the first call: a sample of the values its function returns."""
    raw = _raw_return(check, node)
    return _raw_return(check, check.search.root) if raw is _NONE else raw


def expected_text(check: SearchCheck) -> str:
    """What a correct search returns at the departure, written as the learner's own values are."""
    d = check.departure
    assert d is not None
    expected = expected_json(check)
    if expected is None:
        return ("no such call: a correct search does not make this one" if d.expected_score is None
                else _signed(d.expected_score, check.search.record.language))
    raw = _raw_sample(check, d.node)
    as_tuple = isinstance(raw, dict) and "$tuple" in raw
    return plain_written(expected, check.search.record.language, as_tuple)


def function_name(check: SearchCheck, node: int) -> str:
    fn = check.search.fn(node)
    return check.search.record.functions[fn].name if fn is not None else "its search function"


def first_call_text(check: SearchCheck) -> str:
    """The search's first call as the program wrote it, or its loop in words."""
    s = check.search
    if s.loop is None:
        return call_text(check, s.root)
    who = check.search.record.functions[s.loop.fn].name if s.loop.fn is not None else "the program's top level"
    return f"the loop of {who} over {s.root_mover}'s moves"


def call_text(check: SearchCheck, node: int) -> str:
    """Call ``node`` as the program wrote it: ``minimax(["X", 1, …], "X")``."""
    s = check.search
    name = function_name(check, node)
    if node < 0:
        return name
    args = s.record.value(s.rows.args[node])
    language = s.record.language
    fn = s.fn(node)
    shape = s.reader.shapes[fn] if fn is not None else None
    is_self = isinstance(args, list) and args and isinstance(args[0], dict) and "$fields" in args[0]
    if isinstance(args, list) and args and (language == "javascript" or is_self):
        # `this` (recorded first by the JavaScript host) or `self`: named, not shown.
        in_self = shape is not None and shape.board_path is not None and shape.board_path[:1] == (0,)
        own = "this" if language == "javascript" else "self"
        if args[0] is not None or in_self:
            name = f"{own}.{name}"
        args = args[1:]
    if isinstance(args, list) and args and isinstance(args[-1], dict) and "$board" in args[-1]:
        args = args[:-1]  # the top-level board the host recorded beside the arguments, not one
    return (f"{name}({', '.join(written(a, language, False) for a in args)})" if isinstance(args, list)
            else f"{name}(...)")


#: What a departure is about, for one whose returned value is the one due.
WHAT_DEPARTS = {
    "finished-board": "it test-played on a board whose game is over",
    "not-played": "it was called on its caller's board unchanged",
    "not-a-child": "the board it was called on is not its caller's with one mark added",
    "not-taken-back": "a test-play's mark was left on the board",
    "wrong-mark": "the wrong mark was test-played",
    "told-wrong-side": "it was told the wrong side is to move",
    "tried-twice": "a cell was test-played twice",
    "missing-cells": "it left empty cells untried, which happen not to matter on this board",
    "wrong-move": "the move it chose is not a best one",
    "unsound-cut": "it cut where its window does not allow",
}


def searched_before(cells: Cells, mover: str, earlier: Cells, earlier_mover: str) -> bool:
    """Whether a search on ``cells`` searches a board the search on ``earlier`` searched: the
    same board with the same side to move, or one of its moves."""
    if cells == earlier:
        return mover == earlier_mover
    new = placed(earlier, cells)
    return (len(new) == 1 and earlier[new[0]] is None and cells[new[0]] == earlier_mover
            and mover == other(earlier_mover))


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
