"""Reading a learner's values: which argument is the board, who is to move, what a call returned.

A board may be nine cells, three rows of three, ten cells numbered 1-9, a string or a
dictionary keyed by cell; its marks ``X``/``O`` in either case, 1 and -1 (or 2), or true and
false; its empty cells null, blank-like text, 0 or the cell's own label. It is read into
``Cells`` (nine ``"X"``, ``"O"`` or ``None``) and its ``Notation``, so tracer can write a
position back the way the program does when it calls the function itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

Cells = tuple[str | None, ...]

#: A Notation's empty value when the board had no empty cell to tell it by.
UNKNOWN = "$unknown"
#: Cell values read as empty, besides the cell's own index.
EMPTY_TEXT = ("", " ", "-", "_", ".", "?")
# Set while one program is checked (own_words): its own empty token ('E'), its marks written
# as words ('circle' for O), and the numbers it shows as X and O where not 1 and -1 (or 2).
_OWN_EMPTY: list[Any] = []
_OWN_MARKS: dict[Any, str] = {}
_OWN_NUMBERS: list[Any] = []


@contextmanager
def own_words(token: Any, marks: tuple[Any, Any] | None = None) -> Iterator[None]:
    """Read ``token`` (a one-character text no other reading knows) as an empty cell, and the
    words of ``marks`` as X and O, meanwhile."""
    known = not isinstance(token, str) or token in EMPTY_TEXT or token.startswith("$")
    _OWN_EMPTY[:] = [] if known else [token]
    if marks is not None and all(isinstance(m, str) for m in marks) and any(len(m) > 1 for m in marks):
        _OWN_MARKS.update(zip(marks, "XO", strict=True))
    if marks is not None and all(is_number(m) for m in marks):
        _OWN_NUMBERS[:] = marks
    try:
        yield
    finally:
        _OWN_EMPTY.clear()
        _OWN_MARKS.clear()
        _OWN_NUMBERS.clear()


@dataclass(frozen=True)
class Notation:
    """How a program writes a board, so a position can be written back its way."""

    #: ``flat``, ``rows`` (three lists of three), ``text-rows`` (three strings), ``string``, ``ten`` or ``dict``.
    shape: str = "flat"
    #: A value, or a label scheme of LABELS (UNKNOWN if the board seen had no empty cell).
    empty: Any = "$index"
    marks: tuple[Any, Any] = ("X", "O")
    #: Whether the board was a (Python) tuple, so one is passed back.
    tuple_: bool = False
    #: What the unused cell 0 of a ``ten`` board holds; a ``dict`` board's first key, 0 or 1.
    pad: Any = None

    @property
    def first_cell(self) -> int:
        """The number the program gives the first cell (0 or 1)."""
        return 1 if self.shape == "ten" or (self.shape == "dict" and self.pad == 1) else 0

    def write(self, cells: Cells) -> Any:
        """``cells`` in this notation, as JSON data the host turns into the program's values."""
        label = LABELS.get(self.empty) if isinstance(self.empty, str) else None
        values = [self.marks[0] if c == "X" else self.marks[1] if c == "O"
                  else (label(i) if label else self.empty) for i, c in enumerate(cells)]
        if self.shape == "string":
            return "".join(str(v) if v is not None else " " for v in values)
        if self.shape == "ten":
            values = [self.pad, *values]
        if self.shape == "dict":
            return {"$dict": [[i + self.pad, v] for i, v in enumerate(values)]}
        if self.shape == "rows":
            rows = [values[0:3], values[3:6], values[6:9]]
            return {"$tuple": [{"$tuple": r} for r in rows]} if self.tuple_ else rows
        if self.shape == "text-rows":
            texts = ["".join(str(v) if v is not None else " " for v in values[r:r + 3]) for r in (0, 3, 6)]
            return {"$tuple": texts} if self.tuple_ else texts
        return {"$tuple": values} if self.tuple_ else values


GUIDE_NOTATION = Notation()


def unwrap(value: Any) -> Any:
    """A recorded value as plain data: tuples as lists, objects as dicts of their fields."""
    if isinstance(value, dict):
        if "$tuple" in value:
            return [unwrap(v) for v in value["$tuple"]]
        if "$dict" in value:
            return {str(k): unwrap(v) for k, v in value["$dict"]}
        if "$fields" in value:
            return {str(k): unwrap(v) for k, v in value["$fields"]}
        if "$n" in value:
            return float(str(value["$n"]).replace("Infinity", "inf").replace("NaN", "nan"))
        if "$u" in value:
            return None
        return {k: unwrap(v) for k, v in value.items() if not k.startswith("$")}
    if isinstance(value, list):
        return [unwrap(v) for v in value]
    return value


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _mark(value: Any) -> str | None:
    if _OWN_MARKS and isinstance(value, str) and value in _OWN_MARKS:
        return _OWN_MARKS[value]
    if isinstance(value, str) and value.upper() in ("X", "O"):
        return value.upper()
    return None


def read_cells(value: Any) -> tuple[Cells, Notation] | None:
    """``value`` as a board, with its notation, or None if it is not one."""
    shape, flat, is_tuple = "flat", None, False
    raw = value
    if isinstance(value, dict) and "$tuple" in value:
        raw, is_tuple = value["$tuple"], True
    keyed = _keyed_cells(value)
    if keyed is not None:
        found = read_cells(keyed[0])
        if found is None or found[1].shape != "flat":
            return None
        return found[0], replace(found[1], shape="dict", pad=keyed[1])
    if isinstance(raw, str) and len(raw) == 9:
        flat, shape = list(raw), "string"
    elif isinstance(raw, list) and len(raw) == 9:
        flat = raw
    elif isinstance(raw, list) and len(raw) == 10 and not isinstance(raw[0], (list, dict)) and not _mark(raw[0]):
        flat, shape = raw[1:], "ten"  # cells 1-9, cell 0 unused
    elif isinstance(raw, list) and len(raw) == 3:
        rows = [r["$tuple"] if isinstance(r, dict) and "$tuple" in r else r for r in raw]
        if all(isinstance(r, list) and len(r) == 3 for r in rows):
            flat, shape = [c for r in rows for c in r], "rows"
        elif all(isinstance(r, str) and len(r) == 3 for r in rows):
            flat, shape = list("".join(rows)), "text-rows"  # ["X__", "_XO", "___"]
    if flat is None or any(isinstance(c, (list, dict)) for c in flat):
        return None
    cells = _cells(flat, shape)
    if cells is None:
        return None
    return cells[0], Notation(shape, cells[1], cells[2], is_tuple, raw[0] if shape == "ten" else None)


def _keyed_cells(value: Any) -> tuple[list[Any], int] | None:
    """The cells of a dictionary keyed by cell number (``{1: ' ', ..., 9: ' '}``, or 0-8), in
    order, with its first key; None if ``value`` is no such dictionary."""
    if not isinstance(value, dict):
        return None
    items = value.get("$dict")
    if items is None:
        if any(k.startswith("$") for k in value):
            return None
        items = list(value.items())
    keys = [int(k) if isinstance(k, str) and k.isdigit() else k for k, _ in items]
    for first in (1, 0):
        if sorted(k for k in keys if isinstance(k, int) and not isinstance(k, bool)) == list(range(first, first + 9)) \
                and len(keys) == 9:
            cells = dict(zip(keys, (v for _, v in items), strict=True))
            return [cells[first + i] for i in range(9)], first
    return None


#: Ways a program labels an empty cell by its place: what cell ``i`` then holds.
LABELS: dict[str, Any] = {
    "$index": lambda i: i,
    "$digit": lambda i: str(i),
    "$letter": lambda i: "abcdefghi"[i],
    "$LETTER": lambda i: "ABCDEFGHI"[i],
    "$index1": lambda i: i + 1,
    "$digit1": lambda i: str(i + 1),
}


def _is_label(value: Any, i: int) -> bool:
    return not isinstance(value, bool) and any(value == label(i) for label in LABELS.values())


def _cells(flat: list[Any], shape: str) -> tuple[Cells, Any, tuple[Any, Any]] | None:
    """Nine raw cells read as ``(cells, empty value, marks)``; an empty cell is null, blank-like
    text, or the cell's own label (LABELS)."""
    if not any(_mark(c) for c in flat) and all(is_number(c) for c in flat):
        values = set(flat)
        if list(flat) not in (list(range(9)), list(range(1, 10))) and (
                values <= {0, 1, -1} or values <= {0, 1, 2}):
            x, o = 1, (2 if 2 in values else -1)
            if _OWN_NUMBERS and values <= {0, *_OWN_NUMBERS}:
                x, o = _OWN_NUMBERS
            return tuple("X" if c == x else "O" if c == o else None for c in flat), 0, (x, o)
    if any(isinstance(c, bool) for c in flat) and all(isinstance(c, bool) or c is None for c in flat):
        # true for X (who moves first), false for O, null/None for an empty cell
        return tuple(None if c is None else "X" if c else "O" for c in flat), None, (True, False)
    out: list[str | None] = []
    empties: list[tuple[int, Any]] = []
    marks: dict[str, Any] = {}
    for i, c in enumerate(flat):
        mark = _mark(c)
        if mark:
            marks.setdefault(mark, c)
            out.append(mark)
        elif c is None or c in EMPTY_TEXT or c in _OWN_EMPTY or _is_label(c, i):
            out.append(None)
            empties.append((i, c))
        else:
            return None
    x = marks.get("X", "x" if marks.get("O") == "o" else "X")
    o = marks.get("O", "o" if x == "x" else "O")
    empty = _empty_notation(empties)
    if empty is _MIXED or (not marks and empty == UNKNOWN):
        return None
    return tuple(out), empty, (x, o)


def _empty_notation(empties: list[tuple[int, Any]]) -> Any:
    """What the empty cells hold: a label scheme (``"$index"``, ...) when they hold their own
    label, else their value; _MIXED if they disagree; UNKNOWN if there are none."""
    if not empties:
        return UNKNOWN
    labelled = [(i, c) for i, c in empties if c is not None and c not in EMPTY_TEXT and c not in _OWN_EMPTY]
    if not labelled:
        return empties[0][1]
    if len(labelled) < len(empties):
        return _MIXED
    for name, label in LABELS.items():
        if all(c == label(i) and not isinstance(c, bool) for i, c in labelled):
            return name
    return _MIXED


_MIXED = object()


def find_board(args: Any, depth: int = 0) -> tuple[tuple[Any, ...], Cells, Notation] | None:
    """The board in ``args`` nearest the top, the first of those (searching lists and objects two
    levels down): ``(path to it, cells, notation)``. An argument itself comes before a board an
    object holds, so a method's ``board`` parameter comes before its ``self.board``."""
    best: tuple[tuple[Any, ...], Cells, Notation] | None = None
    for path, value in _walk(args, (), depth):
        if best is not None and len(path) >= len(best[0]):
            continue
        found = read_cells(value)
        if found is not None:
            best = path, found[0], found[1]
            if len(path) <= 1:
                break
    return best


def _walk(value: Any, path: tuple[Any, ...], depth: int) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, value
    if depth >= 3:
        return
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from _walk(item, (*path, i), depth + 1)
    elif isinstance(value, dict) and "$board" in value:
        yield from _walk(value["$board"], (*path, "$board"), depth)
    elif isinstance(value, dict):
        for key, item in _items(value) or [[k, v] for k, v in value.items() if not k.startswith("$")]:
            yield from _walk(item, (*path, key), depth + 1)


def _items(value: dict[str, Any]) -> Any:
    """The ``(key, value)`` pairs of a recorded tuple, object or dictionary; None for a plain dict."""
    return list(enumerate(value["$tuple"])) if "$tuple" in value else value.get("$fields") or value.get("$dict")


def at_path(value: Any, path: tuple[Any, ...]) -> Any:
    """The part of ``value`` that ``path`` (from find_board) leads to; None if it is gone."""
    for key in path:
        if isinstance(value, list) and isinstance(key, int) and key < len(value):
            value = value[key]
        elif isinstance(value, dict):
            items = _items(value)
            value = dict(items).get(key) if items is not None else value.get(key)
        else:
            return None
    return value


# ---- what a call returned ----------------------------------------------------------------

SCORE_KEYS = ("score", "value", "val", "eval", "evaluation", "bestscore", "best_score", "utility")
MOVE_KEYS = ("index", "move", "cell", "position", "pos", "spot", "square", "action", "bestmove",
             "best_move", "idx", "choice", "id")


@dataclass(frozen=True)
class Returned:
    """A call's return value, read: its score and its chosen cell 0-8, where it gives them."""

    score: float | None
    move: int | None
    #: Whether it returned nothing at all (``undefined``, ``None``, ``null``).
    nothing: bool = False
    #: The value as the learner's language writes it, where a report quotes it (see notation.py).
    text: str = ""
    #: The move it gave that is no cell at all (``{index: 99}``), if it gave one.
    not_a_cell: Any = None


def move_of(value: Any, first: int = 0) -> int | None:
    """A move in any of the usual forms: a cell 0-8, ``(row, col)``, ``{i, j}``, ``{row, col}``;
    ``first`` is the number of the first cell (1 on a ten-cell board)."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if is_number(value) and float(value).is_integer() and first <= value <= 8 + first:
        return int(value) - first
    if isinstance(value, list) and len(value) == 2 and all(is_number(v) for v in value):
        r, c = value
        if 0 <= r <= 2 and 0 <= c <= 2:
            return int(r) * 3 + int(c)
    if isinstance(value, dict):
        lowered = {k.lower(): v for k, v in value.items()}
        for row, col in (("i", "j"), ("row", "col"), ("r", "c"), ("row", "column")):
            if row in lowered and col in lowered:
                return move_of([lowered[row], lowered[col]])
    return None


def object_keys(samples: list[Any], leaves: list[Any]) -> tuple[str, str] | None:
    """The score's and the move's keys of objects whose keys are none of the usual ones
    (``{best: 1, at: 4}``), learned from what finished boards return: the one number a finished
    board's object holds is the score; the key that only the others hold, the move."""
    ends = [v for v in leaves if isinstance(v, dict)]
    scores = {k for v in ends for k, x in v.items() if is_number(x)}
    if len(scores) != 1:
        return None
    score = scores.pop()
    moves = {k for v in samples if isinstance(v, dict) for k in v if k != score and not any(k in e for e in ends)}
    return score, (moves.pop() if len(moves) == 1 else "")


def read_returned(value: Any, kind: str, first: int = 0, keys: tuple[str, str] | None = None) -> Returned:
    """A return value read the way ``kind`` (see ``return_kind``) says; ``first`` as in move_of;
    ``keys``: an object's score and move keys where they are not the usual ones (object_keys)."""
    if value is None:
        return Returned(None, None, True)
    if kind == "object" and isinstance(value, dict):
        lowered = {k.lower(): v for k, v in value.items()}
        if keys is not None:
            lowered = {k.lower(): v for k, v in value.items() if k in keys}
            lowered = {("score" if k == keys[0].lower() else "move"): v for k, v in lowered.items()}
        score = next((lowered[k] for k in SCORE_KEYS if k in lowered), None)
        given = next((lowered[k] for k in MOVE_KEYS if k in lowered), None)
        move = move_of(given, first) if given is not None else None
        if move is None:
            move = move_of(value)
        return Returned(float(score) if is_number(score) else None, move, False, "",  # type: ignore[arg-type]
                        given if move is None and given is not None else None)
    score, move = value, None  # a number, else nothing read
    if kind in ("score-move", "move-score") and isinstance(value, list) and len(value) == 2:
        score, move = value if kind == "score-move" else value[::-1]
        move = move_of(move, first)
    elif kind == "move-score-more" and isinstance(value, list) and len(value) >= 3:
        score, move = value[1], move_of(value[0], first)
    elif kind == "xy-score" and isinstance(value, list) and len(value) == 3:
        score, move = value[2], move_of(value[:2])
    elif kind == "action":
        score, move = None, move_of(value, first)
    return Returned(float(score) if is_number(score) else None, move)  # type: ignore[arg-type]


def return_kind(samples: list[Any], rows_board: bool, leaves: list[Any] | None = None) -> str:
    """How a function's return values read: ``number``, ``object``, ``score-move``,
    ``move-score``, ``xy-score`` (``[row, col, score]``), ``move-score-more`` (``((row, col),
    score, depth)``), ``action`` (a move only, as the course project's minimax) or ``other``.
    A pair of two numbers 0-8 is read as the finished boards (``leaves``) tell: see below."""
    seen = [v for v in samples if v is not None]
    if not seen:
        return "other"
    if all(is_number(v) for v in seen):
        return "number"
    if any(isinstance(v, dict) for v in seen):
        return "object"
    if all(isinstance(v, list) and len(v) >= 3 and isinstance(v[0], list) and is_number(v[1]) for v in seen):
        return "move-score-more"  # ((row, col), score, depth): the move first, the score next
    if all(isinstance(v, list) and len(v) == 3 and is_number(v[2]) for v in seen):
        return "xy-score"
    pairs = [v for v in seen if isinstance(v, list) and len(v) == 2]
    if len(pairs) != len(seen):
        return "other"
    if all(is_number(a) and is_number(b) for a, b in pairs):
        if rows_board and all(0 <= a <= 2 and 0 <= b <= 2 and float(a).is_integer() for a, b in pairs):
            return "action"
        return _pair_of_numbers(pairs, leaves or [])
    firsts, seconds = [p[0] for p in pairs], [p[1] for p in pairs]
    if all(is_number(a) for a in firsts):
        return "score-move"
    if all(is_number(b) for b in seconds):
        return "move-score"
    if all(move_of(p) is not None for p in pairs):
        return "action"
    return "other"


def _pair_of_numbers(pairs: list[Any], leaves: list[Any]) -> str:
    """``score-move`` or ``move-score`` for pairs of two numbers: as the finished boards' values
    say (a finished board's score varies, a win, a loss, a draw, where its "move" stays put),
    else by which part holds a number no cell has."""
    ends = [v for v in leaves if isinstance(v, list) and len(v) == 2]
    varied = [len({repr(p[k]) for p in ends}) for k in (0, 1)]
    if varied[0] != varied[1]:
        return "score-move" if varied[0] > varied[1] else "move-score"
    firsts, seconds = [p[0] for p in pairs], [p[1] for p in pairs]
    if any(not 0 <= a <= 9 or not float(a).is_integer() for a in firsts):
        return "score-move"
    if any(not 0 <= b <= 9 or not float(b).is_integer() for b in seconds):
        return "move-score"
    return "score-move"
