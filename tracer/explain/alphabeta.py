"""What alpha-beta adds to every output, in words: windows, their updates, cuts, bounds, pruned moves.

Nothing here searches: a call's window updates and its cut are replayed from
the recorded window on entry and its children's scores, with the search's own
rule (``tracer.search.alphabeta.replay``), so the narration cannot drift from
the algorithm.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from ..search.alphabeta import BOUND_SIGNS, replay, trace_bounds, unbound
from ..style import CUT_INK, CUT_MARK, SKIPPED_BORDER, SMALL_POINTS
from ..trace import Call
from . import labels
from .base import Note, SearchWords, who
from .labels import LegendRow
from .questions import Choice, Question, bound_choice, choice_window
from .text import bounded, depth_rows, signed

if TYPE_CHECKING:
    from typing import Any

#: What a textbook tree's legend uses for its samples' ink.
SAMPLE_INK = "#212121"
SEARCHED_PRUNED = (Choice("searched", ("s", "searched")), Choice("pruned", ("p", "pruned")))


def bound_text(value: Any, low: bool) -> str:
    """A window bound as the log writes it: ``-∞``, ``+∞``, ``+1``, ``0``."""
    if value is None:
        return "-∞" if low else "+∞"
    return signed(int(value))


def _int(value: float) -> int | None:
    return None if value in (float("inf"), float("-inf")) else int(value)


class AlphaBetaWords(SearchWords):
    """Alpha-beta: the window each call gets, its updates, the cuts, and the bounds they leave."""

    entry_kinds = ("alpha", "beta")
    after_kinds = ("next",)
    kind_titles = {"alpha": "α on entry", "beta": "β on entry", "next": "searched or pruned",
                   "pruned": "pruned test-plays"}

    @property
    def cutoff(self) -> str:
        return str(dict(self.settings).get("cutoff", "ge"))

    def name(self) -> str:
        return f"alpha-beta (cutoff {self.cutoff})"

    def title(self) -> str:
        return f"Alpha-beta (cutoff {self.cutoff})"

    def describe_lines(self) -> list[str]:
        rule = ("a MAX call stops once its best ≥ β, a MIN call once its best ≤ α" if self.cutoff == "ge"
                else "a MAX call stops only once its best > β, a MIN call once its best < α")
        return [f"Search: alpha-beta, cutoff {self.cutoff} ({rule}); the first call's window is "
                "α = -∞, β = +∞, passed down."]

    def counted_rows(self) -> list[int] | None:
        return [len(moves) for moves in self.trace.positions.extras["pruned"]]

    def window(self, pid: int) -> tuple[float, float]:
        """Row ``pid``'s window on entry, with infinities."""
        extras = self.trace.positions.extras
        return unbound(extras["alpha"][pid], True), unbound(extras["beta"][pid], False)

    def window_text(self, pid: int) -> str:
        """``α = 0, β = +∞``: the window a call was made with."""
        extras = self.trace.positions.extras
        return f"α = {bound_text(extras['alpha'][pid], True)}, β = {bound_text(extras['beta'][pid], False)}"

    def skipped(self, pid: int) -> tuple[int, ...]:
        column = self.trace.positions.extras.get("pruned")
        return () if column is None else tuple(column[pid])

    def skipped_words(self) -> list[str]:
        return ["not searched", "(pruned)"]

    def _replay(self, pid: int) -> Any:
        p = self.trace.positions
        alpha, beta = self.window(pid)
        scores = [p.score[c] for _, c in p.children(pid)]
        return replay(alpha, beta, self.trace.game.maximising(p.state[pid]), scores, self.cutoff)

    def opponent(self, pid: int) -> str:
        """The side that moves after row ``pid``'s mover (the one whose window bound applies)."""
        p = self.trace.positions
        return self.game_words.player(self.trace.game.play(p.state[pid], p.moves(pid)[0]))

    def cut_reason(self, pid: int) -> str:
        """Why a call stopped test-playing: ``best +1 ≥ β = 0: O would never let …`` ('' if it did not)."""
        return self.cut_words(pid, len(self.trace.positions.moves(pid))) if self.skipped(pid) else ""

    def cut_words(self, pid: int, done: int) -> str:
        """The cut after row ``pid``'s first ``done`` test-plays, in the page's words (``ab.reason``)."""
        phrases = self.phrases()
        alpha, beta, _cut, best = self.window_after(pid, done)
        skipped = self.skipped(pid)
        if skipped:
            rest = phrases.say("ab.rest.one" if len(skipped) == 1 else "ab.rest.many",
                               moves=self.game_words.moves_list(skipped))
        else:
            rest = phrases.say("ab.rest.last")
        side = "max" if self.trace.game.maximising(self.trace.positions.state[pid]) else "min"
        return phrases.say(f"ab.reason.{side}", best=signed(int(best)), alpha=bound_text(_int(alpha), True),
                           beta=bound_text(_int(beta), False), opponent=self.opponent(pid), rest=rest)

    def no_cut_words(self, pid: int, done: int) -> str:
        """Why row ``pid`` did not cut after ``done`` test-plays though its best reached the window's
        edge (only the ``gt`` cutoff searches on then); '' when that is not what happened."""
        moves = self.trace.positions.moves(pid)
        if self.cutoff != "gt" or not 0 < done < len(moves):
            return ""
        alpha, beta, cut, best = self.window_after(pid, done)
        maximising = self.trace.game.maximising(self.trace.positions.state[pid])
        if cut or best != (beta if maximising else alpha):
            return ""
        return self.phrases().say(f"ab.nocut.{'max' if maximising else 'min'}", best=signed(int(best)),
                                  alpha=bound_text(_int(alpha), True), beta=bound_text(_int(beta), False),
                                  next=self.game_words.move_short(moves[done]))

    def window_after(self, pid: int, done: int) -> tuple[float, float, bool, float]:
        """Row ``pid``'s ``(alpha, beta, cut, best)`` after ``done`` test-plays, by the search's rule."""
        p = self.trace.positions
        alpha, beta = self.window(pid)
        maximising = self.trace.game.maximising(p.state[pid])
        steps = replay(alpha, beta, maximising, [p.score[c] for _, c in p.children(pid)][:done], self.cutoff)
        if steps.windows:
            alpha, beta = steps.windows[-1]
            if not steps.cut:
                alpha, beta = (max(alpha, steps.score), beta) if maximising else (alpha, min(beta, steps.score))
        return alpha, beta, steps.cut, steps.score

    def window_updates(self, pid: int) -> list[str]:
        """After each test-play of row ``pid``: the α or β update it caused ('' if none)."""
        made: dict[int, list[str]] = self.__dict__.setdefault("_updates_made", {})
        if pid in made:  # asked once per test-play of a call (its children's questions)
            return made[pid]
        state = self.trace.positions.state[pid]
        maximising = self.trace.game.maximising(state)
        player = self.game_words.player(state)
        steps = self._replay(pid)
        lines = []
        for i, (before, later) in enumerate(zip(steps.windows, [*steps.windows[1:], None], strict=True)):
            if later is None or later == before:
                lines.append("")
            elif maximising:
                lines.append(f"α = {bound_text(_int(before[0]), True)} → {signed(int(later[0]))}: "
                             f"{player} can get at least {signed(int(later[0]))} "
                             f"(best so far, after test-play {i + 1})")
            else:
                lines.append(f"β = {bound_text(_int(before[1]), False)} → {signed(int(later[1]))}: "
                             f"{player} can hold it to at most {signed(int(later[1]))} "
                             f"(best so far, after test-play {i + 1})")
        made[pid] = lines
        return lines

    def bound_signs(self) -> list[str] | None:
        """Per row: ``≤``/``≥`` when its score is only a bound (the search's own rule), else ''."""
        if "_signs" not in self.__dict__:
            signs = [BOUND_SIGNS[kind] for kind in trace_bounds(self.trace)]
            self.__dict__["_signs"] = signs if any(signs) else None
        return self.__dict__["_signs"]

    def bound_sign(self, pid: int) -> str:
        """``≤``/``≥`` when a call's score is only an upper/lower bound (a cut below it), else ''."""
        signs = self.bound_signs()
        return signs[pid] if signs else ""

    def stopped(self, call: Call) -> str | None:
        if not self.skipped(call.pid):
            return None
        last = call.test_plays[-1].index or 0
        return f"{self.game_words.player(call.state)} stops after {self.game_words.move_short(last)}: a cut"

    def entry_notes(self, pid: int) -> list[Note]:
        return [("window", f"called with {self.window_text(pid)}")]

    def after_notes(self, pid: int) -> list[list[Note]]:
        notes: list[list[Note]] = [[("window", text)] if text else [] for text in self.window_updates(pid)]
        for i, found in enumerate(notes):
            why = self.no_cut_words(pid, i + 1)
            if why:
                found.append(("no cut", why))
        reason = self.cut_reason(pid)
        if reason and notes:
            notes[-1].append(("cut", reason))
        return notes

    def caption(self, call: Call) -> str | None:
        lines = [self.window_text(call.pid)]
        reason = self.cut_reason(call.pid)
        if reason:
            lines.append(f"cut: {reason.split(':', 1)[0]}")
            lines.append(f"{self.opponent(call.pid)} would never allow this")
        bound = self.bound_word(call)
        if bound:
            lines.append(f"returns {bound}{signed(call.score)} (a bound)")
        return "\n".join(lines)

    def shape_note(self, call: Call) -> str:
        def text(value: Any, low: bool) -> str:
            return ("−∞" if low else "+∞") if value is None else str(value).replace("-", "−")

        return f"α={text(call.extra('alpha'), True)} β={text(call.extra('beta'), False)}"

    def legend_rows(self, *, shapes: bool) -> list[LegendRow]:
        return self.drawn_legend_rows(shapes=shapes)

    def drawn_legend_rows(self, *, shapes: bool, calls: tuple[Call, ...] | None = None,
                          folded: frozenset[int] = frozenset()) -> list[LegendRow]:
        """The window; pruned, cut and bound rows when a call drawn has them (a summary box: its bound)."""
        pids = range(len(self.trace.positions)) if calls is None else {c.pid for c in calls}
        whole = pids if calls is None else {c.pid for c in calls if c.call not in folded}
        pruned = any(self.skipped(pid) for pid in whole)
        bounds = any(self.bound_sign(pid) for pid in pids)
        if shapes:
            def sample(symbol: str, colour: str) -> str:
                return labels.symbol(labels.text(symbol), colour=colour, align="RIGHT")

            rows = [(True, LegendRow(sample("α β", SAMPLE_INK), "beside a node: the window it was called with")),
                    (bounds, LegendRow(sample("≤ ≥", SAMPLE_INK), "a bound: a cut at or below the node")),
                    (pruned, LegendRow(sample(CUT_MARK, CUT_INK), "a branch pruned: never searched"))]
            return [row for used, row in rows if used]
        words = self.game_words
        rows = [
            (True, LegendRow(labels.symbol("α β", size=SMALL_POINTS),
                             f"the window a call was made with: {words.max_name} is sure of α, "
                             f"{words.min_name} of β")),
            (pruned, LegendRow(labels.arrow(SKIPPED_BORDER, dashed=True, align=None),
                               "a test-play cut off (pruned): not searched")),
            (pruned, LegendRow(labels.symbol("cut", size=SMALL_POINTS),
                               "why a call stopped: its best reached the window's edge")),
            (bounds, LegendRow(labels.symbol("≤ ≥", size=SMALL_POINTS),
                               "a score after a cut is only a bound on the true one")),
        ]
        return [row for used, row in rows if used]

    def stats_rows(self, counts: list[int]) -> list[tuple[str, str]]:
        # A pruned move would have been searched one level below its call.
        p = self.trace.positions
        pruned = [len(moves) * n for moves, n in zip(p.extras["pruned"], counts, strict=True)]
        return depth_rows("pruned test-plays", [d + 1 for d in p.depth], pruned)

    @cached_property
    def bound_texts(self) -> list[str]:
        """Every α and β the trace records, as the log writes them, lowest first."""
        extras = self.trace.positions.extras
        texts = {"-∞", "+∞"} | {bound_text(a, True) for a in extras["alpha"]}
        texts |= {bound_text(b, False) for b in extras["beta"]}
        order = {"-∞": float("-inf"), "+∞": float("inf")}
        return sorted(texts, key=lambda t: order.get(t, 0.0) or float(t))

    def entry_questions(self, call: Call) -> list[Question]:
        trace = self.trace
        why = f"Window: called with {self.window_text(call.pid)}"
        if call.parent is not None:
            parent = trace.call(call.parent)
            before = self.window_updates(parent.pid)[:self.trace.positions.moves(parent.pid).index(call.move or 0)]
            update = next((u for u in reversed(before) if u), "")
            source = (f"call #{parent.call}'s window after its update {update}" if update
                      else f"call #{parent.call}'s own window, unchanged so far")
            why += f", {source}"
        texts, places = self.bound_texts, self.bound_places
        found = []
        for kind, low in (("alpha", True), ("beta", False)):
            answer = places[bound_text(call.extra(kind), low)]
            offered = choice_window(len(texts), answer, call.call)
            found.append(Question(
                kind=kind, call=call.call, depth=call.depth,
                prompt=self.phrases().say(f"quiz.{kind}", who=who(self.game_words, call)),
                choices=self.bound_choices[offered.start:offered.stop], answer=answer - offered.start,
                explanation=why + ".", ask=("begin", call.call, 0), reveal=("begin", call.call, 1),
            ))
        return found

    @cached_property
    def bound_choices(self) -> tuple[Choice, ...]:
        """Each bound of ``bound_texts`` as an answer."""
        return tuple(bound_choice(t) for t in self.bound_texts)

    @cached_property
    def bound_places(self) -> dict[str, int]:
        """Each bound's place in ``bound_texts``."""
        return {t: i for i, t in enumerate(self.bound_texts)}

    def after_questions(self, call: Call) -> list[Question]:
        children = call.children()
        pruned = self.skipped(call.pid)
        updates = self.window_updates(call.pid)
        found = []
        for i, child in enumerate(children):
            searched = i + 1 < len(children)
            if not searched and not pruned:
                break  # the loop ran out of test-plays: nothing to predict
            nxt = self.game_words.move_short((children[i + 1].move or 0) if searched else pruned[0])
            no_cut = self.no_cut_words(call.pid, i + 1)
            if not searched:
                why = f"Cut: {self.cut_reason(call.pid)}."
            elif no_cut:
                why = f"No cut: {no_cut}" + (f"; window: {updates[i]}." if updates[i] else ".")
            elif updates[i]:
                why = f"No cut; window: {updates[i]}; so {nxt} is test-played next."
            else:
                why = (f"No cut and no change of window ({self.window_text(call.pid)}), "
                       f"so {nxt} is test-played next.")
            found.append(Question(
                kind="next", call=call.call, depth=call.depth,
                prompt=self.phrases().say("quiz.next", child=child.call,
                                          signed=bounded(child.score, self.bound_sign(child.pid)),
                                          call=call.call, next=nxt),
                choices=SEARCHED_PRUNED, answer=0 if searched else 1, explanation=why,
                ask=("end", child.call, 0), reveal=("end", child.call, 1),
            ))
        return found

    def terminal_questions(self) -> list[Question]:
        """Which test-plays of the first call, and of its test-plays that searched on, are pruned."""
        root = self.trace.root
        return [self.pruned_question(c) for c in [root, *root.children()] if c.children()]

    def pruned_question(self, call: Call) -> Question:
        """Which of ``call``'s test-plays are pruned."""
        words = self.game_words
        pruned = self.skipped(call.pid)
        text = words.moves_answer(" ".join(words.move_token(m) for m in pruned))
        label = ", ".join(words.move_short(m) for m in pruned) or "none"
        if pruned:
            why = f"Cut: {self.cut_reason(call.pid)}."
        else:
            ties = [t for t in (self.no_cut_words(call.pid, i) for i in range(1, len(call.children()))) if t]
            why = (f"No cut in call #{call.call} ({self.window_text(call.pid)}): "
                   + ("; ".join(ties) if ties else "every test-play is searched") + ".")
        moves = ", ".join(words.move_token(m) for m in self.trace.game.moves(call.state))
        return Question(
            kind="pruned", call=call.call, depth=call.depth,
            prompt=(f"Which test-plays of {who(words, call)} are pruned? "
                    f"Its moves: {moves}; type the pruned ones, or none."),
            choices=(Choice(label, (text,)),), answer=0, explanation=why,
            ask=("begin", call.call, 0), reveal=("end", call.call, 0), many=True,
        )

    page_module = "alphabeta"

    def page_data(self) -> dict[str, Any]:
        extras = self.trace.positions.extras
        data: dict[str, Any] = {name: list(extras[name]) for name in ("alpha", "beta") if name in extras}
        if "pruned" in extras:
            data["pruned"] = [list(cells) for cells in extras["pruned"]]
        return {**data, "cutoff": self.cutoff,
                "choices": [{"label": c.label, "accepts": list(c.accepts)} for c in SEARCHED_PRUNED]}

    def page_phrases(self) -> dict[str, str]:
        return {**super().page_phrases(), **PAGE_PHRASES}

    def page_constants(self) -> dict[str, str]:
        ge = self.cutoff == "ge"
        return {**super().page_constants(), "args": ", α, β", "first_args": ", -infinity, +infinity",
                "ge": "≥" if ge else ">", "le": "≤" if ge else "<", "cutoff": self.cutoff}

    def page_legend(self) -> list[tuple[str, str, str]]:
        if not any(self.skipped(pid) for pid in range(len(self.trace.positions))):
            return [("", "", "α/β: the window each call is called with (cutoff {cutoff}); nothing is pruned")]
        return [("pruned", "", "test-plays cut off (pruned), not searched; α/β: the window (cutoff {cutoff})"),
                ("", "", "≤ / ≥ before a score: only a bound, after a cut (never an outcome's colour)")]

    def code_parts(self) -> dict[str, list[tuple[str, str, str]]]:
        return {"@after_push": [
            ("bestsofar", "αβ", "        bestSoFar = best {value} saved (max if {max}, min if {min})"),
            ("cutmax", "αβ", "        if {mover_var} is {max} and bestSoFar {ge} β: break  # cut: prune the rest"),
            ("cutmin", "αβ", "        if {mover_var} is {min} and bestSoFar {le} α: break  # cut: prune the rest"),
            ("alpha", "αβ", "        if {mover_var} is {max}: α = max(α, bestSoFar)"),
            ("beta", "αβ", "        if {mover_var} is {min}: β = min(β, bestSoFar)"),
        ]}

    def play_phrases(self) -> dict[str, str]:
        return {"play.search": " · alpha-beta (cutoff {ge})"}


#: What alpha-beta adds to the step-through page (over the game's words).
PAGE_PHRASES: dict[str, str] = {
    "summary.one": "{search_name}: {count} test-play pruned",
    "summary.many": "{search_name}: {count} test-plays pruned",
    "ab.window": "α = {alpha}, β = {beta}",
    "ab.begin": "It is called with the window `{window}`.",
    "ab.cut": "**Cut:** {reason}.",
    "ab.reason.max": "best {best} {ge} β = {beta}: {opponent} would never let the game reach here, {rest}",
    "ab.reason.min": "best {best} {le} α = {alpha}: {opponent} would never let the game reach here, {rest}",
    "ab.nocut": "**No cut:** {reason}.",
    "ab.nocut.max": "{best} is not above β = {beta}, so {next} is still searched (cutoff gt cuts only above β)",
    "ab.nocut.min": "{best} is not below α = {alpha}, so {next} is still searched (cutoff gt cuts only below α)",
    "ab.rest.one": "so {moves} is not test-played (pruned)",
    "ab.rest.many": "so {moves} are not test-played (pruned)",
    "ab.rest.last": "(it was the last test-play anyway)",
    "ab.alpha": "α rises: `α = {before} → {after}`.",
    "ab.beta": "β falls: `β = {before} → {after}`.",
    "ab.caption": "pruned {tokens}",
    "ab.chip": "{moves}: not searched (pruned)",
    "ab.stack.window": "window {window}",
    "ab.stack.window.from": "window {window} (called with {entry})",
    "ab.stack.pruned": "pruned: {moves}",
    "ab.var.best.name": "bestSoFar",
    "ab.var.window.name": "α, β",
    "ab.var.window": "{alpha}, {beta}",
    "ab.var.window.from": "{alpha}, {beta} (called with {entry_alpha}, {entry_beta})",
    "ab.var.pruned.name": "pruned",
    "ab.var.pruned": "[{tokens}]",
    "ab.var.pruned.none": "none left",
    "ab.code.low": "-infinity",
    "ab.code.high": "+infinity",
    "quiz.alpha": "With what α is {who} called?",
    "quiz.beta": "With what β is {who} called?",
    "quiz.window": "Called with the window {window}.",
    "quiz.window.changed": "Call #{parent}'s window after its earlier test-plays.",
    "quiz.window.same": "Call #{parent}'s own window, unchanged so far.",
    "quiz.next": ("Call #{child} returned {signed}. Is call #{call}'s next test-play, {next}, searched or "
                  "pruned?"),
}
