"""tuning.benchmark over the wire on the sandbox host, whose datasets are real directories: a QUICK run with real
fio end to end, abort, space refusal, imports and comparisons (also across a preset apply). The tests that look at
the sandbox's directories are `sandbox_only`; the rest also run against the VM tier's real pool."""
import os
import re
import shutil
import subprocess

import pytest

from client import JobFailed, RpcError
from tuning_helpers import error_fields

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'fixtures', 'bench')
DATASET = 'tank/media'
SMALL = {'dataset': DATASET, 'tests': ['SEQ_WRITE', 'RAND_READ_4K'], 'profile': 'QUICK', 'runs': 2,
         'adaptive': False, 'runtime_seconds': 2, 'ramp_seconds': 1}
LATENCY_PERCENTILES = ('p50', 'p90', 'p99', 'p99_9')


def fixture(*parts) -> str:
    with open(os.path.join(FIXTURES, *parts)) as f:
        return f.read()


def mountpoint(c, dataset=DATASET) -> str:
    return c.call('pool.dataset.query', [['id', '=', dataset]], {'get': True})['mountpoint']


def scratch_left(path) -> list[str]:
    return [name for name in os.listdir(path) if name.startswith('.tuning-bench-')]


def fio_running(path) -> bool:
    """Whether a fio of this host runs (its job file lives under the dataset's directory; other hosts may run fio
    at the same time)."""
    pattern = f'^fio .*{re.escape(os.path.realpath(path))}/'
    return subprocess.run(['pgrep', '-f', pattern], capture_output=True).returncode == 0


def start_running(c, spec, until='extra') -> int:
    """Start a benchmark job and return its id once its progress has `until`. For 'extra', once fio reports a rate
    (the first 'extra' says only `phase: starting`, before fio is there)."""
    c.subscribe('core.get_jobs')
    job_id = c.job_id('tuning.benchmark.run', spec)

    def reached(e):
        progress = (e.get('fields') or {}).get('progress') or {}
        value = progress.get(until)
        return value and (until != 'extra' or 'mbps' in value)
    c.wait_event(lambda e: e.get('collection') == 'core.get_jobs' and e.get('id') == job_id and reached(e),
                 timeout=600)
    return job_id


@pytest.mark.sandbox_only
def test_quick_benchmark_end_to_end_with_progress(c):
    before = sorted(os.listdir(mountpoint(c)))
    progress = []
    entry = c.job('tuning.benchmark.run', {**SMALL, 'label': 'e2e'}, timeout=600,
                  callback=lambda job: progress.append(job['progress']))

    words = [p['description'] for p in progress if p.get('description')]
    assert any(w.startswith('run 1/2 · Sequential write 1 MiB') for w in words)
    assert any(w.startswith('run 2/2 · Random read 4 KiB') for w in words)
    # the random read's files are written before its first run, said as such, with no rate
    assert 'run 1/2 · Random read 4 KiB · writing its test files first (not measured)' in words
    assert any(re.search(r'· [\d.,]+ [MG]B/s$', w) for w in words)
    assert any(re.search(r'· [\d.,]+ IOPS$', w) for w in words)
    live = [p['extra'] for p in progress if p.get('extra')]
    assert any(x['test'] == 'SEQ_WRITE' and x.get('mbps', 0) > 0 for x in live)
    assert any(x['phase'] == 'starting' and 'mbps' not in x for x in live)   # no stale rate at a run's start
    percents = [p['percent'] for p in progress if p.get('percent') is not None]
    assert percents == sorted(percents) and percents[-1] == 100

    assert entry['label'] == 'e2e' and entry['source'] == 'FIO'
    assert entry['spec']['tests'] == SMALL['tests']
    write = entry['summary']['SEQ_WRITE']
    assert write['write_bw_bytes']['n'] == 2 and write['write_bw_bytes']['median'] > 0
    for p in LATENCY_PERCENTILES:
        assert entry['summary']['RAND_READ_4K'][f'read_lat_{p}_ns']['median'] > 0
    assert [r['run'] for r in entry['runs']['SEQ_WRITE']] == [1, 2]
    # Every derived fio job is stored; a plain directory is measured with O_DIRECT.
    assert len(entry['jobs']) == 2 and all('direct=1' in job for job in entry['jobs'])
    ctx = entry['context']
    assert ctx['cache_defeat']['method'] == 'O_DIRECT'
    assert ctx['fio_version'].startswith('fio-')
    assert ctx['pool']['layout'] == 'RAIDZ2 7×HDD'
    assert ctx['target']['dataset'] == DATASET
    assert any(row['setting'] == 'recordsize' and row['scope'] == DATASET for row in ctx['settings'])
    assert ctx['theoretical_max']['bytes_per_second'] == 1000 * 10**6 // 8   # fastest linked NIC: 1 GbE

    # Nothing left behind, and the result is stored.
    assert sorted(os.listdir(mountpoint(c))) == before
    assert not fio_running(mountpoint(c))
    assert c.call('tuning.benchmark.get', entry['id'])['summary'] == entry['summary']
    assert c.call('tuning.benchmark.query', [['label', '=', 'e2e']], {'count': True}) == 1
    assert c.call('tuning.benchmark.delete', entry['id']) is True
    with pytest.raises(RpcError) as e:
        c.call('tuning.benchmark.get', entry['id'])
    assert error_fields(e.value) == ['id']


@pytest.mark.sandbox_only
def test_abort_stops_fio_and_leaves_nothing_behind(c):
    before = sorted(os.listdir(mountpoint(c)))
    count = c.call('tuning.benchmark.query', [], {'count': True})
    job_id = start_running(c, {**SMALL, 'runtime_seconds': 60, 'runs': 3})
    assert scratch_left(mountpoint(c)) and fio_running(mountpoint(c))   # fio runs inside its scratch directory
    c.call('core.job_abort', job_id)
    assert c.wait_job(job_id, timeout=600)['state'] == 'ABORTED'
    assert sorted(os.listdir(mountpoint(c))) == before
    assert not fio_running(mountpoint(c))
    assert c.call('tuning.benchmark.query', [], {'count': True}) == count
    assert c.call('tuning.state')['busy'] is None


@pytest.mark.sandbox_only
def test_refuses_with_the_numbers_when_space_is_short(c):
    before = sorted(os.listdir(mountpoint(c)))
    with pytest.raises(JobFailed) as e:
        c.job('tuning.benchmark.run', {**SMALL, 'working_set_bytes': 2**60})
    job = e.value.job
    assert 'Not enough space' in job['error'] and 'GiB' in job['error']
    extra = job['exc_info']['extra']
    assert extra['space']['required_bytes'] == 2**60 and extra['space']['filesystem_free_bytes'] > 0
    assert sorted(os.listdir(mountpoint(c))) == before


@pytest.mark.parametrize('spec, field', [
    ({**SMALL, 'dataset': 'tank/nope'}, 'spec.dataset'),
    ({**SMALL, 'tests': []}, 'spec.tests'),
    ({**SMALL, 'tests': ['SEQ_WRITE', 'SEQ_WRITE']}, 'spec.tests'),
    ({**SMALL, 'runs': 0}, 'spec.runs'),
    ({**SMALL, 'profile': 'FOREVER'}, 'spec.profile'),
])
def test_bad_specs_name_the_field(c, spec, field):
    with pytest.raises((RpcError, JobFailed)) as e:
        c.job('tuning.benchmark.run', spec)
    assert field in error_fields(e.value)


def test_import_then_compare_old_and_new_tools(c):
    bonnie = c.call('tuning.benchmark.import', 'BONNIE', fixture('bonnie', 'runs-x3-2.00a.csv'), 'bonnie 2021')
    gobonnie = c.call('tuning.benchmark.import', 'GOBONNIEGO', fixture('gobonniego', 'runs3.json'), 'gobonniego')
    assert bonnie['source'] == 'BONNIE' and bonnie['summary']['SEQ_WRITE']['write_bw_bytes']['n'] == 3
    assert gobonnie['source'] == 'GOBONNIEGO'
    out = c.call('tuning.benchmark.compare', [bonnie['id'], gobonnie['id']])
    assert out['baseline']['id'] == bonnie['id']
    (pair,) = out['comparisons']
    assert pair['id'] == gobonnie['id']
    rows = {(r['test'], r['metric']): r for r in pair['metrics']}
    assert ('SEQ_WRITE', 'write_bw_bytes') in rows and ('SEQ_READ', 'read_bw_bytes') in rows
    row = rows[('SEQ_WRITE', 'write_bw_bytes')]
    assert row['ratio'] == pytest.approx(row['other']['median'] / row['baseline']['median'])
    # 3 runs a side: no exact Mann–Whitney p can go below 0.1, so no verdict, no interval, no p.
    assert row['verdict'] == 'INSUFFICIENT_RUNS' and row['min_runs'] > 3
    assert row['ratio_ci_low'] is None and row['ratio_ci_high'] is None and row['p_adjusted'] is None
    # What the panel and the report draw comes with it, in words, with one colour per result.
    assert [(s['configuration_id'], s['baseline']) for s in out['series']] == [(bonnie['id'], True),
                                                                               (gobonnie['id'], False)]
    charts = {ch['id']: ch for ch in out['charts']}
    assert charts['throughput']['kind'] == 'BAR' and charts['throughput']['scale'] == 'LINEAR'
    assert [g['label'] for g in charts['throughput']['groups']] == ['Sequential write 1 MiB', 'Sequential read 1 MiB']
    tile = next(t for t in out['tiles'] if t['key'] == 'SEQ_WRITE:write_bw_bytes')
    assert tile['values'][1]['change']['words'].startswith('too few runs for a verdict')
    assert '%' not in tile['values'][1]['change']['words']
    # And where the panel draws each mark, at each width it may have: names whole (imported results: no limit line).
    layouts = out['chart_layouts']['throughput']
    assert set(out['chart_layouts']) == set(charts) and [l['width'] for l in layouts][0] == 300
    rows = layouts[0]['groups'][0]['rows']
    assert [' '.join(r['label_lines']) for r in rows] == ['bonnie 2021', 'gobonniego']
    assert all(l['reference'] is None for l in layouts) and all(r['bar_to'] is not None for r in rows)
    # The original file is kept with the result.
    assert c.call('tuning.benchmark.get', bonnie['id'])['notes'] is not None


def test_a_bad_file_is_refused_whole_with_where(c):
    count = c.call('tuning.benchmark.query', [], {'count': True})
    broken = fixture('bonnie', 'runs-x3-2.00a.csv').replace('81600', '81x00')   # line 3 is bad, 2 and 4 are fine
    with pytest.raises(RpcError) as e:
        c.call('tuning.benchmark.import', 'BONNIE', broken, 'broken')
    assert error_fields(e.value) == ['data'] and 'line 3, column put_block' in e.value.reason
    with pytest.raises(RpcError) as e:
        c.call('tuning.benchmark.import', 'FIO', '{"jobs": []}', 'not fio')
    assert error_fields(e.value) == ['data'] and 'fio version' in e.value.reason
    assert c.call('tuning.benchmark.query', [], {'count': True}) == count


def test_plan_estimate_says_what_runs_can_prove(c):
    out = c.call('tuning.benchmark.plan_estimate', {'tests': ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K'],
                                                    'profile': 'STANDARD', 'runs': 5})
    assert out['duration_seconds'] == 5 * 3 * 70 and out['min_runs'] == 5 and out['can_reach_verdict']
    assert out['summary'].startswith('5 runs × 3 tests × 70 s') and '≈ 18 min' in out['summary']
    assert 'can detect a change of about 10 %' in out['summary'] and out['assumed_cv_percent'] == 5
    few = c.call('tuning.benchmark.plan_estimate', {'tests': ['SEQ_WRITE'], 'runs': 1, 'rounds': 1,
                                                    'configurations': 2})
    assert not few['can_reach_verdict'] and few['detectable_change_percent'] is None and few['single_round']
    assert 'too few runs for a verdict' in few['summary']
    # The defaults of a benchmark and of a campaign (2 runs × 3 rounds) can reach a verdict.
    assert c.call('tuning.benchmark.plan_estimate')['can_reach_verdict']
    assert c.call('tuning.benchmark.plan_estimate', {'runs': 2, 'rounds': 3, 'configurations': 2})['can_reach_verdict']
    with pytest.raises(RpcError) as e:
        c.call('tuning.benchmark.plan_estimate', {'runs': 0})
    assert error_fields(e.value) == ['estimate.runs']


@pytest.mark.sandbox_only
def test_space_says_the_datasets_real_free_space_and_the_room_the_check_leaves(c):
    # the sandbox's stand-in pool reports a simulated size; the dataset's directory is on this machine's disk
    out = c.call('tuning.benchmark.space', DATASET)
    free = shutil.disk_usage(mountpoint(c)).free
    assert out['on_zfs'] is False and abs(out['free_bytes'] - free) < 256 * 2**20
    assert 0 <= out['room_bytes'] < out['free_bytes'] and out['need'] is None
    # with a run's choices, what it would take: off ZFS the profile's modest set, past the page cache
    need = c.call('tuning.benchmark.space', DATASET, {'tests': ['SEQ_WRITE'], 'profile': 'QUICK'})['need']
    assert need['method'] == 'O_DIRECT' and need['working_set_bytes'] == 256 * 2**20
    assert need['refquota_bytes'] == -(-need['working_set_bytes'] * 11 // 10)
    with pytest.raises(RpcError) as e:
        c.call('tuning.benchmark.space', 'tank/nope')
    assert error_fields(e.value) == ['dataset']


def test_compare_rejects_unknown_and_repeated_ids(c):
    with pytest.raises(RpcError) as e:
        c.call('tuning.benchmark.compare', [999999, 999998])
    assert error_fields(e.value) == ['ids.0']
    with pytest.raises(RpcError) as e:
        c.call('tuning.benchmark.compare', [1, 1])
    assert 'ids' in error_fields(e.value)
    with pytest.raises(RpcError) as e:   # a yes or no, never a string that looks like one
        c.call('tuning.benchmark.compare', [999999, 999998], None, 'yes')
    assert error_fields(e.value) == ['judge_from_ram']
    with pytest.raises(RpcError) as e:   # only the widths the charts are laid out at
        c.call('tuning.benchmark.compare', [999999, 999998], None, False, [400, 401])
    assert error_fields(e.value) == ['chart_widths.1']


@pytest.mark.sandbox_only
def test_compare_across_a_preset_apply(c):
    spec = {**SMALL, 'tests': ['SEQ_WRITE'], 'runs': 3}
    before = c.job('tuning.benchmark.run', {**spec, 'label': 'before'}, timeout=600)
    applied = c.job('tuning.preset.apply', 'max-seq-write', {'pool': 'tank', 'dataset': DATASET},
                    {'acknowledge': []})
    try:
        after = c.job('tuning.benchmark.run', spec, timeout=600)   # no label: one is made up, in words
    finally:
        c.job('tuning.restore_point.revert', applied['restore_point_id'], [])
    assert before['context']['preset'] is None
    assert after['context']['preset']['id'] == 'max-seq-write'
    assert after['context']['preset']['name'] == 'Max sequential write'
    assert after['label'] == f'Max sequential write · {DATASET} · Quick test'
    settings = lambda e: {(r['scope'], r['setting']): r['value'] for r in e['context']['settings']}
    assert settings(before)[(DATASET, 'recordsize')] != settings(after)[(DATASET, 'recordsize')]
    out = c.call('tuning.benchmark.compare', [before['id'], after['id']])
    rows = {r['metric']: r for r in out['comparisons'][0]['metrics'] if r['test'] == 'SEQ_WRITE'}
    assert rows['write_bw_bytes']['baseline']['n'] == 3 and rows['write_bw_bytes']['other']['n'] == 3
    # 3 runs a side cannot reach a verdict: said so, with no interval or p-value.
    assert rows['write_bw_bytes']['verdict'] == 'INSUFFICIENT_RUNS' and rows['write_bw_bytes']['min_runs'] == 5
    assert rows['write_bw_bytes']['p_adjusted'] is None and rows['write_bw_bytes']['ratio_ci_low'] is None
    assert out['theoretical_max']['bytes_per_second'] > 0


@pytest.mark.sandbox_only
def test_benchmarks_and_applies_exclude_each_other(c):
    job_id = start_running(c, {**SMALL, 'runtime_seconds': 60}, until='description')
    try:
        with pytest.raises((RpcError, JobFailed)) as e:
            c.job('tuning.preset.apply', 'max-iops', {'pool': 'tank', 'dataset': DATASET}, {'acknowledge': []})
        assert 'tuning.benchmark.run' in str(e.value)
        with pytest.raises((RpcError, JobFailed)) as e:
            c.job('tuning.benchmark.run', SMALL)
        assert 'tuning.benchmark.run' in str(e.value)
    finally:
        c.call('core.job_abort', job_id)
        assert c.wait_job(job_id, timeout=600)['state'] == 'ABORTED'
