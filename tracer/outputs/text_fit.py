"""Text in an SVG drawn as wide as Graphviz measured it, whatever font metrics the browser has.

A browser draws Graphviz's words with its own metrics, often a few per cent wider than those the
layout measured, and neighbours then run into each other. The same layout written as ``xdot``
gives each text's measured width, which its SVG ``<text>`` gets as ``textLength``.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict

#: The end of the SVG when dot writes ``-Tsvg -Txdot`` to one stream.
SVG_END = b"</svg>"
#: xdot operations and how many numbers each takes before its strings (``None``: a count of
#: points follows, then that many pairs).
_NUMBERS = {"E": 4, "e": 4, "P": None, "p": None, "L": None, "B": None, "b": None,
            "T": 4, "F": 1, "c": 0, "C": 0, "S": 0, "I": 4, "t": 1}
_STRINGS = {"T": 1, "F": 1, "c": 1, "C": 1, "S": 1, "I": 1}
_DRAW = re.compile(rb'_(?:h|t|hl|tl)?[lh]?draw_="((?:[^"\\]|\\.)*)"', re.S)
_TEXT = re.compile(rb'<text ([^>]*)>(.*?)</text>', re.S)
_ATTRIBUTE = re.compile(rb'(x|y)="(-?[0-9.]+)"')


def split(output: bytes) -> tuple[bytes, bytes]:
    """``(svg, xdot)`` from dot's output of ``-Tsvg -Txdot``."""
    end = output.find(SVG_END)
    if end < 0:
        return output, b""
    end += len(SVG_END)
    return output[:end] + b"\n", output[end:]


def text_spans(xdot: bytes) -> dict[tuple[float, float, str], list[float]]:
    """Every text the layout measured: (x, y, words) -> widths, in points (y as xdot has it)."""
    spans: dict[tuple[float, float, str], list[float]] = defaultdict(list)
    for found in _DRAW.finditer(xdot):
        ops = _unquote(found.group(1))
        for x, y, width, words in _texts(ops):
            spans[(round(x, 1), round(y, 1), words)].append(width)
    return spans


def _unquote(value: bytes) -> bytes:
    """A DOT string's bytes without its escapes (``\\"`` and line continuations)."""
    return re.sub(rb'\\\n', b"", value).replace(b'\\"', b'"').replace(b"\\\\", b"\\")


def _texts(ops: bytes) -> list[tuple[float, float, float, str]]:
    """The ``T x y j w n -text`` operations of one xdot drawing, in order."""
    found: list[tuple[float, float, float, str]] = []
    at = 0
    while True:
        at = _skip_space(ops, at)
        if at >= len(ops):
            return found
        op = chr(ops[at])
        at += 1
        if op not in _NUMBERS:
            return found  # not an operation this reader knows: keep what it read
        numbers: list[float] = []
        count = _NUMBERS[op]
        if count is None:
            points, at = _number(ops, at)
            count = 2 * int(points)
        for _ in range(count):
            value, at = _number(ops, at)
            numbers.append(value)
        words = b""
        for _ in range(_STRINGS.get(op, 0)):
            size, at = _number(ops, at)
            at = _skip_space(ops, at) + 1  # the '-' before the bytes
            words, at = ops[at:at + int(size)], at + int(size)
        if op == "T":
            found.append((numbers[0], numbers[1], numbers[3], words.decode("utf-8", errors="replace")))


def _skip_space(data: bytes, at: int) -> int:
    while at < len(data) and data[at] in b" \t\r\n":
        at += 1
    return at


def _number(data: bytes, at: int) -> tuple[float, int]:
    at = _skip_space(data, at)
    end = at
    while end < len(data) and data[end] not in b" \t\r\n":
        end += 1
    return float(data[at:end]), end


def fit_texts(svg: bytes, xdot: bytes) -> bytes:
    """``svg`` with each text the layout measured given its measured width."""
    spans = text_spans(xdot)
    if not spans:
        return svg

    def fit(match: re.Match[bytes]) -> bytes:
        attributes, body = match.group(1), match.group(2)
        where = dict(_ATTRIBUTE.findall(attributes))
        if b"textLength" in attributes or b"x" not in where or b"y" not in where:
            return match.group(0)
        words = html.unescape(body.decode("utf-8"))
        key = (round(float(where[b"x"]), 1), round(-float(where[b"y"]), 1), words)
        widths = spans.get(key)
        if not widths or widths[0] <= 0:
            return match.group(0)
        width = widths.pop(0) if len(widths) > 1 else widths[0]
        # The layout measured the spaces at either end too; a browser drops them unless told
        # to keep them, and would then stretch the rest (a Nim object "● " into an oval).
        keep = b' xml:space="preserve"' if words != words.strip(" ") and b"xml:space" not in attributes else b""
        return (b'<text ' + attributes + keep
                + f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs">'.encode() + body + b"</text>")

    return _TEXT.sub(fit, svg)
