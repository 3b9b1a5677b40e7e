"""The tutorial's figure series: one diagram per test-play of the root's for-loop, and the overview.

The tutorial (steps 11-24, its figures 4-9) explains minimax with a picture per test-play of the
first for-loop and an overview; these pure functions build that series for any trace, each
``Figure`` with its caption and narration, for the CLI, the index page and a notebook alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import Any

import graphviz

from ..errors import InputError, TooLargeError
from ..explain import FigureWords, for_trace, labels
from ..explain.text import bounded, calls, plural, signed
from ..hooks import ask
from ..trace import Call, Trace
from . import drawing
from .log import forced_win_words, outcome_word
from .tree import (
    DEFAULT_MAX_NODES,
    HARD_MAX_NODES,
    SCREEN_WIDTH,
    TreePlan,
    add_calls,
    finish_graph,
    new_graph,
    plan_tree,
    tree_uses,
)

#: Where the guide itself is read; the figures page links the steps that discuss each figure.
GUIDE_URL = "https://www.freecodecamp.org/news/minimax-algorithm-guide-how-to-create-an-unbeatable-ai/"
#: The guide's step that shows each of its test-play figures (6, 7, 8).
TEST_PLAY_STEPS = {1: 19, 2: 21, 3: 23}

#: Most test-plays of call #1 a series draws, one figure each (a board has at most nine;
#: each figure is a layout of its own, so a root of thousands of children would take minutes).
MAX_TEST_PLAYS = 16
#: Boards drawn in one test-play figure when no depth is asked for: every board
#: with five or fewer empty cells is drawn whole; larger subtrees are summarised.
FIGURE_MAX_NODES = 64
#: Boards drawn in the overview when no depth is asked for.
OVERVIEW_MAX_NODES = 60


@dataclass(frozen=True)
class Figure:
    """One figure of the series, ready for a file, the index page or a notebook."""

    #: File stem, after the figure's role: ``tested-cell`` and ``after-test-play`` (the
    #: guide's figures 4 and 5), ``test-play-1`` ... ``test-play-N`` (the first three are its
    #: figures 6-8), ``overview`` (its figure 9) and ``final-board`` (its figure 10).
    name: str
    title: str  # e.g. ``Test-play 1 of 3``
    caption: str  # one sentence in the tutorial's terms: ``Test-play 1 of 3: X on cell 1 ...``
    narration: str  # a short paragraph telling the step the figure shows
    graph: graphviz.Digraph
    calls: tuple[int, ...]  # drawn as boards (whole or as summary nodes), in call order
    hidden_calls: int = 0  # inside summary nodes
    guide_figure: int | None = None  # the number the guide gives the matching figure
    guide_steps: tuple[int, ...] = ()
    alt: str = ""  # a text alternative for readers who cannot see the drawing
    number: str = ""  # the guide's (``6``), or after its figure 8 for a test-play past the third (``8a``)
    drawn_title: str = ""  # the title's first line as the drawing writes it, for the contents

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """Show the diagram when a notebook displays the figure (with either layout engine)."""
        return {"image/svg+xml": ask("lay_out", self.graph)}


class FigureSeries(list[Figure]):
    """The figures of a series, in order; a notebook shows each with its title and caption."""

    def _repr_html_(self) -> str:
        parts = []
        for fig in self:
            svg = ask("lay_out", fig.graph)
            parts.append(f"<h4>{escape(fig.title)}</h4><p>{escape(fig.caption)}</p>{svg[svg.index('<svg'):]}")
        return "".join(parts)


def _budget(depth: int | None, max_nodes: int | None, default: int) -> int:
    if max_nodes is not None:
        if not 1 <= max_nodes <= HARD_MAX_NODES:
            raise TooLargeError(f"--max-nodes must be between 1 and {HARD_MAX_NODES} (a larger drawing takes "
                                f"minutes and gigabytes; draw a part with --depth N), found {max_nodes}")
        return max_nodes
    # An explicit depth asks for that much: allow what the game tree allows.
    return DEFAULT_MAX_NODES if depth is not None else default


def _below_test_play(depth: int | None) -> int | None:
    """``--depth`` counts levels below call 1, as for the game tree; level 1 is the test-plays."""
    if depth is None:
        return None
    if depth < 1:
        raise TooLargeError(f"--depth must be at least 1 for the figures (level 1 holds the test-plays), "
                            f"found {depth}")
    return depth - 1


def test_play_caption(trace: Trace, number: int) -> str:
    """``Test-play 1 of 3: X on cell 1 (top-middle) — O can then win, ...: score -1``."""
    words, search = for_trace(trace)
    plays = trace.root.children()
    call = plays[number - 1]
    predicted = words.prediction(call.state, call.terminal_code, call.score, search.bound_word(call))
    return f"Test-play {number} of {len(plays)}: {words.move_phrase(trace.root.state, call.move or 0)} — {predicted}"


def _infos(trace: Trace, upto: int | None = None) -> str:
    plays = trace.root.test_plays[:upto]
    return "[" + ", ".join(said(trace)(r.index, r.score) for r in plays) + "]"


def said(trace: Trace) -> Any:
    """How the game writes a return value (the guide's ``{index, score}`` for tic-tac-toe)."""
    return for_trace(trace)[0].returned


def _with_collapsed_note(parts: list[str], plan: TreePlan, depth: int | None) -> str:
    """A figure's narration: ``parts``, then what its summary boxes hide, if any."""
    note = _collapsed_note(len(plan.collapsed), plan.hidden_calls, depth)
    return " ".join([*parts, note] if note else parts)


def _collapsed_note(boxes: int, hidden: int, depth_below_root: int | None) -> str:
    if not hidden:
        return ""
    levels = "" if depth_below_root is None else f"draws {plural(depth_below_root, 'level')} below call #1 and "
    return (f"To stay legible, this figure {levels}shows {plural(boxes, 'subtree')} as purple summary boxes, "
            f"each with its call count and score ({calls(hidden)} in all); --depth N or --max-nodes N draws more.")


def _test_play_plan(trace: Trace, call: Call, depth: int | None, max_nodes: int | None) -> TreePlan:
    below = _below_test_play(depth)
    budget = _budget(depth, max_nodes, FIGURE_MAX_NODES)
    # Unasked, a test-play is drawn as the tree is: no wider than a screen (SCREEN_WIDTH boards).
    screen = SCREEN_WIDTH if depth is None and max_nodes is None else None
    plan = plan_tree(trace, focus=call.call, depth=below, max_nodes=budget, screen=screen)
    # The root is drawn by the figure itself (as the tutorial's figure 4), not as a path.
    return replace(plan, path=[])


def test_play_figure(trace: Trace, number: int, *, depth: int | None = None, max_nodes: int | None = None) -> Figure:
    """Figure ``number`` (1-based, loop order): one test-play of the root's for-loop, from the
    root with the tested cell framed in red down the subtree it explored, step 16 spelled out
    at every inner call. ``depth`` counts levels below call 1 (1: the test-play's board only),
    deeper subtrees summarised; ``max_nodes`` is the most boards (64, or 1600 with a depth)."""
    root = trace.root
    plays = root.children()
    call = _test_play_call(plays, number)
    plan = _test_play_plan(trace, call, depth, max_nodes)
    caption = test_play_caption(trace, number)
    title = _test_play_title(trace, number, call, caption)
    return Figure(
        name=f"test-play-{number}", title=f"Test-play {number} of {len(plays)}", caption=caption,
        narration=_test_play_narration(trace, number, call, plan, depth),
        graph=_test_play_graph(trace, number, call, plan, title), calls=(1, *(c.call for c, _ in plan.nodes)),
        hidden_calls=plan.hidden_calls, guide_figure=_guide_figure(number), number=figure_number(number),
        drawn_title=title.split("\n")[0], guide_steps=(TEST_PLAY_STEPS.get(number, 13),),
        alt=f"Game tree of test-play {number}: {for_trace(trace)[0].test_play_alt(root.state, call.move or 0)}, "
            f"and below it {plural(call.size, 'call')}. {caption}.",
    )


def _test_play_call(plays: list[Call], number: int) -> Call:
    """Call #1's test-play ``number`` (1-based); IndexError, saying which exist, if none."""
    if not 1 <= number <= len(plays):
        what = f"test-plays 1 to {len(plays)}" if plays else "no test-plays (the game is already over)"
        raise IndexError(f"test-play {number} does not exist: call #1 has {what}")
    return plays[number - 1]


def _guide_figure(number: int) -> int | None:
    """The guide's figure number for test-play ``number`` (6, 7, 8), None past its third."""
    return 5 + number if number in TEST_PLAY_STEPS else None


def figure_number(test_play: int) -> str:
    """The figure number of call #1's test-play ``test_play``: the guide's 6, 7, 8 for the
    first three, then 8a, 8b, ... (between its figure 8 and the overview, figure 9)."""
    guide = _guide_figure(test_play)
    return str(guide) if guide else f"8{chr(ord('a') + test_play - len(TEST_PLAY_STEPS) - 1)}"


def _test_play_title(trace: Trace, number: int, call: Call, caption: str) -> str:
    """A test-play figure's title: its number, caption, the calls it spans and what step 12 saves."""
    last = call.call + call.size - 1
    span = f"call #{call.call}" if call.size == 1 else f"calls #{call.call}–#{last}"
    saved = said(trace)(call.move, call.score)
    return (f"Figure {figure_number(number)} · {caption}\n{span} of {trace.calls:,} · step 12 saves {saved} "
            f"into allTestPlayInfos")


def _test_play_graph(trace: Trace, number: int, call: Call, plan: TreePlan, title: str) -> graphviz.Digraph:
    """A test-play figure's diagram: call #1 testing the cell, the red step-11 arrow, the subtree."""
    root = trace.root
    graph = new_graph(f"test_play_{number}")
    _add_tested_root(graph, trace, number, call)
    add_calls(graph, trace, plan, explain=True, edge_scores=True)
    words = for_trace(trace)[0]
    step11 = words.edge_label(root.state, call.move or 0) or words.move_short(call.move or 0)
    graph.edge("n1", f"n{call.call}", label=f" step 11: {step11}\n ↑ step 12: {drawing.score_text(trace, call)}",
               color=drawing.PLAYED_FILL, fontcolor=drawing.PLAYED_FILL, penwidth="2.5")
    uses = _tree_uses(trace, plan, thick=True, testing=True, step11_arrow=True, edge_scores=True,
                      explain=call.terminal is None)
    finish_graph(graph, title, drawing.legend_label(trace, uses))
    return graph


def _add_tested_root(graph: graphviz.Digraph, trace: Trace, number: int, call: Call) -> None:
    """Draw call #1 as a test-play figure shows it: the cell its for-loop tests framed in red."""
    root, words = trace.root, for_trace(trace)[0]
    drawing.node_drawing(trace).add_tested_root(graph, trace, lambda: drawing.state_label(
        trace, root.state, f"#1 · {words.player(root.state)} to move",
        f"for-loop: {words.move_short(call.move or 0)} ({number} of {len(root.children())})",
        testing=call.move, caption=f"saves {said(trace)(call.move, call.score)}", thick=True))


def _tree_uses(trace: Trace, plan: TreePlan, **flags: Any) -> drawing.Uses:
    """What a tree figure of ``plan`` draws (call #1 too), for its legend."""
    return tree_uses(trace, plan, calls=(trace.root, *(c for c, _ in plan.nodes), *plan.path), **flags)


def _test_play_narration(trace: Trace, number: int, call: Call, plan: TreePlan, depth: int | None) -> str:
    root, words = trace.root, for_trace(trace)[0]
    plays = root.children()
    parts = [f"Steps 11–12, test-play {number} of {len(plays)}. The for-loop of call #1 reaches "
             + words.test_play_words(root.state, call.move or 0, call.call)]
    if call.terminal is not None:
        parts.append(f"Step 9 finds the game over at once: {words.terminal_sentence(call.state, call.terminal_code)}. "
                     f"Call #{call.call} returns {words.returned(None, call.score)} without a for-loop of its own.")
    else:
        parts.append(
            f"Step 9 finds no terminal state, so call #{call.call} runs its own for-loop over "
            f"{words.moves_text(call.state)}. Its subtree makes {call.size:,} calls "
            f"(#{call.call}–#{call.call + call.size - 1}), {_played_out(trace, call)}; every call hands its "
            f"score back up (the ↑ numbers on the arrows). At call #{call.call}, {words.mover(call.state)} "
            f"is to move, so step 16 takes {drawing.pick_footer(trace, call)}: {drawing.pick_reason(trace, call)}, "
            f"and step 17 returns {said(trace)(call.best, call.score)}{_bound_note(trace, call)}.")
    parts.append(f"Back in call #1, step 12 saves {said(trace)(call.move, call.score)}{_bound_note(trace, call)}; "
                 f"allTestPlayInfos is now {_infos(trace, number)}.")
    return _with_collapsed_note(parts, plan, depth)


def _bound_note(trace: Trace, call: Call) -> str:
    """`` (only a bound: ≤ +1)`` after a score alpha-beta's cut left only a bound, else ''."""
    sign = for_trace(trace)[1].bound_sign(call.pid)
    return f" (only a bound: {bounded(call.score, sign)})" if sign else ""


def _played_out(trace: Trace, call: Call) -> str:
    """Whether every game below ``call`` was played out to the end, or how many test-plays a
    cut left unsearched (alpha-beta), so the caption never claims what was not done."""
    search = for_trace(trace)[1]
    pruned, stack = 0, [call]
    while stack:
        below = stack.pop()
        pruned += len(search.skipped(below.pid))
        stack.extend(below.children())
    if not pruned:
        return "each game played out to the end"
    return (f"but not every game is played out: {pruned:,} test-play{'s' if pruned > 1 else ''} "
            f"below it {'were' if pruned > 1 else 'was'} cut off (pruned) and never searched, "
            f"so a score there may be only a bound")


def _overview_plan(trace: Trace, depth: int | None, max_nodes: int | None) -> TreePlan:
    """The root and every test-play's subtree: whole, or (a subtree past its share of the budget,
    shared out from the smallest up) one summary node, as some levels would be too wide to read."""
    root = trace.root
    below = _below_test_play(depth)
    budget = _budget(depth, max_nodes, OVERVIEW_MAX_NODES)
    plays = root.children()
    parts: dict[int, TreePlan] = {}
    left = budget - 1
    # Unasked, the overview is also no wider than a screen: its widest levels side by side.
    wide = SCREEN_WIDTH if max_nodes is None else None
    for i, call in enumerate(sorted(plays, key=lambda c: (c.size, c.call))):
        if below is None:
            share = left // (len(plays) - i)
            width = max(trace.calls_by_depth(call.pid)) if wide is not None else 0
            fits = wide is None or width <= wide // (len(plays) - i)
            level = None if call.size <= share and fits else 0
            if wide is not None:
                wide -= width if level is None else 1
        else:
            level = below
        # plan_tree counts the root above a focused call as one more node.
        parts[call.call] = plan_tree(trace, focus=call.call, depth=level, max_nodes=min(budget + 1, HARD_MAX_NODES))
        left -= len(parts[call.call].nodes)
    nodes: list[tuple[Call, bool]] = [(root, False)]
    for call in plays:
        nodes.extend(parts[call.call].nodes)
    if len(nodes) > max(budget, 1 + len(plays)):
        raise TooLargeError(f"the overview to depth {depth} needs {len(nodes):,} boards, over the limit of "
                            f"{budget:,}: lower --depth or raise --max-nodes (at most {HARD_MAX_NODES:,})")
    return TreePlan(top=root, nodes=nodes, depth=below)


def overview_figure(trace: Trace, *, depth: int | None = None, max_nodes: int | None = None) -> Figure:
    """The overview (the tutorial's figure 9): every test-play, scores coming back up, and the
    chosen move with the returned ``{index, score}`` emphasised (``depth`` and ``max_nodes`` as
    for ``test_play_figure``, 60 boards by default)."""
    root = trace.root
    plan = _overview_plan(trace, depth, max_nodes)
    result_text = said(trace)(trace.result.index, trace.result.score)
    graph = new_graph("overview")
    add_calls(graph, trace, plan, explain=True, edge_scores=True)
    _add_result_box(graph, trace)
    going = root.terminal is None
    uses = _tree_uses(trace, plan, thick=going, edge_scores=going, explain=going, result_box=True, tree=going,
                      played=going)
    title = "Figure 9 · " + _overview_title(trace, plan)
    finish_graph(graph, title, drawing.legend_label(trace, uses))
    caption = _overview_caption(trace)
    return Figure(
        name="overview", title="Overview", caption=caption, narration=_overview_narration(trace, plan, depth),
        graph=graph, calls=tuple(c.call for c, _ in plan.nodes), hidden_calls=plan.hidden_calls, guide_figure=9,
        number="9", drawn_title=title.split("\n")[0], guide_steps=(24,),
        alt=f"The whole search from the first board: {plural(len(root.children()), 'test-play')}"
            f" with the score each returns, and a blue box: bestPlayInfo = {result_text}. {caption}.",
    )


def _overview_title(trace: Trace, plan: TreePlan) -> str:
    """The overview's title: the moves tried, the score kept and returned, and what is summarised."""
    root, result, words = trace.root, trace.result, for_trace(trace)[0]
    result_text = said(trace)(result.index, result.score)
    if root.terminal is None:
        title = (f"Overview: {words.player(root.state)} test-plays {words.moves_text(root.state)}; "
                 f"{'max' if root.maximising else 'min'} keeps {signed(result.score)} at "
                 f"{words.move_short(result.index or 0)} and returns {result_text}\n{calls(trace.calls)} in all")
    else:
        title = f"Overview: the game is already over; call #1 returns {result_text}"
    if plan.collapsed:
        title += f" · {len(plan.collapsed):,} subtrees ({plan.hidden_calls:,} calls) shown as summary boxes"
    return title


def _add_result_box(graph: graphviz.Digraph, trace: Trace) -> None:
    """The blue box beside call #1 holding what it returns (bestPlayInfo, step 24), and its arrow."""
    root, result, words = trace.root, trace.result, for_trace(trace)[0]
    result_text = said(trace)(result.index, result.score)
    if root.terminal is None:
        answer = f"{words.player(root.state)} plays {words.move_name(result.index or 0)}"
        step = "step 17 returns, step 24 keeps"
    else:
        answer = "no move to make: the game is over"
        step = "step 9 returns, step 24 keeps"
    graph.node("result", labels.html_label(labels.table(
        labels.row(labels.cell(labels.font(labels.text(step), POINT_SIZE=drawing.SMALL_POINTS))),
        labels.row(labels.cell(labels.font(labels.bold(labels.text(f"bestPlayInfo = {result_text}")),
                                           POINT_SIZE="13", COLOR=drawing.CHOSEN_INK))),
        labels.row(labels.cell(labels.font(labels.text(answer), POINT_SIZE=drawing.SMALL_POINTS + 1))),
        BORDER="3", CELLBORDER="0", CELLSPACING="1", CELLPADDING="4", COLOR=drawing.CHOSEN,
        BGCOLOR=drawing.CHOSEN_FILL, STYLE="ROUNDED")))
    graph.edge("n1", "result", color=drawing.CHOSEN, penwidth="3", arrowhead="normal",
               label=" returns", fontcolor=drawing.CHOSEN)
    graph.body.append("\t{rank=same; n1; result}\n")


def _overview_caption(trace: Trace) -> str:
    """The overview's caption: every test-play's score and the one call #1 picks and returns."""
    root, result, (words, search) = trace.root, trace.result, for_trace(trace)
    result_text = said(trace)(result.index, result.score)
    if root.terminal is not None:
        return f"Overview: the board is already over, so call #1 returns {result_text} at once (step 9)"
    scores = ", ".join(bounded(c.score, search.bound_sign(c.pid)) for c in root.children())
    return (f"Overview of all {len(root.children())} test-plays: scores {scores}; {words.player(root.state)} "
            f"picks {words.move_short(result.index or 0)} and returns {result_text}")


def _board_after(trace: Trace, number: int, first: Call, said_words: FigureWords) -> tuple[str, drawing.Uses]:
    """Figure 5's or 10's board (the state after ``first``'s move) and what its legend explains."""
    kind = drawing.outcome(trace, first)
    footer = said_words.footer or (drawing.call_footer(trace, first) if kind
                                   else f"{for_trace(trace)[0].player(first.state)} to move")
    label = drawing.state_label(
        trace, first.state, said_words.top, footer, played=first.move, terminal=first.terminal_code,
        fill=drawing.OUTCOME_FILL[kind] if kind and number == 10 else drawing.INNER_FILL,
        border=drawing.OUTCOME_BORDER[kind] if kind and number == 10 else drawing.INNER_BORDER)
    # Figure 10 fills a finished game with its outcome's colour; figure 5 keeps it plain.
    uses = drawing.Uses(chosen=False, thick=False, tree=False, calls=(first,), searched=False,
                        fills=frozenset([kind]) if kind and number == 10 else frozenset(),
                        finished=frozenset([kind]) if kind else frozenset())
    return label, uses


def guide_figure(trace: Trace, number: int) -> Figure | None:
    """The guide's single-board figure ``number``, if the game has it: 4 (the first
    test-play's move, tested), 5 (the state after it) or 10 (the state after the chosen
    move, as step 25 plays it)."""
    root = trace.root
    if root.terminal is not None:
        return None
    words = for_trace(trace)[0]
    outcome = forced = ""
    if number == 10:
        outcome = outcome_word(trace, root.maximising, trace.result.score)
        forced = forced_win_words(trace) if outcome == "wins" else ""
    said_words: FigureWords | None = words.guide_figure(trace, number, outcome, forced)
    if said_words is None:
        return None
    first = root.children()[0] if number != 10 else root.children()[root.best_index or 0]
    if number == 4:
        label = drawing.state_label(trace, root.state, said_words.top, said_words.footer,
                                    testing=first.move)
        # Call #1 before its test-play: no score, no search's mark, nothing finished.
        uses = drawing.Uses(chosen=False, thick=False, testing=True, tree=False, played=False,
                            outcomes=False, calls=(root,), searched=False)
        name, node, calls_drawn = "tested-cell", "n1", (1,)
    else:
        label, uses = _board_after(trace, number, first, said_words)
        name = "after-test-play" if number == 5 else "final-board"
        node, calls_drawn = ("final" if number == 10 else f"n{first.call}"), (first.call,)
    graph = new_graph({4: "tested_cell", 5: "after_test_play"}.get(number, "final_board"))
    graph.node(node, label)
    finish_graph(graph, said_words.caption, drawing.legend_label(trace, uses))
    return Figure(name=name, title=f"Figure {number}", caption=said_words.caption, narration=said_words.narration,
                  graph=graph, calls=calls_drawn, guide_figure=number, number=str(number),
                  guide_steps=(25,) if number == 10 else (11,), alt=said_words.alt)


def _overview_narration(trace: Trace, plan: TreePlan, depth: int | None) -> str:
    root, words = trace.root, for_trace(trace)[0]
    result = trace.result
    result_text = said(trace)(result.index, result.score)
    if root.terminal is not None:
        over = words.terminal_sentence(root.state, root.terminal_code)
        return (f"{words.already_over}: step 9 finds {over}, so the first call returns {result_text} at once. "
                "No for-loop runs, so there are no test-play figures.")
    scores = [r.score for r in root.test_plays]
    word = "highest" if root.maximising else "lowest"
    tie = scores.count(result.score) > 1
    at = words.move_short(result.index or 0)
    where = f"first reached at {at}" if tie else f"at {at}"
    parts = [
        f"Steps 24–25. The for-loop of call #1 has test-played all {len(scores)} {words.moves_noun} "
        f"and allTestPlayInfos holds {_infos(trace)}. {words.mover(root.state)} is to move, so "
        f"step 16 keeps the {word} score, {signed(result.score)}, {where}"
        + (" (a later equal score does not replace it: the comparison is strict)" if tie else "")
        + f". Step 17 returns {result_text}, which the first invocation stores in bestPlayInfo: "
        f"{words.player(root.state)} plays {words.move_name(result.index or 0)}. "
        f"The whole search made {calls(trace.calls)}."
    ]
    return _with_collapsed_note(parts, plan, depth)


def figures(trace: Trace, *, depth: int | None = None, max_nodes: int | None = None) -> FigureSeries:
    """The whole series, numbered as the guide numbers its figures: 4 and 5 (where the game has
    them), one per test-play (6, 7, 8, ...), the overview (9) and the board after the chosen move
    (10). InputError if the guide's steps 11-17 would not tell the search's calls truly."""
    if not for_trace(trace)[1].narrates_figures:
        raise InputError("the figures narrate every call as the guide's steps 11-17, which this search's "
                         "calls need not follow: write the log or the tree instead", "--figures")
    plays_made = len(trace.root.children())
    if plays_made > MAX_TEST_PLAYS:
        raise TooLargeError(
            f"the figures draw one picture per test-play of call #1, at most {MAX_TEST_PLAYS}, and "
            f"call #1 makes {plays_made:,}: draw the game tree instead (-o tree.svg; --depth N or "
            f"--focus CALL for a part of it) or step through it (--html page.html)")
    overview = overview_figure(trace, depth=depth, max_nodes=max_nodes)
    if trace.root.terminal is not None:
        return FigureSeries([overview])
    plays = [test_play_figure(trace, number, depth=depth, max_nodes=max_nodes)
             for number in range(1, len(trace.root.children()) + 1)]
    before = [f for f in (guide_figure(trace, 4), guide_figure(trace, 5)) if f is not None]
    after = [f for f in (guide_figure(trace, 10),) if f is not None]
    return FigureSeries([*before, *plays, overview, *after])
