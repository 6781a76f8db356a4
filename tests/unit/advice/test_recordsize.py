"""Record size advice from a dataset's files (core.recordsize) and the walk that sees them (box.file_scan)."""
import os
import threading
import time

import pytest

from tuning.box.file_scan import ScanAborted, scan_files
from tuning.core.recordsize import FileSizes, recordsize_advice, recordsize_answer, size_bucket

KIB, MIB, GIB = 1024, 1024 ** 2, 1024 ** 3


def sizes_of(*files):
    sizes = FileSizes()
    for name, size in files:
        sizes.add(name, size)
    return sizes.as_dict()


def test_files_are_counted_by_the_power_of_two_they_round_up_to():
    assert [size_bucket(n) for n in (0, 1, 4096, 4097, MIB)] == [0, 1, 4096, 8192, MIB]
    sizes = sizes_of(('a', 3000), ('b', 4096), ('c', 0), ('d', 5 * MIB))
    assert [(row['up_to_bytes'], row['files'], row['bytes']) for row in sizes['histogram']] == [
        (0, 1, 0), (4096, 2, 7096), (8 * MIB, 1, 5 * MIB)]
    assert sizes['large_bytes'] == 5 * MIB and sizes['small_bytes'][4 * KIB] == 7096


def test_the_last_partial_record_of_larger_files_is_what_a_record_size_adds():
    sizes = sizes_of(('film.mkv', MIB + 1), ('note.txt', 100))
    assert sizes['tail_bytes'][MIB] == MIB - 1        # a second, almost empty 1M record
    assert sizes['tail_bytes'][128 * KIB] == 128 * KIB - 1
    assert sizes['tail_bytes'][16 * KIB] == 16 * KIB - 1   # the 100-byte file is one small block of its own


def test_large_files_call_for_1m_records_and_the_change_applies_to_new_data():
    advice = recordsize_advice(sizes_of(*((f'f{i}.mkv', 4 * GIB) for i in range(9)), ('small.jpg', 3 * MIB // 4)),
                               128 * KIB, 'LZ4')
    assert advice['recommended'] == MIB and advice['change'] is True and advice['large_share'] > 0.99
    assert advice['reasons'][0].startswith('100 % of the data is in files of 1 MiB or more')
    assert 'keep 128 KiB records until they are rewritten' in advice['reasons'][1]
    assert 'compressed away' in advice['candidates'][-1]['words']


def test_virtual_disks_and_databases_call_for_their_io_size():
    vms = recordsize_advice(sizes_of(('disk0.qcow2', 40 * GIB), ('disk1.VMDK', 20 * GIB), ('iso.bin', GIB)), None,
                            'OFF')
    assert vms['recommended'] == 64 * KIB and vms['in_place_kinds'] == 'virtual disk images'
    assert 'by their names' in vms['reasons'][0] and vms['change'] is False   # no current size: nothing to change
    db = recordsize_advice(sizes_of(('ibdata.ibd', 8 * GIB), ('app.sqlite', GIB)), 128 * KIB, 'LZ4')
    assert db['recommended'] == 16 * KIB and 'InnoDB writes 16 KiB pages' in db['reasons'][0]


def test_a_mix_keeps_the_default_and_an_empty_dataset_changes_nothing():
    mix = recordsize_advice(sizes_of(*((f'doc{i}.odt', 200 * KIB) for i in range(100)), ('a.iso', 5 * MIB)),
                            128 * KIB, 'LZ4')
    assert mix['recommended'] == 128 * KIB and mix['change'] is False and mix['reasons'][0].startswith('A mix')
    empty = recordsize_advice(sizes_of(), MIB, 'LZ4')
    assert empty['recommended'] == MIB and empty['change'] is False and 'no data' in empty['reasons'][0]


def test_the_answer_says_sizes_and_the_walk_in_words():
    scan = {'sizes': sizes_of(('a.mkv', 2 * GIB), ('b.txt', 10)), 'directories': 3, 'complete': False,
            'stopped_by': 'TIME', 'unreadable': 1, 'other_filesystems': 2, 'seconds': 60.0}
    answer = recordsize_answer('tank/media', scan, 128 * KIB, 'LZ4')
    assert (answer['recommended_words'], answer['current_words']) == ('1 MiB', '128 KiB')
    assert answer['scan']['words'] == (
        '2 files (2 GiB) in 3 folders: part of the dataset, where the walk began (it ran out of the time it was '
        'given); the advice speaks for what was seen; 2 child datasets left out (each has its own record size) and '
        '1 entry could not be read.')
    assert answer['special'][0]['words'] == 'files of 4 KiB or less add up to 10 B'
    assert [row['up_to_words'] for row in answer['histogram']] == ['16 B', '2 GiB']



def test_sizes_are_written_one_way_as_the_panel_writes_them_never_in_zfs_spelling():
    import json
    import re
    for files, current in ((((f'doc{i}.odt', 200 * KIB) for i in range(100)), 128 * KIB),
                           (((f'f{i}.mkv', 4 * GIB) for i in range(9)), 128 * KIB),
                           ((('ibdata.ibd', 8 * GIB),), MIB), ((('disk0.qcow2', 40 * GIB),), 16 * KIB)):
        scan = {'sizes': sizes_of(*files), 'directories': 1, 'complete': True, 'stopped_by': None, 'unreadable': 0,
                'other_filesystems': 0, 'seconds': 1.0}
        text = json.dumps(recordsize_answer('tank/x', scan, current, 'LZ4'))
        assert not re.search(r'\b\d+[KM]\b', text), re.search(r'.{40}\b\d+[KM]\b.{10}', text)
    assert [c['record_words'] for c in recordsize_answer('tank/x', scan, None, 'OFF')['candidates']] == [
        '16 KiB', '32 KiB', '64 KiB', '128 KiB', '256 KiB', '512 KiB', '1 MiB']


@pytest.fixture
def tree(tmp_path):
    (tmp_path / 'films').mkdir()
    (tmp_path / 'films' / 'a.mkv').write_bytes(b'x' * 3000)
    (tmp_path / 'b.txt').write_bytes(b'y' * 10)
    (tmp_path / '.tuning-bench-1-abc').mkdir()
    (tmp_path / '.tuning-bench-1-abc' / 'fio.0.0').write_bytes(b'z' * 5000)   # a benchmark's scratch: not data
    outside = tmp_path.parent / f'{tmp_path.name}-outside'
    outside.mkdir()
    (outside / 'big').write_bytes(b'o' * 7000)
    os.symlink(outside, tmp_path / 'link-to-dir')
    os.symlink(outside / 'big', tmp_path / 'link-to-file')
    return tmp_path


def test_the_walk_counts_the_datasets_files_only(tree):
    scan = scan_files(str(tree), max_entries=1000, deadline=time.monotonic() + 60)
    assert (scan['sizes']['files'], scan['sizes']['bytes']) == (2, 3010)   # no scratch, no symlink followed
    assert scan['complete'] is True and scan['stopped_by'] is None and scan['directories'] == 2


def test_the_walk_stops_at_its_bounds_and_when_aborted(tree):
    few = scan_files(str(tree), max_entries=2, deadline=time.monotonic() + 60)
    assert few['complete'] is False and few['stopped_by'] == 'ENTRIES'
    late = scan_files(str(tree), max_entries=1000, deadline=time.monotonic() - 1)
    assert late['stopped_by'] == 'TIME' and late['sizes']['files'] == 0
    stop = threading.Event()
    stop.set()
    with pytest.raises(ScanAborted):
        scan_files(str(tree), max_entries=1000, deadline=time.monotonic() + 60, abort=stop)
