"""The raw read's fio job: its shape, fio's --readonly refusing any write, and the figure read from real fio JSON."""
import shutil

import pytest

from tuning.bench_runner import FioFailed, run_fio
from tuning.core.bench.errors import BenchmarkInputError
from tuning.core.ladder.fio_read import FIO_OPTIONS, job_text, read_figure

needs_fio = pytest.mark.skipif(shutil.which('fio') is None, reason='fio is not installed')


def test_the_job_reads_the_whole_device_sequentially_with_direct_io_for_a_fixed_time():
    assert job_text('read', '/dev/sda', 10).splitlines() == [
        '[read]', 'filename=/dev/sda', 'rw=read', 'bs=1M', 'direct=1', 'ioengine=libaio', 'iodepth=8',
        'time_based=1', 'runtime=10']
    assert FIO_OPTIONS == ('--readonly',)


@pytest.mark.parametrize('device, seconds', [('sda', 10), ('/dev/sda\nrw=write', 10), ('/dev/a:b', 10),
                                             ('/dev/sda', 2), ('/dev/sda', 61)])
def test_a_device_or_time_fio_would_misread_is_refused(device, seconds):
    with pytest.raises(BenchmarkInputError):
        job_text('read', device, seconds)


@needs_fio
def test_fio_reads_a_file_and_gives_a_figure(tmp_path):
    data = tmp_path / 'disk'
    data.write_bytes(b'\x5a' * (8 * 1024 * 1024))
    doc = run_fio(job_text('read', str(data), 3), str(tmp_path), fio_options=FIO_OPTIONS)
    figure = read_figure(doc)
    assert figure['error'] is None and figure['read_bytes_per_second'] > 0 and 2.5 <= figure['seconds'] <= 4
    assert data.read_bytes() == b'\x5a' * (8 * 1024 * 1024)


@needs_fio
def test_readonly_fio_refuses_a_job_that_would_write(tmp_path):
    data = tmp_path / 'disk'
    data.write_bytes(b'\x5a' * (1024 * 1024))
    writing = job_text('read', str(data), 3).replace('rw=read', 'rw=write')
    with pytest.raises(FioFailed, match='read-only'):
        run_fio(writing, str(tmp_path), fio_options=FIO_OPTIONS)
    assert data.read_bytes() == b'\x5a' * (1024 * 1024)


def test_no_figure_from_an_error_or_nothing_read():
    assert read_figure({'bad': 1})['error'].startswith('fio output: ')
    job = {'jobname': 'read', 'error': 5, 'job options': {}, 'read': {'io_bytes': 0, 'runtime': 0},
           'write': {'io_bytes': 0}, 'iodepth_level': {'1': 100.0}}
    assert read_figure({'fio version': 'fio-3.33', 'jobs': [job]})['error'] == 'fio reported error 5'
    assert read_figure({'fio version': 'fio-3.33', 'jobs': [{**job, 'error': 0}]})['error'] == 'fio read nothing'
