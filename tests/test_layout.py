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


# ---- the PNG limits: at most 32,767 px a side and 25 million pixels (README, docs/rendering.md) ----
#
# A stand-in for Graphviz's dot, so a drawing can be placed exactly at a limit: it writes an
# SVG whose header gives the size asked for (in points, as Graphviz's does) and a PNG whose
# IHDR header (PNG spec: width and height, 4-byte big-endian, at bytes 16-23) holds the
# bitmap's size: points x dpi / 72 (a point is 1/72 inch), unless told another size.
FAKE_DOT = '''\
import json, os, struct, sys, zlib
spec = json.loads(os.environ["FAKE_DOT"])
fmt = next(arg[2:] for arg in sys.argv[1:] if arg.startswith("-T"))
dpi = next((float(arg[6:]) for arg in sys.argv[1:] if arg.startswith("-Gdpi=")), 96.0)
sys.stdin.buffer.read()
sys.stderr.write(spec.get("stderr", ""))
w, h = spec.get("pt", [100, 50])
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
if "stdout" in spec:
    out = spec["stdout"].encode("latin-1")
elif fmt == "png":
    pw, ph = spec.get("png") or [round(w * dpi / 72), round(h * dpi / 72)]
    ihdr = struct.pack(">IIBBBBB", pw, ph, 8, 2, 0, 0, 0)
    out = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")
else:
    out = (f'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\\n<svg width="{w}pt" height="{h}pt" '
           f'viewBox="0.00 0.00 {w} {h}" xmlns="http://www.w3.org/2000/svg"><g class="graph"/></svg>\\n').encode()
sys.stdout.buffer.write(out)
sys.exit(spec.get("status", 0))
'''


@pytest.fixture
def fake_dot(tmp_path, monkeypatch):
    """``fake_dot(**spec)``: the stand-in dot, alone on the PATH, told what to write."""
    import json
    import sys

    folder = tmp_path / "bin"
    folder.mkdir()
    program = folder / "dot"
    program.write_text(f"#!{sys.executable}\n{FAKE_DOT}", encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))
    monkeypatch.delenv("TRACER_ENGINE", raising=False)

    def tell(**spec) -> str:
        monkeypatch.setenv("FAKE_DOT", json.dumps(spec))
        return str(program)

    return tell


def draw_png(cli, tmp_path: Path, scale: str):
    (tmp_path / "t.txt").write_text("[1 2]\n", encoding="utf-8")
    return cli("t.txt", "-q", "--engine", "dot", "--scale", scale, "-o", "t.png")


def refused_without_writing(result, tmp_path: Path, *words: str) -> None:
    """Exit status 2, one ``trace: error:`` line naming the limit, and the PNG left as it was."""
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("trace: error: ") and all(word in line for word in words), line
    assert (tmp_path / "t.png").read_bytes() == b"an earlier picture"


# --scale 0.75 is 72 dpi (Graphviz draws bitmaps at 96 dpi), a pixel a point; 1.5 is 144 dpi.
@pytest.mark.parametrize("scale, pt, pixels", [
    ("0.75", [32767, 10], (32767, 10)), ("0.75", [10, 32767], (10, 32767)),
    ("1.5", [16383.5, 5], (32767, 10)), ("0.75", [5000, 5000], (5000, 5000)),
])
def test_a_png_at_the_limits_is_drawn(fake_dot, cli, tmp_path, scale, pt, pixels):
    fake_dot(pt=pt)
    result = draw_png(cli, tmp_path, scale)
    assert result.exit_code == 0, result.output
    assert png_size((tmp_path / "t.png").read_bytes()) == pixels


@pytest.mark.parametrize("scale, pt, said", [
    ("0.75", [32768, 10], "32,768 × 10 pixels"), ("0.75", [10, 32768], "10 × 32,768 pixels"),
    ("1.5", [16384, 5], "32,768 × 10 pixels"), ("0.75", [4901, 5101], "4,901 × 5,101 pixels"),
])
def test_one_pixel_past_a_png_limit_is_refused_before_drawing(fake_dot, cli, tmp_path, scale, pt, said):
    # 4,901 x 5,101 is 25,000,001 pixels, each side well under 32,767.
    fake_dot(pt=pt)
    (tmp_path / "t.png").write_bytes(b"an earlier picture")
    refused_without_writing(draw_png(cli, tmp_path, scale), tmp_path, said,
                            "over the limit of 25 million pixels and 32,767 a side", "--scale")


def test_a_layout_is_measured_wherever_its_header_comes():
    """The size is read from the ``<svg>`` tag however long the comments before it (a title)."""
    svg = b"<?xml?>\n<!-- Title: " + b"t" * 20_000 + b' -->\n<svg width="32768pt" height="10pt">'
    with pytest.raises(tracer.TooLargeError, match="32,768 × 10 pixels"):
        layout.check_png_size(svg, 72)
    layout.check_png_size(svg.replace(b"32768pt", b"32767pt"), 72)


@pytest.mark.parametrize("pixels", [(32768, 10), (10, 32768), (2**24, 1), (1, 2**24)])
def test_a_bitmap_drawn_past_the_side_limit_is_refused(fake_dot, cli, tmp_path, pixels):
    """The layout measured small, but the engine drew a bigger bitmap: its header decides."""
    fake_dot(pt=[100, 50], png=list(pixels))
    (tmp_path / "t.png").write_bytes(b"an earlier picture")
    refused_without_writing(draw_png(cli, tmp_path, "1"), tmp_path, "too large to read", "32,767 pixels")


@pytest.mark.parametrize("pixels", [(32767, 10), (10, 32767), (32767, 32767)])
def test_a_bitmap_drawn_at_the_side_limit_is_kept(fake_dot, cli, tmp_path, pixels):
    fake_dot(pt=[100, 50], png=list(pixels))
    assert draw_png(cli, tmp_path, "1").exit_code == 0
    assert png_size((tmp_path / "t.png").read_bytes()) == pixels


def test_a_bitmap_is_measured_by_its_png_header_alone():
    header = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR"
    wide = header + struct.pack(">II", 32768, 1)  # 24 bytes: all a PNG needs to give its size
    assert layout._png_too_large(wide) and not layout._png_too_large(header + struct.pack(">II", 32767, 1))
    # Nothing to read a size from: not a PNG's signature, or too short to hold the size.
    assert not layout._png_too_large(b"\x89PNG-not" + wide[8:])
    assert not layout._png_too_large(wide[:23]) and not layout._png_too_large(b"\x89PNG")


def test_graphviz_draws_bitmaps_at_96_dpi(tutorial_trace):
    """At --scale 1 a PNG has Graphviz's 96 pixels an inch of the layout (72 points an inch)."""
    graph = game_tree(tutorial_trace)
    svg = pipe(graph, "svg", engine="pure")
    found = re.search(rb'<svg width="([0-9.]+)pt" height="([0-9.]+)pt"', svg)
    assert found is not None
    width, height = png_size(pipe(graph, "png", engine="pure"))
    assert abs(width - float(found[1]) * 96 / 72) <= 2 and abs(height - float(found[2]) * 96 / 72) <= 2


@pytest.mark.system_dot
def test_a_png_dot_would_shrink_is_refused():
    """Graphviz's own dot shrinks a bitmap wider than 32,767 px and says "Scaling by"."""
    dot = layout.find_dot()
    assert dot is not None
    with pytest.raises(tracer.TooLargeError, match="too large to read"):
        layout._run("dot", dot, "png", 'digraph { a [shape=box width=400 height=0.1] }', [], lambda _: None)
    # The same drawing as an SVG is no bitmap: nothing to shrink.
    assert b"<svg" in layout._run("dot", dot, "svg", 'digraph { a [shape=box width=400 height=0.1] }', [])


# ---- running the layout program ----------------------------------------------------------------

def run_fake(fake_dot, name: str = "dot", fmt: str = "svg", **spec) -> tuple[bytes, list[str]]:
    warnings: list[str] = []
    return layout._run(name, fake_dot(**spec), fmt, "digraph {}", [], warnings.append), warnings


def test_a_program_that_cannot_run_is_one_line(tmp_path):
    for program in (tmp_path / "missing", tmp_path / "not-executable"):
        if program.name == "not-executable":
            program.write_text("not a program", encoding="utf-8")
        with pytest.raises(tracer.RenderError) as caught:
            layout._run("dot", str(program), "svg", "digraph {}", [])
        assert str(caught.value).startswith(f"cannot run {program}: ") and "\n" not in str(caught.value)


def test_a_failing_exit_status_fails_even_with_output(fake_dot):
    with pytest.raises(tracer.RenderError) as caught:
        run_fake(fake_dot, status=1, stderr="Warning: first\n\tError: syntax error in line 1  \n   \n")
    # The last thing the program said, without its indent or the blank line after it.
    assert str(caught.value) == "Graphviz (dot) failed: Error: syntax error in line 1"


def test_no_output_is_a_failure_even_with_status_0(fake_dot):
    with pytest.raises(tracer.RenderError) as caught:
        run_fake(fake_dot, stdout="")
    assert str(caught.value) == "Graphviz (dot) failed: exit status 0"


@pytest.mark.parametrize("name, other", [("dot", "pure"), ("pure", "dot")])
def test_output_in_another_format_names_the_other_engine(fake_dot, name, other):
    with pytest.raises(tracer.RenderError) as caught:
        run_fake(fake_dot, name, stdout="%PDF-1.4 not an SVG")
    assert str(caught.value).endswith(f"may not be Graphviz's {name} (try --engine {other})")


def test_warnings_are_passed_on_one_line_each_but_the_pure_engines_noise(fake_dot):
    noise = f"Warning: {layout.PURE_NOISE} 0xb7"
    stderr = f"\tWarning: a  \n   \n\n{noise}\nWarning: b\n"
    assert run_fake(fake_dot, "pure", stderr=stderr)[1] == ["Warning: a", "Warning: b"]
    # Only the pure engine's: the same words from dot are passed on.
    assert run_fake(fake_dot, "dot", stderr=stderr)[1] == ["Warning: a", noise, "Warning: b"]


def test_a_non_executable_file_is_not_taken_for_the_pip_engine(monkeypatch, tmp_path):
    import sysconfig

    (tmp_path / "graphviz-pure").write_text("not a program", encoding="utf-8")
    (tmp_path / "dir").mkdir()
    (tmp_path / "dir" / "graphviz-pure").mkdir()  # a folder: "executable", but no program
    for folder in (tmp_path, tmp_path / "dir"):
        monkeypatch.setattr(sysconfig, "get_path", lambda name, folder=folder: str(folder))
        monkeypatch.setattr(layout.sys, "executable", str(folder / "python"))
        monkeypatch.setattr(layout, "_installed_programs", lambda name: [])
        monkeypatch.setenv("PATH", str(tmp_path / "empty"))
        assert layout.find_pure() is None


def test_the_environment_variable_may_have_spaces(monkeypatch):
    monkeypatch.setenv("TRACER_ENGINE", " Pure \n")
    assert layout.requested_engine() == "pure"


def test_pdf_refused_says_why_dot_is_not_used(monkeypatch):
    monkeypatch.delenv("TRACER_ENGINE", raising=False)
    monkeypatch.setattr(layout, "find_dot", lambda: "/somewhere/dot")
    with pytest.raises(tracer.RenderError, match=r"^PDF needs Graphviz's 'dot' program \(the pure engine was asked"):
        layout.choose_engine("pdf", "pure")
    monkeypatch.setattr(layout, "find_dot", lambda: None)
    with pytest.raises(tracer.RenderError, match=r"^PDF needs Graphviz's 'dot' program \(it was not found\)"):
        layout.choose_engine("pdf")
