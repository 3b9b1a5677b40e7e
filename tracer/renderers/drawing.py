"""The visual language shared by every diagram: states in framed boxes, colours, the legend.

The tree, the figures and the viewer draw states and outcomes alike: colours from ``tracer.style``,
the pictures of states from the game's words, the labels' markup from ``tracer.explain.labels``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import graphviz

from ..explain import Marker, NodeLook, for_trace, labels
from ..explain.base import NodeDrawing
from ..explain.labels import LegendRow
from ..explain.shapes import pick_footer
from ..explain.text import bounded, signed
from ..style import (  # noqa: F401 - the palette is part of this module's interface
    CELL_SIZE,
    CELL_TEXT,
    CHOSEN,
    CHOSEN_FILL,
    CHOSEN_INK,
    FONT,
    INDEX_TEXT,
    INNER_BORDER,
    INNER_FILL,
    MARKED,
    OUTCOME_BORDER,
    OUTCOME_FILL,
    OUTCOME_INK,
    OUTCOME_SYMBOL,
    PICKED_EDGE,
    PLAYED_FILL,
    REJECTED_EDGE,
    REJECTED_TEXT,
    SKIPPED_BORDER,
    SKIPPED_TEXT,
    SMALL_POINTS,
    SUMMARY_BORDER,
    SUMMARY_FILL,
    TITLE_POINTS,
)
from ..trace import Call, Trace


def outcome(trace: Trace, call: Call) -> str | None:
    """A terminal call's outcome for the maximiser (``'win'``, ``'loss'``, ``'draw'``,
    ``'leaf'``), None if not terminal."""
    code = call.terminal_code
    return for_trace(trace)[0].outcome_kind(code) if code else None


def score_text(trace: Trace, call: Call) -> str:
    """What ``call`` returned, as a picture writes it: ``-1``, or ``≤ +1`` when it is only a bound."""
    return bounded(call.score, for_trace(trace)[1].bound_sign(call.pid))


def call_footer(trace: Trace, call: Call) -> str:
    """The score line under a state: how the call got its score."""
    if call.terminal_code:
        words = for_trace(trace)[0]
        symbol = OUTCOME_SYMBOL.get(words.outcome_kind(call.terminal_code), "■")
        return f"{symbol} {words.terminal_label(call.terminal_code)}: {signed(call.score)}"
    sign = for_trace(trace)[1].bound_sign(call.pid)
    return f"{'max' if call.maximising else 'min'} {sign or '='} {signed(call.score)}"


def pick_reason(trace: Trace, call: Call) -> str:
    """Why step 16 picked the test-play it did: ``O picks cell 4, the first lowest``."""
    words, search = for_trace(trace)
    stopped = search.stopped(call)
    if stopped:  # the search stopped this loop early
        return stopped
    player = words.player(call.state)
    scores = [r.score for r in call.test_plays]
    if len(scores) == 1:
        return f"{player}'s only test-play: {words.move_short(call.best or 0)}"
    word = "highest" if call.maximising else "lowest"
    if scores.count(call.score) > 1:
        word = f"first {word}"
    return f"{player} picks {words.move_short(call.best or 0)}, the {word}"


def state_label(trace: Trace, state: int, title: str, footer: str, *, played: int | None = None,
                fill: str = INNER_FILL, border: str = INNER_BORDER, thick: bool = False, caption: str | None = None,
                testing: int | None = None, terminal: int = 0, marker: Marker | None = None) -> str:
    """A node label: title, the state's picture (the game draws it), footer, ``caption``'s lines;
    one framed box, framed again by a ``marker`` (a search's mark on the call), its tag above."""
    words = for_trace(trace)[0]
    kind = words.outcome_kind(terminal) if terminal else None
    picture = words.picture(state, played=played, testing=testing, terminal=terminal,
                            line_colour=OUTCOME_INK.get(kind, border) if kind else border)
    small = {"POINT_SIZE": SMALL_POINTS}
    extra = [labels.row(labels.cell(labels.font(labels.text(text), **small)))
             for text in (caption.split("\n") if caption else [])]
    box = labels.table(
        labels.row(labels.cell(labels.font(labels.text(title), **small))),
        labels.row(labels.cell(picture)),
        labels.row(labels.cell(labels.font(labels.bold(labels.text(footer)), POINT_SIZE=SMALL_POINTS + 1))),
        *extra,
        BORDER=3 if thick else 1, CELLBORDER="0", CELLSPACING="1", CELLPADDING="2", BGCOLOR=fill,
        COLOR=border, STYLE="ROUNDED",
    )
    return labels.html_label(box if marker is None else marked(box, marker))


def marked(box: str, marker: Marker) -> str:
    """``box`` inside a search's mark: a frame in ``MARKED`` (dashed or solid), its tag above."""
    tag = ([labels.row(labels.cell(labels.font(labels.bold(labels.text(marker.tag)), POINT_SIZE=SMALL_POINTS,
                                               COLOR=MARKED)))] if marker.tag else [])
    return labels.table(*tag, labels.row(labels.cell(box)), BORDER=2 if marker.dashed else 3, COLOR=MARKED,
                        STYLE="DASHED,ROUNDED" if marker.dashed else "ROUNDED", CELLBORDER="0",
                        CELLSPACING="0", CELLPADDING="2")


def call_label(trace: Trace, call: Call, *, thick: bool = False, caption: str | None = None, explain: bool = False,
               marker: Marker | None = None) -> str:
    """The standard drawing of one call: call number, who is to move, the state, score; with
    ``explain``, an inner call shows step 16 in full (``min(-1, -1) = -1``) and why it picked."""
    kind = outcome(trace, call)
    words, search = for_trace(trace)
    player = words.player(call.state)
    title = f"#{call.call} · {player} to move" if kind is None else f"#{call.call} · game over"
    footer = search.footer(call) if kind is None else None
    return state_label(
        trace, call.state, title,
        footer or (pick_footer(trace, call) if explain and kind is None else call_footer(trace, call)),
        played=call.move, fill=OUTCOME_FILL[kind] if kind else INNER_FILL,
        border=OUTCOME_BORDER[kind] if kind else INNER_BORDER, terminal=call.terminal_code, thick=thick,
        caption="\n".join(filter(None, [pick_reason(trace, call) if explain and kind is None and not footer
                                         else None, caption])) or None,
        marker=marker or search.marker(call))


def look_label(trace: Trace, call: Call, look: NodeLook, marker: Marker | None = None) -> str:
    """A call its search draws its own way (a memo cache hit)."""
    return state_label(trace, call.state, look.title, look.footer, played=call.move, fill=look.fill,
                       border=look.border, caption=look.caption,
                       marker=marker or for_trace(trace)[1].marker(call))


def summary_label(trace: Trace, call: Call, *, thick: bool = False, marker: Marker | None = None) -> str:
    """A collapsed subtree: its first state, its score and the calls it stands for."""
    last = call.call + call.size - 1
    words, search = for_trace(trace)
    return state_label(trace, call.state, f"#{call.call} · {words.player(call.state)} to move",
                       search.footer(call) or call_footer(trace, call), played=call.move,
                       fill=score_fill(trace, call, SUMMARY_FILL), border=SUMMARY_BORDER, thick=thick,
                       caption=f"{call.size:,} calls collapsed\n#{call.call} – #{last}",
                       marker=marker or search.marker(call))


def score_fill(trace: Trace, call: Call, otherwise: str = INNER_FILL) -> str:
    """The fill of the outcome ``call``'s score predicts; ``otherwise`` when it predicts none
    or is only a bound (a bound is never coloured as a result)."""
    if for_trace(trace)[1].bound_word(call):
        return otherwise
    return OUTCOME_FILL.get(for_trace(trace)[0].value_kind(call.score), otherwise)


def marker_rows(markers: list[Marker]) -> list[LegendRow]:
    """The legend's rows for the marks a picture holds, each once, in the order met."""
    rows, seen = [], set()
    for marker in markers:
        if marker.legend and marker.legend not in seen:
            seen.add(marker.legend)
            # A dashed frame's sample is the dash, whatever its tag says of one call.
            shown = "- - -" if marker.dashed or not marker.tag else marker.tag
            sample = labels.symbol(labels.bold(labels.text(shown)), colour=MARKED,
                                   size=SMALL_POINTS, align="RIGHT")
            rows.append(LegendRow(sample, marker.legend))
    return rows


@dataclass(frozen=True)
class Uses:
    """What a picture draws, so its legend explains exactly that (and nothing it lacks)."""

    chosen: bool = True  # blue arrows: the line chosen from the first call
    thick: bool = True  # states with a thick border: calls on that line
    collapsed: bool = False  # summary boxes
    testing: bool = False  # the move the for-loop is testing, marked (the guide's figure 4)
    step11_arrow: bool = False  # the red step-11 arrow into the test-play a figure follows
    edge_scores: bool = False  # ``↑ -1`` under an arrow: the score the call below returns
    explain: bool = False  # ``max(-1, +1) = +1`` and the pick spelled out under inner states
    focus_path: bool = False  # dashed arrows: the path from the first call down to a call in focus
    result_box: bool = False  # the blue box holding what the first call returns
    tree: bool = True  # states of several calls joined by arrows (call numbers, scores, black and grey arrows)
    played: bool = True  # the move just played, marked
    outcomes: bool = True  # finished games (outcome colours)
    #: The calls drawn (None: every call of the trace), so the search's rows name only what
    #: they hold (no "pruned" row under a drawing where nothing was pruned).
    calls: tuple[Call, ...] | None = None
    #: Call numbers of ``calls`` drawn as summary boxes (their fill is what their score predicts).
    folded: frozenset[int] = frozenset()
    #: The outcome kinds whose fill a state drawn has, and those of the finished games drawn
    #: as such (None: worked out from ``calls`` and ``folded``).
    fills: frozenset[str] | None = None
    finished: frozenset[str] | None = None
    #: The search's own notes on the calls drawn (alpha-beta's window and cuts, a cache hit);
    #: a single board drawn without them (the guide's figures 4, 5 and 10) has none.
    searched: bool = True
    picked: bool = True  # black arrows: another pick than the chosen line's
    rejected: bool = True  # grey arrows: a test-play not picked


def legend_label(trace: Trace, uses: Uses = Uses(), markers: list[Marker] | None = None) -> str:
    """The legend: every colour, line, border and note the picture uses, and the score scheme
    (it goes in the graph's label, outside the layout of the states: see ``tree.finish_graph``)."""
    return legend_table(legend_rows(trace, uses, markers))


def legend_table(rows: list[LegendRow]) -> str:
    return _two_columns([row.symbol + _words(row.text) for row in rows])


def legend_rows(trace: Trace, uses: Uses = Uses(), markers: list[Marker] | None = None) -> list[LegendRow]:
    """The legend's rows for a picture that draws what ``uses`` says, with ``markers`` on its calls."""
    _, finished = drawn_outcomes(trace, uses)
    return node_drawing(trace).legend_rows(trace, uses, finished, _figure_rows(uses), marker_rows(markers or []))


class Boxes:
    """How trees draw a game's calls unless its words give a drawing of their own
    (``GameWords.node_drawing``): each state's picture in a box, its notes under it."""

    def style(self, graph: graphviz.Digraph) -> None:
        """Boxes need no graph attributes beyond a layout's own."""

    def add_node(self, graph: graphviz.Digraph, name: str, trace: Trace, call: Call, *, thick: bool = False,
                 explain: bool = False, marker: Marker | None = None, captioned: bool = True) -> None:
        """Draw ``call`` as node ``name`` (``captioned``: with its search's caption)."""
        caption = for_trace(trace)[1].caption(call) if captioned else None
        graph.node(name, call_label(trace, call, thick=thick, explain=explain, caption=caption, marker=marker))

    def add_tested_root(self, graph: graphviz.Digraph, trace: Trace, box: Callable[[], str]) -> None:
        """Call #1 as a test-play figure draws it: the figure's own ``box``."""
        graph.node("n1", box())

    def add_skipped(self, graph: graphviz.Digraph, trace: Trace, call: Call, prefix: str) -> None:
        """A dashed edge from ``call`` to one small box naming the test-plays its search skipped."""
        words, search = for_trace(trace)
        skipped = search.skipped(call.pid)
        if not skipped:
            return
        name = f"{prefix}{call.call}p"
        box = labels.table(
            labels.row(labels.cell(labels.lines([words.moves_list(skipped), *search.skipped_words()],
                                                POINT_SIZE=SMALL_POINTS, COLOR=SKIPPED_TEXT))),
            BORDER="1", CELLBORDER="0", CELLPADDING="2", STYLE="DASHED,ROUNDED", COLOR=SKIPPED_BORDER)
        graph.node(name, labels.html_label(box))
        label = words.edge_label(call.state, skipped[0]) if len(skipped) == 1 else f"{len(skipped)} test-plays"
        graph.edge(f"{prefix}{call.call}", name, label=" " + label,
                   style="dashed", color=SKIPPED_BORDER, fontcolor=SKIPPED_TEXT)

    def legend_rows(self, trace: Trace, uses: Uses, finished: frozenset[str], figure_rows: list[LegendRow],
                    mark_rows: list[LegendRow]) -> list[LegendRow]:
        """The legend's rows for what ``uses`` says the picture draws (a figure's own rows are
        a textbook drawing's: boxes explain those steps in their captions)."""
        words, search = for_trace(trace)
        fills, _ = drawn_outcomes(trace, uses)
        played = uses.played and (uses.calls is None or any(c.move is not None for c in uses.calls))
        states = set(trace.positions.state) if uses.calls is None else {c.state for c in uses.calls}
        return (words.legend_rows(played=played, testing=uses.testing, fills=fills, finished=finished,
                                  states=states)
                + _call_rows(trace, uses) + _arrow_rows(trace, uses)
                + (search.drawn_legend_rows(shapes=False, calls=uses.calls, folded=uses.folded)
                   if uses.searched else [])
                + mark_rows + words.setting_legend_rows())


BOXES = Boxes()


def node_drawing(trace: Trace) -> NodeDrawing:
    """How trees draw ``trace``'s calls: its game's own drawing, else boxes."""
    return for_trace(trace)[0].node_drawing or BOXES


#: Which outcome a fill colour shows (a state's fill is read back as the outcome it stands for).
FILL_KIND = {fill: kind for kind, fill in OUTCOME_FILL.items()}


def fill_kind(trace: Trace, call: Call, *, folded: bool = False) -> str | None:
    """The outcome whose fill ``call``'s box gets when drawn (folded: as a summary box), or
    None for a plain fill: a finished game's outcome, what a summary's or a cache hit's score
    predicts (never a bound's)."""
    look = for_trace(trace)[1].special_node(call)
    if look is not None:
        return FILL_KIND.get(look.fill)
    if folded:
        return FILL_KIND.get(score_fill(trace, call))
    return outcome(trace, call)


def drawn_outcomes(trace: Trace, uses: Uses) -> tuple[frozenset[str], frozenset[str]]:
    """The outcome kinds a picture fills states with, and those of the finished games it draws
    whole: what its legend's outcome rows explain (``uses.fills``/``finished`` when given)."""
    if not uses.outcomes:
        return frozenset(), frozenset()
    words, search = for_trace(trace)
    calls = uses.calls
    if calls is None:  # every call: each finished game the trace holds, read off its rows
        kinds = frozenset(words.outcome_kind(code) for code in set(trace.positions.terminal) if code)
        return (uses.fills if uses.fills is not None else kinds,
                uses.finished if uses.finished is not None else kinds)
    whole = [c for c in calls if c.call not in uses.folded and search.special_node(c) is None]
    fills = {fill_kind(trace, c, folded=c.call in uses.folded) for c in calls}
    finished = {outcome(trace, c) for c in whole}
    return (uses.fills if uses.fills is not None else frozenset(k for k in fills if k),
            uses.finished if uses.finished is not None else frozenset(k for k in finished if k))


def _figure_rows(uses: Uses) -> list[LegendRow]:
    """What a textbook tree's figure adds to its legend beside its own symbols."""
    rows = []
    if uses.edge_scores:
        rows.append(LegendRow(labels.sample("↑ 3", CELL_TEXT, SMALL_POINTS),
                              "the value the node below the line returns (step 12 saves it)"))
    return rows + _path_rows(uses, "line", ("child", "children", "value", ""))


def _call_rows(trace: Trace, uses: Uses) -> list[LegendRow]:
    """The legend's rows for the notes around a state: call number, scores, boxes, borders."""
    words = for_trace(trace)[0]
    search = for_trace(trace)[1]
    rows = [LegendRow(labels.sample("#5", CELL_TEXT, SMALL_POINTS),
                      "call number: calls are numbered in the order they start (the log's #N)")]
    if uses.tree and (uses.calls is None or any(c.terminal is None for c in uses.calls)):
        rows.append(search.footer_legend() or LegendRow(
            labels.sample("max =", CELL_TEXT, SMALL_POINTS), f"the score a call returns: the highest of its "
            f"test-plays ({words.max_role}) or the lowest ({words.min_role})"))
    if uses.explain:
        rows.append(LegendRow(labels.sample("min(…)", CELL_TEXT, SMALL_POINTS),
                              "step 16 over the scores in allTestPlayInfos, and the pick it makes"))
    if uses.edge_scores:
        rows.append(LegendRow(labels.sample("↑ -1", CELL_TEXT, SMALL_POINTS),
                              "the score the call below the arrow returns (step 12 saves it)"))
    if uses.collapsed:
        # A bound is never coloured as a result: say what the summary's plain fill means then.
        bounds = any(search.bound_word(call) for call in uses.calls or ())
        rows.append(LegendRow(labels.swatch(OUTCOME_FILL["draw"], SUMMARY_BORDER, border=2), "summary box: "
                              f"a whole subtree drawn as its first {words.state_noun} (purple border), filled "
                              "as its score predicts" + (" (pale violet when that score is only a bound)"
                                                         if bounds else "") + ", with its call count"))
    if uses.thick:
        rows.append(LegendRow(labels.swatch(INNER_FILL, INNER_BORDER, border=3),
                              f"thick border: a {words.state_noun} on {search.chosen_line}"))
    return rows


def _arrow_rows(trace: Trace, uses: Uses) -> list[LegendRow]:
    """The legend's rows for the arrows (and the result box) between a tree's states."""
    search = for_trace(trace)[1]
    rows = []
    if uses.chosen:
        rows.append(LegendRow(_arrow(CHOSEN, bold_line=True), f"thick blue arrow: {search.chosen_line}"))
    if uses.tree and uses.picked:
        rows.append(LegendRow(_arrow(PICKED_EDGE), f"black arrow: {search.picked_words}"))
    if uses.tree and uses.rejected:
        rows.append(LegendRow(_arrow(REJECTED_EDGE), "grey arrow: a test-play it did not pick"))
    return rows + _path_rows(uses, "arrow", ("test-play", "test-plays", "score", "; blue where it is the chosen line"))


def _path_rows(uses: Uses, line: str, nouns: tuple[str, str, str, str]) -> list[LegendRow]:
    """The rows for a figure's red step-11 arrow, the dashed path to a call in focus and the
    result box, in the words of a textbook drawing (``line``, child) or of boxes (arrow, test-play)."""
    one, others, value, blue = nouns
    rows = []
    if uses.step11_arrow:
        rows.append(LegendRow(_arrow(PLAYED_FILL, bold_line=True), f"red {line}: step 11, the {one} "
                              f"this figure follows; ↑ step 12, the {value} saved"))
    if uses.focus_path:
        rows.append(LegendRow(_arrow(REJECTED_EDGE, dashed=True), f"dashed {line}: the path from call #1 "
                              f"to the call in focus (other {others} not drawn{blue})"))
    if uses.result_box:
        rows.append(LegendRow(labels.swatch(CHOSEN_FILL, CHOSEN, border=3),
                              "blue box: what call #1 returns, kept in bestPlayInfo (step 24)"))
    return rows


def _arrow(colour: str, *, bold_line: bool = False, dashed: bool = False) -> str:
    return labels.arrow(colour, size=SMALL_POINTS + 2, bold_line=bold_line, dashed=dashed)


def _words(text: str) -> str:
    return labels.cell(labels.font(labels.text(text), POINT_SIZE=SMALL_POINTS), ALIGN="LEFT")


def _two_columns(entries: list[str]) -> str:
    """The legend's table: its title, then ``entries`` (each two cells) in two columns."""
    half = (len(entries) + 1) // 2
    blank = labels.cell() + labels.cell()
    rows = [labels.row(left + (entries[half + i] if half + i < len(entries) else blank))
            for i, left in enumerate(entries[:half])]
    title = labels.row(labels.cell(labels.font(labels.bold("Legend"), POINT_SIZE=TITLE_POINTS),
                                   COLSPAN="4", ALIGN="LEFT"))
    return labels.table(title, *rows, BORDER="1", CELLBORDER="0", CELLSPACING="2", CELLPADDING="1",
                        COLOR="#bdbdbd", BGCOLOR="#fafafa")
