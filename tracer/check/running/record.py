"""The learner's calls as the host recorded them, read back into a call tree.

The host writes pairs of integers: a call starting (with its arguments), returning or
raising, the start of a search tracer asked for, the program's end and a limit reached. A
call's parent is the call under way when it started, so the order alone rebuilds the tree.
Identical subtrees are stored once, in the core's ``trace.Positions``: the guide's program
on the empty board makes 549,946 calls but only a few thousand distinct ones.
"""

from __future__ import annotations

import json
from array import array
from dataclasses import dataclass, field
from typing import Any

from ...errors import InputError
from ...trace import Column, Positions

START, RETURN, RAISE, MARK, END, LIMIT, UNWIND = 1, 2, 3, 4, 5, 6, 7
RETURNED, RAISED, UNFINISHED = 0, 1, 2  # how a recorded call ended
CALL_LIMIT, TIME_LIMIT, KILLED = 1, 2, 3  # the limit the host stopped at


@dataclass
class Function:
    """A function the host records, as the source readers find it and the host sees it."""

    name: str
    role: str  # "search" (a minimax function) or "driver" (one that calls it: its loop may be the root)
    params: list[str]  # as its first definition names them
    line: int  # of its first definition
    # How tracer can call it itself: "top" (a top-level binding), "harvest" (a JavaScript function
    # declared inside the functions ``path``, outermost first), "nested" (Python), or "none".
    reach: str = "none"
    path: list[str] = field(default_factory=list)
    kind: str = "declaration"  # see JsFunction.kind
    # Parameters its recursive calls lower (``depth - 1``): a depth budget counting down, so
    # tracer's own first call passes the empty cells' count, not 0.
    countdown: list[str] = field(default_factory=list)
    module: str = ""  # the module of the program's folder that defines it ("": the program's file)
    # For a search that takes no board (``minimax(depth, isMax)``): the top-level variable it
    # reads its board from, snapshotted by the host as each call starts.
    board: str = ""


class CallRows(Positions):
    """The distinct subtrees of search calls, in the core's ``trace.Positions``: a row's state is
    the id of its arguments, its calls are its edges, and three columns of its own say whose call
    it was and how it ended."""

    def __init__(self) -> None:
        super().__init__()
        # Deeper and wider than a search's rows: a runaway recursion may go tens of thousands of
        # calls deep, and a call may make any number of calls.
        self.depth, self.edge_count, self.edge_move = array("l"), array("l"), array("l")
        # Per row: the function's index (--function may name hundreds); how it ended; the id of
        # the value it returned or of the error it raised, -1 if unfinished.
        self.extras = {"fn": array("i"), "ended": array("b"), "value": array("l")}

    @property
    def args(self) -> Column:
        return self.state

    @property
    def fn(self) -> Column:
        return self.extras["fn"]

    @property
    def ended(self) -> Column:
        return self.extras["ended"]

    @property
    def value(self) -> Column:
        return self.extras["value"]

    def calls(self, row: int) -> tuple[int, ...]:
        """The rows of the search calls ``row`` made, in order."""
        start = self.first_edge[row]
        return tuple(self.edge_child[start:start + self.edge_count[row]])


@dataclass
class Frame:
    """What search calls hang from: a driver's call (``find_best_move``), the program's top
    level, or a search tracer started."""

    fn: int | None = None  # the driver's index; None for the top level or tracer's own call
    args: int | None = None
    ended: int = UNFINISHED
    value: int = -1
    items: list[Any] = field(default_factory=list)  # rows of search calls made here, and driver Frames
    mark: int | None = None  # for tracer's own searches: which position it asked for


class Tampered(InputError):
    """The host's record of the calls cannot be read: the program changed what the host
    relies on (``JSON.stringify``, ``json.dumps``, a prototype's methods) or wrote to its files."""

    def __init__(self) -> None:
        super().__init__("the program changed what tracer's host records its calls with (JSON.stringify, "
                         "json.dumps, Array.prototype, Object.prototype.toJSON, or the host's open files), "
                         "so its calls cannot be read: leave those as they are to have it checked")


@dataclass
class Record:
    """Everything the host recorded."""

    functions: list[Function]
    language: str = "python"  # the JavaScript host records ``this`` as the first argument
    rows: CallRows = field(default_factory=CallRows)
    program: Frame = field(default_factory=Frame)  # the program's own top level
    asked: list[Frame] = field(default_factory=list)  # the searches tracer asked for, in order
    texts: list[str] = field(default_factory=list)  # the values' JSON texts, by id
    program_error: int | None = None  # the error value the top level stopped with
    limit: int = 0  # CALL_LIMIT, TIME_LIMIT or KILLED if the program was stopped
    calls: int = 0
    # The rows of calls that test-played, by (function, arguments), read up to row
    # ``searched_upto``: a later call with the same arguments may return a score remembered.
    searched: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    searched_upto: int = 0
    _decoded: dict[int, Any] = field(default_factory=dict)

    def value(self, vid: int) -> Any:
        """Value ``vid`` as JSON data (None if it was never written: a stopped program)."""
        found = self._decoded.get(vid)
        if found is None and vid not in self._decoded:
            text = self.texts[vid] if 0 <= vid < len(self.texts) else "null"
            try:
                found = self._decoded[vid] = json.loads(text)
            except ValueError:
                raise Tampered() from None
        return found

    def error(self, vid: int) -> dict[str, Any]:
        """An error value: ``{type, message, line}``, its message cut to a report line."""
        from ..values.notation import cut

        data = self.value(vid)
        if isinstance(data, dict) and "$error" in data:
            inner = data["$error"]
            if "$dict" in inner:
                inner = dict(inner["$dict"])
            if isinstance(inner, dict) and isinstance(inner.get("message"), str):
                length = inner.get("length")
                inner = {k: v for k, v in inner.items() if k != "length"}
                inner["message"] = cut(inner["message"], length=length)
            return inner
        return {"type": "Error", "message": cut(str(data)), "line": None}


class RecordReader:
    """Reads the host's files as they grow and builds the Record."""

    def __init__(self, record: Record):
        self.record = record
        self.searching = [f.role == "search" for f in record.functions]
        # Each distinct subtree's row, by (fn, args, ended, value, depth, children).
        self.index: dict[tuple[Any, ...], int] = {}
        # The open calls: [kind, fn, args, children]; kind 0 = search, 1 = driver frame,
        # 2 = a driver called inside a search (its calls hang from that search), 3 = a root.
        self.stack: list[list[Any]] = [[3, None, None, record.program.items, record.program]]

    def feed_values(self, text: str) -> None:
        self.record.texts.extend(text.splitlines())

    def feed(self, data: bytes) -> None:
        """Add a chunk of events (a whole number of pairs)."""
        codes = array("i")
        codes.frombytes(data[: len(data) - len(data) % 8])
        stack, searching, index = self.stack, self.searching, self.index
        calls = 0
        # The common events (a search call starting, returning) are handled inline: the
        # empty board's run has over a million of them. Their codes are looked up whole.
        search_starts = {START | fn << 4: fn for fn, search in enumerate(searching) if search}
        returns = {RETURN | fn << 4 for fn in range(len(searching))}
        for code, value in zip(codes[0::2], codes[1::2], strict=True):
            fn = search_starts.get(code)
            if fn is not None:
                stack.append([0, fn, value, []])
                calls += 1
            elif code in returns and stack[-1][0] == 0:
                _, fn, args, items = stack.pop()
                key = (fn, args, RETURNED, value, len(stack), tuple(items))
                row = index.get(key)
                stack[-1][3].append(self.add_row(key) if row is None else row)
            else:
                self.other_event(code & 15, code >> 4, value)
        self.record.calls += calls

    def add_row(self, key: tuple[Any, ...]) -> int:
        """The new row of a distinct subtree (see index): its calls are its edges, in loop order."""
        fn, args, ended, value, depth, children = key
        rows = self.record.rows
        row = self.index[key] = rows.add(args, depth)
        if children:
            rows.set_edges(row, range(len(children)), list(children), -1, 0)
        rows.fn.append(fn)
        rows.ended.append(ended)
        rows.value.append(value)
        return row

    def other_event(self, kind: int, fn: int, value: int) -> None:
        stack, record = self.stack, self.record
        if kind == START:
            if any(f[0] == 0 for f in stack):
                stack.append([2, fn, value, stack[-1][3]])
            else:
                frame = Frame(fn, value)
                stack[-1][3].append(frame)
                stack.append([1, fn, value, frame.items, frame])
        elif kind in (RETURN, RAISE):
            self.close(RETURNED if kind == RETURN else RAISED, value)
        elif kind == MARK:
            self.close_all()
            frame = Frame(mark=value)
            record.asked.append(frame)
            stack[:] = [[3, None, None, frame.items, frame]]
        elif kind == END:
            record.program_error = value
            self.unwind(value)
        elif kind == UNWIND:
            self.unwind(value)
        elif kind == LIMIT:
            record.limit = value
            self.close_all()

    def close(self, ended: int, value: int) -> None:
        stack = self.stack
        if len(stack) <= 1:
            return
        top = stack.pop()
        if top[0] == 0:
            key = (top[1], top[2], ended, value, len(stack), tuple(top[3]))
            row = self.index.get(key)
            stack[-1][3].append(self.add_row(key) if row is None else row)
        elif top[0] == 1:
            top[4].ended, top[4].value = ended, value

    def unwind(self, error: int) -> None:
        """Close every open call as raising ``error``: an error left them all, even those
        whose own record of it was lost (a stack overflow can leave no room to write it)."""
        while len(self.stack) > 1:
            self.close(RAISED, error)

    def close_all(self) -> None:
        """Close every open call as unfinished (the program was stopped)."""
        while len(self.stack) > 1:
            self.close(UNFINISHED, -1)
