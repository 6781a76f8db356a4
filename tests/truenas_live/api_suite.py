"""The API suite (tests/api) against the REAL middlewared of one release: every difference between the standalone
host and TrueNAS shows as a failing test.

    eval "$(scripts/truenas-env.sh 26.0)"; export TRUENAS_RELEASE TRUENAS_VERSION MIDDLEWARED_SRC TRUENAS_API_CLIENT_SRC
    "$PYTHON" tests/truenas_live/api_suite.py [pytest args]      (tests/truenas_live/api_suite.sh does all of it)
    "$PYTHON" tests/truenas_live/api_suite.py --serve            (middlewared only: prints the suite's environment)

It starts middlewared the way the live tier does (launcher.py: the plugin installed by our installer, the fake box),
imports the box's pools, then runs tests/api in the project's venv (.venv, the suite's own client) with TRUENAS_URL
pointing at middlewared's loopback TCP site and the fake box's accounts (fakebox/accounts.py): ``truenas_admin``
(builtin_administrators: FULL_ADMIN) logs in with PASSWORD_PLAIN through TrueNAS's own auth.login_ex, privilege and
role code (PAM itself is the harness's stand-in), ``readonly`` is a Read-Only Administrator. Prints the counts
(passed / failed / skipped with their reasons) and the wall time; exits with pytest's status.
"""
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))  # by directory: a release venv may carry an unrelated top-level ``tests``
if os.environ.get('TRUENAS_API_CLIENT_SRC'):
    sys.path.insert(0, os.environ['TRUENAS_API_CLIENT_SRC'])

from fakebox import accounts  # noqa: E402
from server import ready_server  # noqa: E402

SUITE_PYTHON = REPO / '.venv' / 'bin' / 'python'
SKIP_LINE = re.compile(r'^SKIPPED \[(\d+)\] [^:]+(?::\d+)?: (.*)$')


def suite_env(port: int, home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(('TUNING_API_', 'TRUENAS_API_KEY'))}
    env.update({
        'TRUENAS_URL': f'ws://127.0.0.1:{port}/api/current', 'TRUENAS_LIVE_TIER': '1',
        # the box's live module parameters (TrueNAS has no call listing them): the fake box's sysfs stand-in
        'TRUENAS_ZFS_PARAMETERS_DIR': str(home / 'sys-module-zfs-parameters'),
        'TRUENAS_USERNAME': 'truenas_admin', 'TRUENAS_PASSWORD': accounts.ADMIN_PASSWORD,
        'TRUENAS_READONLY_USERNAME': 'readonly', 'TRUENAS_READONLY_PASSWORD': accounts.READONLY_PASSWORD,
        'PYTHONPATH': os.pathsep.join([str(REPO / 'middleware'), str(REPO / 'plugin')]),
    })
    return env


def summary(output: str) -> str:
    """The counts line and the skip reasons, grouped (pytest -rs lines)."""
    reasons = Counter()
    for line in output.splitlines():
        m = SKIP_LINE.match(line.strip())
        if m:
            reasons[m.group(2)] += int(m.group(1))
    counts = next((line.strip('= ') for line in reversed(output.splitlines())
                   if re.search(r'\d+ (passed|failed|skipped|error)', line)), 'no result')
    lines = [counts] + [f'  skipped {n}: {reason}' for reason, n in reasons.most_common()]
    return '\n'.join(lines)


def serve() -> int:
    """--serve: start middlewared as for the suite, print the suite's environment (shell lines), keep it up until
    SIGINT/SIGTERM: for running single tests by hand (`env $(...) .venv/bin/python -m pytest tests/api/...`)."""
    import signal
    with tempfile.TemporaryDirectory(prefix='live-api-') as tmp:
        with ready_server(Path(tmp) / 'box', ('--sample-plugin',)) as srv:
            env = suite_env(srv.port, srv.home)
            for key in ('TRUENAS_URL', 'TRUENAS_LIVE_TIER', 'TRUENAS_ZFS_PARAMETERS_DIR', 'TRUENAS_USERNAME',
                        'TRUENAS_PASSWORD', 'TRUENAS_READONLY_USERNAME', 'TRUENAS_READONLY_PASSWORD', 'PYTHONPATH'):
                print(f'{key}={env[key]}')
            print(f'# middlewared home {srv.home}; SIGTERM {os.getpid()} to stop', flush=True)
            stop = {signal.SIGINT, signal.SIGTERM}
            signal.pthread_sigmask(signal.SIG_BLOCK, stop)
            signal.sigwait(stop)
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ['--serve']:
        return serve()
    if not SUITE_PYTHON.exists():
        print(f'api_suite: no {SUITE_PYTHON} (make deps-python)', file=sys.stderr)
        return 2
    release = os.environ.get('TRUENAS_VERSION', '?')
    start = time.monotonic()
    output = []
    with tempfile.TemporaryDirectory(prefix='live-api-') as tmp:
        with ready_server(Path(tmp) / 'box', ('--sample-plugin',)) as srv:
            up = time.monotonic()
            print(f'== API suite against TrueNAS {release}: middlewared on port {srv.port} (up in {up - start:.0f}s)',
                  flush=True)
            suite = subprocess.Popen(
                [str(SUITE_PYTHON), '-m', 'pytest', 'tests/api', '-q', '-p', 'no:cacheprovider', '-o', 'addopts=',
                 '-rfEsxX', '--tb=short', *argv],
                cwd=REPO, env=suite_env(srv.port, srv.home), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                text=True)
            for line in suite.stdout:   # as it comes, and kept for the summary
                sys.stdout.write(line)
                sys.stdout.flush()
                output.append(line)
            rc = suite.wait()
            ran = time.monotonic()
        log = Path(tmp) / 'box' / 'launcher.log'
        kept = REPO / 'tests' / 'artifacts' / 'truenas-live' / os.environ.get('TRUENAS_RELEASE', release)
        kept.mkdir(parents=True, exist_ok=True)
        if log.exists():  # middlewared's own log of the run, for the failures' server side
            (kept / 'api-suite-middlewared.log').write_text(log.read_text())
    end = time.monotonic()
    print(f'== API suite against TrueNAS {release}: {summary("".join(output))}\n   in {end - start:.0f}s '
          f'(middlewared up in {up - start:.0f}s, the suite {ran - up:.0f}s, stopped in {end - ran:.0f}s)', flush=True)
    return rc


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
