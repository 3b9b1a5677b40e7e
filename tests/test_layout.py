"""The layout engines: system ``dot`` or the pip-installed ``graphviz-pure``, chosen and scaled."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tracer
from tracer.outputs import layout
from tracer.outputs.files import pipe
from tracer.renderers.tree import game_tree

SVG = "{http://www.w3.org/2000/svg}"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def node_titles(svg: bytes) -> set[str]:
    root = ET.fromstring(svg)
    return {g.findtext(f"{SVG}title") or "" for g in root.iter(f"{SVG}g") if g.get("class") == "node"}


def dot_node_names(source: str) -> set[str]:
    """The node statements of a DOT source (``name [label=...]``), read independently of any engine."""
    return set(re.findall(r"^\s*(\w+) \[", source, re.M)) - {"graph", "node", "edge"}


def test_the_pip_engine_draws_every_node_of_the_tree(tutorial_trace):
    graph = game_tree(tutorial_trace)
    svg = pipe(graph, "svg", engine="pure")
    assert node_titles(svg) == dot_node_names(graph.source)
    assert len(node_titles(svg)) >= tutorial_trace.calls  # every call is a node (plus the legend)


def test_the_pip_engine_is_given_a_font_it_has(tutorial_trace):
    svg = pipe(game_tree(tutorial_trace), "svg", engine="pure").decode()
    assert 'font-family="Arial"' in svg and "DejaVu" not in svg


@pytest.mark.parametrize("engine", ["auto", "pure"])
def test_scale_multiplies_the_pixels_of_a_png(tutorial_trace, engine):
    graph = game_tree(tutorial_trace)
    width, height = png_size(pipe(graph, "png", engine=engine))
    width2, height2 = png_size(pipe(graph, "png", engine=engine, scale=2))
    assert abs(width2 - 2 * width) <= 2 and abs(height2 - 2 * height) <= 2


def test_pdf_from_the_pip_engine_is_refused_in_one_line(tutorial_trace):
    with pytest.raises(tracer.RenderError) as caught:
        pipe(game_tree(tutorial_trace), "pdf", engine="pure")
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("PDF needs Graphviz's 'dot' program")
    assert "apt-get install graphviz" in message


def test_the_environment_variable_chooses_the_engine(monkeypatch):
    monkeypatch.setenv("TRACER_ENGINE", "pure")
    assert layout.choose_engine("svg")[0] == "pure"
    monkeypatch.setenv("TRACER_ENGINE", "Bogus")
    with pytest.raises(tracer.InputError, match="TRACER_ENGINE: unknown engine 'bogus'"):
        layout.choose_engine("svg")
    # The argument (--engine) wins over the variable.
    assert layout.choose_engine("svg", "pure")[0] == "pure"


def test_auto_prefers_system_dot_and_falls_back_to_the_pip_engine(monkeypatch):
    monkeypatch.delenv("TRACER_ENGINE", raising=False)
    monkeypatch.setattr(layout, "find_dot", lambda: "/somewhere/dot")
    assert layout.choose_engine("svg") == ("dot", "/somewhere/dot")
    monkeypatch.setattr(layout, "find_dot", lambda: None)
    assert layout.choose_engine("png")[0] == "pure"


def test_bad_scale_is_bad_input(tutorial_trace):
    with pytest.raises(tracer.InputError, match="--scale"):
        pipe(game_tree(tutorial_trace), "png", scale=0)


def test_a_failing_layout_is_one_line(monkeypatch):
    with pytest.raises(tracer.RenderError) as caught:
        layout.render("digraph { a -> }", "svg", engine="pure")
    assert str(caught.value).startswith("Graphviz (pure) failed: ")
    assert "\n" not in str(caught.value)


def test_the_pip_engine_is_found_where_pip_recorded_it(monkeypatch, tmp_path):
    # Neither beside the interpreter nor on the PATH (a --user install, or a virtual
    # environment borrowing another's packages): pip's record of the package says where.
    import sysconfig
    from importlib import metadata


    monkeypatch.setattr(sysconfig, "get_path", lambda name: str(tmp_path))
    monkeypatch.setattr(layout.sys, "executable", str(tmp_path / "python"))
    monkeypatch.setenv("PATH", str(tmp_path))
    (recorded,) = [f for f in metadata.distribution("graphviz-pure").files or []
                   if f.name == "graphviz-pure"]
    assert layout.find_pure() == str(Path(recorded.locate()).resolve())
    monkeypatch.setattr(layout, "_installed_programs", lambda name: [])
    assert layout.find_pure() is None
