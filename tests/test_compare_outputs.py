"""``trace compare``'s outputs as a user meets them: the table on the terminal, printed before
any tree is drawn and in the console's encoding; ``--html``'s page written to a file or, with
``-``, to standard output instead of the table; a page path that cannot be written refused
before anything is printed; and the violet mark on the first move of a column whose search
plays another move than the first column's."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tracer import search
from tracer.explain import SearchWords
from tracer.search import SearchKind
from tracer.search.minimax import search as minimax_search
from tracer.trace import SearchInfo, Trace

BOARD = "X.OX.XOO.\n"


@pytest.fixture
def board(tmp_path: Path) -> Path:
    path = tmp_path / "b.txt"
    path.write_text(BOARD, encoding="utf-8")
    return path


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ---- the table on the terminal ---------------------------------------------------------------


def test_the_table_comes_out_before_a_drawing_that_fails(cli, tmp_path, board, monkeypatch):
    """What goes to the terminal comes out before anything is drawn: a layout program that
    fails while the page's trees are drawn leaves the table printed, and one error line."""
    alone = cli("compare", "b.txt")
    assert alone.exit_code == 0 and alone.stdout.startswith("Compared on ")
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "dot").write_text("#!/bin/sh\ncat >/dev/null; echo 'Error: out of memory' >&2; exit 3\n",
                                encoding="utf-8")
    (folder / "dot").chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("TRACER_ENGINE", "dot")
    result = cli("compare", "b.txt", "--html", "c.html")
    assert result.exit_code == 1, result.output
    assert result.stdout == alone.stdout
    assert result.stderr == "trace: error: Graphviz (dot) failed: Error: out of memory\n"
    assert files_in(tmp_path) == ["b.txt", "bin"]


@pytest.mark.parametrize("example", ["near-endgame", "slow-win"])
def test_the_table_ends_its_last_line_once(cli, example):
    # slow-win's table ends with the lines the variants that play another move expect.
    result = cli("compare", "--example", example)
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.endswith("\n") and not result.stdout.endswith("\n\n"), result.stdout[-80:]
    assert result.stdout.splitlines()[-1].strip()


# ---- the page ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "words"), [
    ("no/such/c.html", "--html: cannot write 'no/such/c.html': the folder 'no/such' does not exist"),
    ("folder", "--html: 'folder' is a folder: give a file name inside it"),
])
def test_a_page_path_that_cannot_be_written_is_refused_before_the_table(cli, tmp_path, board, target, words):
    (tmp_path / "folder").mkdir()
    result = cli("compare", "b.txt", "--html", target)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""  # refused before the table is printed
    assert result.stderr == f"trace: error: {words}\n"
    assert files_in(tmp_path) == ["b.txt", "folder"] and files_in(tmp_path / "folder") == []


def test_html_dash_writes_the_page_to_standard_output_instead_of_the_table(cli, tmp_path, board):
    written = cli("compare", "b.txt", "--html", "c.html")
    assert written.exit_code == 0 and written.stdout.startswith("Compared on ")
    assert written.stderr == "trace: wrote c.html (7 trees side by side)\n"
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    result = cli("compare", "b.txt", "--html", "-")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout == page  # the same page, and nothing else: no table, no file
    assert files_in(tmp_path) == ["b.txt", "c.html"]


def test_the_trees_on_the_page_have_no_title_or_legend_of_their_own(cli, tmp_path, board):
    """The page shows its title and one legend for all; each tree is drawn without its own (a
    tree file's drawing has a title, "Minimax game tree of …", and a legend headed "Legend")."""
    assert cli("compare", "b.txt", "--html", "c.html").exit_code == 0
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    columns = re.findall(r'<section id="t\d+".*?</section>', page, re.S)
    assert len(columns) == 7
    legend = page[page.index("<summary>Legend"):page.index('<div class="trees">')]
    assert ">Legend</text>" in legend and "game tree of" not in page
    for column in columns:
        assert "<svg" in column and ">Legend</text>" not in column, column[:200]


# ---- another move than the first column's --------------------------------------------------


def last_best_search(game) -> Trace:
    """The guide's minimax, except that among equal best test-plays it keeps the last."""
    rows = minimax_search(game).positions
    for pid in range(len(rows)):
        scores = [rows.score[child] for _, child in rows.children(pid)]
        if scores:
            rows.best[pid] = len(scores) - 1 - scores[::-1].index(rows.score[pid])
    return Trace(game, rows, SearchInfo(LAST_BEST.name))


def check_last_best(trace: Trace, pid: int, where: str) -> None:
    p = trace.positions
    scores = [p.score[child] for _, child in p.children(pid)]
    if scores and p.best[pid] != len(scores) - 1 - scores[::-1].index(p.score[pid]):
        raise AssertionError(f"{where}: not the last best test-play")


#: A search named to come right after the baseline (kinds are listed by name): the second column.
LAST_BEST = SearchKind(name="a_last_best", title="minimax keeping the last best", run=last_best_search,
                       check=check_last_best, words=SearchWords, help="ties go to the last best")


@pytest.fixture
def last_best() -> Iterator[None]:
    search.register(LAST_BEST)
    try:
        yield
    finally:
        search.unregister(LAST_BEST.name)


def test_only_the_columns_that_play_another_move_than_the_first_are_marked_so(cli, tmp_path, last_best):
    """In A: [B: [5, 9], C: [7, 5], D: [3, 8]], B and C are both worth 5 (D 3): the guide's
    minimax plays B, a search keeping the last best plays C. Its column, the second, marks its
    move C as another move than the first search's; the columns that play B do not."""
    (tmp_path / "t.txt").write_text("A: [B: [5, 9], C: [7, 5], D: [3, 8]]\n", encoding="utf-8")
    result = cli("compare", "t.txt", "--format", "json", "--html", "c.html")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["rows"]
    assert [(r["algorithm"], r["label"]) for r in rows[:2]] == [("minimax", "B"), ("a_last_best", "C")]
    page = (tmp_path / "c.html").read_text(encoding="utf-8").replace("&#39;", "'")
    columns = re.findall(r'<section id="t\d+".*?</section>', page, re.S)
    assert len(columns) == len(rows) and "minimax keeping the last best" in columns[1]
    tagged = [i for i, column in enumerate(columns) if "another move than the first search's" in column]
    assert tagged == [i for i, row in enumerate(rows) if row["label"] != "B"] == [1]


def test_a_column_is_said_to_play_another_move_only_when_its_move_differs(cli, tmp_path):
    """On O...XOXX. centre-first alpha-beta plays cell 2 where the guide plays cell 1 (both
    worth the same), and depth-aware scores give the guide's move another score: only the
    first is said to play another move, naming both answers."""
    result = cli("compare", "O...XOXX.", "--format", "json", "--html", "c.html")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["rows"]
    first = rows[0]
    assert any(r["move"] != first["move"] for r in rows)
    assert any(r["move"] == first["move"] and r["score"] != first["score"] for r in rows)
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    columns = re.findall(r'<section id="t\d+".*?</section>', page, re.S)
    assert len(columns) == len(rows)
    for row, column in zip(rows, columns, strict=True):
        said = re.findall(r"another move: \{index: (\d), score: (-?\d+)\} where the first returns "
                          r"\{index: (\d), score: (-?\d+)\}", column)
        if row["move"] == first["move"]:
            assert not said, row
        else:
            assert said == [(str(row["move"]), str(row["score"]), str(first["move"]), str(first["score"]))]
