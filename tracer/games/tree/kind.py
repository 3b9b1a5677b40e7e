"""Textbook trees' entry in the registry: tree files, ``--turn max|min`` and their JSON fields."""

from __future__ import annotations

from typing import Any

from ...errors import InputError, safe_name
from ..base import GameKind
from .notation import MAX_BYTES, MAX_DEPTH, decode, format_tree, looks_like_tree


class TreeKind(GameKind):
    """A tree file (``A: [B: [3, 12, 8], C: [2, 4, 6]]``), MAX or MIN at the root."""

    name = "tree"
    title = "a textbook game tree (a tree file)"
    words = "tracer.explain.tree:TreeWords"
    turns = ("max", "min")
    turn_help = "for a tree, max or min at the root (default max)"
    json_keys = frozenset({"label", "player"})
    max_bytes = MAX_BYTES
    max_depth = MAX_DEPTH

    def sniff(self, text: str) -> int:
        return 2 if looks_like_tree(text) else 0

    def read(self, data: bytes, source: str, options: dict[str, Any]) -> Any:
        from .game import GameTree

        turn = options.get("turn")
        player = turn.upper() if turn else "MAX"
        if player not in ("MAX", "MIN"):
            raise InputError(f"expected max or min for a tree, found {turn}", "--turn")
        return GameTree.parse(decode(data, source), player, source)

    # ---- the JSON trace ---------------------------------------------------------------

    def json_header(self, game: Any, version: int = 2) -> list[tuple[str, Any]]:
        # The tree's name comes too, so a re-rendered trace reads as the original did.
        return [("root_player", game.root_player), ("game_tree", format_tree(game.nodes)),
                ("source", game.source)]

    def from_json(self, header: dict[str, Any], source: str) -> Any:
        from .game import GameTree

        text, player = header.get("game_tree"), header.get("root_player")
        if not isinstance(text, str) or player not in ("MAX", "MIN"):
            raise InputError('expected "game_tree" (a tree in the tree notation) and '
                             f'"root_player" ("MAX" or "MIN"), found {player!r}', source)
        try:
            game = GameTree.parse(text, player, f'{source} "game_tree"')
        except InputError as exc:
            raise InputError(f'expected a valid "game_tree": {exc}', source) from None
        name = header.get("source")
        game.source = safe_name(name if isinstance(name, str) else source, 200)
        return game

    def state_from_json(self, game: Any, node: dict[str, Any]) -> int:
        label = node.get("label")
        try:
            state = game.node(label)
        except (KeyError, TypeError):
            raise ValueError(f"expected the label of a node of the tree, found {label!r}") from None
        if node.get("player") != game.player(state):
            raise ValueError(f"expected player {game.player(state)!r} at {label}, found {node.get('player')!r}")
        return int(state)

    def json_head(self, game: Any, state: int) -> str:
        label = game.label(state).replace("\\", "\\\\").replace('"', '\\"')
        return f'"label":"{label}","player":"{game.player(state)}",'

    def json_result(self, game: Any, move: int | None) -> dict[str, Any]:
        # The chosen child's label, beside its index.
        return {"label": None if move is None else game.label(move)}


KIND = TreeKind()
