"""Tic-tac-toe's entry in the registry: its board files, its options and its JSON fields."""

from __future__ import annotations

import io
from typing import Any

from ...errors import InputError
from ...scores import DEPTH, NAMED, parse_scores, scores_from_json
from ..base import GameKind, GameOption, Variation
from .board import GUIDE_SIZE, MAX_SIZE, MIN_SIZE, Board, Mark, other
from .cells import the_empty_board_as_indexes
from .game import ASCENDING, TicTacToe, ascending, centre_first, pack, parse_order
from .notation import read_board_file, surely_a_board


class TicTacToeKind(GameKind):
    """The guide's game: a board file, ``--turn X|O``, ``--ai``, ``--scores``, ``--order``."""

    name = "tictactoe"
    aliases = ("tic-tac-toe",)
    title = "tic-tac-toe (a board file)"
    words = "tracer.explain.tictactoe:TicTacToeWords"
    turns = ("X", "O")
    turn_help = "X or O (default: inferred from the counts; X if equal)"
    options = (
        GameOption("ai", "The AI's mark (the maximiser); the other is the human.", ("X", "O"), "X"),
        GameOption("scores", "Terminal scores: tutorial (-1,1,0), ten (-10,10,0), depth (10-depth, "
                             "depth-10, 0) or HUMAN_WIN,AI_WIN,DRAW.", default="tutorial", metavar="SCHEME"),
        GameOption("order", "Loop order of the test-plays: ascending (the guide's), centre-first "
                            "(4, corners, edges; on larger boards the cells on most lines first) or every cell once, "
                            "C,C,...", default="ascending", metavar="ORDER"),
        GameOption("size", "The board's side: 3 (the guide's) to 5; a 4x4 or 5x5 position may have at "
                           "most 9 empty cells (default: the size the board file shows).", metavar="N"),
        GameOption("in_a_row", "How many in a row win: 3 up to the size (default: the size, at most 4).",
                   metavar="K"),
    )
    json_keys = frozenset({"board", "mark", "empty"})
    reads_version1 = True
    max_depth = 25  # a 5x5 board's cells (its positions have at most 9 empty cells)

    def sniff(self, text: str) -> int:
        # Any text may be a board unless another game claims it; the guide's array surely is, and
        # so is the empty board's indexes on one line (never a Nim heap of 12 million objects).
        if the_empty_board_as_indexes(text):
            return 5
        return 3 if surely_a_board(text) else 1

    def read(self, data: bytes, source: str, options: dict[str, Any]) -> Any:
        turn = options.get("turn")
        mark = turn.upper() if turn else None
        if mark not in (None, "X", "O"):
            raise InputError(f"expected X or O for a board, found {turn}", "--turn")
        size, in_a_row = _number(options.get("size"), "--size"), _number(options.get("in_a_row"), "--in-a-row")
        position = read_board_file(io.BytesIO(data), source, mark, size, in_a_row)
        ai: Mark = "O" if str(options.get("ai") or "X").upper() == "O" else "X"
        scores = parse_scores(options.get("scores") or "tutorial")
        board = position.board
        order = parse_order(options.get("order") or "ascending", board.size, board.in_a_row)
        return TicTacToe(board, position.to_move, ai, scores, order)

    def variations(self, game: Any) -> list[Variation]:
        return [Variation("order", game.varied(order=centre_first(game.size, game.in_a_row))),
                Variation("scores", game.varied(scores=DEPTH))]

    def compare_fields(self, game: Any) -> dict[str, Any]:
        scheme = next((name for name, s in NAMED.items() if s == game.scores), game.scores.spec())
        return {"order": list(game.order), "scores": scheme}

    # ---- the JSON trace ---------------------------------------------------------------

    def json_version1(self, game: Any) -> bool:
        # Version 1 knows neither depth-aware scores (not a fixed triple) nor boards other than the guide's.
        return game.order == ASCENDING and game.scores.spec() != "depth" and game.size == 3

    def json_header(self, game: Any, version: int = 2) -> list[tuple[str, Any]]:
        fields: list[tuple[str, Any]] = [("board", game.board.cells), ("to_move", game.to_move), ("ai", game.ai),
                                         ("human", game.human), ("scores", game.scores.as_dict())]
        if version > 1:
            fields.append(("order", list(game.order)))
        if game.size != 3:  # the guide's board says nothing, so its traces stay as they were
            fields += [("size", game.size), ("in_a_row", game.in_a_row)]
        return fields

    def from_json(self, header: dict[str, Any], source: str) -> Any:
        try:
            board = _header_board(header)
            to_move, ai = header["to_move"], header["ai"]
            if to_move not in ("X", "O") or ai not in ("X", "O"):
                raise ValueError(f'"to_move" and "ai" must be "X" or "O", found {to_move!r}, {ai!r}')
            if header.get("human", other(ai)) != other(ai):
                raise ValueError(f'"human" must be the mark that is not the AI\'s, {other(ai)!r}')
            cells = ascending(board.size)
            order = header.get("order", cells)
            if sorted(order) != list(cells) or any(type(c) is not int for c in order):
                raise ValueError(f'"order" must list the cells 0-{len(cells) - 1} once each, found {order!r}')
            return TicTacToe(board, to_move, ai, scores_from_json(header["scores"]), order)
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"expected a complete trace header, found a problem with {exc}", source) from None

    def state_from_json(self, game: Any, node: dict[str, Any]) -> int:
        cells, mark, empty = node.get("board"), node.get("mark"), node.get("empty")
        count = game.size * game.size
        if not (isinstance(cells, str) and len(cells) == count and not set(cells) - set("XO.")):
            raise ValueError(f"expected a board of {count} characters X, O or '.', found {cells!r}")
        if mark not in ("X", "O"):
            raise ValueError(f"expected mark 'X' or 'O', found {mark!r}")
        state = pack(Board(cells, game.in_a_row), mark)
        if not isinstance(empty, list) or any(type(c) is not int for c in empty) \
                or empty != list(game.empty_cells(state)):
            raise ValueError(f"expected empty cells {list(game.empty_cells(state))}, found {empty!r}")
        return state

    def json_head(self, game: Any, state: int) -> str:
        # Format version 1's order: the board and the mark come before "move".
        return f'"board":"{game.board_of(state).cells}","mark":"{game.mark_of(state)}",'

    def json_tail(self, game: Any, state: int) -> str:
        return f'"empty":[{",".join(map(str, game.empty_cells(state)))}],'


def _number(text: Any, option: str) -> int | None:
    """An option's whole number (``--size 4``), None when it is not given."""
    if text is None or isinstance(text, int):
        return text
    if not str(text).strip().isdigit() or len(str(text).strip()) > 3:
        raise InputError(f"expected a whole number, found {str(text)!r}", option)
    return int(text)


def _header_board(header: dict[str, Any]) -> Any:
    """A JSON header's board: 3×3 unless ``size`` says otherwise, with ``in_a_row``."""
    size, in_a_row = header.get("size", GUIDE_SIZE), header.get("in_a_row")
    if type(size) is not int or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f'"size" must be a whole number from {MIN_SIZE} to {MAX_SIZE}, found {size!r}')
    if in_a_row is not None and (type(in_a_row) is not int or not MIN_SIZE <= in_a_row <= size):
        raise ValueError(f'"in_a_row" must be a whole number from {MIN_SIZE} to {size}, found {in_a_row!r}')
    cells = header["board"]
    if not (isinstance(cells, str) and len(cells) == size * size and not set(cells) - set("XO.")):
        raise ValueError(f'"board" must be {size * size} characters X, O or ".", found {cells!r}')
    return Board(cells, in_a_row or 0)


KIND = TicTacToeKind()
