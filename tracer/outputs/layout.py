"""Laying out DOT and rendering it: system Graphviz's ``dot`` (preferred: it also makes PDF), or
``graphviz-pure``, the port pip installs with tracer, for SVG and PNG on a machine with nothing
but Python. The ``engine`` argument chooses, else ``$TRACER_ENGINE``, else ``auto`` (see
docs/rendering.md).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path

from ..errors import InputError, RenderError, TooLargeError, one_line, visible
from . import text_fit
from .progress import waiting

ENGINES = ("auto", "dot", "pure")
ENGINE_VARIABLE = "TRACER_ENGINE"
#: What each engine can write; ``dot`` is also asked for DOT text, which needs no engine.
ENGINE_FORMATS = {"dot": ("svg", "png", "pdf"), "pure": ("svg", "png")}
#: Graphviz's resolution for bitmaps; ``scale`` multiplies it.
BASE_DPI = 96

INSTALL_HINT = ("install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz; "
                "Windows: winget install graphviz)")

#: The font tracer's drawings ask for, and the one the pure engine is given instead:
#: it bundles metric-compatible Arial/Times/Courier only, and would fall back to a serif.
DRAWING_FONT = 'fontname="DejaVu Sans"'
PURE_FONT = 'fontname="Arial"'

#: A warning of the pure engine that is noise for tracer's labels (the middle dot and
#: arrows it measures as a space; the pictures still show them).
PURE_NOISE = "no value for width of non-ASCII character"


def find_dot() -> str | None:
    return shutil.which("dot")


def find_pure() -> str | None:
    """The path of the ``graphviz-pure`` program pip installed with tracer, or None: beside this
    Python (``.venv/bin/trace`` may run without its folder on the PATH), where pip's record of
    the package put it (a ``--user`` install, a borrowed environment), or on the PATH."""
    name = "graphviz-pure.exe" if os.name == "nt" else "graphviz-pure"
    folders = (sysconfig.get_path("scripts"), str(Path(sys.executable).parent))
    for candidate in [*(Path(folder) / name for folder in folders), *_installed_programs(name)]:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which("graphviz-pure")


def _installed_programs(name: str) -> list[Path]:
    """Where the installed ``graphviz-pure`` distribution's record puts the program ``name``."""
    from importlib import metadata

    try:
        files = metadata.distribution("graphviz-pure").files or []
    except metadata.PackageNotFoundError:
        return []
    return [Path(os.path.normpath(file.locate())) for file in files if file.name == name]


def requested_engine(engine: str | None = None) -> str:
    """The engine asked for: the argument, else $TRACER_ENGINE, else ``auto``."""
    asked = engine or os.environ.get(ENGINE_VARIABLE, "").strip().lower() or "auto"
    if asked not in ENGINES:
        raise InputError(f"unknown engine {asked!r} (must be one of {', '.join(ENGINES)})",
                         "--engine" if engine else ENGINE_VARIABLE)
    return asked


def choose_engine(fmt: str, engine: str | None = None) -> tuple[str, str]:
    """Return ``(engine name, program path)`` able to write ``fmt``; RenderError if none is."""
    asked = requested_engine(engine)
    dot, pure = find_dot(), find_pure()
    if asked in ("auto", "dot") and dot is not None:
        return "dot", dot
    if asked == "dot":
        raise RenderError(f"Graphviz's 'dot' program was not found: {INSTALL_HINT}")
    if fmt not in ENGINE_FORMATS["pure"]:
        missing = "the pure engine was asked for" if dot else "it was not found"
        raise RenderError(f"{fmt.upper()} needs Graphviz's 'dot' program ({missing}): {INSTALL_HINT}, "
                          f"or ask for {' or '.join(ENGINE_FORMATS['pure'])}")
    if pure is None:
        raise RenderError(f"no layout engine found: reinstall tracer with pip (it brings graphviz-pure) or "
                          f"{INSTALL_HINT}")
    return "pure", pure


def render(source: str, fmt: str, *, engine: str | None = None, scale: float = 1.0,
           warn: Callable[[str], object] | None = None, svg: bytes | None = None) -> bytes:
    """Lay out the DOT ``source`` as ``fmt`` (svg, png or pdf) bytes; ``scale`` enlarges PNGs, ``warn``
    takes each warning of the engine (default: standard error). A PNG is first measured from its
    SVG layout (``svg``, if made) and refused past MAX_PNG_PIXELS, before gigabytes go into it."""
    if not scale > 0:
        raise InputError(f"expected a scale above 0, found {scale}", "--scale")
    name, program = choose_engine(fmt, engine)
    if name == "pure":
        source = source.replace(DRAWING_FONT, PURE_FONT)
    extra: list[str] = []
    if fmt == "png":
        dpi = BASE_DPI * scale
        # Its warnings come once, with the PNG itself.
        check_png_size(svg if svg is not None else _run(name, program, "svg", source, [], lambda _: None), dpi)
        extra = [f"-Gdpi={dpi:g}"]
    if fmt == "svg":
        # The same layout as xdot too: the text widths it measured, which the SVG then
        # asks browsers to keep (see text_fit).
        return text_fit.fit_texts(*text_fit.split(_run(name, program, fmt, source, ["-Txdot"], warn)))
    data = _run(name, program, fmt, source, extra, warn)
    if fmt == "png" and _png_too_large(data):
        raise TooLargeError(TOO_LARGE)
    return data


#: Graphviz's bitmap renderer shrinks anything wider or taller than this.
MAX_PNG_SIDE = 32767
#: Most pixels a PNG may have: the engines hold the whole bitmap in memory (the pure
#: engine about 8 bytes a pixel), so this keeps a PNG's drawing under about 250 MiB.
MAX_PNG_PIXELS = 25_000_000
TOO_LARGE = (f"the PNG would be too large to read (Graphviz would shrink it to fit {MAX_PNG_SIDE:,} pixels): draw "
             "an SVG instead (-o tree.svg), fewer boards (--depth N, --focus CALL, --line) or a smaller --scale")


def check_png_size(svg: bytes, dpi: float) -> None:
    """TooLargeError if the drawing ``svg`` lays out, at ``dpi``, passes the PNG limits."""
    found = re.search(rb'<svg[^>]*?width="([0-9.]+)pt"[^>]*?height="([0-9.]+)pt"', svg)
    if found is None:
        return  # not Graphviz's own header: the bitmap's size is checked afterwards
    width, height = (float(v) * dpi / 72 for v in found.groups())
    if max(width, height) > MAX_PNG_SIDE or width * height > MAX_PNG_PIXELS:
        raise TooLargeError(f"the PNG would be {width:,.0f} × {height:,.0f} pixels, over the limit of "
                            f"{MAX_PNG_PIXELS / 1e6:g} million pixels and {MAX_PNG_SIDE:,} a side: draw an SVG instead "
                            "(-o tree.svg), fewer boards (--depth N, --focus CALL, --line) or a smaller --scale")


def _run(name: str, program: str, fmt: str, source: str, extra: list[str],
         warn: Callable[[str], object] | None = None) -> bytes:
    """Run the layout program on ``source``; its output as ``fmt``, checked."""
    try:
        # A big tree takes Graphviz many seconds: say so on a terminal meanwhile.
        with waiting(f"laying out the drawing with Graphviz ({name})"):
            done = subprocess.run([program, f"-T{fmt}", *extra], input=source.encode("utf-8"),
                                  capture_output=True, check=False)
    except OSError as exc:
        raise RenderError(f"cannot run {program}: {exc.strerror or exc}") from None
    messages = done.stderr.decode("utf-8", errors="replace").splitlines()
    if done.returncode != 0 or not done.stdout:
        detail = next((m.strip() for m in reversed(messages) if m.strip()), f"exit status {done.returncode}")
        raise RenderError(f"Graphviz ({name}) failed: {detail}")
    if not _looks_like(done.stdout, fmt):
        other = "pure" if name == "dot" else "dot"
        raise RenderError(f"Graphviz ({name}) wrote something that is not {fmt.upper()}: {program} "
                          f"may not be Graphviz's {name} (try --engine {other})")
    if fmt == "png" and any("Scaling by" in line for line in messages):
        raise TooLargeError(TOO_LARGE)
    for line in messages:
        if line.strip() and not (name == "pure" and PURE_NOISE in line):
            # The engine's words, never its escape codes.
            (warn or _to_stderr)(one_line(line.strip()))
    return done.stdout


def _png_too_large(data: bytes) -> bool:
    """Whether a PNG's width or height (from its header) passes MAX_PNG_SIDE."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return False
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return max(width, height) > MAX_PNG_SIDE


def _looks_like(data: bytes, fmt: str) -> bool:
    """Whether a layout program's output is the format asked for (an SVG is UTF-8 text)."""
    if fmt == "svg":
        try:
            return "<svg" in data.decode("utf-8")
        except UnicodeDecodeError:
            return False
    return data.startswith({"png": b"\x89PNG", "pdf": b"%PDF"}.get(fmt, b""))


def _to_stderr(line: str) -> None:
    sys.stderr.write(f"{visible(line)}\n")  # the program's words, never its escape codes
