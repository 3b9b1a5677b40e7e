"""The mutation run's own rules (benchmarks/mutants.py, benchmarks/mutation.py): which
changed code runs as its module is imported, and which tests then judge it."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import mutation  # noqa: E402
import mutation_sample  # noqa: E402
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


# ---- the seeded sample and the two groups' scores (issues 35 and 36) -------------------------


def test_wilsons_interval_matches_newcombes_worked_examples():
    # Newcombe, "Two-sided confidence intervals for the single proportion" (Stat. Med. 1998),
    # table I, method 3 (score interval without continuity correction).
    for (killed, judged), (low, high) in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605)}.items():
        found = mutation_sample.wilson(killed, judged)
        assert abs(found[0] - low) < 5e-5 and abs(found[1] - high) < 5e-5
    # At the edges the interval has a closed form: z²/(n+z²) from 0, n/(n+z²) from n.
    z2 = 1.959964 ** 2
    assert abs(mutation_sample.wilson(0, 10)[1] - z2 / (10 + z2)) < 1e-6
    assert abs(mutation_sample.wilson(10, 10)[0] - 10 / (10 + z2)) < 1e-6


#: Mutants as (path, number): 9 in one package, 4 in another, 1 in a third.
ITEMS = [(f"tracer/{package}/f.py", i) for package, n in (("a", 9), ("b", 4), ("c", 1)) for i in range(n)]


def test_the_sample_is_drawn_evenly_over_the_packages_and_fixed_by_its_seed():
    drawn = mutation_sample.draw(ITEMS, lambda item: item[0], 8, seed=3)
    counts = {p: sum(path == p for path, _ in drawn) for p in ("tracer/a/f.py", "tracer/b/f.py", "tracer/c/f.py")}
    # c has one mutant only; the other seven are shared as evenly as a and b allow.
    assert sorted(counts.values()) == [1, 3, 4] and counts["tracer/c/f.py"] == 1
    assert drawn == mutation_sample.draw(ITEMS, lambda item: item[0], 8, seed=3)
    assert drawn == sorted(drawn)  # in the run's order: file by file
    seeds = {tuple(mutation_sample.draw(ITEMS, lambda item: item[0], 8, seed=s)) for s in range(10)}
    assert len(seeds) > 1
    # Asked for more than there are, every mutant is drawn once.
    assert mutation_sample.draw(ITEMS, lambda item: item[0], 50, seed=1) == ITEMS


def test_the_default_group_is_the_one_the_test_script_runs():
    script = (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")
    assert f'default) extras=test; marks="{mutation.DEFAULT_GROUP}"' in script
    assert mutation.DEFAULT_GROUP in (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")


ran: list[list[str]] = []


def judged_twice(tmp_path, monkeypatch, killing_marks):
    """A mutant judged both ways, where only the run with ``killing_marks`` fails; the runs' -m."""
    (tmp_path / "t.py").write_bytes(SOURCE)
    marks: list[str | None] = []
    ran.clear()

    def run_pytest(copy, tests, timeout, *options, env=None):
        chosen = options[options.index("-m") + 1] if "-m" in options else None
        marks.append(chosen)
        ran.append(list(tests))
        return Outcome(1, 0.5, "tests/test_t.py::a", "1 failed") if chosen == killing_marks else \
            Outcome(5, 0.5, None, "no tests ran")

    monkeypatch.setattr(mutation, "run_pytest", run_pytest)
    config = mutation.Config.__new__(mutation.Config)
    config.timeout_factor, config.timeout_minimum, config.second_stage_skip = 4.0, 30.0, ()
    mutant = next(m for m in python_mutants("t.py", SOURCE) if m.line == 6)
    verdict = Worker(tmp_path, config, {}).judge_twice(Case(mutant, ["tests/test_t.py"]), [["tests/test_t.py::a"]])
    assert (tmp_path / "t.py").read_bytes() == SOURCE
    return verdict, marks


def test_a_mutant_the_default_group_kills_is_killed_by_both_in_one_run(tmp_path, monkeypatch):
    verdict, marks = judged_twice(tmp_path, monkeypatch, mutation.DEFAULT_GROUP)
    assert marks == [mutation.DEFAULT_GROUP]
    assert (verdict.result, verdict.default) == ("killed", "killed")


def test_a_mutant_only_the_other_groups_kill_survives_the_default_group(tmp_path, monkeypatch):
    verdict, marks = judged_twice(tmp_path, monkeypatch, mutation.OTHER_GROUPS)
    assert marks == [mutation.DEFAULT_GROUP, mutation.OTHER_GROUPS]
    assert (verdict.result, verdict.default, verdict.by) == ("killed", "survived", "tests/test_t.py::a")
    # The coverage pass mapped the default group only: the other groups' tests of the file all run.
    assert ran == [["tests/test_t.py::a"], ["tests/test_t.py"]]



def test_the_two_groups_split_the_tests_between_them():
    # pytest's -m reads and/or/not as Python does: every test, whatever its marks, is in one.
    for marks in itertools.product([False, True], repeat=3):
        names = dict(zip(["browser", "guide_js", "slow"], marks, strict=True))
        assert eval(mutation.DEFAULT_GROUP, {}, names) != eval(mutation.OTHER_GROUPS, {}, names)


def test_the_estimate_gives_both_scores_side_by_side_per_package():
    results = {
        "tracer/a": [("killed", "killed", False), ("killed", "survived", False), ("survived", "survived", True)],
        "tracer/b": [("survived", "survived", False)],
    }
    table = mutation_sample.estimate_table(results, {"tracer/a": 30, "tracer/b": 10})
    # a: 2 of 2 judged killed by all, 1 of 2 by the default group; b: 0 of 1.
    assert table[2] == "| `tracer/a` | 30 | 3 | 1 | 2 | 100.0 % (34.2-100.0) | 1 | 50.0 % (9.5-90.5) |"
    assert table[3] == "| `tracer/b` | 10 | 1 | 0 | 0 | 0.0 % (0.0-79.3) | 0 | 0.0 % (0.0-79.3) |"
    assert table[4].startswith("| **all, pooled** | 40 | 4 | 1 | 2 | **66.7 % (")
    # Weighted by the packages' sizes: (30 × 1 + 10 × 0) / 40 and (30 × 0.5) / 40.
    assert table[5].endswith("| 75.0 % | | 37.5 % |")


def test_every_test_the_configuration_names_exists():
    # A test file removed or renamed would stop a whole run at its coverage pass, after an hour.
    config = mutation.Config.read()
    assert config.missing_tests() == []
    config.targets.append((["tracer/*.py"], ["tests/test_gone.py"]))
    assert config.missing_tests() == ["tests/test_gone.py"]


def test_a_sample_is_judged_package_by_package_in_turn():
    drawn = mutation_sample.draw(ITEMS, lambda item: item[0], 8, seed=3)
    turns = mutation_sample.by_turns(drawn, lambda item: item[0])
    assert sorted(turns) == drawn
    # The first three judged are one of each package, then a and b alternate.
    assert [path[7] for path, _ in turns] == ["a", "b", "c", "a", "b", "a", "b", "a"]
