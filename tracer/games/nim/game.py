"""Nim's rules: heaps of objects; a move takes one or more objects from one heap.

A state packs the heaps (three bits each, heap 1 lowest) and whether the AI is to move (the
bit above). The AI moves first and maximises; scores are ±1 from its point of view. Who takes
the last object wins (normal play) or loses (misère). A move is ``8 * heap + take``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

MAX_HEAPS = 5
MAX_HEAP = 7
#: The most calls the guide's minimax may make: about twice the empty tic-tac-toe board's, so
#: ``3 4 5`` (1,038,768) and ``4 4 4`` (1,176,106) are traced.
MAX_CALLS = 1_200_000

BITS = 3
FIELD = (1 << BITS) - 1
AI_TO_MOVE = 1 << (BITS * MAX_HEAPS)

AI_WINS, HUMAN_WINS = 1, 2
TERMINAL_NAMES: tuple[str | None, ...] = (None, "AI wins", "human wins")

#: Ascending tries moves by their numbers (heap by heap, taking 1 first), as the guide's loop
#: goes through cells; ``all-first`` takes the whole heap first, so alpha-beta cuts sooner.
ASCENDING, ALL_FIRST = "ascending", "all-first"
ORDERS = (ASCENDING, ALL_FIRST)


def pack(heaps: Sequence[int], ai_to_move: bool) -> int:
    return sum(h << BITS * i for i, h in enumerate(heaps)) | (AI_TO_MOVE if ai_to_move else 0)


def move_of(heap: int, take: int) -> int:
    return (heap << BITS) | take


def heap_and_take(move: int) -> tuple[int, int]:
    return move >> BITS, move & FIELD


@cache
def game_tree_calls(heaps: tuple[int, ...]) -> int:
    """How many calls the guide's minimax makes on ``heaps`` (their order does not matter)."""
    key = tuple(sorted(h for h in heaps if h))
    if key != heaps:
        return game_tree_calls(key)
    return 1 + sum(game_tree_calls(tuple(sorted(key[:i] + (h - k,) + key[i + 1:])))
                   for i, h in enumerate(key) for k in range(1, h + 1))


class HeapsPosition(NamedTuple):
    """A call's position in Nim's terms: ``call.heaps`` (heap 1 first), ``call.player`` (``AI``, ``human``)."""

    heaps: tuple[int, ...]
    player: str


class Nim:
    """Nim from ``heaps``, the AI to move: normal play (who takes the last object wins) or
    misère (who takes the last object loses), moves tried in ``order``:
    ``tracer.search(tracer.Nim([1, 3, 5], misere=True))``. ValueError for heaps beyond the
    limits (``MAX_HEAPS``, ``MAX_HEAP``, ``MAX_CALLS``)."""

    name = "nim"
    terminal_names = TERMINAL_NAMES

    def __init__(self, heaps: Sequence[int], misere: bool = False, order: str = ASCENDING):
        if not 1 <= len(heaps) <= MAX_HEAPS or any(type(h) is not int or not 0 <= h <= MAX_HEAP for h in heaps):
            raise ValueError(f"expected 1 to {MAX_HEAPS} heaps of 0 to {MAX_HEAP} objects, found {list(heaps)!r}")
        if order not in ORDERS:
            raise ValueError(f"expected a loop order ({', '.join(ORDERS)}), found {order!r}")
        if game_tree_calls(tuple(heaps)) > MAX_CALLS:
            raise ValueError(f"expected heaps on which minimax makes at most {MAX_CALLS:,} calls, found "
                             f"{list(heaps)!r}, which take {game_tree_calls(tuple(heaps)):,}")
        self.heaps = tuple(heaps)
        self.misere = misere
        self.order = order
        self.root = pack(self.heaps, True)

    def __repr__(self) -> str:
        return f"Nim({list(self.heaps)!r}, misere={self.misere!r}, order={self.order!r})"

    def varied(self, **changes: object) -> Nim:
        """The same heaps with some settings changed (``order``, ``misere``)."""
        settings: dict[str, object] = {"misere": self.misere, "order": self.order, **changes}
        return Nim(self.heaps, **settings)  # type: ignore[arg-type]

    # ---- rules ------------------------------------------------------------------------

    def maximising(self, state: int) -> bool:
        return bool(state & AI_TO_MOVE)

    def moves(self, state: int) -> Sequence[int]:
        found: list[int] = []
        for heap, size in enumerate(self.heaps_of(state)):
            takes = range(1, size + 1) if self.order == ASCENDING else range(size, 0, -1)
            found.extend(move_of(heap, take) for take in takes)
        return found

    def play(self, state: int, move: int) -> int:
        heap, take = heap_and_take(move)
        return (state - (take << BITS * heap)) ^ AI_TO_MOVE

    def outcome(self, state: int, depth: int) -> tuple[int, int] | None:
        if state & (AI_TO_MOVE - 1):
            return None
        # No object is left: the player who is not to move took the last one.
        ai_took_last = not self.maximising(state)
        return (AI_WINS, 1) if ai_took_last != self.misere else (HUMAN_WINS, -1)

    # ---- decoding ---------------------------------------------------------------------

    def heaps_of(self, state: int) -> list[int]:
        """The heaps' sizes in ``state``, heap 1 first."""
        return [state >> BITS * i & FIELD for i in range(len(self.heaps))]

    def player(self, state: int) -> str:
        """``AI`` or ``human``: who moves in ``state``."""
        return "AI" if self.maximising(state) else "human"

    def position(self, state: int) -> HeapsPosition:
        """``state`` as the heaps and who moves."""
        return HeapsPosition(tuple(self.heaps_of(state)), self.player(state))

    def took_last(self, state: int) -> str:
        """Who took the last object, at a finished state."""
        return "human" if self.maximising(state) else "AI"

