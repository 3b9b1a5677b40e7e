"""The mutation run's own rules (benchmarks/mutants.py, benchmarks/mutation.py): which
changed code runs as its module is imported, and which tests then judge it."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import mutation  # noqa: E402
from mutants import python_mutants  # noqa: E402 - benchmarks/ is not a package
from mutation import Case, Outcome, Worker, order_first_tests  # noqa: E402

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


def test_a_mutant_that_renames_parametrized_tests_is_judged_by_them_under_their_new_ids(tmp_path, monkeypatch):
    # Some tests take their parameters from tracer (the searches' names): a mutant that changes
    # those ids leaves the coverage pass's ids unknown to pytest (status 4, "not found"). The
    # tests are then run by their functions' names, and their verdict counts.
    (tmp_path / "t.py").write_bytes(SOURCE)
    runs: list[list[str]] = []

    def run_pytest(copy, tests, timeout, *options, env=None):
        runs.append(list(tests))
        if any("[" in t for t in tests):
            return Outcome(4, 0.1, None, "ERROR: not found: tests/test_t.py::a[minimax]")
        return Outcome(1, 0.2, "tests/test_t.py::a[negamax]", "1 failed")

    monkeypatch.setattr(mutation, "run_pytest", run_pytest)
    config = mutation.Config.__new__(mutation.Config)
    config.timeout_factor, config.timeout_minimum = 4.0, 30.0
    mutant = next(m for m in python_mutants("t.py", SOURCE) if m.line == 6)
    verdict = Worker(tmp_path, config, {}).judge(Case(mutant, ["tests/test_t.py"]),
                                                 [["tests/test_t.py::a[minimax]", "tests/test_t.py::a[memo]"]])
    assert runs == [["tests/test_t.py::a[minimax]", "tests/test_t.py::a[memo]"], ["tests/test_t.py::a"]]
    assert (verdict.result, verdict.by) == ("killed", "tests/test_t.py::a[negamax]")
    assert (tmp_path / "t.py").read_bytes() == SOURCE  # the file is given back


def test_every_file_of_tracer_is_mutated_or_left_out_with_its_reason():
    config = mutation.Config.read()
    assert config.unlisted() == []
    assert all(why.strip() for why in config.left_out.values())
    # A file no target names is reported, unless [[left_out]] gives its reason.
    config.targets = [(patterns, tests) for patterns, tests in config.targets
                      if "tracer/games/nim/*.py" not in patterns]
    assert config.unlisted() == ["tracer/explain/nim.py", "tracer/games/nim/__init__.py", "tracer/games/nim/game.py",
                                 "tracer/games/nim/kind.py", "tracer/games/nim/notation.py"]
    config.left_out = {path: "a pure table" for path in config.unlisted()}
    assert config.unlisted() == []


def test_the_report_scores_each_package(tmp_path):
    config = mutation.Config.__new__(mutation.Config)
    config.equivalent = {}
    mutants = {m.line: m for m in python_mutants("t.py", SOURCE)}
    per_file = {
        "tracer/a/x.py": [mutation.Verdict(Case(mutants[2], []), "killed", 1.0),
                          mutation.Verdict(Case(mutants[6], []), "survived", 1.0)],
        "tracer/a/y.py": [mutation.Verdict(Case(mutants[7], []), "timeout", 1.0)],
        "tracer/b.py": [mutation.Verdict(Case(mutants[2], []), "killed", 1.0)],
    }
    table = mutation.package_table(per_file, config)
    assert table[2:] == ["| `tracer` | 1 | 1 | 0 | 0 | 100.0 % |", "| `tracer/a` | 3 | 2 | 0 | 1 | 66.7 % |"]


def test_a_targets_star_stays_in_its_folder():
    # tracer/*.py names the package root's files, not every file below it.
    config = mutation.Config.read()
    root = set(config.tests_of("tracer/cli.py"))
    assert not root & {"tests/test_loader_rules.py"} and "tests/test_help.py" in root
    assert "tests/test_help.py" not in config.tests_of("tracer/tracefile/loader.py")
    assert "tests/test_loader_rules.py" in config.tests_of("tracer/tracefile/loader.py")
