"""The call a search departs at, as data: what it returned and what was due, in the shapes the
learner's own function returns (``{index, score}``, a number, a ``(score, move)`` pair, a move)."""

from __future__ import annotations

from typing import Any

from .reading import unwrap
from .verdict import SearchCheck
from .words import board9, signed


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
