"""The figure series as one self-contained ``index.html``: figures in order, narrated, printable.

The page carries every figure as inline SVG and its own CSS, so it opens
offline and loads nothing from anywhere (no fonts, scripts or images fetched).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from ..explain import for_trace
from ..trace import Trace
from .figures import GUIDE_URL, Figure

_PROLOG = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->", re.S)
_ID = re.compile(r'\bid="([^"]+)"')
_REF = re.compile(r'(href="#|url\(#)([^")]+)')
_SVG_SIZE = re.compile(r'<svg[^>]*?\bwidth="([\d.]+)pt"[^>]*?\bviewBox="[\d.-]+ [\d.-]+ ([\d.]+) [\d.]+"', re.S)
_FONT_SIZE = re.compile(r'font-size="([\d.]+)"')

#: The smallest words a figure shows when it opens, in CSS pixels (a laptop, a projector).
LEGIBLE_PX = 11

#: The page's content security policy: it runs no script at all, so no text a trace
#: or a tree file put into it (a label, a file name) can run as one.
NO_SCRIPTS = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

CSS = """
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #212121;
       background: #fff; max-width: 1100px; margin: 0 auto; padding: 1.5em; line-height: 1.5; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { font-size: 1.15em; margin: 0 0 0.4em; }
.intro, .narration { max-width: 48em; }
/* Named, not left to the browser: a bare monospace's size is each browser's own (13px, 12px). */
code { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: 0.8125rem; }
nav ol { padding-left: 1.4em; }
section.figure { border-top: 1px solid #e0e0e0; padding-top: 1em; margin-top: 1.5em; }
figure { margin: 0.8em 0; }
.drawing { overflow: auto; }
/* Fitted to the page, but never so small that its smallest words fall under 11 px
   (--legible, per figure): a wider figure scrolls sideways in its frame instead. */
.drawing svg { display: block; max-width: max(100%, var(--legible, 0px)); height: auto; margin: 0 auto; }
/* Zoom without a script: three radio buttons per figure; at full or double size the drawing
   pans by scrolling inside its frame (drag the scroll bars, or swipe). */
.zoom { display: flex; flex-wrap: wrap; gap: 0.2em 1em; font-size: 0.9em; margin: 0.4em 0 0; }
.zoom label { cursor: pointer; }
.zoom-full:checked ~ figure .drawing, .zoom-double:checked ~ figure .drawing { border: 1px solid #e0e0e0;
  max-height: 85vh; }
.zoom-full:checked ~ figure .drawing svg { max-width: none; }
.zoom-double:checked ~ figure .drawing svg { max-width: none; zoom: 2; }
.zoom-fit, .zoom-full, .zoom-double { position: absolute; opacity: 0; }
.zoom-fit:focus-visible + .zoom label[data-z=fit], .zoom-full:focus-visible ~ .zoom label[data-z=full],
.zoom-double:focus-visible ~ .zoom label[data-z=double] { outline: 3px solid #0072b2; }
.zoom-fit:checked ~ .zoom label[data-z=fit], .zoom-full:checked ~ .zoom label[data-z=full],
.zoom-double:checked ~ .zoom label[data-z=double] { font-weight: bold; text-decoration: underline; }
figcaption { font-style: italic; margin-top: 0.4em; text-align: center; }
.guide { font-size: 0.9em; }
.file { font-size: 0.85em; color: #616161; }
code { background: #f5f5f5; padding: 0 0.2em; }
@media print {
  @page { margin: 1.2cm; }
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  nav, .file { display: none; }
  section.figure { break-before: page; page-break-before: always; border: none;
                   margin-top: 0; }
  figure { break-inside: avoid; page-break-inside: avoid; }
  .drawing { overflow: visible; max-height: none; }
  .zoom { display: none; }
  .drawing svg { max-height: 22cm; width: auto; max-width: 100%; }
  a { color: inherit; text-decoration: none; }
}
"""


def page_start(title: str, css: str) -> str:
    """A self-contained page, up to its heading ``title``; it runs no script (``NO_SCRIPTS``)."""
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{NO_SCRIPTS}">\n'
            f"<title>{escape(title)}</title>\n<style>{css}</style>\n</head>\n<body>\n<h1>{escape(title)}</h1>\n")


def inline_svg(svg: str, prefix: str) -> str:
    """An SVG document made fit to sit inside HTML: no prolog, ids made unique by ``prefix``."""
    body = _PROLOG.sub("", svg).strip()
    body = _ID.sub(lambda m: f'id="{prefix}-{m.group(1)}"', body)
    return _REF.sub(lambda m: f"{m.group(1)}{prefix}-{m.group(2)}", body)


def legible_width(svg: str, smallest: float = LEGIBLE_PX) -> float | None:
    """The width (CSS px) at which an SVG's smallest text is ``smallest`` px: narrower, it
    would be too small to read. None when the SVG does not say its size in points or has no text."""
    size, fonts = _SVG_SIZE.search(svg), [float(f) for f in _FONT_SIZE.findall(svg)]
    if not size or not fonts or not float(size.group(2)):
        return None
    width_px = float(size.group(1)) * 4 / 3  # a point is 4/3 of a CSS pixel
    px_per_unit = width_px / float(size.group(2))
    return min(width_px, width_px * smallest / (min(fonts) * px_per_unit))


def heading(fig: Figure) -> str:
    """``Figure 6 · Test-play 1 of 3``: the guide's number first, when the guide has one."""
    if not fig.number:
        return fig.title
    number = f"Figure {fig.number}"
    return number if fig.title == number else f"{number} · {fig.title}"


def nav_text(fig: Figure) -> str:
    """A figure's line in the contents: its caption, led by the guide's number once."""
    if fig.drawn_title:
        return fig.drawn_title
    if not fig.number or fig.caption.startswith("Figure"):
        return fig.caption
    return f"Figure {fig.number}: {fig.caption}"


def guide_link(fig: Figure) -> str:
    """A line linking the guide's steps that discuss the figure."""
    if not fig.guide_steps:
        return ""
    steps = " and ".join(f"step {n}" for n in fig.guide_steps)
    where = f"the guide's figure {fig.guide_figure}" if fig.guide_figure else "the guide"
    return (f'<p class="guide">In the guide: {steps}, beside {where}: '
            f'<a href="{GUIDE_URL}" data-steps="{" ".join(map(str, fig.guide_steps))}">'
            f"Minimax Algorithm Guide</a>.</p>\n")


def zoom_controls(name: str) -> str:
    """Three radio buttons that size the figure after them: fit the page, full size, double."""
    inputs = "".join(
        f'<input type="radio" class="zoom-{z}" name="zoom-{name}" id="zoom-{name}-{z}"{checked}>'
        for z, checked in (("fit", " checked"), ("full", ""), ("double", "")))
    labels = "".join(f'<label for="zoom-{name}-{z}" data-z="{z}">{words}</label>'
                     for z, words in (("fit", f"fit the page (words at least {LEGIBLE_PX} px)"),
                                      ("full", "full size (scroll to pan)"), ("double", "double size")))
    return f'{inputs}<div class="zoom" role="group" aria-label="Zoom">Zoom: {labels}</div>\n'


def _section(fig: Figure, svg: str, file: str | None) -> str:
    """One figure's section of the index page, linking ``file`` if it was written."""
    link = f'<p class="file">This figure as a file: <a href="{escape(file)}">{escape(file)}</a></p>' if file else ""
    width = legible_width(svg)  # the drawing never shrinks below it
    style = "" if width is None else f' style="--legible: {width:.0f}px"'
    return (
        f'<section class="figure" id="{fig.name}">\n'
        f"<h2>{escape(heading(fig))}</h2>\n"
        f'<p class="narration">{escape(fig.narration)}</p>\n'
        f"{guide_link(fig)}"
        f"{zoom_controls(fig.name)}"
        f'<figure>\n<div class="drawing" role="img" aria-label="{escape(fig.alt)}"{style}>'
        f"{inline_svg(svg, fig.name)}</div>\n"
        f"<figcaption>{escape(nav_text(fig))}</figcaption>\n</figure>\n{link}\n</section>\n"
    )


def render_page(trace: Trace, series: Sequence[Figure], svgs: Sequence[str], files: Sequence[str] = ()) -> str:
    """The index page: ``series[i]`` drawn by ``svgs[i]`` (its SVG text), linking ``files[i]``."""
    if len(svgs) != len(series) or (files and len(files) != len(series)):
        raise ValueError("render_page needs one SVG (and one file name, if any) per figure")
    words, root = for_trace(trace)[0], trace.game.root
    title = f"Minimax, figure by figure: {words.describe(root)}, {words.player(root)} to move"
    nav = "".join(f'<li><a href="#{fig.name}">{escape(nav_text(fig))}</a></li>' for fig in series)
    sections = [_section(fig, svg, files[i] if files else None)
                for i, (fig, svg) in enumerate(zip(series, svgs, strict=True))]
    return (
        page_start(title, CSS)
        + f'<p class="intro">{words.figures_intro(trace)}</p>\n'
        f"<nav><ol>{nav}</ol></nav>\n"
        + "".join(sections)
        + "</body>\n</html>\n"
    )
