"""Nim's entry in the registry: heaps files, ``--misere``, ``--order`` and their JSON fields."""

from __future__ import annotations

from typing import Any

from ...errors import InputError
from ..base import GameKind, GameOption, Variation
from .game import ALL_FIRST, ASCENDING, ORDERS, Nim, heap_and_take, pack
from .notation import MAX_BYTES, decode, parse_heaps, sniff_score


class NimKind(GameKind):
    """A Nim file (``3 4 5`` or ``[1, 3, 5]``), the AI first; normal play or ``--misere``."""

    name = "nim"
    title = "Nim (a heaps file)"
    words = "tracer.explain.nim:NimWords"
    options = (
        GameOption("misere", "Nim: misère play, where who takes the last object loses (default: "
                             "who takes it wins).", flag=True),
        GameOption("order", "For Nim: ascending (heap by heap, taking 1 first) or all-first "
                            "(heap by heap, the whole heap first).", default="ascending", metavar="ORDER"),
    )
    json_keys = frozenset({"heaps", "player"})
    max_bytes = MAX_BYTES
    max_depth = 35  # five heaps of seven objects, one taken a move at the most

    def sniff(self, text: str) -> int:
        return sniff_score(text)

    def read(self, data: bytes, source: str, options: dict[str, Any]) -> Any:
        if options.get("turn"):
            raise InputError("Nim takes no side to move: the AI (the maximiser) moves first; leave "
                             "the option out", "--turn")
        order = (options.get("order") or "ascending").lower()
        if order not in ORDERS:
            raise InputError(f"expected a loop order for Nim: {' or '.join(ORDERS)}, found {order}", "--order")
        return Nim(parse_heaps(decode(data, source), source), bool(options.get("misere")), order)

    def variations(self, game: Any) -> list[Variation]:
        return [Variation("order", game.varied(order=ALL_FIRST if game.order == ASCENDING else ASCENDING))]

    def json_result(self, game: Any, move: int | None) -> dict[str, Any]:
        # The chosen move as people count heaps (from 1), beside its number.
        if move is None:
            return {"heap": None, "take": None}
        heap, take = heap_and_take(move)
        return {"heap": heap + 1, "take": take}

    def compare_fields(self, game: Any) -> dict[str, Any]:
        return {"order": game.order, "scores": None}

    # ---- the JSON trace ---------------------------------------------------------------

    def json_header(self, game: Any, version: int = 2) -> list[tuple[str, Any]]:
        return [("heaps", list(game.heaps)), ("misere", game.misere), ("order", game.order)]

    def from_json(self, header: dict[str, Any], source: str) -> Any:
        heaps, misere, order = header.get("heaps"), header.get("misere"), header.get("order")
        try:
            if type(misere) is not bool or order not in ORDERS:
                raise ValueError(f'"misere" (true or false) and "order" ({" or ".join(ORDERS)}), '
                                 f"found {misere!r}, {order!r}")
            return Nim(heaps, misere, order)  # type: ignore[arg-type]
        except (TypeError, ValueError) as exc:
            raise InputError(f"expected a Nim trace header: {exc}", source) from None

    def json_head(self, game: Any, state: int) -> str:
        heaps = ",".join(map(str, game.heaps_of(state)))
        return f'"heaps":[{heaps}],"player":"{game.player(state)}",'

    def state_from_json(self, game: Any, node: dict[str, Any]) -> int:
        heaps, player = node.get("heaps"), node.get("player")
        if (not isinstance(heaps, list) or len(heaps) != len(game.heaps) or player not in ("AI", "human")
                or any(type(h) is not int or not 0 <= h <= start for h, start in zip(heaps, game.heaps, strict=True))):
            raise ValueError(f"expected {len(game.heaps)} heaps no larger than {list(game.heaps)} and a "
                             f"player ('AI' or 'human'), found {heaps!r}, {player!r}")
        return pack(heaps, player == "AI")


KIND = NimKind()
