"""The ``trace`` program (and ``python -m tracer``): the command line, started once per process."""

from .cli import start as run

if __name__ == "__main__":
    run()
