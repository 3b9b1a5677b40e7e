"""``python -m tracer``: the same as the ``trace`` command."""

from .cli import main

main(prog_name="trace")
