"""Reading a JSON trace as a stream: bounded memory and time, whatever the bytes.

``TraceReader(stream, source).nodes()`` yields the ``"tree"``'s nodes in pre-order as
``(depth, call, fields, key)``: the depth from the nesting; the node's ``"call"`` value
unchecked; its other keys but ``"children"`` (a dict shared between nodes with equal
fields: never change it); and a text identifying those fields, or None (the loader caches
its checks under it). ``reader.header`` holds the other top-level keys, all of them once
``nodes()`` is exhausted; unknown keys are kept like any other. A node's ``"children"``
must be its last key, as tracer writes it, so that a node is handed on before its subtree.

A fast lane reads the layout ``write_json`` writes (a node a line) with one match a line,
its fields parsed once per distinct text; a general lane reads any other layout token by
token. Limits (file size, token length, nesting, items in a value) make junk fail early;
every problem is an InputError with the line.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from typing import Any, BinaryIO

from ..errors import InputError, quote

#: A saved trace of the empty board is about 76 MB; refuse files far beyond any real trace.
MAX_BYTES = 512 * 1024 * 1024
CHUNK = 1 << 20
#: Longest number token, and longest string: a header holds a textbook tree's whole
#: notation (``"game_tree"``; a tree file is at most 256 KiB), so a string may be long.
MAX_TOKEN = 4096
MAX_STRING = 1 << 20
#: Most characters kept ahead of the parser: the longest token fits.
MARGIN = MAX_STRING + MAX_TOKEN
#: Most digits of a number: 20 holds any 64-bit integer; more is refused before int().
MAX_DIGITS = 20
#: The most nested calls any reader is built for (each takes its deepest game's ``max_depth``).
MAX_TREE_DEPTH = 256
MAX_VALUE_DEPTH = 16
#: Most items (array elements, object keys, at any depth) in one node's fields outside
#: the tree's nesting, and most characters of their strings together.
MAX_ITEMS = 10_000
MAX_CHARS = MAX_STRING
#: The same for the header as a whole, and its most keys: junk before the tree never
#: holds more than a few megabytes.
MAX_HEADER_KEYS = 256
MAX_HEADER_ITEMS = 4 * MAX_ITEMS
MAX_HEADER_CHARS = 2 * MAX_STRING
#: Most distinct field texts remembered by the fast lane before the memory is cleared.
MAX_CACHED = 50_000

_WS = re.compile(r"[ \t\n\r]*+")
_TOKEN = re.compile(
    (r'[ \t\n\r]*+(?:([{}\[\]:,])'
     r'|("(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})){0,STRING}")'
     r"|(-?(?:0|[1-9][0-9]{0,LONGEST})(\.[0-9]{1,LONGEST})?([eE][+-]?[0-9]{1,4})?)(?![0-9])"
     r"|(true|false|null)(?![A-Za-z0-9]))").replace("LONGEST", str(MAX_TOKEN)).replace("STRING", str(MAX_STRING))
)
#: The opening of a node whose fields before "children" are simple values, in any
#: white-space layout (the general lane's shortcut; write_json's layout has its own).
_NODE_HEAD = re.compile(
    r'[ \t\n\r]*+\{[ \t\n\r]*+"call"[ \t\n\r]*+:[ \t\n\r]*+([0-9]{1,12})[ \t\n\r]*+,'
    r'((?:[ \t\n\r]*+"[a-z_]{1,32}"[ \t\n\r]*+:[ \t\n\r]*+'
    r'(?:-?[0-9]{1,10}|null|true|false|"[A-Za-z0-9_.]{0,64}"|\[[ \t\n\r0-9,]{0,200}\])'
    r'[ \t\n\r]*+,){0,64})'
    r'[ \t\n\r]*+"children"[ \t\n\r]*+:[ \t\n\r]*+\['
)
_CONSTANTS = {"true": True, "false": False, "null": None}
NODE, FIRST, AFTER, DONE = "node", "first", "after", "done"  # what the tree parser expects
#: The end of a fast-lane line: how many nodes its ']}'s close, and what may come next
#: ("[," is not one: the general lane reports it).
_TAILS = {"]}" * n + comma: (n, FIRST if n == 0 else NODE if comma else AFTER)
          for n in range(MAX_TREE_DEPTH + 2) for comma in ("", ",") if n or not comma}

#: What may come next in a tree, by the parser's state, as an error names it.
_WANTED = {NODE: "a node (a JSON object)", FIRST: "a node or ']'", AFTER: "',' or ']' after a node"}


class TraceReader:
    """A JSON trace read incrementally from a binary stream (see the module's notes)."""

    def __init__(self, stream: BinaryIO, source: str = "<json>", max_depth: int = MAX_TREE_DEPTH):
        self.stream = stream
        self.source = source
        self.max_depth = min(max_depth, MAX_TREE_DEPTH)  # the most nested calls, the root being 1
        self.items_left = self.chars_left = 0
        self.header: dict[str, Any] = {}
        self.buf = ""
        self.pos = 0
        self.lines_before = 0  # newlines in text already dropped from buf
        self.read_bytes = 0
        self.eof = False
        self.decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self.cache: dict[str, dict[str, Any]] = {}

    def fail(self, message: str) -> InputError:
        line = self.lines_before + self.buf.count("\n", 0, self.pos) + 1
        if not message.startswith("expected"):
            message = f"expected a JSON trace, {message}"
        return InputError(message, self.source, line)

    def fill(self) -> None:
        """Keep at least MARGIN characters ahead of ``pos`` unless the input has ended."""
        while not self.eof and len(self.buf) - self.pos < MARGIN:
            data = self.stream.read(CHUNK)
            self.read_bytes += len(data)
            if self.read_bytes > MAX_BYTES:
                raise InputError(f"expected a JSON trace of at most {MAX_BYTES} bytes", self.source)
            try:
                text = self.decoder.decode(data, final=not data)
            except UnicodeDecodeError:
                raise self.fail("found bytes that are not UTF-8") from None
            if not data:
                self.eof = True
            self.lines_before += self.buf.count("\n", 0, self.pos)
            self.buf = self.buf[self.pos:] + text
            self.pos = 0

    def token(self) -> tuple[str, Any]:
        """The next token as ``(kind, value)``: kind is a punctuation character, ``'s'``
        (string), ``'n'`` (number), ``'c'`` (true/false/null) or ``''`` (end)."""
        self.fill()
        match = _TOKEN.match(self.buf, self.pos)
        while match is None:
            self.pos = _WS.match(self.buf, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.buf) - MARGIN or self.eof:
                if self.pos >= len(self.buf):
                    return "", None
                raise self.fail(f"found {quote(self.buf[self.pos:self.pos + 20])}")
            self.fill()  # a long run of white space: read on
            match = _TOKEN.match(self.buf, self.pos)
        self.pos = match.end()
        punct, string, number, fraction, exponent, constant = match.groups()
        if punct:
            return punct, None
        if string is not None:
            self.chars_left -= len(string)
            return "s", json.loads(string)
        if number is not None:
            if fraction or exponent:
                return "n", float(number)
            if len(number.lstrip("-")) > MAX_DIGITS:
                raise self.fail(f"found a number of more than {MAX_DIGITS} digits")
            return "n", int(number)
        return "c", _CONSTANTS[constant]

    def expect(self, kind: str, what: str) -> Any:
        got, value = self.token()
        if got != kind:
            raise self.fail(f"expected {what}, found {describe(got, value)}")
        return value

    def budget(self, items: int, chars: int) -> None:
        """What the values read next may hold together: ``items`` array elements and object
        keys, at any depth, and ``chars`` characters of strings (of any length each)."""
        self.items_left, self.chars_left = items, chars

    def value(self, depth: int = 0, first: tuple[str, Any] | None = None) -> Any:
        """One whole JSON value (not a tree), within the nesting and size limits."""
        kind, value = first or self.token()
        if self.chars_left < 0:
            raise self.fail("found more text in strings than a trace holds")
        if kind in ("s", "n", "c"):
            return value
        if depth >= MAX_VALUE_DEPTH:
            raise self.fail(f"found values nested more than {MAX_VALUE_DEPTH} deep")
        if kind not in ("[", "{"):
            raise self.fail(f"expected a value, found {describe(kind, value)}")
        close, items, fields = ("]" if kind == "[" else "}"), [], {}
        kind, value = self.token()
        while kind != close:
            self.items_left -= 1
            if self.items_left < 0:
                what = "an array of more items" if close == "]" else "an object of more keys"
                raise self.fail(f"found {what} than a trace holds ({MAX_ITEMS:,})")
            if close == "]":
                items.append(self.value(depth + 1, (kind, value)))
            else:
                key = self.key((kind, value))  # before its value is read
                fields[key] = self.value(depth + 1)
            kind, value = self.token()
            if kind == ",":
                kind, value = self.token()
            elif kind != close:
                raise self.fail(f"expected ',' or '{close}', found {describe(kind, value)}")
        return items if close == "]" else fields

    def key(self, first: tuple[str, Any]) -> str:
        kind, value = first
        if kind != "s":
            raise self.fail(f"expected a key in quotes, found {describe(kind, value)}")
        self.expect(":", "':' after a key")
        return value

    def nodes(self) -> Iterator[tuple[int, Any, dict[str, Any], str | None]]:
        """The tree's nodes in pre-order; ``header`` is complete once this is exhausted."""
        self.expect("{", "a JSON object")
        kind, value = self.token()
        seen_tree = False
        items, chars = MAX_HEADER_ITEMS, MAX_HEADER_CHARS
        while kind != "}":
            self.budget(items, chars)
            key = self.key((kind, value))
            if key == "tree":
                if seen_tree:
                    raise self.fail('found a second "tree"')
                seen_tree = True
                yield from self.tree()
            elif key in self.header:
                raise self.fail(f"found the key {quote(key)} twice")
            elif len(self.header) >= MAX_HEADER_KEYS:
                raise self.fail(f"found more than {MAX_HEADER_KEYS} keys outside the tree")
            else:
                self.header[key] = self.value()
                items, chars = self.items_left, self.chars_left
            kind, value = self.token()
            if kind == ",":
                kind, value = self.token()
            elif kind != "}":
                raise self.fail(f"expected ',' or '}}', found {describe(kind, value)}")
        if self.token()[0] != "":
            raise self.fail("found more after the trace's closing '}'")
        if not seen_tree:
            raise self.fail('found no "tree"')

    def tree(self) -> Iterator[tuple[int, Any, dict[str, Any], str | None]]:
        """The nodes of the tree value, up to the root's closing brace. ``depth`` counts the nodes
        whose children are being read; ``state`` is what may come next (``_WANTED``)."""
        depth = 0
        state = NODE
        while True:
            if state != AFTER:
                yield from self.fast_lines(state, depth)
                state, depth = self.fast_state
                if state == DONE:
                    return
                simple = self.simple_node()
                if simple is not None:
                    yield self.opened(depth, *simple)
                    depth, state = depth + 1, FIRST
                    continue
            kind, value = self.token()
            if kind == "{" and state != AFTER:
                yield self.opened(depth, *self.node_fields(), None)
                depth, state = depth + 1, FIRST
            elif kind == "]" and state != NODE:
                self.close_node()
                depth -= 1
                if depth == 0:
                    return
                state = AFTER
            elif kind == "," and state == AFTER:
                state = NODE
            else:
                raise self.fail(f"expected {_WANTED[state]}, found {describe(kind, value)}")

    def simple_node(self) -> tuple[int, dict[str, Any], str] | None:
        """A node of simple fields in another layout, read in one match: its call, fields and
        their text (None, reading nothing, if the next node is not so)."""
        self.fill()
        head = _NODE_HEAD.match(self.buf, self.pos)
        fields = self.cached(head.group(2)) if head is not None else None
        if head is None or fields is None:
            return None
        self.pos = head.end()
        return int(head.group(1)), fields, head.group(2)

    def opened(self, depth: int, call: int, fields: dict[str, Any],
               text: str | None) -> tuple[int, int, dict[str, Any], str | None]:
        """A node opened at ``depth``, as ``tree`` yields it, if no game goes that deep (so the
        depth below it is within the limit too)."""
        if depth >= self.max_depth:
            raise self.too_deep()
        return depth, call, fields, text

    def fast_lines(self, state: str, depth: int) -> Iterator[tuple[int, int, dict[str, Any], str]]:
        """Nodes written a line each as write_json writes them (``{"call":N,FIELDS"children":[``
        after spaces, then the ``]}`` closing it and its ancestors, then a comma if a sibling
        follows), up to the first other line; the tree parser's state is left in ``fast_state``."""
        tails = _TAILS
        cache = self.cache
        while True:
            self.fast_state = state, depth
            self.fill()
            buf, pos = self.buf, self.pos
            if not buf.startswith("\n", pos):
                return
            first_end = buf.find("\n", pos + 1)
            if first_end < 0 or '"children":[' not in buf[pos:first_end]:
                return  # not this layout: the general lane goes on, no bulk split wasted
            end = buf.rfind("\n", pos + 1)
            for line in buf[pos + 1 : end + 1].split("\n")[:-1]:
                opening, _, rest = line.partition(",")
                fields_text, children, tail = rest.rpartition('"children":[')
                shape = tails.get(tail)
                opening = opening.lstrip(" ")
                call_text = opening[8:]
                fields = cache.get(fields_text)
                if fields is None:
                    fields = self.cached(fields_text)
                if shape is None or fields is None or not children or opening[:8] != '{"call":' \
                        or not (call_text.isdigit() and call_text.isascii() and len(call_text) < 13):
                    self.pos, self.fast_state = pos, (state, depth)
                    return
                if depth >= self.max_depth:
                    self.pos = pos
                    raise self.too_deep()
                yield depth, int(call_text), fields, fields_text
                pos += len(line) + 1
                closed, state = shape
                depth += 1 - closed
                if depth <= 0 or state is AFTER:  # (a line opens at most one level: never too deep)
                    self.leave_fast_lane(pos, state, depth)
                    return
            self.pos = pos

    def leave_fast_lane(self, pos: int, state: str, depth: int) -> None:
        """After a line that closed the root or ends with no sibling: the tree parser's state from
        there, or the error."""
        self.pos, self.fast_state = pos, (state, depth)
        if depth < 0:
            raise self.fail("found ']}' with no node open")
        if depth == 0:  # the root is closed; a comma is the top-level object's
            self.pos -= state is NODE
            self.fast_state = DONE, 0

    def too_deep(self) -> InputError:
        return self.fail(f"found calls nested deeper than any game's ({self.max_depth - 1} moves "
                         "below the first call)")

    def close_node(self) -> None:
        """After a children array's ']': the node must end there ("children" is last)."""
        kind, value = self.token()
        if kind == ",":
            raise self.fail('expected "children" to be the last key of a node, found more keys')
        if kind != "}":
            raise self.fail(f"expected '}}' after a node's children, found {describe(kind, value)}")

    def node_fields(self) -> tuple[Any, dict[str, Any]]:
        """A node's keys up to and including ``"children":[`` (general lane)."""
        fields: dict[str, Any] = {}
        kind, value = self.token()
        self.budget(MAX_ITEMS, MAX_CHARS)  # for the whole node: its values are not kept
        while True:
            if kind == "}":
                raise self.fail('expected a "children" array in every node')
            key = self.key((kind, value))
            if key == "children":
                self.expect("[", 'an array after "children"')
                break
            if key in fields:
                raise self.fail(f"found the key {quote(key)} twice in a node")
            if len(fields) >= 64:
                raise self.fail("found a node with more than 64 keys")
            fields[key] = self.value()
            kind, value = self.token()
            if kind != ",":
                raise self.fail(f"expected ',' and more keys of a node, found {describe(kind, value)}")
            kind, value = self.token()
        return fields.pop("call", None), fields

    def cached(self, fields_text: str) -> dict[str, Any] | None:
        """The fields of a fast-lane node, parsed once per distinct text; None if the
        text is not plain ``"key":value,`` pairs (the general lane then reads it)."""
        fields = self.cache.get(fields_text)
        if fields is not None:
            return fields
        if len(fields_text) > MAX_TOKEN or (fields_text and not fields_text.endswith(",")):
            return None
        try:
            pairs = json.loads("{" + fields_text[:-1] + "}", object_pairs_hook=list,
                               parse_constant=_refuse, parse_int=_small_int)
        except (ValueError, RecursionError):
            return None
        fields = dict(pairs)
        if len(fields) != len(pairs) or "call" in fields or "children" in fields:
            return None
        if len(self.cache) >= MAX_CACHED:
            self.cache.clear()
        self.cache[fields_text] = fields
        return fields


def _refuse(name: str) -> Any:
    raise ValueError(name)  # NaN, Infinity: not JSON


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(text)
    return int(text)


def describe(kind: str, value: Any) -> str:
    if kind == "":
        return "the end of the file"
    if kind in ("s", "n", "c"):
        return quote(json.dumps(value))
    return quote(kind)
