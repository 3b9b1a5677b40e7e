"""The terminal front end of ``trace play``: draw the board, read moves, explain the AI's.

The game lives in match.py. Whole lines are read from standard input, so a game can be piped in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import click

from ..errors import RenderError, TracerError, escape, quote, visible
from ..explain import for_trace, search_name
from ..explain.text import signed
from ..explain.tictactoe import board_lines as _board_lines
from ..games.tictactoe.board import Board, cell_name
from ..games.tictactoe.game import ASCENDING, order_name
from ..scores import Scores
from ..search import GUIDE, SearchSpec
from .lines import MAX_LINE, MAX_SKIP, skip_rest_of_line
from .match import Decision, Game, MoveError, Outcome, Starter
from .saving import decision_stem, save_decision

WHY_WORDS = {"why", "?"}
QUIT_WORDS = {"q", "quit", "exit"}
YES_WORDS = {"y", "yes"}
NO_WORDS = {"n", "no"}


def board_lines(board: Board, played: int | None = None, outcome: Outcome | None = None) -> list[str]:
    """The board as five lines; empty cells show their number, as the tutorial's array does."""
    line = outcome.line if outcome is not None else ()
    draw = outcome is not None and outcome.draw
    return _board_lines(board, played, line, draw, style=click.style)


def outcome_text(game: Game) -> str:
    outcome = game.outcome
    assert outcome is not None
    if outcome.draw:
        return click.style("Draw: the board is full and nobody has three in a row.",
                           fg="bright_black", bold=True)
    cells = ", ".join(map(str, outcome.line))
    who = "The AI" if outcome.winner == game.ai else "You"
    return click.style(f"{who} ({outcome.winner}) won: three in a row on cells {cells}, "
                       f"shown as [{outcome.winner}].", fg="green", bold=True)


def explain_lines(decision: Decision) -> list[str]:
    """What minimax expects after each test-play, and what a variant search saved."""
    search = for_trace(decision.trace)[1]
    lines = []
    children = decision.trace.root.children()
    for child, (cell, score, moves, end) in zip(children, decision.expected_lines(), strict=True):
        then = ", ".join(f"{mark} on {move}" for mark, move in moves)
        bound = search.bound_reason(child)  # alpha-beta: a cut score is only a bound
        if bound:
            lines.append(f"  cell {cell} → {bound}")
            continue
        lines.append(f"  cell {cell} → {signed(score)}: "
                     + (f"then {then}: {end}" if then else f"{end} at once"))
    summary = search.summary()
    return lines + [f"  ({summary})"] if summary else lines


@dataclass
class Session:
    """One run of ``trace play``: games one after another until the player stops."""

    ai: str
    first: Starter
    scores: Scores
    #: Save every AI decision here (None: only when the player asks with ``why``).
    save_dir: Path | None
    kinds: list[str]
    stdin: TextIO
    color: bool | None = None
    #: Whether to repeat what was typed (when standard input is not a terminal).
    echo_input: bool = False
    games: int = 0
    search: SearchSpec = GUIDE
    order: tuple[int, ...] = ASCENDING
    last: Decision | None = None
    saved: dict[int, list[Path]] = field(default_factory=dict)
    out: Callable[..., None] = click.echo

    def say(self, text: str = "") -> None:
        self.out(text, color=self.color)

    def ask(self, prompt: str) -> str | None:
        """Show ``prompt`` and read one line (at most MAX_LINE characters); None at the end of input
        or when it cannot be read as lines of text."""
        self.out(prompt, nl=False, color=self.color)
        try:
            line = self.stdin.readline(MAX_LINE + 1)
            if len(line) > MAX_LINE and not line.endswith("\n"):
                if skip_rest_of_line(self.stdin.readline, len(line)):
                    return self.interrupt(f"(a line longer than {MAX_LINE} characters was skipped)", "")
                return self.interrupt(f"The input has no line end within {MAX_SKIP:,} characters: "
                                      "it is not lines of text, so the session ends.")
        except UnicodeDecodeError:
            return self.interrupt("The input is not UTF-8 text, so the session ends.")
        except (OSError, ValueError) as exc:  # a closed or unreadable standard input
            return self.interrupt(f"Could not read the input ({getattr(exc, 'strerror', None) or exc}), "
                                  "so the session ends.")
        if not line:
            self.say()
            return None
        if self.echo_input:
            self.say(escape(line.rstrip("\n")))  # piped input may hold escape codes
        return line.strip()

    def interrupt(self, message: str, answer: str | None = None) -> str | None:
        """Say on a line of its own why a line was not read; ``answer`` stands for it."""
        self.say()
        self.say(message)
        return answer

    def run(self) -> None:
        self.open_save_dir()
        game = Game.new(self.ai, self.first, self.scores, self.search, self.order)  # type: ignore[arg-type]
        s = self.scores
        engine = ("the tutorial's minimax" if self.search == GUIDE
                  else search_name(self.search.algorithm, self.search.settings))
        if self.order != ASCENDING:
            engine += f", trying cells in the order {order_name(self.order)}"
        self.say(f"You are {game.human}; the AI is {game.ai} and plays {engine} "
                 f"(scores: {s.text('human_win')} if you win, {s.text('ai_win')} if it wins, "
                 f"{s.text('draw')} for a draw).")
        self.say("Cells are numbered (an empty cell shows its number):")
        for line in board_lines(Board.empty()):
            self.say(line)
        self.say('Type a cell number to play there, "why" to see the reason for the AI\'s '
                 'last move' + (" (saved in the --save folder)" if self.save_dir else "")
                 + ', "q" to quit.')
        try:
            while self.play_one() and self.ask_yes_no("New game? [y/n]: "):
                pass
        except KeyboardInterrupt:  # Ctrl-C ends the session like the end of input
            self.say()
        self.say("Goodbye.")

    def ask_yes_no(self, prompt: str) -> bool:
        while True:
            answer = self.ask(prompt)
            if answer is None:
                return False
            if answer.lower() in YES_WORDS:
                return True
            if answer.lower() in NO_WORDS | QUIT_WORDS:
                return False
            if answer.lower() in WHY_WORDS:
                self.why()  # the move that ended the game is worth asking about too
                continue
            self.say(f"Please answer y or n (found {quote(answer)}).")

    def play_one(self) -> bool:
        """Play one game to its end; False if the player quit or the input ended."""
        self.games += 1
        self.last = None
        self.saved = {}
        game = Game.new(self.ai, self.first, self.scores, self.search, self.order)  # type: ignore[arg-type]
        opener = "the AI opens" if game.ai_to_move else "you open"
        self.say()
        self.say(f"Game {self.games}: {opener}.")
        if not game.ai_to_move:
            self.show(game)
        while not game.over:
            if game.ai_to_move:
                decision = game.decide()
                game = game.play(decision.cell)
                self.last = decision
                self.say(f"Move {decision.number}: {decision.reason()}")
                if self.save_dir is not None:
                    self.save(decision, self.save_dir)
                self.show(game, played=decision.cell)
                continue
            cell = self.read_human_move(game)
            if cell is None:
                return False
            game = game.play(cell)
            self.say(f"Move {game.number - 1}: you ({game.human}) play cell {cell} "
                     f"({cell_name(cell)}).")
            if game.over:
                self.show(game, played=cell)
        self.say(outcome_text(game))
        return True

    def show(self, game: Game, played: int | None = None) -> None:
        self.say()
        for line in board_lines(game.board, played, game.outcome):
            self.say("  " + line)
        self.say()

    def read_human_move(self, game: Game) -> int | None:
        while True:
            entry = self.ask(f"Your move ({game.human}), cell 0-8: ")
            if entry is None or entry.lower() in QUIT_WORDS:
                return None
            if entry.lower() in WHY_WORDS:
                self.why()
                continue
            try:
                return game.read_move(entry)
            except MoveError as exc:
                self.say(f"Not a move: {exc}.")

    def why(self) -> None:
        decision = self.last
        if decision is None:
            self.say("The AI has not moved yet in this game.")
            return
        self.say(f"Move {decision.number}: {decision.reason()}")
        self.say(f"What {decision.mark}'s minimax expects after each test-play "
                 "(both sides playing their best):")
        for line in explain_lines(decision):
            self.say(line)
        if decision.number in self.saved:
            paths = self.saved[decision.number]
            if paths:  # saving a decision twice would write the same files again
                self.say("Its full trace is in " + ", ".join(visible(str(p)) for p in paths) + ".")
        elif self.save_dir is None:
            self.say("  (start with --save DIR to keep each decision's full trace as files)")
        else:
            self.save(decision, self.save_dir)

    def open_save_dir(self) -> None:
        """Create the --save folder; if that fails, say so once and play on without it."""
        if self.save_dir is None:
            return
        try:
            self.save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.say(f"Could not create the folder {quote(str(self.save_dir))} "
                     f"({exc.strerror or exc}): the AI's decisions will not be saved.")
            self.save_dir = None

    def save(self, decision: Decision, folder: Path) -> None:
        stem = decision_stem(folder, self.games, decision.number)
        try:
            paths = save_decision(decision.trace, stem, self.kinds)
        except (OSError, TracerError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.say(f"Could not save move {decision.number}: {escape(reason)}.")
            self.saved[decision.number] = []  # tried: asking again does not retry
            return
        except RenderError as exc:  # no engine can draw it: the game goes on
            self.say(f"Could not save move {decision.number}: {visible(str(exc))}.")
            return
        self.saved[decision.number] = paths
        self.say(f"  (saved {', '.join(visible(str(p)) for p in paths)})")
