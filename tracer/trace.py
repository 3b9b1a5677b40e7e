"""The recorded call tree: every invocation of a search, addressable and walkable.

The trace knows nothing of any game or algorithm: states are the game's integers, and
facts only one search has (an alpha-beta window, a cache hit) sit in named extra columns.
Each distinct subtree is stored once (``Positions``); call numbers are the pre-order
numbering of the full tree, and since every row stores its subtree size, call ``k`` is
found by walking down from the root without materialising the tree.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .games import Rules, kind_of
from .hooks import ask

#: A column of integers: an array once the rows are complete (a list while a search fills them).
Column = MutableSequence[int]

# Event kinds yielded by Trace.events().
ENTER, LEAVE = 0, 1


@dataclass(frozen=True)
class Result:
    """What an invocation returns: the tutorial's ``{index, score}``.

    ``index`` is the move chosen, None for a terminal call (the tutorial returns just
    ``{score}``); ``game`` lets the result name the move and is not part of its value.
    """

    index: int | None
    score: int
    game: Any = field(default=None, compare=False, repr=False)

    def as_dict(self) -> dict[str, int | None]:
        """``{"index": ..., "score": ...}``."""
        return {"index": self.index, "score": self.score}

    def __str__(self) -> str:
        if self.index is None:
            return f"{{score: {self.score}}}"
        return f"{{index: {self.index}, score: {self.score}}}"

    def _repr_html_(self) -> str:
        """Jupyter shows the return value as the guide writes it, with the move in words."""
        return str(ask("show_result", self))


def _column(typecode: str) -> Any:
    return field(default_factory=lambda: array(typecode))


@dataclass
class Positions:
    """One row per distinct subtree the search recorded (row 0 is the first call's).

    A search keys its rows by whatever decides the calls below a call: the position for
    minimax, the position and its window for alpha-beta; every call with that key has the
    same subtree, so it is stored once.
    """

    #: The game's state (an integer only the game decodes).
    state: Column = _column("q")
    #: Moves from the first call (every call on this row is at this depth).
    depth: Column = _column("h")
    #: 0 if the game goes on, else the game's terminal code (``game.terminal_names``).
    terminal: bytearray = field(default_factory=bytearray)
    #: The score returned, from the maximiser's point of view.
    score: Column = _column("q")
    #: Index of the chosen child among the row's edges, -1 if none (terminal).
    best: Column = _column("h")
    #: Where the row's edges start in ``edge_move``/``edge_child``.
    first_edge: Column = _column("l")
    edge_count: Column = _column("h")
    #: Calls in the row's subtree, itself included.
    sizes: Column = _column("q")
    #: Per edge, in loop order: the move played and the row it leads to.
    edge_move: Column = _column("h")
    edge_child: Column = _column("l")
    #: Per-row facts only some searches record, by name (e.g. ``alpha``, ``beta``).
    extras: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.state)

    @classmethod
    def filling(cls) -> Positions:
        """Empty rows whose columns are lists, quicker to fill than arrays (``pack()`` once done)."""
        rows = cls()
        for name, empty in list(vars(rows).items()):
            if isinstance(empty, array):
                setattr(rows, name, [])
        return rows

    def pack(self) -> Positions:
        """These rows with every column an array again (a few bytes a value)."""
        for name, empty in vars(Positions()).items():
            column = getattr(self, name)
            if isinstance(empty, array) and not isinstance(column, array):
                setattr(self, name, array(empty.typecode, column))
        return self

    def add(self, state: int, depth: int, terminal: int = 0, score: int = 0) -> int:
        """Append a row (its edges come later, with ``set_edges``); return its index."""
        self.state.append(state)
        self.depth.append(depth)
        self.terminal.append(terminal)
        self.score.append(score)
        self.best.append(-1)
        self.first_edge.append(0)
        self.edge_count.append(0)
        self.sizes.append(1)
        return len(self.state) - 1

    def set_edges(self, pid: int, moves: Sequence[int], children: list[int], best: int, score: int) -> None:
        """Record row ``pid``'s calls (in loop order), its chosen child and its score."""
        self.first_edge[pid] = len(self.edge_move)
        self.edge_count[pid] = len(moves)
        self.edge_move.extend(moves)
        self.edge_child.extend(children)
        self.best[pid] = best
        self.score[pid] = score
        self.sizes[pid] = 1 + sum(self.sizes[c] for c in children)

    def moves(self, pid: int) -> Column:
        start = self.first_edge[pid]
        return self.edge_move[start : start + self.edge_count[pid]]

    def children(self, pid: int) -> list[tuple[int, int]]:
        """``(move, child row)`` for each call row ``pid`` made, in loop order."""
        start = self.first_edge[pid]
        end = start + self.edge_count[pid]
        return list(zip(self.edge_move[start:end], self.edge_child[start:end], strict=True))


class SearchInfo(NamedTuple):
    """Which search recorded a trace, and with what settings."""

    algorithm: str
    #: Settings that change the calls made, as ``(name, value)`` pairs (e.g. ``("cutoff", "ge")``).
    settings: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.settings).get(name, default)


class TraceStats(NamedTuple):
    """Counts over a whole trace, computed from its distinct rows."""

    calls: int
    #: Calls at each depth (index 0 is the root).
    calls_per_depth: list[int]
    #: Terminal calls by the game's terminal names (tic-tac-toe: who won, or ``draw``).
    terminal: dict[str, int]
    #: Distinct rows (for minimax: distinct positions).
    positions: int
    #: The most searched state and how many calls searched it.
    most_repeated_state: int
    most_repeated_count: int
    #: Calls that re-searched a row searched earlier: the waste that memoisation removes.
    repeated_calls: int

    @property
    def terminal_calls(self) -> int:
        return sum(self.terminal.values())


class Trace:
    """Every invocation of one search on one game (``tracer.search(game)``, ``tracer.record()``,
    ``tracer.load()``): ``game`` is its rules, ``search`` the search that recorded it."""

    def __init__(self, game: Rules, positions: Positions, search: SearchInfo):
        self.game = game
        self.positions = positions
        self.search = search
        self._depth_counts: dict[int, list[int]] = {}
        self._counted: tuple[tuple[int, int], list[int]] | None = None
        self._stats: tuple[list[int], TraceStats] | None = None

    def __repr__(self) -> str:
        return str(ask("describe_trace", self))

    def _repr_html_(self) -> str:
        """Jupyter shows a summary card: the game, the result, the calls and a small tree."""
        return str(ask("show_trace", self))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """The card for notebooks that show HTML, the game tree for those that show SVG."""
        return {"text/html": self._repr_html_(), "image/svg+xml": self._repr_svg_(),
                "text/plain": repr(self)}

    def _repr_svg_(self) -> str:
        """The game tree as SVG (as ``trace FILE`` draws it, within its node budget)."""
        return str(ask("draw_trace", self))

    @property
    def calls(self) -> int:
        """The total number of invocations."""
        return int(self.positions.sizes[0])

    @property
    def result(self) -> Result:
        """What the first invocation returns."""
        return self.root.returned

    @property
    def root(self) -> Call:
        """Call 1, the first invocation (the guide's step 7)."""
        return Call(self, 1, 0, None, None, 0)

    def multiplicity(self) -> list[int]:
        """For each row, how many calls in the trace have that row."""
        return list(self._counts())

    def _counts(self) -> list[int]:
        # Worked out once per shape of the rows (a recorder may add more).
        p = self.positions
        shape = (len(p), len(p.edge_child))
        if self._counted is None or self._counted[0] != shape:
            first_edge, edge_count, edge_child = p.first_edge, p.edge_count, p.edge_child
            counts = [0] * len(p)
            counts[0] = 1
            # Parents before children (a child is one level deeper): each row's count is
            # final when it is handed down.
            for pid in sorted(range(len(p)), key=p.depth.__getitem__):
                n = counts[pid]
                if n:
                    start = first_edge[pid]
                    for child in edge_child[start : start + edge_count[pid]]:
                        counts[child] += n
            self._counted = (shape, counts)
        return self._counted[1]

    def stats(self) -> TraceStats:
        """Totals for ``--stats``: calls per depth, outcomes, repeated positions."""
        counts = self._counts()
        if self._stats is None or self._stats[0] is not counts:
            self._stats = (counts, self._count_stats(counts))
        return self._stats[1]

    def _count_stats(self, counts: list[int]) -> TraceStats:
        p = self.positions
        names = self.game.terminal_names
        terminal = {name: 0 for name in names if name is not None}
        # Every call on a row is at the row's depth: the calls per depth add up row by row.
        per_depth = [0] * (max(p.depth) - p.depth[0] + 1)
        for n, depth, code in zip(counts, p.depth, p.terminal, strict=True):
            if n:
                per_depth[depth - p.depth[0]] += n
                if code:
                    terminal[names[code]] += n  # type: ignore[index]
        while per_depth[-1] == 0:  # rows no call reaches (a recorder's other searches)
            per_depth.pop()
        most = max(counts)
        top = counts.index(most)  # the first row searched that often
        return TraceStats(
            calls=self.calls,
            calls_per_depth=per_depth,
            terminal=terminal,
            positions=len(p),
            most_repeated_state=int(p.state[top]),
            most_repeated_count=most,
            repeated_calls=self.calls - len(p),
        )

    def calls_by_depth(self, pid: int = 0) -> list[int]:
        """How many calls the subtree of row ``pid`` makes at each depth below it (entry 0: itself)."""
        memo = self._depth_counts
        found = memo.get(pid)
        if found is not None:
            return found
        # Level by level, each row with the number of the subtree's calls on it: a row sits at
        # one depth, so this is linear in the rows, however deep (a learner's runaway search
        # is a chain thousands of calls deep).
        children = self.positions.children
        counts, level = [], {pid: 1}
        while level:
            counts.append(sum(level.values()))
            below: dict[int, int] = {}
            for row, n in level.items():
                for _move, child in children(row):
                    below[child] = below.get(child, 0) + n
            level = below
        memo[pid] = counts
        return counts

    def call(self, number: int) -> Call:
        """The invocation with call number ``number`` (1-based, call order)."""
        if not 1 <= number <= self.calls:
            raise IndexError(f"call {number} does not exist: this trace has calls 1-{self.calls}")
        return self.root._walk_to(number)[-1]

    def __iter__(self) -> Iterator[Call]:
        """Every call, in call order (one object per call: ``events()`` suits large traces)."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children()))

    def events(self, root: int = 1) -> Iterator[tuple[int, int, int, int, int]]:
        """The recursion of call ``root``'s subtree as it ran, without building call objects:
        ``(kind, call, pid, depth, move)``, kind ENTER or LEAVE, move -1 for call ``root``."""
        start = self.call(root)
        p = self.positions
        first_edge, edge_count, edge_move, edge_child, sizes = (
            p.first_edge, p.edge_count, p.edge_move, p.edge_child, p.sizes)
        start_move = -1 if start.move is None else start.move
        yield (ENTER, start.call, start.pid, start.depth, start_move)
        # Each frame: [pid, call, depth, move, next edge, last edge, next child's call].
        stack = [[start.pid, start.call, start.depth, start_move, first_edge[start.pid],
                  first_edge[start.pid] + edge_count[start.pid], start.call + 1]]
        while stack:
            frame = stack[-1]
            edge = frame[4]
            if edge == frame[5]:
                stack.pop()
                yield (LEAVE, frame[1], frame[0], frame[2], frame[3])
                continue
            child, move, call = edge_child[edge], edge_move[edge], frame[6]
            frame[4] = edge + 1
            frame[6] = call + sizes[child]
            depth = frame[2] + 1
            yield (ENTER, call, child, depth, move)
            if edge_count[child]:
                stack.append([child, call, depth, move, first_edge[child],
                              first_edge[child] + edge_count[child], call + 1])
            else:
                yield (LEAVE, call, child, depth, move)

    def check(self) -> None:
        """Check every row against the game and the search's own rule (e.g. the first strictly
        best child); AssertionError naming the first fault."""
        p = self.positions
        game = self.game
        if p.state[0] != game.root or p.depth[0] != 0:
            raise AssertionError("row 0 is not the game's first state at depth 0")
        check = ask("search_rule", self.search.algorithm)
        where_is = ask("describe_state", game)
        for pid in range(len(p)):
            where = f"row {pid} ({where_is(p.state[pid])})"
            _check_row(self, pid, where)
            check(self, pid, where)

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


def _check_row(trace: Trace, pid: int, where: str) -> None:
    """The checks every search shares: terminal codes and scores agree with the game, the
    children are its moves one level deeper, subtree sizes add up (pre-order numbering)."""
    p, game = trace.positions, trace.game
    state, depth = p.state[pid], p.depth[pid]
    found = game.outcome(state, depth)
    code = 0 if found is None else found[0]
    if p.terminal[pid] != code:
        raise AssertionError(f"{where}: terminal code {p.terminal[pid]}, expected {code}")
    children = p.children(pid)
    if found is not None:
        if p.score[pid] != found[1] or p.sizes[pid] != 1 or p.best[pid] != -1 or children:
            raise AssertionError(f"{where}: terminal score, size, best or children are wrong")
        return
    legal = list(game.moves(state))
    size = 1
    for move, child in children:
        if move not in legal:
            raise AssertionError(f"{where}: move {move} is not one of the moves {legal}")
        if p.state[child] != game.play(state, move) or p.depth[child] != depth + 1:
            raise AssertionError(f"{where}: child {child} is not move {move} one level deeper")
        size += p.sizes[child]
    if p.sizes[pid] != size:
        raise AssertionError(f"{where}: subtree size {p.sizes[pid]}, expected {size}")


class Call:
    """One invocation of the search: a node of the call tree, read from a Trace."""

    __slots__ = ("trace", "call", "depth", "move", "parent", "pid", "__dict__")

    def __init__(self, trace: Trace, call: int, depth: int, move: int | None, parent: int | None, pid: int):
        # ``call``: 1 for the first invocation, in call order; ``move`` and ``parent`` (the
        # caller's number): None for call 1; ``pid``: the call's row in ``trace.positions``.
        self.trace = trace
        self.call = call
        self.depth = depth
        self.move = move
        self.parent = parent
        self.pid = pid

    def __repr__(self) -> str:
        return str(ask("describe_call", self))

    def _repr_svg_(self) -> str:
        """Jupyter shows a call as its state's picture, with its number and what it returns."""
        return str(ask("show_call", self))

    @property
    def state(self) -> int:
        """The game state this call was invoked with."""
        return int(self.trace.positions.state[self.pid])

    @property
    def position(self) -> Any:
        """The state in the game's own terms: for tic-tac-toe the board and the mark to move,
        for Nim the heaps and who moves, for a textbook tree the node's label and who moves
        there (the state itself for a game that names no position)."""
        return kind_of(self.trace.game).position(self.trace.game, self.state)

    def __getattr__(self, name: str) -> Any:
        """The position's own names as the call's: ``call.board`` and ``call.mark`` for
        tic-tac-toe, ``call.heaps`` for Nim, ``call.node`` for a tree."""
        if not name.startswith("_"):
            position = self.position
            if name in getattr(position, "_fields", ()):
                return getattr(position, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def terminal_code(self) -> int:
        """0 if the game goes on here, else the game's terminal code."""
        return self.trace.positions.terminal[self.pid]

    @property
    def terminal(self) -> str | None:
        """The finished game's name (``game.terminal_names``), None if it goes on."""
        return self.trace.game.terminal_names[self.terminal_code]

    @property
    def score(self) -> int:
        """The score this call returned, from the maximiser's point of view."""
        return int(self.trace.positions.score[self.pid])

    @property
    def size(self) -> int:
        """Calls in this call's subtree, itself included."""
        return int(self.trace.positions.sizes[self.pid])

    @property
    def maximising(self) -> bool:
        """Whether this call takes the max of its test-plays (the AI moves) or the min."""
        return self.trace.game.maximising(self.state)

    @property
    def best_index(self) -> int | None:
        """Position of the chosen test-play in loop order (step 16), None if there is none."""
        best = self.trace.positions.best[self.pid]
        return None if best < 0 else int(best)

    @property
    def best(self) -> int | None:
        """The move of the chosen test-play (step 16), None if there is none."""
        i = self.best_index
        return None if i is None else int(self.trace.positions.moves(self.pid)[i])

    @property
    def returned(self) -> Result:
        """The ``{index, score}`` this call returned (step 17; step 9 if terminal)."""
        return Result(self.best, self.score, self.trace.game)

    def extra(self, name: str, default: Any = None) -> Any:
        """A fact only some searches record for this call (``alpha``, ``beta``, ...)."""
        column = self.trace.positions.extras.get(name)
        return default if column is None else column[self.pid]

    def children(self) -> list[Call]:
        """The calls this one made, one per test-play, in loop order."""
        p = self.trace.positions
        result, call = [], self.call + 1
        for move, child in p.children(self.pid):
            result.append(Call(self.trace, call, self.depth + 1, move, self.call, child))
            call += int(p.sizes[child])
        return result

    @property
    def test_plays(self) -> list[Result]:
        """``allTestPlayInfos``: ``{index, score}`` of each test-play in loop order."""
        p = self.trace.positions
        game = self.trace.game
        return [Result(move, int(p.score[child]), game) for move, child in p.children(self.pid)]

    def chosen_line(self, continues_at: Callable[[Call], Call | None] | None = None) -> list[Call]:
        """The calls each call chose (step 16), one after another below this one, first move first.

        The line ends at a finished game, or where a call chose no test-play: a call
        answered without searching (a memo cache hit has no children), or a learner's call
        that picked none. ``continues_at`` (a search's words plug-in's) names the call whose
        subtree stands for such a call; the line then goes on below that call.
        """
        line, node = [], self
        while node.terminal is None:
            source = None if continues_at is None else continues_at(node)
            if source is not None:
                node = source
                continue
            if node.best_index is None or node.size == 1:
                break
            node = node.children()[node.best_index]
            line.append(node)
        return line

    def path(self) -> list[Call]:
        """The calls from the root down to this one, both included."""
        return self.trace.root._walk_to(self.call)

    def _walk_to(self, number: int) -> list[Call]:
        if not self.call <= number < self.call + self.size:
            raise IndexError(f"call {number} is not below call {self.call}")
        node, path = self, [self]
        while node.call != number:
            # Children's subtrees are numbered one after another: skip whole subtrees.
            node = next(c for c in node.children() if number < c.call + c.size)
            path.append(node)
        return path
