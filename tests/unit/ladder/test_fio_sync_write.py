"""An unused SSD's sync-write latency (``tuning.advice.slog``'s ``ssd_disks``): the fio job, which disks may be
written, the figure read from real fio JSON and the words."""
import shutil

import pytest

from tuning.bench_runner import run_fio
from tuning.core.bench.errors import BenchmarkInputError
from tuning.core.ladder.fio_sync_write import REGION_BYTES, job_text, read_figure, region_of, ssd_errors, ssd_words

needs_fio = pytest.mark.skipif(shutil.which('fio') is None, reason='fio is not installed')

PROFILE = {
    'disks': [{'name': 'sda', 'kind': 'HDD', 'pool': 'tank'}, {'name': 'sdg', 'kind': 'SSD', 'pool': None},
              {'name': 'sdh', 'kind': 'SSD', 'pool': None}, {'name': 'sdi', 'kind': 'HDD', 'pool': None},
              {'name': 'nvme0n1', 'kind': 'NVME', 'pool': None}],
    'unused_disks': [{'name': 'sdh'}, {'name': 'sdi'}, {'name': 'nvme0n1'}],
}


def test_the_job_writes_4k_one_at_a_time_each_on_stable_storage_from_the_start_never_past_16_gib():
    assert job_text('sync_write', '/dev/sdh', 15).splitlines() == [
        '[sync_write]', 'filename=/dev/sdh', 'rw=write', 'bs=4k', 'offset=0', 'size=17179869184', 'direct=1',
        'sync=dsync', 'ioengine=psync', 'iodepth=1', 'time_based=1', 'runtime=15']
    assert 'size=67108864' in job_text('sync_write', '/dev/sdh', 15, region_of(64 * 1024 * 1024)).splitlines()
    assert region_of(512 * 10 ** 9) == REGION_BYTES == 16 * 1024 ** 3   # the most of a disk ever written


@pytest.mark.parametrize('region', [0, 4095, 4097, REGION_BYTES + 4096])
def test_a_region_past_the_bound_or_not_whole_blocks_is_refused(region):
    with pytest.raises(BenchmarkInputError):
        job_text('sync_write', '/dev/sdh', 15, region)


@pytest.mark.parametrize('device, seconds', [('sdh', 10), ('/dev/sdh\nfilename=/dev/sda', 10), ('/dev/a:b', 10),
                                             ('/dev/sdh', 1), ('/dev/sdh', 121)])
def test_a_device_or_time_fio_would_misread_is_refused(device, seconds):
    with pytest.raises(BenchmarkInputError):
        job_text('sync_write', device, seconds)


def test_only_unused_ssds_named_once_may_be_written():
    assert ssd_errors(PROFILE, ['sdh', 'nvme0n1'], 'options.ssd_disks') == []
    assert ssd_errors(PROFILE, ['sdh', 'sda', 'sdi', 'sdz', 'sdh', 'sdg'], 'options.ssd_disks') == [
        ('options.ssd_disks.1', "sda is in pool tank: testing it would write over the pool's data."),
        ('options.ssd_disks.2', 'sdi is a spinning disk: a log device should be an SSD.'),
        ('options.ssd_disks.3', "No disk named 'sdz' on this box."),
        ('options.ssd_disks.4', 'sdh is named twice.'),
        ('options.ssd_disks.5', 'sdg is not an unused disk (TrueNAS does not list it as free: a boot disk, or it has '
                                'partitions); only an unused disk is written.'),
    ]


def fio_doc(write, error=0):
    return {'fio version': 'fio-3.33', 'jobs': [{
        'jobname': 'sync_write', 'error': error, 'job options': {'rw': 'write', 'bs': '4k', 'iodepth': '1'},
        'read': {'io_bytes': 0, 'bw_bytes': 0, 'iops': 0, 'clat_ns': {'mean': 0}},
        'write': write, 'iodepth_level': {'1': 100.0}}]}


WRITE = {'io_bytes': 4096 * 24000, 'bw_bytes': 4096 * 12000, 'iops': 12000.5,
         'clat_ns': {'mean': 80000.0, 'percentile': {'50.000000': 79872, '90.000000': 90112, '99.000000': 211968,
                                                     '99.900000': 403456}},
         'lat_ns': {'mean': 81000.0}}


def test_the_figure_is_the_writes_a_second_and_their_typical_and_p99_wait():
    assert read_figure(fio_doc(WRITE)) == {'iops': 12000.5, 'latency_p50_ns': 79872.0, 'latency_p99_ns': 211968.0,
                                           'written_bytes': 4096 * 24000, 'error': None}


def test_no_figure_from_bad_output_an_error_or_nothing_written():
    assert read_figure({'bad': 1})['error'].startswith('fio output: ')
    assert read_figure(fio_doc(WRITE, error=5)) == {'iops': None, 'latency_p50_ns': None, 'latency_p99_ns': None,
                                                    'written_bytes': None, 'error': 'fio reported error 5'}
    nothing = {**WRITE, 'io_bytes': 0, 'iops': 0}
    assert read_figure(fio_doc(nothing))['error'] == 'fio wrote nothing'


def test_the_words_say_the_wait_a_disk_adds_and_what_it_allows_as_a_log_device():
    row = {'disk': 'sdh', 'iops': 12000.5, 'latency_p50_ns': 79872.0, 'latency_p99_ns': 211968.0, 'error': None}
    assert ssd_words(row, False) == ('sdh adds about 79.9 µs per synchronous write (p99 212 µs): as a log device, sync '
                                     'writes one at a time could reach about 12,000 a second.')
    written = {**row, 'written_bytes': 4096 * 24000}
    assert ssd_words(written, False).endswith(' a second. 93.8 MiB was written in 4 KiB synchronous blocks from its '
                                              'start, never past its first 16 GiB: what was on it is gone.')
    fast = {**row, 'latency_p50_ns': 8200.0, 'latency_p99_ns': None}
    assert ssd_words(fast, True).startswith('sdh (a stand-in file) adds about 8.20 µs per synchronous write: ')
    assert ssd_words(fast, True).endswith('the figure says nothing about a real SSD.')
    slow = {**row, 'latency_p50_ns': 148480.0, 'latency_p99_ns': 4751360.0, 'iops': 1483.8}
    assert ssd_words(slow, False).startswith('sdh adds about 148 µs per synchronous write (p99 4.75 ms): ')
    failed = {'disk': 'sdh', 'iops': None, 'latency_p50_ns': None, 'latency_p99_ns': None, 'error': 'fio failed: x'}
    assert ssd_words(failed, False) == 'sdh: no figure (fio failed: x).'


@needs_fio
def test_fio_writes_a_file_synchronously_and_gives_a_figure(tmp_path):
    data = tmp_path / 'disk'
    data.write_bytes(b'\x5a' * (8 * 1024 * 1024))
    figure = read_figure(run_fio(job_text('sync_write', str(data), 2, 4 * 1024 * 1024), str(tmp_path)))
    assert figure['error'] is None and figure['iops'] > 0 and 0 < figure['latency_p50_ns'] <= figure['latency_p99_ns']
    assert figure['written_bytes'] > 0
    # only the first 4 MiB are written, over and over, and the file is never made longer
    assert data.stat().st_size == 8 * 1024 * 1024
    content = data.read_bytes()
    assert content[:4096] != b'\x5a' * 4096 and content[4 * 1024 * 1024:] == b'\x5a' * (4 * 1024 * 1024)
