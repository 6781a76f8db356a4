"""tuning.advice.layout's answer from a profile (pure): which disks, whose figures, the pool's own layout marked,
and options that name nothing usable refused with the field."""
import pytest

from tuning.core.layout import TYPICAL, LayoutInputError, layout_advice

TB = 10 ** 12
DEFAULTS = {'source': 'UNUSED', 'pool': None, 'count': None, 'size_bytes': None, 'kind': None, 'ashift': 12,
            'recordsize_bytes': 128 * 1024, 'per_disk': None, 'legacy': False}


def disk(name, kind='HDD', size=4 * TB, pool=None):
    return {'name': name, 'kind': kind, 'size_bytes': size, 'model': None, 'serial': None, 'pool': pool}


def profile():
    tank = [f'sd{c}' for c in 'abcdef']
    return {
        'pools': [{'name': 'tank', 'data_vdevs': [{'type': 'RAIDZ2', 'disks': tank, 'disk_kind': 'HDD'}]}],
        'disks': [disk(n, pool='tank') for n in tank] + [disk(f'sd{c}') for c in 'ghijkl'] +
                 [disk('sdm', size=3 * TB), disk('nvme0n1', 'NVME', 10 ** 12)],
    }


def advice(disk_read=None, **options):
    return layout_advice(profile(), {**DEFAULTS, **options}, disk_read)


def test_unused_disks_of_the_most_common_kind_sized_by_the_smallest():
    answer = advice()
    assert answer['disks']['names'] == ['sdg', 'sdh', 'sdi', 'sdj', 'sdk', 'sdl', 'sdm']
    assert answer['disks']['size_bytes'] == 3 * TB and answer['disks']['words'] == '7 × 2.7 TiB hard disks'
    assert answer['disks']['left_out'] == ['nvme0n1 (NVMe drive, 931 GiB)']
    assert any('Left out' in n for n in answer['notes'])
    assert answer['per_disk']['source'] == 'TYPICAL'
    assert {row['name'] for row in answer['layouts']} >= {'3 × 2-way mirror', '1 × 7-wide RAIDZ2',
                                                          '1 × 6-wide RAIDZ2'}
    held = [row['effective_bytes'] for row in answer['layouts']]   # what the data fills, not the free space
    assert all(a >= b * 0.99 for a, b in zip(held, held[1:]))      # (near ties rank by failures survived)
    spare = next(row for row in answer['layouts'] if row['name'] == '1 × 6-wide RAIDZ2')
    assert spare['spares'] == 1 and any('hot spare' in r for r in spare['reasons'])


def test_a_pools_disks_with_its_own_layout_marked_and_the_ladders_figures():
    read = {'created_at': '2026-11-26T10:00:00Z', 'stand_in': False,
            'disks': [{'name': f'sd{c}', 'read_bytes_per_second': mb * 1e6} for c, mb in zip('abcdef', range(
                180, 186))] + [{'name': 'sdz', 'read_bytes_per_second': 9e9}]}
    answer = advice(source='POOL', pool='tank', disk_read=read)
    assert answer['disks']['count'] == 6
    assert [row['name'] for row in answer['layouts'] if row['current']] == ['1 × 6-wide RAIDZ2']
    figures = answer['per_disk']
    assert figures['source'] == 'MEASURED' and figures['read_bytes_per_second'] == 182.5e6   # median of the six
    raidz2 = next(row for row in answer['layouts'] if row['current'])
    assert raidz2['read_bytes_per_second'] == 4 * 182.5e6 and raidz2['read_iops'] == TYPICAL['HDD']['iops']
    mirror = next(row for row in answer['layouts'] if row['name'] == '3 × 2-way mirror')
    assert mirror['read_iops'] == 6 * TYPICAL['HDD']['iops'] and mirror['write_iops'] == 3 * TYPICAL['HDD']['iops']


def test_a_stand_in_read_is_not_taken_for_the_disks():
    read = {'created_at': 'x', 'stand_in': True, 'disks': [{'name': 'sda', 'read_bytes_per_second': 9e9}]}
    assert advice(source='POOL', pool='tank', disk_read=read)['per_disk']['source'] == 'TYPICAL'


def test_given_disks_and_given_figures():
    per_disk = {'read_bytes_per_second': 100e6, 'write_bytes_per_second': 50e6, 'iops': 80.0}
    answer = advice(source='GIVEN', count=12, size_bytes=4 * TB, kind='HDD', per_disk=per_disk)
    assert answer['disks']['names'] == [] and answer['per_disk']['source'] == 'GIVEN'
    wide = next(row for row in answer['layouts'] if row['name'] == '1 × 12-wide RAIDZ2')
    assert wide['write_bytes_per_second'] == pytest.approx(12 * 50e6 * 32 / 42)
    assert wide['naive_bytes'] == 10 * 4 * TB
    assert wide['tolerance'] == 'Survives any 2 failed disks.'
    assert any('42 sectors' in r and '76%' in r for r in wide['reasons'])
    raidz1 = next(row for row in answer['layouts'] if row['name'] == '2 × 6-wide RAIDZ1')
    assert any('second failure' in r for r in raidz1['reasons'])
    assert raidz1['tolerance'].startswith('Survives 1 failed disk in each vdev (up to 2 in all)')


def test_one_disk_has_no_redundant_layout_and_says_so():
    answer = advice(source='GIVEN', count=1, size_bytes=TB, kind='SSD')
    assert answer['layouts'] == [] and 'too few' in answer['notes'][0]


@pytest.mark.parametrize('options, field', [
    ({'source': 'GIVEN', 'count': 4, 'kind': 'HDD'}, 'options.size_bytes'),
    ({'source': 'POOL'}, 'options.pool'),
    ({'source': 'POOL', 'pool': 'nope'}, 'options.pool'),
    ({'recordsize_bytes': 3000}, 'options.recordsize_bytes'),
])
def test_options_that_name_nothing_usable_are_refused_with_the_field(options, field):
    with pytest.raises(LayoutInputError) as e:
        advice(**options)
    assert e.value.field == field


def test_no_unused_disk_says_what_to_choose_instead():
    box = profile()
    box['disks'] = [d for d in box['disks'] if d['pool']]
    with pytest.raises(LayoutInputError) as e:
        layout_advice(box, DEFAULTS, None)
    assert e.value.field == 'options.source' and 'type in disks you do not have yet' in str(e.value)
    assert 'GIVEN' not in str(e.value) and 'POOL' not in str(e.value)   # words, never the option's values


def test_small_records_rank_layouts_by_what_they_hold_and_cautions_stand_beside_them():
    answer = layout_advice(profile(), {**DEFAULTS, 'source': 'GIVEN', 'count': 12, 'size_bytes': 4 * TB,
                                       'kind': 'HDD', 'recordsize_bytes': 16 * 1024}, None)
    rows = {row['name']: row for row in answer['layouts']}
    wide1, wide2 = rows['1 × 12-wide RAIDZ1'], rows['1 × 12-wide RAIDZ2']
    assert wide1['usable_bytes'] > wide2['usable_bytes']   # more free space...
    assert wide1['effective_bytes'] <= wide2['effective_bytes'] * 1.001   # ...but 16K records fill it no better
    names = [row['name'] for row in answer['layouts']]
    assert names.index('1 × 12-wide RAIDZ2') < names.index('1 × 12-wide RAIDZ1')
    assert wide1['cautions'] == ['RAIDZ1 on 3.6 TiB hard disks: a second failure or a read error during the long '
                                 'resilver loses the pool.', 'A 12-wide vdev resilvers slowly (every disk is read '
                                 'to rebuild one) and often writes slower than this estimate.']
    assert rows['6 × 2-way mirror']['cautions'] == []


def test_typed_in_disks_missing_a_figure_name_it_in_words():
    with pytest.raises(LayoutInputError) as e:
        layout_advice(profile(), {**DEFAULTS, 'source': 'GIVEN', 'count': 4, 'kind': 'HDD'}, None)
    assert (e.value.field, str(e.value)) == ('options.size_bytes', "Needed for disks typed in: each one's size.")


def test_typical_figures_take_the_right_article():
    ssd = layout_advice(profile(), {**DEFAULTS, 'source': 'GIVEN', 'count': 4, 'size_bytes': 10 ** 12,
                                    'kind': 'SSD'}, None)
    assert ssd['per_disk']['words'].startswith('Typical figures for an SSD: ')


def test_what_the_records_hold_is_said_beside_usable_space_and_true_of_both_ways():
    # 1 MiB records on RAIDZ2 hold more than the usable space (counted for 128 KiB blocks): the notes say why
    big = advice(source='POOL', pool='tank', recordsize_bytes=1024 * 1024)
    raidz = next(r for r in big['layouts'] if r['current'])
    assert raidz['effective_bytes'] > raidz['usable_bytes']
    small = next(r for r in advice(source='POOL', pool='tank', recordsize_bytes=4096)['layouts'] if r['current'])
    assert small['effective_bytes'] < small['usable_bytes']
    note = next(n for n in big['notes'] if n.startswith('Holds in these records:'))
    assert 'larger records can hold more than it, smaller ones less' in note
    mirror = next(r for r in big['layouts'] if 'mirror' in r['name'].lower())
    assert mirror['effective_bytes'] == mirror['usable_bytes']
