"""A manual walk-through of the panel inside the REAL middlewared of one release, with an admin and a read-only user.

    eval "$(scripts/truenas-env.sh 26.0)"; export TRUENAS_RELEASE TRUENAS_VERSION MIDDLEWARED_SRC TRUENAS_API_CLIENT_SRC
    "$PYTHON" tests/truenas_live/walk.py [--home DIR] [--port PORT]

It starts middlewared the way the live tier does (launcher.py: the plugin installed by our installer, the fake box),
imports the box's pools, then prints the panel's URL and two web UI session tokens (``auth.generate_token`` with
match_origin off, as test_panel_browser.py makes them): one of ``root`` (FULL_ADMIN) and one of ``readonly``, a
local user whose group holds a READONLY_ADMIN privilege. Put a token in the browser's localStorage under
``ngx-webstorage|token`` as JSON text (what the web UI stores; see panel_e2e.mjs), then open the URL. It keeps
running (and keeps the sessions the tokens came from open) until Ctrl-C. A token that logged in is gone once that
connection closes (a script's login, say): ``walk.py --home DIR --new-tokens`` prints a fresh pair for the walk
running in DIR.

The fake box's accounts (fakebox/accounts.py) include ``readonly``, a Read-Only Administrator: TrueNAS's own code
(authenticate_user, privilege.compose_privilege, the role checks, ``auth.me``) makes its credentials. Its session is
opened on the unix socket by a child process running as its uid, the way a local non-root user's connection is
authenticated (check_permission in plugins/auth.py). ``truenas_admin``, ``readonly`` and ``sysadmin`` (the write role
without Full admin: it may not write over a disk) also log in with their passwords (accounts.ADMIN_PASSWORD,
accounts.READONLY_PASSWORD, accounts.SYSADMIN_PASSWORD) over the TCP site.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # by directory: a release venv may carry an unrelated top-level ``tests``
from fakebox import accounts  # noqa: E402

READONLY_UID = accounts.ACCOUNTS['readonly']['uid']


def wait_for_stop():
    stop = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop)  # sigwait takes only blocked signals
    signal.sigwait(stop)


def serve(home: Path, port: int) -> int:
    import launcher
    return launcher.main(['--home', str(home), '--port', str(port)])


def readonly_token(socket_path: str, keep: bool = True) -> None:
    """Child as the readonly account's uid: a read-only session on the unix socket, its token printed, the session
    kept open."""
    from truenas_api_client import Client  # imported as root: that uid cannot read the release venv under /root
    os.setgroups([READONLY_UID])
    os.setgid(READONLY_UID)
    os.setuid(READONLY_UID)
    with Client(f'ws+unix://{socket_path}') as c:
        me = c.call('auth.me')
        token = c.call('auth.generate_token', 86400, {}, False, False)
        roles = sorted(me['privilege']['roles'])
        print(json.dumps({'token': token, 'username': me['pw_name'], 'roles': roles}), flush=True)
        if keep:
            wait_for_stop()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--home', type=Path)
    p.add_argument('--port', type=int, default=8095)
    p.add_argument('--serve', action='store_true', help=argparse.SUPPRESS)
    p.add_argument('--readonly-token', metavar='SOCKET', help=argparse.SUPPRESS)
    p.add_argument('--new-tokens', action='store_true',
                   help='print fresh admin and read-only tokens of the walk running in --home, then exit (a token '
                        'that logged in is gone once that connection closes)')
    args = p.parse_args(argv)
    if os.environ.get('TRUENAS_API_CLIENT_SRC'):
        sys.path.insert(0, os.environ['TRUENAS_API_CLIENT_SRC'])
    if args.readonly_token:
        readonly_token(args.readonly_token, keep=not args.new_tokens)
        return 0
    if args.new_tokens:
        socket_path = str(args.home.resolve() / 'run' / 'middlewared.sock')
        from truenas_api_client import Client
        with Client(f'ws+unix://{socket_path}') as admin:
            admin_token = admin.call('auth.generate_token', 86400, {}, False, False)
        ro = subprocess.run([sys.executable, __file__, '--readonly-token', socket_path, '--new-tokens'],
                            capture_output=True, text=True, check=True)
        print(json.dumps({'admin_token': admin_token, 'readonly_token': json.loads(ro.stdout)['token']}))
        return 0
    home = (args.home or Path(tempfile.mkdtemp(prefix='walk-'))).resolve()
    if args.serve:
        return serve(home, args.port)

    home.mkdir(parents=True, exist_ok=True)
    os.chmod(home, 0o755)  # the read-only child (uid 1001) reaches the socket under it
    sys.path.insert(0, str(HERE))  # by directory: a release venv may carry an unrelated top-level ``tests``
    from server import wait_for
    proc = subprocess.Popen([sys.executable, __file__, '--serve', '--home', str(home), '--port', str(args.port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    listening = threading.Event()
    with open(home / 'walk-middlewared.log', 'w') as log:
        def read():
            for line in proc.stdout:
                log.write(line)
                log.flush()
                if line.startswith(('LIVE-LISTENING', 'LIVE-INSTALL-FAILED')):
                    listening.set()
            listening.set()
        threading.Thread(target=read, daemon=True).start()
        children = []
        try:
            if not listening.wait(180) or proc.poll() is not None:
                print(f'middlewared did not start: see {home / "walk-middlewared.log"}', file=sys.stderr)
                return 1
            socket_path = str(home / 'run' / 'middlewared.sock')
            os.chmod(home / 'run', 0o755)
            from truenas_api_client import Client
            admin = Client(f'ws+unix://{socket_path}')
            admin.call('fakebox.import_pools')
            wait_for(lambda: admin.call('tuning.state'), 60, 'tuning ready after system.ready')
            admin_token = admin.call('auth.generate_token', 86400, {}, False, False)
            ro = subprocess.Popen([sys.executable, __file__, '--readonly-token', socket_path],
                                  stdout=subprocess.PIPE, text=True)
            children.append(ro)
            ro_line = json.loads(ro.stdout.readline() or 'null')
            print(json.dumps({
                'url': f'http://127.0.0.1:{args.port}/_plugins/tuning/', 'home': str(home),
                'release': os.environ.get('TRUENAS_VERSION'), 'admin_token': admin_token,
                'readonly_token': ro_line and ro_line['token'], 'readonly_roles': ro_line and ro_line['roles'],
                'pid': os.getpid()}), flush=True)
            print('WALK-READY (Ctrl-C to stop)', flush=True)
            wait_for_stop()
        finally:
            for child in children:
                child.terminate()
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(60)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
    return 0


if __name__ == '__main__':
    sys.exit(main())
