"""Start a packed app image without a container engine and check that it serves: the build's last step.

Unpacks the docker-archive's layer into a temporary directory, then runs the image config's Entrypoint with its Env
(the backend switched to `sandbox`, which needs no TrueNAS box) as PID 1 of a new PID and mount namespace chrooted
into it (`unshare`, root only), on a free loopback port of this machine. Passes when GET /api/boot_id answers and
the panel's index is served; then stops it with SIGTERM (tini forwards it) and says how long each took.

    python3 smoke.py IMAGE.docker.tar.gz
"""
from __future__ import annotations

import gzip
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request

START_TIMEOUT = 120
PANEL_PATH = '/_plugins/tuning/'


def free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def unpack(archive: str, dest: str) -> dict:
    """Extract the image's one layer into `dest`; return the image config."""
    with gzip.open(archive) as gz, tarfile.open(fileobj=gz, mode='r:') as outer:
        manifest = json.load(outer.extractfile('manifest.json'))[0]
        config = json.load(outer.extractfile(manifest['Config']))
        (layer_name,) = manifest['Layers']
        with tarfile.open(fileobj=outer.extractfile(layer_name), mode='r:') as layer:
            layer.extractall(dest, numeric_owner=True, filter='fully_trusted')
    return config


def get(url: str, cafile: str | None = None, timeout: float = 5) -> bytes:
    """`cafile`: the certificate an HTTPS answer must come with (the image's self-signed one)."""
    context = ssl.create_default_context(cafile=cafile) if url.startswith('https://') else None
    with urllib.request.urlopen(url, timeout=timeout, context=context) as r:
        return r.read()


def wait_answer(url: str, cafile: str | None, proc: subprocess.Popen, deadline: float) -> bytes:
    while True:
        try:
            return get(url, cafile)
        except OSError:   # not listening yet; or (ssl) its certificate not made yet
            if proc.poll() is not None:
                raise RuntimeError(f'the image exited with {proc.returncode} before answering {url}') from None
            if time.monotonic() > deadline:
                raise TimeoutError(f'no answer from {url} after {START_TIMEOUT}s') from None
            time.sleep(0.3)   # polling the server while it starts


def init_pid(unshare_pid: int) -> int:
    """The namespace's PID 1 (tini), as this side sees it: the forked child of `unshare`."""
    with open(f'/proc/{unshare_pid}/task/{unshare_pid}/children') as f:
        (child,) = f.read().split()
    return int(child)


def run(archive: str) -> None:
    workdir = tempfile.mkdtemp(prefix='tuning-app-smoke.', dir=os.environ.get('TMPDIR', '/var/tmp'))
    root = os.path.join(workdir, 'rootfs')
    t0 = time.monotonic()
    try:
        config = unpack(archive, root)['config']
        port = free_port()
        env = dict(e.split('=', 1) for e in config['Env'])
        env.update(TUNING_BACKEND='sandbox', PORT=str(port), TUNING_HOST='127.0.0.1',
                   TUNING_ADMIN_PASSWORD='smoke-test-password')
        argv = ['env', '-i', *(f'{k}={v}' for k, v in env.items()), *config['Entrypoint'], *config.get('Cmd', [])]
        # the image serves HTTPS with the certificate it makes in its data directory on first start
        tls = env.get('TUNING_TLS', 'off') != 'off'
        base = f'{"https" if tls else "http"}://127.0.0.1:{port}'
        cafile = os.path.join(root, env['TUNING_DATA'].lstrip('/'), 'tls', 'cert.pem') if tls else None
        # proc and dev exist only in the new mount namespace (private propagation), gone with it
        script = ('set -e; mount -t proc proc "$1/proc"; mount --rbind /dev "$1/dev"; cd "$1"; '
                  'root="$1"; shift; exec chroot "$root" "$@"')
        t1 = time.monotonic()
        with open(os.path.join(workdir, 'output.log'), 'wb') as log:
            proc = subprocess.Popen(['unshare', '--mount', '--pid', '--fork', '--kill-child', 'sh', '-c', script,
                                     'smoke', root, *argv], stdout=log, stderr=subprocess.STDOUT,
                                    start_new_session=True)
            try:
                deadline = time.monotonic() + START_TIMEOUT
                boot_id = json.loads(wait_answer(f'{base}/api/boot_id', cafile, proc, deadline))
                index = get(f'{base}{PANEL_PATH}', cafile)
                if f'<base href="{PANEL_PATH}">'.encode() not in index:
                    raise RuntimeError(f'{PANEL_PATH} is not the panel: {index[:200]!r}')
                t2 = time.monotonic()
            except BaseException:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                log.flush()
                with open(log.name, 'rb') as f:
                    sys.stderr.write(f.read()[-4000:].decode(errors='replace'))
                raise
            os.kill(init_pid(proc.pid), signal.SIGTERM)   # to tini (PID 1 inside), which passes it to the host
            try:
                code = proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                raise RuntimeError('the image did not stop within 60 s of SIGTERM') from None
        scheme = base.split(':', 1)[0]
        print(f'smoke: unpacked in {t1 - t0:.1f}s, boot id {boot_id} and the panel served over {scheme} '
              f'{t2 - t1:.1f}s after '
              f'start, stopped by SIGTERM (exit {code}) in {time.monotonic() - t2:.1f}s')
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    run(args[0])
    return 0


if __name__ == '__main__':
    sys.exit(main())
