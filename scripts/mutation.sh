#!/usr/bin/env bash
# The mutation run: change tracer's code one small way at a time (benchmarks/mutants.py) and
# check that a test notices. Prints the score and every survivor; what it mutates, which tests
# judge each file and the mutants explained as equivalent are in benchmarks/mutation.toml.
# Slow (several hours on 2 cores; --again goes on from an interrupted run), so run now and then, not in every CI run; CI runs the
# fixed sample (--sample). Options: --only TEXT, --jobs N, --list, --sample, --write
# (records the score in benchmarks/RESULTS.md), --random N --seed S (a seeded
# sample, scored per package with its interval), --default-group (each mutant judged by all its
# tests and by the default group alone); see benchmarks/mutation.py.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
# The mutants run against their own copy of tracer: the environment needs only the test tools.
.venv/bin/python -c "import pytest, hypothesis, playwright, click, graphviz" 2>/dev/null \
    || .venv/bin/python -m pip install -q ".[test,browser]" >/dev/null
exec nice -n 10 .venv/bin/python benchmarks/mutation.py "$@"
