"""The recursion log: the trace narrated call by call, tagged with the tutorial's steps."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any, TextIO

from ..errors import shown
from ..explain import GameWords, SearchWords, for_trace
from ..explain.text import INDENT, bounded, calls, capitalised, note_lines, signed, tag
from ..trace import Call, Trace
from .stats import search_lines


def outcome_word(trace: Trace, maximising: bool, score: int) -> str:
    """What ``score`` means for the side to move: ``'wins'``, ``'draws'`` or ``'loses'``."""
    for_max = for_trace(trace)[0].value_kind(score)
    if for_max == "draw":
        return "draws"
    return "wins" if (for_max == "win") == maximising else "loses"


def header(trace: Trace) -> str:
    """The lines that open a log: the game, the players and the score scheme (and the
    search and the game's settings, when they are not the guide's)."""
    lines = search_lines(trace)
    return (for_trace(trace)[0].log_header() + "".join(f"{line}\n" for line in lines)
            + ("\n" if lines else ""))


def forced_win_words(trace: Trace) -> str:
    """How the first call's mover wins: ``wins at once`` or ``can force a win: ...``."""
    line = trace.root.chosen_line()
    if line and line[-1].terminal is None:  # cut short by a cache hit: no move count
        return "can force a win"
    if len(line) == 1:
        return "wins at once"
    mover = for_trace(trace)[0].player(trace.root.state)
    own = (len(line) + 1) // 2
    return f"can force a win: on the chosen line the game ends after {len(line)} moves ({own} by {mover})"


def conclusion(trace: Trace) -> str:
    """The final line: the answer in words."""
    root, game = trace.root, for_trace(trace)[0]
    if root.terminal is not None:
        return (f"The game is already over: {game.terminal_sentence(root.state, root.terminal_code)}. "
                f"Score {signed(root.score)}.\n")
    if game.value_kind(root.score) == "value":  # a bare number, as in a textbook tree
        return (f"{game.player(root.state)} moves to {game.move_name(root.best or 0)}: backed-up value "
                f"{root.score}{game.point_of_view(root.state)}\n")
    word = outcome_word(trace, root.maximising, root.score)
    if word == "loses":
        word = "loses against best play"
    elif word == "wins":
        word = forced_win_words(trace)
    return (f"{game.player(root.state)} plays {game.move_name(root.best or 0)} and {word}: "
            f"score {signed(root.score)}{game.point_of_view(root.state)}\n")


#: ``allTestPlayInfos`` is written whole up to this many entries (a board has at most 9);
#: a longer one keeps its first and last few around a count of the rest, so a node of
#: thousands of children costs a line each, not a list each (quadratic in the children).
LIST_LIMIT = 12
LIST_ENDS = 3


def folded(items: range) -> list[int | str]:
    """``items`` as the log lists them: whole, or the ends around ``'… N more …'``."""
    if len(items) <= LIST_LIMIT:
        return list(items)
    hidden = len(items) - 2 * LIST_ENDS
    return [*items[:LIST_ENDS], f"… {hidden:,} more …", *items[-LIST_ENDS:]]


def pick_words(maximising: bool, scores: list[int], best_index: int, move: str, pruned: int = 0) -> str:
    """Why step 16 chose ``bestTestPlay``: ``cell 4, the first lowest`` (``pruned``: how many
    test-plays a cut left out, so one searched is not the only one)."""
    if len(scores) == 1:
        return f"{move}, the only test-play" if not pruned else f"{move}, the only one searched"
    word = "highest" if maximising else "lowest"
    if scores.count(scores[best_index]) > 1:
        word = f"first {word}"
    return f"{move}, the {word}"


#: The guide's steps that show call #1's test-plays 1, 2 and 3 (figures 6, 7 and 8), each
#: after a review (step 18); and those that move its for-loop on after test-plays 1 and 2.
REVIEW_STEPS = (19, 21, 23)
MOVES_ON = (20, 22)
#: Where the log names a figure of the guide (``figure   9: ...``), aligned as the step tags.
FIGURE_TAG = f"{'figure':<9}"


class _Phrases:
    """Text for each row and move, made once and reused by every call that meets them: the empty
    board's 549,946 calls visit only 5,478 positions, so this is what makes the full log fast."""

    def __init__(self, trace: Trace):
        self.trace = trace
        self.game: GameWords
        self.search: SearchWords
        self.game, self.search = for_trace(trace)
        self.p = trace.positions
        self.opening: dict[int, str] = {}
        self.closing: dict[int, str] = {}
        self.heads: dict[tuple[int, int], str] = {}
        self.returned = self.game.returned
        self.updates: dict[int, list[str]] = {}

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
                lines.append(f"{pad}{tag(9)}{game.terminal_sentence(state, code)}: "
                             f"return {self.returned(None, p.score[pid])}\n")
            text = self.opening[pid] = self.search_open(pid, pad, lines)
        return text

    def search_open(self, pid: int, pad: str, lines: list[str]) -> str:
        """Steps 8 and 9 with what the search and the game add (nothing for the guide's)."""
        answered = self.search.answered(pid)
        if answered is not None:  # a call answered without its steps (a cache hit)
            return note_lines(pad, [answered])
        p = self.p
        notes = self.game.terminal_notes(p.state[pid], p.terminal[pid], p.depth[pid]) if p.terminal[pid] else []
        return note_lines(pad, self.search.entry_notes(pid)) + "".join(lines) + note_lines(pad, notes)

    def after(self, parent: int, index: int) -> str:
        """What the search says after the parent's test-play ``index`` (alpha-beta: a window
        update, a cut)."""
        notes = self.updates.get(parent)
        if notes is None:
            pad = INDENT * (self.p.depth[parent] + 1)
            notes = self.updates[parent] = [note_lines(pad, n) for n in self.search.after_notes(parent)]
        return notes[index] if index < len(notes) else ""

    def close(self, pid: int) -> str:
        """Steps 14 to 17 of a call that test-played."""
        text = self.closing.get(pid)
        if text is None:
            game, p = self.game, self.p
            state = p.state[pid]
            c = Call(self.trace, 0, p.depth[pid], None, None, pid)
            pad = INDENT * (c.depth + 1)
            scores = [t.score for t in c.test_plays]
            shown = ", ".join(bounded(p.score[child], self.search.bound_sign(child)) for _, child in p.children(pid))
            best = c.best_index or 0
            who = f"{game.player(state)} is {game.role(state)}"
            how = "max" if c.maximising else "min"
            why = pick_words(c.maximising, scores, best, game.move_short(c.best or 0),
                             len(self.search.skipped(pid)))
            # A cut call's pick is only a bound: step 16 says so, as the page and figures do.
            sign = self.search.bound_sign(pid)
            picked = bounded(c.score, sign) + (" (only a bound)" if sign else "")
            text = self.closing[pid] = (
                f"{pad}{tag(14)}for-loop done: find {game.player(state)}'s best test-play\n"
                f"{pad}{tag(15)}bestTestPlay = null\n"
                f"{pad}{tag(16)}{who}, so {how}({shown}) = "
                f"{picked}: bestTestPlay = {best} ({why})\n"
                f"{pad}{tag(17)}return allTestPlayInfos[{best}] = {self.returned(c.best, c.score)}"
                f"{self.bound_note(pid)}\n"
            )
        return text

    def bound_note(self, pid: int) -> str:
        """After a score that is only a bound (alpha-beta's cut): what it says of the truth."""
        sign = self.search.bound_sign(pid)
        if not sign:
            return ""
        return (f" (only a bound, {bounded(self.p.score[pid], sign)}: the true score is "
                f"{'at most' if sign == '≤' else 'at least'} {signed(self.p.score[pid])})")

    def save(self, parent: int, edge: int) -> str:
        """The caller's step 12 after its test-play ``edge`` returns: the info saved, the
        move undone, and ``allTestPlayInfos`` so far."""
        p, game = self.p, self.game
        pad = INDENT * (p.depth[parent] + 1)
        first = p.first_edge[parent]
        shown = folded(range(first, edge + 1))
        infos = ", ".join(e if isinstance(e, str) else self.returned(p.edge_move[e], p.score[p.edge_child[e]])
                          for e in shown)
        move = p.edge_move[edge]
        undo = game.undo_text(move)
        return (
            f"{pad}{tag(12)}saved {self.returned(move, p.score[p.edge_child[edge]])}"
            f"{self.bound_note(p.edge_child[edge])}; "
            f"{undo + '; ' if undo else ''}allTestPlayInfos = [{infos}]\n"
        )

    def next_move(self, parent: int, edge: int) -> str:
        """Step 13 after test-play ``edge`` of ``parent``: the loop's next move, if any."""
        p = self.p
        if edge + 1 >= p.first_edge[parent] + p.edge_count[parent]:
            return ""
        pad = INDENT * (p.depth[parent] + 1)
        return f"{pad}{tag(13)}{self.game.next_text(p.edge_move[edge + 1])}\n"

    def ending(self) -> str:
        """The lines after the last call: the result, the answer in words, the search's summary."""
        trace = self.trace
        result = self.returned(trace.result.index, trace.result.score)
        summary = self.search.summary()
        return (f"\nResult: {result} after {calls(trace.calls)}.\n" + conclusion(trace)
                + (f"{capitalised(summary)}.\n" if summary else ""))

    def answer(self) -> str:
        """Steps 24 and 25: the first call's return value kept in bestPlayInfo, and used; after
        each, the figure the guide shows there (9, the overview; 10, the final board)."""
        root = self.trace.root
        text = f"{tag(24)}bestPlayInfo = {self.returned(root.best, root.score)}\n"
        if root.best is None:
            return text + f"{tag(25)}bestPlayInfo has no index: the game is over, no move to play\n"
        text += f"{FIGURE_TAG}9: the overview of all test-plays and their scores\n"
        text += f"{tag(25)}{self.game.answer_text(root.state, root.best)}\n"
        if self.game.guide_figure(self.trace, 10) is not None:
            text += (f"{FIGURE_TAG}10: the final board, after {self.game.player(root.state)} plays "
                     f"{self.game.move_short(root.best)}\n")
        return text

    def before_first_play(self) -> str:
        """Before call #1's first test-play: the guide's figures 4 and 5 (its board with the
        for-loop's cell in red, and the board after the test-play), where the game has them."""
        game, root = self.game, self.trace.root
        first = root.children()[0].move or 0
        lines = []
        # Own words, with no "#": the log's only "#N" are its calls (tools count them).
        if game.guide_figure(self.trace, 4) is not None:
            lines.append(f"{INDENT}{FIGURE_TAG}4: the first call's board, its for-loop's first test-play "
                         f"({game.move_short(first)}) in red\n")
        if game.guide_figure(self.trace, 5) is not None:
            lines.append(f"{INDENT}{FIGURE_TAG}5: the new board, {game.move_phrase(root.state, first)}, "
                         f"the new mark in red\n")
        return "".join(lines)

    def review(self, index: int) -> str:
        """After call #1's test-play ``index`` (0-based) is saved: the guide's review (step 18)
        and its figure (steps 19, 21, 23: figures 6, 7, 8), then, before the next test-play,
        step 20 or 22 (the first for-loop moves on)."""
        if index >= len(REVIEW_STEPS):
            return ""
        p, root = self.p, self.trace.root
        call = root.children()[index]
        count = p.edge_count[0]
        figure = self.game.prediction(call.state, p.terminal[call.pid], call.score,
                                      self.search.bound_word(call))
        text = (f"{INDENT}{tag(18)}review: the first call's test-play {index + 1} of {count} is done\n"
                f"{INDENT}{tag(REVIEW_STEPS[index])}figure {6 + index}: test-play {index + 1}, "
                f"{self.game.move_phrase(root.state, call.move or 0)}: {figure}\n")
        if index < len(MOVES_ON) and index + 1 < count:
            text += f"{INDENT}{tag(MOVES_ON[index])}the first for-loop moves on to its next test-play\n"
        return text


def write_log(trace: Trace, out: TextIO, progress: Callable[[int], object] | None = None,
              progress_every: int = 65536) -> None:
    """Write the whole recursion log of ``trace`` to ``out``, streaming in constant memory;
    ``progress(calls_done)`` is called about every ``progress_every`` calls."""
    out.write(shown(header(trace)))  # a trace's words may come from a learner's program
    # A search that is not the guide's algorithm (a learner's program) narrates its own
    # calls; the walk, the numbering and the layout stay the log's.
    phrases: Any = for_trace(trace)[1].narration() or _Phrases(trace)
    chunk = ["#1", shown(phrases.head(0, -1, -1) + phrases.open(0))]
    if trace.positions.edge_count[0]:
        _write_calls(trace, phrases, out, chunk, progress, progress_every)
        chunk.append(shown(phrases.close(0)))
    chunk.append(shown(phrases.answer()))
    out.write("".join(chunk))
    out.write(shown(phrases.ending()))
    if progress is not None:
        progress(trace.calls)


def _write_calls(trace: Trace, phrases: Any, out: TextIO, chunk: list[str],
                 progress: Callable[[int], object] | None, progress_every: int) -> None:
    """Write the entries of every test-play below the first call, in call order, through ``chunk``
    (written out whenever it grows long). A stack, not recursion: a learner's runaway search
    is thousands of calls deep."""
    p = trace.positions
    first_edge, edge_count, edge_child = p.first_edge, p.edge_count, p.edge_child
    enter, leave, prefix, texts = _edge_texts(phrases)
    append = chunk.append
    next_report = progress_every
    nxt = 2
    # Frames: [next edge, end of the row's edges, row, the edge that led here (-1 at the top)].
    stack = [[first_edge[0], first_edge[0] + edge_count[0], 0, -1]]
    while stack:
        frame = stack[-1]
        edge, end, pid = frame[0], frame[1], frame[2]
        if edge < end:
            frame[0] = edge + 1
            if edge not in enter:
                texts(pid, edge)
            append(prefix[edge])
            append(str(nxt))
            append(enter[edge])
            nxt += 1
            child = edge_child[edge]
            if edge_count[child]:
                start = first_edge[child]
                stack.append([start, start + edge_count[child], child, edge])
            continue
        stack.pop()
        if len(chunk) > 30000:
            out.write("".join(chunk))
            chunk.clear()
            if progress is not None and nxt >= next_report:
                progress(nxt - 1)
                next_report = nxt + progress_every
        if frame[3] >= 0:
            append(leave[frame[3]])


def _edge_texts(phrases: Any) -> tuple[dict[int, str], dict[int, str], dict[int, str], Callable[[int, int], None]]:
    """The log's text per test-play (edge), filled in on first use by the returned ``texts``: all
    but the child's call number, as ``prefix`` (indent and ``#``), ``enter`` (the child's opening;
    a terminal child's whole entry) and ``leave`` (the caller's lines after it returns)."""
    p = phrases.p
    first_edge, edge_count, edge_child = p.first_edge, p.edge_count, p.edge_child
    enter: dict[int, str] = {}
    leave: dict[int, str] = {}
    prefix: dict[int, str] = {}

    def texts(parent: int, edge: int) -> None:
        """Fill in the three texts of test-play ``edge`` of row ``parent``."""
        child = edge_child[edge]
        prefix[edge] = INDENT * p.depth[child] + "#"
        enter[edge] = phrases.head(child, parent, p.edge_move[edge]) + phrases.open(child)
        # Call #1's test-plays: the guide's figures and reviews around them (steps 18-23).
        guide = isinstance(phrases, _Phrases)  # a learner's own narration has no guide figures
        first = guide and parent == 0 and edge == first_edge[0]
        review = phrases.review(edge - first_edge[0]) if guide and parent == 0 else ""
        if first:
            prefix[edge] = phrases.before_first_play() + prefix[edge]
        leave[edge] = ((phrases.close(child) if edge_count[child] else "")
                       + phrases.save(parent, edge) + phrases.after(parent, edge - first_edge[parent])
                       + review + phrases.next_move(parent, edge))
        if not edge_count[child]:
            enter[edge] += leave[edge]
        if not guide:  # a learner's narration quotes their program: each piece escaped once, as made
            prefix[edge], enter[edge], leave[edge] = shown(prefix[edge]), shown(enter[edge]), shown(leave[edge])

    return enter, leave, prefix, texts


def render_log(trace: Trace) -> str:
    """The recursion log as one string (for small traces and tests)."""
    buffer = io.StringIO()
    write_log(trace, buffer)
    return buffer.getvalue()


def step_lines(trace: Trace, call: Call) -> dict[str, str]:
    """The log's own lines for ``call``, by step number (``'9'``, ``'16'``, ``'17'``), unindented:
    for renderers that explain one call in the log's words (the quiz)."""
    phrases = _Phrases(trace)
    text = phrases.open(call.pid) + (phrases.close(call.pid) if call.children() else "")
    lines: dict[str, str] = {}
    for line in text.splitlines():
        step, _, rest = line.strip().removeprefix("step").strip().partition(" ")
        lines[step] = rest.strip()
    return lines
