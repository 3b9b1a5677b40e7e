"""Phrase templates: sentences with named slots, filled the same way in Python and in the page.

The words plug-ins write the step-through page's sentences as templates; the page
carries them as data and its script fills the slots with values read from the
rows (``tracer/viewer/viewer.js``, ``fill``), escaping every value. The Python
renderers fill the same templates here, so a sentence has one author whichever
language shows it. The grammar is small on purpose:

- ``{name}``: a slot, filled with a value (``{call}``, ``{returned}``);
- ``{{`` and ``}}``: a literal brace (``{{index: {token}, score: {score}}}``);
- ``**…**``: bold, and ``` `…` ```: code, in the page (dropped in plain text).

Markers are read in the template only, never in a value: a value is always text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

_TOKEN = re.compile(r"\{\{|\}\}|\{([a-z_][a-z0-9_]*)\}|\*\*|`")

#: A template's pieces: ("text", str), ("slot", name), ("bold", ""), ("code", "").
Piece = tuple[str, str]


@lru_cache(maxsize=4096)
def pieces(template: str) -> tuple[Piece, ...]:
    """``template`` read into its pieces; ValueError on a brace that opens no slot."""
    found: list[Piece] = []
    at = 0
    for match in _TOKEN.finditer(template):
        found.append(_text(template, template[at:match.start()]))
        token = match.group(0)
        if token in ("{{", "}}"):
            found.append(("text", token[0]))
        elif match.group(1):
            found.append(("slot", match.group(1)))
        else:
            found.append(("bold" if token == "**" else "code", ""))
        at = match.end()
    found.append(_text(template, template[at:]))
    return tuple((kind, text) for kind, text in found if kind != "text" or text)


def _text(template: str, text: str) -> Piece:
    if "{" in text or "}" in text:
        raise ValueError(f"a lone brace in the template {template!r}: write {{{{ or }}}}")
    return ("text", text)


def fill(template: str, slots: Mapping[str, Any], constants: Mapping[str, Any] | None = None) -> str:
    """``template`` as plain text, its slots filled from ``slots``, else ``constants`` (else KeyError)."""
    out = []
    for kind, text in pieces(template):
        if kind == "text":
            out.append(text)
        elif kind == "slot":
            out.append(str(slots[text] if text in slots or constants is None else constants[text]))
    return "".join(out)


class Phrases:
    """A page's templates and the constant slots every one may use (a game's marks, a search's cutoff)."""

    def __init__(self, templates: Mapping[str, str], constants: Mapping[str, Any] | None = None):
        self.templates = dict(templates)
        self.constants = dict(constants or {})

    def __contains__(self, key: str) -> bool:
        return key in self.templates

    def say(self, key: str, **slots: Any) -> str:
        """The template ``key`` as plain text, filled with ``slots`` and the constants."""
        return fill(self.templates[key], slots, self.constants)

    def listed(self, items: list[str]) -> str:
        """``a``, ``a and b``, ``a, b and c``: the joining word is a phrase (``and``)."""
        if len(items) < 2:
            return "".join(items)
        return ", ".join(items[:-1]) + self.templates["and"] + items[-1]
