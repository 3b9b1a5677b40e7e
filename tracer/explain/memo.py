"""What memoisation adds to every output, in words: cache hits, the calls they came from, positions computed."""

from __future__ import annotations

from typing import Any

from ..trace import Call
from . import labels
from .base import NodeLook, Note, SearchWords
from .labels import LegendRow
from .questions import YES_NO, Question, who
from .text import signed

#: A memo cache hit: a score looked up, not searched.
HIT_FILL = "#e3f2fd"
HIT_BORDER = "#1e88e5"


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

    def summary(self, counts: list[int] | None = None) -> str:
        n = sum(self.per_depth(self.trace.multiplicity() if counts is None else counts))
        return f"{self.name()}: {n:,} cache hit{'' if n == 1 else 's'}"

    def answered(self, pid: int) -> Note | None:
        source = self.source(pid)
        if source is None:
            return None
        earlier = self.trace.call(source).returned
        return ("memo", f"cache hit: call {source} already computed this position: return "
                        f"{self.game_words.returned(earlier.index, earlier.score)} without test-playing")

    def continues_at(self, call: Call) -> Call | None:
        source = self.source(call.pid)
        return None if source is None else self.trace.call(source)

    def special_node(self, call: Call) -> NodeLook | None:
        """A cache hit: the score looked up, and the call it came from."""
        source = self.source(call.pid)
        if source is None:
            return None
        return NodeLook(title=f"#{call.call} · cache hit", footer=f"= {signed(call.score)} from call #{source}",
                        fill=HIT_FILL, border=HIT_BORDER, caption="answered from the cache,\nnot searched again")

    def legend_rows(self, *, shapes: bool) -> list[LegendRow]:
        if shapes:
            return []
        return [LegendRow(labels.swatch(HIT_FILL, HIT_BORDER, width=12, height=12),
                          "cache hit: the score of an earlier call on the same position (#N)")]

    def per_depth(self, counts: list[int]) -> list[int]:
        """Per depth: how many calls were cache hits, over every call of the trace."""
        p = self.trace.positions
        totals: list[int] = []
        for pid, (n, source) in enumerate(zip(counts, self._sources(), strict=True)):
            if source is not None:
                depth = p.depth[pid]
                if depth >= len(totals):
                    totals.extend([0] * (depth + 1 - len(totals)))
                totals[depth] += n
        return totals

    def stats_rows(self, counts: list[int]) -> list[tuple[str, str]]:
        per = self.per_depth(counts)
        computed = sum(n for n, source in zip(counts, self._sources(), strict=True) if source is None)
        return [("cache hits", f"{sum(per):,}"),
                *((f"  at depth {d}", f"{n:,}") for d, n in enumerate(per) if n),
                ("computed positions", f"{computed:,} (each searched once)")]

    def _sources(self) -> list[int | None]:
        """Per row, the call a cache hit names, else None (the ``cached_from`` column)."""
        p = self.trace.positions
        return p.extras.get("cached_from") or [None] * len(p)

    def entry_questions(self, call: Call) -> list[Question]:
        """Whether ``call``'s position was met before at this depth."""
        answered = self.answered(call.pid)
        if answered is not None:
            why = f"Memo: {answered[1]}."
        else:
            why = "No earlier call met this position at this depth: it is computed here and stored."
        return [Question(
            kind="seen", call=call.call, depth=call.depth,
            prompt=f"Has the position of {who(self.game_words, call)} been met before?",
            choices=YES_NO, answer=0 if answered is not None else 1, explanation=why,
            ask=("begin", call.call, 0), reveal=("begin", call.call, 1),
        )]

    def page_data(self) -> dict[str, Any]:
        column = self.trace.positions.extras.get("cached_from")
        return {} if column is None else {"cached_from": list(column)}
