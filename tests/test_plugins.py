"""A game and a search added through the registries alone, run through every output Python makes.

The game is three heaps of at most three objects; a move takes one or two
objects from one heap, and who takes the last object wins. The search is the
guide's minimax that also counts, below each call, the finished games (or the
calls) it met. Both are defined here and registered at run time exactly as
``docs/design.md``'s "Adding things" says; nothing in ``tracer/`` knows them.
Every output must work on them and none may speak of tic-tac-toe.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import tracer
from tracer import explain, games, search
from tracer.errors import InputError
from tracer.explain import GameWords, SearchWords, labels
from tracer.explain.base import who
from tracer.explain.labels import LegendRow
from tracer.explain.questions import Question, score_choice
from tracer.games import GameKind
from tracer.search import SearchKind, Setting
from tracer.search.minimax import check_minimax
from tracer.search.minimax import search as minimax_search
from tracer.trace import Call, SearchInfo, Trace

# ---- the game: rules, kind, words ----------------------------------------------------------

MAX_TO_MOVE = 1 << 6
#: Terminal codes: who took the last object.
TERMINAL_NAMES = (None, "MAX took the last", "MIN took the last")


class Heaps:
    """The rules: a state packs the three heaps (two bits each) and who is to move."""

    name = "heaps"
    terminal_names = TERMINAL_NAMES

    def __init__(self, heaps: Sequence[int], max_first: bool = True):
        self.heaps = tuple(heaps)
        self.root = sum(h << 2 * i for i, h in enumerate(self.heaps)) | (MAX_TO_MOVE if max_first else 0)

    def maximising(self, state: int) -> bool:
        return bool(state & MAX_TO_MOVE)

    def moves(self, state: int) -> Sequence[int]:
        # Move 2*i + (k - 1) takes k objects from heap i.
        return [2 * i + k - 1 for i in range(3) for k in (1, 2) if heap_of(state, i) >= k]

    def play(self, state: int, move: int) -> int:
        heap, take = divmod(move, 2)
        return (state - ((take + 1) << 2 * heap)) ^ MAX_TO_MOVE

    def outcome(self, state: int, depth: int) -> tuple[int, int] | None:
        if state & 63:
            return None
        # The side to move finds nothing left: the other side took the last object.
        return (2, -1) if self.maximising(state) else (1, 1)


def heap_of(state: int, i: int) -> int:
    return state >> 2 * i & 3


def heaps_of(state: int) -> list[int]:
    return [heap_of(state, i) for i in range(3)]


class HeapsWords(GameWords):
    """How the heaps read: ``heaps 1 2 2``, ``take 2 from heap 3``."""

    def describe(self, state: int) -> str:
        return "heaps " + " ".join(map(str, heaps_of(state)))

    def move_name(self, move: int) -> str:
        heap, take = divmod(move, 2)
        return f"take {take + 1} from heap {heap + 1}"

    def move_short(self, move: int) -> str:
        heap, take = divmod(move, 2)
        return f"{take + 1} from {heap + 1}"

    def terminal_sentence(self, state: int, terminal: int) -> str:
        return f"nothing is left: {TERMINAL_NAMES[terminal]} object"

    def outcome_kind(self, terminal: int) -> str:
        return "win" if terminal == 1 else "loss"

    def value_kind(self, score: int) -> str:
        return "win" if score > 0 else "loss"


class HeapsKind(GameKind):
    """The heaps' entry in the game registry: ``heaps 1 2 2`` files and their JSON."""

    name = "heaps"
    title = "three heaps, take one or two (a heaps file)"
    words = HeapsWords
    json_keys = frozenset({"heaps", "player"})

    def sniff(self, text: str) -> int:
        return 5 if text.lstrip().startswith("heaps") else 0

    def read(self, data: bytes, source: str, options: dict[str, Any]) -> Heaps:
        if options.get("turn"):
            raise InputError("the heaps game takes no --turn: MAX moves first", "--turn")
        return Heaps(self._heaps(data.decode("utf-8").split(), source))

    def _heaps(self, words: list[Any], source: str) -> list[int]:
        if words[:1] == ["heaps"]:
            words = words[1:]
        if len(words) != 3 or not all(str(w) in "0123" and len(str(w)) == 1 for w in words):
            raise InputError(f"expected three heaps of 0 to 3 objects, found {words!r}", source, 1)
        return [int(w) for w in words]

    def from_json(self, header: dict[str, Any], source: str) -> Heaps:
        found = header.get("heaps")
        if not isinstance(found, list) or any(type(h) is not int for h in found):
            raise InputError(f'expected "heaps" to be three integers, found {found!r}', source)
        return Heaps(self._heaps(found, source))

    def json_header(self, game: Any, version: int = 2) -> list[tuple[str, Any]]:
        return [("heaps", list(game.heaps))]

    def json_head(self, game: Any, state: int) -> str:
        player = "MAX" if game.maximising(state) else "MIN"
        return f'"heaps":{json.dumps(heaps_of(state))},"player":"{player}",'

    def state_from_json(self, game: Any, node: dict[str, Any]) -> int:
        found, player = node.get("heaps"), node.get("player")
        if (not isinstance(found, list) or len(found) != 3 or any(type(h) is not int or not 0 <= h <= 3
                                                                 for h in found)
                or player not in ("MAX", "MIN")):
            raise ValueError(f"expected three heaps and a player, found {found!r}, {player!r}")
        return sum(h << 2 * i for i, h in enumerate(found)) | (MAX_TO_MOVE if player == "MAX" else 0)


# ---- the search: recorder, rule, kind, words -------------------------------------------------


def counting_search(game: Any, count: str = "leaves") -> Trace:
    """The guide's minimax, recording below each call how many finished games (or calls) it met."""
    trace = minimax_search(game)
    rows = trace.positions
    counted: list[int | None] = [None] * len(rows)

    def count_below(pid: int) -> int:
        found = counted[pid]
        if found is None:  # rows are shared: a child may come before its parent
            if count == "calls":
                found = int(rows.sizes[pid])
            else:
                found = 1 if rows.terminal[pid] else sum(count_below(c) for _, c in rows.children(pid))
            counted[pid] = found
        return found

    for pid in range(len(rows)):
        count_below(pid)
    rows.extras["counted"] = counted
    return Trace(game, rows, SearchInfo("counting", (("count", count),)))


def check_counting(trace: Trace, pid: int, where: str) -> None:
    """The guide's minimax's rule, and each count the sum of its children's."""
    check_minimax(trace, pid, where)
    p = trace.positions
    counted = p.extras["counted"]
    if trace.search.get("count") == "calls":
        want = int(p.sizes[pid])
    else:
        want = 1 if p.terminal[pid] else sum(counted[c] for _, c in p.children(pid))
    if counted[pid] != want:
        raise AssertionError(f"{where}: counted {counted[pid]}, expected {want}")


class CountingWords(SearchWords):
    """What counting minimax adds: its counts in the log, under each call, in the quiz."""

    entry_kinds = ("count",)
    kind_titles = {"count": "counts below"}

    def what(self) -> str:
        return "finished games" if dict(self.settings).get("count") == "leaves" else "calls"

    def counted(self, pid: int) -> int:
        return int(self.trace.positions.extras["counted"][pid])

    def summary(self, counts: list[int] | None = None) -> str:
        return f"{self.name()}: {self.counted(0):,} {self.what()} below the first call"

    def entry_notes(self, pid: int) -> list[explain.Note]:
        return [("count", f"{self.counted(pid)} {self.what()} below")]

    def caption(self, call: Call) -> str | None:
        return f"{self.counted(call.pid)} {self.what()} below"

    def legend_rows(self, *, shapes: bool) -> list[LegendRow]:
        return [LegendRow(labels.symbol("n", size=10), f"n {self.what()} below: what the search counted")]

    def stats_rows(self, counts: list[int]) -> list[tuple[str, str]]:
        return [(f"{self.what()} counted", f"{self.counted(0):,}")]

    def entry_questions(self, call: Call) -> list[Question]:
        n = self.counted(call.pid)
        choices = tuple(score_choice(k) for k in sorted({0, 1, n, n + 1}))
        return [Question(
            kind="count", call=call.call, depth=call.depth,
            prompt=f"How many {self.what()} lie below {who(self.game_words, call)}?",
            choices=choices, answer=[c.label for c in choices].index(score_choice(n).label),
            explanation=f"Count: {n} {self.what()} below.", ask=("begin", call.call, 0),
            reveal=("begin", call.call, 1))]


COUNTING = SearchKind(
    name="counting",
    title="counting minimax",
    run=counting_search,
    check=check_counting,
    words=CountingWords,
    help="the guide's minimax, counting what lies below each call",
    settings={"count": Setting(("leaves", "calls"), "leaves", "What counting minimax counts.")},
    extras={"counted": lambda value: type(value) is int and value >= 0},
    compare=({"count": "leaves"}, {"count": "calls"}),
)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The heaps game and counting minimax, in the registries for one test."""
    games.register(HeapsKind())
    search.register(COUNTING)
    try:
        yield
    finally:
        games.unregister("heaps")
        search.unregister("counting")


# ---- what must never show: tic-tac-toe's words ---------------------------------------------

TIC_TAC_TOE = re.compile(r"\bcells?\b|board|the AI\b|the human|availCellsIndexes|three in a row|"
                         r"index:|guide's array|empty cell", re.IGNORECASE)
MARKS = re.compile(r"\b[XO]\b")


def no_tic_tac_toe(text: str) -> str:
    """``text``, after checking it says nothing of tic-tac-toe."""
    found = TIC_TAC_TOE.findall(text) + MARKS.findall(text)
    assert found == [], f"tic-tac-toe words {found} in: {text[:300]}"
    return text


def svg_text(svg: str) -> str:
    """The words an SVG shows."""
    return " ".join(re.findall(r">([^<>]+)</text>", svg))


@pytest.fixture()
def heaps_file(tmp_path: Path) -> Path:
    path = tmp_path / "heaps.txt"
    path.write_text("heaps 1 2 2\n", encoding="utf-8")
    return path


SEARCHES = [["--algorithm", "minimax"], ["--algorithm", "alphabeta"], ["--algorithm", "memo"],
            ["--algorithm", "counting"]]


# ---- the rules and the records --------------------------------------------------------------


def test_the_heaps_are_found_by_the_registry_and_searched_by_every_search():
    assert games.sniff(b"heaps 1 2 2\n").name == "heaps"
    assert games.find("heaps").title.startswith("three heaps")
    game = Heaps([1, 2, 2])
    # Taking one or two, a heap of h is worth h mod 3 (its Grundy value); the side to move
    # wins exactly when the heaps' values XOR to anything but 0: 1 ^ 2 ^ 2 = 1 here.
    for kind in search.kinds():
        trace = kind.run(game)
        trace.check()
        trace.check_calls()
        assert trace.result.score == 1, kind.name
    assert Heaps([0, 2, 2]).outcome(Heaps([0, 0, 0]).root, 0) == (2, -1)
    for heaps in ([1, 1, 0], [3, 3, 0], [1, 2, 3], [2, 2, 3], [3, 0, 0], [1, 1, 3]):
        value = (heaps[0] % 3) ^ (heaps[1] % 3) ^ (heaps[2] % 3)
        for kind in search.kinds():
            assert kind.run(Heaps(heaps)).result.score == (1 if value else -1), (heaps, kind.name)
    assert tracer.search(Heaps([1, 2, 3]), "counting").search.settings == (("count", "leaves"),)


# ---- every output Python makes ----------------------------------------------------------------


@pytest.mark.parametrize("algorithm", SEARCHES, ids=lambda a: a[1])
def test_the_log_tells_the_heaps(cli, heaps_file, algorithm):
    result = cli(str(heaps_file), "--no-tree", *algorithm)
    assert result.exit_code == 0, result.output
    log = no_tic_tac_toe(result.stdout)
    assert log.startswith("Trace of heaps 1 2 2 with MAX to move.")
    assert "step 11  MAX plays take 1 from heap 1 -> MIN to move on heaps 0 2 2" in log
    assert "MAX plays take 1 from heap 1 and can force a win" in log
    if algorithm[1] == "counting":
        assert "count    " in log and "Counting minimax (count leaves): " in log


@pytest.mark.parametrize("algorithm", SEARCHES, ids=lambda a: a[1])
def test_the_summary_tells_the_heaps(cli, heaps_file, algorithm):
    result = cli(str(heaps_file), "--stats", *algorithm)
    assert result.exit_code == 0, result.output
    stats = no_tic_tac_toe(result.stdout)
    assert stats.startswith("game ") and "MAX took the last" in stats
    if algorithm[1] != "minimax":
        assert "vs the guide's minimax" in stats


@pytest.mark.parametrize("algorithm", SEARCHES, ids=lambda a: a[1])
def test_the_tree_draws_the_heaps(cli, heaps_file, tmp_path, algorithm):
    assert cli(str(heaps_file), "-q", "-o", "t.dot", *algorithm).exit_code == 0
    dot = (tmp_path / "t.dot").read_text(encoding="utf-8")
    no_tic_tac_toe(re.sub(r'"#[0-9a-f]{6}"', "", dot))
    assert "heaps 1 2 2" in dot and "MAX to move" in dot
    result = cli(str(heaps_file), "-q", "-o", "t.svg", *algorithm)
    assert result.exit_code == 0, result.output
    no_tic_tac_toe(svg_text((tmp_path / "t.svg").read_text(encoding="utf-8")))


@pytest.mark.parametrize("algorithm", SEARCHES, ids=lambda a: a[1])
def test_the_figures_and_their_page_show_the_heaps(cli, heaps_file, tmp_path, algorithm):
    result = cli(str(heaps_file), "-q", "--figures", "figs", *algorithm)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "figs"
    names = sorted(p.name for p in folder.iterdir())
    plays = len(Heaps([1, 2, 2]).moves(Heaps([1, 2, 2]).root))
    assert names == sorted(["index.html", "overview.svg", *(f"test-play-{n}.svg" for n in range(1, plays + 1))])
    page = (folder / "index.html").read_text(encoding="utf-8")
    words = re.sub(r"<svg.*?</svg>|<style>.*?</style>", "", page, flags=re.S)
    no_tic_tac_toe(re.sub(r"<[^>]+>", " ", words))
    for name in names[1:]:
        no_tic_tac_toe(svg_text((folder / name).read_text(encoding="utf-8")))


@pytest.mark.parametrize("algorithm", SEARCHES, ids=lambda a: a[1])
def test_the_json_trace_is_read_back_and_drawn_again(cli, heaps_file, tmp_path, algorithm):
    assert cli(str(heaps_file), "-q", "-o", "t.json", *algorithm).exit_code == 0
    doc = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert (doc["version"], doc["game"], doc["search"]["algorithm"]) == (2, "heaps", algorithm[1])
    again = tracer.load(tmp_path / "t.json")
    assert again.calls == doc["calls"] and again.game.heaps == (1, 2, 2)
    buffer = io.StringIO()
    tracer.save(again, buffer)
    assert buffer.getvalue() == (tmp_path / "t.json").read_text(encoding="utf-8")
    rendered = cli("render", "t.json", "--stats", "-o", "r.dot")
    assert rendered.exit_code == 0, rendered.output
    no_tic_tac_toe(rendered.stdout)
    # A count that does not add up is refused, naming the call.
    if algorithm[1] == "counting":
        doc["tree"]["counted"] += 1
        (tmp_path / "bad.json").write_text(json.dumps(doc), encoding="utf-8")
        bad = cli("render", "bad.json", "--no-tree")
        assert bad.exit_code == 2 and "counted" in bad.stderr and len(bad.stderr.splitlines()) == 1


@pytest.mark.parametrize("algorithm", SEARCHES, ids=lambda a: a[1])
def test_the_quiz_asks_about_the_heaps(cli, heaps_file, algorithm):
    from tracer.renderers.quiz import page_data, questions

    trace = search.find(algorithm[1]).run(Heaps([1, 2, 2]))
    for question in questions(trace):
        no_tic_tac_toe(question.prompt + " " + question.explanation)
    data = page_data(trace)
    assert data["questions"] and ("count" in data["kinds"])
    answers = "".join(f"{n}\n" for n in ("1", "-1", "1", "1 from 1", "none", "none", "none")) * 3
    result = cli("quiz", str(heaps_file), *algorithm, input=answers)
    assert result.exit_code == 0, result.output
    assert "Score: " in no_tic_tac_toe(result.stdout)


def test_compare_runs_every_search_on_the_heaps(cli, heaps_file):
    result = cli("compare", str(heaps_file))
    assert result.exit_code == 0, result.output
    table = no_tic_tac_toe(result.stdout)
    assert "counting minimax (count leaves)" in table and "counting minimax (count calls)" in table
    assert table.startswith("Compared on heaps 1 2 2 with MAX to move")
    rows = json.loads(cli("compare", str(heaps_file), "--format", "json").stdout)["rows"]
    assert [r["algorithm"] for r in rows] == [k.name for k in search.kinds() for _ in k.compare]
    assert {r["score"] for r in rows} == {1}
    assert cli("compare", str(heaps_file), "--html", "c.html").exit_code == 0


def test_jupyter_shows_the_heaps():
    trace = tracer.search(Heaps([1, 2, 2]), "counting")
    no_tic_tac_toe(repr(trace) + repr(trace.call(2)))
    assert repr(trace).startswith("<Trace heaps 1 2 2 MAX to move, counting:")
    card = trace._repr_html_()
    no_tic_tac_toe(re.sub(r"<svg.*?</svg>", "", card, flags=re.S))
    assert "heaps 1 2 2" in card and "<svg" in card
    no_tic_tac_toe(svg_text(trace._repr_svg_()))
    no_tic_tac_toe(svg_text(trace.call(2)._repr_svg_()))
    no_tic_tac_toe(trace.result._repr_html_())
    assert "take 1 from heap 1" in trace.result._repr_html_()
    series = tracer.figures(trace)
    no_tic_tac_toe(re.sub(r"<svg.*?</svg>", "", series._repr_html_(), flags=re.S))


@pytest.mark.parametrize("algorithm", SEARCHES, ids=lambda a: a[1])
def test_the_step_through_page_steps_through_the_heaps(cli, heaps_file, tmp_path, browser, algorithm):
    """No page module knows the heaps or counting minimax: the page draws each state in the
    words the heaps' plug-in wrote and tells every step in the neutral words, as Python does."""
    from page_steps import PageSteps

    result = cli(str(heaps_file), "-q", "--html", "p.html", *algorithm)
    assert result.exit_code == 0, result.output
    trace = search.find(algorithm[1]).run(Heaps([1, 2, 2]))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
    try:
        page.goto((tmp_path / "p.html").as_uri())
        page.wait_for_selector("#story[data-step]")
        shown = page.evaluate("""() => {
            const out = [], parts = ['#narration', '#badge', '#tree', '#stack', '#code-panel', '#legend', 'header'];
            for (let n = 1; n <= tracerViewer.total; n++) {
                tracerViewer.go(n);
                out.push(parts.map((p) => document.querySelector(p).innerText).join(' | '));
            }
            return out;
        }""")
        steps = PageSteps(trace)
        assert len(shown) == len(steps) > 100
        for n, text in enumerate(shown, start=1):
            assert text.startswith(steps.narration(n) + " | "), n
            no_tic_tac_toe(text)
        assert "heaps 1 2 2" in shown[0] and "take 1 from heap 1" in shown[-1]
        assert problems == []
        if algorithm[1] == "minimax":  # the states in words pass axe-core's checks too
            from test_game_browser import axe_violations

            page.evaluate("tracerViewer.go(40)")
            assert axe_violations(page) == []
    finally:
        context.close()


def test_a_plug_in_may_still_refuse_the_page_in_one_line(cli, heaps_file, tmp_path, monkeypatch):
    """A game whose words say the page cannot show it (``page_data`` None) is refused, before
    anything is written (the log on the terminal included)."""
    monkeypatch.setattr(HeapsWords, "page_data", lambda self: None)
    result = cli(str(heaps_file), "--html", "p.html")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("trace: error: --html: the step-through page cannot draw this game")
    assert len(result.stderr.splitlines()) == 1 and not (tmp_path / "p.html").exists()


def test_unknown_names_list_the_choices(cli, heaps_file):
    result = cli(str(heaps_file), "--algorithm", "expectimax")
    assert result.exit_code == 2 and "'counting'" in result.stderr and "'minimax'" in result.stderr
    result = cli(str(heaps_file), "--game", "chess")
    assert result.exit_code == 2 and "'heaps'" in result.stderr and "'nim'" in result.stderr
    with pytest.raises(InputError, match="expected a search: one of minimax, .*counting"):
        search.find("expectimax")
    assert [k.name for k in search.kinds()][0] == "minimax"


def test_a_search_name_already_taken_is_refused():
    # The autouse fixture registered COUNTING: its name is taken, and so is the name of a
    # built-in search's module, whether or not that module is loaded yet.
    with pytest.raises(ValueError, match="cannot register search 'counting': the name is taken"):
        search.register(COUNTING)
    impostor = COUNTING._replace(name="alphabeta")
    with pytest.raises(ValueError, match="cannot register search 'alphabeta': the name is taken"):
        search.register(impostor)
    assert search.find("alphabeta") is not impostor


def test_an_unregistered_search_is_no_longer_offered():
    assert "counting" in search.names()
    search.unregister("counting")
    try:
        assert "counting" not in search.names()
        with pytest.raises(InputError, match="expected a search"):
            search.find("counting")
    finally:
        search.register(COUNTING)  # for the fixture, which unregisters it again


def test_a_fresh_process_offers_every_built_in_search_baseline_first():
    # The registry finds the built-in searches itself: the guide's minimax, then by name.
    listed = subprocess.run([sys.executable, "-c", "from tracer import search; print(*search.names())"],
                            capture_output=True, text=True, timeout=120, check=True)
    assert listed.stdout.split() == ["minimax", "alphabeta", "memo", "negamax"]
