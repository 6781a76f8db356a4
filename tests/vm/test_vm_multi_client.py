"""Several clients, one measurement (issue 24 item 1) on the real pool over real NFS: three clients, each a network
namespace of the guest (its own veth pair and address, 10.77.<n>.2, the box at 10.77.<n>.1), each mounting the
NFS-exported dataset with NFSv4.2 and running the client kit as an admin would (the session's pasted command). Two
ways of measuring together:

- the agents behind the box's start barrier (campaign spec `client_session_ids`): each step is run by the three at
  once and stored per client and as their sum;
- fio's own distributed mode (`client_mode: FIO_SERVERS`): each client runs `tuning_client.py fio-server` bound to its
  namespace's address, and the box drives `fio --client=…` and stores fio's "All clients" sum.

One client alone measures first (`tuning_client.py run` from the first namespace), so the figures show the sum of
three against one, beside the ladder's network and pool layers. The box goes back to its configuration, every
namespace, mount and scratch directory is gone afterwards.

A mount made under `ip netns exec` lives in that command's own mount namespace, so each client mounts and runs the
kit in one shell: when the kit ends, its mount goes with it.
"""
import shlex

import pytest

from guest_host import GUEST_PORT
from guest_protocols import NFS_DATASET, NFS_FSID, setup_nfs, teardown_nfs
from guest_truth import snapshot_diff
from tuning.core.presets.registry import settings_of

pytestmark = pytest.mark.vm

CLIENTS = 3
PRESET = 'max-seq-write'
BENCH = {'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'runtime_seconds': 10, 'ramp_seconds': 0}
PATH_PLACEHOLDER = '/path/to/the/mounted/share'
WORK = '/root/multi-client'
EXPORTS = '/etc/exports.d/tuning-multi-client.exports'
SYSCTLS = settings_of('SYSCTL')
FIO_PORT = 8765


def ns(i: int) -> str:
    return f'tpc{i}'


def box_address(i: int) -> str:
    return f'10.77.{i}.1'


def client_address(i: int) -> str:
    return f'10.77.{i}.2'


def mount_point(i: int) -> str:
    return f'/mnt/multi-client-{i}'


@pytest.fixture
def namespaces(vm):
    """Three client namespaces with a veth pair each, and the dataset exported to them (beside the loopback export
    guest_protocols makes); all removed afterwards."""
    setup_nfs(vm)
    script = [f"echo '/{NFS_DATASET} 10.77.0.0/16(rw,sync,no_subtree_check,no_root_squash,fsid={NFS_FSID})' "
              f'> {EXPORTS}', 'exportfs -ra', f'mkdir -p {WORK}']
    for i in range(1, CLIENTS + 1):
        script += [f'ip netns add {ns(i)}', f'ip link add tpv{i} type veth peer name tpp{i}',
                   f'ip link set tpp{i} netns {ns(i)}', f'ip addr add {box_address(i)}/24 dev tpv{i}',
                   f'ip link set tpv{i} up', f'ip netns exec {ns(i)} ip addr add {client_address(i)}/24 dev tpp{i}',
                   f'ip netns exec {ns(i)} ip link set tpp{i} up', f'ip netns exec {ns(i)} ip link set lo up',
                   f'mkdir -p {mount_point(i)}']
    try:
        vm.run('set -e\n' + '\n'.join(script))
        yield list(range(1, CLIENTS + 1))
    finally:
        cleanup = []
        for i in range(1, CLIENTS + 1):
            # every kit's process group, then its namespace (its mounts went with the kits' mount namespaces)
            cleanup += [f'if [ -e {WORK}/kit{i}.pid ]; then group=-$(cat {WORK}/kit{i}.pid); '
                        f'kill -TERM -- $group 2>/dev/null; while kill -0 -- $group 2>/dev/null; do sleep 0.2; done; '
                        'fi',
                        f'ip netns del {ns(i)} 2>/dev/null || true', f'ip link del tpv{i} 2>/dev/null || true',
                        f'rmdir {mount_point(i)} 2>/dev/null || true']
        cleanup += [f'rm -f {EXPORTS}', 'exportfs -ra', f'rm -rf {WORK}']
        vm.run('\n'.join(cleanup), check=False)
        teardown_nfs(vm)


def session_of(c, i: int, label: str) -> dict:
    return c.call('tuning.client.session.create', {
        'label': f'{label} ws{i}', 'protocol': 'NFS', 'dataset': NFS_DATASET, 'tests': BENCH['tests'], 'runs': 1,
        'runtime_seconds': BENCH['runtime_seconds'], 'ramp_seconds': 0,
        'box_url': f'http://{box_address(i)}:{GUEST_PORT}'})


def in_namespace(i: int, command: str) -> str:
    """Shell: mount the share inside client i's namespace, then ``command`` there (the mount lives as long)."""
    mount = (f'mount -t nfs4 -o vers=4.2 {box_address(i)}:/{NFS_DATASET} {mount_point(i)} && '
             f'cd {WORK}/c{i} && ')
    return f'ip netns exec {ns(i)} bash -c {shlex.quote(mount + command)}'


def pasted(session: dict, i: int, which: str = 'agent_linux') -> str:
    line = session['commands'][which]
    assert f'--path {PATH_PLACEHOLDER}' in line
    return line.replace(PATH_PLACEHOLDER, shlex.quote(mount_point(i)))


def start_in_background(vm, i: int, session: dict, command: str) -> None:
    """Client i's kit in the background (its own session: ssh returns at once), the token typed at its prompt."""
    vm.write_file(f'{WORK}/c{i}/token', session['token'] + '\n', mode='0600')
    vm.run(f'mkdir -p {WORK}/c{i} && {{ setsid {in_namespace(i, command)} <{WORK}/c{i}/token '
           f'>{WORK}/kit{i}.log 2>&1 & echo $! > {WORK}/kit{i}.pid; }}')


def logs(vm) -> str:
    return vm.run(f'tail -n 30 {WORK}/kit*.log', check=False)


def wait_for_line(vm, i: int, text: str, seconds: int = 600) -> None:
    """Until client i's log holds ``text`` (the guest polls its own file; bounded only against a hang)."""
    vm.run(f'for _ in $(seq {seconds * 5}); do grep -qF {shlex.quote(text)} {WORK}/kit{i}.log && exit 0; '
           f'sleep 0.2; done; exit 1', timeout=seconds + 60)


def one_client(vm, c, figures_out: dict) -> float:
    """The first client alone, with the kit's run command: its SEQ_WRITE median in bytes per second."""
    session = session_of(c, 1, 'alone')
    vm.run(f'mkdir -p {WORK}/c1')
    vm.write_file(f'{WORK}/c1/token', session['token'] + '\n', mode='0600')
    line = pasted(session, 1, 'linux') + ' --no-network'
    vm.run(f'{in_namespace(1, line)} <{WORK}/c1/token', timeout=1200)
    (result_id,) = c.call('tuning.client.session.get', session['id'])['results']
    entry = c.call('tuning.benchmark.get', result_id)
    assert entry['context']['link']['address'] == client_address(1)
    figures_out['one'] = entry['summary']['SEQ_WRITE']['write_bw_bytes']['median']
    return figures_out['one']


def ladder_words(c) -> str:
    ladder = c.call('tuning.ladder.get', {'pool': NFS_DATASET.split('/')[0], 'dataset': NFS_DATASET})
    parts = []
    for layer in ladder['layers']:
        if layer['layer'] in ('POOL', 'NETWORK') and layer['write_bytes_per_second']:
            parts.append(f'{layer["layer"].lower()} {layer["write_bytes_per_second"] / 1e6:.1f} MB/s write')
    return ', '.join(parts) or 'no pool or network figure yet'


def test_three_agents_measure_each_step_together_over_nfs(vm, truth, guest_host, namespaces, figures):
    c = guest_host.client(private_methods=True)
    before = truth.snapshot(SYSCTLS)
    measured = {}
    one = one_client(vm, c, measured)
    sessions = [session_of(c, i, 'together') for i in namespaces]
    for i, session in zip(namespaces, sessions):
        start_in_background(vm, i, session, pasted(session, i) + ' --no-network')
    for i in namespaces:
        wait_for_line(vm, i, 'waiting for steps')
    row = c.job('tuning.campaign.run', {
        'dataset': NFS_DATASET, 'presets': [PRESET], 'benchmark': BENCH, 'rounds': 1,
        'client_session_ids': [s['id'] for s in sessions], 'client_ready_seconds': 600,
        'client_wait_seconds': 1800, 'label': 'vm: three clients together'}, timeout=3600)
    assert row['state'] == 'DONE', f'{row["message"]}\n{logs(vm)}'
    log = logs(vm)
    assert log.count('go, all 3 clients start') >= 3, log
    for step in row['steps']:
        assert len(step['client_benchmark_ids']) == CLIENTS
        each = [c.call('tuning.benchmark.get', i) for i in step['client_benchmark_ids']]
        assert sorted(e['context']['link']['address'] for e in each) == [client_address(i) for i in namespaces]
        assert {e['context']['target']['protocol_version'] for e in each} == {'4.2'}
        summed = c.call('tuning.benchmark.get', step['benchmark_id'])
        assert summed['context']['aggregate']['clients'] == CLIENTS
        total = sum(e['runs']['SEQ_WRITE'][0]['metrics']['write_bw_bytes'] for e in each)
        assert summed['runs']['SEQ_WRITE'][0]['metrics']['write_bw_bytes'] == pytest.approx(total)
    assert snapshot_diff(before, truth.snapshot(SYSCTLS)) == []       # the box is back as it was
    assert vm.run(f'ls -A /{NFS_DATASET}').strip() == ''              # every agent's scratch is gone

    baseline = c.call('tuning.benchmark.get', row['steps'][0]['benchmark_id'])
    spread = baseline['context']['aggregate']['spread']['SEQ_WRITE']['write_bw_bytes']
    total = baseline['summary']['SEQ_WRITE']['write_bw_bytes']['median']
    figures['three NFS clients together (agents, start barrier)'] = (
        f'SEQ_WRITE sum {total / 1e6:.1f} MB/s (per client {spread["min"] / 1e6:.1f} to {spread["max"] / 1e6:.1f}, '
        f'median {spread["median"] / 1e6:.1f}); one client alone {one / 1e6:.1f} MB/s; {ladder_words(c)} '
        f'(campaign {row["id"]})')


def test_three_fio_servers_driven_by_the_box_over_nfs(vm, truth, guest_host, namespaces, figures):
    c = guest_host.client(private_methods=True)
    before = truth.snapshot(SYSCTLS)
    sessions = [session_of(c, i, 'fio servers') for i in namespaces]
    for i, session in zip(namespaces, sessions):
        line = pasted(session, i).replace(' agent ', ' fio-server ') + \
            f' --bind {client_address(i)} --port {FIO_PORT}'
        start_in_background(vm, i, session, line)
    for i in namespaces:
        wait_for_line(vm, i, f'fio server listening on {client_address(i)}')
    row = c.job('tuning.campaign.run', {
        'dataset': NFS_DATASET, 'presets': [PRESET], 'benchmark': BENCH, 'rounds': 1,
        'client_session_ids': [s['id'] for s in sessions], 'client_mode': 'FIO_SERVERS',
        'label': 'vm: three fio servers'}, timeout=3600)
    assert row['state'] == 'DONE', f'{row["message"]}\n{logs(vm)}'
    result = c.call('tuning.benchmark.get', row['steps'][0]['benchmark_id'])
    assert [x['hostname'] for x in result['context']['clients']] == [client_address(i) for i in namespaces]
    spread = result['context']['aggregate']['spread']['SEQ_WRITE']['write_bw_bytes']
    total = result['summary']['SEQ_WRITE']['write_bw_bytes']['median']
    assert total > 0 and spread['max'] <= total
    for i in namespaces:   # each kit stops its server when told (SIGTERM: a background job ignores SIGINT)
        vm.run(f'kill -TERM -- -$(cat {WORK}/kit{i}.pid)')
        wait_for_line(vm, i, 'interrupted')
    assert vm.run(f'ls -A /{NFS_DATASET}').strip() == ''
    assert vm.ssh('pgrep -x fio', check=False).returncode != 0
    assert snapshot_diff(before, truth.snapshot(SYSCTLS)) == []
    figures['three NFS clients together (fio --client, All clients)'] = (
        f'SEQ_WRITE sum {total / 1e6:.1f} MB/s (per client {spread["min"] / 1e6:.1f} to {spread["max"] / 1e6:.1f}); '
        f'{ladder_words(c)} (campaign {row["id"]})')
