"""The bundled example boards, found both in a source checkout and in an installed package."""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .errors import InputError, quote


def _folder() -> Traversable:
    # A built wheel carries the boards inside the package (see pyproject.toml);
    # a source checkout or editable install reads the repository's examples/.
    packaged = resources.files("tracer") / "examples"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "examples"


def names() -> list[str]:
    """The examples' names, sorted (``near-endgame``, …)."""
    return sorted(entry.name[: -len(".txt")] for entry in _folder().iterdir() if entry.name.endswith(".txt"))


def read(name: str) -> str:
    """The text of example ``name``; InputError listing the names if there is none."""
    if name not in names():
        raise InputError(f"expected one of {', '.join(names())}, found {quote(name)}", "--example")
    return (_folder() / f"{name}.txt").read_text(encoding="utf-8")


def summary(name: str) -> str:
    """The first sentence (up to ". ": ``C.2`` is no end) of an example's opening comment: what it teaches."""
    words: list[str] = []
    for line in read(name).splitlines():
        text = line.lstrip("#").strip()
        if not line.startswith("#") or not text:
            break
        words.extend(text.split())
    paragraph = " ".join(words)
    end = paragraph.find(". ")
    return paragraph if end < 0 else paragraph[: end + 1]
