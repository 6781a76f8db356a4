"""A short campaign measured where it counts (issue 14 item 4) on the real pool: the box applies the baseline and
max-seq-write to the NFS-exported dataset in turn, and each benchmark step runs on the client kit in agent mode over
the guest's own NFS 4.2 mount (guest_protocols.py), started from the session's pasted agent command. The box goes
back to its configuration afterwards."""
import shlex

import pytest

from guest_host import GUEST_PORT
from guest_protocols import NFS_DATASET, setup_nfs, teardown_nfs
from guest_truth import snapshot_diff
from tuning.core.presets.registry import settings_of

pytestmark = pytest.mark.vm

PRESET = 'max-seq-write'
BENCH = {'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'runtime_seconds': 5, 'ramp_seconds': 0}
PATH_PLACEHOLDER = '/path/to/the/mounted/share'
AGENT_DIR = '/root/agent'
SYSCTLS = settings_of('SYSCTL')


@pytest.fixture
def nfs_mount(vm):
    try:
        yield setup_nfs(vm)
    finally:
        teardown_nfs(vm)


@pytest.fixture
def agent(vm):
    """start(session, path): the session's agent command pasted in the guest, in the background, the token typed at
    its prompt; → its log. Stopped (SIGTERM to its process group: the kit removes its scratch) afterwards."""
    def start(session, path):
        line = session['commands']['agent_linux']
        assert f'--path {PATH_PLACEHOLDER}' in line
        line = line.replace(PATH_PLACEHOLDER, shlex.quote(path))
        vm.write_file(f'{AGENT_DIR}/token', session['token'] + '\n', mode='0600')
        # only the agent goes to the background (its own session, the ssh channel not held): ssh returns at once
        vm.run(f'cd {AGENT_DIR} && {{ setsid bash -c {shlex.quote(line)} <token >agent.log 2>&1 & '
               f'echo $! > agent.pid; }}')

    def log():
        return vm.run(f'cat {AGENT_DIR}/agent.log', check=False)

    start.log = log
    try:
        yield start
    finally:
        vm.run(f'if [ -e {AGENT_DIR}/agent.pid ]; then group=-$(cat {AGENT_DIR}/agent.pid); '
               f'kill -TERM -- $group 2>/dev/null; while kill -0 -- $group 2>/dev/null; do sleep 0.2; done; fi; '
               f'rm -rf {AGENT_DIR}', check=False)   # polls until the agent's whole group is gone


def test_a_campaign_runs_its_benchmark_steps_on_the_client_agent(vm, truth, guest_host, nfs_mount, agent, figures):
    c = guest_host.client(private_methods=True)
    before = truth.snapshot(SYSCTLS)
    session = c.call('tuning.client.session.create', {
        'label': 'vm campaign agent', 'protocol': 'NFS', 'dataset': NFS_DATASET, 'tests': BENCH['tests'],
        'runs': 1, 'runtime_seconds': 5, 'ramp_seconds': 0, 'box_url': f'http://127.0.0.1:{GUEST_PORT}'})
    agent(session, nfs_mount)
    row = c.job('tuning.campaign.run', {'dataset': NFS_DATASET, 'presets': [PRESET], 'benchmark': BENCH,
                                        'rounds': 1, 'client_session_id': session['id'], 'client_wait_seconds': 900,
                                        'label': 'vm campaign on the client'}, timeout=1800)
    assert row['state'] == 'DONE', f'{row["message"]}\n{agent.log()}'
    steps = row['steps']
    assert len(steps) == 2 and all(s['client_step_id'] and s['benchmark_id'] for s in steps)
    log = agent.log()
    for step in steps:
        assert f'stored on the box as benchmark {step["benchmark_id"]}' in log
    merged = {name: c.call('tuning.benchmark.get', id_) for name, id_ in row['results'].items()}
    assert set(merged) == {'BASELINE', PRESET}
    for entry in merged.values():
        assert entry['source'] == 'CLIENT'
        target = entry['context']['target']
        assert (target['protocol'], target['protocol_version'], target['path']) == ('NFS', '4.2', nfs_mount)
        assert entry['context']['client']['hostname'] == 'tuningvm'
    assert merged[PRESET]['context']['preset']['id'] == PRESET       # the box ran the preset while the client wrote
    assert row['recommendation']
    assert snapshot_diff(before, truth.snapshot(SYSCTLS)) == []       # the box is back as it was
    assert vm.run(f'ls -A /{NFS_DATASET}').strip() == ''              # the agent's scratch is gone

    rates = {name: entry['summary']['SEQ_WRITE']['write_bw_bytes']['median'] / 1e6 for name, entry in merged.items()}
    figures['campaign on the client agent (NFS)'] = (
        f'SEQ_WRITE baseline {rates["BASELINE"]:.1f} MB/s, {PRESET} {rates[PRESET]:.1f} MB/s '
        f'(campaign {row["id"]}, {row["state"]})')
