"""Turning a trace into the bytes of an output file, and writing files safely.

Only this module and the CLI touch the file system or run Graphviz.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError, RenderError, quote
from .safe_write import (  # noqa: F401 - the one safe way to write, re-exported
    atomic_writer,
    check_writable,
    same_file,
    stdout_guard,
    write_atomically,
    write_stdout,
)

IMAGE_FORMATS = ("svg", "png", "pdf")
FORMATS = (*IMAGE_FORMATS, "dot", "json")
SUFFIXES = {".svg": "svg", ".png": "png", ".pdf": "pdf", ".dot": "dot", ".gv": "dot", ".json": "json"}

if TYPE_CHECKING:
    import graphviz

INSTALL_HINT = (
    "install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz; "
    "Windows: winget install graphviz) or ask for --format dot or json"
)


def choose_format(output: str | None, fmt: str | None, default_stem: str) -> tuple[str, str]:
    """Decide the output path and format from ``-o`` and ``--format``.

    Returns ``(path, format)``; ``path`` is ``'-'`` for standard output.
    """
    if fmt is not None and fmt not in FORMATS:
        raise InputError(f"unknown format {quote(fmt)} (must be one of {', '.join(FORMATS)})", "--format")
    if output is None:
        fmt = fmt or "svg"
        return f"{default_stem}.{fmt}", fmt
    if fmt is None:
        if output == "-":
            return output, "svg"
        guessed = SUFFIXES.get(Path(output).suffix.lower())
        if guessed is None:
            raise InputError(
                f"cannot tell the format of {quote(output)} from its suffix: add --format "
                f"({', '.join(FORMATS)})",
                "-o",
            )
        return output, guessed
    return output, fmt


def check_output_path(path: str, option: str) -> None:
    """Refuse, before anything is written, an output path that cannot be written."""
    if path == "-":
        return
    target = Path(path)
    if target.is_dir():
        raise InputError(f"{quote(path)} is a folder: give a file name inside it", option)
    folder = target.parent
    if not folder.is_dir():
        raise InputError(f"cannot write {quote(path)}: the folder {quote(str(folder))} does not exist", option)


def pipe(graph: graphviz.Digraph, fmt: str) -> bytes:
    """Lay out ``graph`` with Graphviz's ``dot`` and return the ``fmt`` bytes."""
    import graphviz  # imported here: runs that draw nothing start faster

    try:
        return graph.pipe(format=fmt)
    except graphviz.ExecutableNotFound:
        raise RenderError(f"Graphviz's 'dot' program was not found: {INSTALL_HINT}") from None
    except graphviz.CalledProcessError as exc:
        detail = (exc.stderr or b"").decode(errors="replace").strip().splitlines()
        raise RenderError(f"Graphviz failed: {detail[-1] if detail else exc}") from None


def check_graphviz() -> None:
    """Raise RenderError early if ``dot`` is missing, before anything is written."""
    import graphviz

    try:
        graphviz.version()
    except graphviz.ExecutableNotFound:
        raise RenderError(f"Graphviz's 'dot' program was not found: {INSTALL_HINT}") from None


