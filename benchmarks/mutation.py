"""The mutation run: change tracer's code one small way at a time and check that a test notices.

Run it with ``bash scripts/mutation.sh`` (options below). What is mutated, which
tests judge each file, the hand-written JavaScript mutants, the mutants explained
as equivalent and the CI sample are all in ``benchmarks/mutation.toml``.

For each mutant, in a copy of the repository (so the working tree is never touched):

1. the tests of its file (the configuration's mapping) that execute the mutated lines
   run first, fastest first, stopping at the first failure. A coverage pass made once
   per run says which tests execute which lines, in pytest's process and in every Python
   process a test starts (tracer run as a program; benchmarks/mutation_child/);
2. if they all pass, the tests of its file that started a Python process whose lines the
   coverage pass could not see (it was killed, or ran without the pass's PYTHONPATH) run
   too. A mutant of code run only as its module is imported (a constant, a default) is
   judged by the tests that run any of the module's code, and by those.

Only a mutant that all of them let pass is a survivor: a test that neither executes
the mutated lines nor starts a process the pass could not see cannot notice the change.

A failing test, a module that no longer imports, or a run over its time limit
kills the mutant. Options::

    --only TEXT     only the mutants whose key contains TEXT (a file, a function)
    --jobs N        mutants judged N at a time (default 1: the machine is shared)
    --list          print the mutants and stop
    --sample        CI's fixed sample: a few mutants, each against the tests named for it
    --write         record the score in benchmarks/RESULTS.md
    --again         judge only the mutants the last run did not kill (after adding tests),
                    keeping its other verdicts
    --report        print (with --write: record) the score of the verdicts kept so far
    --tests FILE    judge by these tests alone, without the coverage pass (with --only and
                    --again: the survivors of some files again, after tests were added for them)
    --config PATH   another configuration (default: benchmarks/mutation.toml)
    --random N      a random sample of N mutants, drawn evenly over tracer/'s packages (with
                    --only: over those mutants); its report estimates each package's score
                    with a 95 % Wilson interval (benchmarks/mutation_sample.py)
    --seed S        the sample's seed (default 0): the same seed draws the same mutants
    --default-group judge each mutant twice: by all the tests named for its file, and by only
                    those in the README's default group (-m "not browser and not guide_js and
                    not slow"); the report gives both scores side by side, per package

Every Python and JavaScript file of tracer/ is mutated or listed in ``[[left_out]]`` with
its reason; the run stops on a file that is neither. The report gives the score per file,
then per package (each folder of tracer/). ``--random N --seed S --write`` records the
sample's estimate in its own section of benchmarks/RESULTS.md, beside the whole run's.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import queue
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutants import Mutant, js_mutant, python_mutants  # noqa: E402
from mutation_sample import by_turns, draw, estimate_table, package_of  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "benchmarks" / "mutation.toml"
GUIDE = ROOT.parent / "shared" / "seeds" / "000_4cf438207b6b2bfc.txt"
#: pytest's exit statuses that mean "a test failed" or "the tests could not even be collected".
KILLING_STATUSES = {1, 2}
#: The README's default group of tests (tests/conftest.py; scripts/test.sh), and the rest of them.
DEFAULT_GROUP = "not browser and not guide_js and not slow"
OTHER_GROUPS = "browser or guide_js or slow"
#: The time limit of a run of the other groups' tests, which the coverage pass did not time (s).
OTHER_LIMIT = 1200.0


# ---- the configuration ---------------------------------------------------------------------


@dataclass
class Config:
    """benchmarks/mutation.toml, read."""

    #: (file patterns, test files) pairs: a file's tests are the union of its pairs' tests.
    targets: list[tuple[list[str], list[str]]]
    #: JavaScript mutants: (file, find, replace, tests).
    js: list[tuple[str, str, str, list[str]]]
    #: Key of each mutant explained as equivalent -> the explanation.
    equivalent: dict[str, str]
    #: CI's sample: (key, tests, expected verdict: "killed" or "survived").
    sample: list[tuple[str, list[str], str]]
    #: Time limit of one pytest run: this many times its tests' time in the coverage pass, at least ``minimum``.
    timeout_factor: float = 4.0
    timeout_minimum: float = 60.0
    #: Tests left out of the second stage (each with its reason in the configuration).
    second_stage_skip: tuple[str, ...] = ()
    #: Files of tracer/ the run does not mutate -> why (generated, or a pure table).
    left_out: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path = CONFIG) -> Config:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        targets = [(t["files"], t["tests"]) for t in data["target"]]
        js = [(group["file"], m["find"], m["replace"], m.get("tests", group["tests"]))
              for group in data.get("javascript", []) for m in group["mutant"]]
        equivalent = {e["mutant"]: e["why"] for e in data.get("equivalent", [])}
        sample = [(s["mutant"], s["tests"], s.get("expect", "killed")) for s in data["sample"]]
        run = data.get("run", {})
        left_out = {entry["file"]: entry["why"] for entry in data.get("left_out", [])}
        return cls(targets, js, equivalent, sample, run.get("timeout_factor", 4.0),
                   run.get("timeout_minimum", 60.0), tuple(run.get("second_stage_skip", ())), left_out)

    def unlisted(self) -> list[str]:
        """tracer/'s Python and JavaScript files that no target, no JavaScript group and no
        ``[[left_out]]`` entry names: the run must not leave a file out silently."""
        named = set(self.files()) | {js[0] for js in self.js} | set(self.left_out)
        found = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tracer").rglob("*")
                       if p.suffix in (".py", ".js") and p.is_file())
        return [path for path in found if path not in named]

    def missing_tests(self) -> list[str]:
        """The test files the configuration names that the repository no longer has."""
        named = {t.split("::", 1)[0] for _files, tests in self.targets for t in tests}
        named |= {t.split("::", 1)[0] for js in self.js for t in js[3]}
        named |= {t.split("::", 1)[0] for _key, tests, _expect in self.sample for t in tests}
        return sorted(t for t in named if not (ROOT / t).exists())

    def files(self) -> list[str]:
        """Every Python file the targets name, sorted."""
        found: set[str] = set()
        for patterns, _tests in self.targets:
            for pattern in patterns:
                matches = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(pattern) if p.is_file())
                if not matches:
                    raise SystemExit(f"mutation.toml: no file matches {pattern!r}: re-point the target")
                found.update(matches)
        return sorted(found)

    def tests_of(self, path: str) -> list[str]:
        """The test files that judge ``path``'s mutants (a pattern's ``*`` stays in one folder,
        as the glob that finds the files does: ``tracer/*.py`` is the package root's files)."""
        tests: list[str] = []
        for patterns, files in self.targets:
            if any(_glob_match(path, p) for p in patterns):
                tests += [t for t in files if t not in tests]
        return tests


def _glob_match(path: str, pattern: str) -> bool:
    """Whether ``path`` is one of the files ``pattern`` globs, folder by folder."""
    names, parts = path.split("/"), pattern.split("/")
    return len(names) == len(parts) and all(fnmatch.fnmatchcase(n, p) for n, p in zip(names, parts, strict=True))


@dataclass
class Case:
    """A mutant and the tests that judge it."""

    mutant: Mutant
    #: Every test of its file (file names, or test ids for a JavaScript mutant).
    tests: list[str]
    #: The tests that execute its lines, fastest first (filled from the coverage map).
    first: list[str] = field(default_factory=list)
    #: The tests that may notice it though the map does not show them executing its lines
    #: (those that run tracer as a program); every test of its file if no test executes them.
    second: list[str] = field(default_factory=list)


def all_cases(config: Config) -> list[Case]:
    """Every mutant of the configured files, Python then JavaScript, in file order."""
    cases = []
    for path in config.files():
        source = (ROOT / path).read_bytes()
        tests = config.tests_of(path)
        cases += [Case(m, tests) for m in python_mutants(path, source)]
    for path, find, replace, tests in config.js:
        cases.append(Case(js_mutant(path, (ROOT / path).read_bytes(), find, replace), tests))
    return cases


# ---- a copy of the repository to mutate ----------------------------------------------------


def project_files() -> list[str]:
    """The repository's files as they stand (tracked or new, not ignored)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()]


def make_copy(where: Path) -> Path:
    """A copy of the repository under ``where``, readable by any user (some tests drop root)."""
    copy = where / "tracer-copy"
    for name in project_files():
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    for folder in [where, *(p for p in copy.rglob("*") if p.is_dir()), copy]:
        folder.chmod(0o755)
    return copy


def child_env(copy: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a test run in ``copy``: its own tracer first, the guide found."""
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    env.update(extra or {})
    if "TRACER_GUIDE_JS" not in env and GUIDE.is_file():
        env["TRACER_GUIDE_JS"] = str(GUIDE)
    return env


def pytest_command(tests: Iterable[str], *options: str) -> list[str]:
    return [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "--no-header",
            "-o", "addopts=", "--hypothesis-seed=0", *options, *tests]


@dataclass
class Outcome:
    """How one pytest run ended."""

    status: int | None  # None: over the time limit
    seconds: float
    #: The first failing test's id, if the output names one.
    failed: str | None
    tail: str


def run_pytest(copy: Path, tests: list[str], timeout: float, *options: str,
               env: dict[str, str] | None = None) -> Outcome:
    """Run ``tests`` in ``copy``; on time out, end the run and everything it started."""
    start = time.perf_counter()
    with subprocess.Popen(pytest_command(tests, *options), cwd=copy, env=env or child_env(copy),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True) as run:
        try:
            output, _ = run.communicate(timeout=timeout)
            status: int | None = run.returncode
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            output, _ = run.communicate()
            status = None
    text = output.decode("utf-8", "replace")
    failed = re.search(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$", text, re.M)
    return Outcome(status, time.perf_counter() - start, failed and failed.group(1),
                   "\n".join(text.splitlines()[-15:]))


# ---- the coverage map ----------------------------------------------------------------------


def coverage_map(copy: Path, cases: list[Case], config: Config, marks: str | None = None) -> dict[str, dict[str, Any]]:
    """Run every test file the cases name once (``marks``: the tests this ``-m`` selects),
    recording which lines each test executes."""
    files = sorted({t for c in cases if c.mutant.scope != "js" for t in c.tests})
    watched = sorted({str(copy / c.mutant.path) for c in cases if c.mutant.scope != "js"})
    out = copy.parent / "coverage.json"
    children = copy.parent / "children"
    children.mkdir(exist_ok=True)
    children.chmod(0o777)  # some tests start tracer as another user
    paths = [copy, copy / "benchmarks", copy / "benchmarks" / "mutation_child"]
    env = child_env(copy, {"MUTATION_COVER_FILES": os.pathsep.join(watched), "MUTATION_COVER_OUT": str(out),
                           "MUTATION_COVER_CHILDREN": str(children),
                           "PYTHONPATH": os.pathsep.join(map(str, paths))})
    print(f"coverage pass: {len(files)} test files, {len(watched)} mutated files", flush=True)
    options = ["-p", "mutation_cover", "-p", "no:randomly", *(["-m", marks] if marks else [])]
    outcome = run_pytest(copy, files, 3 * 3600, *options, env=env)
    if outcome.status != 0:
        raise SystemExit(f"the tests fail before any mutation (status {outcome.status}):\n{outcome.tail}")
    found: dict[str, dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    print(f"coverage pass: {len(found)} tests in {outcome.seconds:.0f} s", flush=True)
    return found


def order_first_tests(cases: list[Case], cover: dict[str, dict[str, Any]], copy: Path,
                      skip: tuple[str, ...] = ()) -> None:
    """Fill each case's ``first`` (the tests of its file executing its lines, fastest first)
    and ``second`` (those running tracer as a program; all its tests if none executes them)."""
    by_line: dict[tuple[str, int], list[str]] = {}
    for test, seen in cover.items():
        for path, lines in seen["lines"].items():
            relative = str(Path(path).relative_to(copy))
            for line in lines:
                by_line.setdefault((relative, line), []).append(test)
    for case in cases:
        m = case.mutant
        if m.scope == "js":
            case.second = case.tests
            continue
        mine = tuple(t.rstrip("/") + "::" for t in case.tests)
        # Code run as its module is imported runs once: the coverage pass credits it to whichever
        # test imported the module first, not to the tests that use what it defines.
        found = set() if m.at_import else {
            t for line in range(m.line, m.end_line + 1) for t in by_line.get((m.path, line), [])
            if t.startswith(mine)}
        case.first = sorted(found, key=lambda t: (cover[t]["seconds"], t))
        if not found:  # run only as the module is imported: the tests that run any of its code
            found = {t for t, seen in cover.items() if t.startswith(mine)
                     and any(Path(p).relative_to(copy) == Path(m.path) for p in seen["lines"])}
            if not found:  # code no test runs: every test of the file
                case.second = case.tests
                continue
        case.second = sorted((t for t, seen in cover.items() if seen["spawns"] and t.startswith(mine)
                              and t not in found and t not in skip), key=lambda t: (cover[t]["seconds"], t))
        if not case.first:
            case.first = sorted(found, key=lambda t: (cover[t]["seconds"], t))


def time_limit(config: Config, cover: dict[str, dict[str, Any]], tests: list[str]) -> float:
    """How long one run of ``tests`` may take (their time in the coverage pass, times the factor)."""
    prefixes = tuple(t if "::" in t else t + "::" for t in tests)
    spent = sum(v["seconds"] for k, v in cover.items() if k.startswith(prefixes) or k in tests)
    if not spent:  # not in the coverage pass (browser tests of a JavaScript mutant, the CI sample)
        return max(config.timeout_minimum, 600.0)
    return max(config.timeout_minimum, config.timeout_factor * spent)


# ---- judging mutants -----------------------------------------------------------------------


@dataclass
class Verdict:
    case: Case
    #: ``killed``, ``survived``, ``timeout`` (counted as killed) or ``error``.
    result: str
    seconds: float
    #: The test that failed, or why the run could not judge.
    by: str = ""
    #: The verdict of the default group of tests alone (None: not judged that way).
    default: str | None = None


class Worker:
    """One copy of the repository, mutated one mutant at a time."""

    def __init__(self, copy: Path, config: Config, cover: dict[str, dict[str, Any]]):
        self.copy, self.config, self.cover = copy, config, cover

    def judge_twice(self, case: Case, stages: list[list[str]]) -> Verdict:
        """The mutant judged by the default group of its tests, then (if it survives them) by
        the rest: the verdict of all its tests, and of the default group alone. A test of the
        default group that kills it would kill it in a run of all its tests too."""
        first = self.judge(case, stages, DEFAULT_GROUP)
        if first.result != "survived":
            return Verdict(case, first.result, first.seconds, first.by, first.result)
        # The coverage pass of a two-way run maps the default group only (the other groups are
        # most of the suite's time): the other groups' tests of its file all run, whole.
        rest = self.judge(case, [[], case.tests], OTHER_GROUPS, self.config.second_stage_skip, OTHER_LIMIT)
        return Verdict(case, rest.result, first.seconds + rest.seconds, rest.by, "survived")

    def judge(self, case: Case, stages: list[list[str]], marks: str | None = None,
              deselect: tuple[str, ...] = (), limit: float | None = None) -> Verdict:
        """Apply the mutant, run each stage of tests until one kills it, restore the file
        (``marks``: only the tests this ``-m`` expression selects, but not those ``deselect``
        names; ``limit``: each run's time limit, instead of one from the coverage pass)."""
        m = case.mutant
        target = self.copy / m.path
        original = target.read_bytes()
        target.write_bytes(m.apply(original))
        _forget_bytecode(target)
        spent = 0.0
        try:
            for i, tests in enumerate(stages):
                if not tests:
                    continue
                # A second stage of whole files leaves out the first stage's tests, run already.
                whole = i and any("::" not in t for t in tests)
                skip = [f"--deselect={t}" for t in stages[0]] if whole else []
                skip += ["-m", marks] if marks else []
                skip += [f"--deselect={t}" for t in deselect]
                outcome = run_pytest(self.copy, tests, limit or time_limit(self.config, self.cover, tests), *skip)
                spent += outcome.seconds
                if outcome.status == 4 and "ERROR: not found:" in outcome.tail:
                    # The mutant changed a parametrized test's ids (some come from tracer, such as
                    # the searches' names): run each such test under the ids it has now.
                    tests = sorted({t.split("[", 1)[0] for t in tests})
                    outcome = run_pytest(self.copy, tests, limit or time_limit(self.config, self.cover, tests), *skip)
                    spent += outcome.seconds
                if outcome.status is None:
                    return Verdict(case, "timeout", spent, "time limit")
                if outcome.status in KILLING_STATUSES:
                    return Verdict(case, "killed", spent, outcome.failed or f"status {outcome.status}")
                if outcome.status == 4 and (raised := _load_error(outcome.tail)):
                    return Verdict(case, "killed", spent, f"the tests cannot load: {raised}")
                if outcome.status not in (0, 5):
                    return Verdict(case, "error", spent, f"pytest status {outcome.status}: {outcome.tail}")
            return Verdict(case, "survived", spent)
        finally:
            target.write_bytes(original)
            _forget_bytecode(target)


def _load_error(tail: str) -> str | None:
    """The exception that stopped pytest loading the tests (their conftest importing tracer),
    if its output shows one: a mutant that breaks importing tracer kills every test."""
    raised = [line[4:].strip() for line in tail.splitlines() if line.startswith("E   ")]
    return raised[-1] if raised else None


def _forget_bytecode(path: Path) -> None:
    """Remove ``path``'s cached bytecode: a mutant of the same size and second would reuse it."""
    for cached in (path.parent / "__pycache__").glob(f"{path.stem}.*.pyc"):
        cached.unlink()


def judge_all(workers: list[Worker], jobs: list[tuple[Case, list[list[str]]]], keep: bool = True,
              two_way: bool = False) -> list[Verdict]:
    """Judge every job, one per worker at a time, printing each verdict as it comes
    (``two_way``: by all its tests and by the default group alone)."""
    todo: queue.Queue[tuple[int, Case, list[list[str]]]] = queue.Queue()
    for i, (case, stages) in enumerate(jobs):
        todo.put((i, case, stages))
    verdicts: list[Verdict | None] = [None] * len(jobs)
    lock = threading.Lock()

    def work(worker: Worker) -> None:
        while True:
            try:
                i, case, stages = todo.get_nowait()
            except queue.Empty:
                return
            verdict = worker.judge_twice(case, stages) if two_way else worker.judge(case, stages)
            with lock:
                verdicts[i] = verdict
                if keep:  # kept as they come: an interrupted run can go on (--again)
                    save_verdicts([verdict])
                done = sum(v is not None for v in verdicts)
                m = case.mutant
                by = f"  (by {verdict.by})" if verdict.result == "killed" else ""
                by += f"  [default group: {verdict.default}]" if verdict.default else ""
                print(f"[{done}/{len(jobs)}] {verdict.result:8} {verdict.seconds:5.1f} s  "
                      f"{m.path}:{m.line} {m.scope}: {m.change}{by}", flush=True)

    threads = [threading.Thread(target=work, args=(w,)) for w in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [v for v in verdicts if v is not None]


# ---- the report ----------------------------------------------------------------------------


def summary(verdicts: list[Verdict], config: Config) -> tuple[list[str], list[Verdict], list[str]]:
    """The score table (Markdown lines), the unexplained survivors, and stale equivalents."""
    per_file: dict[str, list[Verdict]] = {}
    for v in verdicts:
        per_file.setdefault(v.case.mutant.path, []).append(v)
    table = ["| file | mutants | killed | equivalent | survived | score |", "|---|---|---|---|---|---|"]
    survivors = []
    totals = [0, 0, 0, 0]
    for path, group in per_file.items():
        killed = sum(v.result in ("killed", "timeout") for v in group)
        alive = [v for v in group if v.result not in ("killed", "timeout")]
        equivalent = [v for v in alive if v.case.mutant.key in config.equivalent]
        survivors += [v for v in alive if v.case.mutant.key not in config.equivalent]
        row = [len(group), killed, len(equivalent), len(alive) - len(equivalent)]
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        table.append(f"| `{path}` | {row[0]} | {row[1]} | {row[2]} | {row[3]} | {_score(row)} |")
    table.append(f"| **all** | {totals[0]} | {totals[1]} | {totals[2]} | {totals[3]} | **{_score(totals)}** |")
    table += ["", *package_table(per_file, config)]
    keys = {v.case.mutant.key for v in verdicts}
    killed_keys = {v.case.mutant.key for v in verdicts if v.result in ("killed", "timeout")}
    stale = [k for k in config.equivalent if k in killed_keys or k not in keys]
    return table, survivors, stale


def package_table(per_file: dict[str, list[Verdict]], config: Config) -> list[str]:
    """The score per package (Markdown lines): the files of each folder of tracer/ together."""
    rows: dict[str, list[int]] = {}
    for path, group in per_file.items():
        killed = sum(v.result in ("killed", "timeout") for v in group)
        alive = [v for v in group if v.result not in ("killed", "timeout")]
        equivalent = sum(v.case.mutant.key in config.equivalent for v in alive)
        row = [len(group), killed, equivalent, len(alive) - equivalent]
        total = rows.setdefault(package_of(path), [0, 0, 0, 0])
        rows[package_of(path)] = [a + b for a, b in zip(total, row, strict=True)]
    table = ["| package | mutants | killed | equivalent | survived | score |", "|---|---|---|---|---|---|"]
    table += [f"| `{name}` | {r[0]} | {r[1]} | {r[2]} | {r[3]} | {_score(r)} |" for name, r in sorted(rows.items())]
    return table


def _score(row: list[int]) -> str:
    """Killed out of the mutants that are not equivalent."""
    judged = row[0] - row[2]
    return f"{100 * row[1] / judged:.1f} %" if judged else "-"


def write_results(table: list[str], verdicts: list[Verdict], survivors: list[Verdict], extra: str = "") -> None:
    from run import write_section

    timeouts = sum(v.result == "timeout" for v in verdicts)
    minutes = sum(v.seconds for v in verdicts) / 60
    footer = (f"\n\nScore: killed out of the mutants not explained as equivalent (the explanations "
              f"are in `benchmarks/mutation.toml`); {timeouts} killed by the time limit. "
              f"The tests ran {minutes:.0f} min in all (`bash scripts/mutation.sh --write`).{extra}")
    if survivors:
        footer += "\n\nSurvivors not yet explained:\n\n" + "\n".join(
            f"- `{v.case.mutant.path}:{v.case.mutant.line}` {v.case.mutant.scope}: {v.case.mutant.change}"
            for v in survivors)
    write_section("benchmarks/mutation.py", table, None, footer)


def report(verdicts: list[Verdict], config: Config) -> tuple[list[str], list[Verdict]]:
    """Print the score and every survivor; return the table and the unexplained survivors."""
    table, survivors, stale = summary(verdicts, config)
    print("\n" + "\n".join(table))
    errors = [v for v in verdicts if v.result == "error"]
    for v in errors:
        print(f"\nerror judging {v.case.mutant.key}:\n{v.by}")
    equivalent = [v for v in verdicts if v.result == "survived" and v.case.mutant.key in config.equivalent]
    if equivalent:
        print(f"\n{len(equivalent)} survivors explained as equivalent in benchmarks/mutation.toml.")
    if survivors:
        print(f"\n{len(survivors)} survivors (file:line, function, change); as keys for mutation.toml:")
        for v in survivors:
            m = v.case.mutant
            print(f"  {m.path}:{m.line}  {m.scope}: {m.change}\n      key: {json.dumps(m.key, ensure_ascii=False)}")
    if stale and len({v.case.mutant.path for v in verdicts}) == len(config.files()) + len(
            {js[0] for js in config.js}):
        print("\nequivalents in mutation.toml that no longer survive or exist (remove them):")
        for key in stale:
            print(f"  {key}")
    return table, survivors


# ---- the two runs --------------------------------------------------------------------------


@dataclass
class Plan:
    """How a run judges and reports: each mutant twice (``two_way``), and a random sample's
    draw (``size``, ``seed``; None: the mutants chosen, all or ``--only``)."""

    two_way: bool = False
    size: int | None = None
    seed: int = 0
    #: How many mutants each package of tracer/ has in all (for the sample's table).
    population: dict[str, int] = field(default_factory=dict)
    command: str = "bash scripts/mutation.sh --write"
    #: The 1-minute load average when the run started.
    load: float = 0.0


def full_run(config: Config, cases: list[Case], jobs: int, write: bool, again: bool,
             tests: list[str] | None = None, plan: Plan | None = None) -> int:
    """Judge the cases (with ``again``, only those the last run did not kill) and report;
    with ``tests``, by those tests alone (no coverage pass)."""
    plan = plan or Plan()
    kept: dict[str, Verdict] = {}
    if again:
        last = load_verdicts()
        for case in cases:
            old = kept_verdict(case, last, plan.two_way)
            if old is not None and old.result in ("killed", "timeout"):
                kept[case.mutant.key] = old
        print(f"again: {len(kept)} mutants killed in the last run are kept, {len(cases) - len(kept)} judged")
    todo = [c for c in cases if c.mutant.key not in kept]
    if plan.size is not None:  # stopped part-way, a sample has judged some of every package
        todo = by_turns(todo, lambda c: c.mutant.path)
    with tempfile.TemporaryDirectory(prefix="tracer-mutation-") as tmp:
        copies = [make_copy(Path(tmp) / f"w{i}") for i in range(max(1, jobs))]
        python_cases = [c for c in todo if c.mutant.scope != "js" and not tests]
        marks = DEFAULT_GROUP if plan.two_way else None
        cover = coverage_map(copies[0], python_cases, config, marks) if python_cases else {}
        order_first_tests(todo, cover, copies[0], config.second_stage_skip)
        workers = [Worker(copy, config, cover) for copy in copies]
        stages = {c.mutant.key: [tests] if tests else [c.first, c.second] for c in todo}
        jobs_ = [(c, stages[c.mutant.key]) for c in todo]
        judged = {v.case.mutant.key: v for v in judge_all(workers, jobs_, two_way=plan.two_way)}
    verdicts = [kept.get(c.mutant.key) or judged[c.mutant.key] for c in cases]
    save_verdicts(verdicts)
    finish(config, verdicts, [], write, plan)
    return 0


def kept_verdict(case: Case, last: dict[str, dict[str, Any]], two_way: bool) -> Verdict | None:
    """``case``'s kept verdict, if it has one (judged both ways, for a two-way run)."""
    old = last.get(case.mutant.key)
    if old is None or (two_way and old.get("default") is None):
        return None
    return Verdict(case, old["result"], old["seconds"], old["by"], old.get("default"))


def finish(config: Config, verdicts: list[Verdict], unjudged: list[Case], write: bool, plan: Plan) -> None:
    """Print (with ``write``: record) the score: per file and package, or the sample's estimate."""
    table, survivors = report(verdicts, config)
    by_file: dict[str, int] = {}
    for c in unjudged:
        by_file[c.mutant.path] = by_file.get(c.mutant.path, 0) + 1
    note = "; ".join(f"`{path}` {n}" for path, n in by_file.items())
    if unjudged:
        print(f"\n{len(unjudged)} mutants not judged yet ({note}): bash scripts/mutation.sh --again")
    estimate = estimate_table(sample_results(verdicts, config), plan.population) if (
        plan.two_way or plan.size is not None) else []
    if estimate:
        print("\n" + "\n".join(estimate))
    if not write:
        return
    if plan.size is not None:
        write_estimate(estimate, verdicts, survivors, len(unjudged), plan, config)
        return
    extra = "\n\nJudged by all its tests and by the default group alone:\n\n" + "\n".join(estimate) if estimate else ""
    if unjudged:
        extra += (f"\n\nNot judged yet: {len(unjudged)} mutants ({note}); `bash scripts/mutation.sh "
                  "--again --write` judges them, keeping the verdicts above.")
    write_results(table, verdicts, survivors, extra)


def sample_results(verdicts: list[Verdict], config: Config) -> dict[str, list[tuple[str, str | None, bool]]]:
    """Per package, each verdict as estimate_table reads it: (all its tests' verdict, the
    default group's, explained as equivalent)."""
    results: dict[str, list[tuple[str, str | None, bool]]] = {}
    for v in verdicts:
        equivalent = v.result not in ("killed", "timeout") and v.case.mutant.key in config.equivalent
        results.setdefault(package_of(v.case.mutant.path), []).append((v.result, v.default, equivalent))
    return results


def write_estimate(table: list[str], verdicts: list[Verdict], survivors: list[Verdict], unjudged: int,
                   plan: Plan, config: Config) -> None:
    """Record the sample's estimate in benchmarks/RESULTS.md, beside (not over) the whole run's."""
    from run import machine, write_section

    how = (f"`{plan.command}`: {plan.size} mutants drawn at random (seed {plan.seed}) evenly over the "
           f"packages of `tracer/`, of {sum(plan.population.values())}. Machine: {machine()}; shared, "
           f"load average {plan.load:.2f} at the start and {os.getloadavg()[0]:.2f} at the end; each "
           "pytest in one process, under `nice -n 10`.")
    minutes = sum(v.seconds for v in verdicts) / 60
    footer = (f"\n\nScore: killed out of the sampled mutants not explained as equivalent, with its 95 % "
              f"Wilson interval; `mutants` is the package's number in all, `judged` the sample's. The pooled "
              f"row weighs every sampled mutant alike (the draw is even over packages, not over mutants); "
              f"the weighted row weighs each package's score by its number of mutants. The tests ran "
              f"{minutes:.0f} min in all.")
    if unjudged:
        footer += f" {unjudged} drawn mutants were not judged (the run was stopped)."
    alive = [v for v in verdicts if v.result not in ("killed", "timeout")
             or v.default not in (None, "killed", "timeout")]
    if alive:
        footer += "\n\nSurvivors (all its tests / the default group):\n\n" + "\n".join(
            f"- `{v.case.mutant.path}:{v.case.mutant.line}` {v.case.mutant.scope}: {v.case.mutant.change} "
            f"({v.result} / {v.default or '-'}"
            f"{', explained as equivalent' if v.case.mutant.key in config.equivalent else ''})" for v in alive)
    write_section("benchmarks/mutation.py --random", table, None, footer, how)


def report_run(config: Config, cases: list[Case], write: bool, plan: Plan | None = None) -> int:
    """The score of the verdicts kept so far, without running anything; the mutants never
    judged are listed (``--again`` judges them)."""
    plan = plan or Plan()
    last = load_verdicts()
    kept = {c.mutant.key: kept_verdict(c, last, plan.two_way) for c in cases}
    verdicts = [v for v in kept.values() if v is not None]
    finish(config, verdicts, [c for c in cases if kept[c.mutant.key] is None], write, plan)
    return 0


#: The verdicts of the last run, for ``--again`` (kept outside the repository).
LAST = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tracer-mutation" / "last.json"


def save_verdicts(verdicts: list[Verdict]) -> None:
    """Add ``verdicts`` to the kept ones (a run of some mutants, --only, keeps the others')."""
    LAST.parent.mkdir(parents=True, exist_ok=True)
    data = json.loads(LAST.read_text(encoding="utf-8")) if LAST.is_file() else {}
    data.update({v.case.mutant.key: {"result": v.result, "seconds": v.seconds, "by": v.by, "default": v.default}
                 for v in verdicts})
    LAST.write_text(json.dumps(data, ensure_ascii=False, indent=0), encoding="utf-8")


def load_verdicts() -> dict[str, dict[str, Any]]:
    if not LAST.is_file():
        raise SystemExit(f"--again: no earlier run's verdicts at {LAST}: run without --again first")
    found: dict[str, dict[str, Any]] = json.loads(LAST.read_text(encoding="utf-8"))
    return found


def sample_run(config: Config, cases: list[Case]) -> int:
    """CI: the sample's tests pass unmutated, then each sample mutant gets its expected verdict."""
    by_key = {c.mutant.key: c for c in cases}
    missing = [key for key, _tests, _expect in config.sample if key not in by_key]
    if missing:
        print("mutation sample: these mutants no longer exist; update [[sample]] in benchmarks/mutation.toml:")
        print("\n".join(f"  {k}" for k in missing))
        return 1
    with tempfile.TemporaryDirectory(prefix="tracer-mutation-") as tmp:
        copy = make_copy(Path(tmp) / "w0")
        tests = sorted({t for _key, ts, _expect in config.sample for t in ts})
        baseline = run_pytest(copy, tests, 600)
        if baseline.status != 0:
            print(f"mutation sample: its tests fail unmutated:\n{baseline.tail}")
            return 1
        worker = Worker(copy, config, {})
        jobs = [(Case(by_key[key].mutant, ts), [ts]) for key, ts, _expect in config.sample]
        verdicts = judge_all([worker], jobs, keep=False)  # judged by a few tests: not a run's verdicts
    wrong = [(v, expect) for v, (_k, _t, expect) in zip(verdicts, config.sample, strict=True)
             if ("killed" if v.result in ("killed", "timeout") else v.result) != expect]
    for v, expect in wrong:
        print(f"mutation sample: expected {expect}, got {v.result}: {v.case.mutant.key} {v.by}")
    print(f"mutation sample: {len(verdicts) - len(wrong)} of {len(verdicts)} mutants judged as expected")
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--only", action="append", default=[], metavar="TEXT")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--sample", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--again", action="store_true")
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--config", type=Path, default=CONFIG)
    parser.add_argument("--tests", action="append", default=[], metavar="FILE")
    parser.add_argument("--random", type=int, metavar="N")
    parser.add_argument("--seed", type=int, default=0, metavar="S")
    parser.add_argument("--default-group", action="store_true")
    args = parser.parse_args(argv)
    # Started in the background, a shell ignores SIGINT for us and so for every test run: the
    # tests of a write interrupted by SIGINT would fail. The handler makes the runs start afresh.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # Under nohup SIGHUP is ignored, and so in every test run: a test that hangs tracer up
    # would see it live on. The tests run with the signal's default, as in a terminal.
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    config = Config.read(args.config)
    unlisted = config.unlisted()
    if unlisted:
        raise SystemExit("mutation.toml: these files of tracer/ are neither mutated nor left out with a "
                         "reason ([[left_out]]): " + ", ".join(unlisted))
    missing = config.missing_tests()
    if missing:  # found before the coverage pass, not after it
        raise SystemExit("mutation.toml: these tests no longer exist: re-point their targets: " + ", ".join(missing))
    cases = all_cases(config)
    if args.sample:
        return sample_run(config, cases)
    if args.only:
        cases = [c for c in cases if any(text in c.mutant.key for text in args.only)]
    plan = Plan(args.default_group, args.random, args.seed, command=shown_command(argv), load=os.getloadavg()[0])
    if args.random is not None:
        for c in cases:
            plan.population[package_of(c.mutant.path)] = plan.population.get(package_of(c.mutant.path), 0) + 1
        cases = draw(cases, lambda c: c.mutant.path, args.random, args.seed)
    if args.list:
        for c in cases:
            print(f"{c.mutant.path}:{c.mutant.line}  {json.dumps(c.mutant.key, ensure_ascii=False)}")
        print(f"{len(cases)} mutants")
        return 0
    if args.report:
        return report_run(config, cases, args.write, plan)
    return full_run(config, cases, args.jobs, args.write and (not args.only or args.random is not None),
                    args.again, args.tests, plan)


def shown_command(argv: list[str] | None) -> str:
    """The run's command as a reader would type it again."""
    words = sys.argv[1:] if argv is None else argv
    return " ".join(["bash scripts/mutation.sh", *(shlex.quote(w) for w in words)])


if __name__ == "__main__":
    sys.exit(main())
