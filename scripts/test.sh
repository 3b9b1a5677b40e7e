#!/usr/bin/env bash
# Set up a virtual environment with tracer and its test tools, then run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q ".[test,browser]"
.venv/bin/python -m pytest "$@"
