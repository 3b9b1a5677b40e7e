"""Nim, the third game: its rules against the closed form, its files, and every output on it.

Expected values come from outside tracer: who wins a Nim position has a closed form
(normal play: the mover wins exactly when the heaps' XOR is not 0; misère: the same,
except when every heap is at most 1, where the mover wins exactly when the number of
heaps of one object is even), and call counts come from the plain minimax, memoised
minimax and alpha-beta written below over lists of heap sizes.
"""

from __future__ import annotations

import io
import itertools
import json
import re
import subprocess
import sys
from functools import reduce
from operator import xor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer import games, search
from tracer.errors import InputError
from tracer.games.nim.game import ALL_FIRST, MAX_CALLS, Nim, game_tree_calls
from tracer.games.nim.notation import parse_heaps

SEARCHES = [["--algorithm", "minimax"], ["--algorithm", "alphabeta"], ["--algorithm", "memo"],
            ["--algorithm", "alphabeta", "--cutoff", "gt"]]

# ---- the closed form and a plain reference ------------------------------------------------


def mover_wins(heaps: tuple[int, ...], misere: bool) -> bool:
    """Bouton's theorem, and its misère exception."""
    if misere and all(h <= 1 for h in heaps):
        return sum(heaps) % 2 == 0
    return reduce(xor, heaps, 0) != 0


def moves_of(heaps: list[int], all_first: bool = False) -> list[tuple[int, int]]:
    """(heap from 0, take) in the loop's order: heap by heap, 1 first (or the whole heap first)."""
    return [(i, k) for i, h in enumerate(heaps)
            for k in (range(h, 0, -1) if all_first else range(1, h + 1))]


def reference(heaps: list[int], misere: bool, ai: bool = True, counter: list[int] | None = None) -> int:
    """The guide's minimax over heap sizes, counting its calls: the score for the AI."""
    if counter is not None:
        counter[0] += 1
    if not any(heaps):
        ai_took_last = not ai
        return 1 if ai_took_last != misere else -1
    scores = []
    for i, k in moves_of(heaps):
        heaps[i] -= k
        scores.append(reference(heaps, misere, not ai, counter))
        heaps[i] += k
    return max(scores) if ai else min(scores)


def reference_alphabeta(heaps: list[int], ai: bool, alpha: float, beta: float, counter: list[int],
                        all_first: bool, ge: bool) -> float:
    """Textbook alpha-beta (normal play) over heap sizes, counting its calls."""
    counter[0] += 1
    if not any(heaps):
        return -1 if ai else 1
    best = -2 if ai else 2
    for i, k in moves_of(heaps, all_first):
        heaps[i] -= k
        score = reference_alphabeta(heaps, not ai, alpha, beta, counter, all_first, ge)
        heaps[i] += k
        best = max(best, score) if ai else min(best, score)
        stop = (best >= beta if ge else best > beta) if ai else (best <= alpha if ge else best < alpha)
        if stop:
            break
        if ai:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
    return best


def reference_memo_calls(heaps: tuple[int, ...]) -> int:
    """Memoised minimax's calls: one per call made, a position's moves searched only the first
    time it is met (a position: the heaps, who moves and how many moves led there, the cache's key)."""
    seen: set[tuple[tuple[int, ...], int]] = set()

    def visit(position: tuple[int, ...], depth: int) -> int:
        if (position, depth) in seen:
            return 1
        seen.add((position, depth))
        return 1 + sum(visit(position[:i] + (position[i] - k,) + position[i + 1:], depth + 1)
                       for i, k in moves_of(list(position)))

    return visit(heaps, 0)


def positions(most_heaps: int, largest: int) -> list[tuple[int, ...]]:
    return [h for n in range(1, most_heaps + 1) for h in itertools.product(range(largest + 1), repeat=n)]


# ---- the rules against the closed form ----------------------------------------------------

CLOSED_FORM = positions(3, 3) + [(1, 1, 1, 1), (1, 1, 0, 1, 1), (2, 2, 1, 1), (1, 2, 3, 1), (5, 2), (6, 1), (7, 3)]


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_every_search_finds_the_closed_forms_winner(misere):
    assert len(CLOSED_FORM) > 80
    for heaps in CLOSED_FORM:
        want = 1 if mover_wins(heaps, misere) else -1
        for order in ("ascending", ALL_FIRST):
            game = Nim(heaps, misere, order)
            for kind in search.kinds():
                trace = kind.run(game)
                assert trace.result.score == want, (heaps, misere, order, kind.name)
        trace = search.find("minimax").run(Nim(heaps, misere))
        trace.check()
        trace.check_calls()


def test_misere_differs_only_where_every_heap_is_at_most_one():
    differ = [h for h in positions(3, 3) if mover_wins(h, False) != mover_wins(h, True)]
    assert differ and all(max(h) <= 1 for h in differ)
    for heaps in differ:
        normal = search.find("minimax").run(Nim(heaps)).result.score
        assert search.find("minimax").run(Nim(heaps, misere=True)).result.score == -normal


@pytest.mark.parametrize("heaps", [(1, 2), (1, 2, 2), (2, 2, 1), (1, 1, 1, 1), (3, 2), (1, 2, 3), (2, 0, 3)])
def test_call_counts_match_the_plain_references(heaps):
    for misere in (False, True):
        counter = [0]
        score = reference(list(heaps), misere, counter=counter)
        trace = search.find("minimax").run(Nim(heaps, misere))
        assert (trace.calls, trace.result.score) == (counter[0], score)
        assert game_tree_calls(heaps) == counter[0]
    assert search.find("memo").run(Nim(heaps)).calls == reference_memo_calls(heaps)
    for order in ("ascending", ALL_FIRST):
        for cutoff in ("ge", "gt"):
            counter = [0]
            score = reference_alphabeta(list(heaps), True, -2, 2, counter, order == ALL_FIRST, cutoff == "ge")
            trace = search.find("alphabeta").run(Nim(heaps, order=order), cutoff=cutoff)
            assert (trace.calls, trace.result.score) == (counter[0], score), (order, cutoff)
            trace.check()


def test_moves_are_named_as_people_count_and_tried_in_the_loop_order():
    words = tracer.explain.for_trace(tracer.search(Nim([1, 2, 2])))[0]
    game = Nim([1, 2, 2])
    assert [words.move_name(m) for m in game.moves(game.root)] == [
        "take 1 from heap 1", "take 1 from heap 2", "take 2 from heap 2", "take 1 from heap 3", "take 2 from heap 3"]
    other = Nim([1, 2, 2], order=ALL_FIRST)
    assert [words.move_name(m) for m in other.moves(other.root)] == [
        "take 1 from heap 1", "take 2 from heap 2", "take 1 from heap 2", "take 2 from heap 3", "take 1 from heap 3"]
    assert words.moves_answer("take 2 from heap 3, 1 FROM 1") == "1 from 1, 2 from 3"
    assert words.moves_answer("none") == "none"


# ---- files, limits and errors ---------------------------------------------------------------


@pytest.mark.parametrize("text", ["3 4 5", "[3, 4, 5]", "3,4,5", "nim [3 4 5]", "# heaps\n\n  3 4 5  # ok\n",
                                  "\ufeff3 4 5\n", "NIM 3 4 5"])
def test_heaps_are_read_in_either_notation(text):
    assert parse_heaps(text) == [3, 4, 5]


def test_files_are_recognised_and_brackets_alone_stay_a_tree():
    assert games.sniff("3 4 5\n").name == "nim"
    assert games.sniff("nim [1, 3, 5]\n").name == "nim"
    assert games.sniff("[1, 3, 5]\n").name == "tree"
    assert games.sniff("X.O\n...\n...\n").name == "tictactoe"
    assert games.sniff("0 1 2\n3 4 5\n6 7 8\n").name == "tictactoe"
    assert games.sniff('["X", 1, "O", "X", 4, "X", "O", "O", 8]').name == "tictactoe"


BAD = [
    ("3 x 5\n", "1:3: expected a heap size: a whole number from 0 to 7, found 'x'"),
    ("# c\n3 -1 5\n", "2:3: expected a heap size: a whole number from 0 to 7, found '-1'"),
    ("3 8\n", "1:3: expected a heap of at most 7 objects, found '8'"),
    ("1 1 1 1 1 1\n", "1:11: expected at most 5 heaps, found one more: '1'"),
    ("3 3 3 3\n", f"1: expected heaps on which minimax makes at most {MAX_CALLS:,} calls"),
    ("[1, 2\n", "2: expected ']' to close the '[' at 1:1, found the end of the file"),
    ("[1 2] 3\n", "1:7: expected the end of the heaps after ']', found '3'"),
    ("[ ]\n", "1:1: expected at least one heap inside the brackets"),
    ("3 2.5\n", "1:3: expected a heap size: a whole number from 0 to 7, found '2.5'"),
]


@pytest.mark.parametrize(("text", "message"), BAD, ids=[b[0].strip() for b in BAD])
def test_bad_heaps_are_one_line_naming_file_and_line(cli, tmp_path, text, message):
    (tmp_path / "h.txt").write_text(text, encoding="utf-8")
    result = cli("h.txt", "--game", "nim", "-o", "out.svg")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"trace: error: h.txt:{message}"), result.stderr
    assert len(result.stderr.splitlines()) == 1 and not (tmp_path / "out.svg").exists()


def test_the_limits_let_the_readmes_heaps_through_and_stop_larger_ones():
    assert game_tree_calls((3, 4, 5)) == 1_038_768 <= MAX_CALLS < game_tree_calls((3, 3, 3, 3))
    trace = tracer.search(Nim([3, 4, 5]), "memo")
    assert trace.result.score == 1  # 3 ^ 4 ^ 5 = 2


def test_game_options_are_refused_where_they_do_not_apply(cli, tmp_path):
    (tmp_path / "h.txt").write_text("1 2\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("X.O\n...\n...\n", encoding="utf-8")
    (tmp_path / "t.txt").write_text("[3, 12, 8]\n", encoding="utf-8")
    for args, start in ((["b.txt", "--misere"], "--misere: applies only to Nim"),
                        (["t.txt", "--misere"], "--misere: applies only to Nim"),
                        (["h.txt", "--turn", "max"], "--turn: Nim takes no side to move"),
                        (["h.txt", "--ai", "O"], "--ai: applies only to tic-tac-toe"),
                        (["h.txt", "--scores", "ten"], "--scores: applies only to tic-tac-toe"),
                        (["h.txt", "--order", "centre-first"], "--order: expected a loop order for Nim"),
                        (["compare", "b.txt", "--misere"], "--misere: applies only to Nim")):
        result = cli(*args, "--no-tree" if args[0] != "compare" else "--format=text")
        assert result.exit_code == 2, args
        assert result.stderr.startswith(f"trace: error: {start}"), result.stderr
        assert len(result.stderr.splitlines()) == 1


# ---- every output on a Nim position ----------------------------------------------------------


@pytest.fixture()
def heaps_file(tmp_path: Path) -> Path:
    path = tmp_path / "heaps.txt"
    path.write_text("1 2 2\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("algorithm", SEARCHES, ids=" ".join)
def test_the_log_tells_the_guides_steps_on_heaps(cli, heaps_file, algorithm):
    result = cli(str(heaps_file), "--no-tree", *algorithm)
    assert result.exit_code == 0, result.output
    log = result.stdout
    assert log.startswith("Trace of Nim on heaps 1 2 2 with the AI to move (normal play: who takes "
                          "the last object wins).")
    assert "#1 step 7   first call: bestPlayInfo = minimax(heaps 1 2 2, AI)" in log
    assert "step 8   moves = [1 from 1, 1 from 2, 2 from 2, 1 from 3, 2 from 3]" in log
    assert "#2 step 11  AI plays take 1 from heap 1 -> human to move on heaps 0 2 2" in log
    assert "no object is left: the AI took the last one and wins: return {score: 1}" in log
    # 1 ^ 2 ^ 2 = 1: the AI wins, and only by emptying heap 1 (leaving XOR 0).
    assert "step 25  the AI plays the move bestPlayInfo holds: take 1 from heap 1" in log
    assert re.search(r"\bcell|board|\bX\b|\bO\b", log) is None


def test_misere_and_the_other_order_are_told(cli, heaps_file):
    log = cli(str(heaps_file), "--no-tree", "--misere", "--order", "all-first").stdout
    assert "(misère play: who takes the last object loses)" in log
    assert "Loop order: all-first" in log
    assert "step 8   moves = [1 from 1, 2 from 2, 1 from 2, 2 from 3, 1 from 3]" in log
    assert "no object is left: the human took the last one and loses (misère)" in log


@pytest.mark.parametrize("algorithm", SEARCHES, ids=" ".join)
def test_the_summary_counts_the_heaps(cli, heaps_file, algorithm):
    result = cli(str(heaps_file), "--stats", *algorithm)
    assert result.exit_code == 0, result.output
    rows = dict(re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in result.stdout.splitlines()
                if re.match(r"\S.*\s{2,}\S", line))
    assert rows["game"].startswith("Nim, heaps 1 2 2 with the AI to move")
    counter = [0]
    reference([1, 2, 2], False, counter=counter)
    if algorithm[1] == "minimax":
        assert rows["calls"] == f"{counter[0]:,}"
        assert rows["distinct positions"].startswith("30 ")  # 2 * 3 * 3 heap sizes, each with its mover
    else:
        assert rows["vs the guide's minimax"].split(" of its ")[1].startswith(f"{counter[0]:,} calls")


@pytest.mark.parametrize("algorithm", SEARCHES, ids=" ".join)
def test_the_tree_draws_the_heaps(cli, heaps_file, tmp_path, algorithm):
    assert cli(str(heaps_file), "-q", "-o", "t.dot", "--depth", "1", *algorithm).exit_code == 0
    dot = (tmp_path / "t.dot").read_text(encoding="utf-8")
    assert re.search(r"game tree of heaps 1 2 2 with the AI to move", dot, re.IGNORECASE)
    assert "AI to move" in dot and "human to move" in dot
    for label in ("1 from 1", "1 from 2", "2 from 2", "1 from 3", "2 from 3"):
        assert label in dot
    assert dot.count("●") >= 5 and "○" in dot  # the objects, and those a move just took
    result = cli(str(heaps_file), "-q", "-o", "t.svg", *algorithm)
    assert result.exit_code == 0, result.output
    assert "<svg" in (tmp_path / "t.svg").read_text(encoding="utf-8")


def test_the_log_says_the_human_takes_the_smallest_score_below(cli, tmp_path):
    # Heaps 1 2, normal play, worked by hand: after the AI takes heap 1's object the human
    # takes both of heap 2 and wins (-1); after 1 from heap 2 (heaps 1 1) the human takes one
    # and the AI the last (+1); after 2 from heap 2 the human takes the last object (-1).
    (tmp_path / "n.txt").write_text("1 2\n", encoding="utf-8")
    log = cli("n.txt", "--no-tree").stdout
    for number, move, score in ((1, "take 1 from heap 1", "-1"), (2, "take 1 from heap 2", "+1"),
                                (3, "take 2 from heap 2", "-1")):
        assert f"test-play {number}, AI plays {move}: human takes the smallest score below: {score}\n" in log
    assert "takes the largest" not in log


def test_a_test_play_figure_draws_each_object_once_the_tested_ones_in_red():
    # Heaps 1 3, the AI's moves in ascending order: 1 from heap 1, then 1, 2 and 3 from heap 2.
    # Call #1's picture in each test-play figure still holds 1 and 3 objects: those the
    # for-loop is about to take are drawn red in their heap, not drawn again.
    played = [(1, 1), (2, 1), (2, 2), (2, 3)]  # (heap, objects taken)
    from tracer.style import INDEX_TEXT, PLAYED_FILL

    series = list(tracer.figures(tracer.search(tracer.Nim([1, 3]))))
    for figure, (heap, take) in zip(series, played, strict=False):
        source = figure.graph.source
        root = source[source.index("n1 [label="):]
        root = root[:root.index("</TABLE></TD></TR>")]
        rows = re.findall(f'COLOR="{INDEX_TEXT}">(\\d)</FONT></TD><TD ALIGN="LEFT">(.*?)</TD></TR>', root)
        assert [int(number) for number, _ in rows] == [1, 2], figure.title
        for (number, objects), size in zip(rows, [1, 3], strict=True):
            red = "".join(re.findall(f'<FONT COLOR="{PLAYED_FILL}">(.*?)</FONT>', objects))
            assert objects.count("●") == size, (figure.title, objects)
            assert red.count("●") == (take if int(number) == heap else 0), (figure.title, objects)


def test_the_dot_is_the_same_bytes_twice(cli, heaps_file, tmp_path):
    cli(str(heaps_file), "-q", "-o", "a.dot")
    cli(str(heaps_file), "-q", "-o", "b.dot")
    assert (tmp_path / "a.dot").read_bytes() == (tmp_path / "b.dot").read_bytes()


@pytest.mark.parametrize("algorithm", SEARCHES[:3], ids=" ".join)
def test_the_figures_show_each_test_play_of_the_heaps(cli, heaps_file, tmp_path, algorithm):
    result = cli(str(heaps_file), "-q", "--figures", "figs", *algorithm)
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "figs").iterdir())
    assert names == sorted(["index.html", "overview.svg", *(f"test-play-{n}.svg" for n in range(1, 6))])
    page = (tmp_path / "figs" / "index.html").read_text(encoding="utf-8")
    assert "Nim on heaps 1 2 2, the AI to move" in page and "take 1 from heap 1" in page


@pytest.mark.parametrize("algorithm", SEARCHES, ids=" ".join)
def test_the_json_trace_is_read_back_and_drawn_again(cli, heaps_file, tmp_path, algorithm):
    assert cli(str(heaps_file), "-q", "-o", "t.json", "--misere", *algorithm).exit_code == 0
    text = (tmp_path / "t.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    assert (doc["game"], doc["heaps"], doc["misere"], doc["order"]) == ("nim", [1, 2, 2], True, "ascending")
    assert doc["tree"]["heaps"] == [1, 2, 2] and doc["tree"]["player"] == "AI"
    # Misère 1 2 2: not every heap is at most 1 and 1 ^ 2 ^ 2 = 1, so the AI wins; it empties
    # heap 1 (leaving 2 2, XOR 0) as the first winning move of the loop.
    assert (doc["result"]["score"], doc["result"]["heap"], doc["result"]["take"]) == (1, 1, 1)
    again = tracer.load(tmp_path / "t.json")
    assert again.calls == doc["calls"] and again.game.heaps == (1, 2, 2) and again.game.misere
    buffer = io.StringIO()
    tracer.save(again, buffer)
    assert buffer.getvalue() == text
    rendered = cli("render", "t.json", "--stats", "-o", "r.dot")
    assert rendered.exit_code == 0, rendered.output
    assert "misère play" in rendered.stdout
    # A node whose heaps are not the ones its move leaves is refused in one line.
    doc["tree"]["children"][0]["heaps"] = [0, 1, 2]
    (tmp_path / "bad.json").write_text(json.dumps(doc), encoding="utf-8")
    bad = cli("render", "bad.json", "--no-tree")
    assert bad.exit_code == 2 and len(bad.stderr.splitlines()) == 1, bad.stderr


def test_compare_lists_every_search_and_both_orders(cli, heaps_file, tmp_path):
    result = cli("compare", str(heaps_file))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Compared on heaps 1 2 2 with the AI to move")
    rows = json.loads(cli("compare", str(heaps_file), "--format", "json").stdout)["rows"]
    assert {r["score"] for r in rows} == {1} and {r["order"] for r in rows} == {"ascending", "all-first"}
    assert {(r["heap"], r["take"]) for r in rows} == {(1, 1)}  # the only move leaving XOR 0
    counter = [0]
    reference([1, 2, 2], False, counter=counter)
    assert rows[0]["calls"] == counter[0]
    assert cli("compare", str(heaps_file), "--html", "c.html").exit_code == 0
    assert "heaps 1 2 2" in (tmp_path / "c.html").read_text(encoding="utf-8")
    (tmp_path / "b.txt").write_text("[1, 1]\n", encoding="utf-8")
    misere = json.loads(cli("compare", "b.txt", "--game", "nim", "--misere", "--format", "json").stdout)
    assert {r["score"] for r in misere["rows"]} == {1}  # two heaps of one: even, the mover wins


def test_the_quiz_runs_in_a_subprocess(tmp_path):
    (tmp_path / "q.txt").write_text("1 2\n", encoding="utf-8")
    # Call #1's test-plays: 1 from 1 leaves 0 2 (the human wins), 1 from 2 leaves 1 1 (the AI
    # wins), 2 from 2 leaves 1 0 (the human wins); step 16 picks 1 from 2.
    answers = "-1\n1\n-1\n1 from 2\n"
    done = subprocess.run([sys.executable, "-m", "tracer", "quiz", "q.txt"], input=answers, text=True,
                          capture_output=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "heap 1: ●" in done.stdout and "heap 2: ● ●" in done.stdout
    assert "Q4. Step 16: which test-play does call #1 pick?" in done.stdout
    assert "Score: values returned 3/3, test-plays picked 1/1: 4 of 4 right." in done.stdout


def test_jupyter_shows_the_heaps():
    trace = tracer.search(tracer.Nim([1, 2, 2]), "memo")
    assert repr(trace).startswith("<Trace heaps 1 2 2 AI to move, memo:")
    assert repr(trace.call(2)).startswith("<Call 2 depth 1 heaps 0 2 2 human to move")
    card = trace._repr_html_()
    assert "heaps 1 2 2 with the AI to move" in card and "<svg" in card
    assert "<svg" in trace._repr_svg_() and "<svg" in trace.call(2)._repr_svg_()
    assert "take 1 from heap 1" in trace.result._repr_html_()
    assert "<svg" in tracer.figures(trace)._repr_html_()


@pytest.mark.parametrize("algorithm", SEARCHES[:3], ids=" ".join)
def test_the_step_through_page_steps_through_the_heaps(cli, heaps_file, tmp_path, browser, algorithm):
    """The page's Nim module tells every step as Python's narration does, with no console error."""
    from page_steps import PageSteps

    result = cli(str(heaps_file), "-q", "--html", "p.html", *algorithm)
    assert result.exit_code == 0, result.output
    trace = search.find(algorithm[1]).run(Nim((1, 2, 2)))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
    try:
        page.goto((tmp_path / "p.html").as_uri())
        page.wait_for_selector("#story[data-step]")
        shown = page.evaluate("""() => {
            const out = [];
            for (let n = 1; n <= tracerViewer.total; n++) {
                tracerViewer.go(n);
                out.push([document.querySelector('#narration').innerText,
                          document.querySelector('#code-panel').innerText,
                          document.querySelectorAll('#tree .nim-heaps').length]);
            }
            return out;
        }""")
        steps = PageSteps(trace)
        assert len(shown) == len(steps) > 100
        for n, (narration, code, pictures) in enumerate(shown, start=1):
            assert narration == steps.narration(n), n
            assert "heaps" in code and pictures >= 1
        assert "heaps 1 2 2" in shown[0][0] and "take 1 from heap 1" in shown[-1][0]
        assert problems == []
    finally:
        context.close()


def test_the_step_through_page_draws_each_object_once(cli, tmp_path, browser):
    """Heaps 1 3, numbered 1 and 2: at every step every card of the tree holds at most 1 and 3 objects (those a
    move took hollow), and call #1's frame on the stack, whatever move its loop is testing,
    exactly 1 and 3 objects, those the test-play takes in red, not drawn again."""
    (tmp_path / "n.txt").write_text("1 3\n", encoding="utf-8")
    assert cli("n.txt", "-q", "--no-tree", "--html", "p.html").exit_code == 0
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto((tmp_path / "p.html").as_uri())
        page.wait_for_selector("#story[data-step]")
        shown = page.evaluate("""() => {
            const rows = (box) => [...box.querySelectorAll('.nim-row')].map((row) =>
                row.previousElementSibling.textContent + ":" + row.textContent);
            const out = [];
            for (let n = 1; n <= tracerViewer.total; n++) {
                tracerViewer.go(n);
                out.push([[...document.querySelectorAll('#tree .nim-heaps')].map(rows),
                          [...document.querySelectorAll('#stack .nim-heaps')].map(rows)]);
            }
            return out;
        }""")
        assert len(shown) > 20
        for n, (cards, frames) in enumerate(shown, start=1):
            for heaps in cards + frames:  # each heap numbered from 1, as the log numbers them
                assert [row.split(":")[0] for row in heaps] == ["1", "2"], (n, heaps)
            for heaps in cards:
                assert [row.count("●") + row.count("○") <= size for row, size in zip(heaps, (1, 3), strict=True)] \
                    == [True, True], (n, heaps)
            assert [row.count("●") for row in frames[0]] == [1, 3], (n, frames[0])
    finally:
        context.close()


# ---- the parser: a clear error or the heaps, for any text -------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 ,[]#\n-xnim\ufeff", max_size=30))
def test_any_text_is_heaps_or_one_clear_error(text):
    try:
        heaps = parse_heaps(text, "h.txt")
    except InputError as exc:
        message = str(exc)
        assert message.startswith("h.txt:") and "expected " in message and "\n" not in message
        return
    assert 1 <= len(heaps) <= 5 and all(0 <= h <= 7 for h in heaps)
    assert game_tree_calls(tuple(heaps)) <= MAX_CALLS
    # What was read reads back the same, written either way.
    assert parse_heaps(" ".join(map(str, heaps))) == heaps == parse_heaps(json.dumps(heaps))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=5))
def test_the_sniffer_reads_numbers_alone_as_nim_and_brackets_as_a_tree(heaps):
    line = " ".join(map(str, heaps))
    assert games.sniff(line + "\n").name == "nim"
    assert games.sniff(f"nim {json.dumps(heaps)}\n").name == "nim"
    assert games.sniff(json.dumps(heaps) + "\n").name == "tree"


def test_standard_input_takes_heaps_as_a_file_does(cli):
    result = cli("-", "--game", "nim", "--stats", input="[1, 3, 5]\n")
    assert result.exit_code == 0, result.output
    assert "Nim, heaps 1 3 5 with the AI to move" in result.stdout
    counter = [0]
    reference([1, 3, 5], False, counter=counter)
    assert f"calls                {counter[0]:,}" in result.stdout
