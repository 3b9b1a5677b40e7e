"""Nim's words and pictures: heaps as rows of objects, moves named "take 2 from heap 3"."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from ..games.nim.game import ASCENDING, BITS, HUMAN_WINS, heap_and_take
from ..style import INDEX_TEXT, PLAYED_FILL, SMALL_POINTS
from . import labels, pagewords
from .base import GameWords, outcome_rows
from .labels import LegendRow

if TYPE_CHECKING:
    from typing import Any

    from ..games.nim.game import Nim
    from ..trace import Trace

#: How a picture draws an object in a heap, one just taken, and an empty heap.
OBJECT, TAKEN, NONE_LEFT = "●", "○", "–"
#: A move as a learner types it: ``2 from 3`` (``take 2 from heap 3`` reads too).
TYPED_MOVE = re.compile(r"(\d+)\s*from\s*(?:heap\s*)?(\d+)")


class NimWords(GameWords):
    """Nim told as the guide tells tic-tac-toe: the AI (maximiser) against the human."""

    game: Nim
    max_name = "AI"
    min_name = "human"
    position_words = "one per position: the heaps and who moves"
    state_noun = "position"
    tokens_name = "moves such as 2 from 3 (take 2 from heap 3)"
    already_over = "No object is left"

    def rule(self) -> str:
        """The winning rule in a phrase."""
        return ("misère play: who takes the last object loses" if self.game.misere
                else "normal play: who takes the last object wins")

    def describe(self, state: int) -> str:
        """``heaps 1 0 2`` (the page's ``nim.heaps``)."""
        return self.phrases().say("nim.heaps", sizes=" ".join(map(str, self.game.heaps_of(state))))

    def setting(self) -> str:
        return f"{self.describe(self.game.root)} with the AI to move ({self.rule()})"

    def move_name(self, move: int) -> str:
        heap, take = heap_and_take(move)
        return f"take {take} from heap {heap + 1}"

    def move_short(self, move: int) -> str:
        heap, take = heap_and_take(move)
        return f"{take} from {heap + 1}"

    def moves_answer(self, typed: str) -> str:
        found = {(int(heap), int(take)) for take, heap in TYPED_MOVE.findall(typed.lower())}
        return ", ".join(f"{take} from {heap}" for heap, take in sorted(found)) or "none"

    def point_of_view(self, state: int) -> str:
        return "" if self.game.maximising(state) else " (scores are from the AI's point of view)"

    def log_header(self) -> str:
        g = self.game
        return (
            f"Trace of Nim on {self.describe(g.root)} with the AI to move ({self.rule()}).\n"
            "A move takes one or more objects from one heap. The AI is the maximiser, the human "
            "the minimiser;\nscores are from the AI's point of view: +1 the AI wins, -1 the human wins.\n"
            + "".join(line + "\n" for line in self.setting_lines())
            + "#N numbers the calls in the order they start; a call is indented one level below "
            "its caller.\n\n"
        )

    def setting_lines(self) -> list[str]:
        if self.game.order == ASCENDING:
            return []
        return ["Loop order: all-first (heap by heap, the whole heap first, then one object fewer)."]

    def setting_words(self) -> list[str]:
        words = ["misère"] if self.game.misere else []
        return words + ([] if self.game.order == ASCENDING else [f"order {self.game.order}"])

    def first_call_text(self, state: int) -> str:
        return f"minimax({self.describe(state)}, AI)"

    def terminal_sentence(self, state: int, terminal: int) -> str:
        """``no object is left: the AI took the last one and wins`` (the page's ``nim.over``)."""
        return self.phrases().say("nim.over", last=self.game.took_last(state))

    def answer_text(self, state: int, move: int) -> str:
        return f"the AI plays the move bestPlayInfo holds: {self.move_name(move)}"

    def terminal_label(self, terminal: int) -> str:
        return "human wins" if terminal == HUMAN_WINS else "AI wins"

    def outcome_kind(self, terminal: int) -> str:
        return "loss" if terminal == HUMAN_WINS else "win"

    def value_kind(self, score: int) -> str:
        return "win" if score > 0 else "loss"

    def fixed_scores(self) -> set[int]:
        return {-1, 1}

    def stats_head(self) -> tuple[str, str]:
        return ("game", f"Nim, {self.setting()}")

    def page_heading(self) -> str:
        return f"Nim · {self.describe(self.game.root)} · the AI to move · {self.rule()}"

    def figures_intro(self, trace: Trace) -> str:
        from html import escape

        root = trace.root
        text = (f"Nim on {self.describe(root.state)}, the AI to move ({self.rule()}). A move takes one "
                "or more objects from one heap; scores are from the AI's point of view. ")
        if root.best is None:
            return escape(text + "No object is left, so minimax returns at once.")
        return escape(text + f"Call #1 tries each of its {len(self.game.moves(root.state))} moves in turn: "
                      f"one figure per test-play, then the overview. In all, minimax makes {trace.calls:,} "
                      f"calls and the AI plays {self.move_name(root.best)}. Numbers such as #5 are call "
                      "numbers, as in the log.")

    def picture(self, state: int, *, played: int | None = None, testing: int | None = None,
                terminal: int = 0, line_colour: str = "") -> str:
        """The heaps as rows of objects: those just ``played`` (taken) hollow in red, those ``testing`` red."""
        taken = heap_and_take(played) if played is not None else (-1, 0)
        tried = heap_and_take(testing) if testing is not None else (-1, 0)
        rows = []
        for heap, size in enumerate(self.game.heaps_of(state)):
            kept = size - (tried[1] if tried[0] == heap else 0)
            parts = [labels.text(" ".join(OBJECT * kept))] if kept else []
            if tried[0] == heap:
                parts.append(labels.font(labels.text(" ".join(OBJECT * tried[1])), COLOR=PLAYED_FILL))
            if taken[0] == heap:
                parts.append(labels.font(labels.text(" ".join(TAKEN * taken[1])), COLOR=PLAYED_FILL))
            objects = " ".join(parts) or labels.font(NONE_LEFT, COLOR=INDEX_TEXT)
            rows.append(labels.row(
                labels.cell(labels.font(labels.text(f"{heap + 1}"), POINT_SIZE=SMALL_POINTS, COLOR=INDEX_TEXT),
                            ALIGN="RIGHT"),
                labels.cell(objects, ALIGN="LEFT")))
        return labels.table(*rows, BORDER="0", CELLBORDER="0", CELLSPACING="0", CELLPADDING="1")

    def legend_rows(self, *, played: bool, testing: bool, fills: Collection[str],
                    finished: Collection[str], states: Collection[int] | None = None) -> list[LegendRow]:
        rows: list[LegendRow] = []
        if states is None or any(any(self.game.heaps_of(state)) for state in states):
            rows.append(LegendRow(labels.sample(OBJECT, "#212121", SMALL_POINTS),
                                  "an object; each row is a heap, numbered on its left"))
        if played:
            rows.append(LegendRow(labels.sample(TAKEN, PLAYED_FILL, SMALL_POINTS),
                                  "red hollow objects: those the move just took"))
        if testing:
            rows.append(LegendRow(labels.sample(OBJECT, PLAYED_FILL, SMALL_POINTS),
                                  "red objects: those the for-loop's test-play takes"))
        return rows + outcome_rows(fills, {"win": f"the AI wins: +1 ({self.rule()})",
                                           "loss": f"the human wins: -1 ({self.rule()})"})

    def text_picture(self, state: int) -> list[str]:
        return [f"heap {i + 1}: {' '.join(OBJECT * h) or NONE_LEFT}" for i, h in enumerate(self.game.heaps_of(state))]

    page_module = "nim"

    def page_data(self) -> dict[str, Any]:
        return {"heaps": len(self.game.heaps), "bits": BITS, "order": self.game.order}

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        mask = (1 << BITS * len(self.game.heaps)) - 1
        return {"heaps": [s & mask for s in states], "max_to_move": [int(self.game.maximising(s)) for s in states]}

    def page_moves_derived(self) -> bool:
        # The module lists a position's moves in the loop's order itself.
        return True

    def page_phrases(self) -> dict[str, str]:
        over = ("no object is left: the {last} took the last one and loses (misère)" if self.game.misere
                else "no object is left: the {last} took the last one and wins")
        return {**super().page_phrases(), **PAGE_PHRASES, "nim.over": over}

    def page_constants(self) -> dict[str, str]:
        return {**super().page_constants(), "state_var": "heaps", "rule": self.rule()}

    def page_legend(self) -> list[tuple[str, str, str]]:
        return [("", "", "● an object; each row is a heap, numbered on its left"),
                ("", "", "○ in red: the objects the move just took"),
                ("win", "", "no object left, the AI wins: +1 ({rule})"),
                ("loss", "", "no object left, the human wins: -1 ({rule})"),
                *pagewords.TREE_LEGEND]

    def code_lines(self) -> list[tuple[str, str, str]]:
        return list(CODE_LINES)


#: How Nim is told on the step-through page (over ``pagewords.PHRASES``).
PAGE_PHRASES: dict[str, str] = {
    "nim.heaps": "heaps {sizes}",
    "meaning.win": "a win for the AI",
    "meaning.loss": "a win for the human",
    "kind.check": "are objects left?",
    "stack.call": "minimax({state}, {player})",
    "var.state.name": "heaps",
    "var.placed": "take {short}",
}

#: The guide's minimax over Nim's heaps, as the code panel shows it (see ``pagewords.CODE``).
CODE_LINES: list[tuple[str, str, str]] = pagewords.code_with({
    "def": "def minimax(heaps, player{args}):",
    "empty": "    moves = all (heap, take), 1 <= take <= size",
    "over": "    if no object is left: return {{score: ±1}}",
    "recurse": "        result = minimax(heaps after move, the other player{args})",
    "first": "bestPlayInfo = minimax(the first heaps, {root_player}{first_args})",
})
