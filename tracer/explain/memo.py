"""What memoisation adds to every output, in words: cache hits, the calls they came from, positions computed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..style import HIT_BORDER, INNER_FILL, OUTCOME_FILL
from ..trace import Call
from . import labels
from .base import NodeLook, Note, SearchWords, who
from .labels import LegendRow
from .questions import YES_NO, Question
from .text import depth_rows, signed

if TYPE_CHECKING:
    from typing import Any

#: A memo cache hit: a score looked up, not searched. Its fill is its score's outcome (as
#: every finished call's); the border and the title say it is a hit. HIT_FILL is the legend's sample.
HIT_FILL = OUTCOME_FILL["draw"]


class MemoWords(SearchWords):
    """Memoised minimax: a position met again is answered from the cache, naming its source."""

    entry_kinds = ("seen",)
    kind_titles = {"seen": "seen before"}

    def name(self) -> str:
        return "memoised minimax"

    def describe_lines(self) -> list[str]:
        return ["Search: memoised minimax: a position met again is answered from the cache, "
                "naming the call that computed it."]

    def source(self, pid: int) -> int | None:
        """For a cache hit: the call that computed the position; else None."""
        column = self.trace.positions.extras.get("cached_from")
        source = None if column is None else column[pid]
        return None if source is None else int(source)

    def counted_rows(self) -> list[int] | None:
        return [int(self.source(pid) is not None) for pid in range(len(self.trace.positions))]

    def answered(self, pid: int) -> Note | None:
        source = self.source(pid)
        if source is None:
            return None
        earlier = self.trace.call(source).returned
        return ("memo", f"cache hit: call {source} already computed this position: return "
                        f"{self.game_words.returned(earlier.index, earlier.score)} without test-playing")

    def answer_move(self, pid: int) -> int | None:
        source = self.source(pid)
        return None if source is None else self.trace.call(source).returned.index

    def continues_at(self, call: Call) -> Call | None:
        source = self.source(call.pid)
        return None if source is None else self.trace.call(source)

    def special_node(self, call: Call) -> NodeLook | None:
        source = self.source(call.pid)
        if source is None:
            return None
        return NodeLook(title=f"#{call.call} · cache hit", footer=f"= {signed(call.score)} from call #{source}",
                        fill=OUTCOME_FILL.get(self.game_words.value_kind(call.score), INNER_FILL),
                        border=HIT_BORDER, caption="answered from the cache,\nnot searched again")

    def legend_rows(self, *, shapes: bool) -> list[LegendRow]:
        return self.drawn_legend_rows(shapes=shapes)

    def drawn_legend_rows(self, *, shapes: bool, calls: tuple[Call, ...] | None = None,
                          folded: frozenset[int] = frozenset()) -> list[LegendRow]:
        pids = range(len(self.trace.positions)) if calls is None else {c.pid for c in calls}
        if shapes or not any(self.source(pid) is not None for pid in pids):
            return []
        return [LegendRow(labels.swatch(HIT_FILL, HIT_BORDER, border=2),
                          "cache hit: the score of an earlier call on the same position (#N); blue-grey border, "
                          "filled as that score predicts")]

    def stats_rows(self, counts: list[int]) -> list[tuple[str, str]]:
        sources = self._sources()
        hits = [0 if source is None else n for n, source in zip(counts, sources, strict=True)]
        computed = sum(n for n, source in zip(counts, sources, strict=True) if source is None)
        return [*depth_rows("cache hits", self.trace.positions.depth, hits),
                ("computed positions", f"{computed:,} (each searched once)")]

    def _sources(self) -> list[int | None]:
        """Per row, the call a cache hit names, else None (the ``cached_from`` column)."""
        p = self.trace.positions
        return p.extras.get("cached_from") or [None] * len(p)

    def entry_questions(self, call: Call) -> list[Question]:
        answered = self.answered(call.pid)
        phrases = self.phrases()
        why = f"Memo: {answered[1]}." if answered is not None else phrases.say("quiz.seen.no")
        return [Question(
            kind="seen", call=call.call, depth=call.depth,
            prompt=phrases.say("quiz.seen", who=who(self.game_words, call)),
            choices=YES_NO, answer=0 if answered is not None else 1, explanation=why,
            ask=("begin", call.call, 0), reveal=("begin", call.call, 1),
        )]

    page_module = "memo"

    def page_data(self) -> dict[str, Any]:
        column = self.trace.positions.extras.get("cached_from")
        hits = {} if column is None else {"cached_from": list(column),
                                          "answer_move": [self.answer_move(pid) for pid in range(len(column))]}
        return {"choices": [{"label": c.label, "accepts": list(c.accepts)} for c in YES_NO], **hits}

    def page_phrases(self) -> dict[str, str]:
        return {**super().page_phrases(), **PAGE_PHRASES}

    def page_legend(self) -> list[tuple[str, str, str]]:
        if not any(self.source(pid) is not None for pid in range(len(self.trace.positions))):
            return []
        return [("hit", "", "cache hit: answered with an earlier call's score")]

    def code_parts(self) -> dict[str, list[tuple[str, str, str]]]:
        return {"@entry": [("cache", "memo", "    if ({state_var}, depth) in cache: return cache[{state_var}, depth]")],
                "@before_return": [("store", "memo", "    cache[{state_var}, depth] = allTestPlayInfos[bestTestPlay]")]}


#: What memoisation adds to the step-through page (over the game's words).
PAGE_PHRASES: dict[str, str] = {
    "memo.hit": ("**Cache hit:** call #{source} already computed this position at this depth, so its "
                 "answer, `{returned}`, is in the cache."),
    "memo.hit.return": ("So this call test-plays nothing: it returns call #{source}'s `{returned}` straight "
                        "from the cache."),
    "summary.one": "{search_name}: {count} cache hit",
    "summary.many": "{search_name}: {count} cache hits",
    "memo.caption": "cache hit: #{source}",
    "memo.stack": "cache hit: the answer of call #{source}",
    "memo.var.name": "cache",
    "memo.var": "hit: call #{source} {state_scored} at this depth",
    "quiz.seen": "Has the position of {who} been met before?",
    "quiz.seen.no": "No earlier call met this position at this depth: it is computed here and stored.",
}
