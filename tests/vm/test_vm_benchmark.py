"""A QUICK benchmark on the real pool: fio runs inside a scratch child dataset that is gone afterwards, also when the
job is aborted half-way."""
import time

import pytest

pytestmark = pytest.mark.vm

DATASET = 'tank/share'
SPEC = {'dataset': DATASET, 'tests': ['SEQ_WRITE', 'RAND_READ_4K'], 'profile': 'QUICK', 'runs': 1,
        'adaptive': False, 'label': 'vm quick'}


def fio_running(vm) -> bool:
    return vm.ssh('pgrep -x fio', check=False).returncode == 0


def test_quick_benchmark_measures_the_pool_and_leaves_no_scratch(vm, truth, client):
    before = truth.datasets()
    entry = client.job('tuning.benchmark.run', SPEC, timeout=1800)
    assert set(entry['summary']) >= set(SPEC['tests'])
    assert entry['source'] == 'FIO' and entry['jobs']
    assert entry['context']                                    # pool layout, versions, preset at the time
    assert truth.datasets() == before
    assert not fio_running(vm)
    assert client.call('tuning.benchmark.get', entry['id'])['id'] == entry['id']


def test_aborted_benchmark_removes_its_scratch_dataset(vm, truth, client):
    before = set(truth.datasets())
    job_id = client.job_id('tuning.benchmark.run', {**SPEC, 'label': 'vm abort'})
    deadline = time.monotonic() + 600
    while not (set(truth.datasets()) - before):                 # poll until the scratch child exists
        job = client.call('core.get_jobs', [['id', '=', job_id]], {'get': True})
        assert job['state'] in ('WAITING', 'RUNNING'), f'the job ended before its scratch existed: {job}'
        assert time.monotonic() < deadline, 'the benchmark never created its scratch dataset'
        time.sleep(0.5)                                         # polling interval
    # its quota is the room the 80 % rule leaves, above the files' 1.1 GiB: a quota as tight as the files makes
    # ZFS hold every write until a sync (the lab's random writes measured that)
    (scratch,) = set(truth.datasets()) - before
    quota = int(vm.run(f'zfs get -Hp -o value refquota {scratch}').strip())
    assert quota > 1.2 * 2 ** 30, quota
    client.call('core.job_abort', job_id)
    job = client.wait_job(job_id, timeout=600)
    assert job['state'] == 'ABORTED'
    assert set(truth.datasets()) == before
    assert not fio_running(vm)
