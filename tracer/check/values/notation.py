"""A learner's values written as their own language writes them (``{index: 4, score: 1}`` in
JavaScript, ``{'index': 4, 'score': 1}`` and ``(1, 4)`` in Python), read back from the hosts'
tagged JSON (``$tuple``, ``$dict``, ``$fields``/``$class`` for objects, ``$n`` for numbers JSON
cannot hold, ``$u`` for ``undefined``, ``$f`` for a function, ``$r`` for what could not be read).
"""

from __future__ import annotations

import json
import math
from typing import Any

from .reading import unwrap

#: The longest value text kept: longer ones are cut with an ellipsis.
LONGEST = 300
#: The longest message text (a thrown error's) kept: a longer one is cut, with a note of how much.
LONGEST_MESSAGE = 2000


def cut(text: str, longest: int = LONGEST_MESSAGE, length: int | None = None) -> str:
    """``text`` cut to a readable length, saying how many characters were left out; ``length``
    is the whole text's, where ``text`` is already the start of it."""
    whole = max(length or 0, len(text))
    if whole <= longest:
        return text
    return f"{text[:longest]}… ({whole - longest:,} more characters cut)"


def written(value: Any, language: str, top: bool = True) -> str:
    """``value`` (recorded JSON data) in ``language``'s notation; ``nothing`` for no value at all
    at the top (``undefined``, a Python function's ``None``)."""
    if top and (value is None or (isinstance(value, dict) and "$u" in value)):
        return "nothing"
    text = _written(value, language == "python")
    return text if len(text) <= LONGEST else text[:LONGEST - 1] + "…"


def number_text(value: float | int, language: str) -> str:
    """A number as ``language`` writes it: ``-Infinity`` in JavaScript, ``-inf`` in Python."""
    python = language == "python"
    if isinstance(value, bool):
        return str(value) if python else str(value).lower()
    if isinstance(value, float) and math.isnan(value):
        return "nan" if python else "NaN"
    if isinstance(value, float) and math.isinf(value):
        return ("" if value > 0 else "-") + ("inf" if python else "Infinity")
    if isinstance(value, float) and value.is_integer() and not python:
        return str(int(value))
    return repr(value)


def _written(value: Any, python: bool) -> str:
    if value is None:
        return "None" if python else "null"
    if isinstance(value, (bool, int, float)):
        return number_text(value, "python" if python else "javascript")
    if isinstance(value, str):
        return repr(value) if python else json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_written(v, python) for v in value) + "]"
    if "$n" in value:
        return number_text(unwrap(value), "python" if python else "javascript")
    if "$u" in value:
        return "None" if python else "undefined"
    return _python_object(value) if python else _javascript_object(value)


def _python_object(value: dict[str, Any]) -> str:
    if "$tuple" in value:
        items = [_written(v, True) for v in value["$tuple"]]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if "$dict" in value:
        return "{" + ", ".join(f"{_written(k, True)}: {_written(v, True)}" for k, v in value["$dict"]) + "}"
    if "$fields" in value:
        fields = ", ".join(f"{k}={_written(v, True)}" for k, v in value["$fields"])
        return f"{value.get('$class', 'object')}({fields})"
    return "{" + ", ".join(f"{k!r}: {_written(v, True)}" for k, v in value.items() if not k.startswith("$")) + "}"


def _javascript_object(value: dict[str, Any]) -> str:
    if "$f" in value:
        return f"[Function: {value['$f'] or '(anonymous)'}]"
    if "$r" in value:
        return "[…]"
    head = f"{value['$class']} " if "$class" in value else ""
    # A key is bare where JavaScript source may write it so.
    fields = ", ".join(f"{k if k.isidentifier() else json.dumps(k)}: {_written(v, False)}"
                       for k, v in value.items() if not k.startswith("$"))
    return head + "{" + fields + "}"


def plain_written(value: Any, language: str, as_tuple: bool = False) -> str:
    """A value tracer made (plain JSON data: a dict, a list, a number) written as ``language``
    writes it; ``as_tuple`` writes a list as a Python tuple, as the learner's own values were."""
    if language == "python" and as_tuple and isinstance(value, list):
        value = {"$tuple": value}
    elif language == "python" and isinstance(value, dict):
        value = {"$dict": [[k, v] for k, v in value.items()]}
    return written(value, language)
