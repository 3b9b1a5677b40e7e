"""Nim files (docs/games.md): heaps written ``3 4 5``, ``[1, 3, 5]`` or ``nim [1, 3, 5]`` (so brackets do
not read as a tree), read with the line and column of any problem."""

from __future__ import annotations

import re

from ...errors import InputError, decode_text, quote
from .game import MAX_CALLS, MAX_HEAP, MAX_HEAPS, game_tree_calls

MAX_BYTES = 64 * 1024
TOKEN = re.compile(r"\[|\]|,|[^\s,\[\]]+")
#: A Nim file's one line of content, as ``sniff_score`` recognises it.
HEAPS_LINE = re.compile(r"(nim\b\s*)?(\[)?\s*[0-9]+(\s*[,\s]\s*[0-9]+)*\s*(\])?", re.IGNORECASE)


def _tokens(text: str) -> list[tuple[str, int, int]]:
    found: list[tuple[str, int, int]] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.split("#", 1)[0]
        found.extend((m.group(), number, m.start() + 1) for m in TOKEN.finditer(line))
    return found


def _heap(word: str, line: int, column: int, source: str) -> int:
    """One heap's size; its digits are counted before ``int()`` is asked (a huge word is refused)."""
    if not (word.isascii() and word.isdigit()) or len(word) > 2 or int(word) > MAX_HEAP:
        what = (f"a heap of at most {MAX_HEAP} objects" if word.isascii() and word.isdigit()
                else f"a heap size: a whole number from 0 to {MAX_HEAP}")
        raise InputError(f"expected {what}, found {quote(word, 40)}", source, line, column)
    return int(word)


def parse_heaps(text: str, source: str = "<string>") -> list[int]:
    """The heaps a Nim file's text holds; InputError ``source:line:col: expected …, found …``."""
    text = text.removeprefix("\ufeff")
    tokens = _tokens(text)
    if tokens and tokens[0][0].lower() == "nim":
        tokens = tokens[1:]
    last = text.count("\n") + 1
    if not tokens:
        raise InputError("expected heaps such as 3 4 5 or [1, 3, 5], found the end of the file", source, last)
    opening = tokens[0]
    if opening[0] == "[":
        tokens = _inside_brackets(tokens, source, last)
    heaps: list[int] = []
    for word, line, column in tokens:
        if word == ",":
            continue
        if len(heaps) == MAX_HEAPS:
            raise InputError(f"expected at most {MAX_HEAPS} heaps, found one more: {quote(word)}",
                             source, line, column)
        heaps.append(_heap(word, line, column, source))
    if not heaps:
        raise InputError("expected at least one heap inside the brackets, such as [1, 3, 5]", source,
                         opening[1], opening[2])
    _small_enough(heaps, source, opening[1])
    return heaps


def _inside_brackets(tokens: list[tuple[str, int, int]], source: str, last: int) -> list[tuple[str, int, int]]:
    """The tokens between a ``[`` (the first token) and the ``]`` that must end the heaps."""
    closes = [i for i, token in enumerate(tokens) if token[0] == "]"]
    if not closes:
        raise InputError(f"expected ']' to close the '[' at {tokens[0][1]}:{tokens[0][2]}, found the end "
                         "of the file", source, last)
    if closes[0] != len(tokens) - 1:
        word, line, column = tokens[closes[0] + 1]
        raise InputError(f"expected the end of the heaps after ']', found {quote(word)}", source, line, column)
    return tokens[1:-1]


def _small_enough(heaps: list[int], source: str, line: int) -> None:
    calls = game_tree_calls(tuple(heaps))
    if calls > MAX_CALLS:
        raise InputError(f"expected heaps on which minimax makes at most {MAX_CALLS:,} calls (3 4 5 takes "
                         f"1,038,768), found {' '.join(map(str, heaps))}, which takes {calls:,}: use smaller "
                         "or fewer heaps", source, line)


def decode(data: bytes, source: str) -> str:
    return decode_text(data, source, MAX_BYTES, f"expected a Nim file of at most {MAX_BYTES:,} bytes")


def sniff_score(text: str) -> int:
    """How surely ``text`` is a Nim file: 5 with the word ``nim`` first, 4 for one line of numbers,
    1 for a bracketed list of numbers (a textbook tree reads it first), else 0."""
    lines = [line.split("#", 1)[0].strip() for line in text.removeprefix("\ufeff").split("\n")]
    content = [line for line in lines if line]
    if len(content) != 1:
        return 0
    match = HEAPS_LINE.fullmatch(content[0])
    if match is None or bool(match.group(2)) != bool(match.group(4)):
        return 0
    if match.group(1):
        return 5
    return 1 if match.group(2) else 4

