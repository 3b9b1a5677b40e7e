"""One learner search held against the guide's minimax: its verdict and what explains it.

**identical**: the guide's calls, in the guide's order; **correct**: no departure, but the
order, the tie-breaking, the scale, the point of view or a sound shortcut differs; **wrong**:
a departure (see departure.py); **error**: it raised, or ran past the time or call limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...games.tictactoe.board import Board
from ...games.tictactoe.game import TicTacToe
from ...search.minimax import search as guide_search
from ..presenting.words import Words, board9
from ..running.record import CALL_LIMIT, KILLED, TIME_LIMIT
from ..values.calls import LOOP, LearnerSearch
from ..values.reading import Cells
from .alphabeta_mistakes import AlphaBetaCheck, check_alphabeta
from .departure import Departure, walk
from .mistakes import SOUND, Mistake, matching_mistakes
from .scales import CorrectValues, Scale, finished, infer, winner
from .windows import Windows

IDENTICAL, CORRECT, WRONG, ERROR = "identical", "correct", "wrong", "error"
#: Each sound shortcut as a difference: its ``Shortcuts`` field, its id, what it says of its ``{calls}``.
SHORTCUT_WORDS = (
    ("cuts", "alpha-beta", "it prunes: {calls} returned without test-playing every empty cell, and every "
                           "value it returned is right for the window (α, β) it was called with"),
    ("stops", "stops-at-best", "{calls} returned as soon as a test-play reached a win for the side to move, "
                               "the best score possible there, without test-playing the cells after it"),
    ("repeats", "re-searches", "it searches a board again: {calls} searched its caller's board unchanged (for "
                               "instance the first board's score, then its moves), and returned that board's score"),
    ("remembered", "remembers", "it remembers scores: {calls} returned, without test-playing a cell, the score "
                                "an earlier call found for the same board (a cache or a memo)"),
)
SHORTCUTS = tuple(what for _, what, _ in SHORTCUT_WORDS)


@dataclass
class LearnerError:
    """The learner's own error (or a limit it ran past), and the call it happened in, if any."""

    #: ``raised``, ``time-limit``, ``call-limit`` or ``killed`` (past the time limit outside
    #: the search, so the host could not stop it itself).
    kind: str
    type: str
    message: str
    line: int | None
    call: int | None = None
    cells: Cells | None = None
    to_move: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "type": self.type, "message": self.message, "line": self.line,
                "call": self.call, "board": board9(self.cells) if self.cells else None,
                "to_move": self.to_move}


@dataclass
class Difference:
    """How a correct search differs from the guide's, with the first call that shows it."""

    #: ``order``, ``tie-breaking``, ``score scale``, ``point of view``, or a SHORTCUT_WORDS id.
    what: str
    text: str
    call: int | None = None


@dataclass
class SearchCheck:
    """The verdict on one search."""

    search: LearnerSearch
    scale: Scale
    verdict: str
    calls: int
    guide_calls: int
    departure: Departure | None = None
    error: LearnerError | None = None
    #: The known mistakes that make exactly these calls (mistakes.py), and the first of them.
    mistake: Mistake | None = None
    candidates: list[Mistake] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)
    #: How many finished boards the program scored: what its scale was read from (0: assumed).
    samples: int = 0
    #: The guide's minimax's move (None: a finished board) and score from the same position.
    guide_answer: tuple[int | None, int] | None = None
    alphabeta: AlphaBetaCheck | None = None
    #: Each call's window, where the calls take one, and what a correct search returns on any
    #: board: the outputs show a window, and a value that is only a bound.
    windows: Windows | None = None
    correct: CorrectValues | None = None

    @property
    def ok(self) -> bool:
        return self.verdict in (IDENTICAL, CORRECT)

    @property
    def ai(self) -> str:
        return self.scale.ai if self.scale.view == "ai" else self.search.root_mover


@dataclass
class Settings:
    """What the user fixed: the AI's mark and the scores (None: inferred)."""

    ai: str | None = None
    scores: Scale | None = None
    limit_kind: int = 0
    #: The program's AI as far as known, and the point of view its first search was read with:
    #: preferred where a small search's finished boards fit several scales.
    prefer_ai: str | None = None
    prefer_view: str | None = None


def terminal_samples(search: LearnerSearch) -> list[tuple[str | None, int, str, float]]:
    """The program's finished boards and what it scored them: what its scale is read from."""
    out = []
    seen: set[int] = set()
    stack = [search.root]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        kids = search.children(node)
        stack.extend(kids)
        cells = search.cells(node)
        if kids or cells is None or not finished(cells) or node == LOOP:
            continue
        score = search.returned(node).score
        if score is not None and score == score and abs(score) != float("inf"):
            out.append((winner(cells), search.depth_of(cells), search.mover(node), score))
    out.sort(key=lambda sample: sample[1])
    return out


def check_search(search: LearnerSearch, settings: Settings) -> SearchCheck:
    """Hold ``search`` against a correct one, then against the guide's."""
    cells = search.root_cells
    samples = terminal_samples(search)
    scale = infer(samples, search.root_mover, settings.ai, settings.scores, settings.prefer_ai, settings.prefer_view)
    if search.loop is not None:
        scale = replace(scale, origin=1)
    fn = search.search_fn
    returns = search.reader.shapes[fn].returns if fn is not None else "number"
    words = Words(scale, returns)
    result = SearchCheck(search, scale, IDENTICAL, search.calls, 0, samples=len(samples))
    guide = guide_trace(cells, search.root_mover, result.ai) if cells else None
    if guide is not None:
        result.guide_calls, result.guide_answer = guide.calls, (guide.result.index, guide.result.score)
    if cells is None:
        result.verdict = WRONG
        result.departure = walk(search, CorrectValues(scale, 0), words)[0]
        return result
    correct = CorrectValues(scale, sum(1 for c in cells if c is not None), (cells, search.root_mover))
    windows = Windows(search, scale)
    result.departure, shortcuts = walk(search, correct, words, windows)
    result.windows, result.correct = (windows if windows.found else None), correct
    result.error = learner_error(search, settings.limit_kind)
    if result.error is not None:
        result.verdict = ERROR
    elif result.departure is not None:
        result.verdict = WRONG
    else:
        result.differences = differences(search, scale, correct) + [
            Difference(what, text.format(calls=_calls_text(calls)), min(calls))
            for name, what, text in SHORTCUT_WORDS if (calls := getattr(shortcuts, name))]
        result.verdict = CORRECT if result.differences else IDENTICAL
    result.alphabeta = check_alphabeta(search, scale, windows)
    found = result.alphabeta.mistakes if result.alphabeta is not None else []
    # Tracer's alpha-beta, or one of its named mistakes, is not also a minimax mistake.
    if result.verdict != IDENTICAL and not (result.alphabeta is not None and (result.alphabeta.exact or found)):
        found = found + matching_mistakes(search, scale)
    # A correct search is named by the sound variant its calls fit, if one does.
    result.candidates = sorted(found, key=lambda m: m.id not in SOUND) if result.ok else found
    result.mistake = result.candidates[0] if result.candidates else None
    return result


def guide_trace(cells: Cells, to_move: str, ai: str) -> Any:
    """The guide's minimax from a position, as a Trace."""
    return guide_search(TicTacToe(Board(board9(cells)), to_move, ai))  # type: ignore[arg-type]


def learner_error(search: LearnerSearch, limit_kind: int) -> LearnerError | None:
    """The error the search stopped with, placed in the call it happened in: the deepest
    call still raising (or still running when the program was stopped)."""
    node, number = search.root, 1
    if search.raised(node) is None and not search.unfinished(node):
        return None
    while True:
        following, child_number = None, number + 1
        for kid in search.children(node):
            if search.raised(kid) is not None or search.unfinished(kid):
                following = kid
                break
            child_number += search.size(kid)
        if following is None:
            break
        node, number = following, child_number
    cells = search.cells(node)
    to_move = search.mover(node) if cells is not None else None
    raised = search.raised(node)
    if raised is not None:
        return LearnerError("raised", str(raised.get("type", "Error")), str(raised.get("message", "")),
                            raised.get("line"), number, cells, to_move)
    kind = {CALL_LIMIT: "call-limit", TIME_LIMIT: "time-limit", KILLED: "killed"}.get(limit_kind, "killed")
    return LearnerError(kind, kind, "", None, number, cells, to_move)


def differences(search: LearnerSearch, scale: Scale, correct: CorrectValues) -> list[Difference]:
    """How a search with no departure differs from the guide's (empty: identical)."""
    found: list[Difference] = []
    if scale.view != "ai":
        found.append(Difference("point of view", f"its scores are {scale.view_text()}"))
    if (scale.win, scale.loss, scale.draw, scale.per_move) != (1, -1, 0, 0):
        found.append(Difference("score scale", f"it scores {scale.values_text()} (the guide: ±1, 0 for a draw)"))
    order_call, tie_call = _order_and_ties(search, correct)
    if order_call is not None:
        found.append(Difference("order", f"it tries the empty cells in another order than the guide's "
                                f"ascending one (first at call #{order_call[0]}: {order_call[1]})",
                                order_call[0]))
    if tie_call is not None:
        found.append(Difference("tie-breaking", f"of equally good test-plays it keeps another than "
                                f"the first (first at call #{tie_call[0]}: cell {tie_call[1]} where the "
                                f"guide keeps cell {tie_call[2]})", tie_call[0]))
    return found


def _calls_text(numbers: list[int]) -> str:
    ordered = sorted(numbers)
    if len(ordered) == 1:
        return f"call #{ordered[0]}"
    return f"{len(ordered):,} calls (the first #{ordered[0]})"


def _order_and_ties(search: LearnerSearch, correct: CorrectValues) -> tuple[Any, Any]:
    order_call = tie_call = None
    stack: list[tuple[int, int]] = [(search.root, 1)]
    seen: set[int] = set()
    while stack and (order_call is None or tie_call is None):
        node, number = stack.pop()
        kids = search.children(node)
        cells = search.cells(node)
        if node in seen or cells is None:
            continue
        seen.add(node)
        tried: list[int] = []
        got: dict[int, float | None] = {}  # what each test-play's call returned, as the program saw it
        for kid in kids:
            kid_cells = search.cells(kid)
            if kid_cells is not None:
                new = [i for i in range(9) if cells[i] is None and kid_cells[i] is not None]
                tried.extend(new)
                got.update((i, search.returned(kid).score) for i in new)
        if order_call is None and tried != sorted(tried):
            order_call = (number, ", ".join(map(str, tried)))
        move = search.returned(node).move
        if tie_call is None and kids and move is not None:
            mover = search.mover(node)
            values = correct.child_values(cells, mover)
            value = correct.value(cells, mover)
            best = [c for c in tried if values.get(c) == value]
            # A tie only where the program saw one: an alpha-beta's earlier test-play may have
            # returned a bound, not its score, and then keeping a later one is no tie-break.
            if best and move != best[0] and move in best and got.get(best[0]) == got.get(move):
                tie_call = (number, move, best[0])
        child_number, numbered = number + 1, []
        for kid in kids:
            numbered.append((kid, child_number))
            child_number += search.size(kid)
        stack.extend(reversed(numbered))  # popped in call order
    return order_call, tie_call
