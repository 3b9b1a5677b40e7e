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

#: The name of the error handler that writes the stand-ins.
FALLBACK = "tracer-fallback"

#: What a console that cannot show a symbol gets instead (plain ASCII).
STAND_INS = {
    "→": "->", "←": "<-", "↑": "^", "↓": "v", "≥": ">=", "≤": "<=", "≠": "!=", "∞": "inf",
    "−": "-", "±": "+/-", "×": "x", "·": ".", "…": "...", "–": "-", "—": "--",
    "‘": "'", "’": "'", "“": '"', "”": '"',
    "▲": "^", "▼": "v", "■": "#", "▣": "#", "✂": "x", "━": "=", "✓": "ok", "✗": "x",
}


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler: each unencodable character's stand-in, else its escape."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    out = []
    for char in text:
        out.append(STAND_INS.get(char) or _greek_name(char) or code_escape(char))
    return "".join(out), error.end


def _greek_name(char: str) -> str | None:
    """A small Greek letter as its name (``α`` as ``alpha``, ``β`` as ``beta``)."""
    name = unicodedata.name(char, "")
    return name.rsplit(" ", 1)[-1].lower() if name.startswith("GREEK SMALL LETTER ") else None


codecs.register_error(FALLBACK, _stand_in)


def is_unicode(encoding: str | None) -> bool:
    """Whether ``encoding`` can write every character (UTF-8, -16, -32)."""
    if not encoding:
        return False
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def show_what_the_console_can(stream: Any) -> None:
    """Let ``stream`` write stand-ins for what its encoding lacks, instead of failing."""
    if isinstance(stream, io.TextIOWrapper) and not is_unicode(stream.encoding):
        stream.reconfigure(errors=FALLBACK)


class ClosedInput(io.RawIOBase):
    """Stands in for standard input when descriptor 0 was closed before Python started:
    reading it is one EnvironmentFault (exit status 1), whichever way it is read."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise EnvironmentFault("cannot read standard input: it is closed")

    def isatty(self) -> bool:
        return False


def stdin_closed() -> bool:
    """Whether standard input was closed before Python started (see ClosedInput)."""
    stream = sys.stdin
    return stream is None or isinstance(getattr(getattr(stream, "buffer", None), "raw", None), ClosedInput)


def prepare_streams() -> None:
    """Before a command: stand-ins on a console that lacks symbols; a closed input that says so."""
    for stream in (sys.stdout, sys.stderr):
        show_what_the_console_can(stream)
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(ClosedInput()), encoding="utf-8")
