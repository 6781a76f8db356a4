"""`tuning.advice.slog`'s `ssd_disks` over the API on the sandbox: the unused SSDs the admin allows to be written are
measured one after the other (on the sandbox, the files standing in for them), and a disk that must not be written
(in a pool, spinning, unknown, named twice, a name that is no disk's) is refused under its own field before anything
is written."""
import hashlib
import json
import os

import pytest

from client import JobFailed, RpcError
from tuning_helpers import error_fields

pytestmark = pytest.mark.sandbox_only
BOX = os.path.join(os.path.dirname(__file__), '..', '..', 'plugin', 'tuning_host', 'backends', 'boxes', 'default.json')


def digest(path: str) -> str:
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


@pytest.mark.parametrize('disks, field', [
    (['sda'], 'options.ssd_disks.0'),              # in pool tank
    (['sdh', 'sdz'], 'options.ssd_disks.1'),       # no such disk
    (['sdh', 'sdh'], 'options.ssd_disks.1'),       # named twice
    (['../sdh'], 'options.ssd_disks.0'),           # not a disk's name at all
])
def test_a_disk_that_must_not_be_written_is_refused_under_its_field_and_nothing_is_written(c, disks, field):
    stand_in = c.call('disk.stand_in', 'sdh')
    before = digest(stand_in)
    with pytest.raises((JobFailed, RpcError)) as e:
        c.job('tuning.advice.slog', {'ssd_disks': disks, 'runtime_seconds': 2})
    assert error_fields(e.value) == [field]
    assert digest(stand_in) == before
    assert c.call('tuning.state')['busy'] is None


def test_a_disk_in_a_pool_is_refused_in_words(c):
    with pytest.raises(JobFailed) as e:
        c.job('tuning.advice.slog', {'ssd_disks': ['sda'], 'runtime_seconds': 2})
    assert e.value.job['exc_info']['extra'][0][1] == "sda is in pool tank: testing it would write over the pool's data."


def test_neither_a_dataset_nor_an_ssd_is_refused_naming_the_dataset(c):
    with pytest.raises((JobFailed, RpcError)) as e:
        c.job('tuning.advice.slog', {'window_seconds': 0})
    assert error_fields(e.value) == ['options.dataset']


def test_more_ssds_than_the_bound_are_refused(c):
    with pytest.raises((JobFailed, RpcError)) as e:
        c.job('tuning.advice.slog', {'ssd_disks': ['sdh'] * 9})
    assert error_fields(e.value) == ['options.ssd_disks']


def test_a_spinning_unused_disk_is_refused(fresh_host, tmp_path):
    with open(BOX) as f:
        box = json.load(f)
    spare = {**next(d for d in box['disks'] if d['name'] == 'sda'), 'name': 'sdi', 'serial': 'WD-SPARE-SDI'}
    box['disks'].append(spare)
    (tmp_path / 'box.json').write_text(json.dumps(box))
    host = fresh_host(env={'TUNING_BOX': str(tmp_path / 'box.json')})
    c = host.client(private_methods=True)
    try:
        assert ('sdi', 'HDD') in [(d['name'], d['kind']) for d in c.call('tuning.profile')['unused_disks']]
        with pytest.raises(JobFailed) as e:
            c.job('tuning.advice.slog', {'ssd_disks': ['sdh', 'sdi'], 'runtime_seconds': 2})
        assert e.value.job['exc_info']['extra'] == [
            ['options.ssd_disks.1', 'sdi is a spinning disk: a log device should be an SSD.', 22]]
        assert not os.path.exists(os.path.join(host.data_dir, 'sandbox', 'disks', 'sdh'))   # nothing made or written
    finally:
        c.close()


def test_an_unused_ssd_is_measured_on_its_stand_in_and_the_answer_says_so(c):
    stand_in = c.call('disk.stand_in', 'sdh')
    before, events = digest(stand_in), []
    answer = c.job('tuning.advice.slog', {'ssd_disks': ['sdh'], 'runtime_seconds': 2}, callback=events.append)
    assert (answer['dataset'], answer['verdict'], answer['with_log'], answer['stand_in']) == (None, None, None, True)
    [row] = answer['ssd_latency']
    assert row['disk'] == 'sdh' and row['error'] is None
    assert row['iops'] > 0 and 0 < row['latency_p50_ns'] <= row['latency_p99_ns']
    [words] = answer['words']
    assert words.startswith('sdh (a stand-in file) adds about ') and 'per synchronous write' in words
    assert words.endswith('the figure says nothing about a real SSD.')
    said = [(e.get('progress') or {}).get('description') or '' for e in events]
    # the stand-in is 64 MiB: fio is told to write no further, so it is never made longer
    assert 'SSD 1/1 (sdh, stand-in file): 4 KiB synchronous writes from its start for 2 s, never past its first 64 MiB' \
        in said
    assert row['written_bytes'] > 0 and 'was written in 4 KiB synchronous blocks from its start' in words
    assert digest(stand_in) != before and os.path.getsize(stand_in) == 64 * 1024 * 1024   # written, not a device
    assert c.call('tuning.state')['busy'] is None
