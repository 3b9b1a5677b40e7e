"""The ``trace`` program (and ``python -m tracer``): the command line, started once per process."""

import gc


def run() -> None:
    """Load the command line and run it on ``sys.argv``.

    What the imports make (modules, classes, click's commands) lives until the process
    ends, so the garbage collector is kept off it: paused while they load, then frozen
    out of every later pass (and out of the last one, at exit): each pass would walk it
    again and free nothing (``benchmarks/RESULTS.md`` says what that saves).
    """
    gc.disable()
    try:
        from .cli import main
    finally:
        gc.freeze()
        gc.enable()
    main(prog_name="trace")


if __name__ == "__main__":
    run()
