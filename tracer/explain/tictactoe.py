"""Tic-tac-toe's words and pictures: boards, cells, marks, the guide's own figures and variables.

Everything a learner reads about a tic-tac-toe position comes from here: the guide's
names (``availCellsIndexes``, the array with empty cells as their index), the n×n board
for Graphviz, as SVG for notebooks and as text for the terminal, and the score schemes.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from ..games.tictactoe.board import Board
from ..games.tictactoe.game import TERMINAL_NAMES, order_name
from ..scores import DepthScores
from ..style import (
    CELL_SIZE,
    CELL_TEXT,
    FONT,
    INDEX_POINTS,
    INDEX_TEXT,
    INNER_BORDER,
    INNER_FILL,
    MARK_POINTS,
    OUTCOME_INK,
    PLAYED_FILL,
    PLAYED_TEXT,
    SMALL_POINTS,
    TESTING_BORDER,
    TESTING_FILL,
)
from . import labels, pagewords
from .base import FigureWords, GameWords, Note, outcome_rows
from .labels import LegendRow
from .text import signed

if TYPE_CHECKING:
    from typing import Any

    from ..games.tictactoe.game import TicTacToe
    from ..trace import Trace


class TicTacToeWords(GameWords):
    """The guide's words for tic-tac-toe: X and O, cells 0-8, the AI and the human."""

    game: TicTacToe
    position_words = "board + mark to move"
    moves_noun = "empty cells"
    max_role = "the AI"
    min_role = "the human"
    state_noun = "board"
    already_over = "The board is already over"
    tokens_name = "cell numbers"

    def __init__(self, game: TicTacToe):
        super().__init__(game)
        self.max_name, self.min_name = game.ai, game.human
        #: ``three in a row`` (the guide's), ``four in a row``: what wins on this board.
        self.row_words = game.shape.row_words()

    def player(self, state: int) -> str:
        return self.game.mark_of(state)

    def mover(self, state: int) -> str:
        role = "the AI, the maximiser" if self.game.maximising(state) else "the human, the minimiser"
        return f"{self.player(state)} ({role})"

    def describe(self, state: int) -> str:
        return self.game.board_of(state).compact()

    def players_line(self) -> str:
        return f"the AI (maximiser) is {self.game.ai}"

    def guide_array(self, state: int) -> str:
        """The board as the guide's array: ``["X", 1, "O", ...]`` (an empty cell holds its index)."""
        board = self.game.board_of(state)
        return "[" + ", ".join(str(i) if c == "." else f'"{c}"' for i, c in enumerate(board.cells)) + "]"

    def setting(self) -> str:
        g = self.game
        return f"{self.guide_array(g.root)} with {g.to_move} to move ({g.ai} is the AI)"

    def move_name(self, move: int) -> str:
        return f"cell {move} ({self.game.shape.cell_name(move)})"

    def move_short(self, move: int) -> str:
        return f"cell {move}"

    def move_token(self, move: int) -> str:
        return str(move)

    def moves_text(self, state: int) -> str:
        """The empty cells a call's for-loop tries: ``cells 1, 4, 8`` (ascending, as step 8 lists them)."""
        return "cells " + ", ".join(map(str, self.game.empty_cells(state)))

    def moves_answer(self, typed: str) -> str:
        return super().moves_answer(" ".join(w for w in typed.replace(",", " ").split()
                                             if w.lower() not in ("cell", "cells")))

    def move_phrase(self, state: int, move: int) -> str:
        return f"{self.player(state)} on {self.move_name(move)}"

    def edge_label(self, state: int, move: int) -> str:
        return f"{self.player(state)} on {move}"

    def point_of_view(self, state: int) -> str:
        ai = self.game.ai
        return "" if self.game.maximising(state) else f" (from {ai}'s point of view: {ai} is the AI)"

    def log_header(self) -> str:
        g = self.game
        s, ai, human = g.scores, g.ai, g.human
        return (
            f"Minimax trace of {g.board.compact()} with {g.to_move} to move. "
            f"{ai} is the AI (maximiser), {human} the human (minimiser).\n"
            f"Scores from {ai}'s point of view: {human} wins {s.text('human_win')}, "
            f"{ai} wins {s.text('ai_win')}, draw {s.text('draw')}.\n"
            'How to read it: a board is written row by row, "/" between rows and "." for an '
            "empty cell,\n"
            f"so {g.board.compact()} is the guide's array {self.guide_array(g.root)}.\n"
            + ("" if g.size == 3 else f"The board is {g.shape.shape()}: {self.row_words} wins.\n") +
            "#N numbers the calls in the order they start; a call is indented one level below "
            "its caller.\n"
            '"step N" is the guide\'s step; {index: 4, score: 1} is a test-play\'s info, '
            "as the guide writes it.\n"
            '"figure N" is where the guide shows its figure N (--figures DIR draws them).\n\n'
        )

    def _order_name(self) -> str:
        g = self.game
        return order_name(g.order, g.size, g.in_a_row)

    def setting_lines(self) -> list[str]:
        lines = []
        if self.game.order != self.game.ascending:
            lines.append(f"Loop order: {self._order_name()}.")
        if isinstance(self.game.scores, DepthScores):
            lines.append("Depth-aware scores: a win scores 10 - depth, a loss depth - 10 "
                         "(depth = moves from the first call), so a quicker win is worth more.")
        return lines

    def setting_words(self) -> list[str]:
        words = []
        if self.game.size != 3:
            words.append(f"{self.game.shape.shape()}, {self.row_words}")
        if self.game.order != self.game.ascending:
            words.append(f"order {self._order_name()}")
        if self.game.scores.spec() == "depth":
            words.append("scores depth")
        return words

    def first_call_text(self, state: int) -> str:
        return f'minimax({self.guide_array(state)}, "{self.player(state)}")'

    def step8_text(self, state: int) -> str:
        return f"availCellsIndexes = [{', '.join(map(str, self.game.empty_cells(state)))}]"

    def loop_text(self, state: int) -> str:
        cells = self.game.moves(state)
        word = "cell" if len(cells) == 1 else "cells"
        return f"{self.player(state)} test-plays {word} {', '.join(map(str, cells))}"

    def undo_text(self, move: int) -> str:
        return f"cell {move} reset"

    def next_text(self, move: int) -> str:
        return f"next empty cell: {move}"

    def terminal_sentence(self, state: int, terminal: int) -> str:
        """Step 9's finding: ``O (the human) has three in a row (cells 2, 4, 6)``."""
        winner = self.game.winner_name(terminal)
        if winner is None:
            return f"no empty cell and no {self.row_words}: a draw"
        cells = " and cells ".join(
            ", ".join(map(str, line)) for line in self.game.winning_lines(state, terminal))
        role = "the AI" if winner == self.game.ai else "the human"
        return f"{winner} ({role}) has {self.row_words} (cells {cells})"

    def terminal_notes(self, state: int, terminal: int, depth: int) -> list[Note]:
        """Depth-aware scores: why a finished game scores what it does."""
        scores = self.game.scores
        if not isinstance(scores, DepthScores):
            return []
        outcome = {"win": "ai_win", "loss": "human_win", "draw": "draw"}[self.outcome_kind(terminal)]
        return [("depth", scores.why(outcome, depth))]

    def answer_text(self, state: int, move: int) -> str:
        return f"{self.player(state)} plays bestPlayInfo.index: {self.move_name(move)}"

    def terminal_label(self, terminal: int) -> str:
        winner = self.game.winner_name(terminal)
        return "draw" if winner is None else f"{winner} wins"

    def outcome_kind(self, terminal: int) -> str:
        name = TERMINAL_NAMES[terminal]
        if name == "draw":
            return "draw"
        return "win" if name == self.game.ai else "loss"

    def value_kind(self, score: int) -> str:
        return self.game.scores.kind(score)

    def fixed_scores(self) -> set[int]:
        s = self.game.scores
        return {s.human_win, s.draw, s.ai_win}

    def value_prediction(self, state: int, terminal: int, score: int) -> str:
        text = signed(score)
        ai, human = self.game.ai, self.game.human
        name = TERMINAL_NAMES[terminal]
        if name == "draw":
            return f"the board is full with no {self.row_words}: a draw, score {text}"
        if name is not None:
            cells = ", ".join(map(str, self.game.winning_lines(state, terminal)[0]))
            result = f"a win for {ai}" if name == ai else f"a loss for {ai}"
            return f"{name} completes a line (cells {cells}): {result}, score {text}"
        kind = self.value_kind(score)
        if kind == "win":
            return f"{ai} can then force a win, so this predicts a win for {ai}: score {text}"
        if kind == "loss":
            return f"{human} can then win, so this predicts a loss for {ai}: score {text}"
        return f"best play by both then ends in a draw, so this predicts a draw: score {text}"

    def stats_head(self) -> tuple[str, str]:
        g = self.game
        shape = "" if g.size == 3 else f" ({g.shape.shape()}, {self.row_words})"
        return ("board", f"{g.board.compact()}{shape}, {g.to_move} to move, {g.ai} is the AI")

    def stats_outcomes(self, terminal: dict[str, int]) -> list[tuple[str, str]]:
        ai, human = self.game.ai, self.game.human
        return [
            (f"  {ai} wins (AI)", f"{terminal[ai]:,}"),
            (f"  {human} wins (human)", f"{terminal[human]:,}"),
            ("  draws", f"{terminal['draw']:,}"),
        ]

    def page_heading(self) -> str:
        g = self.game
        s = g.scores
        shape = "" if g.size == 3 else f" ({g.shape.shape()}, {self.row_words})"
        return (
            f"{g.board.compact()}{shape} · {g.to_move} to move · "
            f"{g.ai} is the AI (max), {g.human} the human (min) · "
            f"scores: {g.human} wins {s.text('human_win')}, {g.ai} wins "
            f"{s.text('ai_win')}, draw {s.text('draw')}"
        )

    def figures_intro(self, trace: Trace) -> str:
        from html import escape

        g = self.game
        s = g.scores
        root = trace.root
        text = (
            f"The board <code>{escape(g.board.compact())}</code>"
            f"{'' if g.size == 3 else f' ({g.shape.shape()}: {self.row_words} wins)'} with {g.to_move} to move. "
            f"{g.ai} is the AI (the maximiser), {g.human} the human (the minimiser); "
            f"scores are from {g.ai}'s point of view: {g.human} wins {signed(s.human_win)}, "
            f"{g.ai} wins {signed(s.ai_win)}, a draw {signed(s.draw)}. "
        )
        if root.terminal is not None:
            return text + "The game is already over, so minimax returns at once (step 9)."
        cells = ", ".join(map(str, g.empty_cells(root.state)))
        calls = f"{trace.calls:,} call" + ("" if trace.calls == 1 else "s")
        return text + (
            f"The first call, #1 (step 7), finds the empty cells {cells} (step 8) and "
            f"test-plays each in turn (steps 10–13). Figures 4 and 5 show the first test-play's "
            f"board before and after the move, then come one figure per test-play (the guide's "
            f"figures 6–8), the overview (figure 9) and the board after the chosen move "
            f"(figure 10). In all, minimax makes {calls} and returns "
            f"{trace.result}: {self.player(root.state)} plays {self.move_name(root.best or 0)}. "
            f"Numbers such as #5 are call numbers, the same as in the recursion log "
            f"(<code>trace BOARD</code> prints it)."
        )

    def test_play_words(self, state: int, move: int, call: int) -> str:
        after = self.game.play(state, move)
        return (f"{self.move_name(move)}, framed in red on the first board (as in the "
                f"guide's figure 4). {self.player(state)} test-plays its mark there; the changed "
                f"board, the new mark in red (figure 5), goes to minimax again: call #{call}, "
                f"{self.player(after)} to move.")

    def test_play_alt(self, state: int, move: int) -> str:
        return (f"the first board with cell {move} framed in red, an arrow to the board after "
                f"{self.player(state)} plays there")

    def guide_figure(self, trace: Trace, number: int, outcome: str = "",
                     forced: str = "") -> FigureWords | None:
        """The guide's figures 4 (the cell tested), 5 (the board after it) and 10 (after the chosen move)."""
        root = trace.root
        plays = root.children()
        if not plays:
            return None
        me = self.player(root.state)
        if number == 4:
            cell = plays[0].move or 0
            return FigureWords(
                top=f"#1 · {me} to move", footer=f"the for-loop tests cell {cell}",
                caption=(f"Figure 4: the board of call #1; the for-loop's first empty cell, "
                         f"cell {cell}, is framed in red"),
                narration=(f"Step 11. Call #1's for-loop starts with the first empty cell, cell {cell}: "
                           f"it keeps the cell's index in currentTestPlayInfo.index so the board can be "
                           f"put back afterwards. Empty cells show their index in grey, as the guide's "
                           f"array holds it; the red frame marks the cell being tested."),
                alt=f"The board {self.game.board.compact()} with cell {cell} framed in red.")
        if number == 5:
            first = plays[0]
            cell, next_player = first.move or 0, self.player(first.state)
            return FigureWords(
                top=f"#{first.call} · {next_player} to move", footer=f"{me} test-plays cell {cell}",
                caption=(f"Figure 5: the board after {me} test-plays cell {cell}: the new "
                         f"mark in red; minimax runs again on it as call #{first.call}"),
                narration=(f"Step 11, continued. {me} puts its mark on cell {cell} and minimax "
                           f"is called again on the new board, with {next_player} to move: call "
                           f"#{first.call}. The new mark is red. After the call returns, step 12 "
                           f"puts cell {cell} back."),
                alt=f"The board {self.describe(first.state)} with {me}'s new mark on cell {cell} in red.")
        if number == 10:
            return self._final_figure(trace, outcome, forced)
        return None

    def _final_figure(self, trace: Trace, outcome: str, forced: str) -> FigureWords:
        root, result = trace.root, trace.result
        after = root.children()[root.best_index or 0]
        me = self.player(root.state)
        if outcome == "wins":
            words = forced
        elif outcome == "draws":
            words = ("the board is full: a draw" if after.terminal == "draw"
                     else "best play by both then ends in a draw")
        else:
            words = "loses against best play"
        return FigureWords(
            top=f"after #1 · {me} played cell {result.index}", footer="",
            caption=f"Figure 10: {me} plays bestPlayInfo.index, cell {result.index}, and {words}",
            narration=(f"Step 25. The first call returned {result}, which step 24 keeps in "
                       f"bestPlayInfo; {me} plays its index, cell {result.index}, and {words}."),
            alt=(f"The board {self.describe(after.state)} after {me} plays cell {result.index}, "
                 f"the new mark in red."))

    def picture(self, state: int, *, played: int | None = None, testing: int | None = None,
                terminal: int = 0, line_colour: str = "", changed: Collection[int] = ()) -> str:
        """The board as an n×n table: ``played`` (and any ``changed``) in red, winning lines bold, the
        cell being tested (figure 4) framed in red, still showing its index."""
        board, n = self.game.board_of(state), self.game.size
        in_line = {c for line in self.game.winning_lines(state, terminal) for c in line}
        rows = [labels.row(*(_grid_cell(i, board[i], played=i == played or i in changed, testing=i == testing,
                                         in_line=i in in_line, line_colour=line_colour)
                             for i in range(r * n, r * n + n)))
                for r in range(n)]
        # A fixed size keeps the grid square when a wider caption stretches its cell.
        return labels.table(*rows, BORDER="0", CELLBORDER="1", CELLSPACING="0", CELLPADDING="0",
                            COLOR="#9e9e9e", FIXEDSIZE="TRUE", WIDTH=n * CELL_SIZE,
                            HEIGHT=n * CELL_SIZE)

    def legend_rows(self, *, played: bool, testing: bool, fills: Collection[str],
                    finished: Collection[str], states: Collection[int] | None = None) -> list[LegendRow]:
        rows = []
        if played:
            rows.append(LegendRow(labels.swatch(PLAYED_FILL, PLAYED_FILL),
                                  "red cell with a mark: the cell just played (the guide's figure 5)"))
        if testing:
            rows.append(LegendRow(labels.swatch(TESTING_FILL, TESTING_BORDER, border=3),
                                  "red frame round a grey digit: the empty cell the for-loop is "
                                  "testing (figure 4)"))
        if states is None or any(self.game.board_of(state).empty_cells() for state in states):
            rows.append(LegendRow(labels.sample("0", INDEX_TEXT, SMALL_POINTS),
                                  "grey digit: an empty cell, showing its index as the guide's array holds it"))
        if {"win", "loss"} & set(finished):  # a won game shows its line; a draw has none
            rows.append(LegendRow(labels.sample("X", OUTCOME_INK["win"], SMALL_POINTS),
                                  f"bold coloured marks: the {self.row_words} (every line, when there are two)"))
        s, ai, human = self.game.scores, self.game.ai, self.game.human
        return rows + outcome_rows(fills, {"win": f"{ai} (AI) wins: {s.text('ai_win')}",
                                           "loss": f"{human} (human) wins: {s.text('human_win')}",
                                           "draw": f"draw: {s.text('draw')}"})

    def setting_legend_rows(self) -> list[LegendRow]:
        if not isinstance(self.game.scores, DepthScores):
            return []
        return [LegendRow(labels.symbol("10-d", size=SMALL_POINTS),
                          "depth-aware scores: a win 10 - depth, a loss depth - 10")]

    def svg_picture(self, state: int, *, played: int | None = None, top: str = "",
                    bottom: str = "", fill: str = INNER_FILL, border: str = INNER_BORDER) -> str:
        return board_svg(self.game.board_of(state), played=played, top=top, bottom=bottom,
                         fill=fill or INNER_FILL, border=border or INNER_BORDER)

    def text_picture(self, state: int) -> list[str]:
        import click  # the terminal's colours (shown only on a terminal)

        return board_lines(self.game.board_of(state), style=click.style)

    page_module = "tictactoe"

    def page_data(self) -> dict[str, Any]:
        """What the page's module reads: the board's size, its lines, the AI's mark, the loop's order."""
        return {"size": self.game.size, "lines": [list(line) for line in self.game.shape.lines],
                "ai": self.game.ai, **self.page_settings()}

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        cells = self.game.size ** 2
        return {
            "boards": [s & ((1 << 2 * cells) - 1) for s in states],
            "x_to_move": [1 if s & self.game.x_to_move else 0 for s in states],
        }

    def page_moves_derived(self) -> bool:
        # The module lists a board's empty cells, ascending: the guide's loop order.
        return self.game.order == self.game.ascending

    def page_settings(self) -> dict[str, Any]:
        # The page lists the empty cells in the loop's order when it is not the guide's.
        return {} if self.game.order == self.game.ascending else {"order": list(self.game.order)}

    def page_phrases(self) -> dict[str, str]:
        return {**super().page_phrases(), **self._rows_said(PAGE_PHRASES)}

    def _rows_said(self, phrases: dict[str, str]) -> dict[str, str]:
        """``phrases`` with what wins on this board for the guide's "three in a row"."""
        if self.row_words == "three in a row":
            return phrases
        return {key: text.replace("three in a row", self.row_words) for key, text in phrases.items()}

    def play_phrases(self) -> dict[str, str]:
        return self._rows_said(PLAY_PHRASES)

    def page_constants(self) -> dict[str, str]:
        g, s = self.game, self.game.scores
        depth = isinstance(s, DepthScores)

        def code(outcome: str) -> str:  # a score as the code panel writes it
            return s.text(outcome) if depth else str(getattr(s, outcome))

        return {**super().page_constants(), "ai": g.ai, "human": g.human, "ai_win": s.text("ai_win"),
                "human_win": s.text("human_win"), "draw": s.text("draw"), "code_ai_win": code("ai_win"),
                "code_human_win": code("human_win"), "code_draw": code("draw"), "state_var": "currBdSt",
                "mover_var": "currMark", "state_scored": "scored this board", "root_player": g.ai}

    def page_legend(self) -> list[tuple[str, str, str]]:
        return [("played", "", "red cell with a mark: the cell just test-played"),
                ("index", "4", "grey digit: an empty cell's index"),
                ("win", "", "{ai} (AI) wins: {ai_win}"),
                ("loss", "", "{human} (human) wins: {human_win}"),
                ("draw", "", "draw: {draw}"),
                *pagewords.TREE_LEGEND]

    def code_lines(self) -> list[tuple[str, str, str]]:
        order = [("order", "8", "        # in the loop's order: " + ", ".join(map(str, self.game.order)))]
        lines = [(key, step, text.replace("three in a row", self.row_words)) for key, step, text in CODE_LINES]
        at = [line[0] for line in lines].index("empty") + 1
        return lines[:at] + (order if self.game.order != self.game.ascending else []) + lines[at:]

    def code_terminal(self) -> dict[str, str]:
        return {"win": "ai", "loss": "human", "draw": "full"}


#: How the guide's words tell tic-tac-toe on the step-through page (over ``pagewords.PHRASES``).
PAGE_PHRASES: dict[str, str] = {
    "lines.join": " and on cells ",
    "kind.empty": "the empty cells",
    "role.max": "the AI, maximiser",
    "role.min": "the human, minimiser",
    "role.code.max": "the AI, max",
    "role.code.min": "the human, min",
    "returned.move": "{{index: {token}, score: {score}}}",
    "moves.one": "cell {moves}",
    "moves.many": "cells {moves}",
    "meaning.win": "{ai} (AI) wins",
    "meaning.loss": "{human} (human) wins",
    "story.begin.first": ("**Call #1 begins:** minimax is invoked for the first time, with the board below and "
                          "{player} ({role}) to move. What it returns will be the answer."),
    "story.begin": ("**Call #{call} begins:** call #{parent} put {caller} on {name} and now runs minimax on "
                    "that board, with {player} ({role}) to move. This is the recursion: call #{parent} waits."),
    "story.empty": "Call #{call} lists the empty cells of its board: `availCellsIndexes = [{moves}]`.",
    "story.empty.none": ("Call #{call} lists the empty cells of its board: `availCellsIndexes = []`: none, "
                         "the board is full."),
    "story.check.win": ("{ai} (the AI) has three in a row on cells {lines}: **the game is over** on this "
                        "board. Call #{call} stops here and returns `{returned}` without test-playing anything."),
    "story.check.loss": ("{human} (the human) has three in a row on cells {lines}: **the game is over** on "
                         "this board. Call #{call} stops here and returns `{returned}` without test-playing "
                         "anything."),
    "story.check.draw": ("Nobody has three in a row and no cell is empty: **a draw**. Call #{call} stops here "
                         "and returns `{returned}`."),
    "story.check.on.one": ("Nobody has won and 1 cell is empty, so the game goes on. Call #{call} starts an "
                           "empty `allTestPlayInfos` and will test-play {player} on that cell."),
    "story.check.on.many": ("Nobody has won and {count} cells are empty, so the game goes on. Call #{call} "
                            "starts an empty `allTestPlayInfos` and will test-play {player} on each empty "
                            "cell in turn."),
    "story.place": ("Call #{call} test-plays {player} on {name}, shown in red: test-play {number} of "
                    "{count}. To see where that move leads, it calls minimax on the new board with "
                    "{next_player} to move (that will be call #{child})."),
    "story.save": ("Call #{child} returned `{child_returned}`. Call #{call} saves `{info}` in "
                   "`allTestPlayInfos` (score {signed}: {meaning}) and takes its {player} back off "
                   "cell {token}."),
    "story.save.next": "The loop moves on to cell {next_token} (step 13).",
    "story.save.last": "That was its last empty cell, so the loop ends (step 14).",
    "story.choose.max": ("{over} {player} is {role}, so call #{call} takes the **highest** score "
                         "of {scores}: {best}. The first test-play with it is cell {token}, so "
                         "`bestTestPlay = {index}`."),
    "story.choose.min": ("{over} {player} is {role}, so call #{call} takes the **lowest** score "
                         "of {scores}: {best}. The first test-play with it is cell {token}, so "
                         "`bestTestPlay = {index}`."),
    "foot.win": "{ai} wins: {signed}",
    "foot.loss": "{human} wins: {signed}",
    "foot.draw": "draw: {signed}",
    "foot.placed": "{caller} test-plays {token}",
    "edge.move": "{caller} on {token}",
    "stack.call": 'minimax(currBdSt, "{player}")',
    "stack.moves": "availCellsIndexes = [{moves}]",
    "var.state.name": "currBdSt",
    "var.state": "{array}",
    "var.player.name": "currMark",
    "var.player": '"{player}" ({role_code})',
    "var.moves.name": "availCellsIndexes",
    "var.placed.name": "currentTestPlayInfo",
    "var.placed": "{{index: {token}}}",
    "var.saved.name": "currentTestPlayInfo",
    "var.saved": "{info}",
}

#: The game page's words (``trace play --html``) and the AI's reason (``play.match.Decision``).
PLAY_PHRASES: dict[str, str] = {
    "play.reason": "{player} plays {name}: test-plays {plays}; {why} ({calls}{note})",
    "play.note": ", {summary}",
    "play.test_play": "{token} → {signed}",
    "play.why": "max is {best}",
    "play.first_at": ", first at cell {token}",
    "play.move": "Move {number}: ",
    "play.human": "you ({player}) play {name}.",
    "play.step_through": "Step through",
    "play.step_through.label": "Step through move {number}: how {player} chose cell {token}",
    "play.steps.title": "Move {number}: how {player} chose cell {token} ({calls})",
    "play.steps.heading": ("Move {number}: {player} chose cell {token} · {state} · {ai} is the AI (max), "
                           "{human} the human (min) · scores: {human} wins {human_win}, {ai} wins {ai_win}, "
                           "draw {draw}{search}"),
    "play.steps.frame": "Step-through of move {number}",
    "play.status.draw": "A draw: the board is full and nobody has three in a row.",
    "play.status.win": "The AI ({ai}) won: three in a row on cells {cells}.",
    "play.status.loss": "You ({human}) won: three in a row on cells {cells}.",
    "play.status.start": "You are {human}: click a cell to open, or press Play Game to let the AI ({ai}) open.",
    "play.status.ai_moved": "The AI ({ai}) played cell {token}. Your move ({human}).",
    "play.status.your_move": "Your move ({human}).",
    "play.status.over": "The game is over: press Play Game or New Game for another.",
    "play.status.taken": "Cell {token} is taken: choose an empty cell.",
    "play.settings_later": "The new setting applies from the next game (Play Game or New Game).",
    "play.cell": "{name}: {content}",
    "play.cell.empty": "empty",
    "play.cell.line": "{name}: {content}, winning line",
}

#: The guide's minimax as the code panel shows it (see ``pagewords.CODE``).
CODE_LINES: list[tuple[str, str, str]] = [
    ("def", "7/11", "def minimax(currBdSt, currMark{args}):"),
    ("@entry", "", ""),
    ("empty", "8", "    availCellsIndexes = empty cells of currBdSt"),
    ("human", "9", "    if {human} (human) has three in a row: return {{score: {code_human_win}}}"),
    ("ai", "9", "    if {ai} (AI) has three in a row: return {{score: {code_ai_win}}}"),
    ("full", "9", "    if availCellsIndexes is empty: return {{score: {code_draw}}}"),
    ("infos", "10", "    allTestPlayInfos = []"),
    ("for", "10/13", "    for cell in availCellsIndexes:"),
    ("current", "11", "        currentTestPlayInfo = {{index: cell}}"),
    ("place", "11", "        currBdSt[cell] = currMark"),
    ("recurse", "11", "        result = minimax(currBdSt, the other mark{args})"),
    ("score", "12", "        currentTestPlayInfo.score = result.score"),
    ("reset", "12", "        currBdSt[cell] = cell   # the cell is empty again"),
    ("push", "12", "        allTestPlayInfos.append(currentTestPlayInfo)"),
    ("@after_push", "", ""),
    ("best", "15", "    bestTestPlay = null"),
    ("start", "16", "    bestScore = -infinity if currMark is {ai} else +infinity"),
    ("loop", "16", "    for i in 0 .. len(allTestPlayInfos) - 1:"),
    ("if", "16", "        if allTestPlayInfos[i].score beats bestScore:  # > for {ai}, < for {human}"),
    ("keep", "16", "            bestScore = allTestPlayInfos[i].score; bestTestPlay = i"),
    ("@before_return", "", ""),
    ("return", "17", "    return allTestPlayInfos[bestTestPlay]"),
    ("blank", "", ""),
    ("first", "7/24", 'bestPlayInfo = minimax(the board, "{ai}"{first_args})'),
    ("use", "25", "play {ai} on bestPlayInfo.index"),
]


def _grid_cell(i: int, mark: str, *, played: bool, testing: bool, in_line: bool, line_colour: str) -> str:
    """One cell: a mark big and bold, an empty cell's index small and grey (a 0 never reads as O)."""
    size = {"WIDTH": CELL_SIZE, "HEIGHT": CELL_SIZE, "FIXEDSIZE": "TRUE"}
    if mark == ".":
        frame = ({"BORDER": 3, "COLOR": TESTING_BORDER, "BGCOLOR": TESTING_FILL} if testing
                 else {"BGCOLOR": "white"})
        return labels.cell(labels.font(str(i), POINT_SIZE=INDEX_POINTS, COLOR=INDEX_TEXT), **size, **frame)
    if played:
        return labels.cell(labels.font(labels.bold(mark), POINT_SIZE=MARK_POINTS, COLOR=PLAYED_TEXT),
                           **size, BGCOLOR=PLAYED_FILL)
    colour = (line_colour or CELL_TEXT) if in_line else CELL_TEXT
    text = labels.bold(mark) if in_line else mark
    return labels.cell(labels.font(text, POINT_SIZE=MARK_POINTS, COLOR=colour), **size, BGCOLOR="white")


#: A notebook board's cell, in pixels.
SVG_CELL = 28


def board_svg(board: Board, *, played: int | None = None, top: str | None = None,
              bottom: str | None = None, fill: str = INNER_FILL, border: str = INNER_BORDER) -> str:
    """A board as a standalone SVG: n×n cells, optional text above and below."""
    cell, pad, line, n = SVG_CELL, 6, 16, board.size
    above = line if top else 0
    below = line if bottom else 0
    # Wide enough for the longest caption (about 6.5 px a character at 11 px).
    longest = max(len(top or ""), len(bottom or ""))
    width = max(n * cell + 2 * pad, round(longest * 6.5) + 2 * pad)
    left = (width - n * cell) / 2
    height = n * cell + 2 * pad + above + below
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}, sans-serif">',
        f'<rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" rx="6" '
        f'fill="{fill}" stroke="{border}"/>',
    ]
    if top:
        parts.append(svg_text(width / 2, pad + 11, top, 11))
    for i, mark in enumerate(board.cells):
        x, y = left + cell * (i % n), pad + above + cell * (i // n)
        cell_fill = PLAYED_FILL if i == played else "#ffffff"
        parts.append(f'<rect x="{x:g}" y="{y}" width="{cell}" height="{cell}" fill="{cell_fill}" '
                     f'stroke="{INNER_BORDER}"/>')
        if mark == ".":
            parts.append(svg_text(x + cell / 2, y + cell / 2 + 3, str(i), 9, INDEX_TEXT))
        else:
            colour = PLAYED_TEXT if i == played else CELL_TEXT
            parts.append(svg_text(x + cell / 2, y + cell / 2 + 6, mark, 17, colour))
    if bottom:
        parts.append(svg_text(width / 2, height - pad - 2, bottom, 11, bold=True))
    parts.append("</svg>")
    return "".join(parts)


def svg_text(x: float, y: float, text: str, size: int, colour: str = CELL_TEXT, bold: bool = False) -> str:
    """One centred line of SVG text."""
    from html import escape

    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="middle" '
            f'fill="{colour}"{weight}>{escape(text)}</text>')


def board_lines(board: Board, played: int | None = None, line: tuple[int, ...] = (),
                draw: bool = False, style: Any = None) -> list[str]:
    """The board as lines of text, empty cells showing their number as the guide's array does.

    ``style(text, **how)`` colours a cell (click's ``style``; plain text without it): the winning
    ``line`` bracketed (``[X]``, so it shows without colour too), a drawn board grey, ``played`` red.
    """
    paint = style or (lambda text, **_: text)
    n = board.size
    width = 2 if n > 3 else 1  # room for an index of two digits on a larger board
    rows = []
    for r in range(n):
        cells = []
        for i in range(r * n, r * n + n):
            mark = board[i]
            end = "" if i % n == n - 1 else " "  # no trailing space at the end of a row
            shown = str(i) if mark == "." else mark
            text = f" {shown:<{width}}".rstrip() + end if end == "" else f" {shown:<{width}}{end}"
            if i in line:
                cells.append(paint(f"[{mark}]" + (" " * (width - 1) if end else ""), fg="green", bold=True))
            elif mark == ".":
                cells.append(paint(text, dim=True))
            elif draw:
                cells.append(paint(text, fg="bright_black"))
            elif i == played:
                cells.append(paint(text, fg="red", bold=True))
            else:
                cells.append(text)
        rows.append("|".join(cells))
    rule = "+".join(["-" * (width + 2)] * n)
    drawn = [rows[0]]
    for row in rows[1:]:
        drawn += [rule, row]
    return drawn
