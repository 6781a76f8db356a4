"""The standalone host's appliance services tell the truth: checked against the REAL TrueNAS models of the release.

Phase 1 runs an in-process standalone host (``Box`` of tests/unit/plugin/test_startup.py: runtime, sandbox backend,
appliance services and the plugin) before the real middlewared is imported, and records every appliance call the
PLUGIN makes (method, params, answer) while it previews, applies and reverts each built-in preset (with the unused SSD
as cache or log disk where the preset asks for one) and creates/deletes a benchmark scratch dataset; plus the host's
answers to the reads the plugin makes, with the preset's settings applied, and its errors.

Phase 2 imports the release's middlewared (framework_session) and checks
  (a) every answer the plugin reads validates against the release's model (``...Entry`` rows, ``...Result``);
  (b) every call's params pass the release's ``accept_params(<Method>Args, params)``, private methods exist in the
      release's source with an arity that fits, and no appliance call in the plugin's source goes unchecked;
  (c) errors follow the real code: MatchNotFound for ``get`` without a match (real ``filter_list``), the field names
      and errnos of ``tunable.create``'s validation (read from the release's plugins/tunables.py),
      FileNotFoundError from ``tunable.get_sysctl``, ``[]`` for an unknown pool.
Answers are validated in their wire form (JSON), as a client of the release's API would read them.
"""
import ast
import contextvars
import errno
import importlib
import importlib.util
import json
import os
import re
from pathlib import Path

import pytest

from .framework_session import REPO, open_session, skip_reason

REASON = skip_reason()
if REASON is not None and os.environ.get('TUNING_RULES_REQUIRE_FRAMEWORK'):
    raise RuntimeError(f'the real-framework tier cannot run: {REASON}')  # run.sh: a tier that skips proves nothing
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or '')

TARGET = {'pool': 'tank', 'dataset': 'tank/media'}
SPARE_SSD = 'sdh'  # the sandbox box's unused SSD

# Calls the standalone host serves that TrueNAS does not have; on TrueNAS the plugin does the same thing itself
# (box/appliance.py, ON_TRUENAS branches), so there is no real model to check them against.
HOST_ONLY = {
    'tunable.get_zfs_parameters': 'TrueNAS has no call listing live module parameters: there the plugin reads '
                                  '/sys/module/zfs/parameters like middlewared\'s tunables plugin',
    'zfs.version': 'TrueNAS has no call for the OpenZFS version: there the plugin runs `zfs version`',
    'disk.stand_in': 'the sandbox\'s file standing in for a disk; asked only when the backend is the sandbox (on '
                     'TrueNAS the plugin reads /dev/<devname> from disk.query)',
    'truenas.status': 'the standalone host serving a TrueNAS box (--backend truenas): whether its API key may write '
                      'raw ZFS properties; asked only on that host, never inside middlewared',
}

# Private methods of the release (no API model): the file defining them, its namespace, and the function name.
PRIVATE = {
    'tunable.get_sysctl': ('plugins/tunables.py', 'tunable', 'get_sysctl'),
    'sysctl.get_arcstats': ('plugins/sysctl/sysctl_info.py', 'sysctl', 'get_arcstats'),
    'system.reboot.add_reason': ('plugins/system/reboot.py', 'system.reboot', 'add_reason'),
    'system.reboot.remove_reason': ('plugins/system/reboot.py', 'system.reboot', 'remove_reason'),
    'alert.oneshot_create': ('plugins/alert.py', 'alert', 'oneshot_create'),
    'alert.oneshot_delete': ('plugins/alert.py', 'alert', 'oneshot_delete'),
    'zfs.dataset.update': ('plugins/zfs_/dataset.py', 'zfs.dataset', 'update'),
    'pool.dataset.update_impl': ('plugins/pool_/dataset.py', 'pool.dataset', 'update_impl'),
}
# The plugin writes raw ZFS properties (logbias, primarycache, ...) with exactly one of these: the one the release has.
ZFS_PROPERTY_WRITERS = {'zfs.dataset.update', 'pool.dataset.update_impl'}

# method -> Args model (names per release, first found wins); query methods take the generic QueryArgs.
ARGS = {
    'pool.query': ['QueryArgs'], 'pool.dataset.query': ['QueryArgs'], 'disk.query': ['QueryArgs'],
    'interface.query': ['QueryArgs'], 'tunable.query': ['QueryArgs'], 'core.get_jobs': ['QueryArgs'],
    'core.job_abort': ['CoreJobAbortArgs'],
    'disk.details': ['DiskDetailsArgs'], 'system.info': ['SystemInfoArgs'], 'system.version': ['SystemVersionArgs'],
    'system.boot_id': ['SystemBootIdArgs'], 'system.ready': ['SystemReadyArgs'], 'zfs.resource.query': ['ZFSResourceQueryArgs'],
    'pool.dataset.create': ['PoolDatasetCreateArgs'], 'pool.dataset.update': ['PoolDatasetUpdateArgs'],
    'pool.dataset.delete': ['PoolDatasetDeleteArgs'], 'pool.update': ['PoolUpdateArgs'],
    'pool.remove': ['PoolRemoveArgs'], 'tunable.create': ['TunableCreateArgs'],
    'tunable.update': ['TunableUpdateArgs'], 'tunable.delete': ['TunableDeleteArgs'],
    'smb.update': ['SMBUpdateArgs'], 'nfs.update': ['NFSUpdateArgs'],
    'alert.list': ['AlertListArgs'],   # read by the plugin to settle its own alerts (tuning.alerts)
}
CONFIG_METHODS = {'smb.config', 'nfs.config', 'systemdataset.config', 'system.general.config'}  # no params

# method -> how its answer is checked: ('rows', Entry) for query methods, ('entry', Entry), ('result', Result model)
ANSWERS = {
    'pool.query': ('rows', ['PoolEntry']), 'pool.dataset.query': ('rows', ['PoolDatasetEntry']),
    'disk.query': ('rows', ['DiskEntry']), 'interface.query': ('rows', ['InterfaceEntry']),
    'tunable.query': ('rows', ['TunableEntry']),
    'smb.config': ('entry', ['SmbServiceEntry', 'SMBEntry']), 'nfs.config': ('entry', ['NfsEntry', 'NFSEntry']),
    'systemdataset.config': ('entry', ['SystemDatasetEntry']),
    'disk.details': ('result', ['DiskDetailsResult']), 'system.info': ('result', ['SystemInfoResult']),
    'system.version': ('result', ['SystemVersionResult']), 'system.boot_id': ('result', ['SystemBootIdResult']),
    'zfs.resource.query': ('result', ['ZFSResourceQueryResult']),
    'pool.dataset.create': ('result', ['PoolDatasetCreateResult']),
    'pool.dataset.update': ('result', ['PoolDatasetUpdateResult']),
    'pool.dataset.delete': ('result', ['PoolDatasetDeleteResult']),
    'pool.update': ('result', ['PoolUpdateResult']), 'pool.remove': ('result', ['PoolRemoveResult']),
    'tunable.create': ('result', ['TunableCreateResult']), 'tunable.update': ('result', ['TunableUpdateResult']),
    'tunable.delete': ('result', ['TunableDeleteResult']),
    'smb.update': ('result', ['SMBUpdateResult']), 'nfs.update': ('result', ['NFSUpdateResult']),
    'alert.list': ('result', ['AlertListResult']),
}

# Models with LongString fields (alert texts): the release's LongString validates the wire's text as a Python object
# only (in JSON mode its own BeforeValidator wraps the string, which its JSON schema then refuses as not a string);
# validated in Python's lax mode, so the datetimes of `_wire` (text) are read as datetimes, as the client reads $date.
PYTHON_MODE_MODELS = {'AlertListResult'}

# Reads the plugin makes, asked again of the host with each preset applied (the answers the plugin would read then).
READS = [
    ('pool.query', []), ('pool.query', [[['name', '=', 'tank']], {'get': True}]),
    ('pool.dataset.query', []), ('disk.query', []), ('disk.details', [{'type': 'UNUSED', 'join_partitions': False}]),
    ('disk.details', []), ('interface.query', []), ('system.info', []), ('system.version', []),
    ('system.boot_id', []), ('smb.config', []), ('nfs.config', []), ('systemdataset.config', []),
    ('tunable.query', []), ('zfs.resource.query', [{'paths': ['tank/media'], 'properties': ['logbias', 'primarycache',
                                                                                          'secondarycache']}]),
]


def _load_box_class():
    """``Box`` of tests/unit/plugin/test_startup.py (a test module, not a package: loaded from its file)."""
    path = REPO / 'tests' / 'unit' / 'plugin' / 'test_startup.py'
    spec = importlib.util.spec_from_file_location('_tuning_startup_box', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Box


def _wire(value):
    """The answer as a client reads it (what the host's JSON encoder sends)."""
    return json.loads(json.dumps(value, default=str))


class Recorder:
    """Wraps ``mw.call``: records the appliance calls made by the plugin (not the ones appliance services make)."""

    def __init__(self, mw):
        self.calls, self.enabled = [], False
        self._inside = contextvars.ContextVar('inside_appliance', default=False)
        self._call = mw.call

        async def call(name, *params, **kwargs):
            if self._inside.get() or not self.enabled or name.startswith('tuning.'):
                return await self._call(name, *params, **kwargs)
            entry = {'method': name, 'params': _wire(list(params))}
            self.calls.append(entry)
            token = self._inside.set(True)
            try:
                result = await self._call(name, *params, **kwargs)
            except Exception as e:
                entry['error'] = repr(e)
                raise
            finally:
                self._inside.reset(token)
            entry['answer'] = result  # a Job for job methods: its result is read once the flow is over
            return result
        mw.call = call

    def finish(self):
        for entry in self.calls:
            answer = entry.get('answer')
            if hasattr(answer, 'wait') and hasattr(answer, 'result'):
                entry['answer'] = answer.result
            if 'answer' in entry:
                entry['answer'] = _wire(entry['answer'])


def _job_error(box, method, *params):
    """The exception a job method ended with (Box.call would turn it into a CallError)."""
    async def run():
        job = await box.mw.call(method, *params)
        await job.wait()
        return job.exc_info[1] if job.exc_info else None
    return _describe(box.run(run()))


def _describe(e):
    if e is None:
        return None
    return {'type': type(e).__name__, 'errno': getattr(e, 'errno', None),
            'errors': [list(x) for x in e] if type(e).__name__ == 'ValidationErrors' else None}


def _error(fn):
    try:
        fn()
    except Exception as e:
        return _describe(e)
    return None


def _release_of_source() -> str:
    """'25.10' or '26.0': the newest API version directory of MIDDLEWARED_SRC (read without importing it)."""
    api = Path(os.environ['MIDDLEWARED_SRC']) / 'middlewared' / 'api'
    versions = [tuple(int(x) for x in d.name[1:].split('_')) for d in api.glob('v*_*_*') if d.is_dir()]
    major, minor = max(versions)[:2]
    return f'{major}.{minor}'


@pytest.fixture(scope='module')
def recorded(tmp_path_factory):
    """Phase 1, before the real middlewared is imported: the plugin's calls and the host's answers and errors,
    the host imitating the release under test."""
    Box = _load_box_class()
    mp = pytest.MonkeyPatch()
    mp.setenv('TUNING_HOST_TRUENAS_RELEASE', _release_of_source())
    box = Box(str(tmp_path_factory.mktemp('fakes') / 'data'))
    try:
        box.boot()
        box.ready()
        recorder = Recorder(box.mw)
        reads, flows = [], []

        def snapshot_reads(state):
            for method, params in READS:
                reads.append({'state': state, 'method': method, 'params': params,
                              'answer': _wire(box.call(method, *params))})

        snapshot_reads('initial')
        recorder.enabled = True
        presets = box.call('tuning.preset.query', [['builtin', '=', True]], {'order_by': ['id']})
        assert len(presets) >= 7, presets
        for preset in presets:
            target = dict(TARGET)
            plan = box.call('tuning.preset.preview', preset['id'], target)
            unmet = {p['id'] for p in plan.get('prerequisites') or [] if not p['met']}
            if 'cache' in unmet:
                target['cache_disks'] = [SPARE_SSD]
            elif 'log' in unmet:
                target['log_disks'] = [SPARE_SSD]
            if len(target) > len(TARGET):
                plan = box.call('tuning.preset.preview', preset['id'], target)
            ack = [c['setting'] for c in plan['changes'] if c['risk'] == 'DANGEROUS']
            applied = box.call('tuning.preset.apply', preset['id'], target, {'acknowledge': ack})
            flows.append((preset['id'], sorted(target), len(plan['changes'])))
            if applied['restore_point_id'] is None:
                continue
            recorder.enabled = False
            snapshot_reads(f'{preset["id"]} applied')
            recorder.enabled = True
            back = box.call('tuning.restore_point.preview', applied['restore_point_id'])
            box.call('tuning.restore_point.revert', applied['restore_point_id'],
                     [c['setting'] for c in back['changes'] if c['risk'] == 'DANGEROUS'])
        # a data-loss setting: the plugin raises its alert as the apply commits and clears it with the revert
        box.call('tuning.preset.create', {'name': 'Loose', 'settings': [
            {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]})
        loose = box.call('tuning.preset.apply', 'loose', TARGET, {'acknowledge': ['sync']})
        flows.append(('loose', sorted(TARGET), 1))
        recorder.enabled = False
        reads.append({'state': 'loose applied', 'method': 'alert.list', 'params': [],
                      'answer': _wire(box.call('alert.list'))})
        recorder.enabled = True
        box.call('tuning.restore_point.revert', loose['restore_point_id'], [])
        # a benchmark's scratch dataset, as bench_run.Scratch makes and removes it
        from tuning.box.bench_target import (create_scratch_dataset, destroy_scratch_dataset, read_target,
                                             scratch_dataset_name)
        box.run(read_target(box.mw, 'tank/media', 'spec.dataset'))
        scratch = scratch_dataset_name('tank/media', 'fakes-1')
        box.run(create_scratch_dataset(box.mw, scratch, 2 * 1024 ** 3))
        assert box.run(destroy_scratch_dataset(box.mw, scratch)) is True
        box.call('tuning.profile')
        recorder.enabled = False
        recorder.finish()

        errors = {
            'get_without_match': _error(lambda: box.call('pool.dataset.query', [['id', '=', 'tank/nope']],
                                                         {'get': True})),
            'unknown_pool': box.call('pool.query', [['name', '=', 'nope']]),
            'unknown_sysctl': _error(lambda: box.call('tunable.get_sysctl', 'net.core.no_such_sysctl')),
            'tunable_create_unknown_sysctl': _job_error(box, 'tunable.create', {
                'type': 'SYSCTL', 'var': 'net.core.no_such_sysctl', 'value': '1'}),
            'tunable_create_unknown_zfs': _job_error(box, 'tunable.create', {
                'type': 'ZFS', 'var': 'zfs_no_such_parameter', 'value': '1'}),
        }
        box.call('tunable.create', {'type': 'SYSCTL', 'var': 'net.core.rmem_max', 'value': '4194304'})
        errors['tunable_create_duplicate'] = _job_error(box, 'tunable.create', {
            'type': 'SYSCTL', 'var': 'net.core.rmem_max', 'value': '4194304'})
        yield {'calls': recorder.calls, 'reads': reads, 'flows': flows, 'errors': errors,
               'release': _release_of_source()}
    finally:
        box.close()
        mp.undo()


@pytest.fixture(scope='module')
def real(recorded, tmp_path_factory):
    """Phase 2: the release's middlewared (its API models, its filter_list, its source tree)."""
    session = open_session(tmp_path_factory.mktemp('middlewared-tree'))
    try:
        api = importlib.import_module('middlewared.api.current')
        assert _release(api) == recorded['release'], 'the host imitated another release than the one checked'
        yield {'api': api, 'src': Path(session.root) / 'middlewared', 'release': _release(api)}
    finally:
        session.close()


def _release(api) -> str:
    """'25.10' or '26.0' from the API version ``current`` points at (v25_10_5, v26_0_0)."""
    version = next(m.__module__ for m in vars(api).values() if getattr(m, '__module__', '').startswith(
        'middlewared.api.v')).split('.')[2]
    major, minor = version[1:].split('_')[:2]
    return f'{major}.{minor}'


def _model(api, names):
    for name in names:
        if hasattr(api, name):
            return getattr(api, name)
    raise AssertionError(f'none of {names} in middlewared.api.current of this release')


def _validate(api, method, params, answer) -> list[str]:
    """Problems of one answer against the release's model ('' list when it validates)."""
    from pydantic import ValidationError
    how, names = ANSWERS[method]
    model = _model(api, names)
    options = params[1] if how == 'rows' and len(params) > 1 else {}
    if how == 'rows' and options.get('count'):
        return [] if isinstance(answer, int) else [f'count answer {answer!r}']
    if how == 'rows' and options.get('select'):
        unknown = set(options['select']) - set(model.model_fields)
        return [f'select names fields the model lacks: {sorted(unknown)}'] if unknown else []
    rows = ([answer] if options.get('get') else answer) if how == 'rows' else [answer]
    problems = []
    for row in rows:
        try:
            data = {'result': row} if how == 'result' else row
            try:
                if model.__name__ in PYTHON_MODE_MODELS:
                    model.model_validate(data, strict=False)   # datetimes come as text in this wire form
                else:
                    model.model_validate_json(json.dumps(data))
            except NotImplementedError:  # a model with isinstance checks validates Python objects only (strict)
                model.model_validate(data)
        except ValidationError as e:
            problems += [f'{".".join(map(str, err["loc"]))}: {err["msg"]}' for err in e.errors()]
    return problems


# --- (a) answers ----------------------------------------------------------------------------------------------------

def test_the_flows_ran(recorded):
    """Every built-in preset was applied (and reverted), with the spare SSD where one asked for it."""
    assert {'balanced', 'max-seq-write', 'max-seq-read', 'max-iops', 'vm-block', 'smb-files',
            'media-streaming'} <= {name for name, _, _ in recorded['flows']}
    methods = {c['method'] for c in recorded['calls']}
    assert {'tunable.create', 'pool.dataset.update', 'pool.update', 'pool.remove', 'pool.dataset.create',
            'pool.dataset.delete', 'smb.update', 'alert.list', 'alert.oneshot_create', 'alert.oneshot_delete'} \
        <= methods, methods
    (listed,) = [r['answer'] for r in recorded['reads'] if r['method'] == 'alert.list']
    assert [a['klass'] for a in listed] == ['TuningDataLoss'], 'the host answered the alert the plugin raised'


def test_host_answers_to_the_plugins_reads_validate_against_the_release_models(recorded, real):
    problems = {}
    for read in recorded['reads']:
        found = _validate(real['api'], read['method'], read['params'], read['answer'])
        if found:
            problems.setdefault(f'{read["method"]} {json.dumps(read["params"])}', set()).update(found)
    assert not problems, f'TrueNAS {real["release"]}: ' + json.dumps({k: sorted(v) for k, v in problems.items()},
                                                                      indent=1)


def test_answers_the_plugin_got_during_its_flows_validate_against_the_release_models(recorded, real):
    problems = {}
    for call in recorded['calls']:
        if call['method'] in ANSWERS and 'answer' in call:
            found = _validate(real['api'], call['method'], call['params'], call['answer'])
            if found:
                problems.setdefault(call['method'], set()).update(found)
    assert not problems, f'TrueNAS {real["release"]}: ' + json.dumps({k: sorted(v) for k, v in problems.items()},
                                                                      indent=1)


def test_arcstats_carry_what_the_plugin_reads(recorded):
    """sysctl.get_arcstats is private on TrueNAS (a dict of /proc/spl/kstat/zfs/arcstats, integer values)."""
    answers = [c['answer'] for c in recorded['calls'] if c['method'] == 'sysctl.get_arcstats']
    assert answers
    for answer in answers:
        assert all(isinstance(answer[k], int) for k in ('c_max', 'c_min', 'size')), answer


# --- (b) params -----------------------------------------------------------------------------------------------------

def _private_signature(src: Path, method: str):
    """(required, total) positional parameters of a private method in the release's source; None when absent."""
    path, namespace, name = PRIVATE[method]
    file = src / path
    if not file.is_file():
        return None
    tree = ast.parse(file.read_text())
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        text = ast.get_source_segment(file.read_text(), cls) or ''
        declared = re.search(r"(?<![\w])namespace\s*=\s*['\"]([\w.]+)['\"]", text)
        derived = cls.name.removesuffix('Service').lower()
        if (declared.group(1) if declared else derived) != namespace:
            continue
        for fn in cls.body:
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name == name:
                args = [a.arg for a in fn.args.args if a.arg not in ('self', 'job', 'app', 'tls')]
                return len(args) - len(fn.args.defaults), len(args)
    return None


def _check_params(real, method, params) -> str | None:
    from middlewared.service_exception import ValidationErrors
    if method in HOST_ONLY:
        return None
    if method in PRIVATE:
        signature = _private_signature(real['src'], method)
        if signature is None:
            return f'{method} does not exist in TrueNAS {real["release"]}'
        required, total = signature
        return None if required <= len(params) <= total else f'{method} takes {required}..{total} params: {params}'
    if method in CONFIG_METHODS:
        return None if params == [] else f'{method} takes no params: {params}'
    if method not in ARGS:
        return f'{method}: no model known to this test (add it to ARGS, PRIVATE or HOST_ONLY)'
    from middlewared.api.base.handler.accept import accept_params
    try:
        accept_params(_model(real['api'], ARGS[method]), list(params))
    except ValidationErrors as e:
        return f'{method} {json.dumps(params)}: {[list(x) for x in e]}'
    return None


def _params_problems(recorded, real, methods):
    seen, problems = set(), []
    for call in recorded['calls']:
        key = (call['method'], json.dumps(call['params'], sort_keys=True))
        if call['method'] in methods and key not in seen:
            seen.add(key)
            if problem := _check_params(real, call['method'], call['params']):
                problems.append(problem)
    return problems


def _recorded_methods(recorded):
    return {c['method'] for c in recorded['calls']}


def test_the_plugins_params_pass_the_release_args_models(recorded, real):
    methods = _recorded_methods(recorded) - set(PRIVATE)
    assert not _params_problems(recorded, real, methods), f'TrueNAS {real["release"]}'


@pytest.mark.parametrize('method', sorted(PRIVATE))
def test_private_methods_the_plugin_calls_exist_in_the_release(method, recorded, real):
    if method in ZFS_PROPERTY_WRITERS and method not in _recorded_methods(recorded):
        # 25.10 has zfs.dataset.update, 26.0 pool.dataset.update_impl instead: the unused one must be the absent one
        assert _private_signature(real['src'], method) is None, \
            f'TrueNAS {real["release"]} has {method}, yet the plugin wrote ZFS properties with another method'
        return
    assert _private_signature(real['src'], method) is not None, f'{method} is gone in TrueNAS {real["release"]}'
    assert not _params_problems(recorded, real, {method}), f'TrueNAS {real["release"]}'


def test_every_appliance_call_in_the_plugins_source_is_checked(recorded):
    """A literal ``middleware.call('x', ...)`` in middleware/tuning is recorded by the flows, or listed here."""
    literal = set()
    for path in (REPO / 'middleware' / 'tuning').rglob('*.py'):
        literal |= set(re.findall(r"\.call\(\s*'([a-z_.]+)'", path.read_text()))
    appliance = {m for m in literal if not m.startswith('tuning.')}
    # reached outside the flows above (campaign abort, start-up alert), checked statically by the tests below
    static = {'core.get_jobs', 'core.job_abort', 'alert.oneshot_create', 'alert.oneshot_delete',
              'system.reboot.add_reason', 'system.boot_id', 'systemdataset.config', 'system.ready',
              'system.general.config'}   # the web UI certificate a client session pins (https box_url only)
    unchecked = appliance - _recorded_methods(recorded) - static - set(HOST_ONLY)
    assert not unchecked, f'appliance calls of the plugin no test checks: {sorted(unchecked)}'
    assert static <= set(ARGS) | set(PRIVATE) | CONFIG_METHODS | set(ANSWERS)


def test_calls_made_outside_the_flows_pass_the_release_models(real):
    """The literal params of campaign abort (campaign.py) and of start-up (startup.py, context.py)."""
    for method, params in (('core.get_jobs', [[['id', '=', 7]]]), ('core.job_abort', [7]),
                           ('system.boot_id', []), ('systemdataset.config', []), ('system.ready', []),
                           ('alert.oneshot_create', ['TuningStartupFailed', {'reason': 'x'}]),
                           ('alert.oneshot_delete', ['TuningStartupFailed', None]),
                           ('system.reboot.add_reason', ['TUNING_PRESET', 'why'])):
        assert _check_params(real, method, params) is None, (method, real['release'])


def test_host_only_calls_are_absent_from_the_release(real):
    """What HOST_ONLY exempts really is missing on TrueNAS (else the plugin should call it there too)."""
    text = '\n'.join(p.read_text(errors='replace') for p in (real['src'] / 'plugins').rglob('*.py'))
    assert 'def get_zfs_parameters' not in text
    assert not re.search(r"namespace\s*=\s*['\"]zfs['\"]", text) or 'def version(' not in text


# --- (c) errors -----------------------------------------------------------------------------------------------------

def test_get_without_a_match_raises_match_not_found_like_the_real_filter_list(recorded, real):
    from middlewared.utils.filter_list import filter_list
    with pytest.raises(Exception) as real_error:
        filter_list([{'id': 'tank'}], [['id', '=', 'tank/nope']], {'get': True})
    assert recorded['errors']['get_without_match']['type'] == type(real_error.value).__name__ == 'MatchNotFound'


def test_unknown_pool_answers_an_empty_list(recorded):
    assert recorded['errors']['unknown_pool'] == []


def test_get_sysctl_of_an_unknown_sysctl_raises_file_not_found_like_the_real_one(recorded, real):
    source = (real['src'] / 'plugins' / 'tunables.py').read_text()
    assert "with open(f'/proc/sys/{var.replace(\".\", \"/\")}', 'r') as f:" in source  # no handler around it
    assert recorded['errors']['unknown_sysctl']['type'] == 'FileNotFoundError'
    assert recorded['errors']['unknown_sysctl']['errno'] == errno.ENOENT


def _real_tunable_create_errors(src: Path) -> list[tuple[str, str, str]]:
    """(field, message start, errno name) of every ``verrors.add`` in the release's tunable.do_create."""
    source = (src / 'plugins' / 'tunables.py').read_text()
    body = source.split('async def do_create', 1)[1].split('verrors.check()', 1)[0]
    return re.findall(r"verrors\.add\(\s*'([\w.]+)',\s*f?'([^'{]*)[^)]*?errno\.(\w+)", body)


@pytest.mark.parametrize('case, message', [
    ('tunable_create_unknown_sysctl', 'Sysctl '),
    ('tunable_create_unknown_zfs', 'ZFS module does not accept '),
    ('tunable_create_duplicate', 'Tunable '),
])
def test_tunable_create_validation_names_the_fields_the_real_one_names(case, message, recorded, real):
    real_errors = {m: (field, getattr(errno, code)) for field, m, code in _real_tunable_create_errors(real['src'])}
    assert message in real_errors, f'TrueNAS {real["release"]} tunable.create no longer says {message!r}'
    field, code = real_errors[message]
    error = recorded['errors'][case]
    assert error and error['type'] == 'ValidationErrors', error
    assert [(f, code) for f, m, c in error['errors'] if m.startswith(message)] == [(field, code)], error
