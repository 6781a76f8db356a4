"""The component ladder end to end on the sandbox host: `tuning.ladder.read_disks` reads each data disk of tank (the
sandbox's stand-in files: it never reads a host device) with fio read-only, one at a time, with progress in words,
aborts leaving no fio behind; `tuning.ladder.get` assembles the ladder from a disk read, a local benchmark, a network
ceiling and client results, and names the bottleneck. Records the sandbox cannot make yet (client results) are
inserted in the shape docs/clients.md documents. `sandbox_only`: stand-ins and inserted records."""
import os
import subprocess

import pytest

from client import JobFailed, RpcError
from tuning_helpers import error_fields

pytestmark = pytest.mark.sandbox_only

DATA_DISKS = ['sda', 'sdb', 'sdc', 'sdd', 'sde', 'sdf', 'sdg']   # tank: RAIDZ2 of 7 HDD on the default box


def progress_of(event, job_id):
    if event.get('collection') != 'core.get_jobs' or event.get('id') != job_id:
        return ''
    return (((event.get('fields') or {}).get('progress') or {}).get('description')) or ''


def fio_reading(data_dir) -> bool:
    """Whether a fio of this host reads a stand-in (its job file names one under the host's data dir)."""
    found = subprocess.run(['pgrep', '-f', r'^(\S*/)?fio --readonly '], capture_output=True, text=True).stdout.split()
    for pid in found:
        try:
            with open(f'/proc/{pid}/cmdline', 'rb') as f:
                job = f.read().split(b'\0')[-2].decode()
            with open(job) as f:
                if data_dir in f.read():
                    return True
        except (OSError, IndexError):
            continue
    return False


def test_read_disks_reads_each_stand_in_in_turn_and_stores_the_row(host, client):
    c = client
    seen = []
    entry = c.job('tuning.ladder.read_disks', {'pool': 'tank', 'seconds_per_disk': 3}, timeout=180,
                  callback=lambda f: seen.append(((f.get('progress') or {}).get('description')) or ''))
    assert entry['pool'] == 'tank' and entry['stand_in'] is True
    assert [d['name'] for d in entry['disks']] == DATA_DISKS
    stand_ins = os.path.join(host.data_dir, 'sandbox', 'disks')
    for disk in entry['disks']:
        assert disk['device'] == os.path.join(stand_ins, disk['name'])
        assert disk['error'] is None and disk['read_bytes_per_second'] > 0 and disk['seconds'] >= 2.5
    assert entry['total_read_bytes_per_second'] == pytest.approx(sum(d['read_bytes_per_second']
                                                                     for d in entry['disks']))
    assert entry['options'] == {'pool': 'tank', 'seconds_per_disk': 3}
    assert 'stand-in files were read' in entry['words'] and 'say nothing about real disks' in entry['words']
    for index, name in enumerate(DATA_DISKS, start=1):   # one disk at a time, in order, said in words
        assert any(w.startswith(f'Disk {index}/7 ({name}, stand-in file): reading') for w in seen), seen
    firsts = [next(i for i, w in enumerate(seen) if w.startswith(f'Disk {n}/7')) for n in range(1, 8)]
    assert firsts == sorted(firsts)
    assert seen[-1].startswith(f'Disk read #{entry["id"]} stored. Read 7 stand-in files of tank for 3 s each')
    assert not fio_reading(host.data_dir)
    ladder = c.call('tuning.ladder.get', {'pool': 'tank'})
    (disks,) = [layer for layer in ladder['layers'] if layer['layer'] == 'DISKS']
    assert disks['source'] == {'kind': 'DISK_READ', 'id': entry['id']}
    assert disks['read_bytes_per_second'] == entry['total_read_bytes_per_second']
    assert disks['name'] == 'Disks (raw, 7 data disks)' and disks['note'].startswith('Sandbox: stand-in files')
    assert 'Read the disks (tuning.ladder.read_disks)' not in ladder['missing']
    assert c.call('tuning.state')['busy'] is None


def test_abort_stops_fio_and_stores_nothing(host, client):
    c = client
    c.subscribe('core.get_jobs')
    before = c.call('tuning.ladder.get', {'pool': 'tank'})['layers'][0]['source']
    job_id = c.job_id('tuning.ladder.read_disks', {'pool': 'tank', 'seconds_per_disk': 60})
    c.wait_event(lambda e: 'Disk 1/7 (sda, stand-in file): reading' in progress_of(e, job_id), timeout=120)
    assert fio_reading(host.data_dir)
    c.call('core.job_abort', job_id)
    assert c.wait_job(job_id, timeout=60)['state'] == 'ABORTED'
    assert not fio_reading(host.data_dir)
    assert c.call('tuning.ladder.get', {'pool': 'tank'})['layers'][0]['source'] == before
    assert c.call('tuning.state')['busy'] is None


@pytest.mark.parametrize('options, field', [
    ({'pool': 'nosuchpool'}, 'options.pool'),
    ({'pool': 'tank', 'seconds_per_disk': 2}, 'options.seconds_per_disk'),
    ({'pool': 'tank', 'seconds_per_disk': 61}, 'options.seconds_per_disk'),
])
def test_read_disks_refuses_bad_options_naming_the_field(client, options, field):
    with pytest.raises((JobFailed, RpcError)) as e:
        client.job('tuning.ladder.read_disks', options, timeout=60)
    assert field in error_fields(e.value)


def test_get_refuses_an_unknown_pool_and_a_dataset_of_another_pool(client):
    with pytest.raises(RpcError) as e:
        client.call('tuning.ladder.get', {'pool': 'nosuchpool'})
    assert error_fields(e.value) == ['options.pool'] and 'tank' in e.value.reason
    with pytest.raises(RpcError) as e:
        client.call('tuning.ladder.get', {'pool': 'tank', 'dataset': 'other/media'})
    assert error_fields(e.value) == ['options.dataset']
