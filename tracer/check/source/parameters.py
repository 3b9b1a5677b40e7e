"""What a search function's parameters are for, read from their names: where tracer puts the
board, the side to move, a depth or a window when it calls the search itself."""

from __future__ import annotations

import re

from .jsinstrument import normalised

#: What a parameter is for, read from its name (lowercased, no underscores): the first pattern
#: found anywhere in it decides, else a whole short name does. Learners' names, not tracer's.
ROLES = (
    (re.compile(r"alpha|lowerbound"), "low"), (re.compile(r"beta|upperbound"), "high"),
    (re.compile(r"depth|level|ply|left|budget|remaining"), "depth"),
    (re.compile(r"maxim|ismax|maxplayer|maxturn|isai|aiturn"), "flag"), (re.compile(r"colou?r"), "colour"),
    (re.compile(r"board|state|grid|cells|bdst"), "board"),
    (re.compile(r"player|mark|turn|symbol|piece|sign|letter|token|who|char"), "mark"),
)
SHORT_NAMES = {"b": "board", "s": "board", "bd": "board", "node": "board", "position": "board", "pos": "board",
               "game": "board", "p": "mark", "m": "mark", "cur": "mark", "current": "mark", "me": "mark",
               "ai": "mark", "mover": "mark", "d": "depth", "n": "depth", "max": "flag"}


#: Parts no board is passed as, when the program has a board of its own to fill instead.
KNOWN_NOT_BOARD = ("depth", "flag", "mark", "low", "high", "colour")


def role(name: str) -> str:
    """A parameter's part when tracer calls the function: ``board``, ``mark``, ``flag``, ``depth``,
    ``low``/``high`` (a window's bounds), ``colour`` or ``unknown``."""
    key = normalised(name.rstrip("="))
    for pattern, found in ROLES:
        if pattern.search(key):
            return found
    return SHORT_NAMES.get(key, "unknown")
