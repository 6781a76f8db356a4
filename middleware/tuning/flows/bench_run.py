"""One benchmark run from spec to stored result: target and space checks, context, scratch lifecycle, fio in a thread.

The scratch area is recorded in the store before it is created and forgotten only once it is gone, so a crash at any
point leaves a record that ``sweep_scratch`` (start-up, and before every run) uses to remove it. fio runs in a
session of its own and would outlive a killed host, so each fio is recorded too, in ``fio_records_dir`` beside the
database while it may run; ``sweep_scratch`` stops what those records name before it removes any scratch area.
"""
import errno
import os
import secrets
import shutil
import threading

from .abortable import in_thread
from .. import alerts
from ..bench_runner.arc_counters import read_arc_counters
from ..bench_runner import FioFailed, PREFIX, remove_scratch, run_benchmark, stop_leftovers
from ..box.bench_target import (
    create_scratch_dataset, destroy_scratch_dataset, read_target, scratch_dataset_name,
)
from ..box.profile import read_profile
from ..box.settings import read_settings
from ..context import plugin_context
from ..core import presets, stored_words
from ..core.measured_preset import measured_preset_fields, preset_words
from ..core.bench import BenchmarkInputError, InsufficientSpaceError, benchmark_method
from ..core.bench.method import scratch_need
from ..core.bench.arc_reads import from_ram_note
from ..core.bench.space import room_for_scratch
from ..core.alerts import SCRATCH_LEFT, scratch_alerts, scratch_args
from ..core.bench.conditions import network_limit
from ..core.presets.constants import GLOBAL_SCOPE
from ..core.presets.data_loss import data_loss_knobs, data_loss_settings
from ..core.report.metric_info import title_of_test
from ..framework import CallError, ValidationErrors, zfs_property_writer
from ..store import benchmarks as store, network as network_store, presets as preset_store, restore_points as rps
from ..store.offloop import store_call

FIO = 'fio'
FIO_RECORDS_DIR = 'running-fio'  # beside the database, on the system dataset


def method_or_errors(spec: dict, env: dict, field: str) -> dict:
    """``benchmark_method`` with its errors in the TrueNAS format (the field path under ``field``)."""
    try:
        return benchmark_method(spec, env)
    except BenchmarkInputError as e:
        verrors = ValidationErrors()
        name = e.field.removeprefix('spec')
        verrors.add(f'{field}{name}' if name.startswith('.') else f'{field}.{e.field}', e.message)
        raise verrors from None
    except InsufficientSpaceError as e:
        raise CallError(f'Not enough space to benchmark {spec["dataset"]}: {e.message}.', errno.ENOSPC,
                        {'space': e.numbers}) from None


async def scratch_room(middleware, dataset: str, benchmark: dict | None = None) -> dict:
    """``tuning.benchmark.space``: the free bytes the space check reads for ``dataset`` and the most it lets a run's
    scratch quota take (the forms say these before Start, not the pool's nominal free space); with ``benchmark``
    (tests, profile, working set), what that run would take."""
    target = await read_target(middleware, dataset, 'dataset')
    env = target['env']
    need = None
    if benchmark:
        try:
            need = {**scratch_need(benchmark, env), 'arc_max_bytes': env.get('arc_max_bytes')}
        except BenchmarkInputError:   # a working set the run refuses: Start says why, on its field
            need = None
    return {'on_zfs': target['is_zfs'], 'free_bytes': env['free_bytes'], 'room_bytes': room_for_scratch(env),
            'need': need}


async def build_context(middleware, target: dict, method: dict, state: dict) -> dict:
    """What a result needs to be understood later: the box, the preset and settings it was measured under, and the
    benchmark's method (stored as ``plan``, its old name: stored results keep it)."""
    context = await box_context(middleware, state, target)
    measured = context.pop('dataset')
    return {
        **context,
        'target': measured,
        'cache_defeat': method['cache_defeat'],
        'plan': {k: method[k] for k in ('profile', 'runs', 'max_runs', 'adaptive', 'runtime_seconds',
                                        'ramp_seconds', 'space', 'tests')},
    }


def box_wide_data_loss_keys() -> list[str]:
    """The snapshot keys of the box-wide settings that can lose data on power loss (the cache-flush switches)."""
    return [presets.make_key(k.kind, k.scope, k.setting) for k in data_loss_knobs() if k.scope == GLOBAL_SCOPE]


async def box_context(middleware, state: dict, target: dict | None) -> dict:
    """The box's part of a result's context (also a client result's): preset, the settings of ``target`` (a
    ``read_target`` answer; None: no dataset, so no pool or dataset settings), the ones among them that can lose
    data on power loss (``data_loss_settings``; the box-wide ones without a dataset), versions, memory, ports,
    ceiling. The dataset measured is under ``dataset``."""
    profile = await read_profile(middleware)
    pool = next((p for p in profile['pools'] if p['name'] == target['pool']), None) if target else None
    snapshot = {}
    if target:
        keys = presets.keys_to_read(profile, presets.normalise_target({'pool': target['pool'],
                                                                        'dataset': target['dataset']}))
        snapshot = await read_settings(middleware, [presets.make_key(*key) for key in keys])
        data_loss = data_loss_settings(snapshot.values())
    else:   # no dataset: the box-wide ones still apply to whatever the client measured
        data_loss = data_loss_settings((await read_settings(middleware, box_wide_data_loss_keys())).values())
    active = state.get('active')
    measured = await store_call(middleware, network_store.latest_network_results)  # iperf3's ceiling per port
    return {
        # the name as it was: a custom preset may be renamed or deleted later; with how much of it waited for a
        # reboot, so nothing credits the preset with figures measured before it took effect
        'preset': {'id': active['preset'], 'name': await preset_name(middleware, active['preset']),
                   'restore_point_id': active['restore_point_id'], 'target': active['target'],
                   **measured_preset_fields(active['restore_point_id'], state)} if active else None,
        'pending_reboot': [p['key'] for p in state.get('pending_reboot') or []],
        'drift': [d['key'] for d in state.get('drift') or []],
        'dataset': {k: target[k] for k in ('dataset', 'pool', 'mountpoint', 'filesystem')} if target else None,
        'settings': [{k: row.get(k) for k in ('kind', 'scope', 'setting', 'value', 'source', 'exists')}
                     for row in snapshot.values()],
        # what made the figure faster than safe writes allow: said wherever the figure is shown
        'data_loss_settings': data_loss,
        'pool': pool,
        'backend': profile['backend'],
        'platform': profile['platform'],
        'openzfs_version': profile['openzfs_version'],
        'memory': profile['memory'],
        'cpu': profile['cpu'],
        'nics': profile['nics'],
        'theoretical_max': network_limit(profile['nics'], measured),
        'profile': profile,
    }


class Scratch:
    """The scratch area of one run: a child dataset on ZFS, a directory elsewhere."""

    def __init__(self, middleware, target: dict, bench_id: str, quota_bytes: int):
        self.middleware, self.target = middleware, target
        self.bench_id, self.quota_bytes = bench_id, quota_bytes
        self.dataset = scratch_dataset_name(target['dataset'], bench_id) if target['is_zfs'] else None
        self.record = self.dataset

    async def __aenter__(self) -> str:
        """Record, then create; returns the directory the runner makes its own scratch directory in."""
        if not self.dataset:   # the directory the runner will create (resolving a path touches the filesystem)
            mountpoint = await self.middleware.run_in_thread(os.path.realpath, self.target['mountpoint'])
            self.record = os.path.join(mountpoint, PREFIX + self.bench_id)
        await store_call(self.middleware, store.add_scratch, self.record, self.dataset)
        if not self.dataset:
            return self.target['mountpoint']
        try:
            return await create_scratch_dataset(self.middleware, self.dataset, self.quota_bytes)
        except BaseException:
            await self.__aexit__()  # a half-created dataset goes too
            raise

    async def __aexit__(self, *exc) -> None:
        area = {'path': self.record, 'dataset': self.dataset}
        try:
            await remove_recorded(self.middleware, area)
        except Exception as e:   # the record stays: the next sweep tries again
            await alerts.raise_one(self.middleware, SCRATCH_LEFT, scratch_args(area, failure_words(e)))
            raise
        await store_call(self.middleware, store.remove_scratch, self.record)

    def before_test(self):
        """The runner's ``before_test``, called in its worker thread: the scratch dataset's ``primarycache`` set to
        what each test's cache defeat needs (``metadata`` for random reads), inherited again for the others. Only the
        scratch dataset, which holds nothing but the run's own files and goes with them."""
        held = {'value': None}

        def set_cache(planned: dict) -> None:
            wanted = planned.get('scratch_primarycache')
            if self.dataset is None or wanted == held['value']:
                return
            method, params = presets.dataset_update_call(
                self.dataset, 'primarycache', wanted and wanted.upper(), inherit=wanted is None,
                zfs_writer=zfs_property_writer())
            self.middleware.call_sync(method, *params)
            held['value'] = wanted
        return set_cache


async def remove_recorded(middleware, area: dict) -> bool:
    """Remove one recorded scratch area; ``False`` when it cannot be decided now (its pool is not imported)."""
    if area['dataset']:
        pool = area['dataset'].split('/')[0]
        if not await middleware.call('pool.query', [['name', '=', pool]]):
            return False
        await destroy_scratch_dataset(middleware, area['dataset'])
        return True
    await middleware.run_in_thread(lambda: os.path.lexists(area['path']) and remove_scratch(area['path']))
    return True


def fio_records_dir(middleware) -> str:
    return os.path.join(os.path.dirname(plugin_context(middleware).db.path), FIO_RECORDS_DIR)


async def stop_leftover_fio(middleware) -> list[str]:
    """Stop the fio runs a killed host left running (they would go on writing into their scratch areas); → what
    was stopped, in words."""
    notes = [f'stopped fio (pid {", ".join(map(str, run["pids"]))}) left running in {run["scratch_dir"]} by a '
             'benchmark the restart interrupted'
             for run in await middleware.run_in_thread(stop_leftovers, fio_records_dir(middleware))]
    for note in notes:  # what tuning.state reports as recovered
        await store_call(middleware, rps.log_event, 'recovery', note)
    return notes


def failure_words(error: Exception) -> str:
    return f'removing it failed: {getattr(error, "errmsg", None) or error}'


async def sweep_scratch(middleware) -> dict:
    """After a crash: stop the fio it left running, then remove its scratch areas (keeping the record of any it
    cannot reach yet, each with a TrueNAS alert until it is gone); → ``{stopped: [note], removed: [path],
    left: [{path, dataset, why}]}``."""
    stopped = await stop_leftover_fio(middleware)
    removed, left = [], []
    for area in await store_call(middleware, store.scratch_areas):
        try:
            if await remove_recorded(middleware, area):
                await store_call(middleware, store.remove_scratch, area['path'])
                removed.append(area['path'])
            else:
                left.append({**area, 'why': f'its pool {area["dataset"].split("/")[0]} is not imported'})
        except Exception as e:
            middleware.logger.warning('tuning: could not remove benchmark scratch %s', area['path'], exc_info=True)
            left.append({**area, 'why': failure_words(e)})
    await alerts.settle(middleware, {SCRATCH_LEFT: scratch_alerts(left)})
    return {'stopped': stopped, 'removed': removed, 'left': left}


def new_bench_id(job_id) -> str:
    return f'{job_id}-{secrets.token_hex(3)}'


def require_fio() -> None:
    if shutil.which(FIO) is None:
        raise CallError('fio is not installed on this box; benchmarks need it (TrueNAS ships it).', errno.ENOENT)


async def run_fio_in_thread(middleware, method: dict, directory: str, bench_id: str, progress, scratch: Scratch) -> dict:
    """Run the benchmark's method in a worker thread; a job abort (``CancelledError``) stops fio and waits for its
    cleanup. On ZFS the box's ARC counters are read around each read run (what the ARC answered from RAM) and the
    scratch dataset's cache is set per test."""
    abort = threading.Event()
    on_zfs = scratch.dataset is not None
    try:
        return await in_thread(middleware, abort, run_benchmark, method, directory, bench_id, progress, abort, FIO,
                               fio_records_dir(middleware), read_arc_counters if on_zfs else None,
                               scratch.before_test())
    except FioFailed as e:
        raise CallError(f'fio failed: {e}', errno.EIO, {'stderr': e.stderr[-2000:]}) from None


def result_record(spec: dict, method: dict, context: dict, outcome: dict, label: str) -> dict:
    """The stored result from the runner's outcome (pure): raw fio JSON apart from the runs. ``context.arc``: what
    the ARC answered from RAM for each test that read (``core.bench.arc_reads``), where its counters were read."""
    tests = outcome['tests']
    notes = list(outcome['notes'])
    notes += [f'{title_of_test(test)}: {data["adaptive"]}' for test, data in tests.items() if data.get('adaptive')]
    notes.append(f'Cache defeat: {method["cache_defeat"]["explanation"]}.')
    arc = {test: data['arc'] for test, data in tests.items() if data.get('arc')}
    notes += [from_ram_note(test, share) for test, share in arc.items() if share['from_ram']]
    return {
        'label': label, 'source': 'FIO', 'spec': spec,
        'context': {**context, 'fio_version': outcome['fio_version'], **({'arc': arc} if arc else {})},
        'summary': {test: data['summary'] for test, data in tests.items()},
        'runs': {test: [{k: v for k, v in run.items() if k != 'fio_json'} for run in data['runs']]
                 for test, data in tests.items()},
        'jobs': [data['job_file'] for data in tests.values()],
        'notes': notes,
        'raw': {test: [run['fio_json'] for run in data['runs']] for test, data in tests.items()},
    }


async def preset_name(middleware, preset_id: str | None) -> str | None:
    """A preset's name in words: a built-in's from the catalogue, a custom preset's from the store; its id when it is
    gone; None without a preset."""
    if preset_id is None:
        return None
    builtin = presets.get_builtin(preset_id)
    if builtin is not None:
        return builtin['name']
    own = await store_call(middleware, preset_store.get_preset, preset_id)
    return own['name'] if own else preset_id


def default_label(spec: dict, context: dict) -> str:
    """"Max IOPS · tank/media · Quick test": the preset the result was measured under (by its name, and whether
    it was in effect yet: ``preset_words``), the dataset, the profile."""
    return stored_words.default_label(preset_words(context), spec['dataset'], spec.get('profile', 'QUICK'))


async def run(middleware, set_progress, job_id, spec: dict) -> dict:
    """The body of ``tuning.benchmark.run`` once the box is reserved for it (also a campaign's benchmark step).
    ``set_progress(percent, description, extra=None)`` is the job's."""
    await middleware.run_in_thread(require_fio)
    set_progress(0, f'Checking {spec["dataset"]} and its free space')
    await sweep_scratch(middleware)
    target = await read_target(middleware, spec['dataset'], 'spec.dataset')
    method = method_or_errors(spec, target['env'], 'spec')
    state = await middleware.call('tuning.current_state')
    context = await build_context(middleware, target, method, state)
    bench_id = new_bench_id(job_id)

    def progress(percent, description, extra):
        set_progress(2 + percent * 0.96, description, extra)

    set_progress(1, 'Creating the scratch ' + ('dataset' if target['is_zfs'] else 'directory'))
    scratch = Scratch(middleware, target, bench_id, method['space']['scratch_quota_bytes'])
    async with scratch as directory:
        outcome = await run_fio_in_thread(middleware, method, directory, bench_id, progress, scratch)
        set_progress(98, 'Removing the scratch data')
    record = result_record(spec, method, context, outcome, spec.get('label') or default_label(spec, context))
    result = await store_call(middleware, store.insert_benchmark, **record)
    set_progress(100, f'Benchmark #{result["id"]} stored')
    return result
