"""The quick start (issue 20): ``trace BOARD --stats`` read without click, exactly as click's program runs it.

``tracer.cli`` reads a plain summary run by hand and hands every other command line
to click's program (``tracer.commands``). These tests hold the two ways to the same
bytes, exit status and error lines, check which command lines take the quick way, and
check that the quick way loads none of the heavy modules, so the start cannot slow
again unnoticed. How fast it starts is measured in ``benchmarks/start_bench.py`` only.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tracer import search
from tracer.cli import COMMANDS, quick_run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

#: ``trace ARGS`` through click's program, whatever the arguments.
THROUGH_CLICK = "import sys; from tracer.commands import main; main(sys.argv[1:], prog_name='trace')"

#: Modules a summary run never needs (each costs the start milliseconds). ``typing``,
#: ``dataclasses`` (with ``inspect``, ``ast``, ``dis``, ``tokenize``), ``pkgutil`` and ``urllib``
#: are kept out by ``tracer.records`` and ``tracer.modules`` and by loading on first use.
HEAVY = ("click", "tracer.commands", "tracer.options", "tracer.commandline", "graphviz", "html", "json",
         "pathlib", "tempfile", "shutil", "difflib", "textwrap", "threading",
         "tracer.tracefile", "tracer.renderers.log", "tracer.renderers.tree",
         "typing", "dataclasses", "inspect", "ast", "dis", "tokenize", "pkgutil", "urllib", "urllib.parse",
         "tracer.games.learner.game")


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[int, bytes, bytes]:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, timeout=300, stdin=subprocess.DEVNULL,
                          env={**os.environ, **(env or {})})
    return done.returncode, done.stdout, done.stderr


@pytest.fixture()
def boards(tmp_path: Path) -> Path:
    (tmp_path / "empty.txt").write_text("...\n...\n...\n")
    (tmp_path / "near.txt").write_text((EXAMPLES / "near-endgame.txt").read_text())
    (tmp_path / "tree.txt").write_text((EXAMPLES / "aima-5.2.txt").read_text())
    (tmp_path / "nim.txt").write_text("3 4 5\n")
    (tmp_path / "bad.txt").write_text("X X X\nO\n")
    (tmp_path / "blank.txt").write_text("")
    return tmp_path


SUMMARY_RUNS = [
    *(["empty.txt", "--stats", "--no-tree", "--algorithm", name] for name in search.names()),
    ["near.txt", "--stats"],
    ["--stats", "near.txt", "-q"],
    ["near.txt", "--quiet", "--stats", "--algorithm=alphabeta", "--no-tree"],
    ["tree.txt", "--stats", "--algorithm", "memo"],
    ["bad.txt", "--stats"],
    ["blank.txt", "--stats", "--no-tree"],
]


@pytest.mark.parametrize("args", SUMMARY_RUNS, ids=" ".join)
def test_a_summary_run_is_quick_and_prints_what_clicks_program_prints(boards, args):
    assert quick_run([str(boards / a) if a.endswith(".txt") else a for a in args]) is not None
    quick = _run([sys.executable, "-m", "tracer", *args], boards)
    through_click = _run([sys.executable, "-c", THROUGH_CLICK, *args], boards)
    assert quick == through_click
    status, out, err = quick
    if args[0] in ("bad.txt", "blank.txt"):
        assert status == 2 and out == b"" and err.decode().startswith("trace: error: ")
        assert len(err.decode().splitlines()) == 1
    else:
        assert status == 0 and err == b"" and b"calls" in out and b"result" in out


@pytest.mark.parametrize("args", [
    [],
    ["BOARD"],                                  # no --stats: the log and the tree
    ["BOARD", "--stats", "-o", "t.svg"],        # an option the quick run does not read
    ["BOARD", "--stats", "--algorithm", "nosuch"],
    ["BOARD", "--stats", "--algorithm"],
    ["BOARD", "--stats", "--algorithm", "memo", "--algorithm", "memo"],
    ["missing.txt", "--stats"],                 # click's program says what is wrong
    ["-", "--stats"],
    ["BOARD", "BOARD", "--stats"],
    ["BOARD", "--stats", "--"],
    ["BOARD", "-qq", "--stats"],
    ["run", "BOARD", "--stats"],
    ["--help"],
    ["BOARD", "--stats", "--help"],
])
def test_every_other_command_line_goes_to_click(boards, args):
    board = str(boards / "empty.txt")
    assert quick_run([board if a == "BOARD" else a for a in args]) is None


@pytest.mark.parametrize("variable", ["NO_COLOR", "_TRACE_COMPLETE"])
def test_colour_and_completion_settings_go_to_click(boards, monkeypatch, variable):
    args = [str(boards / "empty.txt"), "--stats"]
    assert quick_run(args) is not None
    monkeypatch.setenv(variable, "1")
    assert quick_run(args) is None


def test_the_quick_run_knows_every_command_and_the_default_search():
    from tracer.commands import main

    assert sorted(COMMANDS) == sorted(main.commands)
    assert search.GUIDE.algorithm == search.baseline().name
    assert search.GUIDE.settings == search.SearchSpec(search.baseline().name).settings


LOADED = "import sys; {code}; print(' '.join(sorted(sys.modules)))"


def _loaded(code: str, cwd: Path) -> set[str]:
    done = subprocess.run([sys.executable, "-c", LOADED.format(code=code)], cwd=cwd, capture_output=True,
                          text=True, timeout=300, check=True)
    return set(done.stdout.splitlines()[-1].split())


def test_importing_the_front_door_loads_no_command_line_library(boards):
    loaded = _loaded("import tracer.cli", boards)
    assert "tracer.cli" in loaded
    assert [name for name in (*HEAVY, "tracer.games", "tracer.search", "tracer.outputs", "tracer.trace")
            if name in loaded] == []


@pytest.mark.parametrize("board", ["empty.txt", "tree.txt", "nim.txt"])
@pytest.mark.parametrize("algorithm", search.names())
def test_a_summary_run_loads_none_of_the_heavy_modules(boards, algorithm, board):
    code = f"from tracer.cli import start; start(['{board}', '--stats', '--no-tree', '--algorithm', '{algorithm}'])"
    loaded = _loaded(code, boards)
    assert {"tracer.outputs.stats", "tracer.search", f"tracer.search.{algorithm}"} <= loaded  # it did run
    assert [name for name in HEAVY if name in loaded] == []
