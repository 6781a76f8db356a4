#!/usr/bin/env bash
# Every suite, in order of speed; stops at the first red one. Each tier prints its time (CI's budget is 90 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/middleware:$PWD/plugin"
PY=.venv/bin/python
START=$(date +%s)
tier() {   # tier "<title>" command...: runs it, then prints how long it took
    local title="$1" t0
    shift
    t0=$(date +%s)
    echo "== $title"
    "$@"
    echo "== $title: $(( $(date +%s) - t0 )) s (make test so far: $(( ($(date +%s) - START) / 60 )) min)"
}
# The VM image (minutes of apt and a DKMS build when cold) builds beside the first tiers, which mostly wait on the
# hosts they start; the VM tier's own call then finds it done (build-image.sh takes turns through a lock, and
# rebuilds, saying why, if this one failed). Waited for on the way out, so no build outlives make test.
mkdir -p tests/artifacts
if $PY tests/vm/availability.py >/dev/null 2>&1; then
    echo "== VM image: building in the background (tests/artifacts/vm-image-build.log)"
    bash tests/vm/build-image.sh >tests/artifacts/vm-image-build.log 2>&1 &
    trap 'wait' EXIT
fi
# Three workers: most of these tests wait on hosts they start (their own port and data directory each), so the two
# cores stay busy; a module's tests stay on one worker (its host is module-scoped). No test may run past 10 minutes.
tier "Python unit and API tests" $PY -m pytest tests/unit tests/api -q -p no:cacheprovider -n 3 --dist loadfile \
    --timeout 600
tier "TrueNAS load-rule tier on 25.10 and 26.0 (real middlewared from ../shared/truenas)" \
    bash tests/truenas_rules/run.sh all
tier "Panel unit tests" bash -c 'cd ui && npm test'
tier "Panel build" bash -c 'cd ui && npm run build'
# The App's image (the VM tier loads it into the guest's Docker) needs the built panel: it builds beside the browser
# and live tiers the same way.
if $PY tests/vm/availability.py >/dev/null 2>&1; then
    echo "== App image: building in the background (tests/artifacts/app-image-build.log)"
    bash plugin/app/build-image.sh >tests/artifacts/app-image-build.log 2>&1 &
fi
tier "Browser tests" node tests/e2e/run.mjs
tier "TrueNAS live tier on 25.10 and 26.0 (real middlewared processes, the panel in Chromium)" \
    bash tests/truenas_live/run.sh
# says why and passes when this machine cannot run it
tier "VM tier (real OpenZFS under QEMU; TUNING_VM=0 skips it)" bash tests/vm/run.sh
echo "make test: every tier passed in $(( ($(date +%s) - START) / 60 )) min"
