"""The recursion log: the trace narrated call by call, tagged with the tutorial's steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from ..games.tictactoe.board import Mark, cell_name
from ..trace import Call, Trace
from .drawing import value_outcome
from .text import calls, returned, signed

INDENT = "   "


def outcome_word(trace: Trace, mark: Mark, score: int) -> str:
    """What ``score`` means for ``mark``: ``'wins'``, ``'draws'`` or ``'loses'``."""
    for_ai = value_outcome(trace, score)
    if for_ai == "draw":
        return "draws"
    return "wins" if (for_ai == "win") == (mark == trace.ai) else "loses"


def terminal_sentence(trace: Trace, call: Call) -> str:
    """Step 9's finding for a finished board, e.g. ``O has three in a row (cells 2, 4, 6)``."""
    if call.terminal == "draw":
        return "no empty cell and no three in a row: a draw"
    winner: Mark = "X" if call.terminal == "X" else "O"
    line = call.board.winning_line(winner)
    cells = ", ".join(map(str, line or ()))
    role = "the AI" if winner == trace.ai else "the human"
    return f"{winner} ({role}) has three in a row (cells {cells})"


def header(trace: Trace) -> str:
    """The lines that open a log: the board, the players and the score scheme."""
    s = trace.scores
    return (
        f"Minimax trace of {trace.board.compact()} with {trace.to_move} to move. "
        f"{trace.ai} is the AI (maximiser), {trace.human} the human (minimiser).\n"
        f"Scores from {trace.ai}'s point of view: {trace.human} wins {signed(s.human_win)}, "
        f"{trace.ai} wins {signed(s.ai_win)}, draw {signed(s.draw)}.\n\n"
    )


def conclusion(trace: Trace) -> str:
    """The final line: the answer in words."""
    root = trace.root
    if root.terminal is not None:
        return (
            f"The game is already over: {terminal_sentence(trace, root)}. "
            f"Score {signed(root.score)}.\n"
        )
    word = outcome_word(trace, root.mark, root.score)
    if word == "loses":
        word = "loses against best play"
    # The score is the AI's, so say so when the human is the one moving.
    view = "" if root.mark == trace.ai else f" (from {trace.ai}'s point of view: {trace.ai} is the AI)"
    return (
        f"{root.mark} plays cell {root.best} ({cell_name(root.best or 0)}) and {word}: "
        f"score {signed(root.score)}{view}\n"
    )


class _Phrases:
    """Text for each position and move, made once and reused by every call that meets them.

    The empty board's 549,946 calls visit only 5,478 positions, so caching the
    text per position is what makes the full log fast.
    """

    def __init__(self, trace: Trace):
        self.trace = trace
        self.opening: dict[int, str] = {}
        self.closing: dict[int, str] = {}
        self.heads: dict[int, str] = {}
        self.saved: dict[int, str] = {}

    def _call(self, pid: int, move: int) -> Call:
        # A stand-in call: only position-level facts are read from it.
        return Call(self.trace, 0, self.trace.depth_of(pid), None if move < 0 else move, None, pid)

    def head(self, pid: int, move: int) -> str:
        key = pid * 16 + move + 1
        text = self.heads.get(key)
        if text is None:
            c = self._call(pid, move)
            if move < 0:
                text = f" step 7   first call: {c.mark} to move on {c.board.compact()}\n"
            else:
                text = (
                    f" step 11  {c.played_by} on cell {move} ({cell_name(move)}) -> "
                    f"{c.mark} to move on {c.board.compact()}\n"
                )
            self.heads[key] = text
        return text

    def open(self, pid: int) -> str:
        text = self.opening.get(pid)
        if text is None:
            c = self._call(pid, -1)
            pad = INDENT * (c.depth + 1)
            empty = ", ".join(map(str, c.empty_cells)) or "none"
            lines = [f"{pad}step 8   empty cells: {empty}\n"]
            if c.terminal is None:
                lines.append(f"{pad}step 9   no terminal state: {c.mark} test-plays each empty cell\n")
            else:
                lines.append(
                    f"{pad}step 9   {terminal_sentence(self.trace, c)}: "
                    f"return {returned(None, c.score)}\n"
                )
            text = self.opening[pid] = "".join(lines)
        return text

    def close(self, pid: int) -> str:
        text = self.closing.get(pid)
        if text is None:
            c = self._call(pid, -1)
            pad = INDENT * (c.depth + 1)
            scores = ", ".join(signed(t.score) for t in c.test_plays)
            if c.maximising:
                why = f"{c.mark} is the AI, so max({scores}) = {signed(c.score)}"
            else:
                why = f"{c.mark} is the human, so min({scores}) = {signed(c.score)}"
            text = self.closing[pid] = (
                f"{pad}step 16  {why}: first at cell {c.best}\n"
                f"{pad}step 17  return {returned(c.best, c.score)}\n"
            )
        return text

    def save(self, pid: int, move: int) -> str:
        """The caller's step 12 after the call for ``pid`` (reached by ``move``) returns."""
        key = pid * 16 + move
        text = self.saved.get(key)
        if text is None:
            pad = INDENT * self.trace.depth_of(pid)
            score = int(self.trace.positions.score[pid])
            text = self.saved[key] = f"{pad}step 12  saved {returned(move, score)}\n"
        return text


def write_log(
    trace: Trace,
    out: TextIO,
    progress: Callable[[int], object] | None = None,
    progress_every: int = 65536,
) -> None:
    """Write the whole recursion log of ``trace`` to ``out``, streaming.

    Memory stays constant whatever the trace's size. ``progress(calls_done)``
    is called about every ``progress_every`` calls, if given.
    """
    out.write(header(trace))
    phrases = _Phrases(trace)
    p = trace.positions
    terminal, first_edge, edge_child = p.terminal, p.first_edge, p.edge_child
    # Text per test-play (edge): everything but the child's call number. A terminal
    # child's whole entry is one string; an inner child's is split around its subtree.
    enter: dict[int, str] = {}
    leave: dict[int, str] = {}
    prefix: dict[int, str] = {}

    def texts(parent: int, edge: int, move: int) -> None:
        child = edge_child[edge]
        prefix[edge] = INDENT * trace.depth_of(child) + "#"
        enter[edge] = phrases.head(child, move) + phrases.open(child)
        leave[edge] = ("" if terminal[child] else phrases.close(child)) + phrases.save(child, move)
        if terminal[child]:
            enter[edge] += leave[edge]

    chunk: list[str] = []
    append = chunk.append
    next_report = progress_every

    def walk(pid: int, call: int) -> int:
        """Write the entries of ``pid``'s test-plays; return the next call number."""
        nonlocal next_report
        nxt = call + 1
        edge = first_edge[pid]
        for move in p.moves(pid):
            if edge not in enter:
                texts(pid, edge, move)
            append(prefix[edge])
            append(str(nxt))
            append(enter[edge])
            if terminal[edge_child[edge]]:
                nxt += 1
            else:
                nxt = walk(edge_child[edge], nxt)
                append(leave[edge])
            edge += 1
        if len(chunk) > 30000:
            out.write("".join(chunk))
            chunk.clear()
            if progress is not None and nxt >= next_report:
                progress(nxt - 1)
                next_report = nxt + progress_every
        return nxt

    append("#1")
    append(phrases.head(0, -1))
    append(phrases.open(0))
    if not terminal[0]:
        walk(0, 1)
        append(phrases.close(0))
    out.write("".join(chunk))
    out.write(f"\nResult: {trace.result} after {calls(trace.calls)}.\n")
    out.write(conclusion(trace))
    if progress is not None:
        progress(trace.calls)


def render_log(trace: Trace) -> str:
    """The recursion log as one string (for small traces and tests)."""
    import io

    buffer = io.StringIO()
    write_log(trace, buffer)
    return buffer.getvalue()

