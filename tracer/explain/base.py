"""The two plug-in interfaces every renderer asks: a game's words and pictures, a search's additions.

``GameWords`` declares everything a renderer may ask of a game: how a state,
a move and a finished game read, how a state is drawn, what the page and the
summary say of it. ``SearchWords`` declares everything a search adds to every
output: its name, its log lines, captions, legend rows, summary rows, quiz
questions and page data. Each member has a neutral default here, true of any
game or search (a move is "move 3", a state is drawn as its description); the
plug-ins for tic-tac-toe, textbook trees, minimax, alpha-beta and memo
(``tracer/explain/*.py``) override what they say better. Renderers get both
through ``tracer.explain.for_trace`` and never ask for a game's or a search's
name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..style import OUTCOME_BORDER, OUTCOME_FILL
from . import labels
from .labels import LegendRow
from .text import capitalised, listed, signed

if TYPE_CHECKING:
    from ..trace import Call, Trace
    from .questions import Question

#: A line a plug-in adds to the log: its tag (``window``, ``memo``) and its text.
Note = tuple[str, str]


class NodeLook(NamedTuple):
    """How a call is drawn when its search says it is not an ordinary one (a memo cache hit)."""

    title: str
    footer: str
    fill: str
    border: str
    caption: str


class FigureWords(NamedTuple):
    """The words of one of the guide's single-board figures (4, 5 and 10)."""

    #: The line above the board, and the one under it.
    top: str
    footer: str
    caption: str
    narration: str
    alt: str


class GameWords:
    """What a renderer may ask of a game: its words and pictures, with neutral defaults."""

    #: Whether trees draw this game's states as textbook shapes (MAX ▲, MIN ▼, leaves ■)
    #: rather than as pictures in boxes.
    draws_shapes = False
    #: What one row of a trace stands for, for ``--stats``.
    position_words = "one per state"
    #: What a call's for-loop goes through, in a phrase: ``moves``, ``empty cells``.
    moves_noun = "moves"
    #: The names of the maximiser and the minimiser, short, and their parts in words.
    max_name = "MAX"
    min_name = "MIN"
    max_role = "the maximiser"
    min_role = "the minimiser"
    #: What a state is called in sentences about pictures: ``state``, ``board``.
    state_noun = "state"
    #: What a learner types to name moves, for a hint: ``the moves' names``.
    tokens_name = "the moves' names"
    #: How a narration says that the first call's game is already over.
    already_over = "The game is already over"

    def __init__(self, game: Any):
        #: The game's rules (a ``tracer.games.Rules``).
        self.game = game

    # ---- who moves, and states in words ------------------------------------------------

    def player(self, state: int) -> str:
        """Who moves in ``state``, as the log names them (``X``, ``MAX``)."""
        return self.max_name if self.game.maximising(state) else self.min_name

    def role(self, state: int) -> str:
        """The mover's part in words: ``the maximiser`` or ``the minimiser``."""
        return self.max_role if self.game.maximising(state) else self.min_role

    def mover(self, state: int) -> str:
        """The mover with its part, for narrations: ``MAX (the maximiser)``."""
        return f"{self.player(state)} ({self.role(state)})"

    def describe(self, state: int) -> str:
        """``state`` in one short line of text."""
        return f"state {state}"

    def node_name(self, state: int) -> str:
        """A state's name beside a textbook node (its label, else its description)."""
        return self.describe(state)

    def players_line(self) -> str:
        """Who maximises and who minimises, in a phrase."""
        return f"{self.max_name} maximises, {self.min_name} minimises"

    def setting(self) -> str:
        """Where the search starts, in one phrase, for titles."""
        root = self.game.root
        return f"{self.describe(root)} with {self.player(root)} to move"

    # ---- moves in words ----------------------------------------------------------------

    def move_name(self, move: int) -> str:
        """A move in words."""
        return f"move {move}"

    def move_short(self, move: int) -> str:
        """A move in a word or two."""
        return self.move_name(move)

    def move_token(self, move: int) -> str:
        """A move as a learner types it, and as tables list it."""
        return self.move_short(move)

    def moves_list(self, moves: Sequence[int]) -> str:
        """Moves as a sentence lists them: ``move 1, move 2 and move 3``."""
        return listed([self.move_short(m) for m in moves])

    def moves_text(self, state: int) -> str:
        """What a call's for-loop tries from ``state``: ``moves 1, 2, 3``."""
        return f"{self.moves_noun} " + ", ".join(self.move_token(m) for m in self.game.moves(state))

    def moves_answer(self, typed: str) -> str:
        """A set of moves as a learner typed it, in one spelling: the tokens named, in one
        order (numbers ascending, then names), or ``none``."""
        words = typed.replace(",", " ").lower().split()
        tokens = {w for w in words if w not in ("none", "no", "and", "move", "moves")}
        ordered = sorted(tokens, key=lambda t: (not t.isdigit(), int(t) if t.isdigit() else 0, t))
        return " ".join(ordered) or "none"

    def move_phrase(self, state: int, move: int) -> str:
        """``state``'s mover making ``move``."""
        return f"{self.player(state)} plays {self.move_name(move)}"

    def edge_label(self, state: int, move: int) -> str:
        """A tree edge from ``state`` by ``move``, short."""
        return self.move_short(move)

    def returned(self, move: int | None, score: int) -> str:
        """A return value as the log writes it: ``{move: move 4, score: 1}`` or ``{score: 1}``."""
        return f"{{score: {score}}}" if move is None else f"{{move: {self.move_short(move)}, score: {score}}}"

    def point_of_view(self, state: int) -> str:
        """A note for a score reported while the minimiser moves ('' if none is needed)."""
        return "" if self.game.maximising(state) else " (scores are from the maximiser's point of view)"

    # ---- the log's steps ---------------------------------------------------------------

    def log_header(self) -> str:
        """The lines that open a recursion log: the game, the players, the scores."""
        root = self.game.root
        return (
            f"Trace of {self.describe(root)} with {self.player(root)} to move. "
            f"{self.max_name} is the maximiser, {self.min_name} the minimiser.\n"
            "Scores are from the maximiser's point of view: it takes the max, the minimiser the min.\n"
            "#N numbers the calls in the order they start; a call is indented one level below "
            "its caller.\n\n"
        )

    def setting_lines(self) -> list[str]:
        """Lines the log's header adds for the game's settings (a loop order, a score scheme)."""
        return []

    def setting_words(self) -> list[str]:
        """The game's settings in a few words each, where they differ from its defaults
        (``trace compare``'s column: ``order centre-first``)."""
        return []

    def first_call_text(self, state: int) -> str:
        """The first invocation (step 7), for the log."""
        return f"minimax({self.describe(state)})"

    def step8_text(self, state: int) -> str:
        """What the call finds to try (step 8)."""
        moves = self.game.moves(state)
        return f"moves = [{', '.join(self.move_token(m) for m in moves)}]" if moves else "no moves"

    def loop_text(self, state: int) -> str:
        """What step 10's for-loop will try from ``state``."""
        return f"{self.player(state)} test-plays {self.moves_text(state)}"

    def undo_text(self, move: int) -> str:
        """Step 12's undoing of a test-play ('' if nothing is undone)."""
        return ""

    def next_text(self, move: int) -> str:
        """Step 13: the for-loop moving on to ``move``."""
        return f"next move: {self.move_short(move)}"

    def terminal_sentence(self, state: int, terminal: int) -> str:
        """A finished game in one clause (step 9)."""
        return f"{self.describe(state)} is finished ({self.terminal_label(terminal)})"

    def terminal_notes(self, state: int, terminal: int, depth: int) -> list[Note]:
        """Lines the log adds after a finished game's step 9 (why it scores what it does)."""
        return []

    def answer_text(self, state: int, move: int) -> str:
        """Step 25: the first call's mover makes the move kept in bestPlayInfo."""
        return f"{self.player(state)} plays the move bestPlayInfo holds: {self.move_name(move)}"

    # ---- finished games and scores -------------------------------------------------------

    def terminal_label(self, terminal: int) -> str:
        """A finished game in a word or two, under its picture."""
        return str(self.game.terminal_names[terminal] or "finished")

    def outcome_kind(self, terminal: int) -> str:
        """A finished game for the maximiser, for colours: ``win``, ``loss``, ``draw``, or
        ``leaf`` for a plain value."""
        return "leaf"

    def value_kind(self, score: int) -> str:
        """What a returned score predicts for the maximiser: ``win``, ``loss``, ``draw``, or
        ``value`` for a plain number."""
        return "value"

    def fixed_scores(self) -> set[int]:
        """The scores finished games are given, offered as choices in the quiz."""
        return set()

    def prediction(self, state: int, terminal: int, score: int, bound: str) -> str:
        """What a test-play's call found, for a figure's caption. ``bound`` is ``≤ ``/``≥ ``
        when the search says the score is only a bound, else ''."""
        if terminal:
            return f"{self.terminal_sentence(state, terminal)}: score {signed(score)}"
        if bound:
            side = "at most" if bound.startswith("≤") else "at least"
            return f"a cut below leaves only a bound: {side} {signed(score)}"
        how = "the largest" if self.game.maximising(state) else "the smallest"
        return f"{self.player(state)} takes {how} score below: {signed(score)}"

    # ---- summaries, pages, figures ------------------------------------------------------

    def stats_head(self) -> tuple[str, str]:
        """The first row of ``--stats``."""
        return ("game", self.setting())

    def stats_outcomes(self, terminal: dict[str, int]) -> list[tuple[str, str]]:
        """The rows under ``terminal calls``: how many finished games of each kind."""
        return [(f"  {name}", f"{count:,}") for name, count in terminal.items()]

    def page_heading(self) -> str:
        """The line under the step-by-step page's title."""
        return self.setting()

    def figures_intro(self, trace: Trace) -> str:
        """The figures page's opening paragraph, as HTML."""
        from html import escape

        root = trace.root
        text = f"The game from {self.describe(root.state)}, {self.player(root.state)} to move. "
        if root.best is None:
            return escape(text + "It is already over, so minimax returns at once.")
        return escape(text + f"Call #1 tries its {self.moves_text(root.state)} in turn: one figure per "
                      f"test-play, then the overview. In all, minimax makes {trace.calls:,} calls and "
                      f"{self.player(root.state)} plays {self.move_name(root.best)}. Numbers such as "
                      "#5 are call numbers, as in the log.")

    def test_play_words(self, state: int, move: int, call: int) -> str:
        """Step 11 at the root, for a figure's narration."""
        after = self.game.play(state, move)
        return (f"{self.move_name(move)}: {self.player(state)} test-plays it, and minimax is called "
                f"on {self.describe(after)}: call #{call}, {self.player(after)} to move.")

    def test_play_alt(self, state: int, move: int) -> str:
        """What a test-play figure shows, for readers who cannot see it (its first part)."""
        return (f"the first state, {self.describe(state)}, with {self.move_short(move)} being tried, "
                f"an arrow to the state after {self.player(state)} plays it")

    def guide_figure(self, trace: Trace, number: int, outcome: str = "",
                     forced: str = "") -> FigureWords | None:
        """The words of the guide's single-board figure ``number`` (4: the move tested;
        5: the state after it; 10: the state after the chosen move, which ``outcome``
        (``wins``, ``draws``, ``loses``) and ``forced`` (how a win is forced) describe),
        None if the game has no such figure."""
        return None

    # ---- pictures ---------------------------------------------------------------------

    def picture(self, state: int, *, played: int | None = None, testing: int | None = None,
                terminal: int = 0, line_colour: str = "") -> str:
        """``state`` drawn as a Graphviz HTML-like label fragment (a table)."""
        return labels.table(labels.row(labels.cell(labels.text(self.describe(state)))), BORDER="0")

    def legend_rows(self, *, played: bool, testing: bool, outcomes: bool) -> list[LegendRow]:
        """The legend's rows for what the game draws in its pictures."""
        if not outcomes:
            return []
        kind = "leaf"
        return [LegendRow(labels.swatch(OUTCOME_FILL[kind], OUTCOME_BORDER[kind]),
                          "a finished game, with its score for the maximiser")]

    def setting_legend_rows(self) -> list[LegendRow]:
        """The legend's rows for the game's settings (how a score scheme scores)."""
        return []

    def svg_picture(self, state: int, *, played: int | None = None, top: str = "",
                    bottom: str = "", fill: str = "", border: str = "") -> str | None:
        """``state`` as a standalone SVG for notebooks, or None to have its words shown."""
        return None

    def text_picture(self, state: int) -> list[str]:
        """``state`` drawn in the terminal, line by line (none by default)."""
        return []

    def page_data(self) -> dict[str, Any] | None:
        """What the step-through page needs to draw this game; None if it cannot draw it."""
        return None

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        """Per-row columns the page draws states from."""
        return {}

    def page_settings(self) -> dict[str, Any]:
        """The game's settings the page shows (a loop order), where they differ from its defaults."""
        return {}


class SearchWords:
    """What a search adds to every output, with neutral defaults (a search that adds nothing)."""

    #: The kinds of quiz question it adds, asked as a call begins and after each test-play.
    entry_kinds: tuple[str, ...] = ()
    after_kinds: tuple[str, ...] = ()
    #: Kinds only ``trace quiz`` asks, about the first call.
    terminal_kinds: tuple[str, ...] = ()
    #: What the page's score line calls each of its kinds.
    kind_titles: dict[str, str] = {}

    def __init__(self, trace: Trace, game_words: GameWords, kind: Any):
        self.trace = trace
        self.game_words = game_words
        #: Its entry in the search registry (a ``tracer.search.SearchKind``).
        self.kind = kind
        #: Its settings, ``(name, value)`` pairs.
        self.settings: tuple[tuple[str, Any], ...] = trace.search.settings

    # ---- names ------------------------------------------------------------------------

    def name(self) -> str:
        """The search in a few words, as logs and tables name it."""
        settings = ", ".join(f"{k} {v}" for k, v in self.settings)
        return f"{self.kind.title} ({settings})" if settings else self.kind.title

    def short_name(self) -> str:
        """Its name where the game's settings follow it (``trace compare``) or a card names it."""
        return self.name()

    def title(self) -> str:
        """Its name leading a diagram's or a page's title."""
        return capitalised(self.name())

    def describe_lines(self) -> list[str]:
        """Lines the log's header adds to say which search ran."""
        return [f"Search: {self.name()}."]

    def summary(self, counts: list[int] | None = None) -> str:
        """What it did, in one phrase, for the log's last line ('' for nothing)."""
        return ""

    # ---- the log ----------------------------------------------------------------------

    def answered(self, pid: int) -> Note | None:
        """A call answered without its steps (a cache hit): its one log line, else None."""
        return None

    def entry_notes(self, pid: int) -> list[Note]:
        """Lines before a call's steps (the window it was called with)."""
        return []

    def after_notes(self, pid: int) -> list[list[Note]]:
        """For each test-play of row ``pid``: lines after its step 12 (a window update, a cut)."""
        return [[] for _ in range(self.trace.positions.edge_count[pid])]

    # ---- what it did not search, and bounds ---------------------------------------------

    def skipped(self, pid: int) -> tuple[int, ...]:
        """The moves row ``pid`` did not search (alpha-beta's pruned ones), in loop order."""
        return ()

    def skipped_words(self) -> list[str]:
        """How a picture names moves not searched, under their list."""
        return ["not searched"]

    def stopped(self, call: Call) -> str | None:
        """Why a call stopped its loop early, for a picture ('' or None: it did not)."""
        return None

    def bound_word(self, call: Call) -> str:
        """``≤ ``/``≥ `` when ``call``'s score is only a bound on the true value, else ''."""
        return ""

    def continues_at(self, call: Call) -> Call | None:
        """The call whose subtree stands for ``call``'s (a cache hit's source), else None."""
        return None

    # ---- pictures ---------------------------------------------------------------------

    def caption(self, call: Call) -> str | None:
        """Extra lines under a call's picture."""
        return None

    def special_node(self, call: Call) -> NodeLook | None:
        """How to draw ``call`` if it is not an ordinary call (a cache hit), else None."""
        return None

    def shape_note(self, call: Call) -> str:
        """A line beside a textbook node (alpha-beta's window)."""
        return ""

    def legend_rows(self, *, shapes: bool) -> list[LegendRow]:
        """The legend's rows for what the search adds to a picture (``shapes``: a textbook tree)."""
        return []

    # ---- summaries, quiz, page ------------------------------------------------------------

    def stats_rows(self, counts: list[int]) -> list[tuple[str, str]]:
        """``--stats`` rows for what it did (before the comparison with the baseline)."""
        return []

    def entry_questions(self, call: Call) -> list[Question]:
        """Questions asked as ``call`` begins (before its value)."""
        return []

    def after_questions(self, call: Call) -> list[Question]:
        """Questions asked after each of ``call``'s test-plays returns."""
        return []

    def terminal_questions(self) -> list[Question]:
        """What ``trace quiz`` asks beyond the values and the pick."""
        return []

    def value_explanation(self, call: Call) -> str | None:
        """Why ``call`` returns what it does, when it is answered without test-playing."""
        answered = self.answered(call.pid)
        return None if answered is None else f"{capitalised(answered[0])}: {answered[1]}."

    def page_data(self) -> dict[str, Any] | None:
        """What the step-through page needs beyond the rows (``{}``: nothing, the page narrates
        the calls as the guide's minimax); None if the page cannot narrate this search."""
        return None
