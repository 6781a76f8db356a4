"""The runner for real: Debian's fio on a temporary directory, tiny runtimes."""
import os
import re
import shutil
import threading

import pytest

from tuning.bench_runner import BenchmarkAborted, FioFailed, run_benchmark
from tuning.bench_runner.scratch import PREFIX, create_scratch, sweep_leftovers
from tuning.core.bench import benchmark_method
from tuning.core.bench.catalog import MIB

pytestmark = pytest.mark.skipif(shutil.which('fio') is None, reason='fio is not installed')

# A live rate in the progress words, in MB/s at every speed (as the results).
RATE = re.compile(r'\d MB/s')


def dir_env(path):
    st = os.statvfs(path)
    return {'is_zfs': False, 'os': 'Linux', 'size_bytes': st.f_blocks * st.f_frsize,
            'used_bytes': (st.f_blocks - st.f_bfree) * st.f_frsize, 'free_bytes': st.f_bavail * st.f_frsize}


def tiny_method(path, tests, runs=2, runtime=1):
    return benchmark_method({'tests': tests, 'profile': 'QUICK', 'runs': runs, 'adaptive': False,
                           'runtime_seconds': runtime, 'ramp_seconds': 0, 'working_set_bytes': 16 * MIB},
                          dir_env(path))


def fio_processes_using(path):
    found = []
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            with open(f'/proc/{pid}/cmdline', 'rb') as f:
                if path.encode() in f.read():
                    found.append(pid)
        except OSError:
            continue
    return found


def test_quick_run_returns_raw_json_metrics_and_cleans_up(tmp_path):
    method = tiny_method(str(tmp_path), ['SEQ_WRITE', 'SEQ_READ', 'SYNC_WRITE_4K'])
    events = []
    result = run_benchmark(method, str(tmp_path), 'unit1', progress=lambda p, d, extra: events.append((p, d)))
    assert result['fio_version'].startswith('fio-')
    assert set(result['tests']) == {'SEQ_WRITE', 'SEQ_READ', 'SYNC_WRITE_4K'}
    for test_id, test in result['tests'].items():
        assert [r['run'] for r in test['runs']] == [1, 2]
        assert f'directory={result["scratch_dir"]}' in test['job_file']
        for run in test['runs']:
            assert run['fio_json']['fio version'] == result['fio_version']
    seq_read = result['tests']['SEQ_READ']
    assert seq_read['summary']['read_bw_bytes']['n'] == 2 and seq_read['summary']['read_bw_bytes']['median'] > 0
    assert result['tests']['SYNC_WRITE_4K']['runs'][0]['lat_ns']['p99'] > 0
    # progress: readable words, never going backwards, finishing at 100
    percents = [p for p, _ in events]
    assert percents == sorted(percents) and percents[-1] == 100
    assert any(d.startswith('run 2/2 · Sequential write 1 MiB') for _, d in events)
    assert any(RATE.search(d) for _, d in events)
    assert os.listdir(tmp_path) == []


def test_abort_mid_run_stops_fio_and_leaves_nothing(tmp_path):
    method = tiny_method(str(tmp_path), ['SEQ_WRITE', 'SEQ_READ'], runs=3, runtime=60)
    abort = threading.Event()
    seen = []

    def progress(percent, description, extra):
        seen.append(description)
        if RATE.search(description):  # fio is running and reporting: abort now, mid-run
            abort.set()

    with pytest.raises(BenchmarkAborted):
        run_benchmark(method, str(tmp_path), 'unit2', progress=progress, abort=abort)
    assert abort.is_set() and not any('Sequential read 1 MiB' in d for d in seen)
    assert os.listdir(tmp_path) == []
    assert fio_processes_using(os.path.join(str(tmp_path), PREFIX + 'unit2')) == []


def test_abort_as_callable_before_start(tmp_path):
    method = tiny_method(str(tmp_path), ['SEQ_WRITE'])
    with pytest.raises(BenchmarkAborted):
        run_benchmark(method, str(tmp_path), 'unit3', abort=lambda: True)
    assert os.listdir(tmp_path) == []


def test_fio_failure_is_reported_and_cleaned_up(tmp_path):
    method = tiny_method(str(tmp_path), ['SEQ_WRITE'])
    method['tests'][0]['ioengine'] = 'no-such-engine'
    with pytest.raises(FioFailed) as e:
        run_benchmark(method, str(tmp_path), 'unit4')
    assert e.value.returncode != 0
    assert os.listdir(tmp_path) == []


def test_scratch_only_inside_target_and_sweep(tmp_path):
    path = create_scratch(str(tmp_path), 'abc')
    assert os.path.dirname(path) == str(tmp_path) and os.path.basename(path) == PREFIX + 'abc'
    with pytest.raises(FileExistsError):
        create_scratch(str(tmp_path), 'abc')
    with pytest.raises(ValueError):
        create_scratch(str(tmp_path), '../escape')
    link = tmp_path / 'link'
    link.symlink_to(tmp_path)
    with pytest.raises(ValueError):
        create_scratch(str(link), 'x')
    open(os.path.join(path, 'data'), 'w').close()
    keep = tmp_path / 'keep-me'
    keep.mkdir()
    other_root = tmp_path / 'other'
    other_root.mkdir()
    (other_root / (PREFIX + 'old')).mkdir()
    removed = sweep_leftovers([str(tmp_path), str(other_root), str(tmp_path / 'missing')])
    assert sorted(removed) == sorted([path, str(other_root / (PREFIX + 'old'))])
    assert keep.exists() and link.is_symlink() and not os.path.exists(path)


def test_the_arc_counters_are_read_around_each_read_run_only(tmp_path):
    method = tiny_method(str(tmp_path), ['SEQ_WRITE', 'SEQ_READ'])
    reads = []

    def arc_reader():   # a box whose ARC answers 3 of every 4 blocks fio asks for
        reads.append(len(reads))
        n = len(reads)
        return {'demand_data_hits': 300 * n, 'demand_data_iohits': 0, 'demand_data_misses': 100 * n,
                'prefetch_data_hits': 0, 'prefetch_data_iohits': 0, 'prefetch_data_misses': 0}

    result = run_benchmark(method, str(tmp_path), 'unit5', arc_reader=arc_reader)
    assert len(reads) == 4   # before and after each of the two read runs; the write runs read nothing
    assert 'arc' not in result['tests']['SEQ_WRITE'] and 'arc' not in result['tests']['SEQ_WRITE']['runs'][0]
    read = result['tests']['SEQ_READ']
    assert [run['arc']['demand_data_hits'] for run in read['runs']] == [300, 300]
    assert read['arc'] == {'asked_blocks': 800, 'disk_blocks': 200, 'ram_share': 0.75, 'from_ram': True}


def test_a_read_tests_files_are_written_before_its_first_run_and_its_counters(tmp_path):
    # fio lays files out inside a run when they are missing: that work (writes, and on ZFS read-backs of records it
    # fills) must fall outside the ARC counters and the clock. The measured runs find the files there, and write
    # nothing.
    method = tiny_method(str(tmp_path), ['RAND_READ_4K'], runs=2)
    events, reads = [], []

    def arc_reader():
        scratch = next(tmp_path.glob(PREFIX + '*'))
        reads.append(sorted(p.name for p in scratch.iterdir() if not p.name.endswith('.job')))
        return {name: 0 for name in ('demand_data_hits', 'demand_data_iohits', 'demand_data_misses',
                                     'prefetch_data_hits', 'prefetch_data_iohits', 'prefetch_data_misses')}

    result = run_benchmark(method, str(tmp_path), 'unit10', arc_reader=arc_reader,
                           progress=lambda p, d, extra: events.append((d, extra)))
    planned = method['tests'][0]
    files = sorted(f'{planned["job_name"]}.{j}.0' for j in range(planned['numjobs']))
    assert reads[0] == files   # before the first run's counters, every file is there
    for run in result['tests']['RAND_READ_4K']['runs']:
        assert run['fio_json']['jobs'][0]['write']['io_bytes'] == 0
    layout = [(d, extra) for d, extra in events if extra and extra.get('phase') == 'layout']
    assert layout and layout[0][0].endswith('writing its test files first (not measured)')
    assert 'mbps' not in layout[0][1]
    assert not list(tmp_path.iterdir())


def test_without_a_reader_no_run_claims_an_arc_figure(tmp_path):
    result = run_benchmark(tiny_method(str(tmp_path), ['SEQ_READ']), str(tmp_path), 'unit6')
    assert 'arc' not in result['tests']['SEQ_READ'] and 'arc' not in result['tests']['SEQ_READ']['runs'][0]


def test_each_test_is_prepared_before_its_files_are_laid_out(tmp_path):
    # the flow sets the scratch dataset's primarycache per test here: it must run before fio writes the test's files
    method = tiny_method(str(tmp_path), ['SEQ_WRITE', 'SEQ_READ'], runs=1)
    seen = []

    def before_test(planned):
        scratch = next(tmp_path.glob(PREFIX + '*'))
        seen.append((planned['test'], sorted(p.name for p in scratch.iterdir())))

    run_benchmark(method, str(tmp_path), 'unit9', before_test=before_test)
    assert seen == [('SEQ_WRITE', []), ('SEQ_READ', [])]
