"""The recorded call tree: every minimax invocation, addressable and walkable.

A trace stores each distinct position once (``Positions``: columns of small
integers) and reads the full call tree out of them. Call numbers are the
pre-order numbering of that tree: call 1 is the first invocation, and the
children of a call follow it in loop order, each one's subtree numbered before
the next sibling's. Because the subtree size of every position is stored,
call ``k`` is found by walking down from the root, and the whole tree is
walked in call order without ever being materialised.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from .games.tictactoe.board import EMPTY_CELLS, Board, Mark, other
from .scores import Scores

# Terminal codes stored per position (0 = not terminal).
NOT_TERMINAL, X_WON, O_WON, DRAW = 0, 1, 2, 3
TERMINAL_NAMES: tuple[str | None, ...] = (None, "X", "O", "draw")
TERMINAL_CODES: dict[str | None, int] = {name: code for code, name in enumerate(TERMINAL_NAMES)}

# Event kinds yielded by Trace.events().
ENTER, LEAVE = 0, 1


@dataclass(frozen=True)
class Result:
    """What an invocation returns: the tutorial's ``{index, score}``.

    ``index`` is None for a terminal call (the tutorial returns just ``{score}``).
    """

    index: int | None
    score: int

    def as_dict(self) -> dict[str, int | None]:
        """``{"index": ..., "score": ...}``."""
        return {"index": self.index, "score": self.score}

    def __str__(self) -> str:
        if self.index is None:
            return f"{{score: {self.score}}}"
        return f"{{index: {self.index}, score: {self.score}}}"

    def _repr_html_(self) -> str:
        """Jupyter shows the return value as the guide writes it, with the cell in words."""
        from .renderers.notebook import result_html

        return result_html(self)


@dataclass
class Positions:
    """One row per distinct (board, mark to move) that the search met; row 0 is the root."""

    #: The board packed as ``x_bits | o_bits << 9``.
    boards: array
    #: 1 if X is to move, 0 if O is.
    x_to_move: bytearray
    #: NOT_TERMINAL, X_WON, O_WON or DRAW (the outcome step 9 found).
    terminal: bytearray
    #: The score the position returns, from the AI's point of view.
    score: array
    #: Index of the chosen test-play among the position's children, -1 if terminal.
    best: array
    #: Where the position's children start in ``edge_child``.
    first_edge: array
    #: Number of calls in the position's subtree, itself included.
    sizes: array
    #: Child positions, each position's in loop order (ascending cell).
    edge_child: array

    def __len__(self) -> int:
        return len(self.boards)

    def moves(self, pid: int) -> tuple[int, ...]:
        """The cells test-played from position ``pid`` (its empty cells, ascending)."""
        if self.terminal[pid]:
            return ()
        packed = self.boards[pid]
        return EMPTY_CELLS[(packed | packed >> 9) & 511]

    def children(self, pid: int) -> list[tuple[int, int]]:
        """``(cell, child position)`` for each test-play of ``pid``, in loop order."""
        moves = self.moves(pid)
        start = self.first_edge[pid]
        return list(zip(moves, self.edge_child[start : start + len(moves)], strict=True))

    def board(self, pid: int) -> Board:
        """The board of position ``pid``."""
        packed = self.boards[pid]
        return Board.from_bits(packed & 511, packed >> 9)

    def mark(self, pid: int) -> Mark:
        """The mark to move in position ``pid``."""
        return "X" if self.x_to_move[pid] else "O"

    def nbytes(self) -> int:
        """Memory held by the columns, in bytes."""
        return sum(
            col.itemsize * len(col) if isinstance(col, array) else len(col)
            for col in vars(self).values()
        )


@dataclass(frozen=True)
class TraceStats:
    """Counts over a whole trace, computed from its distinct positions."""

    #: Total number of invocations.
    calls: int
    #: Number of calls at each depth (index 0 is the root).
    calls_per_depth: list[int]
    #: Terminal calls by outcome: ``{"X": …, "O": …, "draw": …}`` (who won).
    terminal: dict[str, int]
    #: Distinct (board, mark to move) pairs the search met.
    positions: int
    #: The most searched position, as ``(board, mark)``, and how many calls searched it.
    most_repeated: tuple[Board, Mark]
    most_repeated_count: int
    #: Calls that re-searched a position already searched earlier in the trace:
    #: the waste that memoisation removes.
    repeated_calls: int

    @property
    def terminal_calls(self) -> int:
        """Calls that ended at step 9."""
        return sum(self.terminal.values())


class Trace:
    """Every invocation of one minimax search, with the search's inputs.

    Build one with ``tracer.record()`` or load one with ``tracer.load_json()``.
    """

    def __init__(self, board: Board, to_move: Mark, ai: Mark, scores: Scores, positions: Positions):
        self.board = board
        self.to_move: Mark = to_move
        self.ai: Mark = ai
        self.human: Mark = other(ai)
        self.scores = scores
        self.positions = positions
        self._root_marks = 9 - len(board.empty_cells())
        self._depth_counts: dict[int, list[int]] = {}

    def __repr__(self) -> str:
        return (
            f"<Trace {self.board.compact()} {self.to_move} to move, AI {self.ai}: "
            f"{self.calls} calls, result {self.result}>"
        )

    def _repr_html_(self) -> str:
        """Jupyter shows a summary card: board, result, calls and a small tree."""
        from .renderers.notebook import trace_html

        return trace_html(self)

    @property
    def calls(self) -> int:
        """The total number of invocations."""
        return int(self.positions.sizes[0])

    @property
    def result(self) -> Result:
        """What the first invocation returns (step 17, or step 9 for a finished board)."""
        return self.root.returned

    @property
    def root(self) -> Call:
        """Call 1, the first invocation (the tutorial's step 7)."""
        return Call(self, 1, 0, None, None, 0)

    def depth_of(self, pid: int) -> int:
        """The depth at which position ``pid`` is always met."""
        packed = self.positions.boards[pid]
        return packed.bit_count() - self._root_marks

    def multiplicity(self) -> list[int]:
        """For each position row, how many calls in the trace have that position."""
        p = self.positions
        order = sorted(range(len(p)), key=lambda pid: p.boards[pid].bit_count())
        counts = [0] * len(p)
        counts[0] = 1
        for pid in order:  # parents before children: a child has one more mark
            n = counts[pid]
            for _cell, child in p.children(pid):
                counts[child] += n
        return counts

    def stats(self) -> TraceStats:
        """Totals for ``--stats``: calls per depth, outcomes, repeated positions."""
        p = self.positions
        counts = self.multiplicity()
        terminal = {"X": 0, "O": 0, "draw": 0}
        for pid, n in enumerate(counts):
            code = p.terminal[pid]
            if code:
                terminal[TERMINAL_NAMES[code]] += n  # type: ignore[index]
        top = max(range(len(p)), key=lambda pid: (counts[pid], -pid))
        return TraceStats(
            calls=self.calls,
            calls_per_depth=list(self.calls_by_depth(0)),
            terminal=terminal,
            positions=len(p),
            most_repeated=(p.board(top), p.mark(top)),
            most_repeated_count=counts[top],
            repeated_calls=self.calls - len(p),
        )

    def calls_by_depth(self, pid: int = 0) -> list[int]:
        """How many calls the subtree of position ``pid`` makes at each depth below it.

        Entry 0 is the call itself (1); computed over distinct positions, so it
        is cheap even for the empty board.
        """
        memo = self._depth_counts
        found = memo.get(pid)
        if found is not None:
            return found
        p = self.positions
        counts = [1]
        for _cell, child in p.children(pid):
            below = self.calls_by_depth(child)
            if len(counts) < len(below) + 1:
                counts.extend([0] * (len(below) + 1 - len(counts)))
            for d, n in enumerate(below, start=1):
                counts[d] += n
        memo[pid] = counts
        return counts

    def call(self, number: int) -> Call:
        """The invocation with call number ``number`` (1-based, call order)."""
        if not 1 <= number <= self.calls:
            raise IndexError(f"call {number} does not exist: this trace has calls 1-{self.calls}")
        return self.root.descendant(number)

    def __iter__(self) -> Iterator[Call]:
        """Every call, in call order (pre-order). Builds one object per call: use
        ``events()`` for large traces."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children()))

    def events(self, root: int = 1) -> Iterator[tuple[int, int, int, int, int]]:
        """The recursion as it ran: ``(kind, call, pid, depth, move)`` tuples.

        ``kind`` is ENTER when the call starts and LEAVE when it returns; ``move``
        is the cell played to reach the call (-1 for call ``root``). Walks the
        subtree of call ``root`` (default: the whole trace) without building
        call objects.
        """
        start = self.call(root) if root != 1 else self.root
        p = self.positions
        terminal, first_edge, edge_child, sizes = p.terminal, p.first_edge, p.edge_child, p.sizes
        moves_of = p.moves
        start_move = -1 if start.move is None else start.move
        yield (ENTER, start.call, start.pid, start.depth, start_move)
        if terminal[start.pid]:
            yield (LEAVE, start.call, start.pid, start.depth, start_move)
            return
        # Each frame: [pid, call, depth, move, next child index, next child call, moves, first edge].
        stack = [
            [start.pid, start.call, start.depth, start_move, 0, start.call + 1,
             moves_of(start.pid), first_edge[start.pid]]
        ]
        while stack:
            frame = stack[-1]
            moves = frame[6]
            i = frame[4]
            if i == len(moves):
                stack.pop()
                yield (LEAVE, frame[1], frame[0], frame[2], frame[3])
                continue
            child = edge_child[frame[7] + i]
            call = frame[5]
            frame[4] = i + 1
            frame[5] = call + sizes[child]
            depth = frame[2] + 1
            yield (ENTER, call, child, depth, moves[i])
            if terminal[child]:
                yield (LEAVE, call, child, depth, moves[i])
            else:
                stack.append([child, call, depth, moves[i], 0, call + 1, moves_of(child),
                              first_edge[child]])

    def check(self) -> None:
        """Check the trace's consistency; raise AssertionError naming the first fault.

        Checks, for every distinct position (and so for every call): the terminal
        state agrees with the board and the score scheme, test-plays are the empty
        cells in ascending order with the right mark, each inner score is the
        first strictly best (max for the AI, min for the human) of its children,
        depths grow by one, and subtree sizes add up so call numbers are pre-order.
        """
        p = self.positions
        scores = self.scores
        if p.board(0) != self.board or p.mark(0) != self.to_move:
            raise AssertionError("position 0 is not the trace's input board and side to move")
        for pid in range(len(p)):
            board, mark = p.board(pid), p.mark(pid)
            expected: tuple[int, int | None]
            where = f"position {pid} ({board.compact()}, {mark} to move)"
            if board.has_line(self.human):
                expected = (TERMINAL_CODES[self.human], scores.human_win)
            elif board.has_line(self.ai):
                expected = (TERMINAL_CODES[self.ai], scores.ai_win)
            elif board.is_full():
                expected = (DRAW, scores.draw)
            else:
                expected = (NOT_TERMINAL, None)
            if p.terminal[pid] != expected[0]:
                raise AssertionError(f"{where}: terminal code {p.terminal[pid]}, expected {expected[0]}")
            if expected[0] != NOT_TERMINAL:
                if p.score[pid] != expected[1] or p.sizes[pid] != 1 or p.best[pid] != -1:
                    raise AssertionError(f"{where}: terminal score, size or best is wrong")
                continue
            children = p.children(pid)
            if [cell for cell, _ in children] != board.empty_cells():
                raise AssertionError(f"{where}: test-plays are not the empty cells in order")
            size = 1
            child_scores = []
            for cell, child in children:
                if p.board(child) != board.play(cell, mark) or p.mark(child) != other(mark):
                    raise AssertionError(f"{where}: child {child} is not {mark} on cell {cell}")
                if self.depth_of(child) != self.depth_of(pid) + 1:
                    raise AssertionError(f"{where}: child {child} is not one level deeper")
                size += p.sizes[child]
                child_scores.append(p.score[child])
            if p.sizes[pid] != size:
                raise AssertionError(f"{where}: subtree size {p.sizes[pid]}, expected {size}")
            want = max(child_scores) if mark == self.ai else min(child_scores)
            if p.score[pid] != want or p.best[pid] != child_scores.index(want):
                raise AssertionError(
                    f"{where}: returns {p.score[pid]} via test-play {p.best[pid]}, expected "
                    f"{want} via the first best, test-play {child_scores.index(want)}"
                )

    def check_calls(self) -> None:
        """Walk every call and check that call numbers are 1, 2, 3, … in pre-order and
        that depths step by one (slow on big traces; ``check()`` covers the rest)."""
        expected = 1
        depth_stack: list[int] = []
        for kind, call, _pid, depth, _move in self.events():
            if kind == ENTER:
                if call != expected:
                    raise AssertionError(f"call {call} entered where call {expected} was due")
                if depth != len(depth_stack):
                    raise AssertionError(f"call {call} has depth {depth}, expected {len(depth_stack)}")
                depth_stack.append(call)
                expected += 1
            else:
                if depth_stack.pop() != call:
                    raise AssertionError(f"call {call} returned out of order")
        if expected - 1 != self.calls:
            raise AssertionError(f"walked {expected - 1} calls, the trace says {self.calls}")


class Call:
    """One invocation of minimax: a node of the call tree, read from a Trace."""

    __slots__ = ("trace", "call", "depth", "move", "parent", "pid", "__dict__")

    def __init__(
        self, trace: Trace, call: int, depth: int, move: int | None, parent: int | None, pid: int
    ):
        #: The trace this call belongs to.
        self.trace = trace
        #: Call number: 1 for the first invocation, in call order.
        self.call = call
        #: Number of moves between the root and this call.
        self.depth = depth
        #: The cell played to reach this call (None for call 1).
        self.move = move
        #: The caller's call number (None for call 1).
        self.parent = parent
        #: Row of this call's position in ``trace.positions``.
        self.pid = pid

    def __repr__(self) -> str:
        return (
            f"<Call {self.call} depth {self.depth} {self.board.compact()} {self.mark} to move, "
            f"returns {self.returned}>"
        )

    def _repr_svg_(self) -> str:
        """Jupyter shows a call as its board, with its number and what it returns."""
        from .renderers.notebook import call_svg

        return call_svg(self)

    @cached_property
    def board(self) -> Board:
        """The board this call was invoked with."""
        return self.trace.positions.board(self.pid)

    @property
    def mark(self) -> Mark:
        """The mark to move (the tutorial's ``currMark``)."""
        return self.trace.positions.mark(self.pid)

    @property
    def played_by(self) -> Mark | None:
        """The mark that played ``move`` (None for call 1)."""
        return None if self.move is None else other(self.mark)

    @property
    def empty_cells(self) -> list[int]:
        """The empty cells this call found (step 8)."""
        return self.board.empty_cells()

    @property
    def terminal(self) -> str | None:
        """Step 9's finding: ``'X'`` or ``'O'`` (who won), ``'draw'``, or None if the game goes on."""
        return TERMINAL_NAMES[self.trace.positions.terminal[self.pid]]

    @property
    def score(self) -> int:
        """The score this call returned, from the AI's point of view."""
        return int(self.trace.positions.score[self.pid])

    @property
    def size(self) -> int:
        """Number of calls in this call's subtree, itself included."""
        return int(self.trace.positions.sizes[self.pid])

    @property
    def maximising(self) -> bool:
        """Whether the mark to move is the AI's (step 16 takes the max) or not (min)."""
        return self.mark == self.trace.ai

    @property
    def best_index(self) -> int | None:
        """Position of the chosen test-play in loop order (step 16), None if terminal."""
        best = self.trace.positions.best[self.pid]
        return None if best < 0 else int(best)

    @property
    def best(self) -> int | None:
        """The cell of the chosen test-play (step 16), None if terminal."""
        i = self.best_index
        return None if i is None else self.trace.positions.moves(self.pid)[i]

    @property
    def returned(self) -> Result:
        """The ``{index, score}`` this call returned (step 17; step 9 if terminal)."""
        return Result(self.best, self.score)

    def children(self) -> list[Call]:
        """The calls this one made, one per test-play, in loop order."""
        p = self.trace.positions
        result = []
        call = self.call + 1
        for cell, child in p.children(self.pid):
            result.append(Call(self.trace, call, self.depth + 1, cell, self.call, child))
            call += int(p.sizes[child])
        return result

    @property
    def test_plays(self) -> list[Result]:
        """``allTestPlayInfos``: ``{index, score}`` of each test-play in loop order."""
        p = self.trace.positions
        return [Result(cell, int(p.score[child])) for cell, child in p.children(self.pid)]

    def descendant(self, number: int) -> Call:
        """The call numbered ``number`` in this call's subtree."""
        return self._walk_to(number)[-1]

    def path(self) -> list[Call]:
        """The calls from the root down to this one, both included."""
        return self.trace.root._walk_to(self.call)

    def _walk_to(self, number: int) -> list[Call]:
        if not self.call <= number < self.call + self.size:
            raise IndexError(f"call {number} is not below call {self.call}")
        node = self
        path = [node]
        while node.call != number:
            # Children's subtrees are numbered one after another: skip whole subtrees.
            node = next(c for c in node.children() if number < c.call + c.size)
            path.append(node)
        return path
