"""The empty board at full scale: its facts, summaries, collapsed drawings, bounded cost."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import pytest

import tracer
from tracer.renderers.stats import render_stats
from tracer.renderers.tree import COLLAPSED_WIDTH, DEFAULT_MAX_NODES, game_tree, plan_tree

PEAK = """
for line in open("/proc/self/status"):
    if line.startswith("VmHWM:"):
        print(int(line.split()[1]))
"""


def run_measured(code: str) -> tuple[str, float]:
    """Run Python ``code`` in a fresh process; return its stdout and peak RSS in MiB.

    The child reads its own high-water mark (VmHWM): rusage's maxrss would include
    the memory of this pytest process, inherited across fork and exec.
    """
    result = subprocess.run([sys.executable, "-c", code + PEAK], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    *lines, peak_kib = result.stdout.splitlines()
    return "\n".join(lines), int(peak_kib) / 1024


STREAM = """
import io, tracer
from tracer.{module} import {writer}

class Sink(io.TextIOBase):
    # Keeps nothing: counts characters and the entries that open a call.
    chars = entries = 0
    tail = ""
    def write(self, text):
        self.chars += len(text)
        joined = self.tail + text
        self.entries += joined.count({marker!r}) - self.tail.count({marker!r})
        self.tail = joined[-40:]
        return len(text)

sink = Sink()
{writer}(tracer.record(tracer.Board.empty(), "X"), sink)
print(sink.entries, sink.chars)
"""


def test_empty_board_stats(empty_trace):
    stats = empty_trace.stats()
    assert stats.calls == 549_946
    assert stats.terminal == {"X": 131_184, "O": 77_904, "draw": 46_080}
    assert stats.terminal_calls == 255_168
    assert stats.positions == 5_478
    assert sum(stats.calls_per_depth) == stats.calls
    assert stats.calls_per_depth[:4] == [1, 9, 72, 504]
    # The most searched position is met once per ordering of the moves leading to it.
    board = empty_trace.game.board_of(stats.most_repeated_state)
    xs, os_ = board.count("X"), board.count("O")
    from math import factorial

    assert stats.most_repeated_count == factorial(xs) * factorial(os_)
    assert empty_trace.result == tracer.Result(0, 0)


def test_stats_text_names_every_figure(empty_trace):
    text = render_stats(empty_trace)
    for figure in ("549,946", "131,184", "77,904", "46,080", "5,478", "255,168"):
        assert figure in text
    assert "root test-plays      0 → 0, 1 → 0" in text
    assert "{index: 0, score: 0}" in text


def test_multiplicity_matches_a_full_walk():
    # On a board small enough to walk call by call, count positions the slow way.
    trace = tracer.record(tracer.Board("X...O...."), "X")
    seen: dict[int, int] = {}
    for kind, _call, pid, _depth, _move in trace.events():
        if kind == 0:
            seen[pid] = seen.get(pid, 0) + 1
    assert trace.multiplicity() == [seen[pid] for pid in range(len(trace.positions))]


def test_every_call_is_addressable_and_walks_in_order(empty_trace):
    # Spot-check call lookup against the walk at both ends and in the middle.
    wanted = {1, 2, 59_706, 59_707, 274_973, 549_945, 549_946}
    found = {}
    for kind, call, pid, depth, move in empty_trace.events():
        if kind == 0 and call in wanted:
            found[call] = (pid, depth, move)
    for call, (pid, depth, move) in found.items():
        node = empty_trace.call(call)
        assert (node.pid, node.depth, -1 if node.move is None else node.move) == (pid, depth, move)
    assert len(found) == len(wanted)


def test_default_drawing_of_the_empty_board_is_collapsed(empty_trace):
    plan = plan_tree(empty_trace)
    assert len(plan.nodes) == 10  # the root and one summary per first move
    assert [c.call for c in plan.collapsed] == [2, 59_707, 123_612, 183_317, 247_222,
                                                302_727, 366_632, 426_337, 490_242]
    assert plan.hidden_calls == 549_946 - 10
    source = game_tree(empty_trace, plan).source
    assert "59,705 calls collapsed</FONT>" in source and "#2 – #59706</FONT>" in source
    assert "9 subtrees (549,936 calls) collapsed" in source
    assert source.count("->") == 9


def test_collapsed_depth_respects_width_and_budget():
    trace = tracer.record(tracer.Board("X........"), "O")  # 59,705 calls: too many to draw
    plan = plan_tree(trace)
    per_depth = trace.calls_by_depth()
    assert plan.depth is not None
    assert per_depth[plan.depth] <= COLLAPSED_WIDTH < per_depth[plan.depth + 1]
    assert len(plan.nodes) <= DEFAULT_MAX_NODES


def test_whole_tree_drawn_up_to_the_limit():
    trace = tracer.record(tracer.Board("X..O.X..."), "O")  # six empty cells: 1,585 calls
    plan = plan_tree(trace)
    assert trace.calls == 1_585 and len(plan.nodes) == 1_585 and not plan.collapsed


def test_focus_draws_the_path_and_the_subtree(empty_trace):
    plan = plan_tree(empty_trace, focus=24_128)
    assert [c.call for c in plan.path] == [1, 2, 24_051, 24_052, 24_053]
    assert plan.top.call == 24_128
    assert {c.call for c, _ in plan.nodes} == set(range(24_128, 24_128 + plan.top.size))
    source = game_tree(empty_trace, plan).source
    assert source.count("style=dashed") == 5  # the path down to the focused call
    assert f"n{24_128 + plan.top.size}" not in source


def test_line_shows_the_chosen_line_with_siblings(empty_trace):
    plan = plan_tree(empty_trace, line=True)
    line = [c for c, folded in plan.nodes if c.call in _chosen(empty_trace)]
    assert [c.call for c in line] == sorted(_chosen(empty_trace))
    assert line[-1].terminal == "draw"
    # Every call on the line shows all its children, alternatives collapsed.
    drawn = {c.call for c, _ in plan.nodes}
    for call in line[:-1]:
        assert {child.call for child in call.children()} <= drawn
    assert all(c.terminal is None for c in plan.collapsed)


def _chosen(trace: tracer.Trace) -> set[int]:
    node, calls = trace.root, {1}
    while node.terminal is None:
        node = node.children()[node.best_index or 0]
        calls.add(node.call)
    return calls


def test_impossible_drawings_are_refused_at_once(cli):
    start = time.perf_counter()
    result = cli("--example", "empty-board", "--depth", "9", "-q")
    assert result.exit_code == 2
    assert "--max-nodes" in result.output and "--depth" in result.output
    assert time.perf_counter() - start < 5  # refused, not attempted
    assert not os.listdir(".")
    result = cli("--example", "empty-board", "--max-nodes", "50000", "-q")
    assert result.exit_code == 2 and "between 1 and 2000" in result.output and "--depth N" in result.output


@pytest.mark.slow  # the empty board's whole log
def test_full_log_streams_every_entry_in_bounded_memory():
    out, rss = run_measured(STREAM.format(module="renderers.log", writer="write_log", marker="#"))
    entries, chars = map(int, out.split())
    # One "#N" header per call, plus the "#N" the log's opening lines explain; ~330 MB of text.
    assert entries == 549_946 + 1
    assert chars > 150_000_000
    assert rss < 150  # MiB: generous, the real figure is in benchmarks/RESULTS.md


@pytest.mark.slow  # the empty board's whole JSON trace
def test_json_streams_in_bounded_memory():
    out, rss = run_measured(STREAM.format(module="tracefile", writer="write_json",
                                          marker='{"call":'))
    entries, chars = map(int, out.split())
    assert entries == 549_946
    assert chars > 50_000_000
    assert rss < 150


def test_whole_process_stays_small():
    # A coarse guard against regressions; the real figures are in benchmarks/RESULTS.md.
    code = "import tracer; t = tracer.record(tracer.Board.empty(), 'X'); print(t.stats().calls)"
    start = time.perf_counter()
    out, rss = run_measured(code)
    assert out.strip() == "549946"
    assert time.perf_counter() - start < 20
    assert rss < 100  # MiB


@pytest.mark.parametrize(("board", "empty"), [("XOX.O..X.", 4), ("....OOXX.", 5), ("XOX.O....", 5),
                                              ("X...O..X.", 6)])
@pytest.mark.slow  # thousands of boards laid out
def test_a_mid_size_tree_fits_a_screen_by_default_and_says_how_to_get_it_whole(cli, tmp_path, board, empty):
    (tmp_path / "b.txt").write_text(board + "\n")
    assert (tmp_path / "b.txt").read_text().count(".") == empty
    result = cli("b.txt", "-o", "t.svg")
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "t.svg").read_text(encoding="utf-8")
    width = float(re.search(r'<svg width="([0-9.]+)pt"', svg).group(1)) * 96 / 72
    assert width <= 1920, f"{width:.0f} px wide"
    wrote = result.stderr.strip().splitlines()[-1]
    drawn, calls = (int(n.replace(",", "")) for n in re.search(r"([0-9,]+) of ([0-9,]+) calls drawn", wrote).groups())
    if drawn < calls:  # drawn in part: the line says how to draw the rest
        assert f"the whole tree: --max-nodes {calls:,}" in wrote and "collapsed" in wrote
        whole = cli("b.txt", "-o", "w.svg", "--max-nodes", str(calls))
        assert f"({calls:,} of {calls:,} calls drawn)" in whole.stderr


@pytest.mark.parametrize("board", ["....OOXX.", "XOX.O....", "X...O..X."])
def test_a_mid_size_boards_figures_fit_a_screen_by_default(cli, tmp_path, board):
    # The figures follow the tree's rule: unasked, no level wider than a screen (1,920 px).
    (tmp_path / "b.txt").write_text(board + "\n")
    result = cli("b.txt", "--figures", "figs", "--no-tree", "-q")
    assert result.exit_code == 0, result.output
    plays = sorted((tmp_path / "figs").glob("test-play-*.svg"))
    assert len(plays) == board.count(".")
    for path in [*plays, tmp_path / "figs" / "overview.svg"]:
        svg = path.read_text(encoding="utf-8")
        width = float(re.search(r'<svg width="([0-9.]+)pt"', svg).group(1)) * 96 / 72
        assert width <= 1920, f"{path.name}: {width:.0f} px wide"
