#!/usr/bin/env bash
# One command for the benchmarks: install tracer into .venv if needed, then measure.
# Pass --write to record the figures in benchmarks/RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q ".[browser]" >/dev/null
.venv/bin/python benchmarks/run.py "$@"
.venv/bin/python benchmarks/viewer_bench.py
.venv/bin/python benchmarks/game_bench.py
.venv/bin/python benchmarks/variants_bench.py "$@"
.venv/bin/python benchmarks/json_read_bench.py
.venv/bin/python benchmarks/check_bench.py "$@"
