"""The exceptions tracer raises for bad input and for failures it can explain."""

from __future__ import annotations

import re
import unicodedata


class TracerError(Exception):
    """Base class: every error tracer reports to a user without a traceback."""


class InputError(TracerError, ValueError):
    """Bad input (a board file, a saved trace, an option value): exit status 2. ``str()`` is one
    line: ``source:line:column: what was expected, found 'what'`` (as much of the place as known)."""

    def __init__(
        self, message: str, source: str | None = None, line: int | None = None, column: int | None = None
    ):
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        where = safe_name(source) if source is not None else ""
        if source is not None and line is not None:
            where = f"{where}:{line}" + (f":{column}" if column is not None else "")
        super().__init__(f"{where}: {message}" if where else message)


class RenderError(TracerError, RuntimeError):
    """Producing an output failed at run time (e.g. Graphviz is missing): exit status 1."""


class TooLargeError(TracerError, ValueError):
    """A request would draw more than a limit allows; the message names the option."""


class EnvironmentFault(RenderError):
    """The machine, not the input, stopped tracer (an unwritable folder, a full disk, a closed
    standard output): exit status 1."""


#: Longest piece of quoted input kept in a message (longer text is cut with '…').
QUOTE_LIMIT = 60
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\", "'": "\\'"}


def decode_text(data: bytes, source: str, most: int, too_large: str, *, nul_line: bool = False) -> str:
    """A file's bytes as text; InputError ``too_large`` beyond ``most`` bytes, and one if it is
    not UTF-8 text (``nul_line``: naming the line of its first NUL byte)."""
    if len(data) > most:
        raise InputError(too_large, source)
    if b"\0" in data:
        line = data[: data.index(b"\0")].count(b"\n") + 1 if nul_line else None
        raise InputError("expected a text file, found binary data (NUL bytes)", source, line)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("expected UTF-8 text, found undecodable bytes", source, line) from None


def _unsafe(char: str) -> bool:
    """Whether a character would break a one-line message or act on a terminal: a control (an
    escape code), a format character (a bidi override), an undecodable byte kept as a surrogate,
    U+2028/U+2029 (some terminals break lines there)."""
    return unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def code_escape(char: str) -> str:
    """One character as its Python escape: ``\\x1b``, ``\\u202e``, ``\\U000e0001``."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def escape(text: str) -> str:
    """``text`` with every control, format or separator character written as an escape."""
    return "".join(_ESCAPES.get(char) or (code_escape(char) if _unsafe(char) else char) for char in text)


def visible(text: str) -> str:
    """``text`` with only its control, format and separator characters (and undecodable
    bytes) written as escapes: what a picture or a page shows of text from outside."""
    return text if text.isprintable() else "".join(escape(c) if _unsafe(c) else c for c in text)


#: What ``shown`` escapes: C0 controls but tab and newline, DEL, C1 controls, the format
#: characters that reorder or hide text (bidi marks, embeddings, overrides and isolates,
#: zero-width ones, tags), the line and paragraph separators, and undecodable bytes kept
#: as surrogates. A pattern, not a test per character: a log can be hundreds of megabytes.
_ACTING = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f"
                     "\ufeff\ufff9-\ufffb\ud800-\udfff\U000e0000-\U000e007f]")


def shown(text: str, *, json: bool = False) -> str:
    """Text from outside (a program's output, a file name, a saved trace's words) as tracer
    presents it on a terminal or in a text file: its lines kept, every other ``_ACTING``
    character escaped; the one guard every presented text passes. ``json``: the text is a JSON
    document, escaped as JSON escapes (``\\u202e``), so that it reads as the same data."""
    if _ACTING.search(text) is None:
        return text
    char = _json_escape if json else escape
    return _ACTING.sub(lambda found: char(found.group()), text)


def _json_escape(char: str) -> str:
    """One character as a JSON string escape (a surrogate pair beyond the first plane)."""
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Input quoted for an error message (the one way every message shows it): escaped, on one
    line, cut to ``limit`` characters."""
    if len(text) > limit:
        return "'" + escape(text[: limit - 1]) + "…'"
    return "'" + escape(text) + "'"


def name_char(char: str) -> str:
    """One character for a message; a non-ASCII one also gets its code point and name,
    so a look-alike (Cyrillic Х, Greek Ο, full-width Ｘ) is told apart from X or O."""
    shown = quote(char)
    if char.isascii():
        return shown
    name = unicodedata.name(char, "")
    return f"{shown} (U+{ord(char):04X}{' ' + name if name else ''})"


def safe_name(name: str, limit: int = 120) -> str:
    """A name from outside (a file's, a trace's ``source``) for a message or an output, escaped as
    ``_unsafe`` says; a long name keeps its start and its end (which tells which file)."""
    if len(name) > limit:
        half = (limit - 1) // 2
        name = name[:half] + "…" + name[-half:]
    return escape(name).replace("\\\\", "\\").replace("\\'", "'")


#: Longest error line the CLI prints, however long the input it quotes: the start (the
#: file, the place, what was expected) and the end are kept.
MESSAGE_LIMIT = 400


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """A whole message made safe to print as one line of at most ``limit`` characters (the
    CLI's last guard)."""
    if len(message) > 4 * limit:  # cut before escaping: a message may quote megabytes
        message = message[:limit] + message[-limit:]
    line = visible(message)
    if len(line) <= limit:
        return line
    tail = limit // 5
    return f"{line[:limit - tail - 3]} … {line[-tail:]}"
