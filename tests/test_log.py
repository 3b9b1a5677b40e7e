"""The recursion log: expected-output files for small positions, and its structure."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from positions import POSITIONS, trace_of

import tracer
from tracer.renderers.log import render_log, write_log

#: The guide's board, typed by hand from the guide's steps 7-25 (never written by the code).
GUIDE_BOARD_LOG = ROOT / "tests" / "expected" / "guide-board.log"


def test_guide_board_log_is_the_guide_step_for_step(tutorial_trace):
    assert render_log(tutorial_trace) == GUIDE_BOARD_LOG.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(set(POSITIONS) - {"tutorial"}))
def test_log_matches_the_expected_file(name, golden):
    golden(f"{name}.log", render_log(trace_of(name)))


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_log_has_one_entry_per_call_in_call_order_indented_by_depth(name):
    trace = trace_of(name)
    log = render_log(trace)
    entries = re.findall(r"^( *)#(\d+) step (7|11) ", log, re.M)
    assert [int(number) for _pad, number, _step in entries] == list(range(1, trace.calls + 1))
    for (pad, number, step), call in zip(entries, trace, strict=True):
        assert int(number) == call.call
        assert len(pad) == 3 * call.depth
        assert step == ("7" if call.call == 1 else "11")
    # Step 8 and step 9 once per call; steps 10 and 14-17 once per inner call; step 12 per
    # test-play, step 13 per test-play but the last of each loop; 24 and 25 once.
    assert log.count("step 8 ") == trace.calls
    assert log.count("step 9 ") == trace.calls
    inner = [c for c in trace if c.terminal is None]
    for step in (10, 14, 15, 16, 17):
        assert log.count(f"step {step} ") == len(inner)
    assert log.count("step 12 ") == trace.calls - 1
    assert log.count("step 13 ") == trace.calls - 1 - len(inner)
    assert re.findall(r"^step (24|25) ", log, re.M) == ["24", "25"]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_all_test_play_infos_grow_by_one_per_test_play(name):
    trace = trace_of(name)
    pushed_so_far: dict[int, int] = {}
    saves = 0
    for line in render_log(trace).splitlines():
        found = re.match(r"( *)step (10|12|16) +(.*)", line)
        if not found:
            continue
        pad, step, text = len(found[1]), found[2], found[3]
        if step == "10":
            assert text.startswith("allTestPlayInfos = []; ")
            pushed_so_far[pad] = 0
        elif step == "12":
            saves += 1
            pushed_so_far[pad] += 1
            infos = re.fullmatch(r"saved (\{[^}]*\}); cell \d reset; allTestPlayInfos = \[(.*)\]",
                                 text)
            assert infos, line
            assert infos[2].endswith(infos[1])
            assert infos[2].count("{") == pushed_so_far[pad]
        else:
            scores = re.search(r"(max|min)\(([^)]*)\)", text)[2]
            assert len(scores.split(", ")) == pushed_so_far.pop(pad)
    assert saves == trace.calls - 1


def test_tutorial_log_narrates_the_walk(tutorial_trace):
    log = render_log(tutorial_trace)
    lines = log.splitlines()
    assert lines[0].startswith("Minimax trace of X.O/X.X/OO. with X to move")
    assert ('#1 step 7   first call: bestPlayInfo = minimax(["X", 1, "O", "X", 4, "X", "O", '
            '"O", 8], "X")') in lines
    assert "   #5 step 11  X on cell 4 (centre) -> O to move on X.O/XXX/OO." in lines
    won = "      step 9   X (the AI) has three in a row (cells 3, 4, 5): return {score: 1}"
    assert won in lines
    assert ("   step 16  X is the AI, so max(-1, +1, -1) = +1: bestTestPlay = 1 "
            "(cell 4, the highest)") in lines
    assert "   step 17  return allTestPlayInfos[1] = {index: 4, score: 1}" in lines
    assert "step 24  bestPlayInfo = {index: 4, score: 1}" in lines
    assert lines[-2] == "Result: {index: 4, score: 1} after 9 calls."
    assert lines[-1] == "X plays cell 4 (centre) and wins at once: score +1"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("x-won",
         "The game is already over: X (the AI) has three in a row (cells 0, 1, 2). Score +1."),
        ("draw", "The game is already over: no empty cell and no three in a row: a draw. Score 0."),
        ("o-to-move",
         "O plays cell 6 (bottom-left) and draws: score 0 (from X's point of view: X is the AI)"),
        ("ai-o", "X plays cell 4 (centre) and wins at once: score -1 (from O's point of view: O is the AI)"),
    ],
)
def test_final_line_in_words(name, words):
    assert render_log(trace_of(name)).splitlines()[-1] == words


def test_ai_o_log_takes_min_for_x():
    log = render_log(trace_of("ai-o"))
    assert "O is the AI (maximiser), X the human (minimiser)" in log
    assert ("step 16  X is the human, so min(+1, -1, +1) = -1: bestTestPlay = 1 "
            "(cell 4, the lowest)") in log


def test_log_is_deterministic():
    assert render_log(trace_of("tutorial")) == render_log(trace_of("tutorial"))


class Counter:
    """A text sink that keeps only counts, for the empty board's 200 MB log."""

    def __init__(self) -> None:
        self.entries = 0
        self.tail = ""
        self.progress: list[int] = []

    def write(self, text: str) -> int:
        self.entries += text.count(" step 11  ") + text.count(" step 7   ")
        self.tail = (self.tail + text)[-200:]
        return len(text)


@pytest.mark.slow  # the empty board's whole log
def test_empty_board_log_streams_every_call(empty_trace):
    sink = Counter()
    write_log(empty_trace, sink, progress=sink.progress.append)  # type: ignore[arg-type]
    assert sink.entries == 549_946
    assert sink.tail.endswith("after 549,946 calls.\nX plays cell 0 (top-left) and draws: score 0\n")
    assert sink.progress[-1] == 549_946
    assert sink.progress == sorted(sink.progress) and len(sink.progress) > 2


# ---- the log on the terminal: summarised above the documented limit, printed before any drawing

class Terminal:
    """A standard stream that says it is a terminal, keeping what it is sent."""

    encoding = "utf-8"

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def fan_trace(calls: int):
    """A tree of a root and ``calls - 1`` leaves: minimax makes exactly ``calls`` calls on it."""
    from tracer.games.tree.game import GameTree
    from tracer.games.tree.notation import TreeNodes
    from tracer.search import SearchSpec

    leaves = calls - 1
    nodes = TreeNodes(["root", *(str(i) for i in range(1, leaves + 1))], [list(range(1, leaves + 1))]
                      + [[] for _ in range(leaves)], [None, *(i % 7 for i in range(leaves))],
                      [-1] + [0] * leaves, [0] + [1] * leaves, [False] * (leaves + 1))
    return SearchSpec("minimax").run(GameTree(nodes, "MAX", "fan"))


@pytest.mark.parametrize("calls", [20_000, 20_001])
def test_on_a_terminal_a_log_over_20000_calls_is_the_summary_and_one_line(calls, monkeypatch):
    """docs/log.md: "On a terminal, a log of more than 20,000 calls is not poured out: you get the
    summary (as with --stats) and one line saying how to get the whole log"."""
    from tracer.outputs.base import Request
    from tracer.outputs.log import StatsOutput, TerminalLogOutput

    trace = fan_trace(calls)
    assert trace.calls == calls
    summary = Terminal()
    monkeypatch.setattr("sys.stdout", summary)
    stats = StatsOutput(trace, Request(stats=True))
    stats.render()
    stats.write()
    out, err = Terminal(), Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    TerminalLogOutput(trace, Request()).write()
    if calls <= 20_000:  # a log of thousands of lines: cut after 200 (the tests below)
        assert out.text == "".join(render_log(trace).splitlines(keepends=True)[:200])
        assert err.text.startswith("trace: the log is cut after 200 lines")
        return
    assert out.text == summary.text
    assert err.text.startswith(f"trace: the full log has {calls:,} calls, too many for a terminal")
    assert err.text.count("\n") == 1 and "--log PATH" in err.text


@pytest.mark.parametrize("summary", [False, True], ids=["the log", "--stats"])
def test_the_terminal_output_comes_out_before_a_drawing_that_fails(summary, cli, tmp_path):
    """docs/design.md: the log (or the summary, --stats) goes to the terminal before anything is
    drawn, so a drawing that fails never hides it. 1,200 leaves side by side make a PNG far over
    its size limit."""
    from tracer.games.tree.game import GameTree
    from tracer.search import SearchSpec

    text = "[" + ", ".join(str(i % 7) for i in range(1200)) + "]\n"
    (tmp_path / "wide.txt").write_text(text)
    stats = ["--stats"] if summary else []
    result = cli("wide.txt", *stats, "--engine", "pure", "--max-nodes", "2000", "-o", "wide.png")
    assert result.exit_code == 2 and result.stderr.startswith("trace: error: the PNG would be ")
    assert len(result.stderr.splitlines()) == 1 and not (tmp_path / "wide.png").exists()
    if not summary:
        assert result.stdout == render_log(SearchSpec("minimax").run(GameTree.parse(text, "MAX", "wide.txt")))
        return
    alone = cli("wide.txt", "--stats")
    assert alone.exit_code == 0 and alone.stderr == ""
    assert result.stdout == alone.stdout and "\ncalls                1,201\n" in alone.stdout
    # Its last line ended, and no blank line after it.
    assert alone.stdout.endswith("\n") and not alone.stdout.endswith("\n\n")


@pytest.mark.parametrize("log", [[], ["--log", "-"]], ids=["the terminal's log", "--log -"])
def test_the_log_on_standard_output_comes_before_the_lines_after_it(log, tmp_path):
    """Standard output and standard error sent to one pipe (``trace … 2>&1 | less``) read in the
    order things happened: the whole log, then the line saying which file was written. Run as a
    program with Python's usual buffering: a pipe's output waits in a buffer unless flushed."""
    import os
    import subprocess
    import sys

    (tmp_path / "board.txt").write_text("X . O\nX . X\nO O .\n")
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    done = subprocess.run([sys.executable, "-m", "tracer", "board.txt", *log, "-o", "t.json"], cwd=tmp_path,
                          env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=120)
    assert done.returncode == 0, done.stdout
    log_text = render_log(trace_of("tutorial"))
    assert done.stdout == log_text + "trace: wrote t.json (9 calls)\n"


def _terminal_log(trace, monkeypatch, **request) -> tuple[str, str]:
    """What the log output prints on a terminal: (standard output, standard error)."""
    from tracer.outputs.base import Request
    from tracer.outputs.log import TerminalLogOutput

    out, err = Terminal(), Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    TerminalLogOutput(trace, Request(**request)).write()
    return out.text, err.text


def test_on_a_terminal_a_long_log_is_cut_with_one_line_saying_what_is_left_out(monkeypatch):
    """Two marks on the board: 7,332 calls, 52,139 lines. A terminal gets the first 200 lines and
    one line naming the call it stopped in, how many calls follow and how to see them all."""
    trace = tracer.record(tracer.Board("X../.O./..."), "X")
    whole = render_log(trace)
    assert (trace.calls, len(whole.splitlines())) == (7_332, 52_139)
    out, err = _terminal_log(trace, monkeypatch)
    first = whole.splitlines(keepends=True)[:200]
    assert out == "".join(first)
    # The last call begun in those lines, read here from the lines themselves.
    last = max(int(m.group(1)) for line in first if (m := re.match(r"\s*#(\d+) ", line)))
    assert err == (f"trace: the log is cut after 200 lines, in call #{last}: {7_332 - last:,} more of its "
                   "7,332 calls are not shown; --log PATH writes it all, or pipe it (trace ... | less), "
                   "or --full-log prints it here\n")


def test_full_log_prints_the_whole_log_on_a_terminal(monkeypatch):
    trace = tracer.record(tracer.Board("X../.O./..."), "X")
    out, err = _terminal_log(trace, monkeypatch, full_log=True)
    assert out == render_log(trace) and err == ""


def test_a_log_of_at_most_200_lines_is_whole_on_a_terminal(monkeypatch):
    trace = tracer.record(tracer.Board("X.OX.XOO."), "X")  # the guide's board: 84 lines
    out, err = _terminal_log(trace, monkeypatch)
    assert out == render_log(trace) and len(out.splitlines()) == 84 and err == ""


@pytest.mark.parametrize("asked", [[], ["-o", "t.svg"], ["--format", "dot"]], ids=["alone", "-o", "--format"])
def test_stats_says_on_a_terminal_that_it_wrote_no_tree(asked, monkeypatch, tmp_path):
    from tracer.outputs.base import Request
    from tracer.outputs.log import StatsOutput

    monkeypatch.chdir(tmp_path)
    out, err = Terminal(), Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    request = Request(stats=True, output=(asked[1] if asked[:1] == ["-o"] else None),
                      fmt=(asked[1] if asked[:1] == ["--format"] else None))
    stats = StatsOutput(tracer.record(tracer.Board("X.OX.XOO."), "X"), request)
    stats.render()
    stats.write()
    note = "trace: --stats writes no tree file (-o PATH or --format FORMAT writes one)\n"
    assert out.text.startswith("board ") and err.text == ("" if asked else note)
