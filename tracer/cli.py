"""The ``trace`` program: click's command group ``main`` (``tracer.commands``), started on the
process's arguments, with the commands' helpers ``build_game`` and ``read_input`` beside it."""

from __future__ import annotations

from .commands import build_game, main, read_input

__all__ = ["build_game", "main", "read_input", "start"]


def start(args: list[str] | None = None) -> None:
    """Run ``trace`` on ``args`` (by default the process's own); click ends the process."""
    main(args, prog_name="trace")
