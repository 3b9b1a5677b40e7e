"""Output paths and formats, and the safe writing of ``safe_write``: only ``outputs`` touches the file system."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError, quote
from .safe_write import (  # noqa: F401 - the one safe way to write, re-exported
    atomic_writer,
    same_file,
    write_atomically,
    write_stdout,
)

IMAGE_FORMATS = ("svg", "png", "pdf")
FORMATS = (*IMAGE_FORMATS, "dot", "json")
SUFFIXES = {".svg": "svg", ".png": "png", ".pdf": "pdf", ".dot": "dot", ".gv": "dot", ".json": "json"}

if TYPE_CHECKING:
    import graphviz


def choose_format(output: str | None, fmt: str | None, default_stem: str) -> tuple[str, str]:
    """``(path, format)`` from ``-o`` and ``--format``; ``path`` is ``'-'`` for standard output."""
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
            raise InputError(f"cannot tell the format of {quote(output)} from its suffix: add --format "
                             f"({', '.join(FORMATS)})", "-o")
        return output, guessed
    suffix = SUFFIXES.get(Path(output).suffix.lower()) if output != "-" else None
    if suffix is not None and suffix != fmt:
        raise InputError(f"{output!r} has the suffix of a {suffix.upper()} file but --format asks for {fmt}: "
                         f"give the file the .{fmt} suffix, or drop --format", "-o")
    return output, fmt


NAME_MAX = 255  # the longest name of a file or folder (bytes) most file systems allow


def check_name_length(path: str, option: str) -> None:
    """Refuse a path with a name longer than the file system allows (every command's outputs)."""
    longest = max((len(os.fsencode(part)) for part in path.split(os.sep)), default=0)
    if longest > NAME_MAX:
        raise InputError(f"cannot write {quote(path)}: a name in it is {longest:,} bytes long, and a file "
                         f"system allows at most {NAME_MAX}", option)


def check_output_path(path: str, option: str) -> None:
    """Refuse, before anything is written, an output path that cannot be written."""
    if path == "-":
        return
    check_name_length(path, option)
    target = Path(path)
    if target.is_dir():
        raise InputError(f"{quote(path)} is a folder: give a file name inside it", option)
    folder = target.parent
    if not folder.is_dir():
        raise InputError(f"cannot write {quote(path)}: the folder {quote(str(folder))} does not exist", option)


def pipe(graph: graphviz.Digraph, fmt: str, *, engine: str | None = None, scale: float = 1.0,
         svg: bytes | None = None) -> bytes:
    """Lay out ``graph`` and return the ``fmt`` bytes (``layout.render`` says what the options do)."""
    from .layout import render

    return render(graph.source, fmt, engine=engine, scale=scale, svg=svg)


def check_graphviz(fmt: str = "svg", engine: str | None = None) -> None:
    """Raise RenderError early if no engine can draw ``fmt``, before anything is written."""
    from .layout import choose_engine

    choose_engine(fmt, engine)


