"""Two trees on one page: a search (a learner's) beside the guide's minimax from the same position.

Both trees are inline SVG at Graphviz's own size, so one board is the same size in both, in
one frame, so they scroll together; a zoom chosen on the page (radio buttons and CSS: the page
runs no script) scales both. What the page says of the two comes from the search's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..explain import for_trace
from ..explain.text import capitalised
from ..trace import Trace
from .figures_page import inline_svg, page_start

#: The zooms offered (percent); the first one checked.
ZOOMS = (100, 75, 50, 25)

#: How the two trees sit: side by side in one frame, whole (no frame of their own cuts them at
#: the bottom), so the page scrolls both down at once and the frame scrolls both sideways.
TREES_CSS = """
.trees { display: flex; gap: 1em; align-items: flex-start; overflow-x: auto; }
.trees section { flex: 1 0 auto; min-width: min(24em, 100%); border: 1px solid #d0d0d0; padding: .5em; }
.trees section > p { max-width: 40em; }
.trees section p { font-size: .85em; color: #555; margin: 0 0 .3em; }
.trees details { margin-top: .4em; font-size: .9em; }
.trees h2 { font-size: 1.05em; margin: 0 0 .3em; }
.drawing svg { display: block; }
.trees details .drawing { overflow: auto; }
"""

CSS = TREES_CSS + """
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #212121; background: #fff;
       margin: 0 auto; padding: 1em; line-height: 1.45; }
h1 { font-size: 1.35em; margin: 0 0 .4em; }
h2 { font-size: 1.05em; margin: 0 0 .3em; }
table.facts { border-collapse: collapse; margin: .4em 0 .8em; max-width: 60em; }
table.facts th { text-align: left; vertical-align: top; padding: .15em .8em .15em 0; white-space: nowrap; }
table.facts td { padding: .15em 0; overflow-wrap: anywhere; }
@media (max-width: 40em) { table.facts th, table.facts td { display: block; padding: 0; }
                           table.facts td { margin-bottom: .4em; } }
.zoom { margin: .4em 0; font-size: .9em; }
.zoom label { margin-right: .8em; white-space: nowrap; }
input[name=zoom] { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; }
.zoom label { cursor: pointer; border: 1px solid #b0b0b0; border-radius: 4px; padding: 0 .45em; }
""" + "".join(f"#zoom{z}:checked ~ .trees .drawing svg {{ zoom: {z / 100:g}; }}\n" for z in ZOOMS[1:]) + "".join(
    f"#zoom{z}:checked ~ .zoom label[for=zoom{z}] {{ background: #212121; color: #fff; }}\n"
    f"#zoom{z}:focus-visible ~ .zoom label[for=zoom{z}] {{ outline: 2px solid #0072b2; outline-offset: 2px; }}\n"
    for z in ZOOMS)


@dataclass(frozen=True)
class Column:
    """One tree of the page: heading, title (what it draws), what part of it is drawn, SVGs."""

    name: str
    heading: str
    title: str
    note: str
    svg: str
    legend: str


def columns(trace: Trace, guide: Trace, svgs: Sequence[str], legends: Sequence[str],
            notes: Sequence[str]) -> list[Column]:
    """The two columns: the search's tree (``svgs[0]``), then the guide's (``svgs[1]``)."""
    search, theirs = for_trace(trace)[1], for_trace(guide)[1]
    return [Column("yours", capitalised(search.name()), search.summary_line(), notes[0], svgs[0], legends[0]),
            Column("guide", capitalised(theirs.name()), theirs.summary_line(), notes[1], svgs[1], legends[1])]


def render_trees(cols: Sequence[Column]) -> str:
    """The trees side by side in one frame that scrolls them together, each with its legend
    folded under it."""
    parts = []
    for col in cols:
        parts.append(
            f'<section id="{col.name}"><h2>{escape(col.heading)}</h2>'
            f"<p>{escape(col.title)}</p><p>{escape(col.note)}</p>"
            f'<div class="drawing" role="img" aria-label="{escape(col.heading)}: {escape(col.title)}">'
            f"{inline_svg(col.svg, col.name)}</div>"
            f"<details><summary>Legend</summary><div class=\"drawing\">"
            f"{inline_svg(col.legend, col.name + '-legend')}</div></details></section>")
    return f"<div class=\"trees\">{''.join(parts)}</div>"


def trees_fragment(cols: Sequence[Column], scope: str) -> str:
    """The two trees as a piece of a page someone else owns (a notebook's output): their style
    scoped to a ``scope`` class, so it touches nothing else."""
    css = "".join(f".{scope} {rule.strip()}\n" for rule in TREES_CSS.strip().splitlines() if rule.strip())
    return f'<div class="{scope}"><style>{css}</style>{render_trees(cols)}</div>'


def render_page(trace: Trace, guide: Trace, cols: Sequence[Column]) -> str:
    """The page: what the search's words say of the two, the zoom, then the two trees."""
    game, search = for_trace(trace)
    title = f"{search.title()} beside the guide's minimax: {game.setting()}"
    rows = "".join(f"<tr><th>{escape(head)}</th><td>{escape(text)}</td></tr>"
                   for head, text in search.beside_guide(guide))
    zoom = "".join(f'<input type="radio" name="zoom" id="zoom{z}"{" checked" if z == ZOOMS[0] else ""}>'
                   for z in ZOOMS)
    choices = "".join(f'<label for="zoom{z}">{z}%</label>' for z in ZOOMS)
    return (
        page_start(title, CSS) + f"<table class=\"facts\">{rows}</table>\n"
        f"{zoom}<div class=\"zoom\">Both trees at one scale: {choices}</div>\n"
        f"{render_trees(cols)}\n</body>\n</html>\n"
    )
