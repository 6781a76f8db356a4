"""Which filesystem a benchmark target lives on decides ZFS scratch dataset vs plain scratch directory."""
from tuning.box.bench_target import filesystem_type, scratch_dataset_name
from tuning.core.bench.conditions import (
    compare_name, condition_warnings, conditions_of, network_limit, noise_warnings, unknown_conditions,
)

MOUNTINFO = """\
22 1 0:21 / / rw,relatime shared:1 - ext4 /dev/vda1 rw
40 22 0:35 / /mnt/tank rw,noatime shared:20 - zfs tank rw,xattr,posixacl
41 40 0:36 / /mnt/tank/media rw,noatime shared:21 - zfs tank/media rw,xattr,posixacl
42 22 0:37 / /mnt/with\\040space rw shared:22 - tmpfs tmpfs rw
43 22 0:38 / /mnt/tankish rw shared:23 - xfs /dev/vdb rw
"""


def test_longest_mount_point_wins():
    assert filesystem_type('/mnt/tank/media/x', MOUNTINFO) == 'zfs'
    assert filesystem_type('/mnt/tank', MOUNTINFO) == 'zfs'
    assert filesystem_type('/srv/data', MOUNTINFO) == 'ext4'


def test_prefix_of_a_name_is_not_a_parent_and_escapes_are_read():
    assert filesystem_type('/mnt/tankish/a', MOUNTINFO) == 'xfs'
    assert filesystem_type('/mnt/with space/a', MOUNTINFO) == 'tmpfs'


def test_scratch_dataset_is_a_hidden_child():
    assert scratch_dataset_name('tank/media', '7-abc123') == 'tank/media/.tuning-bench-7-abc123'


def test_network_limit_is_the_fastest_linked_nic():
    nics = [{'name': 'eno1', 'link_up': True, 'speed_mbps': 1000},
            {'name': 'eno2', 'link_up': False, 'speed_mbps': 10000},
            {'name': 'eno3', 'link_up': True, 'speed_mbps': 2500}]
    assert network_limit(nics)['bytes_per_second'] == 2500 * 10**6 // 8
    assert 'eno3' in network_limit(nics)['basis']
    assert network_limit([{'name': 'x', 'link_up': False, 'speed_mbps': 1000}]) is None


def _result(id_, dataset, fio, source='FIO'):
    return {'id': id_, 'label': f'r{id_}', 'source': source,
            'context': {'target': {'dataset': dataset}, 'fio_version': fio}, 'summary': {}}


def _different(results):
    return [text for kind, _, text in condition_warnings(results, 1) if kind == 'DIFFERENT_CONDITIONS']


def test_different_conditions_are_named_with_the_results():
    (warning,) = _different([_result(1, 'tank/a', 'fio-3.33'), _result(2, 'tank/b', 'fio-3.33')])
    assert warning.startswith("#2 “r2” was measured under different conditions from the baseline #1 “r1”")
    assert 'dataset tank/b (baseline: tank/a)' in warning
    assert _different([_result(1, 'tank/a', 'fio-3.33'), _result(2, 'tank/a', 'fio-3.33')]) == []
    mixed = condition_warnings([_result(1, 'tank/a', 'fio-3.33'), _result(3, None, None, source='BONNIE')], 1)
    assert 'benchmark tool bonnie++ (baseline: fio)' in mixed[0][2]
    (unknown,) = [text for kind, id_, text in mixed if kind == 'UNKNOWN_CONDITIONS' and id_ == 3]
    assert 'dataset' in unknown and 'fio version' not in unknown   # bonnie++ has no fio version to miss


def _timed(id_, runtime, working_sets, source='FIO'):
    """A box result that ran ``working_sets``' tests ({test: bytes}) for ``runtime`` s each after a 1 s warm-up."""
    return {'id': id_, 'label': f'r{id_}', 'source': source, 'summary': {t: {} for t in working_sets},
            'context': {'target': {'dataset': 'tank/a'}, 'fio_version': 'fio-3.33',
                        'plan': {'profile': 'QUICK', 'runtime_seconds': runtime, 'ramp_seconds': 1,
                                 'tests': [{'test': t, 'working_set_bytes': size} for t, size in working_sets.items()]}}}


def test_time_per_run_warm_up_and_working_set_are_conditions():
    mib, gib = 1024 ** 2, 1024 ** 3
    quick, override = _timed(1, 3, {'RAND_READ_4K': 256 * mib}), _timed(3, 8, {'RAND_READ_4K': gib})
    (warning,) = _different([quick, override])
    assert warning.endswith(': measured time per run 8 s (baseline: 3 s); working set 1 GiB (baseline: 256 MiB). '
                            'Its differences are not only the tuning.')
    # another test set plans other files: only the tests both ran are compared
    more = _timed(2, 3, {'RAND_READ_4K': 256 * mib, 'RAND_WRITE_4K': 8 * gib})
    assert conditions_of(more)['working_set'] == '256 MiB to 8 GiB' and _different([quick, more]) == []
    # a client kit's session: its plan's times, one file set for every test
    client = {'source': 'CLIENT', 'summary': {'SEQ_READ': {}}, 'spec': {'runtime_seconds': 30},
              'context': {'plan': {'runtime_seconds': 30, 'ramp_seconds': 5}, 'cache_defeat': {'size_bytes': 32 * gib}}}
    assert {k: conditions_of(client)[k] for k in ('run_time', 'warm_up', 'working_set')} == {
        'run_time': '30 s', 'warm_up': '5 s', 'working_set': '32 GiB'}
    # bonnie++ runs untimed passes: no time to miss; its file size it does not record
    unknown = unknown_conditions({'source': 'BONNIE', 'context': {}})
    assert 'working set' in unknown and 'measured time per run' not in unknown and 'warm-up per run' not in unknown


def test_a_label_is_named_as_typed_in_typographic_quotes():
    # repr would double the backslash and flip to double quotes around a label holding an apostrophe
    odd = {'id': 6, 'label': 'Bob\'s D:\\tmp “test”'}
    assert compare_name(odd) == '#6 “Bob\'s D:\\tmp “test””'
    assert compare_name({'id': 1, 'label': 'walk quick'}) == '#1 “walk quick”'
    (warning,) = _different([_result(1, 'tank/a', 'fio-3.33'), {**_result(6, 'tank/b', 'fio-3.33'), **odd}])
    assert warning.startswith('#6 “Bob\'s D:\\tmp “test”” was measured') and '\\\\' not in warning


def test_noise_and_outliers_are_flagged():
    result = {'id': 1, 'label': 'x', 'summary': {'SEQ_WRITE': {
        'write_bw_bytes': {'n': 5, 'cv_percent': 14.2, 'outliers': [3]},
        'write_iops': {'n': 5, 'cv_percent': 2.0, 'outliers': []}}}}
    warnings = noise_warnings(result)
    assert len(warnings) == 2
    assert 'CV 14.2 %' in warnings[0] and 'run 4' in warnings[1]
    # in words, not the catalog's ids
    assert "#1 “x” Sequential write 1 MiB, write bandwidth: noisy" in warnings[0]
    assert 'SEQ_WRITE' not in ' '.join(warnings) and 'write_bw_bytes' not in ' '.join(warnings)


def test_usable_space_excludes_parity_and_honours_the_dataset_quota():
    import asyncio

    from tuning.box.bench_target import usable_space

    class FakeMiddleware:
        async def call(self, method, filters):
            assert method == 'pool.dataset.query' and filters == [['id', '=', 'tank']]
            # raidz2 of 4 × 4 GiB: zpool list says 16 GiB, the root dataset can hold about 7.5 GiB
            return [{'used': {'parsed': 1 * 2**30}, 'available': {'parsed': int(6.5 * 2**30)}}]

    target = {'pool': 'tank', 'available': {'parsed': None, 'rawvalue': str(2 * 2**30)}}  # a 2 GiB refquota left
    space = asyncio.run(usable_space(FakeMiddleware(), target))
    assert space == {'size_bytes': int(7.5 * 2**30), 'used_bytes': 2**30, 'free_bytes': 2 * 2**30}
