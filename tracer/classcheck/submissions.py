"""Which submissions a class folder holds: a program file directly in it, or a subfolder
holding one (``--entry NAME`` picks it; several candidates and no ``--entry`` is a refusal,
never a guess)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..errors import InputError

#: The files the single check can run.
PROGRAM_SUFFIXES = (".py", ".js", ".mjs", ".html", ".htm")
#: Folders that belong to tools, not to learners.
SKIPPED_FOLDERS = ("__pycache__", "node_modules")


@dataclass(frozen=True)
class Submission:
    """One learner's work: its name (relative to the class folder, or as given), the folder whose
    copy the program runs in, the program's path in it (None when refused, with why and the
    refusal's kind: ``no-program``, ``no-entry`` or ``several-programs``), and whether only
    the program file is copied (a file directly in the class folder)."""

    name: str
    folder: str
    entry: str | None
    refusal: str | None = None
    alone: bool = False
    refusal_kind: str | None = None


def is_program(name: str) -> bool:
    return name.lower().endswith(PROGRAM_SUFFIXES) and not name.startswith(".")


def find_submissions(paths: list[str], entry: str | None = None, skip: tuple[str, ...] = ()) -> list[Submission]:
    """The submissions of one class folder, or of several program files, in name order
    (``skip``: the report's and the result's folders)."""
    if len(paths) == 1 and os.path.isdir(paths[0]):
        return _in_folder(paths[0], entry, {os.path.realpath(folder) for folder in skip})
    for path in paths:
        if os.path.isdir(path):
            raise InputError("give one class folder, or program files only", path)
        if not os.path.isfile(path):
            raise InputError("no such file", path)
    found = [Submission(path, os.path.dirname(path) or ".", os.path.basename(path), alone=True) for path in paths]
    if len({s.name for s in found}) != len(found):
        raise InputError("the same file is given twice", paths[0])
    return sorted(found, key=lambda s: s.name)


def _in_folder(folder: str, entry: str | None, skip: set[str]) -> list[Submission]:
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        raise InputError(f"cannot read the folder: {exc.strerror}", folder) from None
    found: list[Submission] = []
    for name in names:
        path = os.path.join(folder, name)
        if name.startswith(".") or name in SKIPPED_FOLDERS or os.path.realpath(path) in skip:
            continue
        if os.path.isdir(path):
            found.append(_subfolder(name, path, entry))
        elif os.path.isfile(path) and is_program(name):
            found.append(Submission(name, folder, name, alone=True))
    if not found:
        raise InputError("no submission in it: no program file (.py, .js, .mjs, .html) and no subfolder",
                         folder)
    return found


def _subfolder(name: str, path: str, entry: str | None) -> Submission:
    if entry is not None:
        if os.path.isfile(os.path.join(path, entry)):
            return Submission(name, path, entry)
        return Submission(name, path, None, f"no {entry} in it (--entry)", refusal_kind="no-entry")
    candidates = sorted(n for n in os.listdir(path) if is_program(n) and os.path.isfile(os.path.join(path, n)))
    if len(candidates) == 1:
        return Submission(name, path, candidates[0])
    if not candidates:
        return Submission(name, path, None, "no program file in it (.py, .js, .mjs, .html)",
                          refusal_kind="no-program")
    return Submission(name, path, None, f"several program files in it ({', '.join(candidates)}): "
                      "name one with --entry", refusal_kind="several-programs")
