"""What each game and each search adds to the step-through page's story, told in Python.

The page's game modules (``tracer/viewer/games/*.js``) fill each row's own slots (its
state, a finished game's sentence, a won board's lines) and list the moves step 8
names; its search modules (``tracer/viewer/searches/*.js``) add their notes to a step
(alpha-beta's window and cuts, negamax's negations, memo's cache hits, a learner's
program's changes, error and departure). This module writes the same out again from the
words plug-ins and the trace's rows, one table entry per page module, so that
``tests/page_steps.py`` can tell every step without the viewer's JavaScript. A game or a
search with no module of its own (the heaps game and counting minimax in
``tests/test_plugins.py``) gets the neutral entries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tracer.explain.alphabeta import bound_text
from tracer.explain.base import GameWords, SearchWords
from tracer.explain.text import signed
from tracer.games.learner.game import AT_RETURN
from tracer.search.negamax import negated_scores
from tracer.trace import Trace

#: The kinds of step in one call, in order (``tracer/viewer/viewer.js`` numbers them alike):
#: it begins (the guide's step 7 or 11), lists its moves (8), checks for the end (9-10);
#: then, for each move, places it (11) and saves the score its call returned (12); then
#: it picks the best (15-16) and returns (17). A finished game returns at its check.
BEGIN, EMPTY, CHECK, PLACE, SAVE, CHOOSE, RETURN = range(7)
KINDS = ("begin", "empty", "check", "place", "save", "choose", "return")

#: A sentence before it is filled: a template's key and its slots.
Told = tuple[str, dict[str, Any]]


@dataclass
class Frame:
    """One running call at a step: its row, its number and the move that reached it."""

    pid: int
    call: int
    move: int


@dataclass
class Step:
    """One step of the page: what happens (``kind``), the calls running (the first call
    first), for a test-play placed or saved which one (``j``), and the last call begun."""

    n: int
    kind: int
    frames: list[Frame] = field(default_factory=list)
    j: int = -1
    last_begun: int = 1

    @property
    def top(self) -> Frame:
        """The running call."""
        return self.frames[-1]

    @property
    def parent(self) -> Frame | None:
        """Its caller, None for the first call."""
        return self.frames[-2] if len(self.frames) > 1 else None


# ---- the games: each row's own slots and the moves step 8 lists --------------------------

def plain_slots(words: GameWords, trace: Trace, pid: int) -> dict[str, str]:
    """The state described and a finished game's sentence (the page's rows, with no module)."""
    state, terminal = trace.positions.state[pid], trace.positions.terminal[pid]
    return {"state": words.describe(state),
            "terminal": words.terminal_sentence(state, terminal) if terminal else ""}


def tictactoe_slots(words: GameWords, trace: Trace, pid: int) -> dict[str, str]:
    """The board in one line and, for a won board, its lines of cells: ``2, 4, 6``."""
    state, terminal = trace.positions.state[pid], trace.positions.terminal[pid]
    slots = {"state": words.describe(state)}
    lines = trace.game.winning_lines(state, terminal) if terminal else []
    if lines:
        slots["lines"] = words.phrases().templates["lines.join"].join(", ".join(map(str, line)) for line in lines)
    return slots


def tree_slots(words: GameWords, trace: Trace, pid: int) -> dict[str, str]:
    """The node's label and its description (``node B``, ``leaf B.1``)."""
    state = trace.positions.state[pid]
    return {"label": trace.game.label(state), "state": words.describe(state)}


def learner_slots(words: GameWords, trace: Trace, pid: int) -> dict[str, str]:
    """A learner's call: its board, a finished call's sentence, what its check found, what it tried."""
    return words.row_slots(trace.positions.state[pid], trace.positions.terminal[pid])


def game_moves(words: GameWords, trace: Trace, pid: int) -> list[int]:
    """The state's moves, in the loop's order."""
    return list(trace.game.moves(trace.positions.state[pid]))


def learner_moves(words: GameWords, trace: Trace, pid: int) -> list[int]:
    """The empty cells of the call's own board, ascending."""
    return words.empty_cells(trace.positions.state[pid])


RowSlots = Callable[[GameWords, Trace, int], dict[str, str]]
StepMoves = Callable[[GameWords, Trace, int], list[int]]

#: By the game's page module: its rows' own slots and its step 8's moves.
GAMES: dict[str | None, tuple[RowSlots, StepMoves]] = {
    None: (plain_slots, game_moves),
    "nim": (plain_slots, game_moves),
    "tictactoe": (tictactoe_slots, game_moves),
    "tree": (tree_slots, game_moves),
    "learner": (learner_slots, learner_moves),
}


# ---- the searches: what each adds to a step --------------------------------------------

def no_notes(search: Any, step: Step) -> list[Told]:
    return []


def window_bound(value: float, low: bool) -> str:
    """A bound of a window as the page writes it: ``-∞``, ``+∞``, ``+1``."""
    return bound_text(None if value in (float("inf"), float("-inf")) else value, low)


def alphabeta_notes(search: Any, step: Step) -> list[Told]:
    """The window a call begins with; after a test-play is saved, the cut it makes, or the
    change of the window and why a ``gt`` cutoff searches on."""
    pid = step.top.pid
    if step.kind == BEGIN:
        alpha, beta = search.window(pid)
        return [("ab.begin", {"window": search.phrases().say(
            "ab.window", alpha=window_bound(alpha, True), beta=window_bound(beta, False))})]
    if step.kind != SAVE:
        return []
    alpha, beta, cut, _best = search.window_after(pid, step.j + 1)
    before_alpha, before_beta, _, _ = search.window_after(pid, step.j)
    if cut:
        return [("ab.cut", {"reason": search.cut_words(pid, step.j + 1)})]
    told: list[Told] = []
    if alpha != before_alpha:
        told.append(("ab.alpha", {"before": window_bound(before_alpha, True), "after": window_bound(alpha, True)}))
    elif beta != before_beta:
        told.append(("ab.beta", {"before": window_bound(before_beta, False), "after": window_bound(beta, False)}))
    no_cut = search.no_cut_words(pid, step.j + 1)
    if no_cut:
        told.append(("ab.nocut", {"reason": no_cut}))
    return told


def negamax_notes(search: Any, step: Step) -> list[Told]:
    """The mover's score of a finished game, each saved score negated or not, and the pick."""
    pid, p = step.top.pid, search.trace.positions
    if step.kind == CHECK and p.terminal[pid]:
        score, mover = p.score[pid], search.mover_score(pid)
        return [("negamax.over.negated" if mover != score else "negamax.over.same",
                 {"player": search.player(pid), "signed": signed(score), "mover": signed(mover)})]
    if step.kind == SAVE:
        child = p.children(pid)[step.j][1]
        mover = search.mover_score(child)
        return [("negamax.save.negated" if search.flips(pid, child) else "negamax.save.same",
                 {"player": search.player(pid), "child_player": search.player(child), "mover": signed(mover),
                  "negated": signed(-mover)})]
    if step.kind == CHOOSE:
        values = negated_scores(search.trace, pid)
        return [("negamax.choose", {"player": search.player(pid), "values": ", ".join(map(signed, values)),
                                    "best": signed(search.mover_score(pid)), "signed": signed(p.score[pid])})]
    return []


def memo_notes(search: Any, step: Step) -> list[Told]:
    """A cache hit, once its call has begun: the lookup, then the return of what it found."""
    pid = step.top.pid
    source = search.source(pid)
    if source is None or step.kind == BEGIN:
        return []
    returned = search.game_words.returned(search.answer_move(pid), search.trace.positions.score[pid])
    return [("memo.hit" if step.kind == EMPTY else "memo.hit.return", {"source": source, "returned": returned})]


def learner_untold(search: Any, step: Step) -> bool:
    """Whether ``step`` comes after the program's error: the calls still running did not go on."""
    error = search.facts.error_call
    return error is not None and step.last_begun >= error and all(f.call != error for f in step.frames)


def ends(search: Any, step: Step) -> bool:
    """Whether the running call ends at ``step``: its return, or its check when it tried nothing."""
    return step.kind == RETURN or (step.kind == CHECK and not search.trace.positions.edge_count[step.top.pid])


def departs_at(search: Any, step: Step) -> bool:
    """Whether the first departure happens at ``step``: as the departing call begins, or as it ends."""
    d = search.departure
    if d is None or step.top.call != d.call:
        return False
    return step.kind == BEGIN if d.when != AT_RETURN else ends(search, step)


def after_departure(search: Any, step: Step) -> bool:
    """Whether ``step`` comes after the first departure."""
    d = search.departure
    if d is None or search.departing_row() is None:
        return False
    if d.when != AT_RETURN:
        return step.last_begun > d.call or (step.last_begun == d.call and not departs_at(search, step))
    return step.last_begun >= d.call and all(f.call != d.call for f in step.frames)


def learner_notes(search: Any, step: Step) -> list[Told]:
    """What a test-play changed on the board, the window a call was given, the program's error
    where its call ends and a line on every step after it, the first departure where it
    happens and a line on every step after it, and the verdict as call #1 ends."""
    p, top = search.trace.positions, step.top
    notes: list[Told] = []
    if step.kind == PLACE:
        move = p.moves(top.pid)[step.j]
        notes.append(("learner.change", {"change": search.game_words.change(p.state[top.pid], move)}))
    window = search.window(top.pid)
    if step.kind == BEGIN and window:
        notes.append(("learner.window", {"window": window}))
    if ends(search, step) and top.call == search.facts.error_call:
        notes.append(("learner.error", {}))
    elif learner_untold(search, step):
        notes.append(("learner.after_error", {"call": top.call}))
    if departs_at(search, step):
        notes += [("learner.departs", {}), ("learner.guide", {})]
    elif after_departure(search, step):
        notes.append(("learner.after", {}))
    if ends(search, step) and step.parent is None:
        notes += [("learner.verdict", {}), ("learner.guide", {})]
    return notes


def never_untold(search: Any, step: Step) -> bool:
    return False


Notes = Callable[[Any, Step], list[Told]]
Untold = Callable[[Any, Step], bool]

#: By the search's page module: its notes at a step, and whether a step tells only those
#: notes (a learner's program that raised: its running calls did not go on).
SEARCHES: dict[str | None, tuple[Notes, Untold]] = {
    None: (no_notes, never_untold),
    "alphabeta": (alphabeta_notes, never_untold),
    "negamax": (negamax_notes, never_untold),
    "memo": (memo_notes, never_untold),
    "learner": (learner_notes, learner_untold),
}


def for_search(search: SearchWords) -> tuple[Notes, Untold]:
    """The notes and the untold rule of ``search``'s page module."""
    return SEARCHES[search.page_module]


def for_game(words: GameWords) -> tuple[RowSlots, StepMoves]:
    """The row slots and step 8's moves of ``words``' page module."""
    return GAMES[words.page_module]
