"""Turning a trace into the bytes of an output file, and writing files safely.

Only this module, tracer.outputs.layout (which runs Graphviz) and the CLI touch the file system.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..errors import InputError

IMAGE_FORMATS = ("svg", "png", "pdf")
FORMATS = (*IMAGE_FORMATS, "dot", "json")
SUFFIXES = {".svg": "svg", ".png": "png", ".pdf": "pdf", ".dot": "dot", ".gv": "dot", ".json": "json"}

if TYPE_CHECKING:
    import graphviz


def choose_format(output: str | None, fmt: str | None, default_stem: str) -> tuple[str, str]:
    """Decide the output path and format from ``-o`` and ``--format``.

    Returns ``(path, format)``; ``path`` is ``'-'`` for standard output.
    """
    if fmt is not None and fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r} (must be one of {', '.join(FORMATS)})", "--format")
    if output is None:
        fmt = fmt or "svg"
        return f"{default_stem}.{fmt}", fmt
    if fmt is None:
        if output == "-":
            return output, "svg"
        guessed = SUFFIXES.get(Path(output).suffix.lower())
        if guessed is None:
            raise InputError(
                f"cannot tell the format of {output!r} from its suffix: add --format "
                f"({', '.join(FORMATS)})",
                "-o",
            )
        return output, guessed
    suffix = SUFFIXES.get(Path(output).suffix.lower()) if output != "-" else None
    if suffix is not None and suffix != fmt:
        raise InputError(
            f"{output!r} has the suffix of a {suffix.upper()} file but --format asks for {fmt}: "
            f"give the file the .{fmt} suffix, or drop --format", "-o")
    return output, fmt


def check_output_path(path: str, option: str) -> None:
    """Refuse, before anything is written, an output path that cannot be written."""
    if path == "-":
        return
    target = Path(path)
    if target.is_dir():
        raise InputError(f"{path!r} is a folder: give a file name inside it", option)
    folder = target.parent
    if not folder.is_dir():
        raise InputError(f"cannot write {path!r}: the folder {str(folder)!r} does not exist", option)


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (through symlinks and hard links), existing or not."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def pipe(graph: graphviz.Digraph, fmt: str, *, engine: str | None = None, scale: float = 1.0) -> bytes:
    """Lay out ``graph`` and return the ``fmt`` bytes (see tracer.outputs.layout for the engines).

    ``engine`` is ``dot``, ``pure`` or ``auto`` (default: $TRACER_ENGINE, else auto);
    ``scale`` enlarges PNGs.
    """
    from .layout import render

    return render(graph.source, fmt, engine=engine, scale=scale)


def check_graphviz(fmt: str = "svg", engine: str | None = None) -> None:
    """Raise RenderError early if no engine can draw ``fmt``, before anything is written."""
    from .layout import check_engine

    check_engine(fmt, engine)


def write_atomically(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write a whole file at once: a failure leaves any earlier file untouched."""
    if isinstance(data, bytes):
        with atomic_writer(path, "wb") as binary:
            binary.write(data)  # type: ignore[arg-type]
    else:
        with atomic_writer(path, "w") as text:
            text.write(data)


class atomic_writer:  # noqa: N801 - used like open()
    """``with atomic_writer(path) as f:`` writes to a temporary file beside ``path``
    and renames it into place only if the block succeeds."""

    def __init__(self, path: str | os.PathLike[str], mode: str = "w"):
        self.path = Path(path)
        self.mode = mode

    def __enter__(self) -> TextIO:
        folder = self.path.parent
        fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=folder)
        # mkstemp makes private files; give the result the permissions open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(self.tmp, 0o666 & ~umask)
        kwargs = {} if "b" in self.mode else {"encoding": "utf-8", "newline": "\n"}
        self.file = os.fdopen(fd, self.mode, **kwargs)  # type: ignore[call-overload]
        return self.file

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        self.file.close()
        if kind is None:
            os.replace(self.tmp, self.path)
        else:
            os.unlink(self.tmp)

