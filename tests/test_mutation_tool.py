"""The mutation run's own rules (benchmarks/mutants.py, benchmarks/mutation.py): which
changed code runs as its module is imported, and which tests then judge it."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from mutants import python_mutants  # noqa: E402 - benchmarks/ is not a package
from mutation import Case, order_first_tests  # noqa: E402

#: A module whose lines 2-5 run at import (its own line, a class's body, a default) and
#: whose lines 6-7 run only when called (a method's body, a lambda's).
SOURCE = b"""
X = 1 + 2
class C:
    y = 3 > 2
    def m(self, d=4 + 1):
        return (lambda: 5 - 1)() + 6 * 2
f = lambda: 7 - 1
"""


def test_code_run_as_the_module_is_imported_is_marked_so():
    marks: dict[int, set[bool]] = {}
    for mutant in python_mutants("t.py", SOURCE):
        marks.setdefault(mutant.line, set()).add(mutant.at_import)
    assert marks == {2: {True}, 4: {True}, 5: {True}, 6: {False}, 7: {False}}


def test_code_run_at_import_is_judged_by_every_test_that_runs_its_module(tmp_path):
    # The coverage pass credits import-time lines to the one test that imported the module
    # first ("a"); the test using what they define ("b") only runs line 6.
    module = str(tmp_path / "t.py")
    cover = {
        "tests/test_t.py::a": {"lines": {module: [2, 4]}, "seconds": 1.0, "spawns": False},
        "tests/test_t.py::b": {"lines": {module: [6]}, "seconds": 2.0, "spawns": False},
        "tests/test_u.py::c": {"lines": {}, "seconds": 0.5, "spawns": False},
    }
    cases = {m.line: Case(m, ["tests/test_t.py", "tests/test_u.py"])
             for m in python_mutants("t.py", SOURCE) if m.line in (2, 6)}
    order_first_tests(list(cases.values()), cover, tmp_path)
    assert cases[2].first == ["tests/test_t.py::a", "tests/test_t.py::b"]
    assert cases[6].first == ["tests/test_t.py::b"]
