"""Pure parts of the lab (no VM needed): the disk shapes' scale and the efficacy document's rows."""
from disk_shapes import HDD_7200, LAB_HDD, LAB_SSD, SCALE, lab_shapes
from lab_report import render, row_cells

KIB = 2**10


def test_the_lab_hdd_streams_at_its_scaled_bandwidth_and_seeks_at_a_real_disks_rate():
    assert LAB_HDD.bytes_per_second == HDD_7200.bytes_per_second // SCALE
    assert LAB_HDD.iops == HDD_7200.iops
    # the 64 KiB pieces ZFS writes to a RAIDZ2 member reach the bandwidth before the operation rate
    assert LAB_HDD.iops * 64 * KIB >= LAB_HDD.bytes_per_second
    assert LAB_SSD.iops > 100 * LAB_HDD.iops
    assert lab_shapes({1: 'zfsd1', 5: 'zfsd5'}, ('zfsd5',)) == {1: LAB_HDD, 5: LAB_SSD}
    assert 'MB/s' in LAB_HDD.described() and 'bandwidth at 1/16' in LAB_HDD.described()


ROW = {'test': 'SEQ_WRITE', 'metric': 'write_bw_bytes', 'baseline': {'median': 20.0e6}, 'other': {'median': 25.0e6},
       'ratio': 1.25, 'ratio_ci_low': 1.1, 'ratio_ci_high': 1.4, 'p_adjusted': 0.004, 'verdict': 'BETTER'}


def test_a_compared_row_in_words_and_units():
    assert row_cells(ROW) == ['sequential write', '20.0 MB/s', '25.0 MB/s', '+25.0 %', '+10.0 % … +40.0 %',
                              '0.004', 'better']
    few = {**ROW, 'test': 'RAND_READ_4K', 'metric': 'read_iops', 'baseline': {'median': 41.0},
           'other': {'median': 40.0}, 'ratio': 0.976, 'ratio_ci_low': None, 'ratio_ci_high': None,
           'p_adjusted': None, 'verdict': 'INSUFFICIENT_RUNS'}
    assert row_cells(few) == ['random read 4K', '41 IOPS', '40 IOPS', '-2.4 %', '—', '—',
                              'too few runs']


def test_the_document_says_what_was_measured_and_what_was_not():
    meta = {'date': '2026-11-27', 'scale': 16, 'hdd': LAB_HDD.described(), 'ssd': LAB_SSD.described(),
            'pool': 'RAIDZ2 of 4 disks', 'arc': '512 MiB', 'rounds': 3, 'runs': 2, 'runtime_seconds': 20,
            'elapsed_minutes': 95, 'command': 'python tests/vm/lab.py', 'commit': 'abc1234'}
    done = {'id': 'max-seq-write', 'name': 'Max sequential write', 'state': 'DONE', 'message': 'done',
            'campaign_id': 1, 'rows': [ROW], 'acknowledged': ['sync = DISABLED']}
    failed = {'id': 'max-iops', 'name': 'Max IOPS', 'state': 'FAILED', 'message': 'the pool went away',
              'campaign_id': 2, 'rows': [], 'acknowledged': []}
    aa = {'pairs': 2, 'runs': 5, 'rows': [ROW, {**ROW, 'verdict': 'NO_CHANGE'}, {**ROW, 'verdict': 'NO_CHANGE'},
                                          {**ROW, 'verdict': 'INSUFFICIENT_RUNS'}]}
    slog = {'words': ['A log device could raise sync writes up to 9.5×.']}
    text = render(meta, {'words': 'Read 4 disks: 40.0 MB/s in total.'}, [done, failed], aa=aa, slog=slog)
    assert '1 false verdict in 3 judged comparisons (33 %; at most 5 % expected)' in text
    assert 'A log device could raise sync writes up to 9.5×.' in text and 'at commit abc1234' in text
    assert '## Max sequential write (`max-seq-write`)' in text
    assert '| sequential write | 20.0 MB/s | 25.0 MB/s | +25.0 % |' in text
    assert 'acknowledged (they can lose data on power loss): sync = DISABLED' in text
    assert 'Not measured: the campaign ended failed (the pool went away).' in text
    assert 'Read 4 disks: 40.0 MB/s in total.' in text and 'Bandwidths are divided by 16' in text
