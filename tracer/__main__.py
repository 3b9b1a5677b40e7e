"""The ``trace`` program (and ``python -m tracer``): the command line, started once per process."""


def run() -> None:
    """Run the command line on ``sys.argv``."""
    from .cli import start

    start()


if __name__ == "__main__":
    run()
