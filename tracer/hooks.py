"""What the lower layers ask of the upper ones, answered by functions the package root installs.

A board, a call or a trace shows itself in Jupyter, and a trace checks each row with its
search's own rule, by code above them (renderers, the search registry); they ask here
instead of importing it, and the package root, which runs before any of its modules,
installs the answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_HOOKS: dict[str, Callable[..., Any]] = {}


def install(**hooks: Callable[..., Any]) -> None:
    """Answer the questions named by the keywords (``search_rule``, ``show_trace``, …)."""
    _HOOKS.update(hooks)


def ask(name: str, *args: Any) -> Any:
    """The installed answer to ``name`` for ``args``; LookupError if none is installed."""
    hook = _HOOKS.get(name)
    if hook is None:
        raise LookupError(f"nothing answers {name!r}: import tracer to install its hooks")
    return hook(*args)
