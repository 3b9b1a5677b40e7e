"""``trace check``'s outputs: the learner's calls through the log, the tree, the JSON trace, the
side-by-side page and the notebook, with the first departure marked where it happens.

The programs are the gallery's Python port of the guide with one known mistake planted (the
edits of test_check_mistakes.py). What each output must mark is worked out by hand on the
guide's board (X.O/X.X/OO., X to move; the guide's 9 calls are listed in
test_check_gallery.py's docstring):

* board-not-restored: #1 tries cells 1, 4, 8 as listed at its start. #2 (X on 1, O to move)
  test-plays 4 (#3: O wins) and, cell 4 never emptied, 8: #4 is made on XXO/XOX/OOO, which its
  caller could not have produced: the departure, found as #4 starts. Back in #1, X lands on
  4 (#5) and 8 (#6) on a board that still holds O's marks: both start after the departure.
  6 calls. #4 stands for the guide's #4 (X on 1, then O on 8: cell 8 is the one O newly took);
  the guide's #5 to #9 (X on 4, X on 8 and below) are calls the learner never made.
* missing-cell-last: #1 tries 1 (#2) and 4; #2 (O to move) tries 4 only (#3: O wins) and
  returns without cell 8: the departure, found as #2 returns, so #3, inside it, came before;
  #4 (X on 4) starts after it.
* max-min-swapped: #6 (O to move on X.O/X.X/OOX) returns max(+1, -1) = +1 where min gives -1:
  found as #6 returns, after its whole subtree (#7, #8, #9); no call starts after it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from checking import LEARNERS, guide_program, run_check
from click.testing import CliRunner
from test_check_mistakes import EDITS, edited

import tracer
from tracer.check.values.notation import written
from tracer.cli import main

#: The tag above the departing call, in the learner's tree and the log's marker.
DEPARTS = "‼ departs"


def planted(tmp_path: Path, mistake: str, name: str | None = None) -> Path:
    """The gallery's Python port of the guide with ``mistake`` planted, as a file in ``tmp_path``."""
    source = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")
    program = tmp_path / (name or f"{mistake.replace('-', '_')}.py")
    program.write_text(edited(source, EDITS[mistake][1]), encoding="utf-8")
    return program


def check(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", *args])
    return result.exit_code, result.stdout, result.stderr


def node_labels(dot: str) -> dict[int, str]:
    """Each call's node label in a DOT tree, by call number (``n4`` is call #4)."""
    found = {}
    for match in re.finditer(r"^\s*n(\d+) \[label=<(.*)>\]$", dot, re.M):
        found[int(match.group(1))] = match.group(2)
    return found


def departing_and_after(dot: str) -> tuple[set[int], set[int]]:
    """The calls whose boxes carry the departure's tag, and those framed as made after it."""
    labels = node_labels(dot)
    tagged = {n for n, label in labels.items() if DEPARTS in label}
    dashed = {n for n, label in labels.items() if label.startswith('<TABLE BORDER="2" COLOR="#a500f0" '
                                                                   'STYLE="DASHED,ROUNDED"')}
    return tagged, dashed


# ---- the tree -------------------------------------------------------------------------------


@pytest.mark.parametrize(("mistake", "departs", "after", "calls"), [
    ("board-not-restored", 4, {5, 6}, 6),     # found as #4 starts: #5 and #6 start after it
    ("draw-before-win", 8, {9}, 9),           # found as #8 returns: #9 after
    ("max-min-swapped", 6, set(), 9),         # found as #6 returns, after its subtree #7-#9
])
def test_the_tree_marks_the_departure_and_the_calls_after_it(tmp_path: Path, mistake: str, departs: int,
                                                              after: set[int], calls: int) -> None:
    program = planted(tmp_path, mistake)
    tree = tmp_path / "tree.dot"
    code, out, err = check(str(program), "-o", str(tree))
    assert code == 1 and "Verdict: wrong" in out, err
    dot = tree.read_text(encoding="utf-8")
    assert set(node_labels(dot)) == set(range(1, calls + 1))
    assert departing_and_after(dot) == ({departs}, after)
    # The marks are a violet frame and a tag, never an outcome's fill; the legend says both.
    assert "the first call that departs from a correct search" in dot
    assert ("a call made after the first departure" in dot) == bool(after)
    # The guide's answer beside the first call: {index: 4, score: 1} after 9 calls.
    assert "returns {index: 4, score: 1} after 9 calls" in dot and "(X plays cell 4 (centre))" in dot


def test_the_departing_call_says_what_it_returned_and_what_was_due(tmp_path: Path) -> None:
    """max-min-swapped's #6 returned the Python dict {'index': 1, 'score': 1}; min keeps cell 4, -1."""
    tree = tmp_path / "tree.dot"
    check(str(planted(tmp_path, "max-min-swapped")), "-o", str(tree))
    label = node_labels(tree.read_text(encoding="utf-8"))[6]
    assert "returned {&#x27;index&#x27;: 1, &#x27;score&#x27;: 1}" in label
    assert "expected {&#x27;index&#x27;: 4, &#x27;score&#x27;: -1}" in label


# ---- the log --------------------------------------------------------------------------------


def test_the_log_marks_the_departure_where_a_call_starts(tmp_path: Path) -> None:
    log = tmp_path / "calls.txt"
    code, _, err = check(str(planted(tmp_path, "board-not-restored")), "--log", str(log))
    assert code == 1 and err == f"trace: wrote {log} (the log of 6 calls)\n", err
    lines = log.read_text(encoding="utf-8").splitlines()
    marks = [i for i, line in enumerate(lines) if line.strip().startswith("‼ here")]
    assert len(marks) == 1
    head = lines[marks[0] - 1].strip()
    # #4 is #2's board with O on 4 (kept) and on 8: two new O's, X to move on a full board.
    assert head == "#4 step 11  O on cells 4 and 8 -> X to move on XXO/XOX/OOO"
    assert "cell 4 (O's earlier test-play of call #2) was not reset" in lines[marks[0]]
    assert lines[marks[0] + 1].split() == ["expected", "no", "such", "call:", "a", "correct", "search",
                                           "does", "not", "make", "this", "one"]
    # Six calls, numbered as they start; what #3 returned, as Python writes the dict.
    assert [line.split()[0] for line in lines if re.match(r"\s*#\d", line)] == [f"#{n}" for n in range(1, 7)]
    assert any(line.strip().endswith("returned {'score': -1}") for line in lines)


def test_the_log_marks_the_departure_where_a_call_returns(tmp_path: Path) -> None:
    log = tmp_path / "calls.txt"
    check(str(planted(tmp_path, "max-min-swapped")), "--log", str(log))
    lines = log.read_text(encoding="utf-8").splitlines()
    mark = next(i for i, line in enumerate(lines) if line.strip().startswith("‼ here"))
    # Right after #6 returns: its step 17 line, indented as #6's steps are, after #9's lines.
    assert lines[mark - 1].strip() == "step 17  returned {'index': 1, 'score': 1}"
    assert lines[mark - 1].index("step") == len("      ")
    assert [line.split()[0] for line in lines[:mark] if re.match(r"\s*#\d", line)][-1] == "#9"
    assert lines[mark + 1].split(None, 1) == ["expected", "{'index': 4, 'score': -1}"]


def test_the_log_of_a_runaway_search(tmp_path: Path) -> None:
    """py_runaway.py recurses on an unchanged board about a thousand times: the log walks it all,
    the departure at #2 (made on #1's board unchanged)."""
    log = tmp_path / "calls.txt"
    code, out, err = check(str(LEARNERS / "py_runaway.py"), "--log", str(log), "-o", str(tmp_path / "t.svg"))
    assert code == 1 and "Verdict: error: RecursionError" in out, err
    text = log.read_text(encoding="utf-8")
    assert text.count("‼ here") == 1 and "#2 step 11  the same board -> " in text
    assert text.count("\n   ") > 900


# ---- the JSON trace -------------------------------------------------------------------------


def test_the_saved_trace_renders_as_the_check_draws_it(tmp_path: Path) -> None:
    program = planted(tmp_path, "board-not-restored")
    saved, drawn, again = tmp_path / "t.json", tmp_path / "a.dot", tmp_path / "b.dot"
    code, _, err = check(str(program), "-o", str(saved))
    assert code == 1 and f"wrote {saved}" in err
    check(str(program), "-o", str(drawn))
    result = CliRunner().invoke(main, ["render", str(saved), "-q", "-o", str(again)])
    assert result.exit_code == 0, result.stderr
    assert again.read_text() == drawn.read_text()
    header = json.loads(saved.read_text())
    assert (header["game"], header["search"]) == ("learner", {"algorithm": "learner"})
    assert header["check"]["departure"]["call"] == 4 and header["calls"] == 6
    trace = tracer.load(saved)
    trace.check()
    trace.check_calls()
    assert trace.calls == 6 and trace.call(4).extra("returned") == "{'score': -1}"


def test_a_saved_trace_that_lies_about_its_check_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "t.json"
    check(str(planted(tmp_path, "max-min-swapped")), "-o", str(saved))
    text = saved.read_text()
    bad = tmp_path / "bad.json"
    bad.write_text(text.replace('"verdict":"wrong"', '"verdict":"fine"'))
    result = CliRunner().invoke(main, ["render", str(bad), "-q", "-o", str(tmp_path / "x.dot")])
    assert result.exit_code == 2 and result.stderr.startswith("trace: error: ") and '"verdict"' in result.stderr
    assert not (tmp_path / "x.dot").exists()


def test_a_runaway_search_is_not_saved_as_a_trace_it_could_not_read_back(tmp_path: Path) -> None:
    code, out, err = check(str(LEARNERS / "py_runaway.py"), "-o", str(tmp_path / "t.json"))
    # Every output is checked before any is written, the report included.
    assert code == 2 and err.startswith("trace: error: -o: ") and "could not be read back" in err
    assert out == "" and not (tmp_path / "t.json").exists()


def chain(tmp_path: Path, levels: int) -> Path:
    """A program whose minimax calls itself on the guide's board, unchanged, ``levels`` calls deep."""
    program = tmp_path / f"chain{levels}.py"
    program.write_text(f"""board = ['X', '', 'O', 'X', '', 'X', 'O', 'O', '']
left = {levels}


def minimax(b, mark):
    global left
    left -= 1
    if left == 0:
        return 0
    return minimax(b, 'O' if mark == 'X' else 'X')


print(minimax(board, 'X'))
""", encoding="utf-8")
    return program


def test_a_json_trace_is_saved_exactly_when_trace_render_reads_it_back(tmp_path: Path) -> None:
    """The deepest game is a textbook tree, at most MAX_DEPTH moves below its root: a JSON trace is
    read back with that many nested calls below call #1 and no more. A search one call deeper is
    refused before anything is written, the report included."""
    from tracer.games.tree.notation import MAX_DEPTH

    saved = tmp_path / "deepest.json"
    code, out, err = check(str(chain(tmp_path, MAX_DEPTH + 1)), "-o", str(saved))
    assert code == 1 and "Verdict: wrong" in out and err == f"trace: wrote {saved} ({MAX_DEPTH + 1} calls)\n"
    result = CliRunner().invoke(main, ["render", str(saved), "-q", "-o", str(tmp_path / "deepest.dot")])
    assert result.exit_code == 0, result.stderr
    assert tracer.load(saved).calls == MAX_DEPTH + 1

    deeper = tmp_path / "deeper.json"
    code, out, err = check(str(chain(tmp_path, MAX_DEPTH + 2)), "-o", str(deeper))
    assert code == 2 and out == "" and err.startswith("trace: error: -o: ") and len(err.splitlines()) == 1
    assert f"the search is {MAX_DEPTH + 2} calls deep" in err and "could not be read back" in err
    assert not deeper.exists()


def test_the_report_ends_with_one_line_break(tmp_path: Path) -> None:
    """The report, as text or as one JSON object, ends its last line and leaves no blank line."""
    program = str(planted(tmp_path, "board-not-restored"))
    for more in ([], ["--format", "json"], ["--log", str(tmp_path / "l.txt")]):
        code, out, _ = check(program, *more)
        assert code == 1 and out.endswith("\n") and not out.endswith("\n\n"), more
    assert json.loads(check(program, "--format", "json")[1])["verdict"] == "wrong"


@pytest.mark.system_dot
def test_the_report_comes_out_before_a_drawing_that_fails(tmp_path: Path) -> None:
    """py_runaway.py's tree, a chain a hundred calls deep as drawn, is far too tall for a PNG: the
    PNG is refused as it is drawn, and the report, printed before anything is drawn, still shows."""
    png = tmp_path / "t.png"
    code, out, err = check(str(LEARNERS / "py_runaway.py"), "-o", str(png))
    assert code == 2 and err.startswith("trace: error: the PNG would be ") and len(err.splitlines()) == 1
    assert "Verdict: error: RecursionError" in out and not png.exists()


def test_the_report_as_json_is_unchanged_by_the_files(tmp_path: Path) -> None:
    program = planted(tmp_path, "board-not-restored")
    _, alone, _ = run_check(str(program))
    code, data, _ = run_check(str(program), "--log", str(tmp_path / "l.txt"))
    assert code == 1 and data == alone and (tmp_path / "l.txt").exists()


# ---- the side-by-side page ----------------------------------------------------------------


def test_the_side_by_side_page(tmp_path: Path) -> None:
    program = planted(tmp_path, "board-not-restored", "a&b<i>.py")
    page_path = tmp_path / "both.html"
    code, _, err = check(str(program), "--side-by-side", str(page_path))
    assert code == 1 and f"wrote {page_path}" in err
    page = page_path.read_text(encoding="utf-8")
    assert "default-src 'none'" in page and "<script" not in page.lower()
    assert "a&amp;b&lt;i&gt;.py" in page and "<i>.py" not in page
    mine, guide = page.split('<section id="guide">')
    assert mine.count("<svg") == 2 and guide.count("<svg") == 2  # each tree, and its legend
    # Ids made unique per drawing, so the two SVGs do not share any.
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    # Call #4 departs in yours; the guide's #4 is the call it stands for; the guide's #5-#9 are
    # calls yours never made (dashed frames); #1-#3 are the same in both.
    assert mine.count(DEPARTS) == 2  # the call's tag and the legend's sample
    guide_nodes = re.findall(r'<g id="guide-node\d+" class="node">\s*<title>n(\d+)</title>(.*?)</g>', guide, re.S)
    marked = {int(n) for n, body in guide_nodes if "#a500f0" in body}
    tagged = {int(n) for n, body in guide_nodes if "yours departs" in body}
    assert tagged == {4} and marked == {4, 5, 6, 7, 8, 9}
    # Both trees at one scale: the SVGs keep Graphviz's own size in points, and one zoom acts on both.
    assert re.search(r'<svg width="\d+pt" height="\d+pt"', mine) and re.search(r'<svg width="\d+pt"', guide)
    assert "#zoom50:checked ~ .trees .drawing svg { zoom: 0.5; }" in page
    # The page heads each tree itself: neither drawing carries a title or a legend of its own.
    assert "game tree of" not in page
    assert guide.count("a call your program did not make") == mine.count("a call made after the first departure") == 1
    # The guide's note says what the violet frames mean, as the trees differ.
    assert guide.count("violet frames mark where yours differs") == 1
    assert "violet frames mark where yours differs" not in mine


def test_side_by_side_trees_that_do_not_differ(tmp_path: Path) -> None:
    """The guide's own program, ported: no frame marks a difference, and no note speaks of one."""
    page_path = tmp_path / "both.html"
    code, _, err = check(str(LEARNERS / "py_guide_port.py"), "--side-by-side", str(page_path))
    assert code == 0, err
    page = page_path.read_text(encoding="utf-8")
    assert "violet" not in page and "yours differs" not in page
    assert re.findall(r"<p>(\d+ of \d+ calls drawn[^<]*)</p>", page) == ["9 of 9 calls drawn"] * 2


def check_options() -> set[str]:
    """The long options ``trace check --help`` lists."""
    return set(re.findall(r"(--[a-z][a-z-]+)", CliRunner().invoke(main, ["check", "--help"]).stdout))


def test_what_a_drawing_leaves_out_names_no_option_trace_check_has_not(tmp_path: Path) -> None:
    """py_runaway.py's tree is drawn to a readable depth: what is left out is said, but trace's
    options that draw more (--max-nodes, --depth, ...) are not trace check's: no hint names them."""
    options = check_options()
    assert {"--log", "--side-by-side", "--html"} <= options and "--max-nodes" not in options
    tree, page = tmp_path / "t.dot", tmp_path / "both.html"
    code, _, err = check(str(LEARNERS / "py_runaway.py"), "-o", str(tree), "--side-by-side", str(page))
    assert code == 1
    said = next(line for line in err.splitlines() if line.startswith(f"trace: wrote {tree} ("))
    assert "collapsed into summary nodes" in said and set(re.findall(r"--[a-z][a-z-]+", said)) <= options
    notes = re.findall(r"<p>(\d[\d,]* of [\d,]+ calls drawn[^<]*)</p>", page.read_text(encoding="utf-8"))
    assert len(notes) == 2 and "collapsed into summary nodes" in notes[0]
    assert all(set(re.findall(r"--[a-z][a-z-]+", note)) <= options for note in notes), notes


def test_side_by_side_in_a_narrow_browser(tmp_path: Path, browser: Any) -> None:
    """The page at a phone's width: nothing wider than the screen but the trees' own frames, and
    a zoom that halves both trees."""
    page_path = tmp_path / "both.html"
    check(str(planted(tmp_path, "board-not-restored")), "--side-by-side", str(page_path))
    page = browser.new_page(viewport={"width": 360, "height": 740})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(page_path.as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    width = "document.querySelector('#SIDE .drawing svg').getBoundingClientRect().width"
    before = [page.evaluate(width.replace("SIDE", side)) for side in ("yours", "guide")]
    page.click("label[for=zoom50]")
    after = [page.evaluate(width.replace("SIDE", side)) for side in ("yours", "guide")]
    assert all(abs(a - b / 2) < 2 for a, b in zip(after, before, strict=True)) and errors == []
    page.close()


@pytest.fixture(scope="module")
def guide_js(pytestconfig: pytest.Config) -> str:
    """The guide's text, where its JavaScript is read from (never copied into the tests)."""
    from conftest import guide_path

    return guide_path(pytestconfig).read_text(encoding="utf-8")


@pytest.mark.guide_js
def test_a_javascript_program_is_quoted_as_javascript_writes_values(guide_js: str, tmp_path: Path) -> None:
    """The guide's program without step 12's reset: #1 keeps what each cell held before its
    test-play as the play's index. After #2, cells 4 and 8 hold O, so #5 (X on 4: O's line 6, 7, 8
    is checked first, -1) and #6 (X on 8: X's row 3, 4, 5, +1) are saved with index "O", and the
    highest, #6's, is returned: {index: "O", score: 1}."""
    program = tmp_path / "guide.js"
    program.write_text(edited(guide_program(guide_js), EDITS["board-not-restored"][0]), encoding="utf-8")
    log = tmp_path / "calls.txt"
    code, _, err = check(str(program), "--log", str(log))
    assert code == 1, err
    text = log.read_text(encoding="utf-8")
    assert "Result: {index: \"O\", score: 1} after 6 calls." in text
    assert "returned {score: -1}" in text and "'score'" not in text


# ---- what is refused, and when --------------------------------------------------------------


@pytest.mark.parametrize("option", ["-o", "--log", "--side-by-side", "--html"])
def test_a_bad_path_is_refused_before_the_program_runs(tmp_path: Path, option: str) -> None:
    program = tmp_path / "minimax.py"
    ran = tmp_path / "ran"
    program.write_text(f"open({str(ran)!r}, 'w').close()\n" + (LEARNERS / "py_not_restored.py").read_text())
    for path, why in ((str(tmp_path / "missing" / "x.svg"), "does not exist"),
                      ("-", "standard output holds the report: give a file name"),
                      # -o reads its format off the suffix first: .py is none
                      (str(program), "from its suffix" if option == "-o" else "give each output its own file")):
        code, out, err = check(str(program), option, path)
        assert code == 2 and out == "" and err.startswith(f"trace: error: {option}: "), err
        assert why in err and len(err.splitlines()) == 1, err
        assert not ran.exists()
    assert program.read_text().startswith("open(")


def test_two_outputs_on_one_file_are_refused(tmp_path: Path) -> None:
    same = str(tmp_path / "same.svg")
    code, _, err = check(str(LEARNERS / "py_not_restored.py"), "-o", same, "--side-by-side", same)
    assert code == 2 and "give each output its own file" in err and not Path(same).exists()


@pytest.mark.parametrize("option", ["-o", "--log", "--side-by-side", "--html"])
def test_a_folder_gone_while_the_program_ran_is_refused_before_anything_is_written(tmp_path: Path,
                                                                                  option: str) -> None:
    """The paths are checked before the program runs, and again once it has: here the program
    itself removes the folder its output was to go in."""
    folder = tmp_path / "out"
    folder.mkdir()
    program = tmp_path / "minimax.py"
    program.write_text(f"import os\nos.rmdir({str(folder)!r})\n" + (LEARNERS / "py_not_restored.py").read_text())
    code, out, err = check(str(program), option, str(folder / "x.svg"))
    assert code == 2 and out == "" and err.startswith(f"trace: error: {option}: "), err
    assert "does not exist" in err and len(err.splitlines()) == 1
    assert not folder.exists()


@pytest.mark.parametrize("option", ["-o", "--side-by-side"])
def test_a_drawing_no_engine_can_make_is_refused_before_anything_is_written(tmp_path: Path, option: str) -> None:
    """TRACER_ENGINE=dot without Graphviz's dot: a fault of the machine, one line, exit status 1,
    found before the report or any file is written."""
    target = tmp_path / ("t.svg" if option == "-o" else "both.html")
    result = CliRunner().invoke(main, ["check", str(LEARNERS / "py_not_restored.py"), option, str(target)],
                                env={"PATH": "/nonexistent", "TRACER_ENGINE": "dot"})
    assert result.exit_code == 1 and result.stdout == "" and not target.exists()
    assert result.stderr.startswith("trace: error: ") and "'dot' program was not found" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_no_output_is_planned_without_both_searches() -> None:
    """Without the learner's search or the guide's, only the report is shown."""
    from test_check_api import swapped

    from tracer.outputs.check import CheckRequest, ReportOutput, plan_check

    found = tracer.check(swapped)
    trace, guide = found.trace(), found.guide_trace()
    request = CheckRequest(log_path="l.txt", tree_path="t.svg", side_by_side="b.html", html_path="p.html")
    for mine, theirs in ((trace, None), (None, guide), (None, None)):
        planned = plan_check("report", mine, theirs, request)
        assert [type(out) for out in planned] == [ReportOutput], (mine, theirs)
    assert [out.option for out in plan_check("report", trace, guide, request)] == \
        ["the report", "--log", "-o", "--side-by-side", "--html"]


def test_nothing_to_draw_when_no_search_was_recorded(tmp_path: Path) -> None:
    program = tmp_path / "busy.py"
    program.write_text("def minimax(board, mark):\n    return 0\n\nwhile True:\n    pass\n")
    code, out, err = check(str(program), "--timeout", "1", "-o", str(tmp_path / "t.svg"))
    assert code == 1 and "Verdict: error: the program ran past its limit" in out
    assert "no search with a board was recorded" in err and not (tmp_path / "t.svg").exists()


# ---- Jupyter ----------------------------------------------------------------------------------


def test_the_notebook_shows_the_verdict_the_departing_call_and_both_trees() -> None:
    from test_check_api import swapped

    html = tracer.check(swapped)._repr_html_()
    assert "call #6 is the first to depart" in html
    assert html.count("<svg") == 5  # the departing call's board, the two trees and their legends
    assert DEPARTS in html and "yours departs" in html
    mine, guide = html.split('<section id="guide">')
    assert "Your minimax" in mine and "The guide&#x27;s minimax" in guide


# ---- values as the learner's language writes them -----------------------------------------


@pytest.mark.parametrize(("value", "python"), [
    ({"$dict": [["index", 4], ["score", 1]]}, {"index": 4, "score": 1}),
    ({"$tuple": [1, None]}, (1, None)),
    ({"$tuple": [-1]}, (-1,)),
    ([{"$n": "-Infinity"}, "X", True], [float("-inf"), "X", True]),
])
def test_python_values_read_as_python_prints_them(value: object, python: object) -> None:
    assert written(value, "python") == repr(python)


@pytest.mark.parametrize(("value", "text"), [
    ({"index": 4, "score": 1}, "{index: 4, score: 1}"),        # as the guide writes its objects
    ({"score": {"$n": "-Infinity"}}, "{score: -Infinity}"),
    (["X", None, {"$u": 1}], '["X", null, undefined]'),
    ({"$u": 1}, "nothing"),                                     # a call that returned no value
    ({"$class": "Move", "row": 1, "col": 2}, "Move {row: 1, col: 2}"),
])
def test_javascript_values_read_as_javascript_writes_them(value: object, text: str) -> None:
    assert written(value, "javascript") == text


# ---- the mark's colour ------------------------------------------------------------------------


@pytest.mark.parametrize("vision", ["normal vision", "protanopia", "deuteranopia"])
def test_the_mark_stays_apart_from_every_other_colour_of_a_tree(vision: str) -> None:
    """The violet of a departure's frame is no outcome's, line's or box's, for red-green
    colour-blind readers too (CIE76 difference over 20: clearly different)."""
    from test_style import difference

    from tracer import style

    others = [*style.OUTCOME_BORDER.values(), *style.OUTCOME_FILL.values(), style.CHOSEN, style.PICKED_EDGE,
              style.REJECTED_EDGE, style.SUMMARY_BORDER, style.PLAYED_FILL, style.INNER_BORDER,
              style.SKIPPED_BORDER]
    assert min(difference(style.MARKED, other, vision) for other in others) > 20


def test_a_call_that_returns_a_move_alone_says_so(tmp_path: Path) -> None:
    """py_depth_loop.py's find_best_move loops over X's cells (1, 4, 8) and returns the best cell,
    4 (it wins at once), with no score: its box says what it returned, never a score of 0."""
    tree = tmp_path / "tree.dot"
    code, _, _ = check(str(LEARNERS / "py_depth_loop.py"), "-o", str(tree))
    assert code == 0
    labels = node_labels(tree.read_text(encoding="utf-8"))
    assert "returned 4" in labels[1] and "returns 0" not in labels[1]
    assert "returns -9" in labels[2]  # O then wins one move below the loop's test-play: 1 - 10


# What a saved learner's trace may hold per call (tracer.search.learner): the value the program
# returned and the error it raised as text of at most 4,000 characters (the trace reader takes
# strings of up to 4,096) or null, whether the value held a score as true or false, and the side
# its arguments named as X, O or null.
FACT_VALUES = [
    ("returned", None, True), ("returned", "r" * 4000, True), ("returned", "r" * 4001, False),
    ("returned", 5, False), ("returned", ["{'score': 1}"], False),
    ("raised", None, True), ("raised", "e" * 4000, True), ("raised", "e" * 4001, False), ("raised", False, False),
    ("scored", True, True), ("scored", False, True), ("scored", 1, False), ("scored", None, False),
    ("told", "X", True), ("told", "O", True), ("told", None, True), ("told", "x", False), ("told", 0, False),
]


@pytest.fixture(scope="module")
def saved_learner_trace(tmp_path_factory: pytest.TempPathFactory) -> dict:
    saved = tmp_path_factory.mktemp("learner") / "t.json"
    code, _, err = check(str(LEARNERS / "py_guide_port.py"), "-o", str(saved))
    assert code == 0, err
    return json.loads(saved.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("field", "value", "read"), FACT_VALUES,
                         ids=[f"{f}-{'ok' if ok else 'bad'}-{i}" for i, (f, _, ok) in enumerate(FACT_VALUES)])
def test_a_saved_learner_trace_holds_only_the_facts_a_program_gives(saved_learner_trace, field, value, read):
    import copy

    from tracer.errors import InputError
    from tracer.tracefile.loader import trace_from_dict

    doc = copy.deepcopy(saved_learner_trace)
    doc["tree"]["children"][1][field] = value  # call #5, cell 4 test-played
    if read:
        assert trace_from_dict(doc, "t.json").call(5).extra(field) == value
    else:
        with pytest.raises(InputError, match=f"call 5: expected a valid '{field}'"):
            trace_from_dict(doc, "t.json")


@pytest.mark.parametrize(("best", "read"), [(-1, True), (0, True), (1, True), (2, False), (-2, False)])
def test_a_saved_learner_call_picks_none_or_one_of_its_calls(saved_learner_trace, best, read):
    # Call #2 (cell 1 played) makes two calls, #3 and #4: its pick is one of them, or none (-1).
    import copy

    from tracer.errors import InputError
    from tracer.tracefile.loader import trace_from_dict

    doc = copy.deepcopy(saved_learner_trace)
    call = doc["tree"]["children"][0]
    assert call["call"] == 2 and len(call["children"]) == 2
    call["best"] = [c["move"] for c in call["children"]][best] if 0 <= best < 2 else None if best == -1 else best
    if read:
        trace_from_dict(doc, "t.json").check()
    else:
        with pytest.raises((InputError, AssertionError)):
            trace_from_dict(doc, "t.json").check()
