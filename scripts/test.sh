#!/usr/bin/env bash
# Set up a virtual environment with tracer and its test tools, then run every test.
# Only bash's own commands and Python are used, so this runs on a machine with nothing
# else (see .ci/run). Arguments go to pytest.
set -euo pipefail
case "$0" in
    */*) cd "${0%/*}/.." ;;
    *) cd .. ;;
esac
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q ".[test,browser]"
.venv/bin/python -m pytest "$@"
