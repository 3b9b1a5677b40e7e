"""``trace check DIR``: a whole class at once.

Every submission in a folder (a program file directly in it, or a subfolder holding one) is
checked by the single check (``trace check FILE``), each in its own scratch copy and its own
process, in parallel; the rows are gathered into one class table with its counts, written as
text, CSV, JSON, Gradescope's ``results.json`` or a class page.

``check_class(path)`` does it from Python and returns a ``ClassResult`` (the rows), which
shows itself in Jupyter as the table.
"""

from __future__ import annotations

from .result import ClassResult
from .rows import Row
from .runner import ClassOptions, check_class

__all__ = ["ClassOptions", "ClassResult", "Row", "check_class"]
