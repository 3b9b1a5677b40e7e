"""The ``trace`` command: exit codes, one-line errors, outputs, JSON round trip, installing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tracer
from tracer import examples
from tracer.renderers.log import render_log

# Renders pictures: CI runs these with system Graphviz and again without it.
ROOT = Path(__file__).resolve().parent.parent
TUTORIAL_TEXT = "X . O\nX . X\nO O .\n"


@pytest.fixture
def board(tmp_path: Path) -> Path:
    path = tmp_path / "board.txt"
    path.write_text(TUTORIAL_TEXT)
    return path


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def assert_one_line_error(result, code: int, *words: str) -> str:
    assert result.exit_code == code, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("trace: error: "), lines[0]
    assert "Traceback" not in result.output
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


# ---------------------------------------------------------------- success

def test_default_run_prints_the_log_and_writes_the_svg(cli, board, tmp_path):
    result = cli("board.txt")
    assert result.exit_code == 0, result.output
    assert result.stdout == render_log(tracer.record(tracer.Board("X.OX.XOO."), "X"))
    assert result.stderr == "trace: wrote board.svg (9 of 9 calls drawn)\n"
    svg = ET.fromstring((tmp_path / "board.svg").read_bytes())
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"


def test_run_subcommand_is_the_default(cli, board, tmp_path):
    assert cli("run", "board.txt", "-q", "-o", "a.dot").exit_code == 0
    assert cli("board.txt", "-q", "-o", "b.dot").exit_code == 0
    assert (tmp_path / "a.dot").read_bytes() == (tmp_path / "b.dot").read_bytes()


@pytest.mark.parametrize(
    ("args", "name", "magic"),
    [
        (["-o", "t.svg"], "t.svg", b"<?xml"),
        (["-o", "t.png"], "t.png", b"\x89PNG\r\n\x1a\n"),
        pytest.param(["-o", "t.pdf"], "t.pdf", b"%PDF-", marks=pytest.mark.system_dot),
        (["-o", "t.dot"], "t.dot", b"digraph game_tree {"),
        (["-o", "t.gv"], "t.gv", b"digraph game_tree {"),
        (["-o", "t.json"], "t.json", b'{"format":"tracer-trace"'),
        (["-o", "T.SVG"], "T.SVG", b"<?xml"),
        (["--format", "png"], "board.png", b"\x89PNG"),
        (["--format", "json"], "board.json", b'{"format"'),
        (["--format", "dot", "-o", "tree.txt"], "tree.txt", b"digraph"),
    ],
)
def test_each_format_by_suffix_or_option(cli, board, tmp_path, args, name, magic):
    result = cli("board.txt", "-q", *args)
    assert result.exit_code == 0, result.output
    assert (tmp_path / name).read_bytes().startswith(magic)
    assert sorted(files(tmp_path)) == sorted({"board.txt", name})
    assert result.stdout == ""


def test_json_output_has_the_documented_fields(cli, board, tmp_path):
    assert cli("board.txt", "-q", "-o", "t.json").exit_code == 0
    doc = json.loads((tmp_path / "t.json").read_text())
    assert doc["format"] == "tracer-trace" and doc["version"] == 1
    assert (doc["board"], doc["to_move"], doc["ai"], doc["human"]) == ("X.OX.XOO.", "X", "X", "O")
    assert doc["scores"] == {"human_win": -1, "ai_win": 1, "draw": 0}
    assert doc["result"] == {"index": 4, "score": 1} and doc["calls"] == 9
    root = doc["tree"]
    assert (root["call"], root["depth"], root["move"], root["best"], root["terminal"]) == (
        1, 0, None, 4, None)
    assert [c["move"] for c in root["children"]] == [1, 4, 8]
    assert [c["call"] for c in root["children"]] == [2, 5, 6]
    assert root["children"][1]["terminal"] == "X" and root["children"][1]["children"] == []


def test_dash_output_writes_the_tree_to_stdout_and_no_log(cli, board, tmp_path):
    result = cli("board.txt", "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<?xml") and "<svg" in result.stdout
    assert "step 7" not in result.stdout
    assert sorted(files(tmp_path)) == ["board.txt"]


@pytest.mark.parametrize(("fmt", "start"), [("json", '{"format"'), ("dot", "digraph")])
def test_dash_output_in_text_formats(cli, board, tmp_path, fmt, start):
    result = cli("board.txt", "--format", fmt, "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(start)
    assert sorted(files(tmp_path)) == ["board.txt"]


def test_quiet_prints_nothing(cli, board, tmp_path):
    result = cli("board.txt", "--quiet")
    assert result.exit_code == 0
    assert result.stdout == "" and result.stderr == ""
    assert (tmp_path / "board.svg").exists()



@pytest.mark.parametrize("quiet", [False, True])
def test_a_json_trace_written_is_said_unless_quiet(cli, board, tmp_path, quiet):
    # The guide's board takes 9 calls (the guide's count of invocations).
    result = cli("board.txt", "-o", "t.json", *(["--quiet"] if quiet else []))
    assert result.exit_code == 0, result.output
    assert result.stderr == ("" if quiet else "trace: wrote t.json (9 calls)\n")
    assert json.loads((tmp_path / "t.json").read_text())["format"] == "tracer-trace"

def test_log_option_writes_the_log_to_a_file(cli, board, tmp_path):
    result = cli("board.txt", "--log", "run.log", "--no-tree")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    expected = render_log(tracer.record(tracer.Board("X.OX.XOO."), "X"))
    assert (tmp_path / "run.log").read_text() == expected
    assert sorted(files(tmp_path)) == ["board.txt", "run.log"]


def test_no_tree_writes_nothing(cli, board, tmp_path):
    result = cli("board.txt", "--no-tree")
    assert result.exit_code == 0
    assert "X plays cell 4 (centre) and wins at once: score +1" in result.stdout
    assert sorted(files(tmp_path)) == ["board.txt"]


def test_stdin_board(cli, tmp_path):
    result = cli("-", "-q", input=TUTORIAL_TEXT)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "trace.svg").exists()


def test_options_turn_ai_scores(cli, tmp_path):
    (tmp_path / "b.txt").write_text("X O .\n. . .\n. . .\n")
    result = cli("b.txt", "--turn", "o", "--ai", "o", "--scores", "-25,25,0", "-o", "t.json", "-q")
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "t.json").read_text())
    assert (doc["to_move"], doc["ai"]) == ("O", "O")
    assert doc["scores"] == {"human_win": -25, "ai_win": 25, "draw": 0}
    scores = tracer.Scores(-25, 25, 0)
    expected = tracer.record(tracer.Board("XO......."), "O", ai="O", scores=scores)
    assert doc["result"] == expected.result.as_dict() and doc["calls"] == expected.calls


def test_example_list(cli, tmp_path):
    result = cli("--example")
    assert result.exit_code == 0
    listing, how = result.stdout.split("\n\n")
    names = [line.split()[0] for line in listing.splitlines()]
    assert names == examples.names()
    assert {"near-endgame", "forced-win", "forced-draw", "must-block", "o-to-move"} <= set(names)
    assert all(len(line.split(None, 1)) == 2 for line in listing.splitlines())
    # Each description is its example's whole first sentence, and the list says how to run one.
    assert "A forced draw: X cannot win against best play." in listing
    assert how.startswith("Run one with: trace --example NAME")
    assert sorted(files(tmp_path)) == []


@pytest.mark.parametrize("name", examples.names())
def test_every_example_runs(cli, tmp_path, name):
    args = ["--depth", "2"] if name == "empty-board" else []
    result = cli("--example", name, "-q", "-o", f"{name}.dot", *args)
    assert result.exit_code == 0, result.output
    assert (tmp_path / f"{name}.dot").read_text().startswith("digraph")


def test_example_near_endgame(cli, tmp_path):
    result = cli("--example", "near-endgame")
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("X plays cell 4 (centre) and wins at once: score +1\n")
    assert (tmp_path / "near-endgame.svg").exists()


def test_version(cli):
    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout == f"trace, version {tracer.__version__}\n"


def test_help_shows_examples(cli):
    for args in (["--help"], ["-h"], ["run", "--help"]):
        result = cli(*args)
        assert result.exit_code == 0
        assert "Examples:" in result.stdout
        assert "trace --example near-endgame" in result.stdout
        assert "trace render trace.json" in result.stdout
    assert "--turn" in cli("run", "--help").stdout


# ---------------------------------------------------------------- errors: nothing written

@pytest.fixture
def old_outputs(tmp_path: Path) -> dict[str, bytes]:
    """Pre-existing output files a failed run must leave untouched."""
    for name in ("board.svg", "out.svg", "out.png", "out.json", "run.log", "trace.svg"):
        (tmp_path / name).write_bytes(b"OLD " + name.encode())
    return files(tmp_path)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("X . O\nX . X\nO O . X\n", ["board.txt:3: expected 3 cells in row 3", "'O O . X'"]),
        ("X . O\nX Q X\nO O .\n", ["board.txt:2:", "'Q'"]),
        ("XXX\nXX.\n...\n", ["board.txt:1:", "differ by at most one"]),
        ("", ["board.txt:1:", "empty file"]),
    ],
)
@pytest.mark.parametrize("extra", [[], ["-o", "out.png"], ["-o", "out.json", "--log", "run.log"]])
def test_bad_board_exits_2_and_writes_nothing(cli, tmp_path, old_outputs, text, words, extra):
    (tmp_path / "board.txt").write_text(text)
    before = files(tmp_path)
    assert_one_line_error(cli("board.txt", *extra), 2, *words)
    assert files(tmp_path) == before


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["missing.txt"], ["missing.txt", "cannot read"]),
        (["."], ["cannot read"]),
        ([], ["give one board"]),
        (["board.txt", "--example", "near-endgame"], ["give one board"]),
        (["--example", "nope"], ["--example", "'nope'", "near-endgame"]),
        (["board.txt", "--scores", "1,2"], ["--scores", "'1,2'"]),
        (["board.txt", "--scores", "-1,1,0,5"], ["--scores", "three integers", "'-1,1,0,5'"]),
        # A long value is quoted cut to 60 characters, its last an ellipsis.
        (["board.txt", "--scores", "1" * 100], ["found '" + "1" * 59 + "…'"]),
        (["board.txt", "--scores", "1,-1,0"], ["human win < draw < AI win"]),
        (["board.txt", "-o", "out.txt"], ["'out.txt'", "--format"]),
        (["board.txt", "--focus", "99"], ["--focus 99"]),
        (["board.txt", "--depth", "-1"], ["--depth"]),
        (["board.txt", "--max-nodes", "20000"], ["--max-nodes"]),
    ],
)
def test_bad_usage_exits_2_with_one_line(cli, board, tmp_path, old_outputs, args, words):
    before = files(tmp_path)
    assert_one_line_error(cli(*args, "-q"), 2, *words)
    assert files(tmp_path) == before


@pytest.mark.parametrize("args", [["--ai", "Z"], ["--format", "gif"], ["--nope"], ["--depth", "x"]])
def test_click_usage_errors_exit_2_without_traceback(cli, board, tmp_path, old_outputs, args):
    before = files(tmp_path)
    result = cli("board.txt", *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    # One error style: the usage line, then one line "trace: error: ...".
    usage, error = result.stderr.splitlines()
    assert usage.startswith("Usage: ") and error.startswith("trace: error: ")
    assert files(tmp_path) == before


def test_too_large_tree_exits_2_and_writes_nothing(cli, tmp_path, old_outputs):
    before = files(tmp_path)
    start = time.perf_counter()
    result = cli("--example", "empty-board", "--depth", "8", "-o", "out.svg")
    assert time.perf_counter() - start < 5
    assert_one_line_error(result, 2, "--max-nodes", "--depth")
    assert files(tmp_path) == before


def test_without_system_graphviz_svg_and_png_come_from_the_pip_engine(cli, board, tmp_path, monkeypatch):
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    monkeypatch.delenv("TRACER_ENGINE", raising=False)
    result = cli("board.txt", "-o", "t.svg")
    assert result.exit_code == 0, result.output
    assert ET.fromstring((tmp_path / "t.svg").read_bytes()).tag == "{http://www.w3.org/2000/svg}svg"
    assert cli("board.txt", "-q", "-o", "t.png").exit_code == 0
    assert (tmp_path / "t.png").read_bytes().startswith(b"\x89PNG")


def test_pdf_without_system_graphviz_prints_the_log_then_one_line(cli, board, tmp_path, old_outputs,
                                                                   monkeypatch):
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    monkeypatch.delenv("TRACER_ENGINE", raising=False)
    before = files(tmp_path)
    result = cli("board.txt", "-o", "t.pdf")
    assert result.exit_code == 1
    # The log comes first: a drawing failure does not hide it.
    assert result.stdout == render_log(tracer.record(tracer.Board("X.OX.XOO."), "X"))
    (line,) = result.stderr.splitlines()
    assert line.startswith("trace: error: PDF needs Graphviz's 'dot' program")
    assert "apt-get install graphviz" in line and "svg or png" in line
    assert files(tmp_path) == before


def test_no_engine_at_all_exits_1_with_an_install_hint(cli, board, tmp_path, old_outputs, monkeypatch):
    from tracer.outputs import layout

    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    monkeypatch.setattr(layout, "find_pure", lambda: None)
    before = files(tmp_path)
    for args in (["board.txt", "-q"], ["board.txt", "-q", "-o", "out.png"], ["board.txt", "-o", "-"]):
        line = assert_one_line_error(cli(*args), 1, "Graphviz", "apt-get install graphviz", "pip")
        assert files(tmp_path) == before, line
    # DOT and JSON need no engine.
    assert cli("board.txt", "-q", "-o", "t.dot").exit_code == 0
    assert cli("board.txt", "-q", "-o", "t.json").exit_code == 0


def test_forcing_dot_without_it_says_so(cli, board, tmp_path, monkeypatch):
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    monkeypatch.setenv("TRACER_ENGINE", "dot")
    assert_one_line_error(cli("board.txt", "-q"), 1, "'dot' program was not found", "apt-get install graphviz")
    monkeypatch.setenv("TRACER_ENGINE", "graphviz")
    assert_one_line_error(cli("board.txt", "-q"), 2, "TRACER_ENGINE", "dot, pure")


# ---------------------------------------------------------------- JSON round trip

def test_json_round_trip_gives_the_same_dot_and_log(cli, board, tmp_path):
    assert cli("board.txt", "-q", "-o", "t.json").exit_code == 0
    assert cli("board.txt", "-q", "-o", "direct.dot").exit_code == 0
    assert cli("render", "t.json", "-q", "-o", "t.dot").exit_code == 0
    assert (tmp_path / "t.dot").read_bytes() == (tmp_path / "direct.dot").read_bytes()
    direct = cli("board.txt", "--no-tree")
    again = cli("render", "t.json", "--no-tree")
    assert again.exit_code == 0 and again.stdout == direct.stdout


def test_json_round_trip_of_a_position_with_shared_subtrees(cli, tmp_path):
    (tmp_path / "b.txt").write_text("X O .\n. . .\n. X O\n")
    assert cli("b.txt", "-q", "-o", "t.json").exit_code == 0
    assert cli("render", "t.json", "-q", "-o", "again.json").exit_code == 0
    assert (tmp_path / "again.json").read_bytes() == (tmp_path / "t.json").read_bytes()


def test_render_reads_stdin(cli, board, tmp_path):
    assert cli("board.txt", "-q", "-o", "t.json").exit_code == 0
    data = (tmp_path / "t.json").read_bytes()
    result = cli("render", "-", "-q", "-o", "t.dot", input=data)
    assert result.exit_code == 0, result.output


def corruptions() -> list[tuple[str, object]]:
    """(what, how) pairs: each turns the tutorial's JSON trace into a corrupt one."""

    def node(doc, *path):
        n = doc["tree"]
        for i in path:
            n = n["children"][i]
        return n

    def setter(*path, key, value):
        def apply(doc):
            node(doc, *path)[key] = value
        return apply

    def drop_child(doc):
        node(doc, 0)["children"].pop()

    def swap_children(doc):
        kids = node(doc)["children"]
        kids[0], kids[2] = kids[2], kids[0]

    return [
        ("root score", setter(key="score", value=-1)),
        ("inner score", setter(2, key="score", value=1)),
        ("terminal score", setter(1, key="score", value=0)),
        ("best", setter(key="best", value=1)),
        ("terminal", setter(1, key="terminal", value=None)),
        ("board", setter(0, key="board", value="XXOX.XOOX")),
        ("mark", setter(0, key="mark", value="X")),
        ("move", setter(0, key="move", value=8)),
        ("depth", setter(2, 0, key="depth", value=1)),
        ("call number", setter(1, key="call", value=4)),
        ("empty cells", setter(key="empty", value=[1, 4])),
        ("missing child", drop_child),
        ("children order", swap_children),
        ("calls", lambda doc: doc.update(calls=10)),
        ("result", lambda doc: doc.update(result={"index": 1, "score": 1})),
        ("version", lambda doc: doc.update(version=2)),
        ("format", lambda doc: doc.update(format="other")),
        ("scores", lambda doc: doc.update(scores={"human_win": 1, "ai_win": -1, "draw": 0})),
        ("ai", lambda doc: doc.update(ai="Q")),
        ("no tree", lambda doc: doc.pop("tree")),
        ("tree type", lambda doc: doc.update(tree=[1, 2])),
        ("score type", setter(key="score", value="1")),
    ]


@pytest.mark.parametrize(("what", "corrupt"), corruptions(), ids=[c[0] for c in corruptions()])
def test_a_corrupt_json_trace_is_refused(cli, board, tmp_path, old_outputs, what, corrupt):
    assert cli("board.txt", "-q", "-o", "good.json").exit_code == 0
    doc = json.loads((tmp_path / "good.json").read_text())
    corrupt(doc)
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    before = files(tmp_path)
    assert_one_line_error(cli("render", "bad.json", "-o", "out.svg"), 2, "bad.json")
    assert files(tmp_path) == before


@pytest.mark.parametrize(
    ("what", "data"),
    [
        ("not JSON", b"this is not json"),
        ("truncated", None),
        ("binary", b"\xff\xfe\x00garbage"),
        ("empty", b""),
        ("a list", b"[]"),
        ("deep nesting", b"[" * 100_000 + b"]" * 100_000),
    ],
)
def test_a_broken_json_file_is_refused(cli, board, tmp_path, old_outputs, what, data):
    if data is None:
        assert cli("board.txt", "-q", "-o", "good.json").exit_code == 0
        data = (tmp_path / "good.json").read_bytes()[:300]
    (tmp_path / "bad.json").write_bytes(data)
    before = files(tmp_path)
    assert_one_line_error(cli("render", "bad.json", "-o", "out.svg"), 2, "bad.json")
    assert files(tmp_path) == before


def test_corrupting_a_repeated_position_is_refused(cli, tmp_path, old_outputs):
    # With four empty cells, X on 2, O on 3, X on 4 and X on 4, O on 3, X on 2 meet the same
    # position: the loader must check the second meeting as carefully as the first.
    (tmp_path / "b.txt").write_text("X O .\n. . .\n. X O\n")
    assert cli("b.txt", "-q", "-o", "good.json").exit_code == 0
    doc = json.loads((tmp_path / "good.json").read_text())
    seen: dict[tuple[str, str], int] = {}
    target = None

    def walk(n):
        nonlocal target
        key = (n["board"], n["mark"])
        if key in seen and len(n["children"]) >= 2 and target is None:
            target = n
        seen[key] = n["call"]
        for child in n["children"]:
            walk(child)

    walk(doc["tree"])
    assert target is not None
    wrong = [m for m in target["empty"] if m != target["best"]][0]
    target["best"] = wrong
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    before = files(tmp_path)
    assert_one_line_error(cli("render", "bad.json", "-o", "out.svg"), 2, "bad.json")
    assert files(tmp_path) == before


# ---------------------------------------------------------------- determinism

@pytest.mark.parametrize("args", [["--no-tree"], ["-q", "-o", "t.json"], ["-q", "-o", "t.dot"]])
def test_output_is_the_same_bytes_twice(cli, tmp_path, args):
    (tmp_path / "b.txt").write_text("X O .\n. . .\n. X O\n")
    first = cli("b.txt", *args)
    one = files(tmp_path)
    second = cli("b.txt", *args)
    assert first.exit_code == second.exit_code == 0
    assert first.stdout == second.stdout
    assert files(tmp_path) == one


# ---------------------------------------------------------------- a real, non-editable install

@pytest.mark.slow  # a wheel built and installed: 10-30 s
def test_bundled_examples_work_after_a_wheel_install(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)],
        check=True, capture_output=True, timeout=120,
    )
    (wheel,) = wheels.glob("*.whl")
    venv = tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
        check=True, capture_output=True, timeout=60,
    )
    python = venv / "bin" / "python"
    # click and graphviz come from the environment running the tests (where CI installed
    # them), added after the new venv's own packages; tracer itself only from the wheel.
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    Path(purelib, "test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # That path may hold an installed tracer too (CI installs the project there):
    # --ignore-installed makes pip put the wheel's copy into the new venv regardless.
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--ignore-installed",
         str(wheel)],
        check=True, capture_output=True, timeout=120,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = subprocess.run(
        [str(python), "-c", "import tracer; print(tracer.__file__)"],
        cwd=elsewhere, env=env, capture_output=True, text=True, check=True,
    )
    assert str(venv) in where.stdout and str(ROOT) not in where.stdout
    assert (Path(where.stdout.strip()).parent / "py.typed").is_file()  # type checkers read its hints
    listed = subprocess.run(
        [str(venv / "bin" / "trace"), "--example"], cwd=elsewhere, env=env,
        capture_output=True, text=True, timeout=60,
    )
    assert listed.returncode == 0, listed.stderr
    assert "near-endgame" in listed.stdout
    # Drawn by the engine pip installed, found without the PATH's help (issue 23).
    done = subprocess.run(
        [str(venv / "bin" / "trace"), "--example", "near-endgame"], cwd=elsewhere,
        env={**env, "TRACER_ENGINE": "pure", "PATH": str(elsewhere)},
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("X plays cell 4 (centre) and wins at once: score +1\n")
    assert (elsewhere / "near-endgame.svg").read_bytes().startswith(b"<?xml")
    module = subprocess.run(
        [str(python), "-m", "tracer", "--example", "near-endgame", "--no-tree"], cwd=elsewhere,
        env=env, capture_output=True, text=True, timeout=60,
    )
    assert module.returncode == 0 and "Result: {index: 4, score: 1}" in module.stdout


@pytest.mark.parametrize("option", ["-o", "--log", "--html"])
def test_a_path_in_a_missing_folder_is_refused_before_writing(cli, option, tmp_path):
    name = "missing/out.html" if option == "--html" else "missing/out.svg"
    result = cli("--example", "near-endgame", option, name)
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"trace: error: {option}: cannot write '{name}': the folder 'missing' does not exist"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_stats_write_no_picture_unless_asked(cli, tmp_path):
    (tmp_path / "board.txt").write_text("X . O\nX . X\nO O .\n")
    result = cli("board.txt", "--stats")
    assert result.exit_code == 0, result.output
    assert "calls" in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.txt"]
    assert cli("board.txt", "--stats", "-o", "tree.svg").exit_code == 0
    assert (tmp_path / "tree.svg").exists()


def test_a_forced_win_is_not_said_as_an_immediate_win(cli):
    result = cli("--example", "forced-win", "--no-tree")
    assert result.exit_code == 0
    last = result.stdout.splitlines()[-1]
    assert last.startswith("X plays cell 4 (centre) and can force a win: on the chosen line "
                           "the game ends after 3 moves (2 by X)")
    assert " and wins" not in result.stdout


def test_a_huge_log_is_summarised_on_a_terminal_but_piped_in_full(cli, monkeypatch):
    from tracer.outputs import log as log_output

    # A terminal: the summary, and one line saying how to get the whole log.
    monkeypatch.setattr(log_output, "is_terminal", lambda stream: True)
    monkeypatch.setattr(log_output, "TERMINAL_LOG_CALLS", 100)
    result = cli("--example", "forced-win", "--no-tree")
    assert result.exit_code == 0
    assert result.stdout.startswith("board ") and "calls                246" in result.stdout
    assert "step 7" not in result.stdout
    assert result.stderr.startswith("trace: the full log has 246 calls") and "--log PATH" in result.stderr
    # Not a terminal (a pipe, a file): the whole log, however long.
    monkeypatch.setattr(log_output, "is_terminal", lambda stream: False)
    result = cli("--example", "forced-win", "--no-tree")
    assert result.stdout.count("step 7") == 1 and result.stdout.rstrip().endswith("score +1")


# ---------------------------------------------------------------- strict where the format is strict

def test_log_dash_means_standard_output(cli, board, tmp_path):
    result = cli("board.txt", "-q", "--no-tree", "--log", "-")
    assert result.exit_code == 0
    assert result.stdout.startswith("Minimax trace of") and not (tmp_path / "-").exists()
    both = cli("board.txt", "--log", "-", "-o", "-")
    assert both.exit_code == 2 and "both go to standard output" in both.stderr


def test_a_suffix_that_contradicts_format_is_refused(cli, board, tmp_path, old_outputs):
    before = files(tmp_path)
    assert_one_line_error(cli("board.txt", "-q", "-o", "out.svg", "--format", "png"), 2, "out.svg", "png")
    assert files(tmp_path) == before
    assert cli("board.txt", "-q", "-o", "out.png", "--format", "png").exit_code == 0


@pytest.mark.parametrize("extra", [[], ["--figures", "figs"]])
def test_max_nodes_zero_is_refused_for_trees_and_figures_alike(cli, board, tmp_path, old_outputs, extra):
    before = files(tmp_path)
    assert_one_line_error(cli("board.txt", "-q", "--max-nodes", "0", *extra), 2, "--max-nodes", "found 0")
    assert files(tmp_path) == before


def test_a_binary_picture_is_not_written_to_a_terminal(cli, board, monkeypatch):
    from tracer.outputs import tree as tree_output

    monkeypatch.setattr(tree_output, "is_terminal", lambda stream: True)
    assert_one_line_error(cli("board.txt", "-q", "-o", "-", "--format", "png"), 2, "terminal", "-o tree.png")
    # SVG and DOT are text: a terminal may show them.
    assert cli("board.txt", "-q", "-o", "-", "--format", "dot").exit_code == 0


def test_a_failure_while_writing_leaves_every_output_as_it_was(cli, board, tmp_path, monkeypatch):
    from tracer.errors import EnvironmentFault
    from tracer.outputs.tree import TreeOutput

    (tmp_path / "old.log").write_text("the earlier log\n")

    def disk_full(self):
        raise EnvironmentFault("cannot write 't.svg': the disk is full")

    monkeypatch.setattr(TreeOutput, "write", disk_full)
    result = cli("board.txt", "-q", "--log", "old.log", "--html", "page.html", "-o", "t.svg")
    assert result.exit_code == 1
    assert result.stderr == "trace: error: cannot write 't.svg': the disk is full\n"
    # The log and the page were written in full first, but neither was moved into place.
    assert (tmp_path / "old.log").read_text() == "the earlier log\n"
    assert not (tmp_path / "page.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.txt", "old.log"]
