"""Known mistakes, planted one at a time in a reference search, to name what a learner did.

Each is a small change to the guide's algorithm (a reset left out, max and min swapped, ...)
run from the learner's position under the learner's scale; it is named only when every call
matches the learner's (board, side to move, score, chosen cell), never from the source.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..values.calls import LOOP, LearnerSearch
from ..values.reading import Cells
from .scales import Scale, has_line, other

INF = float("inf")


@dataclass(frozen=True)
class Mistake:
    """A known mistake: its id, the variant planted, and how the report says it."""

    id: str
    variant: str
    #: One plain sentence, with the guide's step number.
    sentence: str


MISTAKES: tuple[Mistake, ...] = (
    Mistake("board-not-restored", "listed",
            "A test-play's mark is not taken back, so the next test-play starts from a board that "
            "still holds it: step 12 empties the cell again once the test-play's call returns."),
    Mistake("board-not-restored", "scanned",
            "A test-play's mark is not taken back, so later test-plays see a board that still holds "
            "the earlier ones: step 12 empties the cell again once its call returns."),
    Mistake("same-mark-recursion", "",
            "The recursive call passes the same mark: at step 11 the call on the new board gets the "
            "other player's mark (the human's after the AI's test-play, the AI's after the human's)."),
    Mistake("human-win-unchecked", "",
            "Only the AI's win is checked: step 9 first asks whether the human has three in a row "
            "(the AI's loss), so a board the human has already won is never played on."),
    Mistake("draw-before-win", "",
            "The full-board check comes before the win checks: step 9 checks the human's win, then "
            "the AI's, and only then a full board, so a board filled by a winning move is a win, not "
            "a draw."),
    Mistake("max-min-swapped", "",
            "Max and min are swapped: at step 16 the AI keeps its highest test-play and the human "
            "its lowest, not the other way round."),
    Mistake("missing-cell", "first",
            "The loop over the empty cells misses the first one: step 10's for-loop starts with the "
            "first empty cell step 8 found."),
    Mistake("missing-cell", "last",
            "The loop over the empty cells misses the last one: step 10's for-loop goes on up to the "
            "last empty cell step 8 found."),
    Mistake("missing-cell", "cell-8",
            "The list of empty cells never holds cell 8 (a range that stops at 8, not 9): step 8 lists "
            "every empty cell from 0 to 8, so cell 8 is never test-played, and a board whose only empty "
            "cell is 8 is taken for a full board and scored a draw."),
    Mistake("best-init", "",
            "The running best starts at 0 instead of beyond every score: at step 16 the AI's best "
            "starts below any score and the human's above any, so a test-play is always kept; from 0, "
            "a call whose test-plays all score worse than 0 keeps none."),
    Mistake("returns-last", "",
            "It returns the last test-play instead of the best: step 17 returns the test-play step 16 "
            "chose."),
    Mistake("last-best", "",
            "Ties keep the last best test-play (a >= or <= comparison): step 16 replaces its choice "
            "only on a strictly better "
            "score, so of equal scores the first stays."),
    # Beyond the list: a shortcut some programs take on purpose (a pruning of sorts).
    Mistake("stops-at-win", "",
            "It stops at the first test-play that wins for the side to move: step 10's for-loop "
            "test-plays every empty cell, even after a win is found."),
)

#: Variants that keep every score right: the name a correct search is given when its calls fit
#: one of these and a mistake alike.
SOUND = ("last-best", "stops-at-win", "window-not-passed")  # the last: see alphabeta_mistakes.py

#: Mistakes that only make sense where scores are the AI's (the guide's view).
AI_VIEW_ONLY = ("human-win-unchecked", "max-min-swapped")


@dataclass(eq=False)
class Planted:
    """One call of the reference search with a mistake planted."""

    cells: Cells
    told: str
    score: float
    move: int | None
    children: list[Planted] = field(default_factory=list)
    #: No test-play was kept (best-init, or a loop that tried nothing): the guide's JavaScript
    #: returns nothing, a program that returns its running best that.
    no_best: bool = False


class _Reference:
    """The guide's algorithm with one mistake planted, under a learner's scale."""

    def __init__(self, mistake: Mistake, scale: Scale, root_marks: int):
        self.m = mistake
        self.scale = scale
        self.root_marks = root_marks
        self.memo: dict[tuple[Cells, str], Planted] = {}
        self.calls = 0

    def run(self, cells: Cells, mover: str) -> Planted:
        if self.m.id == "board-not-restored":
            return self.call(list(cells), mover)
        return self.pure(cells, mover)

    def pure(self, cells: Cells, told: str) -> Planted:
        if (cells, told) not in self.memo:
            self.memo[(cells, told)] = self.call(list(cells), told)
        return self.memo[(cells, told)]

    def terminal(self, board: list[str | None], told: str) -> float | None:
        """Step 9 as the mistake has it; None if the game goes on."""
        s, m = self.scale, self.m.id
        pov = s.viewpoint(told)
        depth = sum(1 for c in board if c is not None) - self.root_marks
        listed = board[:8] if (self.m.id, self.m.variant) == ("missing-cell", "cell-8") else board
        full = None not in listed
        cells = tuple(board)
        if m == "draw-before-win" and full:
            return s.draw
        # The guide's order: the human's (the other side's) win first, then the AI's.
        if has_line(cells, other(pov)) and m != "human-win-unchecked":
            return s.loss + s.per_move * depth
        if has_line(cells, pov):
            return s.win - s.per_move * depth
        if full:
            return s.draw
        return None

    def call(self, board: list[str | None], told: str) -> Planted:
        self.calls += 1
        if self.calls > 2_000_000:
            raise RecursionError("planted search too large")
        cells = tuple(board)
        score = self.terminal(board, told)
        if score is not None:
            return Planted(cells, told, score, None)
        node = Planted(cells, told, 0, None)
        plays = self.test_plays(board, told, node)
        self.choose(node, plays, told)
        return node

    def test_plays(self, board: list[str | None], told: str, node: Planted) -> list[tuple[int, float]]:
        m, variant = self.m.id, self.m.variant
        nxt = told if m == "same-mark-recursion" else other(told)
        if m == "board-not-restored" and variant == "scanned":
            cells = [i for i in range(9)]  # each cell checked as the loop reaches it
        else:
            cells = [i for i in range(9) if board[i] is None]
            if m == "missing-cell":
                cells = cells[1:] if variant == "first" else cells[:-1] if variant == "last" else \
                    [c for c in cells if c != 8]
        plays = []
        for cell in cells:
            if m == "board-not-restored" and variant == "scanned" and board[cell] is not None:
                continue
            was = board[cell]
            board[cell] = told
            child = self.call(board, nxt) if m == "board-not-restored" else self.pure(tuple(board), nxt)
            if m != "board-not-restored":
                board[cell] = was
            node.children.append(child)
            plays.append((cell, child.score))
            if m == "stops-at-win" and self.wins(told, child, board):
                break
        return plays

    def wins(self, told: str, child: Planted, board: list[str | None]) -> bool:
        """Whether ``child``'s score is a win for ``told``, the side that test-played it."""
        s = self.scale
        depth = sum(1 for c in board if c is not None) - self.root_marks  # the child's depth
        if s.viewpoint(told) == told:
            return child.score >= s.win - s.per_move * depth
        return child.score <= s.loss + s.per_move * depth

    def choose(self, node: Planted, plays: list[tuple[int, float]], told: str) -> None:
        """Steps 15-17 as the mistake has them."""
        m = self.m.id
        maximising = self.scale.viewpoint(told) == told
        if m == "max-min-swapped":
            maximising = not maximising
        if m == "returns-last" and plays:
            node.move, node.score = plays[-1]
            return
        best_score = 0.0 if m == "best-init" else (-INF if maximising else INF)
        best = None
        for cell, score in plays:
            better = score > best_score if maximising else score < best_score
            if m == "last-best":
                better = score >= best_score if maximising else score <= best_score
            if better:
                best_score, best = score, cell
        node.score, node.move = best_score, best
        node.no_best = best is None


#: The guide's algorithm with nothing planted: a mistake is named only where it shows.
NONE = Mistake("none", "", "")


def matching_mistakes(search: LearnerSearch, scale: Scale) -> list[Mistake]:
    """The known mistakes whose planted search makes exactly the learner's calls (none if a
    correct search makes them too: a mistake that does not show is not named). One id
    appears once though planted several ways (``missing-cell``: the first cell, the last, cell
    8): the variant that fits best. The mistakes come in order of fit: the fewest calls matched
    only because the planted call kept no test-play (``best-init`` fits a ``>=`` tie-break
    only so), then the list's order."""
    if search.root_cells is None:
        return []
    if _Match(search).same(search.root, _planted_search(search, NONE, scale)) is not False:
        return []  # what the learner's calls show is what a correct search does
    fits: dict[str, tuple[int, int, list[Mistake]]] = {}
    for rank, mistake in enumerate(MISTAKES):
        if scale.view != "ai" and mistake.id in AI_VIEW_ONLY:
            continue
        try:
            tree = _planted_search(search, mistake, scale)
        except RecursionError:
            continue
        match = _Match(search)
        if match.same(search.root, tree) is False:
            continue
        known = fits.get(mistake.id)
        if known is None or match.loose < known[0]:
            fits[mistake.id] = (match.loose, known[1] if known else rank, [mistake])
        elif match.loose == known[0]:
            known[2].append(mistake)
    return [either(fit[2]) for fit in sorted(fits.values(), key=lambda fit: fit[:2])]


#: What is said of a mistake whose variants all fit a learner's calls equally (the calls cannot
#: tell which it is): never one variant's sentence, which may be the wrong one.
EITHER = {
    "missing-cell": "The loop over the empty cells misses one of them ({variants}: on this position the "
                    "calls fit each of these): step 10's for-loop test-plays every empty cell step 8 found.",
    "board-not-restored": "A test-play's mark is not taken back, so later test-plays start from a board "
                          "that still holds it: step 12 empties the cell again once its call returns.",
}
VARIANT_WORDS = {"first": "the first empty cell", "last": "the last empty cell", "cell-8": "cell 8",
                 "listed": "listed", "scanned": "scanned"}


def either(variants: list[Mistake]) -> Mistake:
    """One variant, or all of them at once when the calls cannot tell them apart."""
    if len(variants) == 1:
        return variants[0]
    names = [VARIANT_WORDS.get(v.variant, v.variant) for v in variants]
    listed = ", ".join(names[:-1]) + f" or {names[-1]}"
    sentence = EITHER.get(variants[0].id, variants[0].sentence).format(variants=listed)
    return Mistake(variants[0].id, "+".join(v.variant for v in variants), sentence)


def _planted_search(search: LearnerSearch, mistake: Mistake, scale: Scale) -> Planted:
    """The planted search from the learner's first call (its loop's test-plays, for a loop,
    and the loop's choice among them made as the mistake makes it)."""
    cells = search.root_cells
    assert cells is not None
    marks = sum(1 for c in cells if c is not None)
    if search.loop is None:
        return _Reference(mistake, scale, marks).run(cells, search.root_mover)
    tree = Planted(cells, search.root_mover, 0, None)
    plays = []
    for child in search.loop.children:
        child_cells = search.cells(child)
        assert child_cells is not None
        tree.children.append(_Reference(mistake, scale, marks).run(child_cells, other(search.root_mover)))
        plays.append((next(i for i in range(9) if cells[i] != child_cells[i]), tree.children[-1].score))
    _Reference(mistake, scale, marks).choose(tree, plays, search.root_mover)
    return tree


class _Match:
    """Whether a learner's calls are exactly a planted search's."""

    STOP = "stop"  # the learner's calls end here, by an error the planted search explains

    def __init__(self, search: LearnerSearch):
        self.s = search
        self.memo: dict[tuple[int, int], object] = {}
        self.loose = 0  # calls matched only because the planted call kept no test-play

    def same(self, node: int, planted: Planted) -> object:
        key = (node, id(planted))
        if key not in self.memo:
            self.memo[key] = self._same(node, planted)
        return self.memo[key]

    def _same(self, node: int, planted: Planted) -> object:
        s = self.s
        if s.cells(node) != planted.cells:
            return False
        if (node != LOOP and s.mover(node) != planted.told) or s.unfinished(node):
            return False
        kids = s.children(node)
        raised = s.raised(node) is not None
        if len(kids) > len(planted.children) or (not raised and len(kids) != len(planted.children)):
            return False
        for kid, twin in zip(kids, planted.children, strict=False):
            found = self.same(kid, twin)
            if found is False:
                return False
            if found == self.STOP:
                return self.STOP
        if raised:
            crashed_child = planted.children[len(kids) - 1] if kids else None
            explained = planted.no_best or (crashed_child is not None and crashed_child.no_best)
            return self.STOP if explained else False
        returned = s.returned(node)
        if node == LOOP or s.move_only(node):
            return returned.move is None or planted.move is None or returned.move == planted.move
        if returned.score is None:
            return planted.no_best
        if returned.score != planted.score:
            return False
        if planted.no_best and returned.move is not None:
            self.loose += 1
        return returned.move is None or planted.move is None or returned.move == planted.move
