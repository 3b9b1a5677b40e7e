"""A learner's recorded search in words and pictures (``trace check``): its boards, its own values,
its first departure from a correct search.

``LearnerWords`` reads each call's board as tic-tac-toe does (a state's lower bits are a
tic-tac-toe state) and names each test-play by what it changed on the board, so a mark
not taken back or the wrong player's mark reads as what it is. ``LearnerSearchWords``
narrates the calls as the program made them (what each was given, tried and returned,
written as the program writes values, never as the guide's steps 12-17 would have them),
marks the first departure and the calls made after it, and sets the guide's answer
beside the tree.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from ..games.learner.game import AT_RETURN, FIRST_ODD_MOVE, STOPPED, Departure, LearnerFacts
from ..games.tictactoe.board import LINES, cell_name, other
from ..style import INNER_BORDER, INNER_FILL, PLAYED_FILL, SMALL_POINTS
from . import labels, pagewords
from .base import GameWords, Marker, NodeLook, Note, SearchWords, outcome_rows
from .labels import LegendRow
from .text import INDENT, calls, capitalised, listed, note_lines, signed, tag
from .tictactoe import TicTacToeWords

if TYPE_CHECKING:
    from typing import Any

    from ..games.learner.game import RecordedGame
    from ..trace import Call, Trace

LANGUAGES = {"python": "Python", "javascript": "JavaScript"}
#: Caption lines under a marked call are wrapped to this many characters.
CAPTION_WIDTH = 36
#: A row's own slots on the step-through page (``LearnerWords.row_slots``, the page's rows).
ROW_SLOTS = ("state", "terminal", "going", "tried")


def verdict_line(f: LearnerFacts) -> str:
    """The verdict in one line, pointing at the marked call."""
    d = f.departure
    if d is not None:
        return f"Verdict: {f.verdict}: call #{d.call} is the first to depart from a correct search (marked ‼)."
    if f.error:
        where = f" in call #{f.error_call}" if f.error_call else ""
        return f"Verdict: {f.verdict}: {f.error}{where}."
    return f"Verdict: {f.verdict}: no call departs from a correct search."


def guide_line(f: LearnerFacts, words: TicTacToeWords) -> str:
    """The guide's answer from the same board: ``The guide's minimax … returns … after 9 calls``."""
    return (f"The guide's minimax from this board returns {words.returned(f.guide_index, f.guide_score)} "
            f"after {calls(f.guide_calls)}")


class LearnerWords(GameWords):
    """Each call's board as tic-tac-toe reads it; test-plays named by what they changed."""

    game: RecordedGame
    position_words = "one per distinct call: its board and the calls it made below"
    moves_noun = "test-plays"
    max_role = "the AI"
    min_role = "the human"
    state_noun = "board"
    already_over = "The board is already over"
    tokens_name = "cell numbers"

    def __init__(self, game: RecordedGame):
        super().__init__(game)
        self.tictactoe = TicTacToeWords(game.tictactoe)
        self.max_name, self.min_name = game.ai, other(game.ai)  # type: ignore[arg-type]

    def cells(self, state: int) -> str | None:
        return self.game.board_of(state).cells if self.game.has_board(state) else None

    def player(self, state: int) -> str:
        return self.game.mark_of(state)

    def mover(self, state: int) -> str:
        return self.tictactoe.mover(self.game.position(state)) if self.game.has_board(state) else self.player(state)

    def describe(self, state: int) -> str:
        return self.game.board_of(state).compact() if self.game.has_board(state) else "(no board)"

    def players_line(self) -> str:
        return self.tictactoe.players_line()

    def setting(self) -> str:
        root = self.game.root
        return f"{self.describe(root)} with {self.player(root)} to move ({self.game.ai} is the AI)"

    def move_name(self, move: int) -> str:
        return f"cell {move} ({cell_name(move)})" if move < FIRST_ODD_MOVE else self.move_short(move)

    def move_short(self, move: int) -> str:
        return f"cell {move}" if move < FIRST_ODD_MOVE else f"test-play {move - FIRST_ODD_MOVE + 1}"

    def move_token(self, move: int) -> str:
        return str(move) if move < FIRST_ODD_MOVE else f"#{move - FIRST_ODD_MOVE + 1}"

    def moves_text(self, state: int) -> str:
        return self.tried(state)

    def tried(self, state: int) -> str:
        """What a call test-played: ``cells 1, 4, 8``, ``cell 1, then 2 boards that are not …``."""
        moves = list(self.game.moves(state))
        cells = [m for m in moves if m < FIRST_ODD_MOVE]
        odd = len(moves) - len(cells)
        parts = [("cell " if len(cells) == 1 else "cells ") + ", ".join(map(str, cells))] if cells else []
        if odd:
            parts.append(f"{'then ' if cells else ''}{odd} board{'s' if odd > 1 else ''} that "
                         f"{'are' if odd > 1 else 'is'} not its own with one empty cell filled")
        return ", ".join(parts) or "nothing"

    def change(self, state: int, move: int, short: bool = False) -> str:
        """What test-play ``move`` from ``state`` changed on the board: ``X on cell 2; cell 5 emptied``."""
        before, after = self.cells(state), self.cells(self.game.play(state, move))
        if before is None or after is None:
            return "a call with no board" if after is None else "a board"
        added: dict[str, list[int]] = {}
        for i in range(9):
            if before[i] == "." and after[i] != ".":
                added.setdefault(after[i], []).append(i)
        parts = [self._placed(mark, cells, short) for mark, cells in added.items()]
        emptied = [i for i in range(9) if before[i] != "." and after[i] == "."]
        turned = [i for i in range(9) if "." not in (before[i], after[i]) and before[i] != after[i]]
        if emptied:
            parts.append(f"{'' if short else 'cell' + ('s ' if len(emptied) > 1 else ' ')}"
                         f"{listed([str(i) for i in emptied])} emptied")
        if turned:
            parts.append(f"{listed([str(i) for i in turned])} turned")
        return "; ".join(parts) or "the same board"

    def _placed(self, mark: str, cells: list[int], short: bool) -> str:
        if short:
            return f"{mark} on {', '.join(map(str, cells))}"
        if len(cells) == 1:
            return f"{mark} on cell {cells[0]} ({cell_name(cells[0])})"
        return f"{mark} on cells {listed([str(c) for c in cells])}"

    def move_phrase(self, state: int, move: int) -> str:
        return self.change(state, move)

    def edge_label(self, state: int, move: int) -> str:
        return self.change(state, move, short=True)

    def returned(self, move: int | None, score: int) -> str:
        return self.tictactoe.returned(move, score)

    def point_of_view(self, state: int) -> str:
        return self.tictactoe.point_of_view(self.game.position(state))

    def log_header(self) -> str:
        root, ai, f = self.game.root, self.game.ai, self.game.facts
        lines = [f"Trace of your program's calls on {self.describe(root)} with {self.player(root)} to move. "
                 f"{ai} is the AI (maximiser), {self.min_name} the human (minimiser).",
                 f"Your program: {f.program} ({LANGUAGES.get(f.language, f.language)}), its search function "
                 f"{f.function}; its scores: {f.scale}.",
                 verdict_line(f)]
        if f.difference:
            lines.append(f"Named difference: {f.difference}. {f.difference_text}")
        lines += [guide_line(f, self.tictactoe) + ".",
                  'How to read it: a board is written row by row, "/" between rows and "." for an empty cell.',
                  "#N numbers the calls in the order they start; a call is indented one level below its caller.",
                  "Each call shows the board it was given, the test-plays it made and what it returned, as your",
                  'program wrote it; "step N" names the guide\'s step that does the same in the guide\'s minimax.']
        return "\n".join(lines) + "\n\n"

    def first_call_text(self, state: int) -> str:
        return self.game.facts.first_call

    def step8_text(self, state: int) -> str:
        cells = self.cells(state)
        if cells is None:
            return "its arguments hold no board tracer can read (9 cells, or 3 rows of 3)"
        empty = [str(i) for i in range(9) if cells[i] == "."]
        return f"empty cells: {', '.join(empty)}" if empty else "no empty cell"

    def loop_text(self, state: int) -> str:
        return f"{self.player(state)} test-plays {self.tried(state)}"

    def next_text(self, move: int) -> str:
        return f"next: {self.move_short(move)}"

    def terminal_sentence(self, state: int, terminal: int) -> str:
        if terminal == STOPPED or not self.game.has_board(state):
            return "the game goes on, but it test-played nothing"
        return self.tictactoe.terminal_sentence(self.game.position(state), terminal)

    def finished_code(self, state: int) -> int:
        """The board's own finding (tic-tac-toe's terminal code), whatever the call did with it."""
        found = self.game.tictactoe.outcome(self.game.position(state), 0) if self.game.has_board(state) else None
        return found[0] if found else 0

    def answer_text(self, state: int, move: int) -> str:
        return f"{self.player(state)} plays {self.move_name(move)}"

    def terminal_label(self, terminal: int) -> str:
        return "no test-play" if terminal == STOPPED else self.tictactoe.terminal_label(terminal)

    def outcome_kind(self, terminal: int) -> str:
        return "leaf" if terminal == STOPPED else self.tictactoe.outcome_kind(terminal)

    def stats_head(self) -> tuple[str, str]:
        root = self.game.root
        return ("board", f"{self.describe(root)}, {self.player(root)} to move, {self.game.ai} is the AI")

    def stats_outcomes(self, terminal: dict[str, int]) -> list[tuple[str, str]]:
        ai, human = self.max_name, self.min_name
        return [(f"  {ai} wins (AI)", f"{terminal.get(ai, 0):,}"),
                (f"  {human} wins (human)", f"{terminal.get(human, 0):,}"),
                ("  draws", f"{terminal.get('draw', 0):,}"),
                ("  no test-play, the game going on", f"{terminal.get('stopped', 0):,}")]

    def picture(self, state: int, *, played: int | None = None, testing: int | None = None,
                terminal: int = 0, line_colour: str = "") -> str:
        if not self.game.has_board(state):
            return super().picture(state)
        # A test-play that is not one empty cell filled shows every cell it changed in red
        # (a mark not taken back is the learner's bug: it must not look like any other mark).
        odd = played is not None and played >= FIRST_ODD_MOVE
        return self.tictactoe.picture(self.game.position(state), played=None if odd else played, testing=testing,
                                      terminal=terminal if terminal != STOPPED else 0, line_colour=line_colour,
                                      changed=self.changed_cells(state) if odd else ())

    def changed_cells(self, state: int) -> list[int]:
        """The cells whose content differs from the caller's board (none for the first call)."""
        parents: dict[int, int] = self.__dict__.setdefault("_parents", {})
        if not parents:
            parents.update((child, parent) for parent, edges in self.game.edges.items() for _, child in edges)
        parent = parents.get(state)
        before, after = (self.cells(parent) if parent is not None else None), self.cells(state)
        if before is None or after is None:
            return []
        return [i for i in range(len(after)) if before[i] != after[i] and after[i] != "."]

    def legend_rows(self, *, played: bool, testing: bool, fills: Collection[str],
                    finished: Collection[str], states: Collection[int] | None = None) -> list[LegendRow]:
        rows = self.tictactoe.legend_rows(played=False, testing=testing, fills=(), finished=finished)
        if played:
            rows.insert(0, LegendRow(labels.swatch(PLAYED_FILL, PLAYED_FILL),
                                     "red cells with a mark: what a test-play changed on its caller's board"))
        ai, human = self.max_name, self.min_name
        own = ": the score is the one your program returned"
        return rows + outcome_rows(fills, {"win": f"{ai} (AI) has three in a row{own}",
                                           "loss": f"{human} (human) has three in a row{own}",
                                           "draw": f"a full board, no three in a row{own}"})

    def svg_picture(self, state: int, *, played: int | None = None, top: str = "",
                    bottom: str = "", fill: str = "", border: str = "") -> str | None:
        if not self.game.has_board(state):
            return None
        shown = played if played is not None and played < FIRST_ODD_MOVE else None
        return self.tictactoe.svg_picture(self.game.position(state), played=shown, top=top, bottom=bottom,
                                          fill=fill, border=border)

    def text_picture(self, state: int) -> list[str]:
        return self.tictactoe.text_picture(self.game.position(state)) if self.game.has_board(state) else []

    # The module draws each call's own board: a learner's call may be made on a board the
    # guide's search never makes, so nothing is worked out from the caller's board and a cell.
    page_module = "learner"

    def page_data(self) -> dict[str, Any]:
        return {"size": 3, "lines": [list(line) for line in LINES], "ai": self.game.ai}

    def page_columns(self, states: Sequence[int], terminal: Sequence[int]) -> dict[str, list[int]]:
        return {"x_to_move": [int(self.player(s) == "X") for s in states]}

    def page_rows(self, trace: Trace) -> dict[str, list[Any]] | None:
        """Per row: ``row_slots``, the empty cells step 8 lists, and the board's cells to draw."""
        p = trace.positions
        slots = [self.row_slots(s, t) for s, t in zip(p.state, p.terminal, strict=True)]
        rows: dict[str, list[Any]] = {key: [row[key] for row in slots] for key in ROW_SLOTS}
        rows["moves"] = [self.empty_cells(s) for s in p.state]
        rows["cells"] = [self.cells(s) for s in p.state]  # "X.O..." row by row, None with no board
        return rows

    def page_moves(self, trace: Trace, skipped: Any) -> list[int]:
        # The empty cells of every board (step 8 lists them) and every test-play made.
        return sorted(set(trace.positions.edge_move) | set(range(9)))

    def row_slots(self, state: int, terminal: int) -> dict[str, str]:
        """A row's own slots: its board, a finished call's sentence, its check's finding, its test-plays."""
        found = self.finished_code(state)
        going = ("nobody has won and the board has an empty cell" if not found else
                 f"{self.terminal_sentence(state, found)}, yet it goes on")
        return {"state": self.describe(state), "terminal": self.terminal_sentence(state, terminal) if terminal else "",
                "going": going, "tried": self.tried(state)}

    def empty_cells(self, state: int) -> list[int]:
        """The board's empty cells, ascending: what the guide's step 8 lists."""
        cells = self.cells(state)
        return [] if cells is None else [i for i in range(9) if cells[i] == "."]

    def page_phrases(self) -> dict[str, str]:
        return self.tictactoe.page_phrases()

    def page_heading(self) -> str:
        f = self.game.facts
        return (f"{f.program} ({LANGUAGES.get(f.language, f.language)}) from {self.setting()} · "
                f"{verdict_line(f)} · {guide_line(f, self.tictactoe)}")

    def page_constants(self) -> dict[str, str]:
        ai = self.game.ai
        return {**super().page_constants(), "ai": ai, "human": self.min_name,
                "state_var": "board", "mover_var": "mark", "root_player": self.player(self.game.root)}

    def page_legend(self) -> list[tuple[str, str, str]]:
        return [("played", "", "red cell: what a test-play changed on the board"),
                ("index", "4", "grey digit: an empty cell's index"),
                ("win", "", "{ai} (AI) has three in a row: the score is the one your program returned"),
                ("loss", "", "{human} (human) has three in a row: the score is the one your program returned"),
                ("draw", "", "a full board, no three in a row: the score is the one your program returned"),
                *pagewords.TREE_LEGEND]


class LearnerSearchWords(SearchWords):
    """A learner's program: its calls narrated as it made them, its first departure marked."""

    game_words: LearnerWords

    chosen_line = "the line of the test-plays your program's calls returned, from call #1"
    picked_words = "the test-play a call returned as its choice"
    narrates_figures = False

    @property
    def facts(self) -> LearnerFacts:
        return self.trace.game.facts  # type: ignore[attr-defined]

    def name(self) -> str:
        return "your minimax"

    def title(self) -> str:
        return f"Your {self.facts.function}()"

    def describe_lines(self) -> list[str]:
        return []  # the game's log header says which program ran, and what was found

    def summary_line(self) -> str:
        return f"{verdict_line(self.facts)} Call #1 returns {self.returned_text(0)} after {calls(self.trace.calls)}."

    def summary(self, counts: list[int] | None = None) -> str:
        return ""

    def narration(self) -> LearnerNarration:
        return LearnerNarration(self)

    def returned_text(self, pid: int) -> str | None:
        return self.trace.positions.extras["returned"][pid] or "nothing"

    def window(self, pid: int) -> str | None:
        """The window row ``pid``'s calls were given (``α = -∞, β = +1``), for an alpha-beta."""
        return self.trace.positions.extras.get("window", [None] * (pid + 1))[pid]

    def bound_sign(self, pid: int) -> str:
        """``≥``/``≤`` where what row ``pid``'s calls returned is only a bound on the board's score."""
        return self.trace.positions.extras.get("bound", [None] * (pid + 1))[pid] or ""

    def bound_signs(self) -> list[str] | None:
        signs = [sign or "" for sign in self.trace.positions.extras.get("bound", [])]
        return signs if any(signs) else None

    def bound_words(self, pid: int) -> str:
        """``only a bound: X's score here is at least +1 (its window's cut)``, or '' for a score."""
        sign = self.bound_sign(pid)
        if not sign:
            return ""
        ai = self.trace.game.ai  # type: ignore[attr-defined]
        most = "at most" if sign == "≤" else "at least"
        return (f"only a bound, not the board's score: {ai}'s score here is {most} "
                f"{signed(int(self.trace.positions.score[pid]))} (right for its window)")

    def raised(self, pid: int) -> str | None:
        """How row ``pid``'s calls ended without returning (an error, a limit), if they did."""
        return self.trace.positions.extras["raised"][pid]

    @property
    def departure(self) -> Departure | None:
        return self.facts.departure

    @cached_property
    def first_after(self) -> int:
        """The first call made after the departure (after the calls inside one that returned wrongly)."""
        d = self.departure
        assert d is not None
        return d.call + (self.trace.call(d.call).size if d.when == AT_RETURN else 1)

    def departing_row(self) -> int | None:
        d = self.departure
        return None if d is None or d.call > self.trace.calls else self.trace.call(d.call).pid

    def marker(self, call: Call) -> Marker | None:
        d, f = self.departure, self.facts
        if d is not None and call.call == d.call:
            return Marker("‼ departs", legend="the first call that departs from a correct search "
                                              "(framed in violet)")
        if d is not None and call.call >= self.first_after:
            return Marker("", dashed=True, legend="dashed violet frame: a call made after the first "
                                                  "departure, which it may rest on")
        if f.error_call is not None and call.call == f.error_call:
            return Marker("‼ error", legend="the call your program's error (or a limit) stopped in")
        return None

    def footer(self, call: Call) -> str | None:
        return self.own_footer(call.pid) or f"returns {signed(call.score)}"

    def own_footer(self, pid: int) -> str | None:
        """How row ``pid``'s calls ended when not with a score (raised, stopped, a move alone), else None."""
        raised = self.raised(pid)
        if raised is not None:
            return "raised an error" if not raised.startswith("stopped") else "stopped"
        returned = self.trace.positions.extras["returned"][pid]
        if returned is None:
            return "returned nothing"
        if not self.trace.positions.extras["scored"][pid]:  # a move alone, or another value
            return f"returned {returned}" if len(returned) <= 16 else "returned no score"
        bound = self.bound_sign(pid)
        if bound:
            return f"returns {bound} {signed(int(self.trace.positions.score[pid]))} (a bound)"
        return None

    def drawn_legend_rows(self, *, shapes: bool, calls: tuple[Call, ...] | None = None,
                          folded: frozenset[int] = frozenset()) -> list[LegendRow]:
        """The window and the bound, where a call drawn has one (a learner's alpha-beta)."""
        pids = range(len(self.trace.positions)) if calls is None else [c.pid for c in calls if c.call not in folded]
        rows = []
        if any(self.window(pid) for pid in pids):
            rows.append(LegendRow(labels.symbol("α β", size=SMALL_POINTS),
                                  "under a call: the window (α, β) your program called it with"))
        if any(self.bound_sign(pid) for pid in pids):
            rows.append(LegendRow(labels.symbol("≤ ≥", size=SMALL_POINTS),
                                  "returns ≤ / ≥: what it returned is only a bound on the board's score, "
                                  "as its window allows"))
        return rows

    def footer_legend(self) -> LegendRow | None:
        ai = self.trace.game.ai  # type: ignore[attr-defined]
        return LegendRow(labels.sample("returns", "#212121", SMALL_POINTS),
                         f"the score a call returned, from {ai}'s point of view (the AI's)")

    def special_node(self, call: Call) -> NodeLook | None:
        """A call that test-played nothing though its game goes on, or returned no value."""
        stopped = call.terminal_code == STOPPED
        if not stopped and (call.terminal_code == 0 or self.footer(call) == f"returns {signed(call.score)}"
                            or self.bound_sign(call.pid)):
            return None
        words = self.game_words
        footer = self.footer(call) or ""
        caption = "test-played nothing; the game goes on" if stopped else "a finished game"
        return NodeLook(f"#{call.call} · {words.player(call.state)} to move", footer, INNER_FILL, INNER_BORDER,
                        caption)

    def caption(self, call: Call) -> str | None:
        d = self.departure
        window = self.window(call.pid)
        lines: list[str] = [window] if window else []
        if d is not None and call.call == d.call:
            # What went wrong, without the guide's reason (the report and the log give it).
            lines += textwrap.wrap(d.why.split(": step")[0], CAPTION_WIDTH)
            lines += textwrap.wrap(f"returned {d.returned}", CAPTION_WIDTH)
            lines += textwrap.wrap(f"expected {d.expected}", CAPTION_WIDTH)
        raised = self.raised(call.pid)
        if raised is not None and call.call == self.facts.error_call:
            lines += textwrap.wrap(raised, CAPTION_WIDTH)
        return "\n".join(lines) or None

    def title_lines(self) -> list[str]:
        f = self.facts
        head = f"trace check: {f.program} ({LANGUAGES.get(f.language, f.language)}). {verdict_line(self.facts)}"
        lines = [head]
        if f.difference:
            lines.append(f"Named difference: {f.difference}.")
        return lines

    def beside_root(self) -> list[str]:
        f = self.facts
        words = self.game_words.tictactoe
        lines = ["The guide's minimax from this board:",
                 f"returns {words.returned(f.guide_index, f.guide_score)} after {calls(f.guide_calls)}"]
        if f.guide_index is not None:
            root = self.trace.game.root
            lines.append(f"({self.game_words.player(root)} plays {words.move_name(f.guide_index)})")
        return lines

    def beside_guide(self, guide: Trace) -> list[tuple[str, str]]:
        f, d = self.facts, self.departure
        rows = [("program", f"{f.program} ({LANGUAGES.get(f.language, f.language)}), its function {f.function}"),
                ("verdict", verdict_line(self.facts).removeprefix("Verdict: "))]
        if d is not None:
            call = self.trace.call(d.call) if d.call <= self.trace.calls else None
            board = f" ({self.game_words.player(call.state)} to move on {self.game_words.describe(call.state)})" \
                if call is not None else ""
            rows += [("first departure", f"call #{d.call}{board}: {d.why}"),
                     ("it returned", d.returned), ("a correct search", d.expected)]
        if f.difference:
            rows.append(("named difference", f"{f.difference}: {f.difference_text}"))
        guide_answer = self.game_words.tictactoe.returned(guide.result.index, guide.result.score)
        rows += [("calls", f"yours {self.trace.calls:,}, the guide's {guide.calls:,}"),
                 ("call #1 returns", f"yours {self.returned_text(0)}, the guide's {guide_answer}"),
                 ("your scores", f.scale)]
        return rows

    def guide_marks(self, guide: Trace, calls: Sequence[Call]) -> dict[int, Marker]:
        """On the guide's tree: the call your first departure stands in for, and those yours did not make."""
        marks: dict[int, Marker] = {}
        counterpart = self.counterpart(guide)
        for call in calls:
            if counterpart is not None and call.call == counterpart:
                marks[call.call] = Marker("‼ yours departs", legend="where your program's first departure "
                                                                     "happens: the call a correct search makes there")
            elif not self.made(guide, call):
                marks[call.call] = Marker("", dashed=True, legend="dashed violet frame: a call your program "
                                                                  "did not make")
        return marks

    def made(self, guide: Trace, call: Call) -> bool:
        """Whether your program made ``call`` of the guide's tree: by the same cells, on the same board."""
        mine = self.along([c.move for c in call.path()[1:]])
        return mine is not None and (self.game_words.cells(mine.state)
                                     == guide.game.board_of(call.state).cells)  # type: ignore[attr-defined]

    def along(self, moves: Sequence[int | None]) -> Call | None:
        """Your call reached from call #1 by ``moves``, if your program made one."""
        node = self.trace.root
        for move in moves:
            node = next((c for c in node.children() if c.move == move), None)  # type: ignore[assignment]
            if node is None:
                return None
        return node

    def counterpart(self, guide: Trace) -> int | None:
        """The guide's call your departing call stands for: reached by the same cells (an odd test-play
        by the cell its mover newly took), else the nearest call above it."""
        d = self.departure
        if d is None or d.call > self.trace.calls:
            return None
        path = self.trace.call(d.call).path()
        node = guide.root
        for above, call in zip(path, path[1:], strict=False):
            move = call.move if (call.move or 0) < FIRST_ODD_MOVE else self.newly_taken(above, call)
            found = next((c for c in node.children() if c.move == move), None)
            if found is None:
                break
            node = found
        return node.call

    def newly_taken(self, parent: Call, call: Call) -> int | None:
        """The one cell ``parent``'s mover took for ``call`` beyond what it tried before, if one."""
        before, after = self.game_words.cells(parent.state), self.game_words.cells(call.state)
        if before is None or after is None:
            return None
        tried = {c.move for c in parent.children() if c.call < call.call}
        mover = self.game_words.player(parent.state)
        new = [i for i in range(9) if before[i] == "." and after[i] == mover and i not in tried]
        return new[0] if len(new) == 1 else None

    # The story tells what the program did, call by call, never the guide's steps 12-16 (what
    # it saved, how it picked): a learner's program need not have them.
    page_module = "learner"
    page_without_quiz = ("no quiz on this page: its questions ask what the guide's minimax returns and "
                         "picks, and your program is checked against that instead")
    page_without_code = ("Your program ran its own code, not the guide's: tracer recorded its calls, not "
                         "its lines, so no line is highlighted here. The log (--log) and the tree (-o) "
                         "show the same calls.")

    def page_data(self) -> dict[str, Any]:
        """Per row what its calls returned, per edge what the test-play changed; the first departure."""
        p = self.trace.positions
        d = self.departure if self.departing_row() is not None else None
        return {
            "returned": [self.page_returned(pid) for pid in range(len(p))],
            "changes": self.page_changes(),
            "departure": None if d is None else {"call": d.call, "start": d.when != AT_RETURN,
                                                 "first_after": self.first_after},
            "error_call": self.facts.error_call,
            "feet": [self.own_footer(pid) for pid in range(len(p))],
        }

    def page_phrases(self) -> dict[str, str]:
        return {**super().page_phrases(), **PAGE_PHRASES}

    def page_legend(self) -> list[tuple[str, str, str]]:
        if self.departing_row() is None:
            return []
        return [("departs", "", "violet frame, ‼ departs: the first call that departs from a correct search"),
                ("after", "", "dashed violet frame: a call made after the first departure, which it may rest on")]

    def page_constants(self) -> dict[str, str]:
        f, d = self.facts, self.departure
        found = {"function": f.function, "first_call": f.first_call, "verdict": verdict_line(self.facts),
                 "error": f.error or "", "error_call": str(f.error_call or ""),
                 "guide_returned": self.game_words.tictactoe.returned(f.guide_index, f.guide_score),
                 "guide_calls": calls(f.guide_calls)}
        if d is not None:
            found.update(departs=str(d.call), why=d.why, departs_returned=d.returned, expected=d.expected)
        return {**super().page_constants(), **found}

    def page_changes(self) -> list[str]:
        """Per edge, in the rows' edge order: what the test-play changed on its caller's board."""
        p, words = self.trace.positions, self.game_words
        found = [""] * len(p.edge_move)
        for pid in range(len(p)):
            for j, (move, _) in enumerate(p.children(pid)):
                found[p.first_edge[pid] + j] = words.change(p.state[pid], move)
        return found

    def page_returned(self, pid: int) -> str | None:
        raised = self.raised(pid)
        return f"nothing ({raised})" if raised is not None else self.returned_text(pid)

    def stats_rows(self, counts: list[int]) -> list[tuple[str, str]]:
        f = self.facts
        rows = [("program", f"{f.program} ({LANGUAGES.get(f.language, f.language)}), {f.function}()"),
                ("verdict", f.verdict + (f" ({f.difference})" if f.difference else ""))]
        if f.departure is not None:
            rows.append(("first departure", f"call #{f.departure.call}: {f.departure.kind}"))
        guide = guide_line(f, self.game_words.tictactoe)
        rows.append(("the guide's minimax", guide.removeprefix("The guide's minimax from this board ")))
        return rows


class LearnerNarration:
    """The log's text for a learner's calls, made once per row and test-play: what each was given,
    found, test-played and returned, as the program writes values, and the first departure."""

    def __init__(self, words: LearnerSearchWords):
        self.words = words
        self.game: LearnerWords = words.game_words
        self.trace = words.trace
        self.p = self.trace.positions
        self.departing = words.departing_row()
        self.cache: dict[tuple[str, int, int], str] = {}

    def _cached(self, key: tuple[str, int, int], make: Any) -> str:
        text = self.cache.get(key)
        if text is None:
            text = self.cache[key] = make()
        return text

    def pad(self, pid: int) -> str:
        return INDENT * (self.p.depth[pid] + 1)

    def head(self, pid: int, parent: int, move: int) -> str:
        def make() -> str:
            state = self.p.state[pid]
            if move < 0:
                return f" {tag(7)}first call: {self.game.first_call_text(state)}\n"
            where = f"{self.game.player(state)} to move on {self.game.describe(state)}"
            return f" {tag(11)}{self.game.move_phrase(self.p.state[parent], move)} -> {where}\n"
        return self._cached(("head", pid, move), make)

    def departure_notes(self, pid: int, when: str) -> list[Note]:
        d = self.words.departure
        if d is None or pid != self.departing or d.when != when:
            return []
        return [("‼ here", f"the first departure from a correct search: {d.why}"),
                ("expected", d.expected)]

    def open(self, pid: int) -> str:
        def make() -> str:
            from ..games.learner.game import AT_START

            state, code = self.p.state[pid], self.p.terminal[pid]
            window = self.words.window(pid)
            notes = self.departure_notes(pid, AT_START) + ([("window", f"called with {window}")] if window else [])
            notes.append((tag(8).strip(), self.game.step8_text(state)))
            if self.p.edge_count[pid]:
                found = self.game.finished_code(state)
                going = ("no terminal state" if not found else
                         f"{self.game.terminal_sentence(state, found)}, yet it goes on to test-play")
                notes += [(tag(9).strip(), going), (tag(10).strip(), self.game.loop_text(state))]
            else:
                notes.append((tag(9).strip(), f"{self.game.terminal_sentence(state, code)}: {self.ended(pid)}"))
                notes += self.departure_notes(pid, AT_RETURN)
            return note_lines(self.pad(pid), notes)
        return self._cached(("open", pid, 0), make)

    def ended(self, pid: int) -> str:
        """How row ``pid``'s calls ended: ``returned {'score': -1}``, ``raised IndexError: …``."""
        raised = self.words.raised(pid)
        if raised is not None:
            return raised if raised.startswith("stopped") else f"raised {raised}"
        bound = self.words.bound_words(pid)
        return f"returned {self.words.returned_text(pid)}" + (f", {bound}" if bound else "")

    def close(self, pid: int) -> str:
        def make() -> str:
            notes = [(tag(17).strip(), self.ended(pid))] + self.departure_notes(pid, AT_RETURN)
            return note_lines(self.pad(pid), notes)
        return self._cached(("close", pid, 0), make)

    def save(self, parent: int, edge: int) -> str:
        return ""  # what a test-play's call returned is said where it returns

    def after(self, parent: int, index: int) -> str:
        return ""

    def next_move(self, parent: int, edge: int) -> str:
        return ""

    def answer(self) -> str:
        root = self.trace.root
        text = f"{'result':<9}the first call {self.ended(root.pid)}\n"
        if root.best is not None and root.best < FIRST_ODD_MOVE:
            text += f"{'':<9}{self.game.answer_text(root.state, root.best)}\n"
        return text

    def ending(self) -> str:
        f = self.words.facts
        root = self.trace.root
        return (f"\nResult: {self.words.returned_text(root.pid)} after {calls(self.trace.calls)}.\n"
                f"{guide_line(f, self.game.tictactoe)}: {self._guide_words(f)}.\n"
                f"{capitalised(verdict_line(self.words.facts))}\n")

    def _guide_words(self, f: LearnerFacts) -> str:
        ai = self.trace.game.ai  # type: ignore[attr-defined]
        outcome = "a win for" if f.guide_score > 0 else "a loss for" if f.guide_score < 0 else "a draw for"
        if f.guide_index is None:
            return f"the board is already over, {outcome} {ai}"
        mover = self.game.player(self.trace.game.root)
        return f"{mover} plays {self.game.tictactoe.move_name(f.guide_index)}, {outcome} {ai} (the AI)"


#: How the step-through page tells a learner's calls (over tic-tac-toe's templates), as the program made them.
PAGE_PHRASES: dict[str, str] = {
    "story.begin.first": ("**Call #1 begins:** your program calls `{first_call}`: the board {state}, with "
                          "{player} ({role}) to move."),
    "story.begin": ("**Call #{call} begins:** call #{parent}'s test-play calls {function} again, on {state} "
                    "with {player} ({role}) to move. Call #{parent} waits."),
    "story.empty": "The board's empty cells (what the guide's step 8 lists): {moves}.",
    "story.empty.none": "The board has no empty cell.",
    **dict.fromkeys(("story.check.win", "story.check.loss", "story.check.draw"),
                    "{terminal}. Call #{call} test-plays nothing and ends with `{returned}`."),
    "story.check.leaf": "The game goes on, but call #{call} test-plays nothing and ends with `{returned}`.",
    **dict.fromkeys(("story.check.on.one", "story.check.on.many"),
                    "Call #{call}: {going}. Your program test-plays {tried}."),
    "story.place": ("Call #{call} makes its test-play {number} of {count} and calls {function} on the board "
                    "it made, with {next_player} to move: call #{child}."),
    "story.save": "Call #{child} ended with `{child_returned}`; back in call #{call}.",
    "story.save.next": "Its loop goes on.",
    "story.save.last": "That was its last test-play.",
    "story.choose.max": ("Call #{call}'s test-plays are done; their calls' scores: {scores}. {player} is "
                         "{role}: a correct search keeps the **highest**."),
    "story.choose.min": ("Call #{call}'s test-plays are done; their calls' scores: {scores}. {player} is "
                         "{role}: a correct search keeps the **lowest**."),
    "story.return.first": "**Call #1 ends with `{returned}`**: your program's answer, after {calls} calls.",
    "story.return": "Call #{call} ends with `{returned}`, back to call #{parent}.",
    "learner.change": "On the board: {change}.",
    "learner.window": "Your program called it with the window {window}.",
    # A learner's bound: right for its window (a fail-hard value may be one with no cut below it).
    "meaning.at_most": "only a bound, right for the window your program passed: {max} gets at most {signed} here",
    "meaning.at_least": "only a bound, right for the window your program passed: {max} gets at least {signed} here",
    "learner.error": "**‼ error:** your program stopped in call #{error_call}: {error}.",
    "learner.after_error": ("After the error in call #{error_call}, call #{call} does not go on: the error "
                            "ends it too, without a value."),
    "learner.departs": ("**‼ here, the first departure from a correct search:** {why}. It returned "
                        "`{departs_returned}`; expected: `{expected}`."),
    "learner.after": "(After the departure at call #{departs}: this may rest on it.)",
    "learner.verdict": "{verdict}",
    "learner.guide": ("The guide's minimax from call #1's board returns `{guide_returned}` after "
                      "{guide_calls}."),
    "card.departs": "‼ departs",
    "card.after": "after the departure",
    "returned.move": "{short}: {score}",
    "returned.unscored": "{short}: {foot}",
    "foot.max": "returned {signed}",
    "foot.min": "returned {signed}",
    "foot.leaf": "{label}: {signed}",
    "foot.placed": "{caller}: {short}",
    "edge.move": "{short}",
    "stack.call": "{function}: {player} to move on {state}",
    "stack.moves": "empty cells: {moves}",
    "stack.loop.active": "test-play {number} of {count} ({doing})",
    "stack.loop.todo.one": "1 test-play to make",
    "stack.loop.todo.many": "{count} test-plays to make",
    "stack.loop.saved": "{done} of {count} test-plays returned",
    "stack.loop.done": "all {count} test-plays returned",
    "stack.infos": "their scores so far: [{infos}]",
    "stack.best": "then it returns what it returns: tracer records no line of it",
}
