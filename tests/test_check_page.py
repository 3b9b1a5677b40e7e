"""``trace check FILE --html PAGE``: the learner's own calls on the step-through page.

The programs are the gallery's (tests/learners/) and its Python port of the guide with each
known mistake planted (test_check_mistakes.py's edits). What the page must show at the first
departure is held to what the gallery wrote down by hand for each mistake
(test_check_mistakes.ON_GUIDE_BOARD: the departing call, its board, the side to move, what it
returned and what was due; test_check_outputs.py's docstring: which calls come after it), and
to the check's own JSON report from the same run; the page's story is held, step by step, to
what Python tells of the same trace (``tests/page_steps.py``), and its steps to
``Trace.events()`` (test_page_words.expected_steps).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from checking import LEARNERS
from click.testing import CliRunner
from page_notes import KINDS
from page_steps import PageSteps
from test_check_gallery import PYTHON
from test_check_mistakes import ON_GUIDE_BOARD
from test_check_outputs import planted
from test_page_words import expected_steps, page_story
from test_viewer import Viewer

from tracer.check.running.run import CheckOptions, check_file
from tracer.cli import main

#: Where the story says the first departure happens, and where it says a step comes after it.
DEPARTS = "‼ here, the first departure from a correct search:"
AFTER = "(After the departure at call #"
ERROR = "‼ error: your program stopped in call #"

#: Which calls start after the departure (worked out by hand in test_check_outputs.py's docstring).
AFTER_CALLS = {"board-not-restored": {5, 6}, "draw-before-win": {9}, "max-min-swapped": set()}


def page_of(program: Path, tmp_path: Path, *more: str) -> tuple[int, dict[str, Any], Path, str]:
    """``trace check PROGRAM --html PAGE --format json``: exit status, the report, the page, stderr."""
    page = tmp_path / "page.html"
    result = CliRunner().invoke(main, ["check", str(program), "--html", str(page), "--format", "json", *more])
    report = json.loads(result.stdout) if result.stdout.strip() else {}
    return result.exit_code, report, page, result.stderr


def python_steps(program: Path, boards: int | None = None) -> PageSteps:
    """The page's steps as Python tells them, from a run of its own (``boards`` as --boards)."""
    return PageSteps(check_file(str(program), CheckOptions(boards=boards)).trace())


def board_shown(view: Viewer) -> str:
    """The running call's board in the call stack, as nine characters (``.`` for an empty cell)."""
    cells = view.page.locator("#stack > li:last-child .grid .cell").evaluate_all(
        "cells => cells.map(c => c.classList.contains('index') ? '.' : c.textContent)")
    return "".join(cells)


@pytest.fixture
def opened(browser: Any) -> Any:
    views: list[Viewer] = []

    def opener(page: Path, **viewport: int) -> Viewer:
        views.append(Viewer(browser, page, viewport or None).open())
        return views[-1]

    yield opener
    for view in views:
        try:
            assert view.problems == [], "the page logged problems"
            assert {url.split("#")[0] for url in view.requests} == {view.url}, "the page asked the network"
        finally:
            view.close()


# ---- every program: the page opens, tells every step as Python does, refuses nothing -------------

#: Every planted mistake and every Python program of the gallery (the runaway one, a thousand calls
#: deep, is opened at its departure below rather than walked step by step).
CASES = [*(f"planted:{m}" for m in sorted(ON_GUIDE_BOARD)),
         *(name for name in sorted(PYTHON) if name != "py_runaway.py")]


def program_for(case: str, tmp_path: Path) -> Path:
    if case.startswith("planted:"):
        return planted(tmp_path, case.removeprefix("planted:"))
    return LEARNERS / case


def status_for(case: str) -> int:
    return ON_GUIDE_BOARD[case.removeprefix("planted:")][0] if case.startswith("planted:") else PYTHON[case][0]


def boards_for(case: str) -> tuple[str, ...]:
    """A planted mistake is held to what it does on the guide's board alone (ON_GUIDE_BOARD)."""
    return ("--boards", "0") if case.startswith("planted:") else ()


@pytest.mark.parametrize("case", CASES)
def test_the_page_tells_every_step_of_the_learner_s_search_as_python_does(case: str, tmp_path: Path,
                                                                         opened: Any) -> None:
    program = program_for(case, tmp_path)
    code, report, page, err = page_of(program, tmp_path, *boards_for(case))
    assert code == status_for(case) and page.exists(), err
    assert f"trace: wrote {page} (your {report['calls']:,} calls step by step" in err
    view = opened(page)
    steps = python_steps(program, 0 if boards_for(case) else None)
    shown = page_story(view)
    assert len(shown) == len(steps) == len(expected_steps(steps.trace))
    assert [kind for _, _, kind in shown] == [f"{kind} {call}" for kind, call in expected_steps(steps.trace)]
    assert [(KINDS[s.kind], s.top.call) for s in map(steps.step, range(1, len(steps) + 1))] == \
        expected_steps(steps.trace)
    for n, (text, markup, _kind) in enumerate(shown, start=1):
        assert text == steps.narration(n), (n, text)
        assert set(re.findall(r"</?([a-z]+)", markup)) <= {"b", "code"}, markup
    # The verdict as call #1 ends, as the report gives it; the departure told once, if there is one.
    assert f"Verdict: {report['verdict']}" in shown[-1][0]
    assert sum(DEPARTS in text for text, _, _ in shown) == (report["first_wrong"] is not None)
    # No quiz (its questions are the guide's), and a line says why; no code highlighted, and a line says why.
    assert view.page.locator("#quiz-toggle").count() == 0
    assert "no quiz on this page" in view.text("#heading")
    assert "tracer recorded its calls, not its lines" in view.text("#code-panel")
    assert view.page.locator("#code-panel li.running").count() == 0


# ---- the departure, held to what the gallery wrote down ---------------------------------------------

DEPARTING = sorted(m for m, (_, expected) in ON_GUIDE_BOARD.items() if expected.get("first_wrong"))


def story_at(view: Viewer, step: int) -> tuple[str, str, int]:
    view.page.evaluate(f"tracerViewer.go({step})")
    _, kind, call = view.now()
    return view.text("#narration"), kind, call


@pytest.mark.parametrize("mistake", DEPARTING)
def test_the_departure_step_shows_the_call_the_gallery_wrote_down(mistake: str, tmp_path: Path,
                                                                 opened: Any) -> None:
    written = ON_GUIDE_BOARD[mistake][1]["first_wrong"]
    code, report, page, _ = page_of(planted(tmp_path, mistake), tmp_path)
    wrong = report["first_wrong"]
    assert code == 1 and wrong["call"] == written["call"] and wrong["board"] == written["board"]
    view = opened(page)
    shown = page_story(view)
    departs = [n for n, (text, _, _) in enumerate(shown, start=1) if DEPARTS in text]
    assert len(departs) == 1
    text, kind, call = story_at(view, departs[0])
    # The departing call, its board (drawn from its own row) and who moves, as written down.
    assert call == written["call"] and board_shown(view) == written["board"]
    assert f"{written['to_move']} to move on" in view.text("#stack > li:last-child .head")
    # What it returned and what was due, as Python writes the values (the port is Python): the
    # gallery's values where it wrote them down, the report's otherwise.
    returned = written.get("returned", wrong["returned"])
    assert f"It returned {returned!r}; " in text
    due = written.get("expected", wrong["expected"])
    if due == returned:  # never a pair that reads the same: what departs is said instead
        assert text.count("expected: the same value, but ") == 1 and f"expected: {due!r}." not in text
    else:
        assert text.count("expected: no such call" if due is None else f"expected: {due!r}.") == 1
    # Its card framed and tagged as the tree tags it; every later step says it comes after.
    assert view.page.locator(f".card.departs[data-call='{call}']").count() == 1
    assert "‼ departs" in view.text(f".card.departs[data-call='{call}']")
    assert all(AFTER in t for t, _, _ in shown[departs[0]:]) and not any(AFTER in t for t, _, _ in shown[:departs[0]])


@pytest.mark.parametrize(("mistake", "when"), [("board-not-restored", "begin"), ("same-mark-recursion", "begin"),
                                               ("max-min-swapped", "return"), ("human-win-unchecked", "begin"),
                                               ("draw-before-win", "check"), ("returns-last", "return")])
def test_the_departure_is_told_where_it_happens(mistake: str, when: str, tmp_path: Path) -> None:
    """Where the log marks it: as the call starts (made on a board it should not have been given,
    told the wrong side, or on a board already won, where a correct search returns at once), as it
    returns (after its own calls: a wrong pick, a missing cell), or at its check when it
    test-played nothing (a finished board scored wrongly). test_check_outputs.py's docstring and
    test_check_mistakes.ON_GUIDE_BOARD work these out by hand."""
    steps = python_steps(planted(tmp_path, mistake))
    told = [(n, steps.step(n)) for n in range(1, len(steps) + 1) if DEPARTS in steps.narration(n)]
    assert len(told) == 1
    n, step = told[0]
    assert KINDS[step.kind] == when and step.top.call == ON_GUIDE_BOARD[mistake][1]["first_wrong"]["call"]


@pytest.mark.parametrize("mistake", sorted(AFTER_CALLS))
def test_the_calls_after_the_departure_are_framed_as_the_tree_frames_them(mistake: str, tmp_path: Path,
                                                                        opened: Any) -> None:
    code, report, page, _ = page_of(planted(tmp_path, mistake), tmp_path)
    view = opened(page)
    departs, after = set(), set()
    for call in range(1, report["calls"] + 1):
        view.page.evaluate(f"tracerViewer.go(tracerViewer.beginOf({call}))")
        running = view.page.locator(f".card.current[data-call='{call}']")
        classes = running.get_attribute("class") or ""
        departs |= {call} if "departs" in classes else set()
        after |= {call} if " after" in classes else set()
    assert departs == {report["first_wrong"]["call"]} and after == AFTER_CALLS[mistake]


def test_playing_pauses_at_the_departure(tmp_path: Path, opened: Any) -> None:
    """max-min-swapped departs as #6 returns; played from the first step, the replay stops there."""
    _, _, page, _ = page_of(planted(tmp_path, "max-min-swapped"), tmp_path)
    view = opened(page)
    view.page.evaluate("tracerViewer.go(1)")
    view.page.select_option("#speed", "1000")
    view.page.click("#play")
    view.wait_until("() => !document.getElementById('play').classList.contains('playing')")
    _, kind, call = view.now()
    assert (kind, call) == ("return", 6) and DEPARTS in view.text("#narration")
    assert view.now()[0] < view.total()


# ---- an error mid-search, and a runaway one ----------------------------------------------------

def test_an_error_mid_search_is_marked_where_its_call_ends(tmp_path: Path, opened: Any) -> None:
    """py_crash.py: #2 (O to move on XXO/X.X/OO.) test-plays both cells, then reads past its list
    of two (test_check_gallery.py): the error told as #2 ends; call #1, still running, ends with it."""
    code, report, page, _ = page_of(LEARNERS / "py_crash.py", tmp_path)
    assert code == 1 and report["verdict"] == "error" and report["error"]["call"] == 2
    view = opened(page)
    shown = page_story(view)
    told = [n for n, (text, _, _) in enumerate(shown, start=1) if ERROR in text]
    assert len(told) == 1
    text, kind, call = story_at(view, told[0])
    assert (kind, call) == ("return", 2) and board_shown(view) == "XXOX.XOO."
    assert "IndexError: list index out of range" in text and "at line 25" in text
    # After it, call #1 did not go on (Python unwound it): its steps say only that, no score of its own.
    after = [t for t, _, _ in shown[told[0]:]]
    assert after and all(t.startswith("After the error in call #2, call #1 does not go on") for t in after)
    assert not any("scores" in t for t in after)
    # #2's card says it raised, never a score it did not return.
    view.page.evaluate("tracerViewer.go(tracerViewer.total)")
    assert "raised an error" in view.text(".card[data-call='2'] .foot")
    # ... and call #1's stack frame lists #2's test-play as raised, not as a score of 0.
    stack = view.text("#stack")
    assert "cell 1: raised an error" in stack and "cell 1: 0" not in stack


def test_a_runaway_search_opens_at_its_departure(tmp_path: Path, opened: Any) -> None:
    """py_runaway.py recurses on #1's board unchanged until Python stops it: #2 departs as it
    starts, on the guide's board, and the page still opens with over a thousand calls."""
    code, report, page, err = page_of(LEARNERS / "py_runaway.py", tmp_path)
    assert code == 1 and report["verdict"] == "error" and report["first_wrong"]["call"] == 2, err
    view = opened(page)
    begin = view.page.evaluate("tracerViewer.beginOf(2)")
    text, kind, call = story_at(view, begin)
    assert (kind, call) == ("begin", 2) and DEPARTS in text and board_shown(view) == "X.OX.XOO."
    assert view.total() > 3000


@pytest.mark.node
def test_a_javascript_crash_on_the_page(tmp_path: Path, opened: Any) -> None:
    """js_crash.js: the gallery's JavaScript crash, told in JavaScript's words on the page."""
    code, report, page, err = page_of(LEARNERS / "js_crash.js", tmp_path)
    assert code == 1 and report["verdict"] == "error" and page.exists(), err
    view = opened(page)
    shown = page_story(view)
    assert sum(ERROR in text for text, _, _ in shown) == 1
    assert report["error"]["type"] in " ".join(text for text, _, _ in shown)


# ---- what the learner's program writes stays text ---------------------------------------------

HOSTILE = "</script><script>window.pwned = 1</script><b>bold</b>"


def test_a_program_s_own_text_shows_as_text(tmp_path: Path, opened: Any) -> None:
    source = (LEARNERS / "py_guide_port.py").read_text(encoding="utf-8")
    program = tmp_path / "hostile.py"
    program.write_text(source.replace('return {"score": -1}', f'return {{"score": -1, "note": {HOSTILE!r}}}')
                       .replace("best_play_info = minimax", f"print({HOSTILE!r})\nbest_play_info = minimax"),
                       encoding="utf-8")
    code, _, page, err = page_of(program, tmp_path)
    assert code in (0, 1) and page.exists(), err
    html = page.read_text(encoding="utf-8")
    assert "<script>window.pwned" not in html
    view = opened(page)
    shown = page_story(view)
    assert any(HOSTILE in text for text, _, _ in shown)
    assert view.page.evaluate("typeof window.pwned") == "undefined"
    for _, markup, _ in shown:
        assert set(re.findall(r"</?([a-z]+)", markup)) <= {"b", "code"}
        assert "<b>bold</b>" not in markup


# ---- what is refused, and when --------------------------------------------------------------

def test_the_page_on_standard_output_is_refused_before_the_program_runs(tmp_path: Path) -> None:
    program = tmp_path / "minimax.py"
    ran = tmp_path / "ran"
    program.write_text(f"open({str(ran)!r}, 'w').close()\n" + (LEARNERS / "py_not_restored.py").read_text())
    result = CliRunner().invoke(main, ["check", str(program), "--html", "-"])
    assert result.exit_code == 2 and result.stdout == "" and not ran.exists()
    assert result.stderr == "trace: error: --html: standard output holds the report: give a file name\n"


def test_no_page_when_no_search_was_recorded(tmp_path: Path) -> None:
    program = tmp_path / "busy.py"
    program.write_text("def minimax(board, mark):\n    return 0\n\nwhile True:\n    pass\n")
    result = CliRunner().invoke(main, ["check", str(program), "--timeout", "1", "--html", str(tmp_path / "p.html")])
    assert result.exit_code == 1 and "no search with a board was recorded" in result.stderr
    assert not (tmp_path / "p.html").exists()


def test_the_page_opens_at_call_1_even_where_the_trees_are_drawn_from_the_departure_s_caller(
        tmp_path: Path) -> None:
    """The gallery's late win check on X...O....: its 13,700 calls are too many to draw whole,
    so the trees are drawn from the departing call's caller; the page still opens at call #1,
    for the learner to step through their recursion down to the departure."""
    program = tmp_path / "minimax.py"
    program.write_text(re.sub(r"(?m)^board = .*$", 'board = ["X", " ", " ", " ", "O", " ", " ", " ", " "]',
                              (LEARNERS / "py_late_win_check.py").read_text()))
    code, report, page, err = page_of(program, tmp_path)
    assert code == 1 and report["verdict"] == "wrong" and report["first_wrong"]["call"] > 1, err
    assert '"start_call":1,' in page.read_text(encoding="utf-8")
