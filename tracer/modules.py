"""The modules a package's folders hold, listed as ``pkgutil.iter_modules`` lists them, without loading ``pkgutil``.

The registries of games and searches find their built-in entries this way on
every run; ``pkgutil`` would load ``inspect`` and ``typing`` for it, several
milliseconds of each start.
"""

from __future__ import annotations

import os
from collections.abc import Iterable


def submodules(folders: Iterable[str]) -> dict[str, bool]:
    """Each module's name in ``folders`` (a package's ``__path__``), mapped to whether it is
    a package, in the order ``pkgutil.iter_modules`` finds them (folder by folder, each by
    file name; the first of a name wins)."""
    from importlib.machinery import all_suffixes

    suffixes = sorted(all_suffixes(), key=len, reverse=True)  # ".cpython-311-x86_64-linux-gnu.so" before ".so"
    found: dict[str, bool] = {}
    for folder in folders:
        try:
            entries = sorted(os.listdir(folder))
        except OSError:
            continue
        for entry in entries:
            path = os.path.join(folder, entry)
            if os.path.isdir(path):
                if "." not in entry and any(os.path.isfile(os.path.join(path, "__init__" + s)) for s in suffixes):
                    found.setdefault(entry, True)
                continue
            name = next((entry[: -len(s)] for s in suffixes if entry.endswith(s)), None)
            if name and name != "__init__" and "." not in name:
                found.setdefault(name, False)
    return found
