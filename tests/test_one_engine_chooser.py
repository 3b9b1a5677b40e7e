"""Every drawing goes through one engine chooser (tracer/outputs/layout.py), so every drawing
works on a machine without Graphviz (issue 23).

Two checks: the source holds no other way to run a program (graphviz's ``pipe``/``render``/
``view``, ``subprocess``, ``os.system``…), and every kind of drawing, run with Graphviz's
``dot`` out of reach and graphviz's own runner booby-trapped, comes out through the chooser.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import graphviz.backend.execute
import pytest

import tracer
from tracer.cli import main

PACKAGE = Path(tracer.__file__).resolve().parent
CHOOSER = PACKAGE / "outputs" / "layout.py"
#: Calls that run a layout program (graphviz's methods and module functions) or any program.
GRAPHVIZ_RUNNERS = {"pipe", "render", "view", "unflatten"}
PROCESS_MODULES = {"subprocess", "pty", "multiprocessing", "asyncio.subprocess"}
OS_RUNNERS = {"system", "popen", "posix_spawn", "posix_spawnp", "startfile", "fork", "forkpty"}
#: tracer's own methods that share a name with graphviz's: the outputs' render step.
OWN_RENDER_CALLS = {("outputs/base.py", "out.render")}
#: The modules that run a program which is not a layout engine: ``trace check`` runs the
#: learner's own program (under python or node) through a guard process that ends its whole
#: process tree, and asks node whether a script parses; ``trace check DIR`` runs each
#: submission's check in a process of its own; never Graphviz.
LEARNERS_RUNNERS = (PACKAGE / "check" / "running" / "program.py", PACKAGE / "check" / "running" / "processes.py",
                    PACKAGE / "check" / "source" / "jsprogram.py", PACKAGE / "classcheck" / "child.py")


def runs_a_program(tree: ast.AST, where: str) -> list[str]:
    """The places in one module that import a process module or call a program runner."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            found += [f"line {node.lineno}: imports {name}" for name in names if name in PROCESS_MODULES]
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        name = node.func.attr
        owner = ast.unparse(node.func.value)
        if name in GRAPHVIZ_RUNNERS and (where, f"{owner}.{name}") not in OWN_RENDER_CALLS:
            found.append(f"line {node.lineno}: calls {owner}.{name}()")
        if owner == "os" and (name in OS_RUNNERS or name.startswith(("exec", "spawn"))):
            found.append(f"line {node.lineno}: calls os.{name}()")
    return found


def test_only_the_engine_chooser_runs_a_program():
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == CHOOSER or path in LEARNERS_RUNNERS:
            continue
        where = path.relative_to(PACKAGE).as_posix()
        found = runs_a_program(ast.parse(path.read_text(encoding="utf-8")), where)
        if found:
            offenders[where] = found
    assert offenders == {}


@pytest.mark.parametrize("runner", LEARNERS_RUNNERS, ids=lambda p: p.name)
def test_the_learners_runners_run_no_layout_engine(runner):
    """The modules ``trace check`` runs programs with name no layout program."""
    text = runner.read_text(encoding="utf-8")
    assert not any(name in text for name in ('"dot"', "'dot'", "graphviz", "neato"))


def test_the_scan_sees_each_way_to_run_a_program():
    # The check above can fail: each of these is caught.
    for code in ("import subprocess", "from subprocess import run", "graph.pipe(format='svg')",
                 "graphviz.render('dot', 'svg', 'f.gv')", "g.view()", "os.system('dot')",
                 "os.execvp('dot', [])", "out.render()"):
        assert runs_a_program(ast.parse(code), "renderers/x.py"), code
    assert runs_a_program(ast.parse("out.render()"), "outputs/base.py") == []
    assert runs_a_program(ast.parse("pipe(graph, 'svg')"), "renderers/x.py") == []


@pytest.fixture
def no_dot(monkeypatch, tmp_path):
    """Graphviz's dot out of reach (an empty PATH), and graphviz's own runner and any
    process started outside the chooser turned into a failing test."""
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.delenv("TRACER_ENGINE", raising=False)
    started: list[str] = []

    def graphviz_ran(*args, **kwargs):
        raise AssertionError(f"graphviz ran a layout program itself: {args[0]!r}")

    real_run = subprocess.run

    def checked_run(args, *rest, **kwargs):
        caller = Path(sys._getframe(1).f_code.co_filename).resolve()
        assert caller == CHOOSER, f"{caller} started {args!r}"
        started.append(Path(args[0]).name)
        return real_run(args, *rest, **kwargs)

    monkeypatch.setattr(graphviz.backend.execute, "run_check", graphviz_ran)
    monkeypatch.setattr(subprocess, "run", checked_run)
    return started


def test_every_output_draws_through_the_chooser_without_dot(no_dot, runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runs = [
        ["--example", "near-endgame", "-q", "-o", "t.svg"],
        ["--example", "near-endgame", "-q", "-o", "t.png"],
        ["--example", "near-endgame", "-q", "--figures", "figs"],
        ["--example", "aima-5.2", "-q", "--algorithm", "alphabeta", "--html", "page.html"],
        ["compare", "--example", "slow-win", "--html", "compare.html"],
        ["compare", "--example", "cutoffs-differ", "--html", "tree-compare.html"],
        ["play", "--first", "human", "--save", "saved"],
    ]
    for args in runs:
        result = runner.invoke(main, args, input="4\n2\nwhy\n5\nn\n" if args[0] == "play" else None)
        assert result.exit_code == 0, (args, result.output)
    assert no_dot and set(no_dot) == {"graphviz-pure"}
    for name in ("t.svg", "compare.html", "tree-compare.html", "figs/overview.svg"):
        assert "<svg" in (tmp_path / name).read_text(encoding="utf-8"), name
    assert (tmp_path / "t.png").read_bytes().startswith(b"\x89PNG")
    assert list((tmp_path / "saved").glob("*.svg"))


def test_every_notebook_picture_draws_through_the_chooser_without_dot(no_dot):
    from tracer.renderers.tree import game_tree

    trace = tracer.record("X.OX.XOO.")
    pictures = {
        "game_tree": game_tree(trace)._repr_mimebundle_(),
        "test_play_figure(...).graph": tracer.test_play_figure(trace, 2).graph._repr_mimebundle_(),
        "overview_figure(...).graph": tracer.overview_figure(trace).graph._repr_mimebundle_(),
        "a figure": tracer.figures(trace)[2]._repr_mimebundle_(),
    }
    for what, bundle in pictures.items():
        assert bundle["image/svg+xml"].lstrip().startswith("<?xml"), what
    # Only SVG is offered: graphviz's own PNG and JPEG would run dot.
    assert game_tree(trace)._repr_mimebundle_(include=["image/png", "image/jpeg"]) == {}
    assert "<svg" in trace._repr_html_() and "<svg" in tracer.figures(trace)._repr_html_()
    assert "<svg" in trace._repr_mimebundle_()["image/svg+xml"]
    fig52 = tracer.search(tracer.tree("A: [B: [3, 12, 8], C: [2, 4, 6]]"), "alphabeta")
    assert "<svg" in game_tree(fig52)._repr_image_svg_xml()
    assert set(no_dot) == {"graphviz-pure"}


def test_the_diagrams_dot_text_is_graphvizs(tutorial_trace):
    from tracer.renderers.diagram import Diagram
    from tracer.renderers.tree import game_tree

    graph = game_tree(tutorial_trace)
    assert isinstance(graph, Diagram) and isinstance(graph, graphviz.Digraph)
    copy = graph.copy()
    assert isinstance(copy, Diagram) and copy.source == graph.source
