"""A learner's values written as their own language writes them: ``{index: 4, score: 1}`` and
``"X"`` for JavaScript, ``{'index': 4, 'score': 1}``, ``'X'`` and ``(1, 4)`` for Python.

The hosts record values as JSON data with a few tags (``$tuple``, ``$dict``, ``$fields``
and ``$class`` for objects, ``$n`` for numbers JSON cannot hold, ``$u`` for ``undefined``,
``$f`` for a function, ``$r`` for what could not be read); this module reads the tags back
into the program's own notation, so a report quotes a value as the learner would print it.
"""

from __future__ import annotations

import json
import math
from typing import Any

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
    text = _python(value) if language == "python" else _javascript(value)
    return text if len(text) <= LONGEST else text[:LONGEST - 1] + "…"


def number_text(value: float | int, language: str) -> str:
    """A number as ``language`` writes it: ``-Infinity`` in JavaScript, ``-inf`` in Python."""
    return _number(value, language)


def _number(value: float | int, language: str) -> str:
    if isinstance(value, bool):
        return ("True" if value else "False") if language == "python" else ("true" if value else "false")
    if isinstance(value, float):
        if math.isnan(value):
            return "nan" if language == "python" else "NaN"
        if math.isinf(value):
            if language == "python":
                return "inf" if value > 0 else "-inf"
            return "Infinity" if value > 0 else "-Infinity"
        if value.is_integer() and language != "python":
            return str(int(value))
    return repr(value)


def _tagged_number(text: str) -> float:
    return float(text.replace("Infinity", "inf").replace("NaN", "nan"))


def _python(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, (bool, int, float)):
        return _number(value, "python")
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_python(v) for v in value) + "]"
    if "$tuple" in value:
        items = [_python(v) for v in value["$tuple"]]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if "$dict" in value:
        return "{" + ", ".join(f"{_python(k)}: {_python(v)}" for k, v in value["$dict"]) + "}"
    if "$fields" in value:
        return f"{value.get('$class', 'object')}(" + ", ".join(f"{k}={_python(v)}" for k, v in value["$fields"]) + ")"
    if "$n" in value:
        return _number(_tagged_number(str(value["$n"])), "python")
    if "$u" in value:
        return "None"
    return "{" + ", ".join(f"{k!r}: {_python(v)}" for k, v in value.items() if not k.startswith("$")) + "}"


def _javascript(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, (bool, int, float)):
        return _number(value, "javascript")
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_javascript(v) for v in value) + "]"
    if "$n" in value:
        return _number(_tagged_number(str(value["$n"])), "javascript")
    if "$u" in value:
        return "undefined"
    if "$f" in value:
        return f"[Function: {value['$f'] or '(anonymous)'}]"
    if "$r" in value:
        return "[…]"
    head = f"{value['$class']} " if "$class" in value else ""
    fields = ", ".join(f"{_key(k)}: {_javascript(v)}" for k, v in value.items() if not k.startswith("$"))
    return head + "{" + fields + "}"


def _key(name: str) -> str:
    """An object key as JavaScript source writes it: bare when it is an identifier."""
    return name if name.isidentifier() else json.dumps(name)


def plain_written(value: Any, language: str, as_tuple: bool = False) -> str:
    """A value tracer made (plain JSON data: a dict, a list, a number) written as ``language``
    writes it; ``as_tuple`` writes a list as a Python tuple, as the learner's own values were."""
    if language == "python" and as_tuple and isinstance(value, list):
        value = {"$tuple": value}
    elif language == "python" and isinstance(value, dict):
        value = {"$dict": [[k, v] for k, v in value.items()]}
    return written(value, language)
