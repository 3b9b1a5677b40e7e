"""The standard streams made fit for any console before a command runs.

* A console whose encoding lacks tracer's symbols (Windows' cp1252 for redirected output,
  say) gets a plain stand-in for each (``→`` as ``->``, ``≥`` as ``>=``, ``∞`` as ``inf``,
  ``▲`` as ``^``, a Greek letter as its name) instead of a UnicodeEncodeError; a character
  without one is written as an escape (``\\u0425``). Files written to standard output (a
  page, DOT, JSON) are bytes in UTF-8, as their formats say, and never pass through this.
* A standard input closed before Python started (``trace - <&-``) reads as one
  ``trace: error:`` line, not a traceback.
"""

from __future__ import annotations

import codecs
import io
import sys
import unicodedata
from typing import Any

from .errors import EnvironmentFault, code_escape

FALLBACK = "tracer-fallback"

#: What a console that cannot show a symbol gets instead (plain ASCII).
STAND_INS = {
    "→": "->", "←": "<-", "↑": "^", "↓": "v", "≥": ">=", "≤": "<=", "≠": "!=", "∞": "inf",
    "−": "-", "±": "+/-", "×": "x", "·": ".", "…": "...", "–": "-", "—": "--",
    "‘": "'", "’": "'", "“": '"', "”": '"',
    "▲": "^", "▼": "v", "■": "#", "▣": "#", "✂": "x", "━": "=", "✓": "ok", "✗": "x",
}


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler: each unencodable character's stand-in, a small Greek letter's
    name (``α`` as ``alpha``), else its escape."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for char in error.object[error.start:error.end]:
        name = unicodedata.name(char, "")
        greek = name.rsplit(" ", 1)[-1].lower() if name.startswith("GREEK SMALL LETTER ") else None
        out.append(STAND_INS.get(char) or greek or code_escape(char))
    return "".join(out), error.end


codecs.register_error(FALLBACK, _stand_in)


def show_what_the_console_can(stream: Any) -> None:
    """Let ``stream`` write stand-ins for what its encoding lacks (unless it is UTF-8, -16 or -32)."""
    if not isinstance(stream, io.TextIOWrapper):
        return
    try:
        unicode = codecs.lookup(stream.encoding).name.startswith("utf")
    except LookupError:
        unicode = False
    if not unicode:
        stream.reconfigure(errors=FALLBACK)


class ClosedInput(io.RawIOBase):
    """Standard input when descriptor 0 was closed before Python started: reading it, whichever
    way, is one EnvironmentFault."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise EnvironmentFault("cannot read standard input: it is closed")

    def isatty(self) -> bool:
        return False


def stdin_closed() -> bool:
    """Whether standard input was closed before Python started."""
    stream = sys.stdin
    return stream is None or isinstance(getattr(getattr(stream, "buffer", None), "raw", None), ClosedInput)


def prepare_streams() -> None:
    """Before a command: stand-ins on a console that lacks symbols; a closed input that says so."""
    for stream in (sys.stdout, sys.stderr):
        show_what_the_console_can(stream)
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(ClosedInput()), encoding="utf-8")
