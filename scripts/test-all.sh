#!/usr/bin/env bash
# Every suite; stops at the first red one. Each tier prints its time (the goal: under 70 minutes cold on 2 cores).
#
# The VM tier (real OpenZFS under QEMU's software emulation, most of the time) runs beside the other tiers: QEMU
# keeps about one core busy and those tiers mostly wait on the hosts they start, so the two cores stay busy. Once
# they are done a second VM joins and takes the test files the first has not reached (tests/vm/sharing.py), so
# make test takes about half the VM tier's time rather than the sum. Their output goes to tests/artifacts/vm-tier*.log
# and is printed when they end; their verdicts count like any tier's.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/middleware:$PWD/plugin"
PY=.venv/bin/python
START=$(date +%s)
VM_LOG=tests/artifacts/vm-tier.log
VM_LOG2=tests/artifacts/vm-tier-2.log
VM_PIDS=()
tier() {   # tier "<title>" command...: runs it, then prints how long it took
    local title="$1" t0
    shift
    t0=$(date +%s)
    echo "== $title"
    "$@"
    echo "== $title: $(( $(date +%s) - t0 )) s (make test so far: $(( ($(date +%s) - START) / 60 )) min)"
}
vm_tier() {   # vm_tier LOG: one VM's share of the VM tier with its own time, into LOG
    local log="$1" t0 rc=0
    t0=$(date +%s)
    bash tests/vm/run.sh >"$log" 2>&1 || rc=$?
    echo "== VM tier ($log): $(( $(date +%s) - t0 )) s (ended $(( ($(date +%s) - START) / 60 )) min into make test)" >>"$log"
    return $rc
}
start_vm_tier() {   # start_vm_tier LOG: in the background, in its own process group (a red tier stops it whole)
    set -m
    vm_tier "$1" &
    VM_PIDS+=($!)
    set +m
}
stop_vm_tier() {   # on the way out after a red tier: the VM runs are stopped (their fixtures power the VMs off)
    local pid
    for pid in "${VM_PIDS[@]}"; do
        if kill -INT -- "-$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
    done
}
mkdir -p tests/artifacts
# The claims of the two VM runs (sharing.py): empty at the start of each make test.
export TUNING_VM_SHARE="$PWD/tests/artifacts/vm-share"
rm -rf "$TUNING_VM_SHARE"
# A cold VM image (apt and a DKMS build, about 11 minutes) starts building at once; the VM tier's own call waits
# for it through build-image.sh's lock (and rebuilds, saying why, if this one failed).
if $PY tests/vm/availability.py >/dev/null 2>&1; then
    bash tests/vm/build-image.sh >tests/artifacts/vm-image-build.log 2>&1 &
fi
# The panel first: the App's image, which the VM tier loads into the guest's Docker, carries it (built now, beside
# a cold VM image; the VM tier's own call waits for it through its lock).
tier "Panel build" bash -c 'cd ui && npm run build'
if $PY tests/vm/availability.py >/dev/null 2>&1; then
    bash plugin/app/build-image.sh >tests/artifacts/app-image-build.log 2>&1 &
fi
echo "== VM tier (real OpenZFS under QEMU; TUNING_VM=0 skips it): running beside the other tiers, into $VM_LOG"
trap stop_vm_tier EXIT
start_vm_tier "$VM_LOG"
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
echo "== a second VM joins the VM tier, into $VM_LOG2 (make test so far: $(( ($(date +%s) - START) / 60 )) min)"
start_vm_tier "$VM_LOG2"
trap - EXIT
vm_rc=0
for pid in "${VM_PIDS[@]}"; do
    wait "$pid" || vm_rc=$?
done
cat "$VM_LOG" "$VM_LOG2"
[[ $vm_rc -eq 0 ]] || { echo "make test: the VM tier failed (exit $vm_rc)"; exit $vm_rc; }
echo "make test: every tier passed in $(( ($(date +%s) - START) / 60 )) min"
