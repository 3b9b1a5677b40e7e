"""The learner's searches: each recorded call read as a board, a side to move, a score, a move.

How a function's arguments and return values read (``Shape``) is decided once per function.
A search call made by no other is a search's root, unless several come from one loop of the
program (``find_best_move`` calling ``minimax`` after each cell): then that loop is the root,
as a call of its own. A call that only hands its board to another function (``minimax(board)``
calling ``max_value(board)``) is one call.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..judging.scales import other
from ..running.record import RAISED, RETURNED, Frame, Record
from .notation import written
from .reading import (
    SCORE_KEYS,
    Cells,
    Notation,
    Returned,
    at_path,
    find_board,
    move_of,
    object_keys,
    read_cells,
    read_returned,
    return_kind,
    unwrap,
)


@dataclass
class Shape:
    """How one function's arguments and return values read."""

    #: Where the board is in the arguments (see reading.find_board).
    board_path: tuple[Any, ...] | None = None
    notation: Notation | None = None
    #: The argument holding the side to move as a mark; ``{value: mark}`` if it is a number (1/-1).
    mark_slot: int | None = None
    mark_values: dict[Any, str] = field(default_factory=dict)
    #: The argument holding a flag for the side to move (``isMaximizing``, a ±1 colour).
    flag_slot: int | None = None
    #: See reading.return_kind and reading.object_keys.
    returns: str = "other"
    keys: tuple[str, str] | None = None

    @property
    def first_cell(self) -> int:
        return self.notation.first_cell if self.notation is not None else 0


def shapes_of(record: Record) -> list[Shape]:
    """Each recorded function's Shape, from its calls."""
    rows = record.rows
    by_fn: dict[int, list[int]] = {}
    rets: dict[int, list[int]] = {}
    leaves: dict[int, list[int]] = {}
    for fn, args, ended, value, calls in zip(rows.fn, rows.args, rows.ended, rows.value, rows.edge_count,
                                             strict=True):
        by_fn.setdefault(fn, []).append(args)
        if ended == RETURNED:
            rets.setdefault(fn, []).append(value)
            if not calls:
                leaves.setdefault(fn, []).append(value)
    out = []
    for k in range(len(record.functions)):
        args_ids = sorted(set(by_fn.get(k, [])))[:60]
        shape = _arguments_shape([unwrap(record.value(a)) for a in args_ids],
                                 [record.value(a) for a in args_ids])
        samples = [unwrap(record.value(v)) for v in sorted(set(rets.get(k, [])))[:200]]
        ends = [unwrap(record.value(v)) for v in sorted(set(leaves.get(k, [])))[:50]]
        shape.returns = return_kind(samples, shape.notation is not None and shape.notation.shape == "rows", ends)
        if shape.returns == "object" and not any(
                k.lower() in SCORE_KEYS for v in samples if isinstance(v, dict) for k in v):
            shape.keys = object_keys(samples, ends)
        out.append(shape)
    return out


def _arguments_shape(plain_args: list[Any], raw_args: list[Any]) -> Shape:
    shape = Shape()
    for raw in raw_args:
        found = find_board(raw)
        if found is not None:
            shape.board_path, shape.notation = found[0], found[2]
            break
    if not plain_args:
        return shape
    board_slot = shape.board_path[0] if shape.board_path else None
    width = max(len(a) for a in plain_args if isinstance(a, list))
    for slot in range(width):
        if slot == board_slot:
            continue
        values = [a[slot] for a in plain_args if isinstance(a, list) and slot < len(a)]
        if values and all(isinstance(v, str) and v.upper() in ("X", "O") for v in values):
            shape.mark_slot = slot
            return shape
        marks = shape.notation.marks if shape.notation else ("X", "O")
        if values and isinstance(marks[0], int) and set(values) <= set(marks) and len(set(values)) > 1:
            shape.mark_slot, shape.mark_values = slot, {marks[0]: "X", marks[1]: "O"}
            return shape
    for slot in range(width):
        values = [a[slot] for a in plain_args if isinstance(a, list) and slot < len(a)]
        if slot != board_slot and values and (
                all(isinstance(v, bool) for v in values)
                or (all(v in (1, -1) and not isinstance(v, bool) for v in values) and len(set(values)) > 1)):
            shape.flag_slot = slot
            break
    return shape


@dataclass
class Loop:
    """The program's own loop over the first moves, standing as a search's first call."""

    children: tuple[int, ...]
    cells: Cells
    mover: str
    #: The move its function returned, read; ``value``: as plain data (``[1, 1]``, ``5``).
    returned: Returned
    fn: int | None = None  # None: a loop at the program's top level
    raised: dict[str, Any] | None = None
    value: Any = None


#: The node id of a Loop in a LearnerSearch (rows are 0, 1, 2, ...).
LOOP = -1


@dataclass
class Facts:
    """One recorded call, read."""

    cells: Cells | None
    #: The side to move a mark argument says, if any.
    told: str | None
    flag: Any
    returned: Returned
    raised: dict[str, Any] | None
    unfinished: bool


class Reader:
    """Reads rows of a Record through the functions' Shapes, each distinct row once."""

    def __init__(self, record: Record, shapes: list[Shape]):
        self.record = record
        self.shapes = shapes
        self.memo: dict[int, Facts] = {}
        self.returned_memo: dict[tuple[int, int], Returned] = {}

    def facts(self, row: int) -> Facts:
        if row not in self.memo:
            self.memo[row] = self._read(row)
        return self.memo[row]

    def _read(self, row: int) -> Facts:
        rows, record = self.record.rows, self.record
        fn, shape = rows.fn[row], self.shapes[rows.fn[row]]
        raw = record.value(rows.args[row])
        cells = None
        if shape.board_path is not None:
            board = read_cells(at_path(raw, shape.board_path))
            cells = board[0] if board is not None else None
        told = None
        if shape.mark_slot is not None:
            value = unwrap(at_path(raw, (shape.mark_slot,)))
            told = shape.mark_values.get(value) if shape.mark_values else (
                value.upper() if isinstance(value, str) and value.upper() in ("X", "O") else None)
        flag = None
        if shape.flag_slot is not None:
            flag = unwrap(at_path(raw, (shape.flag_slot,)))
        ended = rows.ended[row]
        returned = self.returned(fn, rows.value[row]) if ended == RETURNED else Returned(None, None)
        raised = record.error(rows.value[row]) if ended == RAISED else None
        return Facts(cells, told, flag, returned, raised, ended not in (RETURNED, RAISED))

    def returned(self, fn: int, vid: int) -> Returned:
        if (fn, vid) not in self.returned_memo:
            shape = self.shapes[fn]
            self.returned_memo[(fn, vid)] = read_returned(unwrap(self.record.value(vid)), shape.returns,
                                                          shape.first_cell, shape.keys)
        return self.returned_memo[(fn, vid)]


def placed(parent: Cells, child: Cells) -> list[int]:
    """The cells that differ between two boards."""
    return [i for i in range(9) if parent[i] != child[i]]


def marks(cells: Cells) -> int:
    return sum(1 for c in cells if c is not None)


class LearnerSearch:
    """One search the program made: its first call (a row, or the program's Loop) and below."""

    def __init__(self, reader: Reader, root: int, loop: Loop | None = None):
        self.reader = reader
        self.record = reader.record
        self.rows = reader.record.rows
        self.root = LOOP if loop is not None else root
        self.loop = loop
        #: ``program`` (the program's own call) or ``asked`` (tracer called it, on the positions
        #: tracer tried at index ``position``).
        self.origin = "program"
        self.position: int | None = None
        self._children: dict[int, tuple[int, ...]] = {}
        self._delegate: dict[int, int | None] = {}
        self.root_cells = self.cells(self.root)
        self.root_mover = self._root_mover()
        #: How the first call's number reads: ``move`` (its chosen cell, where the other calls
        #: return a score: ``return depth === 0 ? bestMove : bestScore``), ``score``, or
        #: ``either`` (a best test-play's cell that is also a best score: see searches_of).
        self.root_reading = self._root_reading()
        self.root_move = self.root_reading == "move"

    def forget(self) -> None:
        """Drop what was read of the calls: a passed search among thousands keeps only its summary."""
        self._children.clear()
        self._delegate.clear()
        self.reader.memo.clear()
        self.reader.returned_memo.clear()

    # ---- the tree, with hand-over calls merged --------------------------------------------

    def delegate(self, node: int) -> int | None:
        """The call ``node`` hands its own board to (``minimax(board)`` -> ``max_value(board)``)."""
        if node == LOOP:
            return None
        found = self._delegate.get(node, -2)
        if found != -2:
            return found
        result = None
        kids = self.rows.calls(node)
        if len(kids) == 1 and self.rows.fn[kids[0]] != self.rows.fn[node]:
            mine, theirs = self.reader.facts(node), self.reader.facts(kids[0])
            if mine.cells is not None and mine.cells == theirs.cells and (
                    mine.told is None or theirs.told is None or mine.told == theirs.told):
                result = kids[0]
        self._delegate[node] = result
        return result

    def children(self, node: int) -> tuple[int, ...]:
        if node == LOOP:
            assert self.loop is not None
            return self.loop.children
        found = self._children.get(node)
        if found is None:
            inner = self.delegate(node)
            found = self.children(inner) if inner is not None else self.rows.calls(node)
            self._children[node] = found
        return found

    def size(self, node: int) -> int:
        """Calls in ``node``'s subtree as tracer numbers them (a hand-over is one call)."""
        if node == LOOP:
            return 1 + sum(self.size(c) for c in self.children(node))
        inner = self.delegate(node)
        return self.size(inner) if inner is not None else int(self.rows.sizes[node])

    @property
    def calls(self) -> int:
        return self.size(self.root)

    @property
    def search_fn(self) -> int | None:
        """The search function's index: the first call's (a loop's first test-play's)."""
        return self.fn(self.children(LOOP)[0] if self.root == LOOP else self.root)

    # ---- what each call was given and gave back ------------------------------------------

    def facts(self, node: int) -> Facts:
        if node == LOOP:
            assert self.loop is not None
            return Facts(self.loop.cells, None, None, self.loop.returned, self.loop.raised, False)
        return self.reader.facts(node)

    def cells(self, node: int) -> Cells | None:
        return self.facts(node).cells

    def move_only(self, node: int) -> bool:
        """Whether ``node`` returns a move and no score: its function always does (the course
        project's minimax), or it is the first call of one that returns its chosen cell there."""
        fn = self.fn(node)
        return (fn is not None and self.reader.shapes[fn].returns == "action") or (node == self.root and self.root_move)

    def _root_reading(self) -> str:
        """``move`` if the first call's number is a cell, not a score: an empty cell of its board,
        one of its best test-plays for either side, and no best score; ``either`` if it is
        also a best score; else ``score``."""
        if self.loop is not None or self.root_cells is None:
            return "score"
        fn = self.fn(self.root)
        shape = self.reader.shapes[fn] if fn is not None else None
        number = self.facts(self.root).returned.score
        if shape is None or shape.returns != "number" or number is None or not float(number).is_integer():
            return "score"
        cell = int(number) - shape.first_cell
        if not 0 <= cell <= 8 or self.root_cells[cell] is not None:
            return "score"
        plays: dict[int, float] = {}
        for child in self.children(self.root):
            cells, score = self.cells(child), self.reader.facts(child).returned.score
            new = placed(self.root_cells, cells) if cells is not None else []
            if len(new) == 1 and score is not None:
                plays[new[0]] = score
        if not plays:
            return "score"
        best = {max(plays.values()), min(plays.values())}
        if number in best:
            return "either"
        return "move" if any(plays.get(cell) == b for b in best) else "score"

    def returned(self, node: int) -> Returned:
        """What ``node`` returned, a hand-over's score and move included."""
        if node == self.root and self.root_move:
            found = self.facts(node).returned
            first = self.reader.shapes[self.rows.fn[node]].first_cell
            return Returned(None, int(found.score) - first, False, found.text)  # type: ignore[arg-type]
        mine = self.facts(node).returned
        inner = self.delegate(node)
        if inner is None:
            return mine
        theirs = self.returned(inner)
        return Returned(mine.score if mine.score is not None else theirs.score,
                        mine.move if mine.move is not None else theirs.move,
                        mine.nothing and theirs.nothing, mine.text)

    def raised(self, node: int) -> dict[str, Any] | None:
        found = self.facts(node).raised
        inner = self.delegate(node)
        return found or (self.raised(inner) if inner is not None else None)

    def unfinished(self, node: int) -> bool:
        return self.facts(node).unfinished

    def fn(self, node: int) -> int | None:
        return self.loop.fn if node == LOOP and self.loop else (None if node == LOOP else self.rows.fn[node])

    def _root_mover(self) -> str:
        if self.loop is not None:
            return self.loop.mover
        facts = self.facts(self.root)
        if facts.told is not None:
            return facts.told
        cells = facts.cells
        if cells is None:
            return "X"
        for child in self.children(self.root):
            child_cells = self.cells(child)
            if child_cells is not None:
                new = [i for i in placed(cells, child_cells) if cells[i] is None and child_cells[i]]
                if len(new) == 1:
                    return child_cells[new[0]]  # type: ignore[return-value]
        xs, os_ = cells.count("X"), cells.count("O")
        return "X" if xs <= os_ else "O"

    def mover(self, node: int) -> str:
        """The side to move at ``node``: as its mark argument says, else by its flag or its marks."""
        if node == self.root:
            return self.root_mover
        facts = self.facts(node)
        if facts.told is not None:
            return facts.told
        if facts.flag is not None and self.loop is None:
            root_flag = self.facts(self.root).flag
            if root_flag is not None:
                return self.root_mover if facts.flag == root_flag else other(self.root_mover)
        cells, root = facts.cells, self.root_cells
        if cells is None or root is None:
            return self.root_mover
        return self.root_mover if (marks(cells) - marks(root)) % 2 == 0 else other(self.root_mover)

    def depth_of(self, cells: Cells) -> int:
        return marks(cells) - marks(self.root_cells) if self.root_cells is not None else 0


def searches_of(reader: Reader, position: int | None = None) -> list[LearnerSearch]:
    """The program's own searches in order, then the ones tracer asked for (on ``position`` only, if given)."""
    record = reader.record
    found = _frame_searches(reader, record.program) if position is None else []
    for frame in record.asked if position is None else [f for f in record.asked if f.mark == position]:
        for search in _frame_searches(reader, frame):
            search.origin, search.position = "asked", frame.mark
            found.append(search)
    # A first call whose number reads either way reads as its function's other first calls do.
    moving = {s.fn(s.root) for s in found if s.root_reading == "move"}
    for search in found:
        if search.root_reading == "either" and search.fn(search.root) in moving:
            search.root_move = True
    return found


def _frame_searches(reader: Reader, frame: Frame) -> list[LearnerSearch]:
    out: list[LearnerSearch] = []
    run: list[int] = []

    def close_run() -> None:
        out.extend(_group(reader, run, None))
        run.clear()

    for item in frame.items:
        if isinstance(item, Frame):
            close_run()
            if item.items and all(isinstance(i, int) for i in item.items):
                out.extend(_group(reader, list(item.items), item))
            else:
                out.extend(_frame_searches(reader, item))
        else:
            run.append(item)
    close_run()
    return out


def _group(reader: Reader, rows: list[int], driver: Frame | None) -> list[LearnerSearch]:
    """Search calls made one after another by one frame: a loop's test-plays, or searches."""
    if not rows:
        return []
    loop = _as_loop(reader, rows, driver)
    if loop is not None:
        return [LearnerSearch(reader, LOOP, loop)]
    return [LearnerSearch(reader, r) for r in rows]


def _as_loop(reader: Reader, rows: list[int], driver: Frame | None) -> Loop | None:
    """The loop these calls are the test-plays of, if each board is one board with one more mark."""
    boards = [reader.facts(r).cells for r in rows]
    if any(b is None for b in boards):
        return None
    base: Cells | None = None
    record = reader.record
    if driver is not None and driver.args is not None:
        given = find_board(record.value(driver.args))
        if given is not None:
            base = given[1]
    if base is None:
        if len(rows) < 2:
            return None
        base = _common_parent(boards)  # type: ignore[arg-type]
        if base is None:
            return None
    movers, cells = set(), set()
    for b in boards:
        diff = placed(base, b)  # type: ignore[arg-type]
        if len(diff) != 1 or base[diff[0]] is not None:
            return None
        movers.add(b[diff[0]])  # type: ignore[index]
        cells.add(diff[0])
    if len(movers) != 1 or len(cells) != len(boards):
        return None
    returned, raised, fn, value = Returned(None, None, True), None, None, None
    if driver is not None:
        fn = driver.fn
        if driver.ended == RETURNED:
            raw = record.value(driver.value)
            value = unwrap(raw)
            first = reader.shapes[record.rows.fn[rows[0]]].first_cell
            returned = replace(loop_choice(value, first), text=written(raw, record.language))
        elif driver.ended == RAISED:
            raised = record.error(driver.value)
    return Loop(tuple(rows), base, movers.pop(), returned, fn, raised, value)  # type: ignore[arg-type]


def loop_choice(value: Any, first: int = 0) -> Returned:
    """The move a loop's function returned: a cell, ``(row, col)``, ``{index}``, or a ``(score, move)``."""
    if value is None:
        return Returned(None, None, True)
    move = move_of(value, first)
    if move is None and isinstance(value, dict):
        move = read_returned(value, "object", first).move
    if move is None and isinstance(value, list) and len(value) == 2:
        move = move_of(value[1], first) if move_of(value[1], first) is not None else move_of(value[0], first)
    return Returned(None, move)


def _common_parent(boards: list[Cells]) -> Cells | None:
    """The board each of ``boards`` is one mark away from, if there is one."""
    first, second = boards[0], boards[1]
    diff = placed(first, second)
    if len(diff) != 2:
        return None
    base = list(first)
    for i in diff:
        base[i] = None
    return tuple(base)
