"""The TrueNAS App (plugin/app) in the VM: the packed image loaded into the guest's Docker (Debian's docker.io) and run
with plugin/app/compose.yaml's settings, against the guest's own tuning host, which plays the TrueNAS box's API
(openzfs backend, real kernel and pool).

Where the VM differs from a TrueNAS box, and why: the container (on the guest's network, as compose.yaml says)
reaches the box's API on loopback ws://127.0.0.1 (TrueNAS accepts a plain API key there); the pools are mounted at
/tank here, not /mnt, so the pool bind mount is /tank:/tank:rslave; the app's port is reached from this machine
through an ssh forward. Everything else (image, environment names, capabilities, read-only root, tmpfs, data
dataset, restart policy, health check) comes from compose.yaml itself. The app serves HTTPS and WSS with the
certificate it made in its data dataset on first start, which every request here is checked against. Checked through
the app's own API: the profile is the guest's box, a preset changes the real kernel and dataset and its revert
restores them, a benchmark's scratch dataset (created by the box's API) is written inside the container and removed;
the panel answers.
"""
from __future__ import annotations

import json
import re
import shlex
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import yaml

from conftest import timed
from guest_host import GUEST_PORT
from guest_truth import snapshot_diff
from vm import free_loopback_port

pytestmark = pytest.mark.vm

REPO = Path(__file__).resolve().parents[2]
APP = REPO / 'plugin' / 'app'
sys.path.insert(0, str(REPO / 'tests' / 'api'))
from client import Client  # noqa: E402

NAME = 'tuning-app'
APP_PASSWORD = 'vm-app-admin-password'
DATA_DATASET = 'tank/tuning-app'
POOL_ROOT = '/tank'              # the guest's pools; /mnt on TrueNAS
DATASET = 'tank/share'
ARTIFACTS = REPO / 'tests' / 'artifacts' / 'vm'


def compose_service() -> dict:
    compose = yaml.safe_load((APP / 'compose.yaml').read_text())
    (service,) = compose['services'].values()
    return service


APP_PORT = int(compose_service()['environment']['PORT'])   # the host network: the guest's port


def docker_run_argv(service: dict, env: dict[str, str], data_dir: str) -> list[str]:
    """`docker run` for compose.yaml's service in the VM: its settings, the environment filled in, /mnt as
    POOL_ROOT."""
    argv = ['docker', 'run', '-d', '--name', NAME, '--network', service['network_mode'],
            '--restart', service['restart'], '--pull', service['pull_policy']]
    for k, v in {**service['environment'], **env}.items():
        argv += ['-e', f'{k}={v}']
    for volume in service['volumes']:
        source, target, *mode = volume.split(':')
        if source == '/mnt':
            source = target = POOL_ROOT
        elif target == '/data':
            source = data_dir
        argv += ['-v', ':'.join([source, target, *mode])]
    argv += [f'--cap-drop={c}' for c in service['cap_drop']] + [f'--cap-add={c}' for c in service['cap_add']]
    argv += [f'--security-opt={o}' for o in service['security_opt']]
    argv += ['--read-only'] if service['read_only'] else []
    argv += [f'--tmpfs={t}' for t in service['tmpfs']]
    check = service['healthcheck']
    assert check['test'][0] == 'CMD'
    argv += ['--health-cmd', shlex.join(check['test'][1:]), '--health-interval', check['interval'],
             '--health-timeout', check['timeout'], '--health-start-period', check['start_period'],
             '--health-retries', str(check['retries'])]
    return argv + [service['image']]


class Forward:
    """ssh -L from a loopback port here to the app's port in the guest."""

    def __init__(self, vm, guest_port: int):
        self.port = free_loopback_port()
        base = vm._ssh_base()
        self.proc = subprocess.Popen(base[:-1] + ['-N', '-o', 'ExitOnForwardFailure=yes',
                                                  '-L', f'127.0.0.1:{self.port}:127.0.0.1:{guest_port}', base[-1]])

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)


def http_get(url: str, cafile: str, timeout: float = 10) -> bytes:
    """An HTTPS answer that must come with the certificate in `cafile` (the app's own)."""
    with urllib.request.urlopen(url, timeout=timeout, context=ssl.create_default_context(cafile=cafile)) as r:
        return r.read()


def wait_for(what: str, probe, timeout: float, diagnostics=lambda: ''):
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f'{what}: not after {timeout}s\n{diagnostics()}')
        time.sleep(1)   # polling interval


@pytest.fixture(scope='session')
def app_archive():
    with timed('app image build (or cache check)'):
        r = subprocess.run(['bash', str(APP / 'build-image.sh')], capture_output=True, text=True)
    if r.returncode != 0:
        pytest.fail(f'building the app image failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}')
    out = subprocess.run(['bash', str(APP / 'build-image.sh'), '--print-dir'], capture_output=True, text=True,
                         check=True).stdout.strip()
    return Path(out) / 'truenas-tuning-app.docker.tar.gz'


@pytest.fixture(scope='module')
def app(vm, guest_host, app_archive, tmp_path_factory):
    if vm.ssh('command -v docker', check=False).returncode != 0:
        pytest.fail('the VM image has no docker (docker.io): tests/vm/build-image.sh installs it')
    logs = lambda: vm.ssh(f'docker logs --tail 60 {NAME} 2>&1', check=False).stdout  # noqa: E731
    with timed('app: start docker, load the image'):
        vm.run('systemctl start docker')
        vm.put(app_archive, '/var/tmp/app.docker.tar.gz')
        loaded = vm.run('docker load -i /var/tmp/app.docker.tar.gz && rm /var/tmp/app.docker.tar.gz')
    service = compose_service()
    assert service['image'] in loaded, loaded
    with guest_host.admin_client() as admin:
        key = admin.call('api_key.create', {'name': 'tuning-app', 'username': guest_host.username})
    vm.run(f'zfs create {DATA_DATASET}')
    env = {'TUNING_TRUENAS_URL': f'ws://127.0.0.1:{GUEST_PORT}/api/current',
           'TUNING_TRUENAS_USER': guest_host.username, 'TUNING_TRUENAS_API_KEY': key['key'],
           'TUNING_ADMIN_PASSWORD': APP_PASSWORD}
    data_dir = f'{POOL_ROOT}/{DATA_DATASET.split("/", 1)[1]}'
    guest_cert = f'{data_dir}/tls/cert.pem'
    argv = docker_run_argv(service, env, data_dir)
    forward = None
    try:
        with timed('app: container up and healthy'):
            vm.run(shlex.join(argv))
            # HTTPS with the certificate the app made in its data dataset on first start
            wait_for('the app answering in the guest', lambda: vm.ssh(
                f'curl -sf --cacert {guest_cert} https://127.0.0.1:{APP_PORT}/api/boot_id',
                check=False).returncode == 0, 180, logs)
            wait_for('docker saying the app is healthy', lambda: vm.ssh(
                f"docker inspect -f '{{{{.State.Health.Status}}}}' {NAME}").stdout.strip() == 'healthy', 180, logs)
        cert = tmp_path_factory.mktemp('app') / 'cert.pem'
        vm.get(guest_cert, cert)
        forward = Forward(vm, APP_PORT)
        url = f'https://127.0.0.1:{forward.port}'
        wait_for('the app through the forwarded port', lambda: _answers(url + '/api/boot_id', str(cert)), 60)
        yield {'http': url, 'ws': f'wss://127.0.0.1:{forward.port}/api/current', 'logs': logs, 'cert': str(cert)}
    finally:
        if forward:
            forward.close()
        print(logs())
        vm.ssh(f'docker rm -f {NAME}; docker rmi {service["image"]}; zfs destroy -r {DATA_DATASET}; '
               'systemctl stop docker.socket docker containerd', check=False)   # the next tests' memory
        with guest_host.admin_client() as admin:
            admin.call('api_key.delete', key['id'])


def _answers(url: str, cafile: str) -> bool:
    try:
        http_get(url, cafile)
        return True
    except OSError:
        return False


@pytest.fixture
def c(app):
    client = Client(app['ws'], timeout=120, sslopt={'ca_certs': app['cert']})
    try:
        assert client.login('admin', APP_PASSWORD)['response_type'] == 'SUCCESS'
        wait_for('tuning ready in the app', lambda: _ready(client), 120, app['logs'])
        yield client
    finally:
        client.close()


def _ready(client) -> bool:
    try:
        client.call('tuning.state')
        return True
    except Exception:  # noqa: BLE001 -- not ready yet: the plugin answers once the box is ready
        return False


def test_app_profile_is_the_guests_box(c, vm, truth):
    profile = c.call('tuning.profile')
    assert profile['backend'] == 'truenas'
    assert vm.run('cat /sys/module/zfs/version').startswith(profile['openzfs_version'])   # the kernel's module
    (pool,) = [p for p in profile['pools'] if p['name'] == 'tank']
    assert pool['layout'].startswith('RAIDZ2 4×')
    assert pool['size_bytes'] == int(vm.run('zpool list -Hp -o size tank'))
    assert {'tank/share', DATA_DATASET} <= set(pool['datasets'])
    unused = {d['name'] for d in profile['unused_disks']}
    assert {truth.disk('zfsd5'), truth.disk('zfsd6'), truth.disk('zfsd7')} == unused


def test_app_applies_a_preset_on_the_real_kernel_and_reverts_it(c, truth):
    from tuning.core.presets.registry import settings_of
    sysctls = settings_of('SYSCTL')
    target = {'pool': 'tank', 'dataset': DATASET}
    plan = c.call('tuning.preset.preview', 'max-seq-write', target)
    assert plan['changes']
    before = truth.snapshot(sysctls)
    result = c.job('tuning.preset.apply', 'max-seq-write', target, {'acknowledge': list(plan['dangerous'])},
                   timeout=900)
    try:
        live = [ch for ch in result['applied'] if ch['apply_mode'] == 'LIVE']
        assert live, result
        for ch in live:
            if ch['kind'] == 'ZFS_PARAMETER':
                assert truth.param(ch['setting']) == ch['proposed'], ch
            elif ch['kind'] == 'DATASET_PROPERTY':
                value, source = truth.props([ch['scope']], (ch['setting'],))[ch['scope']][ch['setting']]
                assert (value.upper(), source) == (ch['proposed'].upper(), 'local'), ch
        assert c.call('tuning.state')['active']['preset'] == 'max-seq-write'
    finally:
        revert_plan = c.call('tuning.restore_point.preview', result['restore_point_id'])
        c.job('tuning.restore_point.revert', result['restore_point_id'], list(revert_plan['dangerous']),
              timeout=900)
    assert snapshot_diff(before, truth.snapshot(sysctls)) == []
    assert c.call('tuning.state')['active'] is None


def test_app_benchmark_writes_in_a_scratch_dataset_seen_through_the_bind_mount(c, vm, truth):
    from tuning.box.bench_target import SCRATCH_PREFIX
    before = set(truth.datasets())
    container_pid = vm.run(f"docker inspect -f '{{{{.State.Pid}}}}' {NAME}").strip()
    spec = {'dataset': DATASET, 'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'adaptive': False,
            'label': 'vm app quick'}
    with FioWatch(vm, f'{POOL_ROOT}/{DATASET.split("/", 1)[1]}/{SCRATCH_PREFIX}', 900) as watch:
        job = c.wait_job(c.job_id('tuning.benchmark.run', spec), timeout=1800)
        seen = watch.result()
    assert job['state'] == 'SUCCESS', job
    assert job['result']['summary']['SEQ_WRITE']['write_bw_bytes']['median'] > 0
    # fio ran in the container's mount namespace and wrote on the scratch dataset the box's API created after the
    # app started: the pool's bind mount (rslave) carried that mount into the container
    assert seen['mnt_ns'] == vm.run(f'readlink /proc/{container_pid}/ns/mnt').strip() != vm.run(
        'readlink /proc/self/ns/mnt').strip(), seen
    mount = seen['mount']
    assert mount['fstype'] == 'zfs' and mount['source'].startswith(f'{DATASET}/{SCRATCH_PREFIX}'), seen
    assert mount['source'] not in before, seen
    assert set(truth.datasets()) == before, 'the scratch dataset is gone'
    mounts = vm.run(f'cat /proc/{container_pid}/mountinfo')
    assert f' {mount["mount_point"]} ' not in mounts, 'the scratch is unmounted inside the container too'
    assert vm.ssh('pgrep -x fio', check=False).returncode == 1   # the container's processes are the guest's too


class FioWatch:
    """guest_fio_watch.py running in the guest while the body runs: what a fio writing under `prefix` had open."""

    def __init__(self, vm, prefix: str, seconds: float):
        self.vm, self.prefix, self.seconds = vm, prefix, seconds

    def __enter__(self) -> 'FioWatch':
        self.vm.put(Path(__file__).with_name('guest_fio_watch.py'), '/var/tmp/guest_fio_watch.py')
        command = shlex.join(['python3', '/var/tmp/guest_fio_watch.py', self.prefix, str(self.seconds)])
        self.proc = subprocess.Popen(self.vm._ssh_base() + [command], stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == 'ready'
        return self

    def result(self) -> dict:
        out, _ = self.proc.communicate(timeout=self.seconds + 60)
        assert self.proc.returncode == 0 and out.strip(), f'no fio wrote under {self.prefix}: {self.proc.returncode}'
        return json.loads(out)

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def test_panel_is_served_through_the_forwarded_port(app):
    index = http_get(app['http'] + '/_plugins/tuning/', app['cert']).decode()
    assert '<base href="/_plugins/tuning/">' in index
    (script,) = re.findall(r'src="(main-[A-Z0-9]+\.js)"', index)
    assert b'tuning' in http_get(app['http'] + '/_plugins/tuning/' + script, app['cert'])
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = subprocess.run(['node', str(Path(__file__).with_name('app_screenshot.mjs')), app['http'] +
                           '/_plugins/tuning/', APP_PASSWORD, str(ARTIFACTS)], capture_output=True, text=True,
                          timeout=300)
    assert shot.returncode == 0, shot.stdout + shot.stderr
    assert (ARTIFACTS / 'app-overview.png').stat().st_size > 0
