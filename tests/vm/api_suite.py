"""Runs files of the API tier's own suite (tests/api) against the host in the VM: used by test_vm_api_suite*.py.

Each test file of this tier names its share of the files (two shares, so the two VMs of make test can take one each;
sharing.py); the inner pytest writes its output to tests/artifacts/vm/api-suite-<name>.log as it goes, so a run
stopped by its timeout still leaves every inner test's result and time."""
import os
import re
import subprocess
import sys

from guest_host import REPO

ARTIFACTS = REPO / 'tests' / 'artifacts' / 'vm'

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


def run_api_files(guest_host, name: str, files: tuple[str, ...]) -> None:
    """Run tests/api/<files> against the VM's host; fail with the inner output's tail unless all passed, and on a skip
    the VM host does not explain."""
    env = dict(os.environ, TUNING_API_URL=guest_host.url, TUNING_API_PASSWORD=guest_host.password,
               TUNING_API_USERNAME=guest_host.username,
               PYTHONPATH=os.pathsep.join([str(REPO / 'middleware'), str(REPO / 'plugin')]))
    paths = [str(REPO / 'tests' / 'api' / f) for f in files]
    missing = [p for p in paths if not os.path.exists(p)]
    assert not missing, f'the VM tier names API files that are gone: {missing}'
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / f'api-suite-{name}.log'   # every inner test's time: the tier's budget
    with open(log, 'w') as out:
        run = subprocess.run([sys.executable, '-m', 'pytest', *paths, '-q', '-p', 'no:cacheprovider',
                              '-o', 'addopts=', '-rfEs', '--durations=0'],
                             cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, text=True, timeout=3600)
    output = log.read_text()
    summary = output.strip().splitlines()[-1] if output.strip() else '(no output)'
    print(f'tests/api ({name}) against the VM: {summary}')
    print('slowest of them:\n' + '\n'.join(slowest_lines(output)[:10]))
    assert run.returncode == 0, output[-8000:]
    assert re.search(r'\d+ passed', summary), summary
    skips = re.findall(r'^SKIPPED \[\d+\] [^:]+:\d+: (.*)$', output, re.MULTILINE)
    lost = [reason for reason in skips if not reason.startswith(SKIP_REASONS)]
    assert not lost, f'skipped for a reason the VM host does not explain: {lost}'
