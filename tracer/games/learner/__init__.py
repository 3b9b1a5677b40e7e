"""A learner's recorded search (``trace check``) as a game: registered, never offered as an input's.

Its JSON trace holds the starting position, what ``trace check`` found (``"check"``) and per
call its row, board and side to move, so ``trace render`` draws a saved check again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import InputError
from ..base import GameKind

if TYPE_CHECKING:
    from typing import Any

    from .game import LearnerFacts

#: The longest text a fact may hold in a trace file (the reader's limit on one string).
MAX_TEXT = 4000


class LearnerKind(GameKind):
    name = "learner"
    title = "a learner's recorded search (trace check)"
    words = "tracer.explain.learner:LearnerWords"
    json_keys = frozenset({"row", "board", "mark"})
    offered = False

    def position(self, game: Any, state: int) -> Any:
        return state  # its game's ``position`` is the tic-tac-toe state below the row

    def json_header(self, game: Any, version: int = 2) -> list[tuple[str, Any]]:
        from .game import facts_json

        t = game.tictactoe
        return [("board", t.board.cells), ("to_move", t.to_move), ("ai", t.ai), ("check", facts_json(game.facts))]

    def from_json(self, header: dict[str, Any], source: str) -> Any:
        from ..tictactoe.board import Board
        from ..tictactoe.game import TicTacToe
        from .game import RecordedGame

        board, to_move, ai = header.get("board"), header.get("to_move"), header.get("ai")
        if not (isinstance(board, str) and len(board) == 9 and not set(board) - set("XO.")) \
                or to_move not in ("X", "O") or ai not in ("X", "O"):
            raise InputError('expected "board" (9 characters X, O or "."), "to_move" and "ai" ("X" or "O")',
                             source)
        facts = _facts(header.get("check"), source)
        return RecordedGame(TicTacToe(Board(board), to_move, ai), facts, source=source)

    def rows_read(self, game: Any, rows: Any) -> None:
        calls = int(rows.sizes[0]) if len(rows) else 0
        facts = game.facts
        # A call the facts name must be one of the trace's calls (a crafted file may say 10**9 or -1).
        for what, call in (("departure", facts.departure.call if facts.departure else None),
                           ("error_call", facts.error_call)):
            if call is not None and not 1 <= call <= calls:
                raise InputError(f'expected "check"\'s {what} to name one of the trace\'s {calls:,} calls, '
                                 f"found call {call}", game.source)
        game.learn(rows)

    def json_head(self, game: Any, state: int) -> str:
        if not game.has_board(state):
            return f'"row":{game.row_of(state)},"board":null,"mark":null,'
        return f'"row":{game.row_of(state)},"board":"{game.board_of(state).cells}","mark":"{game.mark_of(state)}",'

    def state_from_json(self, game: Any, node: dict[str, Any]) -> int:
        from ..tictactoe.board import Board
        from ..tictactoe.game import pack
        from .game import state_of

        row, board, mark = node.get("row"), node.get("board"), node.get("mark")
        if type(row) is not int or not 0 <= row < 1 << 40:
            raise ValueError(f"expected a row number, found {row!r}")
        if board is None and mark is None:
            return state_of(row, None)
        if not (isinstance(board, str) and len(board) == 9 and not set(board) - set("XO.")):
            raise ValueError(f"expected a board of 9 characters X, O or '.' (or null), found {board!r}")
        if mark not in ("X", "O"):
            raise ValueError(f"expected mark 'X' or 'O', found {mark!r}")
        return state_of(row, pack(Board(board), mark))


def _text(value: Any) -> bool:
    return value is None or (isinstance(value, str) and len(value) <= MAX_TEXT)


def _given(value: Any) -> bool:
    return value is not None and _text(value)


def _number(value: Any) -> bool:
    return type(value) is int and abs(value) <= 10**9


#: Each fact of the header's "check" and the check of its value.
FACT_CHECKS = {
    "program": _given, "language": lambda v: v in ("python", "javascript"),
    "function": _given, "first_call": _given,
    "verdict": lambda v: v in ("identical", "correct", "wrong", "error"),
    "difference": _text, "difference_text": _text, "scale": _given,
    "guide_index": lambda v: v is None or (type(v) is int and 0 <= v <= 8),
    "guide_score": _number, "guide_calls": lambda v: type(v) is int and v >= 0,
    "error": _text, "error_call": lambda v: v is None or _number(v),
}
DEPARTURE_CHECKS = {
    "call": lambda v: type(v) is int and v >= 1, "kind": _given,
    "when": lambda v: v in ("start", "return"), "returned": _given, "expected": _given, "why": _given,
}


def _facts(data: Any, source: str) -> LearnerFacts:
    """The header's ``"check"``, every field checked."""

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise InputError(f'expected "check" to hold {what}', source)

    import json  # only a JSON trace's reader gets here: no start pays for it

    from .game import Departure, LearnerFacts

    need(isinstance(data, dict), "what trace check found (an object)")
    for key, valid in FACT_CHECKS.items():
        need(key in data and valid(data[key]), f'a valid "{key}", found {json.dumps(data.get(key))[:60]}')
    departure = data.get("departure")
    if departure is not None:
        need(isinstance(departure, dict) and all(k in departure and ok(departure[k])
                                                 for k, ok in DEPARTURE_CHECKS.items()),
             'a "departure" with "call", "kind", "when", "returned", "expected" and "why"')
        departure = Departure(**{k: departure[k] for k in DEPARTURE_CHECKS})
    return LearnerFacts(**{k: data[k] for k in FACT_CHECKS}, departure=departure)


KIND = LearnerKind()

__all__ = ["KIND", "LearnerKind"]
