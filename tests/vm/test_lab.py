"""Pure parts of the lab (no VM needed): the disk shapes' scale and the efficacy document's rows."""
import pytest

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


ROW = {'test': 'SEQ_WRITE', 'metric': 'write_bw_bytes', 'baseline': {'median': 20.0e6, 'values': [19.0e6, 21.0e6]},
       'other': {'median': 25.0e6, 'values': [25.0e6, 25.04e6]},
       'ratio': 1.25, 'ratio_ci_low': 1.1, 'ratio_ci_high': 1.4, 'p_adjusted': 0.004, 'verdict': 'BETTER'}


def test_a_compared_row_in_words_and_units():
    assert row_cells(ROW) == ['Sequential write 1 MiB', '20.0 MB/s', '25.0 MB/s', '+25.0 %', '+10.0 % … +40.0 %',
                              '0.004', 'better']
    few = {**ROW, 'test': 'RAND_READ_4K', 'metric': 'read_iops', 'baseline': {'median': 41.0},
           'other': {'median': 40.0}, 'ratio': 0.976, 'ratio_ci_low': None, 'ratio_ci_high': None,
           'p_adjusted': None, 'verdict': 'INSUFFICIENT_RUNS'}
    assert row_cells(few) == ['Random read 4 KiB', '41 IOPS', '40 IOPS', '-2.4 %', '—', '—',
                              'too few runs']


def test_the_document_says_what_was_measured_when_and_what_was_not():
    lab = {'scale': 16, 'hdd': LAB_HDD.described(), 'ssd': LAB_SSD.described(), 'pool': 'RAIDZ2 of 4 disks',
           'arc': '512 MiB'}
    when = {'date': '2026-11-27', 'commit': 'abc1234', 'command': 'python tests/vm/lab.py', 'minutes': 95,
            'rounds': 3, 'runs': 2, 'runtime_seconds': 20}
    done = {'id': 'max-seq-write', 'name': 'Max sequential write', 'state': 'DONE', 'message': 'done',
            'campaign_id': 1, 'rows': [ROW], 'acknowledged': ['sync = DISABLED'], 'measured': when}
    failed = {'id': 'max-iops', 'name': 'Max IOPS', 'state': 'FAILED', 'message': 'the pool went away',
              'campaign_id': 2, 'rows': [], 'acknowledged': [], 'measured': {**when, 'date': '2026-11-28'}}
    aa = {'pairs': 2, 'runs': 5, 'runtime_seconds': 20, 'rows': [ROW, {**ROW, 'verdict': 'NO_CHANGE'}, {**ROW, 'verdict': 'NO_CHANGE'},
                                          {**ROW, 'verdict': 'INSUFFICIENT_RUNS'}],
          'measured': {**when, 'minutes': 1, 'rounds': None}, 'remark': 'measured before the fadvise change.'}
    slog = {'words': ['A log device could raise sync writes up to 9.5×.'],
            'measured': {k: v for k, v in when.items() if k not in ('rounds', 'runs', 'runtime_seconds')}}
    data = {'lab': lab, 'parts': {'disks': {'words': 'Read 4 disks: 40.0 MB/s in total.', 'measured': when},
                                  'slog': slog, 'aa': aa, 'presets': {'max-seq-write': done, 'max-iops': failed}}}
    order = [('max-seq-write', 'Max sequential write'), ('max-iops', 'Max IOPS'), ('vm-block', 'VM block storage')]
    text = render(data, order)
    assert ('4 benchmarks of the unchanged box (5 runs of 20 s each test), compared in 2 pairs: **1 false verdict '
            'in 3 judged comparisons (33 %; at most 5 % expected)**') in text
    assert '(1 minute; `python tests/vm/lab.py`)' in text
    assert 'Note: measured before the fadvise change.\n\nMeasured on 2026-11-27 at commit abc1234 (1 minute;' in text
    assert 'A log device could raise sync writes up to 9.5×.' in text
    assert 'Measured on 2026-11-27 at commit abc1234 (95 minutes; 3 rounds × 2 runs of 20 s;' in text
    assert 'Measured on 2026-11-28 at commit abc1234' in text   # each part says when it was measured
    assert 'Measured on 2026-11-27 at commit abc1234 (95 minutes; `python tests/vm/lab.py`).' in text   # no plan
    assert '## Max sequential write (`max-seq-write`)' in text
    assert '| Sequential write 1 MiB | 20.0 MB/s | 25.0 MB/s | +25.0 % |' in text
    assert ('- Sequential write 1 MiB, each run in the order measured: baseline 19.0 MB/s, 21.0 MB/s; '
            'preset 25.0 MB/s, 25.0 MB/s.') in text
    assert 'acknowledged (they can lose data on power loss): sync = DISABLED' in text
    assert 'Not measured: the campaign ended failed (the pool went away).' in text
    assert 'Read 4 disks: 40.0 MB/s in total.' in text and 'Bandwidths are divided by 16' in text
    # the summary: every built-in preset, measured or not yet
    assert '| Max sequential write | Sequential write 1 MiB | +25.0 % (better) |' in text
    assert '| VM block storage | not measured yet |  |' in text and '## VM block storage' not in text
    assert text.index('## In short') < text.index('## A/A')


def test_a_remark_is_kept_with_its_part_and_removed_on_request(tmp_path):
    import json
    from lab import main
    data, out = tmp_path / 'efficacy.json', tmp_path / 'efficacy.md'
    data.write_text(json.dumps({'lab': {'scale': 16, 'hdd': 'h', 'ssd': 's', 'pool': 'p', 'arc': '1 MiB'},
                                'parts': {'presets': {}, 'disks': {'words': 'Read 4 disks.', 'measured': {
                                    'date': '2026-11-27', 'commit': 'abc', 'command': 'c', 'minutes': 1}}}}))
    files = ['--data', str(data), '--out', str(out)]
    assert main(['--remark', 'disks', 'read while the CI ran.', *files]) == 0
    assert json.loads(data.read_text())['parts']['disks']['remark'] == 'read while the CI ran.'
    assert 'Read 4 disks.\n\nNote: read while the CI ran.\n' in out.read_text()
    assert main(['--remark', 'disks', '', *files]) == 0
    assert 'Note:' not in out.read_text() and 'remark' not in json.loads(data.read_text())['parts']['disks']
    with pytest.raises(SystemExit, match="no measured part 'max-iops'"):
        main(['--remark', 'max-iops', 'x', *files])


def test_a_lab_run_in_pieces_keeps_what_earlier_runs_measured(tmp_path):
    import json
    from lab import load_data
    path = tmp_path / 'efficacy.json'
    assert load_data(path) == {'lab': {}, 'parts': {'presets': {}}}
    path.write_text(json.dumps({'lab': {'scale': 16}, 'parts': {'aa': {'rows': []},
                                                                 'presets': {'max-iops': {'id': 'max-iops'}}}}))
    assert load_data(path)['parts'] == {'aa': {'rows': []}, 'presets': {'max-iops': {'id': 'max-iops'}}}


def test_the_layout_checks_disks_keep_six_disks_pools_below_the_emulated_cpus_ceiling():
    from disk_shapes import LAYOUT_HDD, LAYOUT_HDD_SEEKS, LAYOUT_SCALE
    assert LAYOUT_HDD.bytes_per_second == HDD_7200.bytes_per_second // LAYOUT_SCALE
    # six disks read at once (a 3 x 2 mirror) stay under half of TCG's 64 MB/s read, and all six written under 26
    assert 6 * LAYOUT_HDD.bytes_per_second <= 64e6 / 4 and 6 * LAYOUT_HDD.bytes_per_second * 0.8 <= 26e6 / 2
    assert (LAYOUT_HDD_SEEKS.bytes_per_second, LAYOUT_HDD_SEEKS.iops) == (0, HDD_7200.iops)   # 0: no limit


def test_the_layout_checks_model_is_the_advices_estimate_for_the_same_disks():
    from lab_layout import LAYOUTS, model
    from tuning.core.layout.candidates import candidates, layout_name
    disk = {'read_bytes_per_second': 2.5e6, 'write_bytes_per_second': 2.4e6, 'iops': 160}
    advised = {row['name']: row for row in candidates(6, 4 * 2**30, 'HDD', disk)}
    for kind, width, parity, vdevs in LAYOUTS.values():
        row = advised[layout_name(kind, width, parity, vdevs)]
        assert model(kind, width, parity, vdevs, disk) == {k: row[k] for k in (
            'read_bytes_per_second', 'write_bytes_per_second', 'read_iops', 'write_iops')}
    # 1 x 6 RAIDZ2 streams four data disks' worth, 2 x 3 RAIDZ1 two vdevs of two; mirrors read from all six
    assert model(*LAYOUTS['raidz2-6'], disk)['read_bytes_per_second'] == 4 * 2.5e6
    assert model(*LAYOUTS['raidz1-3x2'], disk)['read_iops'] == 2 * 160
    assert model(*LAYOUTS['mirror-2x3'], disk)['read_bytes_per_second'] == 6 * 2.5e6


def test_the_layout_checks_pools_vdevs_and_figures():
    from lab_layout import busiest, parse_diskstats, per_disk_figures, table, vdev_words
    disks = [f'/dev/disk/by-id/virtio-zfsd{i}' for i in range(1, 7)]
    assert vdev_words('RAIDZ', 3, 1, 2, disks) == (
        'raidz1 /dev/disk/by-id/virtio-zfsd1 /dev/disk/by-id/virtio-zfsd2 /dev/disk/by-id/virtio-zfsd3 '
        'raidz1 /dev/disk/by-id/virtio-zfsd4 /dev/disk/by-id/virtio-zfsd5 /dev/disk/by-id/virtio-zfsd6')
    assert vdev_words('MIRROR', 2, 1, 3, disks[:6]).count('mirror ') == 3
    raw = [{'read_bytes_per_second': r, 'write_bytes_per_second': w, 'iops': i}
           for r, w, i in ((2.5e6, 2.4e6, 159), (2.6e6, 2.5e6, 160), (2.4e6, 2.3e6, 161), (2.7e6, 2.6e6, 158))]
    assert per_disk_figures(raw) == {'read_bytes_per_second': 2.55e6, 'write_bytes_per_second': 2.45e6,
                                     'iops': 159.5}
    before = parse_diskstats('vdb 10 100 5 50\nvdc 0 0 0 0\n')
    assert before == {'vdb': {'ops': 15, 'bytes': 150 * 512}, 'vdc': {'ops': 0, 'bytes': 0}}
    after = parse_diskstats('vdb 110 100 5 50\nvdc 40 0 0 0\n')
    assert busiest(before, after, 2.0, 'ops', 100) == 0.5
    row = {'name': '2 × 3-wide RAIDZ1', 'model': {'write_bytes_per_second': 10e6, 'read_bytes_per_second': 10e6,
                                                  'read_iops': 320, 'write_iops': 320},
           'measured': {'write_bytes_per_second': 8.5e6, 'read_bytes_per_second': 9.9e6, 'read_iops': 455.2},
           'busy': {'write_bytes_per_second': 0.93, 'read_bytes_per_second': 0.97, 'read_iops': 0.95}}
    text = table([row])
    assert '| 2 × 3-wide RAIDZ1 | sequential write | 10.0 MB/s | 8.5 MB/s | 0.85 | 93% |' in text
    assert '| 2 × 3-wide RAIDZ1 | random read 4 KiB | 320 IOPS | 455 IOPS | 1.42 | 95% |' in text


def test_a_resumed_lab_carries_on_the_same_aa_and_measures_a_different_one_again():
    from types import SimpleNamespace
    from lab import aa_to_carry_on
    args = SimpleNamespace(runtime=20, aa_tests=['SEQ_WRITE', 'SEQ_READ'])
    kept = {'pairs': 2, 'runtime_seconds': 20, 'rows': [{'test': 'SEQ_WRITE'}, {'test': 'SEQ_READ'}] * 2}
    assert aa_to_carry_on(kept, args) is kept
    assert aa_to_carry_on(None, args) is None
    assert aa_to_carry_on({**kept, 'runtime_seconds': 10}, args) is None
    assert aa_to_carry_on({**kept, 'rows': [{'test': 'SEQ_WRITE'}]}, args) is None
