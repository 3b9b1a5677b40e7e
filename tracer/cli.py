"""The ``trace`` program: click's command group (``tracer.commands``), started on the process's arguments.

``main`` is the group itself, for ``CliRunner`` and for scripts; ``build_game`` and
``read_input`` are the commands' helpers, offered here beside it.
"""

from __future__ import annotations

from .commands import main
from .wiring import build_game, read_input

__all__ = ["build_game", "main", "read_input", "start"]


def start(args: list[str] | None = None) -> None:
    """Run ``trace`` on ``args`` (by default the process's own); click ends the process."""
    main(args, prog_name="trace")


if __name__ == "__main__":  # pragma: no cover
    start()
