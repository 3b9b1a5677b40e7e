"""``trace check``: run a learner's own minimax and hold it, call by call, against the guide's.

The package can be called: ``tracer.check(minimax, "X.OX.XOO.")`` checks a function
defined in this Python session (a notebook's), as ``trace check FILE`` checks a program,
and returns a ``CheckResult`` that shows itself in Jupyter.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallablePackage(types.ModuleType):
    """This package, callable as ``notebook.check_function``."""

    def __call__(self, fn: Any, board: Any = "X.OX.XOO.", to_move: str | None = None, **options: Any) -> Any:
        """Check the minimax function ``fn`` on ``board`` (default: the guide's board)."""
        from .notebook import check_function

        return check_function(fn, board, to_move, **options)


sys.modules[__name__].__class__ = _CallablePackage
