"""The ``trace`` program (and ``python -m tracer``): the command line, started once per process."""

import os
import sys


def run() -> None:
    """Run the command line on ``sys.argv`` (``tracer.cli.start`` says how it starts quickly)."""
    from .cli import start

    start()
    # Only a summary run returns here (click's program always ends with SystemExit), its
    # output written and flushed, nothing left to close or remove. Tearing the interpreter
    # down (every module and object freed one by one) would only add to its time.
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # let Python's own exit say what is wrong, as before
        return
    os._exit(0)


if __name__ == "__main__":
    run()
