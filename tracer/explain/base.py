"""The two plug-in interfaces every renderer asks: a game's words and pictures, a search's additions.

Each is cut by the output that asks: the terms every output uses (``GameTerms``,
``SearchTerms``), then the log's words (with the summary's and ``trace compare``'s), the
pictures', the page's and the quiz's, one class each; ``GameWords``/``SearchWords`` is all
of them together. Every member has a neutral default here, true of any game or search; a
plug-in (``tracer/explain/*.py``) subclasses one and overrides only what it says better.
Renderers get both through ``tracer.explain.for_trace`` and never ask for a name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from ..style import OUTCOME_BORDER, OUTCOME_FILL, OUTCOME_SYMBOL
from . import labels, pagewords
from .labels import LegendRow
from .phrases import Phrases
from .text import calls, capitalised, signed

if TYPE_CHECKING:
    from typing import Any

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


class Marker(NamedTuple):
    """A mark a search sets on a call in pictures (a learner's first departure): a frame round its
    box, solid or dashed, and a tag above it ('' for none), in a colour no outcome uses."""

    tag: str
    dashed: bool = False
    legend: str = ""


class FigureWords(NamedTuple):
    """The words of one of the guide's single-board figures (4, 5 and 10)."""

    #: The line above the board, and the one under it.
    top: str
    footer: str
    caption: str
    narration: str
    alt: str


class GameTerms:
    """What every output asks of a game: who moves, states, moves and finished games in words."""

    #: What a call's for-loop goes through, in a phrase: ``moves``, ``empty cells``.
    moves_noun = "moves"
    #: The names of the maximiser and the minimiser, short, and their parts in words.
    max_name = "MAX"
    min_name = "MIN"
    max_role = "the maximiser"
    min_role = "the minimiser"

    def __init__(self, game: Any):
        #: The game's rules (a ``tracer.games.Rules``).
        self.game = game

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

    def move_name(self, move: int) -> str:
        """A move in words."""
        return f"move {move}"

    def move_short(self, move: int) -> str:
        """A move in a word or two."""
        return self.move_name(move)

    def move_token(self, move: int) -> str:
        """A move as a learner types it, and as tables list it."""
        return self.move_short(move)

    def moves_text(self, state: int) -> str:
        """What a call's for-loop tries from ``state``: ``moves 1, 2, 3``."""
        return f"{self.moves_noun} " + ", ".join(self.move_token(m) for m in self.game.moves(state))

    def move_phrase(self, state: int, move: int) -> str:
        """``state``'s mover making ``move``."""
        return f"{self.player(state)} plays {self.move_name(move)}"

    def edge_label(self, state: int, move: int) -> str:
        """A tree edge from ``state`` by ``move``, short."""
        return self.move_short(move)

    def returned(self, move: int | None, score: int) -> str:
        """A return value as the log and the page write it: ``{move: move 4, score: 1}``, ``{score: 1}``."""
        phrases = self.phrases()
        if move is None:
            return phrases.say("returned.none", score=score)
        return phrases.say("returned.move", score=score, short=self.move_short(move), token=self.move_token(move))

    def phrases(self) -> Phrases:
        """The pages' templates and constants as this game words them, made once."""
        found: Phrases | None = self.__dict__.get("_phrases")
        if found is None:
            found = self._phrases = Phrases({**self.page_phrases(), **self.play_phrases()}, self.page_constants())
        return found

    def terminal_sentence(self, state: int, terminal: int) -> str:
        """A finished game in one clause (step 9)."""
        return f"{self.describe(state)} is finished ({self.terminal_label(terminal)})"

    def terminal_label(self, terminal: int) -> str:
        """A finished game in a word or two, under its picture."""
        return str(self.game.terminal_names[terminal] or "finished")

    def outcome_kind(self, terminal: int) -> str:
        """A finished game for the maximiser, for colours: ``win``, ``loss``, ``draw`` or ``leaf``."""
        return "leaf"

    def value_kind(self, score: int) -> str:
        """What a returned score predicts for the maximiser: ``win``, ``loss``, ``draw`` or ``value``."""
        return "value"

    def fixed_scores(self) -> set[int]:
        """The scores finished games are given, offered as choices in the quiz."""
        return set()

    def prediction(self, state: int, terminal: int, score: int, bound: str) -> str:
        """What a test-play's call found (``bound``: ``≤ ``/``≥ `` or ''), for captions and the log.
        A bound is worded here, once, so no game can state it as a value."""
        if bound and not terminal:
            side = "at most" if bound.startswith("≤") else "at least"
            return (f"a cut below leaves only a bound: {side} {self.score_text(score)} "
                    f"(only a bound), enough to know it cannot change the choice above")
        return self.value_prediction(state, terminal, score)

    def score_text(self, score: int) -> str:
        """A score as the captions write it: ``+1`` (a textbook tree: a bare ``4``)."""
        return signed(score)

    def value_prediction(self, state: int, terminal: int, score: int) -> str:
        """What a test-play's call found when its score is the true value."""
        if terminal:
            return f"{self.terminal_sentence(state, terminal)}: score {signed(score)}"
        how = "the largest" if self.game.maximising(state) else "the smallest"
        return f"{self.player(state)} takes {how} score below: {signed(score)}"

    def guide_figure(self, trace: Trace, number: int, outcome: str = "",
                     forced: str = "") -> FigureWords | None:
        """The words of the guide's figure ``number`` (4, 5, or 10, whose move ``outcome`` ``wins``,
        ``draws`` or ``loses``, ``forced`` saying how), None if the game has no such figure."""
        return None

    def page_phrases(self) -> dict[str, str]:
        """The page's templates (``tracer/explain/pagewords.py``), as this game words them."""
        return dict(pagewords.PHRASES)

    def play_phrases(self) -> dict[str, str]:
        """The game page's templates (``trace play --html``), for a game the page plays."""
        return {}

    def page_constants(self) -> dict[str, str]:
        """Slot values every template may use: who maximises and minimises, the code's names."""
        return {"max": self.max_name, "min": self.min_name, "state_var": "state", "mover_var": "player",
                "value": "score", "state_scored": "scored this state", "root_player": self.player(self.game.root)}


class GameLogWords(GameTerms):
    """What the recursion log, the summary (``--stats``) and ``trace compare`` ask of a game."""

    #: What one row of a trace stands for, for ``--stats``.
    position_words = "one per state"

    def point_of_view(self, state: int) -> str:
        """A note for a score reported while the minimiser moves ('' if none is needed)."""
        return "" if self.game.maximising(state) else " (scores are from the maximiser's point of view)"

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
        """Each setting that differs from the default, in a few words (``trace compare``'s column)."""
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

    def terminal_notes(self, state: int, terminal: int, depth: int) -> list[Note]:
        """Lines the log adds after a finished game's step 9 (why it scores what it does)."""
        return []

    def answer_text(self, state: int, move: int) -> str:
        """Step 25: the first call's mover makes the move kept in bestPlayInfo."""
        return f"{self.player(state)} plays the move bestPlayInfo holds: {self.move_name(move)}"

    def stats_head(self) -> tuple[str, str]:
        """The first row of ``--stats``."""
        return ("game", self.setting())

    def stats_outcomes(self, terminal: dict[str, int]) -> list[tuple[str, str]]:
        """The rows under ``terminal calls``: how many finished games of each kind."""
        return [(f"  {name}", f"{count:,}") for name, count in terminal.items()]


class NodeDrawing(Protocol):
    """What a tree's layout asks of a game's own drawing of its calls (``explain.shapes``)."""

    def style(self, graph: Any) -> None:
        """Set the graph attributes its nodes need."""

    def add_node(self, graph: Any, name: str, trace: Trace, call: Call, *, thick: bool = False,
                 explain: bool = False, marker: Marker | None = None, captioned: bool = True) -> None:
        """Draw ``call`` as node ``name``."""

    def add_tested_root(self, graph: Any, trace: Trace, box: Callable[[], str]) -> None:
        """Draw call #1 as a test-play figure shows it (``box``: its label as a box)."""

    def add_skipped(self, graph: Any, trace: Trace, call: Call, prefix: str) -> None:
        """Draw the branches ``call``'s search did not search."""

    def legend_rows(self, trace: Trace, uses: Any, finished: frozenset[str], figure_rows: list[LegendRow],
                    mark_rows: list[LegendRow]) -> list[LegendRow]:
        """The legend's rows for what ``uses`` says a picture draws."""
        return []


class GamePictureWords(GameTerms):
    """What the pictures ask of a game: the tree, the guide's figures and the notebook's views."""

    #: How trees draw this game's calls, when not as its states' pictures in boxes (the
    #: renderers' own): the textbook trees give their shapes (MAX ▲, MIN ▼, leaves ■).
    node_drawing: NodeDrawing | None = None
    #: What a state is called in sentences about pictures: ``state``, ``board``.
    state_noun = "state"
    #: How a narration says that the first call's game is already over.
    already_over = "The game is already over"

    def moves_list(self, moves: Sequence[int]) -> str:
        """Moves as a sentence lists them, in the page's words: ``cells 5 and 8``."""
        phrases = self.phrases()
        items = phrases.listed([self.move_token(m) for m in moves])
        return phrases.say("moves.one" if len(moves) == 1 else "moves.many", moves=items)

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

    def picture(self, state: int, *, played: int | None = None, testing: int | None = None,
                terminal: int = 0, line_colour: str = "") -> str:
        """``state`` drawn as a Graphviz HTML-like label fragment (a table)."""
        return labels.table(labels.row(labels.cell(labels.text(self.describe(state)))), BORDER="0")

    def legend_rows(self, *, played: bool, testing: bool, fills: Collection[str],
                    finished: Collection[str], states: Collection[int] | None = None) -> list[LegendRow]:
        """The legend's rows for what a picture draws: a move ``played`` or ``testing``, the outcomes'
        ``fills``, the ``finished`` games' outcomes, the ``states`` (None: any)."""
        kind = "leaf"
        if kind not in fills:
            return []
        return [LegendRow(labels.swatch(OUTCOME_FILL[kind], OUTCOME_BORDER[kind]),
                          "a finished game, with its score for the maximiser")]

    def setting_legend_rows(self) -> list[LegendRow]:
        """The legend's rows for the game's settings (how a score scheme scores)."""
        return []

    def svg_picture(self, state: int, *, played: int | None = None, top: str = "",
                    bottom: str = "", fill: str = "", border: str = "") -> str | None:
        """``state`` as a standalone SVG for notebooks, or None to have its words shown."""
        return None


class GamePageWords(GameTerms):
    """What the step-through page (``tracer/viewer/``) and the game page ask of a game."""

    def page_heading(self) -> str:
        """The line under the step-by-step page's title."""
        return self.setting()

    #: The page's script module that draws this game (``tracer/viewer/games/NAME.js``), or
    #: None: the page then draws each state as its description (``page_tables``' rows).
    page_module: str | None = None

    def page_data(self) -> dict[str, Any] | None:
        """What the game's page module reads beyond the rows (None: the page cannot show it)."""
        return {}

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        """Per-row columns the page module decodes (by default, who moves in each row)."""
        return {"max_to_move": [int(self.game.maximising(s)) for s in states]}

    def page_moves_derived(self) -> bool:
        """Whether the page module works out each row's moves itself (then the page carries none)."""
        return False

    def page_settings(self) -> dict[str, Any]:
        """The game's settings the page module reads (a loop order), where they differ from its defaults."""
        return {}

    def page_legend(self) -> list[tuple[str, str, str]]:
        """The page legend's rows, the game's then the tree's: ``(swatch class, sample, template)``."""
        kinds = {self.outcome_kind(code) for code in range(1, len(self.game.terminal_names))}
        rows = [(kind, "", text) for kind, text in pagewords.OUTCOME_LEGEND.items() if kind in kinds]
        return [*rows, *pagewords.TREE_LEGEND]

    def code_lines(self) -> list[tuple[str, str, str]]:
        """The code panel's ``(id, the guide's step, template)``; an ``@`` id is where a search's go."""
        return list(pagewords.CODE)

    def code_terminal(self) -> dict[str, str]:
        """The code line a finished game's check runs, by outcome kind (``win``, ``leaf``)."""
        return dict(pagewords.CODE_TERMINAL)

    def page_moves(self, trace: Trace, skipped: Callable[[int], Sequence[int]]) -> list[int]:
        """Every move the page names: each one played in ``trace`` or ``skipped`` by its search."""
        p = trace.positions
        found = set(p.edge_move)
        for pid in range(len(p)):
            found.update(skipped(pid))
            found.update(self.game.moves(p.state[pid]) if self.page_module is None else ())
        return sorted(found)

    def page_rows(self, trace: Trace) -> dict[str, list[Any]] | None:
        """Per-row words for a page with no module of this game (None when a module draws it)."""
        if self.page_module is not None:
            return None
        p = trace.positions
        return {
            "describe": [self.describe(s) for s in p.state],
            "terminal": [self.terminal_sentence(s, t) if t else "" for s, t in zip(p.state, p.terminal, strict=True)],
            "moves": [list(self.game.moves(s)) for s in p.state],
        }

    def page_tables(self, trace: Trace, skipped: Callable[[int], Sequence[int]]) -> dict[str, Any]:
        """The words the page looks up by value: moves, scores, terminal codes (and rows)."""
        moves = self.page_moves(trace, skipped)
        codes = range(len(self.game.terminal_names))
        scores = sorted(set(trace.positions.score) | self.fixed_scores())
        tables: dict[str, Any] = {
            "moves": {"name": {m: self.move_name(m) for m in moves},
                      "short": {m: self.move_short(m) for m in moves},
                      "token": {m: self.move_token(m) for m in moves}},
            "values": {s: self.value_kind(s) for s in scores},
            "fixed": sorted(self.fixed_scores()),
            "terminals": {"kinds": [self.outcome_kind(c) if c else None for c in codes],
                          "labels": [self.terminal_label(c) if c else None for c in codes]},
            "code_terminal": self.code_terminal(),
        }
        rows = self.page_rows(trace)
        if rows is not None:
            tables["rows"] = rows
        return tables


class GameQuizWords(GameTerms):
    """What the quiz (``trace quiz`` and the page's) asks of a game."""

    #: What a learner types to name moves, for a hint: ``the moves' names``.
    tokens_name = "the moves' names"

    def moves_answer(self, typed: str) -> str:
        """Typed moves in one spelling: the tokens, numbers ascending then names, or ``none``."""
        words = typed.replace(",", " ").lower().split()
        tokens = {w for w in words if w not in ("none", "no", "and", "move", "moves")}
        ordered = sorted(tokens, key=_number_first)
        return " ".join(ordered) or "none"

    def text_picture(self, state: int) -> list[str]:
        """``state`` drawn in the terminal, line by line (none by default)."""
        return []


class GameWords(GameLogWords, GamePictureWords, GamePageWords, GameQuizWords):
    """What a renderer may ask of a game, with neutral defaults; a game's plug-in overrides what differs."""


class SearchTerms:
    """What every output asks of a search: its names, what it did not search, and bounds."""

    #: How pictures name the line of play that call #1's choices make, and a call's choice.
    chosen_line = "the line minimax chose from call #1"
    picked_words = "the test-play a call picked (step 16)"
    #: Whether the figure series, which narrates each call as the guide's steps 11-17, tells
    #: this search's calls truly (a learner's program need not follow those steps).
    narrates_figures = True

    def __init__(self, trace: Trace, game_words: GameWords, kind: Any):
        self.trace = trace
        self.game_words = game_words
        #: Its entry in the search registry (a ``tracer.search.SearchKind``).
        self.kind = kind
        #: Its settings, ``(name, value)`` pairs.
        self.settings: tuple[tuple[str, Any], ...] = trace.search.settings

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

    def counted_rows(self) -> list[int] | None:
        """Per row, what the summary counts (alpha-beta: its pruned moves); None: it counts nothing."""
        return None

    def summary(self, counts: list[int] | None = None) -> str:
        """What it did, in one phrase ('' for nothing): ``counted_rows``, each row as often as
        ``counts`` says (by default, as often as the trace calls it)."""
        rows = self.counted_rows()
        if rows is None:
            return ""
        counts = self.trace.multiplicity() if counts is None else counts
        n = sum(k * c for k, c in zip(rows, counts, strict=True))
        return self.phrases().say("summary.one" if n == 1 else "summary.many", count=f"{n:,}")

    def narration(self) -> Any | None:
        """An object answering ``renderers.log``'s phrases, when the search narrates its calls itself
        (a learner's program); None: the guide's steps."""
        return None

    def returned_text(self, pid: int) -> str | None:
        """What row ``pid``'s calls returned, as the search's program wrote it; None: as the game does."""
        return None

    def answered(self, pid: int) -> Note | None:
        """A call answered without its steps (a cache hit): its one log line, else None."""
        return None

    def answer_move(self, pid: int) -> int | None:
        """The move a call answered without its steps (a cache hit) returns, else None."""
        return None

    def skipped(self, pid: int) -> tuple[int, ...]:
        """The moves row ``pid`` did not search (alpha-beta's pruned ones), in loop order."""
        return ()

    def stopped(self, call: Call) -> str | None:
        """Why a call stopped its loop early, for a picture ('' or None: it did not)."""
        return None

    def bound_word(self, call: Call) -> str:
        """``≤ ``/``≥ `` when ``call``'s score is only a bound on the true value, else ''."""
        sign = self.bound_sign(call.pid)
        return f"{sign} " if sign else ""

    def bound_sign(self, pid: int) -> str:
        """``≤``/``≥`` when row ``pid``'s score is only a bound on the true value, else ''."""
        return ""

    def bound_reason(self, call: Call) -> str:
        """``trace play``'s reason for a test-play whose score is only a bound, else ''."""
        sign = self.bound_sign(call.pid)
        if not sign:
            return ""
        side, score = ("at most" if sign.startswith("≤") else "at least"), signed(call.score)
        return (f"{sign} {score}: a cut below showed it is {side} {score}, no better than an earlier "
                "test-play, so its line was not worked out")

    def bound_signs(self) -> list[str] | None:
        """``bound_sign`` of every row, None when no score is a bound (the page's ``bounds``)."""
        return None

    def continues_at(self, call: Call) -> Call | None:
        """The call whose subtree stands for ``call``'s (a cache hit's source), else None."""
        return None

    def page_phrases(self) -> dict[str, str]:
        """The templates the search adds to the page (its notes, captions, stack lines, quiz)."""
        return {"page.h1": "{search_title}, step by step"}

    def play_phrases(self) -> dict[str, str]:
        """What the search adds to the game page's templates (the AI's reason)."""
        return {"play.search": ""}

    def page_constants(self) -> dict[str, str]:
        """Slot values every template may use: the search's title, what it adds to the code's calls."""
        return {"search_title": self.title(), "search_name": self.name(), "args": "", "first_args": ""}

    def phrases(self) -> Phrases:
        """The page's templates and constants, the game's and this search's, made once."""
        found: Phrases | None = self.__dict__.get("_phrases")
        if found is None:
            words = self.game_words
            found = self._phrases = Phrases(
                {**words.page_phrases(), **words.play_phrases(), **self.page_phrases(), **self.play_phrases()},
                {**words.page_constants(), **self.page_constants()})
        return found


class SearchLogWords(SearchTerms):
    """What the recursion log, the summary (``--stats``) and ``trace compare`` ask of a search."""

    def describe_lines(self) -> list[str]:
        """Lines the log's header adds to say which search ran."""
        return [f"Search: {self.name()}."]

    def entry_notes(self, pid: int) -> list[Note]:
        """Lines before a call's steps (the window it was called with)."""
        return []

    def after_notes(self, pid: int) -> list[list[Note]]:
        """For each test-play of row ``pid``: lines after its step 12 (a window update, a cut)."""
        return [[] for _ in range(self.trace.positions.edge_count[pid])]

    def stats_rows(self, counts: list[int]) -> list[tuple[str, str]]:
        """``--stats`` rows for what it did (before the comparison with the baseline)."""
        return []


class SearchPictureWords(SearchTerms):
    """What the pictures ask of a search: the tree, the figures and the side-by-side page."""

    def skipped_words(self) -> list[str]:
        """How a picture names moves not searched, under their list."""
        return ["not searched"]

    def caption(self, call: Call) -> str | None:
        """Extra lines under a call's picture."""
        return None

    def special_node(self, call: Call) -> NodeLook | None:
        """How to draw ``call`` if it is not an ordinary call (a cache hit), else None."""
        return None

    def marker(self, call: Call) -> Marker | None:
        """A mark on ``call`` in pictures (a learner's first departure), else None."""
        return None

    def footer(self, call: Call) -> str | None:
        """The score line under an inner call's picture; None: ``max = +1``, the guide's pick."""
        return None

    def title_lines(self) -> list[str]:
        """Lines a tree's title adds under its first (what a check found)."""
        return []

    def beside_root(self) -> list[str]:
        """Lines of a note drawn beside the first call (a learner's search: the guide's answer)."""
        return []

    def shape_note(self, call: Call) -> str:
        """A line beside a textbook node (alpha-beta's window)."""
        return ""

    def legend_rows(self, *, shapes: bool) -> list[LegendRow]:
        """The legend's rows for what the search adds to a picture (``shapes``: a textbook tree)."""
        return []

    def drawn_legend_rows(self, *, shapes: bool, calls: tuple[Call, ...] | None = None,
                          folded: frozenset[int] = frozenset()) -> list[LegendRow]:
        """``legend_rows`` for a picture of ``calls`` (None: all), those numbered in ``folded`` drawn as
        summary boxes; a search whose rows depend on what is drawn keeps those its calls use."""
        return self.legend_rows(shapes=shapes)

    def footer_legend(self) -> LegendRow | None:
        """The legend's row for the score line under a call, when ``footer`` says it otherwise."""
        return None

    def summary_line(self) -> str:
        """What the search found, in one line under a heading that names it (a page of trees)."""
        trace = self.trace
        returned = self.game_words.returned(trace.result.index, trace.result.score)
        return f"Call #1 returns {returned} after {calls(trace.calls)}."

    def beside_guide(self, guide: Trace) -> list[tuple[str, str]]:
        """Rows comparing this search's tree with ``guide``, the guide's minimax from the same position."""
        words = self.game_words
        return [("calls", f"{self.trace.calls:,} here, {guide.calls:,} in the guide's minimax"),
                ("call #1 returns", f"{words.returned(self.trace.result.index, self.trace.result.score)} here, "
                                    f"{words.returned(guide.result.index, guide.result.score)} in the guide's")]

    def guide_marks(self, guide: Trace, calls: Sequence[Call]) -> dict[int, Marker]:
        """Marks on ``calls`` of ``guide``'s tree, set beside this search's: where the two differ."""
        return {}


class SearchPageWords(SearchTerms):
    """What the step-through page and the game page ask of a search."""

    def page_returned(self, pid: int) -> str | None:
        """What row ``pid``'s calls end with on the step-through page; None: as the game writes it."""
        return self.returned_text(pid)

    #: The page's script module for this search (``tracer/viewer/searches/NAME.js``), or None:
    #: the page then tells the guide's steps alone.
    page_module: str | None = None
    #: Why the page leaves out its quiz, or its code panel, for this search (None: it has it).
    page_without_quiz: str | None = None
    page_without_code: str | None = None

    def page_data(self) -> dict[str, Any] | None:
        """What the search's page module reads beyond the rows (None: the page cannot show it)."""
        return {}

    def page_legend(self) -> list[tuple[str, str, str]]:
        """The page legend's rows for what the search adds: ``(swatch class, sample, template)``."""
        return []

    def code_parts(self) -> dict[str, list[tuple[str, str, str]]]:
        """The code panel's lines the search adds, by the ``@`` place or the game's line they replace."""
        return {}


class SearchQuizWords(SearchTerms):
    """What the quiz asks of a search: the kinds of question it adds, and the questions."""

    #: The kinds of quiz question it adds, asked as a call begins and after each test-play.
    entry_kinds: tuple[str, ...] = ()
    after_kinds: tuple[str, ...] = ()
    #: What the page's score line calls each of its kinds.
    kind_titles: dict[str, str] = {}

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


class SearchWords(SearchLogWords, SearchPictureWords, SearchPageWords, SearchQuizWords):
    """What a search adds to every output, with neutral defaults; a search's plug-in overrides what differs."""


def _number_first(token: str) -> tuple[bool, int, str]:
    """Sorts typed moves: numbers (ASCII digits, by value, however many) before names."""
    digits = token.isascii() and token.isdigit()
    plain = token.lstrip("0") or "0"
    return (not digits, len(plain) if digits else 0, plain if digits else token)


def outcome_rows(fills: Collection[str], texts: dict[str, str]) -> list[LegendRow]:
    """Legend rows for the finished games' fills a picture has, ``texts`` saying what each kind is."""
    return [LegendRow(labels.swatch(OUTCOME_FILL[kind], OUTCOME_BORDER[kind]), f"{OUTCOME_SYMBOL[kind]} {text}")
            for kind, text in texts.items() if kind in fills]


def who(words: GameWords, call: Call) -> str:
    """A call as a question names it: ``call #2 (cell 1 played: O to move on XXO/X.X/OO.)``."""
    slots = {"call": call.call, "player": words.player(call.state), "state": words.describe(call.state)}
    if call.move is None:
        return words.phrases().say("quiz.who", **slots)
    return words.phrases().say("quiz.who.played", short=words.move_short(call.move), **slots)
