"""What ``trace check`` says about a learner's calls, in the recursion log's words: the guide's
step numbers and the log's phrases (``availCellsIndexes = [1, 4, 8]``, ``X is the AI, so
max(-1, +1, -1) = +1``), so a learner reads the same sentence here as in ``trace --log``."""

from __future__ import annotations

from typing import Any

from ...explain.tictactoe import TicTacToeWords
from ...games.tictactoe.board import Board, cell_name
from ...games.tictactoe.game import TERMINAL_CODES, TicTacToe, pack
from ..judging.scales import Scale, number, winner
from ..values.reading import Cells, Returned

INF = float("inf")


def board9(cells: Cells) -> str:
    """``X.OX.XOO.``: nine characters, as tracer's JSON writes a board."""
    return "".join(c or "." for c in cells)


def compact(cells: Cells) -> str:
    """``X.O/X.X/OO.``: rows split by ``/``, as the log writes a board."""
    text = board9(cells)
    return f"{text[0:3]}/{text[3:6]}/{text[6:9]}"


def signed(value: float | None) -> str:
    """A score as the log writes it: ``+1``, ``-1``, ``0``; ``nothing`` for no score."""
    if value is None:
        return "nothing"
    if value != value or value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity" if value < 0 else "NaN"
    text = number(value)
    return f"+{text}" if value > 0 else text


def cells_text(cells: list[int]) -> str:
    word = "cell" if len(cells) == 1 else "cells"
    return f"{word} {', '.join(map(str, cells))}" if cells else "no cell"


class Words:
    """The sentences of one search's report: its AI, its scale and its way of returning."""

    def __init__(self, scale: Scale, returns: str = "object"):
        self.scale = scale
        self.returns = returns

    def role(self, mark: str) -> str:
        return "the AI" if mark == self.scale.ai else "the human"

    def terminal(self, cells: Cells, mover: str) -> str:
        """Step 9's finding, as the log writes it."""
        won = winner(cells)
        code = TERMINAL_CODES[won if won else "draw"]
        board = Board(board9(cells))
        game = TicTacToeWords(TicTacToe(board, mover, self.scale.ai))  # type: ignore[arg-type]
        return game.terminal_sentence(pack(board, mover), code)  # type: ignore[arg-type]

    def value(self, score: float | None, move: int | None = None) -> str:
        """A return value in the shape the program returns them: ``{index: 4, score: 1}``, ``1``, ..."""
        if score is None:
            return "nothing" if move is None else f"cell {move}"
        text = number(score)
        if self.returns == "object":
            return f"{{score: {text}}}" if move is None else f"{{index: {move}, score: {text}}}"
        if self.returns in ("score-move", "move-score") and move is not None:
            pair = (text, str(move)) if self.returns == "score-move" else (str(move), text)
            return f"({pair[0]}, {pair[1]})"
        if self.returns in ("xy-score", "move-score-more"):
            x, y = (move // 3, move % 3) if move is not None else (-1, -1)
            return f"[{x}, {y}, {text}]" if self.returns == "xy-score" else f"([{x}, {y}], {text}, …)"
        if self.returns == "action" and move is not None:
            return f"cell {move} ({move // 3}, {move % 3})"
        return text

    # ---- a call made where it should not be ---------------------------------------------

    def not_a_board(self) -> str:
        return "its arguments hold no board tracer can read (9 cells, or 3 rows of 3)"

    def finished_board(self, cells: Cells, mover: str, child: int, score: float) -> str:
        return (f"{self.terminal(cells, mover)}: step 9 returns {self.value(score)} here, without "
                f"test-playing; it went on to test-play (call #{child})")

    def wrong_mark(self, parent: int, mover: str, played: str | None, cell: int) -> str:
        return (f"call #{parent} is {mover}'s turn, but {played} was played on cell {cell}: step 11 "
                f"test-plays the current player's mark, {mover}")

    def tried_twice(self, parent: int, cell: int) -> str:
        return (f"call #{parent} had already test-played cell {cell}: step 13 moves on to the next "
                "empty cell, so each is tried once")

    def told_wrong_side(self, mover: str, cell: int, child: int, told: str) -> str:
        nxt = "O" if mover == "X" else "X"
        return (f"after {mover} on cell {cell} ({cell_name(cell)}), call #{child} is told {told} is to move: "
                f"step 11 calls minimax with the other player's mark, {nxt}")

    def not_taken_back(self, left: list[int], mover: str, parent: int, child: int, expected: Cells) -> str:
        return (f"{cells_text(left)} ({mover}'s earlier test-play of call #{parent}) "
                f"{'was' if len(left) == 1 else 'were'} not reset: step 12 resets the cell before "
                f"the next test-play, so call #{child} should be on {compact(expected)}")

    def not_played(self, parent: int, mover: str) -> str:
        return (f"it is called on call #{parent}'s board unchanged: step 11 places {mover} on the "
                "empty cell before calling minimax on the new board")

    def not_a_child(self, cells: Cells, parent: int, pcells: Cells, mover: str) -> str:
        return (f"its board {compact(cells)} is not call #{parent}'s board {compact(pcells)} with one "
                f"{mover} added (step 11)")

    # ---- a call that returns the wrong thing ----------------------------------------------

    def missing_cells(self, tried: list[int], missing: list[int], empty: list[int]) -> str:
        found = f"it test-played {cells_text(tried)} but not {cells_text(missing)}" if tried else \
            "it returned without test-playing any cell, though the game goes on"
        return (f"{found}: step 10's for-loop test-plays every empty cell "
                f"(availCellsIndexes = [{', '.join(map(str, empty))}])")

    def misremembered(self, returned: float | None, searched: float | None) -> str:
        return (f"it returned {self.value(returned)} without test-playing a cell, though an earlier call "
                f"searched this same board and returned {self.value(searched)}: a remembered score (a "
                "cache or a memo) must be the one the board's own search returned, kept once its loop is done")

    def wrong_terminal(self, cells: Cells, mover: str, expected: float, depth: int) -> str:
        text = f"{self.terminal(cells, mover)}: step 9 returns {self.value(expected)}"
        if self.scale.per_move and winner(cells):
            text += f" (a win {depth} move{'' if depth == 1 else 's'} after the first call)"
        return text

    def wrong_inner(self, cells: Cells, mover: str, scores: list[float | None], expected: float,
                    maximising: bool, returned: Returned) -> str:
        how = "max" if maximising else "min"
        listed = ", ".join(signed(s) for s in scores)
        who = f"{mover} is {self.role(mover)}" if self.scale.view == "ai" else (
            f"{mover} moves and scores are from the side to move" if self.scale.view == "mover"
            else f"{mover} moves and scores are from the side that just moved")
        head = "it returned nothing: " if returned.score is None else ""
        return (f"{head}{who}, so {how}({listed}) = {signed(expected)}: step 16 keeps the "
                f"{'highest' if maximising else 'lowest'} test-play and step 17 returns it")

    def unsound(self, window: tuple[float, float] | None, maximising: bool, score: float | None,
                value: float, tried: list[int], missing: list[int],
                plays: list[tuple[int, tuple[float, float] | None, float | None]] | None = None) -> str:
        """A call given a window that returned neither its board's score nor a bound on the
        right side of its window."""
        alpha, beta = window or (-INF, INF)
        side = "MAX" if maximising else "MIN"
        rule = ("a MAX call stops once its best ≥ β" if maximising else "a MIN call stops once its best ≤ α")
        skipped = f", without test-playing {cells_text(missing)}" if missing else ""
        where = ("≤ α" if value <= alpha else "≥ β" if value >= beta else "inside the window")
        due = (f"{signed(value)} itself" if alpha < value < beta else
               f"{signed(value)} or any score {where}")
        return (f"called with {window_text(alpha, beta)} ({side}), it returned {signed(score)} "
                f"after test-playing {cells_text(tried)}{skipped}; its board's score is {signed(value)}, "
                f"{where}, so a right answer is {due}: {rule}, and a cut leaves a bound only on the "
                f"side of the window the score is on{self.windows_passed(plays or [], maximising)}")

    def windows_passed(self, plays: list[tuple[int, tuple[float, float] | None, float | None]],
                       maximising: bool) -> str:
        """What each test-play's call was given and returned, and the window the textbook passes."""
        shown = [f"cell {cell} with {window_text(*window)} returned {signed(score)}"
                 for cell, window, score in plays[:6] if window is not None]
        if not shown:
            return ""
        more = ", ..." if len(plays) > 6 else ""
        passes = "raises α to its best" if maximising else "lowers β to its best"
        return (f"; its test-plays: {', '.join(shown)}{more} (a {'MAX' if maximising else 'MIN'} call "
                f"{passes} and passes α and β on as they stand)")

    def wrong_move(self, move: int, move_value: float | None, expected: float, best: int | None) -> str:
        return (f"it chose cell {move}, whose test-play scores {signed(move_value)}, but the best "
                f"scores {signed(expected)} (cell {best}): step 16 keeps the best test-play")

    def not_a_cell(self, given: Any, empty: list[int], best: int | None) -> str:
        shown = given if isinstance(given, (int, float, str)) else "a value"
        return (f"it chose {shown!r}, which is not a cell of the board (the empty cells are "
                f"{', '.join(map(str, empty))}); the best is cell {best}: step 16 keeps a test-play's cell")


def window_text(alpha: float, beta: float) -> str:
    """``α = -∞, β = 0``: a window as the log writes it."""
    low = "-∞" if alpha == -INF else signed(alpha)
    high = "+∞" if beta == INF else signed(beta)
    return f"α = {low}, β = {high}"
