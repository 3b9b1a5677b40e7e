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
.filters{display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;margin:1rem 0}
.filters label{font-weight:600}
select{font:inherit;padding:.2rem}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.35rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}
th{cursor:pointer;background:#f3f3f3;white-space:nowrap}
td.num{text-align:right;font-variant-numeric:tabular-nums}
td.name{overflow-wrap:anywhere}
.v{font-weight:700}
@media (max-width:40rem){
 body{padding:.6rem;font-size:15px}
 thead{display:none}
 table,tbody,tr,td{display:block;width:auto}
 tr{border:1px solid #ccc;border-radius:.4rem;margin:.6rem 0;padding:.3rem .5rem}
 td{border:0;padding:.1rem 0}
 td.num{text-align:left}
 td[data-h]::before{content:attr(data-h) ": ";font-weight:600}
 td[data-key=""]{display:none}
}
.why{display:block;font-size:.85em;color:#444;overflow-wrap:anywhere}
"""

SCRIPT = """
(function(){
 var table=document.getElementById('rows'),body=table.tBodies[0];
 var verdict=document.getElementById('verdict'),mistake=document.getElementById('mistake');
 function filter(){
  Array.prototype.forEach.call(body.rows,function(r){
   var ok=(!verdict.value||r.dataset.verdict===verdict.value)&&
          (!mistake.value||(' '+r.dataset.named+' ').indexOf(' '+mistake.value+' ')>=0);
   r.hidden=!ok;});
 }
 verdict.onchange=filter;mistake.onchange=filter;
 Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,i){
  th.onclick=function(){
   var up=th.getAttribute('aria-sort')!=='ascending';
   Array.prototype.forEach.call(table.tHead.rows[0].cells,function(h){h.removeAttribute('aria-sort');});
   th.setAttribute('aria-sort',up?'ascending':'descending');
   var rows=Array.prototype.slice.call(body.rows);
   rows.sort(function(a,b){
    var x=a.cells[i].dataset.key,y=b.cells[i].dataset.key;
    var nx=parseFloat(x),ny=parseFloat(y);
    var c=(!isNaN(nx)&&!isNaN(ny))?nx-ny:x.localeCompare(y);
    return up?c:-c;});
   rows.forEach(function(r){body.appendChild(r);});
  };});
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


def _row_html(row: Row, links: bool) -> str:
    texts = cells(row)
    keys = (row.name, row.verdict, row.named, str((row.data.get("first_wrong") or {}).get("call") or ""),
            texts[4], texts[5])
    tds = []
    for i, (heading, text, key) in enumerate(zip(HEADINGS, texts, keys, strict=True)):
        kind = ' class="num"' if i >= 4 else (' class="name"' if i == 0 else "")
        shown = escape(text)
        if i == 0 and links and row.pages:
            shown += "".join(f' <a href="{escape(href)}">{word}</a>'
                             for word, href in (("trees", row.pages.get("trees")), ("steps", row.pages.get("steps")))
                             if href)
        if i == 1:
            shown = f'<span class="v" style="color:{COLOURS[row.verdict]}">{shown}</span>'
        if i == 2 and row.verdict in ("error", "refused"):
            shown += f'<span class="why">{escape(_why(row))}</span>'
        tds.append(f'<td{kind} data-h="{escape(heading)}" data-key="{escape(key)}">{shown}</td>')
    named = " ".join(n.replace(" ", "_") for n in _names(row))
    return f'<tr data-verdict="{row.verdict}" data-named="{escape(named)}">{"".join(tds)}</tr>'


#: Most characters of an error's message shown in the table.
WHY_LENGTH = 200


def _why(row: Row) -> str:
    """An error's or refusal's message, cut short, for the table."""
    message = str((row.data.get("error") or {}).get("message") or "")
    return message if len(message) <= WHY_LENGTH else message[:WHY_LENGTH - 1] + "…"


def _names(row: Row) -> list[str]:
    return ([row.mistake] if row.mistake else []) + row.differences


def table_html(result: ClassRows, links: bool = True) -> str:
    """The table alone (for Jupyter, and inside the class page)."""
    head = "".join(f"<th>{escape(h)}</th>" for h in HEADINGS)
    body = "".join(_row_html(row, links) for row in result.rows)
    return f'<div class="scroll"><table id="rows"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _select(ident: str, label: str, values: list[str]) -> str:
    options = "".join(f'<option value="{escape(v.replace(" ", "_"))}">{escape(v)}</option>' for v in values)
    return (f'<span><label for="{ident}">{label}</label> '
            f'<select id="{ident}"><option value="">all</option>{options}</select></span>')


def page_html(result: ClassRows, title: str) -> str:
    from .words import counts_text

    counts = result.counts()
    names = list(counts["difference"]) + list(counts["differences"])
    filters = (_select("verdict", "Verdict", [v for v, n in counts["verdict"].items() if n])
               + _select("mistake", "Mistake or difference", names))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{escape(title)}</h1>{chart_svg(result)}"
            + "".join(f"<p>{escape(line)}</p>" for line in counts_text(result).splitlines()) +
            f'<div class="filters">{filters}</div>{table_html(result)}'
            f"<script>{SCRIPT}</script></body></html>\n")


def write_page(result: ClassRows, folder: str, title: str = "Class check") -> str:
    """Write ``folder/index.html`` (each row's pages are already under ``folder/submissions``)."""
    from ..outputs.files import atomic_writer

    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "index.html")
    with atomic_writer(path) as handle:
        handle.write(page_html(result, title))
    return path
