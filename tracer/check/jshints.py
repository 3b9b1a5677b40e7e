"""How a JavaScript program writes its boards, read from its tokens (never run).

``const currentBoardState = ["X", 1, "O", "X", 4, "X", "O", "O", 8]`` says empty cells
hold their index and the board lives in ``currentBoardState``; ``Array(9).fill("")``,
``[...Array(9).keys()]`` and ``let board = [["", "", ""], ...]`` say it too.
"""

from __future__ import annotations

import json
from typing import Any

from .jstokens import Token
from .reading import Notation, read_cells

_UNKNOWN = object()


def literal(tok: Token) -> Any:
    """A string, number, ``null`` or ``undefined`` token's value; _UNKNOWN otherwise."""
    if tok.kind == "str":
        body = tok.text[1:-1]
        if tok.text[0] == "'":
            body = body.replace('\\"', '"').replace('"', '\\"').replace("\\'", "'")
        try:
            return json.loads(f'"{body}"')
        except ValueError:
            return body
    if tok.kind == "template" and "${" not in tok.text:
        return tok.text[1:-1]
    if tok.kind == "num":
        try:
            return int(tok.text)
        except ValueError:
            try:
                return float(tok.text)
            except ValueError:
                return _UNKNOWN
    if tok.kind == "id" and tok.text in ("null", "undefined"):
        return None
    return _UNKNOWN


def _depths(tokens: list[Token]) -> list[int]:
    depth, out = 0, []
    for tok in tokens:
        if tok.kind == "punct" and tok.text == "}":
            depth -= 1
        out.append(depth)
        if tok.kind == "punct" and tok.text == "{":
            depth += 1
    return out


def constants(tokens: list[Token]) -> dict[str, Any]:
    """Top-level ``const NAME = literal`` (and let/var) bindings."""
    depths, out = _depths(tokens), {}
    for i in range(len(tokens) - 3):
        if depths[i] == 0 and tokens[i].text in ("const", "let", "var") and tokens[i + 1].kind == "id" \
                and tokens[i + 2].text == "=":
            value = literal(tokens[i + 3])
            if value is not _UNKNOWN and (i + 4 >= len(tokens) or tokens[i + 4].text in (";", ",")
                                          or tokens[i + 4].newline_before):
                out[tokens[i + 1].text] = value
    return out


class _Arrays:
    def __init__(self, tokens: list[Token]):
        self.t = tokens
        self.constants = constants(tokens)

    def value(self, i: int) -> tuple[Any, int]:
        """The value of the expression starting at token ``i`` and the token after it."""
        t = self.t
        if i >= len(t):
            return _UNKNOWN, i
        if t[i].text == "[":
            return self.array(i)
        pattern = self.array_of_nine(i)
        if pattern[0] is not _UNKNOWN:
            return pattern
        value = literal(t[i])
        if value is _UNKNOWN and t[i].kind == "id":
            value = self.constants.get(t[i].text, _UNKNOWN)
        return value, i + 1

    def array(self, i: int) -> tuple[Any, int]:
        t, items, j = self.t, [], i + 1
        spread_keys = ["...", "Array", "(", "9", ")", ".", "keys", "(", ")", "]"]
        if [x.text for x in t[j : j + 10]] == spread_keys:  # [...Array(9).keys()]
            return list(range(9)), j + 10
        while j < len(t) and t[j].text != "]":
            value, j = self.value(j)
            if value is _UNKNOWN:
                return _UNKNOWN, j
            items.append(value)
            if j < len(t) and t[j].text == ",":
                j += 1
            elif j < len(t) and t[j].text != "]":
                return _UNKNOWN, j
        return items, j + 1

    def array_of_nine(self, i: int) -> tuple[Any, int]:
        """``Array(9).fill(V)``, ``new Array(9).fill(V)``, ``Array.from(Array(9).keys())``."""
        t = self.t
        j = i + 1 if i < len(t) and t[i].text == "new" else i
        texts = [x.text for x in t[j : j + 7]]
        if texts[:6] == ["Array", "(", "9", ")", ".", "fill"] and j + 7 < len(t) and t[j + 6].text == "(":
            value, k = self.value(j + 7)
            if value is not _UNKNOWN and k < len(t) and t[k].text == ")":
                return [list(value) if isinstance(value, list) else value for _ in range(9)], k + 1
        keys = ["Array", ".", "from", "(", "Array", "(", "9", ")", ".", "keys", "(", ")", ")"]
        if [x.text for x in t[j : j + len(keys)]] == keys:
            return list(range(9)), j + len(keys)
        return _UNKNOWN, i


def board_hints(tokens: list[Token]) -> list[tuple[Notation, str | None]]:
    """Boards written in the source, with the top-level binding each is assigned to."""
    arrays, depths = _Arrays(tokens), _depths(tokens)
    found: list[tuple[Notation, str | None]] = []
    for i, tok in enumerate(tokens):
        starts = tok.text == "[" or (tok.text in ("Array", "new") and tok.kind == "id") or tok.kind == "str"
        if not starts or (i and tokens[i - 1].text == "new" and tok.text == "Array"):
            continue
        value, _ = arrays.value(i)
        if value is _UNKNOWN or not isinstance(value, (list, str)):
            continue
        cells = read_cells(value)
        if cells is None:
            continue
        name = None
        if i >= 2 and tokens[i - 1].text == "=" and tokens[i - 2].kind == "id" and depths[i] == 0:
            name = tokens[i - 2].text
        found.append((cells[1], name))
    return found


def mark_texts(tokens: list[Token]) -> set[str]:
    """The one-letter mark strings the source uses."""
    return {v for t in tokens if t.kind == "str" and (v := literal(t)) in ("X", "O", "x", "o")}


def ai_hint(tokens: list[Token]) -> str | None:
    """The AI's mark, if a top-level binding says it (``const aiMark = "X"``, ``let ai = 'O'``)."""
    for name, value in constants(tokens).items():
        key = name.lower().replace("_", "")
        if key in ("ai", "aimark", "aiplayer", "computer", "cpu", "bot", "aisymbol", "comp", "computermark") \
                and isinstance(value, str) and value.upper() in ("X", "O"):
            return value.upper()
    return None
