"""The guide's minimax adds nothing to the guide's steps: its words are the baseline's."""

from __future__ import annotations

from .base import SearchWords


class MinimaxWords(SearchWords):
    """The guide's minimax: nothing added but the summary's count of work repeated (memoisation's saving)."""

    def name(self) -> str:
        return "the guide's minimax"

    def short_name(self) -> str:
        # With another loop order or score scheme it is minimax, no longer the guide's run.
        return "minimax"

    def title(self) -> str:
        return "Minimax"

    def describe_lines(self) -> list[str]:
        return []

    def stats_rows(self, counts: list[int]) -> list[tuple[str, str]]:
        words, stats = self.game_words, self.trace.stats()
        top = stats.most_repeated_state
        share = stats.repeated_calls / stats.calls if stats.calls else 0.0
        return [
            ("distinct positions", f"{stats.positions:,} ({words.position_words})"),
            (
                "most repeated",
                f"{words.describe(top)}, {words.player(top)} to move: searched "
                f"{stats.most_repeated_count:,} times ({stats.most_repeated_count - 1:,} times again)"
                if stats.most_repeated_count > 1
                else "none: every position was searched once",
            ),
            (
                "repeated work",
                f"{stats.repeated_calls:,} calls ({share:.1%}) searched a position already met; "
                f"memoisation would make {stats.positions:,} calls",
            ),
        ]
