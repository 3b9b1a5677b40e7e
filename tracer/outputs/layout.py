"""Laying out DOT and rendering it: system Graphviz's ``dot``, or the pip-installed engine.

Two engines produce the same pictures from the same DOT (see docs/rendering.md):

* ``dot``: Graphviz's own program, when it is on the PATH (preferred: it also makes PDF);
* ``pure``: ``graphviz-pure``, a port of Graphviz installed with tracer by pip, so
  SVG and PNG come out on a machine with nothing but Python.

The engine is chosen by the ``engine`` argument, else the ``TRACER_ENGINE`` environment
variable (``dot``, ``pure`` or ``auto``), else ``auto``: ``dot`` when present, else ``pure``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path

from ..errors import InputError, RenderError, TooLargeError, one_line
from .progress import waiting

ENGINES = ("auto", "dot", "pure")
ENGINE_VARIABLE = "TRACER_ENGINE"
#: What each engine can write; ``dot`` is also asked for DOT text, which needs no engine.
ENGINE_FORMATS = {"dot": ("svg", "png", "pdf"), "pure": ("svg", "png")}
#: Graphviz's resolution for bitmaps; ``scale`` multiplies it.
BASE_DPI = 96

INSTALL_HINT = (
    "install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz; "
    "Windows: winget install graphviz)"
)

#: The font tracer's drawings ask for, and the one the pure engine is given instead:
#: it bundles metric-compatible Arial/Times/Courier only, and would fall back to a serif.
DRAWING_FONT = 'fontname="DejaVu Sans"'
PURE_FONT = 'fontname="Arial"'

#: A warning of the pure engine that is noise for tracer's labels (the middle dot and
#: arrows it measures as a space; the pictures still show them).
PURE_NOISE = "no value for width of non-ASCII character"


def find_dot() -> str | None:
    """The path of Graphviz's ``dot``, or None."""
    return shutil.which("dot")


def find_pure() -> str | None:
    """The path of the ``graphviz-pure`` program pip installed with tracer, or None.

    Looked for beside this Python first, since ``.venv/bin/trace`` may run without the
    virtual environment's folder on the PATH; then where pip's record of the installed
    package says it put the program (a ``--user`` install, or an environment whose
    packages this one borrows); then on the PATH.
    """
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
        raise RenderError(
            f"{fmt.upper()} needs Graphviz's 'dot' program ({missing}): {INSTALL_HINT}, "
            f"or ask for {' or '.join(ENGINE_FORMATS['pure'])}"
        )
    if pure is None:
        raise RenderError(
            "no layout engine found: reinstall tracer with pip (it brings graphviz-pure) "
            f"or {INSTALL_HINT}"
        )
    return "pure", pure


def check_engine(fmt: str = "svg", engine: str | None = None) -> None:
    """Raise RenderError now, before anything is written, if ``fmt`` cannot be rendered."""
    choose_engine(fmt, engine)


def render(source: str, fmt: str, *, engine: str | None = None, scale: float = 1.0,
           warn: Callable[[str], object] | None = None) -> bytes:
    """Lay out the DOT ``source`` and return it as ``fmt`` (svg, png or pdf) bytes.

    ``scale`` enlarges PNGs (2 = twice the pixels, for slides); SVG and PDF are
    vector pictures and ignore it. ``warn`` receives each warning line of the engine
    (default: standard error).
    """
    if not scale > 0:
        raise InputError(f"expected a scale above 0, found {scale}", "--scale")
    name, program = choose_engine(fmt, engine)
    args = [program, f"-T{fmt}"]
    if fmt == "png":
        args.append(f"-Gdpi={BASE_DPI * scale:g}")
    if name == "pure":
        source = source.replace(DRAWING_FONT, PURE_FONT)
    try:
        # A big tree takes Graphviz many seconds: say so on a terminal meanwhile.
        with waiting(f"laying out the drawing with Graphviz ({name})"):
            done = subprocess.run(args, input=source.encode("utf-8"), capture_output=True, check=False)
    except OSError as exc:
        raise RenderError(f"cannot run {program}: {exc.strerror or exc}") from None
    messages = done.stderr.decode("utf-8", errors="replace").splitlines()
    if done.returncode != 0 or not done.stdout:
        detail = messages[-1].strip() if messages else f"exit status {done.returncode}"
        raise RenderError(f"Graphviz ({name}) failed: {detail}")
    if fmt == "svg" and not _is_utf8(done.stdout):
        raise RenderError(f"Graphviz ({name}) wrote an SVG that is not UTF-8 text: {program} "
                          "may not be Graphviz's dot (try --engine pure)")
    shrink = next((line for line in messages if "Scaling by" in line), None)
    if fmt == "png" and (shrink or _png_too_large(done.stdout)):
        raise TooLargeError(
            "the PNG would be too large to read (Graphviz would shrink it to fit "
            f"{MAX_PNG_SIDE:,} pixels): draw an SVG instead (-o tree.svg), fewer boards "
            "(--depth N, --focus CALL, --line) or a smaller --scale")
    report = warn or _to_stderr
    for line in messages:
        if line.strip() and not (name == "pure" and PURE_NOISE in line):
            report(one_line(line.strip()))  # the engine's words, never its escape codes
    return done.stdout


#: Graphviz's bitmap renderer shrinks anything wider or taller than this.
MAX_PNG_SIDE = 32767


def _png_too_large(data: bytes) -> bool:
    """Whether a PNG's width or height (from its header) passes MAX_PNG_SIDE."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return False
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return max(width, height) > MAX_PNG_SIDE


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _to_stderr(line: str) -> None:
    sys.stderr.write(f"{line}\n")
