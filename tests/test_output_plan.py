"""The output planner's promises: no output replaces the run's input or another output of
the same run (links and the figures' folder included), and a file that cannot be written
is found before anything is written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

BOARD = "X.O\nX.X\nOO.\n"


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file under ``folder`` (links as None), to show a refused run changed nothing."""
    return {str(p.relative_to(folder)): None if p.is_symlink() or p.is_dir() else p.read_bytes()
            for p in sorted(folder.rglob("*"))}


def refused(result, option: str, path: str, what: str) -> None:
    """Exit 2 with the one line naming the option, the path and what else it is."""
    assert result.exit_code == 2, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith(f"trace: error: {option}: '{path}' would be written by ")
    assert line.endswith(f"and is also {what}: give each output its own file")


@pytest.fixture
def board(tmp_path: Path) -> Path:
    path = tmp_path / "board.txt"
    path.write_text(BOARD)
    return path


@pytest.mark.parametrize(("link", "args"), [
    (None, ["--log", "board.txt"]),
    (None, ["-o", "board.txt", "--format", "dot"]),
    (None, ["--html", "board.txt"]),
    ("symlink", ["--log", "other.txt"]),
    ("hard link", ["--quiet", "-o", "other.txt", "--format", "dot"]),
])
def test_an_output_that_is_the_input_is_refused_and_the_input_kept(cli, tmp_path, board, link, args):
    if link == "symlink":
        (tmp_path / "other.txt").symlink_to("board.txt")
    elif link == "hard link":
        os.link(board, tmp_path / "other.txt")
    before = snapshot(tmp_path)
    result = cli("board.txt", *args)
    option = args[args.index("--log") if "--log" in args else
                  args.index("-o") if "-o" in args else args.index("--html")]
    refused(result, option, args[args.index(option) + 1], "the input")
    assert snapshot(tmp_path) == before
    assert board.read_text() == BOARD


def test_a_saved_trace_is_not_rendered_over_itself(cli, tmp_path, board):
    assert cli("board.txt", "--quiet", "-o", "saved.json").exit_code == 0
    before = snapshot(tmp_path)
    refused(cli("render", "saved.json", "-o", "saved.json"), "-o", "saved.json", "the input")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(("args", "option", "path", "other"), [
    (["--log", "same.dot", "-o", "same.dot"], "-o", "same.dot", "--log"),
    (["--html", "page.html", "--log", "page.html"], "--log", "page.html", "--html"),
    (["--quiet", "--html", "page.html", "-o", "page.html", "--format", "svg"], "-o", "page.html", "--html"),
])
def test_two_outputs_of_one_run_never_share_a_file(cli, tmp_path, board, args, option, path, other):
    before = snapshot(tmp_path)
    refused(cli("board.txt", *args), option, path, f"written by {other}")
    assert snapshot(tmp_path) == before


def test_two_names_of_one_file_are_one_file(cli, tmp_path, board):
    (tmp_path / "a.log").write_text("old log\n")
    os.link(tmp_path / "a.log", tmp_path / "b.dot")
    (tmp_path / "c.dot").symlink_to("a.log")
    before = snapshot(tmp_path)
    refused(cli("board.txt", "--log", "a.log", "-o", "b.dot"), "-o", "b.dot", "written by --log")
    refused(cli("board.txt", "--log", "a.log", "-o", "c.dot"), "-o", "c.dot", "written by --log")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(("args", "path", "what"), [
    (["--log", "figs/index.html"], "figs/index.html", "written by --log"),
    (["-o", "figs/overview.svg"], "figs/overview.svg", "written by -o"),
    (["--html", "figs"], "figs", "written by --html"),
    (["--log", "link/test-play-2.svg"], "link/test-play-2.svg", "written by --log"),
])
def test_no_output_goes_where_the_figure_series_writes(cli, tmp_path, board, args, path, what):
    """The series replaces its own files in its folder (index.html, overview.svg,
    test-play-N.svg, ...): another output there would be lost or would replace one."""
    (tmp_path / "figs").mkdir()
    (tmp_path / "figs" / "index.html").write_text("an earlier series\n")
    (tmp_path / "link").symlink_to("figs")
    before = snapshot(tmp_path)
    result = cli("board.txt", "--quiet", "--figures", "figs", *args)
    refused(result, "--figures", path, what)
    assert snapshot(tmp_path) == before


def test_an_input_inside_the_figures_folder_is_not_replaced(cli, tmp_path):
    (tmp_path / "figs").mkdir()
    (tmp_path / "figs" / "index.html").write_text(BOARD)  # a board file, oddly named
    before = snapshot(tmp_path)
    refused(cli("figs/index.html", "--quiet", "--figures", "figs"), "--figures", "figs/index.html",
            "the input")
    assert snapshot(tmp_path) == before


def test_outputs_on_distinct_files_are_all_written(cli, tmp_path, board):
    """The check refuses only real clashes: a file of one's own beside the series is kept."""
    (tmp_path / "figs").mkdir()
    (tmp_path / "figs" / "notes.txt").write_text("mine\n")
    result = cli("board.txt", "--quiet", "--figures", "figs", "--log", "figs/run.log", "-o", "tree.dot")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "figs" / "notes.txt").read_text() == "mine\n"
    assert (tmp_path / "figs" / "run.log").read_text().startswith("Minimax trace of X.O/X.X/OO.")
    assert (tmp_path / "tree.dot").read_text().startswith("digraph")
    assert (tmp_path / "figs" / "overview.svg").is_file() and board.read_text() == BOARD


# ---- what a run writes by default, and what replaces the tree file ------------------------


def files_in(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


@pytest.mark.parametrize(("args", "written", "log"), [
    ([], ["board.svg"], True),  # the log on the terminal and the tree file
    (["--html", "p.html"], ["p.html"], True),  # the page replaces the tree file...
    (["--html", "p.html", "--format", "dot"], ["board.dot", "p.html"], True),  # ...unless asked for
    (["--html", "p.html", "-o", "t.svg"], ["p.html", "t.svg"], True),
    (["--stats"], [], False),  # the summary replaces the log and the tree
    (["--stats", "--format", "svg"], ["board.svg"], False),
    (["--figures", "figs"], ["figs/index.html"], True),
    (["--figures", "figs", "--format", "png"], ["figs/index.html", "figs/overview.png"], True),
    (["--figures", "figs", "-o", "t.dot"], ["figs/index.html", "t.dot"], True),
    # With -o, --format is the tree's (and the figures', as they are drawn in it).
    (["--figures", "figs", "-o", "tree.out", "--format", "svg"], ["figs/index.html", "figs/overview.svg",
                                                                   "tree.out"], True),
    (["--quiet"], ["board.svg"], False),
])
def test_what_replaces_the_default_tree_file(cli, tmp_path, board, args, written, log):
    result = cli("board.txt", *args)
    assert result.exit_code == 0, result.output
    found = [f for f in files_in(tmp_path) if f != "board.txt"]
    if "--figures" in args:  # the series has many files: the index and the format tell it
        found = [f for f in found if not f.startswith("figs/") or f in written]
    assert found == written
    assert result.stdout.startswith("Minimax trace of X.O/X.X/OO.") == log


def test_a_page_on_standard_output_is_all_that_goes_there(cli, tmp_path, board):
    result = cli("board.txt", "--html", "-")
    assert result.exit_code == 0
    assert result.stdout.startswith("<!DOCTYPE html>") and result.stdout.rstrip().endswith("</html>")
    assert "Minimax trace of" not in result.stdout and files_in(tmp_path) == ["board.txt"]


def test_the_planner_on_its_own_defaults_writes_the_log_and_the_whole_tree(tmp_path, monkeypatch, capsys,
                                                                           tutorial_trace):
    """``produce(trace, Request())``, as a Python caller uses it: the log on standard output
    and the tree of every call in trace.svg, nothing else."""
    from tracer.outputs import Request, produce

    monkeypatch.chdir(tmp_path)
    produce(tutorial_trace, Request())
    out = capsys.readouterr()
    assert out.out.startswith("Minimax trace of X.O/X.X/OO.") and "step 25" in out.out
    assert files_in(tmp_path) == ["trace.svg"]
    svg = (tmp_path / "trace.svg").read_text()
    assert svg.count('class="node"') == tutorial_trace.calls == 9
    assert out.err == "trace: wrote trace.svg (9 of 9 calls drawn)\n"


def test_the_figures_are_drawn_to_the_depth_asked(cli, tmp_path, board):
    """--depth applies to the figures: the overview of the guide's board to depth 1 holds the
    first call and its three test-plays, with the deeper calls folded into a summary."""
    assert cli("board.txt", "--quiet", "--figures", "whole").exit_code == 0
    assert cli("board.txt", "--quiet", "--figures", "shallow", "--depth", "1").exit_code == 0
    whole = (tmp_path / "whole" / "overview.svg").read_text()
    shallow = (tmp_path / "shallow" / "overview.svg").read_text()
    assert whole.count('class="node"') > shallow.count('class="node"') >= 4


def test_an_unknown_format_from_a_python_caller_is_bad_input(tmp_path, monkeypatch, tutorial_trace):
    from tracer.errors import InputError
    from tracer.outputs import Request, produce

    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match=r"unknown format 'gif' \(must be one of svg, png, pdf, dot, json\)"):
        produce(tutorial_trace, Request(fmt="gif", quiet=True))
    assert files_in(tmp_path) == []


@pytest.mark.parametrize(("name", "start"), [("T.SVG", "<?xml"), ("tree.Dot", "digraph"), ("t.JSON", "{")])
def test_a_suffix_in_capitals_names_the_format(cli, tmp_path, board, name, start):
    assert cli("board.txt", "--quiet", "-o", name).exit_code == 0
    assert (tmp_path / name).read_text().startswith(start)


def test_a_figures_folder_that_cannot_be_made_is_one_line(cli, tmp_path, board):
    result = cli("board.txt", "--quiet", "--figures", "board.txt/figs")
    assert result.exit_code == 2
    assert result.stderr.startswith("trace: error: board.txt/figs: cannot create the folder: ")
    assert result.stderr.count("\n") == 1 and files_in(tmp_path) == ["board.txt"]


@pytest.mark.parametrize("option", ["-o", "--log"])
def test_a_folder_given_as_an_output_file_is_bad_input(cli, tmp_path, board, option):
    (tmp_path / "somewhere").mkdir()
    result = cli("board.txt", "--quiet", option, "somewhere", *(["--format", "dot"] if option == "-o" else []))
    assert result.exit_code == 2
    assert result.stderr == (f"trace: error: {option}: 'somewhere' is a folder: give a file name inside it\n")
    assert files_in(tmp_path) == ["board.txt"]


def test_a_capital_suffix_that_contradicts_format_is_refused(cli, tmp_path, board):
    result = cli("board.txt", "--quiet", "-o", "T.SVG", "--format", "png")
    assert result.exit_code == 2 and "has the suffix of a SVG file but --format asks for png" in result.stderr
    assert files_in(tmp_path) == ["board.txt"]


@pytest.mark.parametrize("command", [["compare", "board.txt", "--html", "page.html"],
                                     ["compare", "board.txt", "--format", "json", "--html", "page.html"]])
def test_compare_without_a_layout_engine_stops_before_printing_anything(cli, tmp_path, board, monkeypatch, command):
    """Its page needs an engine to draw the trees: with none, the run says so in one line
    (a fault of the environment: status 1) before the table is printed or a file written."""
    from tracer.outputs import layout

    monkeypatch.delenv("TRACER_ENGINE", raising=False)
    monkeypatch.setattr(layout, "find_dot", lambda: None)
    monkeypatch.setattr(layout, "find_pure", lambda: None)
    result = cli(*command)
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("trace: error: no layout engine found") and result.stderr.count("\n") == 1
    assert files_in(tmp_path) == ["board.txt"]


# ---- options that would change nothing -------------------------------------------------------

#: (arguments, the option refused): each option asked for where nothing it acts on is written.
#: The rules, as the help and the error give them: --max-nodes and --depth size a drawing (the
#: tree as SVG, PNG, PDF or DOT, or --figures); --line shapes the tree's drawing; --focus picks
#: where a drawing or the page starts; --engine lays out SVG, PNG or PDF; --scale enlarges PNG
#: pictures; -o and --format name a tree that --no-tree does not write.
USELESS = [
    (["--no-tree", "--max-nodes", "5"], "--max-nodes"),
    (["-o", "t.json", "--depth", "1"], "--depth"),
    (["-o", "t.json", "--line"], "--line"),
    (["--no-tree", "--log", "t.log", "--focus", "2"], "--focus"),
    (["-o", "t.dot", "--engine", "pure"], "--engine"),
    (["-o", "t.svg", "--scale", "2"], "--scale"),
    (["--figures", "figs", "--scale", "2"], "--scale"),
    (["--no-tree", "--log", "t.log", "-o", "t.svg"], "-o"),
    (["--no-tree", "--log", "t.log", "--format", "svg"], "--format"),
]

#: The same options where they do act: each run writes what it asks for.
USEFUL = [
    ["-o", "t.svg", "--max-nodes", "5"],
    ["--figures", "figs", "--depth", "1"],
    ["-o", "t.dot", "--line"],
    ["--html", "p.html", "--focus", "2"],
    ["-o", "t.svg", "--focus", "2"],
    ["-o", "t.svg", "--engine", "pure"],
    ["--figures", "figs", "--engine", "pure"],
    ["-o", "t.png", "--scale", "2", "--engine", "pure"],
    ["--figures", "figs", "--format", "png", "--scale", "2", "--engine", "pure"],
    ["--no-tree", "--figures", "figs", "--format", "png", "--engine", "pure"],
]


@pytest.mark.parametrize(("args", "option"), USELESS, ids=[" ".join(a) for a, _ in USELESS])
def test_an_option_that_changes_nothing_is_refused_before_anything_is_written(cli, board, tmp_path,
                                                                              args, option):
    before = snapshot(tmp_path)
    result = cli("board.txt", "-q", *args)
    assert result.exit_code == 2, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith(f"trace: error: {option}: changes nothing in what this run writes: ")
    assert line.endswith("; leave it out")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("args", USEFUL, ids=" ".join)
def test_the_same_options_are_taken_where_they_act(cli, board, tmp_path, args):
    result = cli("board.txt", "-q", *args)
    assert result.exit_code == 0, result.output
    written = args[args.index("-o") + 1] if "-o" in args else args[args.index("--html") + 1] \
        if "--html" in args else args[args.index("--figures") + 1] + "/index.html"
    assert (tmp_path / written).stat().st_size > 0
