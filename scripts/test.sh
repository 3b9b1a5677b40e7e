#!/usr/bin/env bash
# Set up a virtual environment with tracer and the test tools one group of tests needs, then
# run that group (docs/development.md; the groups are markers, see tests/conftest.py):
#   bash scripts/test.sh             the default group: about 2 minutes on 2 cores
#   bash scripts/test.sh --browser   the pages driven in Chromium and Firefox (installs the browser extra)
#   bash scripts/test.sh --guide-js  tracer against the guide's own JavaScript under node
#   bash scripts/test.sh --slow      the long walks
#   bash scripts/test.sh --all       every group, as CI runs them
# Further arguments go to pytest. Only bash's own commands and Python are used, so this runs
# on a machine with nothing else (see .ci/run).
set -euo pipefail
case "$0" in
    */*) cd "${0%/*}/.." ;;
    *) cd .. ;;
esac
group=default
case "${1:-}" in
    --browser | --guide-js | --slow | --all) group="${1#--}"; shift ;;
esac
# Workers: one per core (pytest-xdist), but the browser tests run in one
# process: a browser's threads and Hypothesis's check that no strategy touches the global
# random state do not mix within a worker. -n N among the arguments chooses instead.
case "$group" in
    default) extras=test; marks="not browser and not guide_js and not slow"; workers=auto ;;
    browser) extras=test,browser; marks="browser"; workers=0 ;;
    guide-js) extras=test; marks="guide_js and not browser"; workers=auto ;;
    slow) extras=test; marks="slow and not browser and not guide_js"; workers=auto ;;
    all) extras=test,browser; marks=""; workers=auto ;;
esac
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".[$extras]"  # editable: the tests judge this checkout
if [ "$group" = all ]; then
    # The browser tests in one process, then every other test on every core: the whole suite,
    # in about two thirds of the time one process takes. A pass that finds no test among the
    # arguments (pytest's status 5) fails only if the other found none either.
    browser=0; rest=0
    .venv/bin/python -m pytest -n 0 -m browser "$@" || browser=$?
    .venv/bin/python -m pytest -n auto -m "not browser" "$@" || rest=$?
    if [ "$browser" = 5 ] && [ "$rest" = 5 ]; then exit 5; fi
    [ "$browser" = 5 ] && browser=0
    [ "$rest" = 5 ] && rest=0
    [ "$browser" = 0 ] && exit "$rest"
    exit "$browser"
fi
exec .venv/bin/python -m pytest -n "$workers" -m "$marks" "$@"
