#!/usr/bin/env bash
# Every suite; stops at the first red one. Each tier prints its time (the goal: under 70 minutes cold on 2 cores).
#
# The VM tier (real OpenZFS under QEMU's software emulation, most of the time) runs beside the other tiers: QEMU
# keeps about one core busy and those tiers mostly wait on the hosts they start, so the two cores stay busy and
# make test takes about the VM tier's time rather than the sum. Its output goes to tests/artifacts/vm-tier.log and
# is printed when it ends; its verdict counts like any tier's.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/middleware:$PWD/plugin"
PY=.venv/bin/python
START=$(date +%s)
VM_LOG=tests/artifacts/vm-tier.log
VM_PID=
tier() {   # tier "<title>" command...: runs it, then prints how long it took
    local title="$1" t0
    shift
    t0=$(date +%s)
    echo "== $title"
    "$@"
    echo "== $title: $(( $(date +%s) - t0 )) s (make test so far: $(( ($(date +%s) - START) / 60 )) min)"
}
vm_tier() {   # the VM tier with its own time, into VM_LOG
    local t0 rc=0
    t0=$(date +%s)
    bash tests/vm/run.sh >"$VM_LOG" 2>&1 || rc=$?
    echo "== VM tier: $(( $(date +%s) - t0 )) s (ended $(( ($(date +%s) - START) / 60 )) min into make test)" >>"$VM_LOG"
    return $rc
}
stop_vm_tier() {   # on the way out after a red tier: the VM tier is stopped (its fixtures power the VM off)
    if [[ -n "$VM_PID" ]] && kill -INT -- "-$VM_PID" 2>/dev/null; then wait "$VM_PID" 2>/dev/null || true; fi
}
mkdir -p tests/artifacts
# A cold VM image (apt and a DKMS build, about 11 minutes) starts building at once; the VM tier's own call waits
# for it through build-image.sh's lock (and rebuilds, saying why, if this one failed).
if $PY tests/vm/availability.py >/dev/null 2>&1; then
    bash tests/vm/build-image.sh >tests/artifacts/vm-image-build.log 2>&1 &
fi
# The panel first: the App's image, which the VM tier loads into the guest's Docker, carries it.
tier "Panel build" bash -c 'cd ui && npm run build'
echo "== VM tier (real OpenZFS under QEMU; TUNING_VM=0 skips it): running beside the other tiers, into $VM_LOG"
set -m   # its own process group, so a red tier elsewhere can stop it whole
vm_tier &
VM_PID=$!
set +m
trap stop_vm_tier EXIT
# Three workers: most of these tests wait on hosts they start (their own port and data directory each), so the two
# cores stay busy; a module's tests stay on one worker (its host is module-scoped). No test may run past 10 minutes.
tier "Python unit and API tests" $PY -m pytest tests/unit tests/api -q -p no:cacheprovider -n 3 --dist loadfile \
    --timeout 600
tier "TrueNAS load-rule tier on 25.10 and 26.0 (real middlewared from ../shared/truenas)" \
    bash tests/truenas_rules/run.sh all
tier "Panel unit tests" bash -c 'cd ui && npm test'
tier "Browser tests" node tests/e2e/run.mjs
tier "TrueNAS live tier on 25.10 and 26.0 (real middlewared processes, the panel in Chromium)" \
    bash tests/truenas_live/run.sh
echo "== waiting for the VM tier (make test so far: $(( ($(date +%s) - START) / 60 )) min)"
trap - EXIT
vm_rc=0
wait "$VM_PID" || vm_rc=$?
cat "$VM_LOG"
[[ $vm_rc -eq 0 ]] || { echo "make test: the VM tier failed (exit $vm_rc)"; exit $vm_rc; }
echo "make test: every tier passed in $(( ($(date +%s) - START) / 60 )) min"
