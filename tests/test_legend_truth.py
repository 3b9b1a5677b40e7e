"""Every legend lists exactly what its picture draws: each outcome's fill, and each mark.

For many pictures (the guide's board and its figures, seeded boards, Nim, the textbook
trees, every search of the comparison, trees drawn whole, collapsed, as a line or in
focus), what the picture draws is read off its DOT's nodes and edges (their colours,
dashes and signs) and what its legend explains off the graph's label, independently of
the code that chose the legend's rows; the two must match, row for row.
"""

from __future__ import annotations

import functools
import random
import re

import pytest
from checking import won

import tracer
from tracer import examples, games
from tracer.explain import for_trace
from tracer.explain.nim import OBJECT
from tracer.games.nim.game import Nim
from tracer.games.tree.game import GameTree
from tracer.renderers.figures import figures
from tracer.renderers.html import page_words
from tracer.renderers.tree import game_tree
from tracer.search import compare_set
from tracer.style import (
    CHOSEN,
    HIT_BORDER,
    INDEX_POINTS,
    INDEX_TEXT,
    MARKED,
    OUTCOME_BORDER,
    OUTCOME_FILL,
    OUTCOME_INK,
    PICKED_EDGE,
    PLAYED_FILL,
    REJECTED_EDGE,
    SKIPPED_BORDER,
    SUMMARY_BORDER,
)

GUIDE_BOARD = "X.OX.XOO."
TEXTBOOK = ["aima-5.2", "cutoffs-differ", "ties-at-root", "uneven-depth"]
#: A board's cell showing its index in grey: an empty cell.
EMPTY_CELL = re.compile(f'FIXEDSIZE="TRUE"[^>]*><FONT POINT-SIZE="{INDEX_POINTS}" COLOR="{INDEX_TEXT}">\\d+</FONT>')
#: An edge's own colour (not its ``fontcolor``).
EDGE_COLOUR = re.compile(r'(?<![a-z])color="(#\w+)"')


def seeded_boards(count: int, seed: int = 22) -> list[str]:
    """Boards reached by random play from the empty board, still going, with 4 to 6 empty cells."""
    rng, boards = random.Random(seed), []
    while len(boards) < count:
        cells, mark = ["."] * 9, "X"
        for _ in range(rng.randint(3, 5)):
            cells[rng.choice([i for i, c in enumerate(cells) if c == "."])] = mark
            mark = "O" if mark == "X" else "X"
        board = "".join(cells)
        if not won(board, "X") and not won(board, "O") and board not in boards:
            boards.append(board)
    return boards


def split(source: str) -> tuple[list[str], list[str], str]:
    """A DOT source's node statements, edge statements and graph label (title and legend)."""
    nodes, edges, label = [], [], ""
    # A statement starts with a tab; a label with a line break in it goes on without one.
    for line in source.replace("\n\t", "\0\t").split("\0"):
        if line.startswith("\tlabel="):
            label = line
        elif " -> " in line:
            edges.append(line)
        elif line.startswith("\t") and " [" in line and not line.lstrip().startswith(("graph ", "node ", "edge ")):
            nodes.append(line)
    assert "Legend" in label, "a framed picture holds its legend in the graph's label"
    return nodes, edges, label


def drawn(source: str) -> set[str]:
    """What the picture draws, from its nodes and edges alone."""
    nodes, edges, _ = split(source)
    body = "\n".join(nodes)
    things = {kind for kind, fill in OUTCOME_FILL.items() if f'BGCOLOR="{fill}"' in body}
    marks = {
        "summary": f'COLOR="{SUMMARY_BORDER}"' in body,
        "cache hit": f'COLOR="{HIT_BORDER}"' in body,
        "bound": "≤" in body or "≥" in body,
        "window": "α" in body,
        "played": f'BGCOLOR="{PLAYED_FILL}"' in body,
        "line marks": any(f'COLOR="{OUTCOME_INK[k]}"><B>' in body for k in ("win", "loss")),
        "violet": MARKED in body,
        # a tic-tac-toe cell (a fixed-size one) holding its grey index: an empty cell
        "empty cell": EMPTY_CELL.search(body) is not None,
        "object": f">{OBJECT}<" in body or f">{OBJECT} " in body,
    }
    things |= {name for name, present in marks.items() if present}
    for edge in edges:
        if "-> result " in edge:  # the arrow into the overview's result box, explained with the box
            continue
        colours = EDGE_COLOUR.findall(edge)
        colour = colours[0] if colours else ""
        if colour == CHOSEN and 'penwidth=3' in edge:
            things.add("chosen")
        elif colour == PICKED_EDGE:
            things.add("picked")
        elif colour == REJECTED_EDGE:
            things.add("rejected")
        elif colour == SKIPPED_BORDER and "dashed" in edge:
            things.add("pruned")
    return things


#: Each thing a legend explains, and how its row shows in the legend (any of these).
LEGEND_SIGNS = {
    **{kind: (f'BGCOLOR="{OUTCOME_FILL[kind]}" COLOR="{OUTCOME_BORDER[kind]}"',) for kind in ("win", "loss", "draw")},
    "leaf": (f'BGCOLOR="{OUTCOME_FILL["leaf"]}" COLOR="{OUTCOME_BORDER["leaf"]}"', "■"),
    "summary": ("summary box:", "▣"),
    "cache hit": (f'COLOR="{HIT_BORDER}"',),
    "bound": ("≤ ≥",),
    "window": ("α β",),
    "played": (f'BGCOLOR="{PLAYED_FILL}" COLOR="{PLAYED_FILL}"',),
    "line marks": ("bold coloured marks",),
    "violet": (MARKED,),
    "chosen": ("thick blue arrow", "the line chosen from the root"),
    "picked": ("black arrow", "the child a node picked"),
    "rejected": ("grey arrow", "a child it did not pick"),
    "pruned": ("cut off (pruned)", "a branch pruned"),
    "empty cell": ("grey digit: an empty cell",),
    "object": ("an object; each row is a heap",),
}


def explained(source: str) -> set[str]:
    """What the picture's legend explains, from its rows alone."""
    legend = split(source)[2].split("Legend", 1)[1]
    return {thing for thing, signs in LEGEND_SIGNS.items() if any(sign in legend for sign in signs)}


def pictures(game) -> list[tuple[str, str]]:
    """``(name, DOT)`` of every picture of ``game`` worth checking, for every search compared on it:
    the tree as drawn by default, whole, collapsed, as the chosen line, in focus, and the figures."""
    out = []
    for variant in compare_set(game):
        trace = variant.search.run(variant.game)
        name = f"{variant.search}"
        out.append((f"{name} tree", game_tree(trace).source))
        out.append((f"{name} depth 1", game_tree(trace, depth=1).source))
        out.append((f"{name} line", game_tree(trace, line=True).source))
        if trace.calls > 2:
            out.append((f"{name} focus", game_tree(trace, focus=2).source))
        if for_trace(trace)[1].narrates_figures:
            out += [(f"{name} {figure.name}", figure.graph.source) for figure in figures(trace)]
    return out


GAMES = {
    "guide": lambda: games.as_game(GUIDE_BOARD),
    **{f"board {b}": (lambda b=b: games.as_game(b)) for b in seeded_boards(5)},
    "full board": lambda: games.as_game("XOXXOOOXX"),
    "nim 1,2": lambda: Nim((1, 2)),
    "nim 1,1,2 misere": lambda: Nim((1, 1, 2), misere=True),
    **{name: (lambda name=name: GameTree.parse(examples.read(name))) for name in TEXTBOOK},
}


@functools.cache
def pictures_of(game_name: str) -> list[tuple[str, str]]:
    return pictures(GAMES[game_name]())


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_legend_lists_exactly_what_its_picture_draws(game_name):
    checked = 0
    for name, source in pictures_of(game_name):
        legend, picture = explained(source), drawn(source)
        assert legend == picture, (f"{game_name}: {name}: the legend explains {sorted(legend - picture)} "
                                   f"the picture lacks; it lacks {sorted(picture - legend)}")
        checked += 1
    assert checked >= 8


def test_the_pictures_checked_hold_every_outcome_and_mark():
    # Else the check above could pass by never meeting what it checks (violet marks are
    # checked on compare's page and a learner's trees).
    seen = set().union(*(drawn(source) for game_name in GAMES for _, source in pictures_of(game_name)))
    assert seen == set(LEGEND_SIGNS) - {"violet"}


def test_the_guides_board_has_no_draw_so_its_legend_has_none():
    # From the guide's figures: X wins on 4; on 1 or on 8, O wins on the next move or X does
    # after it. No game on this board ends in a draw, and no summary predicts one.
    source = game_tree(tracer.search(games.as_game(GUIDE_BOARD))).source
    assert drawn(source) >= {"win", "loss"} and "draw" not in drawn(source)
    assert "draw" not in explained(source) and {"win", "loss"} <= explained(source)


def test_the_checks_can_fail():
    # A legend that explains a draw the picture does not hold is caught.
    source = game_tree(tracer.search(games.as_game(GUIDE_BOARD))).source
    nodes, edges, label = split(source)
    extra = label.replace("</TABLE></TD></TR></TABLE>>", "<TR><TD BGCOLOR=\"{}\" COLOR=\"{}\"></TD></TR>"
                          "</TABLE></TD></TR></TABLE>>".format(OUTCOME_FILL["draw"], OUTCOME_BORDER["draw"]), 1)
    assert "draw" in explained(source.replace(label, extra)) - drawn(source.replace(label, extra))


#: Games whose pages colour outcomes (a textbook tree's page draws plain leaves).
PAGE_GAMES = ["guide", "nim 1,2", "nim 1,1,2 misere", *[g for g in GAMES if g.startswith("board")][:3]]


@pytest.mark.parametrize("game_name", PAGE_GAMES)
def test_the_step_through_pages_legend_lists_the_outcomes_its_tree_colours(game_name):
    # The page draws the whole tree of calls, each finished game and finished subtree in its
    # outcome's colour: the same colours as the tree drawn whole.
    outcomes = set(OUTCOME_FILL)
    for variant in compare_set(GAMES[game_name]()):
        trace = variant.search.run(variant.game)
        whole = drawn(game_tree(trace, max_nodes=2000).source) & outcomes
        rows = page_words(trace)["game"]["legend"]
        assert {row[0] for row in rows} & outcomes == whole, (game_name, variant.search)


# ---- memo's cache hits: a row exactly when a call drawn is one --------------------------

#: Boards whose memoised search meets positions again (28, 18 and 12 cache hits), and two
#: whose search meets none (the guide's and a board two moves from its end).
MEMO_BOARDS = {"XO..X..O.": "X", "X.O...O.X": "X", "X.XX.OO..": "O", GUIDE_BOARD: "X", "XOXXOO.X.": "O"}
#: Every way a tree is drawn: whole, to a depth, as the chosen line, in focus.
VIEWS = [{}, {"depth": 1}, {"depth": 2}, {"depth": 3}, {"line": True}, {"focus": 2}, {"focus": 3}]
#: A statement drawing call N (a box, a summary box or a hit), not a box beside it.
CALL_NODE = re.compile(r"\tn(\d+) \[")


def reference_hits(board: str, mark: str) -> tuple[int, set[int]]:
    """A plain memoised minimax's calls on ``board`` (X the AI): how many, and the numbers
    of those answered from its cache."""
    from test_variants import plain_memo

    calls = plain_memo(board, mark, "X")[2]
    return len(calls), {number for number, (_b, _m, hit, _from) in enumerate(calls, start=1) if hit}


@pytest.mark.parametrize("board", sorted(MEMO_BOARDS))
def test_a_memo_trees_legend_explains_a_cache_hit_exactly_when_a_call_drawn_is_one(board):
    from tracer.search import SearchSpec

    count, hits = reference_hits(board, MEMO_BOARDS[board])
    trace = SearchSpec("memo").run(games.as_game(board))
    assert trace.calls == count
    met = set()
    for view in VIEWS:
        source = game_tree(trace, **view).source
        numbers = {int(m.group(1)) for node in split(source)[0] if (m := CALL_NODE.match(node))}
        shows_hit = bool(numbers & hits)
        assert ("cache hit" in explained(source)) == shows_hit, (board, view)
        assert ("cache hit" in drawn(source)) == shows_hit, (board, view)
        met.add((bool(hits), shows_hit))
    # Boards with hits are drawn both with some and with none (a shallow view); the others never.
    assert met == ({(True, True), (True, False)} if hits else {(False, False)})


#: A box sample in a legend: its size, fill, border colour and width, and the words beside it.
BOX_SAMPLE = re.compile(r'<TD WIDTH="(\d+)" HEIGHT="(\d+)" FIXEDSIZE="TRUE" BGCOLOR="[^"]*" COLOR="([^"]*)" '
                        r'BORDER="(\d+)"></TD><TD ALIGN="LEFT"><FONT POINT-SIZE="\d+">([^<]*)<')


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_box_sample_in_a_legend_has_one_size_and_a_hits_is_not_thick(game_name):
    # Every call is drawn as a box of the same kind, a cache hit included: no sample may look
    # larger or smaller than the others. A hit's box is framed as any call's (thick only on
    # the chosen line, which the thick-border row explains), so its sample is thinner than that.
    hit_samples = 0
    for name, source in pictures_of(game_name):
        samples = BOX_SAMPLE.findall(split(source)[2])
        assert len({(width, height) for width, height, *_ in samples}) <= 1, (game_name, name, samples)
        thick = [int(border) for *_, border, words in samples if words.startswith("thick border")]
        for _w, _h, colour, border, words in samples:
            if colour == HIT_BORDER and thick:
                assert words.startswith("cache hit") and int(border) < min(thick), (game_name, name, border)
                hit_samples += 1
    # Met wherever memo draws a hit (on the chosen line's pictures, which have the thick row).
    assert bool(hit_samples) == any("cache hit" in drawn(source) for _, source in pictures_of(game_name))


@pytest.mark.parametrize("board", sorted(MEMO_BOARDS))
def test_memos_page_legend_explains_a_cache_hit_exactly_when_the_trace_holds_one(board):
    # The step-through page draws every call in turn, so its legend has the row when any call is a hit.
    from tracer.search import SearchSpec

    hits = reference_hits(board, MEMO_BOARDS[board])[1]
    trace = SearchSpec("memo").run(games.as_game(board))
    rows = page_words(trace)["search"]["legend"]
    assert ["hit" in row[0] for row in rows].count(True) == (1 if hits else 0), (board, rows)
