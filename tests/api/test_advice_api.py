"""tuning.advice.layout over the API on any host: disks given by count and size (the layout post's 12 × 4 TB), a
pool's own disks with its layout marked, and options that name nothing usable refused naming the field. Reads only:
a read-only user may ask."""
import pytest

from client import JobFailed, RpcError
from tuning_helpers import error_fields

TB, TiB = 10 ** 12, 2 ** 40
POST = {'source': 'GIVEN', 'count': 12, 'size_bytes': 4 * TB, 'kind': 'HDD'}


def layout(answer, name):
    return next(row for row in answer['layouts'] if row['name'] == name)


def test_the_layout_posts_disks_compare_as_zfs_allocates_them(host):
    with host.readonly_client(legacy_jobs=False) as readonly:
        answer = readonly.call('tuning.advice.layout', POST)
    assert answer['disks']['words'] == '12 × 3.6 TiB hard disks' and answer['per_disk']['source'] == 'TYPICAL'
    narrow, wide = layout(answer, '2 × 6-wide RAIDZ2'), layout(answer, '1 × 12-wide RAIDZ2')
    assert (narrow['record_sectors'], wide['record_sectors']) == (48, 42)
    assert round(narrow['usable_bytes'] / TiB, 1) == 28.9 and round(wide['usable_bytes'] / TiB, 1) == 33.1
    assert narrow['read_iops'] == 2 * wide['read_iops']
    assert all(row['current'] is False for row in answer['layouts'])
    legacy = host.client(legacy_jobs=False)
    try:
        old = legacy.call('tuning.advice.layout', {**POST, 'legacy': True})
    finally:
        legacy.close()
    assert 28.0 <= layout(old, '2 × 6-wide RAIDZ2')['usable_bytes'] / TiB < 28.2   # the post's "28 TiB"


def test_a_pools_disks_are_laid_out_again_with_its_own_layout_marked(host, client):
    pools = [p for p in client.call('tuning.profile')['pools']
             if len({(v['type'], len(v['disks'])) for v in p['data_vdevs']}) == 1
             and p['data_vdevs'][0]['type'].upper() in ('MIRROR', 'RAIDZ1', 'RAIDZ2', 'RAIDZ3')]
    if not pools:
        pytest.skip('no pool of like RAIDZ or mirror vdevs on this box')
    pool = pools[0]
    answer = client.call('tuning.advice.layout', {'source': 'POOL', 'pool': pool['name']})
    disks = sorted(d for v in pool['data_vdevs'] for d in v['disks'])
    assert sorted(answer['disks']['names']) == disks
    assert len([row for row in answer['layouts'] if row['current']]) == 1


@pytest.mark.parametrize('options, field', [
    ({'source': 'GIVEN', 'count': 4, 'kind': 'HDD'}, 'options.size_bytes'),
    ({'source': 'POOL', 'pool': 'no-such-pool'}, 'options.pool'),
    ({**POST, 'recordsize_bytes': 3000}, 'options.recordsize_bytes'),
    ({**POST, 'count': 0}, 'options.count'),
    ({**POST, 'size_bytes': 2000 * TB}, 'options.size_bytes'),
    ({**POST, 'kind': 'TAPE'}, 'options.kind'),
    ({**POST, 'ashift': 40}, 'options.ashift'),
])
def test_options_that_name_nothing_usable_are_refused_naming_the_field(client, options, field):
    with pytest.raises(RpcError) as e:
        client.call('tuning.advice.layout', options)
    assert field in error_fields(e.value)


def test_a_disk_size_beyond_disks_sold_is_refused_in_tb(client):
    with pytest.raises(RpcError) as e:
        client.call('tuning.advice.layout', {**POST, 'size_bytes': 100000 * TB})
    [row] = e.value.data['extra']
    assert row[0] == 'options.size_bytes' and 'must be at most 100 TB' in row[1] and '100000000' not in row[1]


RECORDSIZE_DIR = 'recordsize-advice-test'


@pytest.mark.sandbox_only
def test_a_datasets_own_files_call_for_a_record_size(host, c):
    import os
    root = os.path.join(c.call('pool.dataset.query', [['id', '=', 'tank/media']], {'get': True})['mountpoint'],
                        RECORDSIZE_DIR)
    os.makedirs(root)
    try:
        for i in range(3):   # sparse: the walk reads sizes, never contents
            with open(os.path.join(root, f'film{i}.mkv'), 'wb') as f:
                f.truncate(64 * 1024 ** 2)
        with open(os.path.join(root, 'notes.txt'), 'wb') as f:
            f.write(b'x' * 100)
        events = []
        with host.readonly_client() as readonly:   # it reads: a read-only user may ask
            answer = readonly.job('tuning.advice.recordsize', {'dataset': 'tank/media'}, callback=events.append)
    finally:
        import shutil
        shutil.rmtree(root)
    assert answer['dataset'] == 'tank/media' and answer['recommended_words'] == '1 MiB'
    assert answer['scan']['complete'] is True and answer['scan']['files'] >= 4
    assert answer['reasons'][0].endswith('Smaller files still take one block of their own size.')
    assert any('files looked at' in (e.get('progress') or {}).get('description', '') for e in events)


@pytest.mark.parametrize('options, field', [
    ({'dataset': 'tank/no-such-dataset'}, 'options.dataset'),
    ({'dataset': 'tank/../etc'}, 'options.dataset'),
    ({'dataset': 'tank/media', 'max_entries': 10 ** 9}, 'options.max_entries'),
    ({'dataset': 'tank/media', 'max_seconds': 0}, 'options.max_seconds'),
])
def test_a_recordsize_question_that_names_nothing_usable_is_refused_naming_the_field(c, options, field):
    with pytest.raises((JobFailed, RpcError)) as e:
        c.job('tuning.advice.recordsize', options)
    assert field in error_fields(e.value)


@pytest.mark.sandbox_only
def test_slog_headroom_needs_a_zfs_dataset_and_changes_nothing_on_the_sandbox(c):
    before = c.call('pool.dataset.query', [['id', '=', 'tank/media']], {'get': True})['sync']
    with pytest.raises((JobFailed, RpcError)) as e:
        c.job('tuning.advice.slog', {'dataset': 'tank/media', 'window_seconds': 0, 'runtime_seconds': 2, 'runs': 1})
    assert error_fields(e.value) == ['options.dataset']
    assert c.call('pool.dataset.query', [['id', '=', 'tank/media']], {'get': True})['sync'] == before
    assert c.call('tuning.state')['busy'] is None   # the box is let go


@pytest.mark.parametrize('options, field', [
    ({'dataset': 'tank/no-such-dataset', 'window_seconds': 0}, 'options.dataset'),
    ({'dataset': 'tank/media', 'runs': 0}, 'options.runs'),
    ({'dataset': 'tank/media', 'window_seconds': 601}, 'options.window_seconds'),
    ({'dataset': 'tank/media', 'runtime_seconds': 1}, 'options.runtime_seconds'),
])
def test_a_slog_question_that_names_nothing_usable_is_refused_naming_the_field(c, options, field):
    with pytest.raises((JobFailed, RpcError)) as e:
        c.job('tuning.advice.slog', options)
    assert field in error_fields(e.value)


def test_a_read_only_user_may_not_measure_slog_headroom(host):
    with host.readonly_client() as readonly:
        with pytest.raises(RpcError) as e:
            readonly.job('tuning.advice.slog', {'dataset': 'tank/media'})
    assert e.value.reason == '[EACCES] Not authorized'
