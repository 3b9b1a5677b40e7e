"""Imported by every Python process a test starts during the mutation run's coverage pass
(this folder is on PYTHONPATH there only): records the lines the process executes in the
mutated files, for the test that started it.

The pytest plugin (benchmarks/mutation_cover.py) sets ``MUTATION_COVER_TEST`` to a path
prefix while a test runs; the process writes ``<prefix>.<pid>.json`` as it exits. A
process that ends without exiting normally (killed, ``os._exit``) writes nothing, and the
plugin then still treats its test as one whose child processes it could not see."""

import os

if os.environ.get("MUTATION_COVER_TEST"):
    # Only modules every Python process has loaded already, so a traced process loads what
    # it would load untraced.
    import atexit
    import sys

    from mutation_lines import LineRecorder, watched_files

    _recorder = LineRecorder(watched_files())

    class _TraceThreadsOnImport:
        """Traces new threads from the moment the process imports ``threading`` itself."""

        def find_spec(self, name, path=None, target=None):
            if name != "threading":
                return None
            sys.meta_path.remove(self)
            from importlib.machinery import PathFinder

            spec = PathFinder.find_spec(name, path)
            if spec is not None and spec.loader is not None:
                run = spec.loader.exec_module

                def exec_module(module):
                    run(module)
                    module.settrace(_recorder.on_call)

                spec.loader.exec_module = exec_module
            return spec

    def _write() -> None:
        import json

        sys.settrace(None)
        out = f"{os.environ['MUTATION_COVER_TEST']}.{os.getpid()}.json"
        with open(out, "w", encoding="utf-8") as handle:
            json.dump({"parent": os.getppid(), "lines": _recorder.as_json()}, handle)

    atexit.register(_write)
    sys.settrace(_recorder.on_call)
    if "threading" in sys.modules:
        sys.modules["threading"].settrace(_recorder.on_call)
    else:
        sys.meta_path.insert(0, _TraceThreadsOnImport())
