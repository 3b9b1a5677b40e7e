"""``trace check DIR``: every submission in a folder checked by ``trace check FILE``, each in its
own scratch copy and process, in parallel, and the rows gathered into one class table (text,
CSV, JSON, Gradescope's ``results.json`` or a class page; ``check_class`` from Python)."""

from __future__ import annotations

from .result import ClassResult
from .rows import Row
from .runner import ClassOptions, check_class

__all__ = ["ClassOptions", "ClassResult", "Row", "check_class"]
