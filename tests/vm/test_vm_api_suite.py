"""The API tier's own suite (tests/api), run against the host in the VM instead of the sandbox: the files whose tests
reach the box (presets, apply/revert, drift, acknowledgements, benchmarks, the ladder, the network ceiling, campaigns,
crash recovery, hostile values on their way to ZFS) now meet real OpenZFS. Tests marked `sandbox_only` skip there.

The wire-level files (protocol, authentication, hostile clients and connections, uploads and downloads, TLS, load,
fuzzing, query options, the database export) are left out here: they exercise the same host code whatever box is
under it, and run against the sandbox host in `make test` and against TrueNAS's own middlewared in the live tier;
under QEMU's software emulation they cost most of this tier's time and prove nothing more. So do the files whose
box-side path a test of this tier already walks on the real pool: benchmarks and their abort (test_vm_benchmark),
campaigns (test_vm_campaign, test_vm_client_campaign), the client kit over NFS, SMB and iSCSI (test_vm_clients); they
were half of this tier's time. The reports' file (test_report_api) too: what it asks of the box is a benchmark and a
campaign, and rendering is the same code whatever the box. So are the files whose tests end at the host's own
checks before anything reaches the box: hostile values (refused by field; the box side has test_vm_hostile_values),
benchmark limits (refusals before a write; a real benchmark's space check is test_vm_benchmark's) and the preset
editor (stored presets; applying them is test_vm_presets'). Left: apply, revert, drift and its actions, the words
read from the real box, and the alerts its state raises."""
import os
import re
import subprocess
import sys

import pytest

from guest_host import REPO

ARTIFACTS = REPO / 'tests' / 'artifacts' / 'vm'

pytestmark = pytest.mark.vm

# The files that reach the box (see the docstring); a file renamed or added that reaches the box belongs here.
BOX_FILES = ('test_tuning_api.py', 'test_drift_actions_api.py', 'test_change_words_api.py', 'test_alerts_api.py')
# The only reasons a test may skip against the VM's host; any other skip is a test lost.
SKIP_REASONS = ('sandbox-only test', 'needs a host of its own', 'no read-only account given',
                'not possible against a host that is already running')


def slowest_lines(output: str) -> list[str]:
    """The lines of pytest's "slowest durations" section (between its header and the next ==== rule)."""
    lines = output.splitlines()
    start = next((i for i, line in enumerate(lines) if 'slowest' in line and 'durations' in line), None)
    if start is None:
        return []
    section = []
    for line in lines[start + 1:]:
        if line.startswith('='):
            break
        section.append(line)
    return section


def test_the_api_suite_passes_against_the_real_pool(guest_host):
    env = dict(os.environ, TUNING_API_URL=guest_host.url, TUNING_API_PASSWORD=guest_host.password,
               TUNING_API_USERNAME=guest_host.username,
               PYTHONPATH=os.pathsep.join([str(REPO / 'middleware'), str(REPO / 'plugin')]))
    files = [str(REPO / 'tests' / 'api' / name) for name in BOX_FILES]
    missing = [f for f in files if not os.path.exists(f)]
    assert not missing, f'BOX_FILES names files that are gone: {missing}'
    run = subprocess.run([sys.executable, '-m', 'pytest', *files, '-q', '-p', 'no:cacheprovider',
                          '-o', 'addopts=', '-rfEs', '--durations=0'],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=3600)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / 'api-suite.log').write_text(run.stdout + run.stderr)   # every inner test's time: the tier's budget
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-2000:]
    print(f'tests/api against the VM: {summary}')
    print('slowest of them:\n' + '\n'.join(slowest_lines(run.stdout)[:10]))
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert re.search(r'\d+ passed', summary), summary
    skips = re.findall(r'^SKIPPED \[\d+\] [^:]+:\d+: (.*)$', run.stdout, re.MULTILINE)
    lost = [reason for reason in skips if not reason.startswith(SKIP_REASONS)]
    assert not lost, f'skipped for a reason the VM host does not explain: {lost}'
