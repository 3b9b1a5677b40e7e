"""Imported by every Python process a test starts during the mutation run's coverage pass
(this folder is on PYTHONPATH there only): records the lines the process executes in the
mutated files, for the test that started it.

The pytest plugin (benchmarks/mutation_cover.py) sets ``MUTATION_COVER_TEST`` to a path
prefix while a test runs; the process writes ``<prefix>.<pid>.json`` as it exits. A
process that ends without exiting normally (killed, ``os._exit``) writes nothing, and the
plugin then still treats its test as one whose child processes it could not see."""

import os

if os.environ.get("MUTATION_COVER_TEST"):
    import atexit
    import json
    import sys
    import threading

    from mutation_lines import LineRecorder, watched_files

    _recorder = LineRecorder(watched_files())

    def _write() -> None:
        sys.settrace(None)
        out = f"{os.environ['MUTATION_COVER_TEST']}.{os.getpid()}.json"
        with open(out, "w", encoding="utf-8") as handle:
            json.dump({"parent": os.getppid(), "lines": _recorder.as_json()}, handle)

    atexit.register(_write)
    sys.settrace(_recorder.on_call)
    threading.settrace(_recorder.on_call)
