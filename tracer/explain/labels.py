"""Graphviz HTML-like labels: the one place their markup is built and their text escaped.

Every picture's node labels, legends and captions are put together from these
functions (graphviz's ``quoting.py`` plays this part for the graphviz package),
so a text from a trace or a file is escaped exactly once, and no module reads
another's markup back. Attributes are given as keywords, in the order they are
written; ``POINT_SIZE`` stands for ``POINT-SIZE``, and None leaves one out.
"""

from __future__ import annotations

from html import escape
from typing import NamedTuple

from ..errors import visible


def text(words: str) -> str:
    """Plain text made safe in a label, control characters shown as escapes (Graphviz refuses them)."""
    return escape(visible(words))


def _attributes(attrs: dict[str, object]) -> str:
    return "".join(f' {name.replace("_", "-")}="{value}"' for name, value in attrs.items()
                   if value is not None)


def font(content: str, **attrs: object) -> str:
    """``<FONT …>content</FONT>`` (``content`` is markup: escape plain text with ``text``)."""
    return f"<FONT{_attributes(attrs)}>{content}</FONT>"


def bold(content: str) -> str:
    """``<B>content</B>``."""
    return f"<B>{content}</B>"


def cell(content: str = "", **attrs: object) -> str:
    """One table cell, ``<TD …>content</TD>``."""
    return f"<TD{_attributes(attrs)}>{content}</TD>"


def row(*cells: str) -> str:
    """One table row of cells."""
    return "<TR>" + "".join(cells) + "</TR>"


def table(*rows: str, **attrs: object) -> str:
    """A table of rows."""
    return f"<TABLE{_attributes(attrs)}>" + "".join(rows) + "</TABLE>"


BREAK = "<BR/>"


def lines(texts: list[str], **attrs: object) -> str:
    """Plain lines, each escaped, joined by line breaks, in one font."""
    return font(BREAK.join(text(t) for t in texts), **attrs)


def html_label(markup: str) -> str:
    """A whole label as Graphviz takes HTML-like labels: the markup between ``<`` and ``>``."""
    return f"<{markup}>"



class LegendRow(NamedTuple):
    """One entry of a legend: a sample cell (``swatch``, ``sample``, ``arrow``, ``symbol``), and what it means."""

    symbol: str
    text: str


def swatch(fill: str, colour: str, *, border: int = 1, width: int = 18, height: int = 16) -> str:
    """A sample cell filled with ``fill``, framed in ``colour``."""
    return cell(WIDTH=width, HEIGHT=height, FIXEDSIZE="TRUE", BGCOLOR=fill, COLOR=colour, BORDER=border)


def sample(words: str, colour: str, size: int) -> str:
    """A sample of text, bold, right-aligned, as it appears in the picture."""
    return cell(font(bold(text(words)), POINT_SIZE=size, COLOR=colour), ALIGN="RIGHT")


#: Arrows as a legend draws them: solid and dashed.
SOLID_ARROW = "&#8212;&#8594;"
DASHED_ARROW = "- - &#8594;"


def arrow(colour: str, *, size: int | None = None, bold_line: bool = False, dashed: bool = False,
          align: str | None = "RIGHT") -> str:
    """A sample arrow in ``colour``: solid or dashed, bold or not."""
    glyph = DASHED_ARROW if dashed else SOLID_ARROW
    return cell(font(bold(glyph) if bold_line else glyph, POINT_SIZE=size, COLOR=colour), ALIGN=align)


def symbol(markup: str, *, colour: str | None = None, size: int | None = None,
           align: str | None = None) -> str:
    """A sample symbol (markup: escape plain text with ``text``)."""
    return cell(font(markup, POINT_SIZE=size, COLOR=colour), ALIGN=align)
