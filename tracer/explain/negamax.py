"""What negamax adds to every output, in words: each call's score for the side to move, and where it is negated.

The trace's scores stay the maximiser's; negamax's own value for each call
(``mover_score``) is read from the trace, and each test-play's negation is
worked out from it with the search's own rule (``tracer.search.negamax``), so
the words cannot drift from the algorithm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..search.negamax import negated_scores
from ..style import SMALL_POINTS
from ..trace import Call
from . import labels
from .base import Note, SearchWords, who
from .labels import LegendRow
from .questions import Question, choice_window, score_choice
from .text import signed

if TYPE_CHECKING:
    from typing import Any


def negation(score: int, flips: bool) -> str:
    """A returned score as its caller sees it: ``-(+1) = -1``, or ``+1`` where the mover stays."""
    return f"-({signed(score)}) = {signed(-score)}" if flips else signed(score)


#: Most scores a picture's score line lists; a wider call's line keeps its ends around a count.
FOOTER_LIMIT = 6


def footer_scores(values: list[int]) -> str:
    """Scores as a picture's line lists them: ``0, -1``, or ``+3, -2, … 4,996 more …, +1, 0``."""
    if len(values) <= FOOTER_LIMIT:
        return ", ".join(map(signed, values))
    ends = FOOTER_LIMIT // 2
    return ", ".join([*map(signed, values[:ends]), f"… {len(values) - 2 * ends:,} more …",
                      *map(signed, values[-ends:])])


class NegamaxWords(SearchWords):
    """Negamax: every call's score for its mover, each test-play's score negated, one rule (max)."""

    entry_kinds = ("mover",)
    kind_titles = {"mover": "scores for the side to move"}
    chosen_line = "the line negamax chose from call #1"
    picked_words = "the test-play a call picked: the max of its negated scores"

    def name(self) -> str:
        return "negamax"

    def title(self) -> str:
        return "Negamax"

    def describe_lines(self) -> list[str]:
        words = self.game_words
        return [f"Search: negamax: each call returns its score for the side to move, max(-child); the "
                f"lines tagged negamax show it, the step lines keep {words.max_name}'s scores as the guide's."]

    def mover_score(self, pid: int) -> int:
        """What row ``pid``'s calls return in negamax: the score for the side to move."""
        return int(self.trace.positions.extras["mover_score"][pid])

    def player(self, pid: int) -> str:
        return self.game_words.player(self.trace.positions.state[pid])

    def flips(self, parent: int, child: int) -> bool:
        """Whether the mover changes from row ``parent`` to row ``child`` (then the score is negated)."""
        p, maximising = self.trace.positions, self.trace.game.maximising
        return bool(maximising(p.state[parent]) != maximising(p.state[child]))

    def also(self, pid: int) -> str:
        """`` (0 for X)``, row ``pid``'s score for the maximiser, where its mover is the minimiser, else ''."""
        if self.trace.game.maximising(self.trace.positions.state[pid]):
            return ""
        return f" ({signed(self.trace.positions.score[pid])} for {self.game_words.max_name})"

    def counted_rows(self) -> list[int] | None:
        p, maximising = self.trace.positions, self.trace.game.maximising
        row_max = [maximising(state) for state in p.state]
        child_max = [row_max[child] for child in p.edge_child]  # per edge: whether its callee maximises
        counted = []
        for pid, (start, count) in enumerate(zip(p.first_edge, p.edge_count, strict=True)):
            maximisers = sum(child_max[start : start + count])
            counted.append(count - maximisers if row_max[pid] else maximisers)
        return counted

    def returned_words(self, parent: int, child: int) -> str:
        """What a test-play's call returned, and how its caller negates it, in the log's words."""
        who, mine = self.player(child), self.player(parent)
        score = self.mover_score(child)
        over = self.trace.positions.terminal[child]
        source = (f"its game is over with {who} to move: it returned {signed(score)} for {who}"
                  f"{self.also(child)}" if over else f"it returned {signed(score)} for {who}, "
                  "the side to move there")
        if self.flips(parent, child):
            return f"{source}; negated for {mine}: {negation(score, True)}"
        return f"{source}; {who} moves again, so it stays {signed(score)}"

    def pick_words(self, pid: int) -> str:
        """Negamax's pick for row ``pid``: ``O keeps … max(0, -1) = 0 (cell 6, the first highest): …``."""
        values = negated_scores(self.trace, pid)
        best = self.trace.positions.best[pid]
        move = self.game_words.move_short(self.trace.positions.moves(pid)[best])
        word = "the only test-play" if len(values) == 1 else (
            "the first highest" if values.count(values[best]) > 1 else "the highest")
        mine = self.player(pid)
        return (f"{mine} keeps the max of its negated scores: max({', '.join(map(signed, values))}) = "
                f"{signed(values[best])} ({move}, {word}): returns {signed(self.mover_score(pid))} for {mine}"
                f"{self.also(pid)}")

    def terminal_words(self, pid: int) -> str:
        """A finished game as negamax scores it: for the side to move in it."""
        who = self.player(pid)
        score = self.trace.positions.score[pid]
        flipped = self.mover_score(pid) != score
        how = f"{self.game_words.max_name}'s {signed(score)} is {negation(score, True)}" if flipped else (
            f"{signed(score)}, as for {self.game_words.max_name}")
        return f"the game is over with {who} to move, so it returns its score for {who}: {how}"

    def after_notes(self, pid: int) -> list[list[Note]]:
        """After each test-play: the returned score and its negation; after the last, the pick."""
        notes = [[("negamax", self.returned_words(pid, c))] for _, c in self.trace.positions.children(pid)]
        if notes:
            notes[-1].append(("negamax", self.pick_words(pid)))
        return notes

    def entry_notes(self, pid: int) -> list[Note]:
        """The first call of a game already over: its score for the side to move."""
        if pid or not self.trace.positions.terminal[pid]:
            return []
        return [("negamax", self.terminal_words(pid))]

    def footer(self, call: Call) -> str | None:
        """An inner call's score line, both views: ``O: max(0, -1) = 0 · X: 0``."""
        values = negated_scores(self.trace, call.pid)
        mine = f"{self.player(call.pid)}: max({footer_scores(values)}) = {signed(self.mover_score(call.pid))}"
        if call.maximising:
            return mine
        return f"{mine} · {self.game_words.max_name}: {signed(call.score)}"

    def caption(self, call: Call) -> str | None:
        if not call.terminal_code:
            return None
        return f"negamax: {signed(self.mover_score(call.pid))} for {self.player(call.pid)} (to move)"

    def shape_note(self, call: Call) -> str:
        if call.terminal_code:
            return ""
        return f"for {self.player(call.pid)}: {signed(self.mover_score(call.pid))}".replace("-", "−")

    def footer_legend(self) -> LegendRow | None:
        words = self.game_words
        return LegendRow(labels.sample(f"{words.min_name}: max(…) · {words.max_name}:", "#212121", SMALL_POINTS),
                         f"negamax's score line: the mover's score, the max of its test-plays' scores each "
                         f"negated, then the same score for {words.max_name} (the maximiser)")

    def legend_rows(self, *, shapes: bool) -> list[LegendRow]:
        words = self.game_words
        if shapes:
            return [LegendRow(labels.sample(f"for {words.min_name}: −3", "#212121", SMALL_POINTS),
                              f"beside a node: negamax's score for its mover; in the node: for {words.max_name}")]
        return [LegendRow(labels.sample("negamax:", "#212121", SMALL_POINTS),
                          "under a finished game: its score for the side to move in it")]

    def stats_rows(self, counts: list[int]) -> list[tuple[str, str]]:
        rows = self.counted_rows() or []
        negated = sum(k * n for k, n in zip(rows, counts, strict=True))
        root = self.trace.root
        return [("negated scores", f"{negated:,} (one per test-play where the mover changes)"),
                ("call #1 returns", f"{signed(self.mover_score(root.pid))} for {self.player(root.pid)}, "
                                    f"the side to move{self.also(root.pid)}")]

    def mover_choices(self) -> tuple[Any, ...]:
        """Every score a call returns for its mover, or a finished game may give, as answers."""
        fixed = self.game_words.fixed_scores()
        found = set(self.trace.positions.extras["mover_score"]) | fixed | {-s for s in fixed}
        return tuple(score_choice(s) for s in sorted(found))

    def entry_questions(self, call: Call) -> list[Question]:
        choices = self.mover_choices()
        places = {c.label: i for i, c in enumerate(choices)}
        answer = places[signed(self.mover_score(call.pid))]
        offered = choice_window(len(choices), answer, call.call)
        n = call.call
        if call.terminal_code:
            why = f"Negamax: {self.terminal_words(call.pid)}."
            ask, reveal = ("begin", n, 0), ("end", n, 0)
        else:
            why = f"Negamax: {self.pick_words(call.pid)}."
            ask, reveal = ("end", n, -2), ("end", n, -1)
        return [Question(
            kind="mover", call=n, depth=call.depth,
            prompt=self.phrases().say("quiz.mover", who=who(self.game_words, call), player=self.player(call.pid)),
            choices=choices[offered.start:offered.stop], answer=answer - offered.start, explanation=why,
            ask=ask, reveal=reveal, ask_alone=("begin", n, 0), reveal_alone=("end", n, 0),
        )]

    def terminal_questions(self) -> list[Question]:
        """The first call's test-plays, then the first call, scored for the side to move."""
        root = self.trace.root
        return [q for c in [*root.children(), root] for q in self.entry_questions(c)]

    def summary_line(self) -> str:
        root = self.trace.root
        return (f"{super().summary_line()} Negamax: {signed(self.mover_score(root.pid))} for "
                f"{self.player(root.pid)}, the side to move.")

    page_module = "negamax"

    def page_data(self) -> dict[str, Any]:
        return {"mover_score": [int(s) for s in self.trace.positions.extras.get("mover_score", [])]}

    def page_phrases(self) -> dict[str, str]:
        return {**super().page_phrases(), **PAGE_PHRASES}

    def page_legend(self) -> list[tuple[str, str, str]]:
        return [("", "", "negamax: a call's score for the side to move, beside its score for {max}")]

    def code_parts(self) -> dict[str, list[tuple[str, str, str]]]:
        """Negamax's pick in the guide's code, with Wikipedia's ``color``: the saved scores are the
        maximiser's, so ``color`` times one is ``-negamax(child)``, the mover's score."""
        return {
            "def": [("def", "7/11", "def negamax({state_var}, {mover_var}{args}):")],
            "@entry": [("color", "neg", "    color = +1 if {mover_var} is {max} else -1")],
            "recurse": [("recurse", "11", "        result = negamax({state_var}, the other side{args})")],
            "start": [("start", "16", "    bestScore = -infinity   # the max, for either side")],
            "if": [("if", "16", "        if color * allTestPlayInfos[i].score > bestScore:")],
            "keep": [("keep", "16", "            bestScore = color * allTestPlayInfos[i].score; bestTestPlay = i")],
            "@before_return": [("mover", "neg", "    # negamax returns bestScore, for {mover_var}")],
            "first": [("first", "7/24", "bestPlayInfo = negamax(the first state, {root_player}{first_args})")],
        }


#: What negamax adds to the step-through page (over the game's words).
PAGE_PHRASES: dict[str, str] = {
    "summary.one": "{search_name}: {count} score negated",
    "summary.many": "{search_name}: {count} scores negated",
    "negamax.over.negated": ("**Negamax** scores it for {player}, the side to move: {max}'s `{signed}` is "
                             "`-({signed}) = {mover}` for {player}."),
    "negamax.over.same": "**Negamax** scores it for {player}, the side to move: `{mover}`, as for {max}.",
    "negamax.save.negated": ("**Negamax:** that call returned `{mover}` for {child_player}; for {player} it "
                             "is negated: `-({mover}) = {negated}`."),
    "negamax.save.same": ("**Negamax:** that call returned `{mover}` for {child_player}, who moves again: it "
                          "stays `{mover}`."),
    "negamax.choose": ("**Negamax:** {player} takes the max of the negated scores: `max({values}) = {best}` "
                       "for {player}, which is `{signed}` for {max}."),
    "negamax.caption": "for {player}: {mover}",
    "negamax.stack": "negamax returns {mover} for {player}",
    "negamax.var.color.name": "color",
    "negamax.var.name": "color * scores",
    "negamax.var": "[{values}]",
    "quiz.mover": "What does {who} return for {player}, the side to move (negamax's score)?",
}
