"""`trace play --html` without a browser: the command, the page's parts, and the proof
that the decisions embedded in the page cannot be beaten."""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections import Counter
from pathlib import Path

import pytest

from tracer.games.tictactoe.board import Board, other
from tracer.games.tictactoe.game import TicTacToe, pack
from tracer.play.match import choose_move, outcome_of
from tracer.play.page import render_game_page
from tracer.scores import NAMED
from tracer.search import SearchSpec

CONFIGS = [("X", "ai"), ("X", "human"), ("O", "ai"), ("O", "human")]


def embedded(page: str, element_id: str) -> object:
    """The JSON inside the page's ``<script type="application/json" id=...>``, or inside its
    deflated ``<script type="application/octet-stream" ...>`` (zlib and base64, read here
    with the standard library)."""
    match = re.search(rf'<script type="application/json" id="{element_id}">(.*?)</script>', page, re.S)
    if match:
        return json.loads(match.group(1))
    match = re.search(rf'<script type="application/octet-stream" id="{element_id}" '
                      r'data-encoding="deflate base64">(.*?)</script>', page, re.S)
    assert match, f"no #{element_id} in the page"
    return json.loads(zlib.decompress(base64.b64decode(match.group(1))))


@pytest.fixture(scope="module")
def page() -> str:
    return render_game_page()


@pytest.fixture(scope="module")
def data(page: str) -> dict:
    return embedded(page, "game-data")  # type: ignore[return-value]


class EmbeddedGraph:
    """One of the page's recorded graphs, read the way the page reads it, in Python."""

    def __init__(self, data: dict, ai: str, first_mark: str, scores: str):
        [graph] = [g for g in data["graphs"] if (g["ai"], g["first"], g["scores"], g["search"])
                   == (ai, first_mark, scores, "minimax")]
        self.columns = {name: data["columns"][i] for name, i in graph["positions"].items()}

    def board(self, pid: int) -> Board:
        packed = self.columns["boards"][pid]
        return Board("".join("X" if packed >> i & 1 else "O" if packed >> (9 + i) & 1 else "."
                             for i in range(9)))

    def child(self, pid: int, cell: int) -> int:
        """The row reached by playing ``cell`` (test-plays are stored in ascending cell order)."""
        j = self.board(pid).empty_cells().index(cell)
        return self.columns["edge_child"][self.columns["first_edge"][pid] + j]

    def chosen(self, pid: int) -> int:
        """The cell the page's AI plays in row ``pid``: the row's chosen test-play."""
        return self.board(pid).empty_cells()[self.columns["best"][pid]]


# ---- the command ---------------------------------------------------------------------


@pytest.mark.slow  # a game page built through the command line
def test_play_html_writes_one_page_and_says_where(cli, tmp_path: Path):
    result = cli("play", "--html", "game.html")
    assert result.exit_code == 0
    assert result.stdout == ""  # no terminal game was started
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("trace: wrote game.html (")
    written = (tmp_path / "game.html").read_text(encoding="utf-8")
    assert written == render_game_page()  # deterministic: the same bytes every time
    assert cli("play", "--html", "again.html").exit_code == 0
    assert (tmp_path / "again.html").read_bytes() == (tmp_path / "game.html").read_bytes()


@pytest.mark.slow  # a game page built through the command line
def test_play_html_dash_writes_the_page_to_standard_output(cli, tmp_path: Path):
    result = cli("play", "--html", "-")
    assert result.exit_code == 0
    assert result.stdout == render_game_page()
    assert result.stderr == ""
    assert list(tmp_path.iterdir()) == []


def test_play_html_refuses_a_missing_folder_and_writes_nothing(cli, tmp_path: Path):
    result = cli("play", "--html", "no/such/folder/game.html")
    assert result.exit_code == 2
    assert result.stderr.startswith("trace: error: --html: cannot write")
    assert len(result.stderr.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_the_game_page_is_a_file_of_its_run_unless_it_goes_to_standard_output(tmp_path: Path):
    """The output planner never lets an output replace a file its run reads: the page's file
    is one of the run's files (refused over an input, before the page is built); standard
    output is no file."""
    from tracer.errors import InputError
    from tracer.outputs import run
    from tracer.outputs.game_page import GamePage, GamePageRequest

    built: list[str] = []

    def build() -> tuple[bytes, str]:
        built.append("page")
        return b"<!DOCTYPE html>", "a page"

    kept = tmp_path / "game.html"
    kept.write_text("the run's input", encoding="utf-8")
    with pytest.raises(InputError, match="would be written by --html and is also the input"):
        run([GamePage(None, GamePageRequest(str(kept), build))], (str(kept),))  # type: ignore[arg-type]
    assert kept.read_text(encoding="utf-8") == "the run's input" and built == []
    assert GamePage(None, GamePageRequest(str(kept), build)).paths() == [str(kept)]  # type: ignore[arg-type]
    assert GamePage(None, GamePageRequest("-", build)).paths() == []  # type: ignore[arg-type]


@pytest.mark.slow  # a game page built through the command line
def test_play_html_starts_with_the_ai_and_scores_asked_for(cli, tmp_path: Path):
    assert cli("play", "--html", "o.html", "--ai", "O", "--scores", "ten").exit_code == 0
    written = (tmp_path / "o.html").read_text(encoding="utf-8")
    assert embedded(written, "game-data")["initial"] == {"ai": "O", "scores": "ten"}
    assert embedded(render_game_page(), "game-data")["initial"] == {"ai": "X", "scores": "tutorial"}


def test_play_html_refuses_a_scheme_the_page_does_not_offer(cli, tmp_path: Path):
    result = cli("play", "--html", "g.html", "--scores", "-5,5,0")
    assert result.exit_code == 2
    assert result.stderr.startswith("trace: error: --scores: the game page offers")
    assert list(tmp_path.iterdir()) == []


def test_the_page_loads_nothing_and_forbids_loading(page: str):
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    # Only its own scripts run: each named by its hash, the step-through's among them.
    script_src = re.search(r"script-src ([^;]*);", page).group(1).split()
    assert script_src and all(s.startswith("'sha256-") for s in script_src)
    assert "unsafe-inline" not in re.search(r"script-src[^;]*", page).group(0)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    # Disabled until the page's script has read its data (it then enables them).
    assert "<button id=\"play-game\" type=\"button\" class=\"primary\" disabled>Play Game</button>" in page
    assert ">New Game</button>" in page
    assert [int(n) for n in re.findall(r'data-cell="(\d)"', page)] == list(range(9))


def test_the_page_embeds_every_setting_it_offers(data: dict):
    settings = {(g["first"], g["ai"], g["scores"], g["search"]) for g in data["graphs"]}
    assert settings == {(f, a, s, "minimax") for f in "XO" for a in "XO" for s in ("tutorial", "ten")}
    for graph in data["graphs"]:
        assert graph["scheme"] == NAMED[graph["scores"]].as_dict()
    # Pooling: the graphs share their structure, so there are far fewer columns than 8 x 9.
    assert len({i for g in data["graphs"] for i in g["positions"].values()}) < 8 * 9 / 2
    # Alpha-beta's decisions: one shared graph per AI mark and scheme, for both openers.
    assert {(g["ai"], g["scores"], g["search"]) for g in data["decisions"]} == {
        (a, s, "alphabeta") for a in "XO" for s in ("tutorial", "ten")}
    assert set(data["choices"]["search"]) == {"minimax", "alphabeta"}


# ---- the embedded decisions: the same as tracer's, and unbeatable -------------------------


def every_game(graph: EmbeddedGraph, ai: str, first: str, decided: dict[str, int]) -> Counter:
    """Play every sequence of human moves against the page's decisions; count outcomes.

    The rules (whose turn, when a game ends) are the game's own, not the page's.
    """
    results: Counter = Counter()
    stack = [(0, Board.empty(), ai if first == "ai" else other(ai))]
    while stack:
        pid, board, to_move = stack.pop()
        assert graph.board(pid) == board
        end = outcome_of(board)
        if end is not None:
            results["draw" if end.draw else "AI wins" if end.winner == ai else "human wins"] += 1
            continue
        if to_move == ai:
            cell = decided.setdefault(board.cells, graph.chosen(pid))
            assert graph.chosen(pid) == cell
            stack.append((graph.child(pid, cell), board.play(cell, ai), other(ai)))
        else:
            stack.extend((graph.child(pid, cell), board.play(cell, to_move), ai)
                         for cell in board.empty_cells())
    return results


@pytest.mark.parametrize("scores", ["tutorial", "ten"])
def test_the_pages_ai_never_loses_and_plays_tracers_moves(data: dict, scores: str, capsys):
    total = 0
    for ai, first in CONFIGS:
        graph = EmbeddedGraph(data, ai, ai if first == "ai" else other(ai), scores)
        decided: dict[str, int] = {}
        results = every_game(graph, ai, first, decided)
        assert results["human wins"] == 0
        assert results["AI wins"] > 0 and results["draw"] > 0
        total += sum(results.values())
        # Every decision the proof met is the one `trace play` makes on that board.
        for cells, cell in decided.items():
            assert choose_move(Board(cells), ai, NAMED[scores]).cell == cell, (cells, ai)
    with capsys.disabled():
        print(f"\npage's decisions, {scores} scores: {total:,} games, none lost", end=" ")
    assert total == 1564  # as `trace play`'s own proof (tests/test_game.py) counts them


def test_the_embedded_terminal_column_agrees_with_the_rules(data: dict):
    for graph_data in data["graphs"]:
        graph = EmbeddedGraph(data, graph_data["ai"], graph_data["first"], graph_data["scores"])
        names = data["terminal_names"]
        for pid, code in enumerate(graph.columns["terminal"]):
            end = outcome_of(graph.board(pid))
            expected = None if end is None else "draw" if end.draw else end.winner
            assert names[code] == expected
            # The page strikes through the first of its lines the winner holds: the rules' line.
            if end is not None and not end.draw:
                held = [line for line in data["lines"] if all(graph.board(pid)[i] == end.winner for i in line)]
                assert held[0] == list(end.line)


def test_the_step_through_template_is_the_viewer_page(page: str):
    template = embedded(page, "viewer-page")
    assert isinstance(template, str)
    for slot in ("<!--@title@-->", "<!--@heading@-->", "/*@data@*/"):
        assert template.count(slot) == 1, slot
    assert 'id="story"' in template and 'id="stack"' in template and 'id="tree"' in template
    assert "Content-Security-Policy" in template
    # Its quiz builds its questions from the decision's rows: none are written out.
    quiz = template.split('id="quiz-data">', 1)[1].split("</script>", 1)[0]
    assert "questions" not in json.loads(quiz) and "window.tracerBuildQuiz = " in template


# ---- alpha-beta's embedded decisions ---------------------------------------------------


class EmbeddedDecisions:
    """The page's alpha-beta decisions for one AI mark and scheme, read in Python."""

    def __init__(self, data: dict, ai: str, scores: str):
        [graph] = [g for g in data["decisions"] if (g["ai"], g["scores"], g["search"]) == (ai, scores, "alphabeta")]
        self.graph = graph
        self.columns = {name: data["columns"][i] for name, i in graph["positions"].items()}
        self.roots = {int(state): row for state, row in graph["roots"].items()}

    def row(self, board: Board, ai: str) -> int:
        return self.roots[pack(board, ai)]

    def plays(self, pid: int) -> list[int]:
        first = self.columns["first_edge"][pid]
        return self.columns["edge_move"][first:first + self.columns["edge_count"][pid]]

    def chosen(self, pid: int) -> int:
        return self.plays(pid)[self.columns["best"][pid]]


def every_alphabeta_game(decisions: EmbeddedDecisions, ai: str, first: str) -> tuple[Counter, set[str]]:
    """Every sequence of human moves against the embedded alpha-beta decisions: the
    outcomes, and the boards decided."""
    results: Counter = Counter()
    decided: set[str] = set()
    stack = [(Board.empty(), ai if first == "ai" else other(ai))]
    while stack:
        board, to_move = stack.pop()
        end = outcome_of(board)
        if end is not None:
            results["draw" if end.draw else "AI wins" if end.winner == ai else "human wins"] += 1
        elif to_move == ai:
            decided.add(board.cells)
            stack.append((board.play(decisions.chosen(decisions.row(board, ai)), ai), other(ai)))
        else:
            stack.extend((board.play(cell, to_move), ai) for cell in board.empty_cells())
    return results, decided


@pytest.mark.parametrize("scores", ["tutorial", "ten"])
def test_the_pages_alphabeta_never_loses_and_records_each_search_as_alphabeta_does(data: dict, scores: str):
    total = 0
    for ai in "XO":
        decisions = EmbeddedDecisions(data, ai, scores)
        columns, variant = decisions.columns, decisions.graph["variant"]
        assert (variant["algorithm"], variant["cutoff"]) == ("alphabeta", "ge")
        decided: set[str] = set()
        separate = 0
        for first in ("ai", "human"):
            results, boards = every_alphabeta_game(decisions, ai, first)
            assert results["human wins"] == 0
            total += sum(results.values())
            decided |= boards
        # The page embeds exactly the boards the games reach with the AI to move.
        assert {pack(Board(cells), ai) for cells in decided} == set(decisions.roots)
        for cells in decided:
            board = Board(cells)
            pid = decisions.row(board, ai)
            alone = SearchSpec("alphabeta").run(TicTacToe(board, ai, ai, NAMED[scores]))
            # Sharing rows between the searches changes nothing a search records.
            assert columns["sizes"][pid] == alone.calls
            assert columns["score"][pid] == alone.result.score
            assert decisions.chosen(pid) == alone.result.index
            assert decisions.chosen(pid) == choose_move(board, ai, NAMED[scores]).cell
            assert (variant["alpha"][pid], variant["beta"][pid]) == (None, None)
            # What the decision's line says alpha-beta pruned: every call's pruned test-plays.
            assert decisions.graph["summaries"][str(pid)] == sum(len(call.extra("pruned")) for call in alone)
            separate += len(alone.positions.sizes)
        assert len(columns["sizes"]) < separate  # the searches share rows
    assert total == 1564



def test_the_page_weighs_at_most_a_megabyte(page: str):
    """Issue 34: the recorded graphs travel deflated (2.3 MB of JSON in about 0.6 MB); what the
    browser inflates is the same data, read back here with zlib."""
    assert len(page.encode("utf-8")) <= 1_000_000
    data = embedded(page, "game-data")
    assert isinstance(data, dict) and len(data["graphs"]) == 8 and len(data["decisions"]) == 4
