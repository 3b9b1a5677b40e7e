"""``--report DIR``: the class page, ``DIR/index.html``, self-contained and offline.

The counts as a bar chart in inline SVG; the table sortable by any column and filterable by
verdict and by mistake (a few lines of the page's own script; no script from outside), each
row linked to its submission's pages (the single check's ``--side-by-side`` trees and
``--html`` step-through). Every learner string is escaped.
"""

from __future__ import annotations

import os
from html import escape
from typing import TYPE_CHECKING

from .rows import board_rows
from .words import HEADINGS, cells

if TYPE_CHECKING:
    from .rows import ClassRows, Row

#: Bar colours per verdict (the same in the chart and the table's verdict cells).
COLOURS = {"identical": "#1a7f37", "correct": "#2f6fb5", "wrong": "#b3261e", "error": "#8a5a00",
           "refused": "#5f6368"}

STYLE = """
body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1b1b1b;background:#fff}
h1{font-size:1.5rem;margin:.2rem 0 .8rem}
.chart{max-width:26rem;width:100%;height:auto}
.counts p{margin:.3rem 0}
.filters{display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;margin:1rem 0;align-items:center}
.filters label{font-weight:600}
select{font:inherit;padding:.2rem;max-width:100%}
.sorter{display:none}
.shown{color:#444}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.35rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}
th{background:#f3f3f3;white-space:nowrap;padding:0}
th button{font:inherit;font-weight:700;background:none;border:0;padding:.35rem .6rem;cursor:pointer;width:100%;
 text-align:inherit;color:inherit}
th button::after{content:" \\2195";color:#777;font-weight:400}
th[aria-sort=ascending] button::after{content:" \\25B2";color:#1b1b1b}
th[aria-sort=descending] button::after{content:" \\25BC";color:#1b1b1b}
th.num{text-align:right}
td.num{text-align:right;font-variant-numeric:tabular-nums}
td.name{min-width:9rem;overflow-wrap:break-word}
td.name>a{font-weight:600}
.more{display:block;font-size:.85em}
.v{font-weight:700}
.board{white-space:nowrap}
.why{display:block;font-size:.85em;color:#444;overflow-wrap:anywhere}
@media (max-width:40rem){
 body{padding:.6rem;font-size:15px}
 .sorter{display:inline}
 thead{display:none}
 table,tbody,tr,td{display:block;width:auto}
 tr{border:1px solid #ccc;border-radius:.4rem;margin:.6rem 0;padding:.3rem .5rem}
 td{border:0;padding:.1rem 0}
 td.num{text-align:left}
 td.name{font-size:1.05em}
 td[data-h]:not(.name)::before{content:attr(data-h) ": ";font-weight:600}
 td[data-key=""]{display:none}
}
"""

SCRIPT = """
(function(){
 var table=document.getElementById('rows'),body=table.tBodies[0],heads=table.tHead.rows[0].cells;
 var verdict=document.getElementById('verdict'),mistake=document.getElementById('mistake');
 var sorter=document.getElementById('sort'),shown=document.getElementById('shown');
 function filter(){
  var n=0;
  Array.prototype.forEach.call(body.rows,function(r){
   var ok=(!verdict.value||r.dataset.verdict===verdict.value)&&
          (!mistake.value||(' '+r.dataset.named+' ').indexOf(' '+mistake.value+' ')>=0);
   r.hidden=!ok;if(ok)n++;});
  shown.textContent=n+' of '+body.rows.length+' shown';
 }
 function sort(i,up){
  Array.prototype.forEach.call(heads,function(h){h.removeAttribute('aria-sort');});
  heads[i].setAttribute('aria-sort',up?'ascending':'descending');
  var rows=Array.prototype.slice.call(body.rows);
  rows.sort(function(a,b){
   var x=a.cells[i].dataset.key,y=b.cells[i].dataset.key;
   var nx=parseFloat(x),ny=parseFloat(y);
   var c=(!isNaN(nx)&&!isNaN(ny))?nx-ny:x.localeCompare(y);
   return (up?c:-c)||a.dataset.order-b.dataset.order;});
  rows.forEach(function(r){body.appendChild(r);});
 }
 verdict.onchange=filter;mistake.onchange=filter;
 Array.prototype.forEach.call(heads,function(th,i){
  th.querySelector('button').onclick=function(){sort(i,th.getAttribute('aria-sort')!=='ascending');};});
 sorter.onchange=function(){var v=sorter.value.split(' ');sort(+v[0],v[1]==='up');};
 filter();
})();
"""


def chart_svg(result: ClassRows) -> str:
    """The verdict counts as horizontal bars, each labelled with its verdict and number."""
    counts = result.counts()["verdict"]
    most = max(counts.values()) or 1
    bar_h, gap, label_w, width = 22, 8, 90, 340
    parts = []
    for i, (verdict, n) in enumerate(counts.items()):
        y = i * (bar_h + gap)
        length = round((width - label_w - 40) * n / most)
        parts.append(f'<text x="0" y="{y + 16}" font-size="14">{verdict}</text>'
                     f'<rect x="{label_w}" y="{y}" width="{length}" height="{bar_h}" fill="{COLOURS[verdict]}"/>'
                     f'<text x="{label_w + length + 6}" y="{y + 16}" font-size="14">{n}</text>')
    height = len(counts) * (bar_h + gap)
    return (f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="submissions by verdict">{"".join(parts)}</svg>')


def _row_html(row: Row, links: bool, order: int) -> str:
    texts = cells(row)
    keys = (row.name, row.verdict, row.named, str((row.data.get("first_wrong") or {}).get("call") or ""),
            texts[4], texts[5])
    shown = [_name_html(row, links), f'<span class="v" style="color:{COLOURS[row.verdict]}">{row.verdict}</span>',
             _named_html(row), _first_wrong_html(row), escape(texts[4]), escape(texts[5])]
    tds = []
    for i, (heading, html, key) in enumerate(zip(HEADINGS, shown, keys, strict=True)):
        kind = ' class="num"' if i >= 4 else (' class="name"' if i == 0 else "")
        tds.append(f'<td{kind} data-h="{escape(heading)}" data-key="{escape(key)}">{html}</td>')
    named = " ".join(n.replace(" ", "_") for n in ([row.mistake] if row.mistake else []) + row.differences)
    return (f'<tr data-verdict="{row.verdict}" data-named="{escape(named)}" data-order="{order}">'
            f'{"".join(tds)}</tr>')


def _name_html(row: Row, links: bool) -> str:
    """The submission's name, a link to its report page (its tree beside the guide's) when
    there is one, and a second line to its step-through."""
    name = escape(row.name)
    if not links or not row.pages:
        return name
    trees, steps = row.pages.get("trees"), row.pages.get("steps")
    html = f'<a href="{escape(trees)}">{name}</a>' if trees else name
    if steps:
        html += f'<span class="more"><a href="{escape(steps)}">step-through</a></span>'
    return html


def _named_html(row: Row) -> str:
    """The mistake or differences; for an error or a refusal, its kind and what happened."""
    if row.verdict not in ("error", "refused"):
        return escape(row.named)
    why = row.why if len(row.why) <= WHY_LENGTH else row.why[:WHY_LENGTH - 1] + "…"
    return escape(row.named) + f'<span class="why">{escape(why)}</span>'


def _first_wrong_html(row: Row) -> str:
    first = row.data.get("first_wrong") or {}
    if not first.get("call"):
        return ""
    # By rows, in the page's own font: in a monospace one an O could pass for a zero.
    rows = board_rows(str(first.get("board") or ""))
    board = f' <span class="board">{escape(rows)}</span>' if rows else ""
    return f"#{escape(str(first['call']))}{board}"


#: Most characters of an error's message shown in the table.
WHY_LENGTH = 200


def table_html(result: ClassRows, links: bool = True) -> str:
    """The table alone (for Jupyter, and inside the class page)."""
    numbers = ' class="num"'
    head = "".join(f'<th{numbers if i >= 4 else ""}><button type="button">{escape(h)}</button></th>'
                   for i, h in enumerate(HEADINGS))
    body = "".join(_row_html(row, links, order) for order, row in enumerate(result.rows))
    return f'<div class="scroll"><table id="rows"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _select(ident: str, label: str, values: list[tuple[str, str]], first: str = "all", css: str = "") -> str:
    """A labelled drop-down of (value, words) pairs."""
    options = "".join(f'<option value="{escape(v)}">{escape(words)}</option>' for v, words in values)
    first_option = f'<option value="">{first}</option>' if first else ""
    return (f'<span{css}><label for="{ident}">{label}</label> '
            f'<select id="{ident}">{first_option}{options}</select></span>')


def _filters(result: ClassRows) -> str:
    """Drop-downs for the verdict and the mistake (each with how many), and, on a phone, where
    the table's headings are hidden, one to sort by."""
    counts = result.counts()
    named = {**counts["difference"], **counts["differences"]}
    sorts = [(f"{i} {way}", f"{heading} {arrow}") for i, heading in enumerate(HEADINGS)
             for way, arrow in (("up", "\u25B2"), ("down", "\u25BC"))]
    return (_select("verdict", "Verdict", [(v, f"{v} ({n})") for v, n in counts["verdict"].items() if n])
            + _select("mistake", "Mistake or difference",
                      [(name.replace(" ", "_"), f"{name} ({n})") for name, n in named.items()])
            + _select("sort", "Sort by", sorts, first="name order", css=' class="sorter"')
            + '<span id="shown" class="shown" aria-live="polite"></span>')


def page_html(result: ClassRows, title: str) -> str:
    from .words import counts_text

    counts = "".join(f"<p>{escape(line)}</p>" for line in counts_text(result).splitlines())
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
            f'<h1>{escape(title)}</h1>{chart_svg(result)}<div class="counts">{counts}</div>'
            f'<div class="filters">{_filters(result)}</div>{table_html(result)}'
            f"<script>{SCRIPT}</script></body></html>\n")


def write_page(result: ClassRows, folder: str, title: str = "Class check") -> str:
    """Write ``folder/index.html`` (each row's pages are already under ``folder/submissions``)."""
    from ..outputs.files import atomic_writer

    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "index.html")
    with atomic_writer(path) as handle:
        handle.write(page_html(result, title))
    return path
