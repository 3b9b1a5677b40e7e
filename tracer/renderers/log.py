"""The recursion log: the trace narrated call by call, tagged with the tutorial's steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from ..trace import Call, Trace
from .text import calls, returned, signed

INDENT = "   "


def outcome_word(trace: Trace, maximising: bool, score: int) -> str:
    """What ``score`` means for the side to move: ``'wins'``, ``'draws'`` or ``'loses'``."""
    for_ai = trace.game.value_kind(score)
    if for_ai == "draw":
        return "draws"
    return "wins" if (for_ai == "win") == maximising else "loses"


def terminal_sentence(trace: Trace, call: Call) -> str:
    """Step 9's finding for a finished game, e.g. ``O has three in a row (cells 2, 4, 6)``."""
    return trace.game.terminal_sentence(call.state, call.terminal_code)


def header(trace: Trace) -> str:
    """The lines that open a log: the game, the players and the score scheme."""
    return trace.game.log_header()


def chosen_line_moves(trace: Trace) -> list[Call]:
    """The calls along the line minimax chose from the first call, first move first."""
    line, node = [], trace.root
    while node.terminal is None:
        node = node.children()[node.best_index or 0]
        line.append(node)
    return line


def forced_win_words(trace: Trace) -> str:
    """How the first call's mover wins: ``wins at once`` or ``can force a win: ...``."""
    line = chosen_line_moves(trace)
    if len(line) == 1:
        return "wins at once"
    mover = trace.root.player
    own = (len(line) + 1) // 2
    return (
        f"can force a win: on the chosen line the game ends after {len(line)} moves "
        f"({own} by {mover})"
    )


def conclusion(trace: Trace) -> str:
    """The final line: the answer in words."""
    root, game = trace.root, trace.game
    if root.terminal is not None:
        return (
            f"The game is already over: {terminal_sentence(trace, root)}. "
            f"Score {signed(root.score)}.\n"
        )
    word = outcome_word(trace, root.maximising, root.score)
    if word == "loses":
        word = "loses against best play"
    elif word == "wins":
        word = forced_win_words(trace)
    return (
        f"{game.player(root.state)} plays {game.move_name(root.best or 0)} and {word}: "
        f"score {signed(root.score)}{game.point_of_view(root.state)}\n"
    )


def tag(step: int) -> str:
    """The guide's step number as the log aligns it: ``step 8   ``, ``step 11  ``."""
    return f"step {step:<3} "


def pick_words(maximising: bool, scores: list[int], best_index: int, move: str) -> str:
    """Why step 16 chose ``bestTestPlay``: ``cell 4, the first lowest``."""
    if len(scores) == 1:
        return f"{move}, the only test-play"
    word = "highest" if maximising else "lowest"
    if scores.count(scores[best_index]) > 1:
        word = f"first {word}"
    return f"{move}, the {word}"


class _Phrases:
    """Text for each row and move, made once and reused by every call that meets them.

    The empty board's 549,946 calls visit only 5,478 positions, so caching the
    text per row (and per test-play, for steps 11-13) is what makes the full log fast.
    """

    def __init__(self, trace: Trace):
        self.trace = trace
        self.game = trace.game
        self.p = trace.positions
        self.opening: dict[int, str] = {}
        self.closing: dict[int, str] = {}
        self.heads: dict[tuple[int, int], str] = {}

    def head(self, pid: int, parent: int, move: int) -> str:
        """The line that opens a call: step 7 for the first, step 11 for a test-play's."""
        key = (pid, move)
        text = self.heads.get(key)
        if text is None:
            game, state = self.game, self.p.state[pid]
            if move < 0:
                text = f" {tag(7)}first call: bestPlayInfo = {game.first_call_text(state)}\n"
            else:
                where = f"{game.player(state)} to move on {game.describe(state)}"
                played = game.move_phrase(self.p.state[parent], move)
                text = f" {tag(11)}{played} -> {where}\n"
            self.heads[key] = text
        return text

    def open(self, pid: int) -> str:
        """Steps 8, 9 and (when the game goes on) 10 of a call."""
        text = self.opening.get(pid)
        if text is None:
            game, p = self.game, self.p
            state, code = p.state[pid], p.terminal[pid]
            pad = INDENT * (p.depth[pid] + 1)
            lines = [f"{pad}{tag(8)}{game.step8_text(state)}\n"]
            if not code:
                lines.append(f"{pad}{tag(9)}no terminal state\n")
                lines.append(f"{pad}{tag(10)}allTestPlayInfos = []; {game.loop_text(state)}\n")
            else:
                lines.append(
                    f"{pad}{tag(9)}{game.terminal_sentence(state, code)}: "
                    f"return {returned(None, p.score[pid])}\n"
                )
            text = self.opening[pid] = "".join(lines)
        return text

    def close(self, pid: int) -> str:
        """Steps 14 to 17 of a call that test-played."""
        text = self.closing.get(pid)
        if text is None:
            game, p = self.game, self.p
            state = p.state[pid]
            c = Call(self.trace, 0, p.depth[pid], None, None, pid)
            pad = INDENT * (c.depth + 1)
            scores = [t.score for t in c.test_plays]
            best = c.best_index or 0
            who = f"{game.player(state)} is {game.role(state)}"
            how = "max" if c.maximising else "min"
            why = pick_words(c.maximising, scores, best, game.move_short(c.best or 0))
            text = self.closing[pid] = (
                f"{pad}{tag(14)}for-loop done: find {game.player(state)}'s best test-play\n"
                f"{pad}{tag(15)}bestTestPlay = null\n"
                f"{pad}{tag(16)}{who}, so {how}({', '.join(map(signed, scores))}) = "
                f"{signed(c.score)}: bestTestPlay = {best} ({why})\n"
                f"{pad}{tag(17)}return allTestPlayInfos[{best}] = {returned(c.best, c.score)}\n"
            )
        return text

    def save(self, parent: int, edge: int, nth: int) -> str:
        """The caller's step 12 after its ``nth`` test-play (``edge``) returns, and step 13."""
        p = self.p
        pad = INDENT * (p.depth[parent] + 1)
        first = p.first_edge[parent]
        infos = ", ".join(
            returned(p.edge_move[e], p.score[p.edge_child[e]]) for e in range(first, edge + 1)
        )
        move = p.edge_move[edge]
        text = (
            f"{pad}{tag(12)}saved {returned(move, p.score[p.edge_child[edge]])}; "
            f"cell {move} reset; allTestPlayInfos = [{infos}]\n"
        )
        if nth + 1 < p.edge_count[parent]:
            text += f"{pad}{tag(13)}next empty cell: {p.edge_move[edge + 1]}\n"
        return text

    def answer(self) -> str:
        """Steps 24 and 25: the first call's return value kept in bestPlayInfo, and used."""
        root = self.trace.root
        text = f"{tag(24)}bestPlayInfo = {root.returned}\n"
        if root.best is None:
            return text + f"{tag(25)}bestPlayInfo has no index: the game is over, no move to play\n"
        return text + (
            f"{tag(25)}{root.player} plays bestPlayInfo.index: "
            f"{self.game.move_name(root.best)}\n"
        )


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
    first_edge, edge_count, edge_child = p.first_edge, p.edge_count, p.edge_child
    # Text per test-play (edge): everything but the child's call number. A terminal
    # child's whole entry is one string; an inner child's is split around its subtree.
    enter: dict[int, str] = {}
    leave: dict[int, str] = {}
    prefix: dict[int, str] = {}

    def texts(parent: int, edge: int) -> None:
        child = edge_child[edge]
        prefix[edge] = INDENT * p.depth[child] + "#"
        enter[edge] = phrases.head(child, parent, p.edge_move[edge]) + phrases.open(child)
        leave[edge] = (phrases.close(child) if edge_count[child] else "") + phrases.save(
            parent, edge, edge - first_edge[parent]
        )
        if not edge_count[child]:
            enter[edge] += leave[edge]

    chunk: list[str] = []
    append = chunk.append
    next_report = progress_every

    def walk(pid: int, call: int) -> int:
        """Write the entries of ``pid``'s test-plays; return the next call number."""
        nonlocal next_report
        nxt = call + 1
        start = first_edge[pid]
        for edge in range(start, start + edge_count[pid]):
            if edge not in enter:
                texts(pid, edge)
            append(prefix[edge])
            append(str(nxt))
            append(enter[edge])
            if edge_count[edge_child[edge]]:
                nxt = walk(edge_child[edge], nxt)
                append(leave[edge])
            else:
                nxt += 1
        if len(chunk) > 30000:
            out.write("".join(chunk))
            chunk.clear()
            if progress is not None and nxt >= next_report:
                progress(nxt - 1)
                next_report = nxt + progress_every
        return nxt

    append("#1")
    append(phrases.head(0, -1, -1))
    append(phrases.open(0))
    if edge_count[0]:
        walk(0, 1)
        append(phrases.close(0))
    append(phrases.answer())
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

