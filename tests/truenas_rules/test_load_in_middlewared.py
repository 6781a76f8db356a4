"""The plugin loads into the REAL TrueNAS 25.10 middlewared framework and its methods work through it.

Runs only when a TrueNAS middleware source tree is available (``MIDDLEWARED_SRC``; see run.sh): the package is imported
with native/OS modules stubbed (native_stubs.py), the plugin is copied to ``middlewared/plugins/tuning`` of a temp copy
of the tree, and middlewared's own loader, metaclass checks, ``api_method`` checks, role registry, event registry,
argument validation (``accept_params``), result serialisation and API dumper are applied to it.
"""
import asyncio
import errno
import importlib
import os
import sys

import pytest

from . import fake_truenas_box
from .framework_session import PLUGIN_MODULE, open_session, skip_reason

REASON = skip_reason()
if REASON is not None and os.environ.get('TUNING_RULES_REQUIRE_FRAMEWORK'):
    raise RuntimeError(f'the real-framework tier cannot run: {REASON}')  # run.sh: a tier that skips proves nothing
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or '')

SERVICES = {'tuning': 'TuningService', 'tuning.preset': 'TuningPresetService',
            'tuning.restore_point': 'TuningRestorePointService', 'tuning.drift': 'TuningDriftService',
            # two services, one namespace inside the other's
            'tuning.client': 'TuningClientService', 'tuning.client.session': 'TuningClientSessionService'}


def run(coro):
    return asyncio.run(coro)


@pytest.fixture(scope='module')
def framework(tmp_path_factory):
    session = open_session(tmp_path_factory.mktemp('middlewared-tree'))
    try:
        yield session
    finally:
        session.close()


@pytest.fixture(scope='module')
def mw(framework, tmp_path_factory):
    """The plugin loaded by middlewared's loader, setup() run, appliance calls answered by fake_truenas_box."""
    from .plugin_middleware import PluginMiddleware
    tmp = tmp_path_factory.mktemp('box')
    middleware = PluginMiddleware()
    middleware.load_tuning()
    box = fake_truenas_box.install(middleware, tmp)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(f'{PLUGIN_MODULE}.box.appliance.ZFS_PARAMETERS_DIR', box['sysfs'])
        mp.setenv('PATH', box['path'])
        run(middleware.run_setups())  # registers only: the box is still booting
        # then system.ready: the start-up work runs (what the event handler starts, awaited here)
        assert run(middleware.call('tuning.start')) == {'status': 'READY', 'reason': None}
        yield middleware


def method_models(mw, name):
    _, method = mw.get_method(name)
    return method.new_style_accepts, method.new_style_returns


def call(mw, name, *args):
    """Validate args like the API layer, call through the middleware, serialise the result with the returns model."""
    from middlewared.api.base.handler.accept import accept_params
    from middlewared.api.base.handler.result import serialize_result
    accepts, returns = method_models(mw, name)
    params = accept_params(accepts, list(args))
    result = run(mw.call(name, *params))
    return serialize_result(returns, result, expose_secrets=True, allow_fallback=False)


# --- loading -------------------------------------------------------------------------------------------------------

def test_middlewared_loader_imports_the_plugin_package_and_its_service_modules(mw):
    assert PLUGIN_MODULE in mw.loaded_modules
    for module in ('tuning', 'preset', 'restore_point'):
        assert f'{PLUGIN_MODULE}.{module}' in mw.loaded_modules


def test_plugin_runs_on_middlewared_names_not_the_standalone_runtime(mw):
    from middlewared.service import Service
    framework = sys.modules[f'{PLUGIN_MODULE}.framework']
    assert framework.ON_TRUENAS is True
    assert framework.Service is Service
    assert framework.BaseModel.__mro__[1].__module__ == 'middlewared.api.base.model'


def test_each_service_is_registered_alone_under_its_namespace(mw):
    from middlewared.service import CompoundService
    for namespace, cls_name in SERVICES.items():
        service = mw.get_service(namespace)
        assert not isinstance(service, CompoundService), f'{namespace} merged with a built-in service'
        assert type(service).__name__ == cls_name
        assert service._config.cli_namespace


def test_public_methods_are_api_methods_with_api_package_models_and_known_roles(mw):
    from middlewared.role import ROLES
    from .plugin_middleware import public_method_names
    checked = 0
    for namespace in SERVICES:
        service = mw.get_service(namespace)
        for name in public_method_names(service):
            method = getattr(service, name)
            assert method.new_style_accepts.__module__.startswith('middlewared.api.'), name
            assert method.new_style_returns.__module__.startswith('middlewared.api.'), name
            assert method.roles and set(method.roles) <= set(ROLES), name
            assert mw.role_manager.atomic_roles_for_method(f'{namespace}.{name}') == set(method.roles)
            checked += 1
    assert checked >= 10


def test_a_method_named_by_a_python_keyword_is_public_under_that_name_only(mw):
    """`import` cannot be a `def`: the plugin binds it with setattr after the class, as middlewared's cloud_sync
    binds computed names; middlewared must list it, check its models and roles, and keep the `_import` it came from
    private."""
    from .plugin_middleware import public_method_names
    for namespace, models in (('tuning.benchmark', 'TuningBenchmarkImport'),
                              ('tuning.database', 'TuningDatabaseImport')):
        names = public_method_names(mw.get_service(namespace))
        assert 'import' in names and '_import' not in names, names
        accepts, returns = method_models(mw, f'{namespace}.import')
        assert (accepts.__name__, returns.__name__) == (f'{models}Args', f'{models}Result')
        assert mw.role_manager.atomic_roles_for_method(f'{namespace}.import') == {'SYSTEM_ADVANCED_WRITE'}


def test_job_methods_carry_middlewared_job_metadata_and_take_job_first(mw):
    try:  # 25.10
        from middlewared.schema.processor import calculate_args_index
    except ModuleNotFoundError:  # 26.0 moved it next to api_method and added a parameter
        from middlewared.api.base.decorator import calculate_args_index as calculate
        calculate_args_index = lambda f, audit_callback: calculate(f, audit_callback, False)  # noqa: E731
    for name in ('tuning.preset.apply', 'tuning.restore_point.revert'):
        _, method = mw.get_method(name)
        assert callable(method._job['description'])  # set by middlewared's own @job
        assert calculate_args_index(method.__wrapped__, False) == 2  # self, job


def test_start_up_opened_the_database_on_the_system_dataset(mw):
    system_dataset = run(mw.call('systemdataset.config'))['path']
    assert (fake_truenas_box.Path(system_dataset) / 'tuning' / 'tuning.db').is_file()


def test_setup_registers_the_state_event_with_a_known_role(mw):
    event = mw.events.get_event('tuning.state')
    assert event is not None and event['private'] is False
    assert 'SYSTEM_ADVANCED_READ' in event['roles']


def test_api_dumper_documents_every_public_method(mw):
    from middlewared.api.base.server.api import API
    from middlewared.api.base.server.doc import APIDumper
    from middlewared.api.base.server.method import Method
    from .plugin_middleware import public_method_names
    names = [f'{ns}.{m}' for ns in SERVICES for m in public_method_names(mw.get_service(ns))]
    dump = run(APIDumper('v25.10.5', 'TrueNAS 25.10', API('v25.10.5', [Method(mw, n) for n in names], []),
                         mw.role_manager).dump())
    documented = {m.name: m for m in dump.methods}
    assert set(documented) == set(names)
    assert 'This method is a job.' in documented['tuning.preset.apply'].doc
    params = documented['tuning.preset.preview'].schemas['properties']['Call parameters']['prefixItems']
    assert [p['title'] for p in params] == ['id', 'target']
    assert documented['tuning.preset.apply'].roles == ['SYSTEM_ADVANCED_WRITE']


def test_exported_model_names_do_not_shadow_api_current(framework):
    api_current = importlib.import_module('middlewared.api.current')
    for module in ('common_models', 'preset_models', 'restore_point_models', 'profile_models'):
        exported = importlib.import_module(f'{PLUGIN_MODULE}.{module}').__all__
        clash = sorted(n for n in exported if hasattr(api_current, n))
        assert not clash, f'{module} exports names that already exist in middlewared.api.current: {clash}'


# --- calls through the framework -----------------------------------------------------------------------------------

def test_preset_query_filters_and_serialises_with_the_real_framework(mw):
    presets = call(mw, 'tuning.preset.query')
    assert {'balanced', 'max-iops'} <= {p['id'] for p in presets}
    assert all(p['builtin'] for p in presets)
    one = call(mw, 'tuning.preset.query', [['id', '=', 'max-iops']], {'get': True})
    assert one['id'] == 'max-iops'
    assert call(mw, 'tuning.preset.query', [], {'count': True}) == len(presets)


def test_profile_reads_the_truenas_paths_sysfs_and_zfs_command(mw):
    profile = call(mw, 'tuning.profile')
    assert profile['backend'] == 'truenas'
    assert profile['openzfs_version'] == '2.3.4'
    assert profile['zfs_parameters_count'] == len(fake_truenas_box.ZFS_PARAMETERS)
    assert profile['pools'][0]['layout'] == 'RAIDZ2 6×HDD'
    assert [d['name'] for d in profile['unused_disks']] == ['sdg']


def test_preview_plans_against_the_box_and_passes_the_result_model(mw):
    plan = call(mw, 'tuning.preset.preview', 'max-seq-write', {'pool': 'tank'})
    assert plan['target'] == {'pool': 'tank', 'dataset': 'tank', 'cache_disks': [], 'log_disks': []}
    assert plan['changes'], 'a 1 MiB-record preset changes something on a default 128K box'
    for change in plan['changes'] + plan['unchanged']:
        if change['kind'] == 'ZFS_PARAMETER':
            assert change['current'] == fake_truenas_box.ZFS_PARAMETERS[change['setting']][0]


def test_bad_arguments_fail_in_the_real_validator_naming_the_field(mw):
    from middlewared.service_exception import ValidationErrors
    with pytest.raises(ValidationErrors) as exc:
        call(mw, 'tuning.preset.preview', 'max-iops', {'pool': 'tank', 'bogus': 1})
    assert 'target.bogus' in [e.attribute for e in exc.value.errors]
    with pytest.raises(ValidationErrors) as exc:
        call(mw, 'tuning.preset.preview', 'max-iops', {'pool': 7})  # strict: no int -> str coercion
    assert 'target.pool' in [e.attribute for e in exc.value.errors]
    with pytest.raises(ValidationErrors) as exc:
        call(mw, 'tuning.preset.preview', 'no-such-preset', {'pool': 'tank'})
    assert exc.value.errors[0].attribute == 'id' and exc.value.errors[0].errno == errno.ENOENT


def test_custom_preset_round_trip_and_builtin_is_read_only(mw):
    from middlewared.service_exception import ValidationErrors
    created = call(mw, 'tuning.preset.create', {'name': 'Rules tier', 'base': 'balanced', 'settings': [
        {'kind': 'DATASET_PROPERTY', 'setting': 'atime', 'value': 'OFF'}]})
    assert created['id'] == 'rules-tier' and created['builtin'] is False
    updated = call(mw, 'tuning.preset.update', 'rules-tier', {'description': 'changed'})
    assert updated['description'] == 'changed'
    assert call(mw, 'tuning.preset.delete', 'rules-tier') is True
    assert call(mw, 'tuning.preset.query', [['id', '=', 'rules-tier']]) == []
    with pytest.raises(ValidationErrors) as exc:
        call(mw, 'tuning.preset.update', 'balanced', {'description': 'x'})
    assert exc.value.errors[0].attribute == 'id'


def test_state_and_restore_points_serialise(mw):
    state = call(mw, 'tuning.state')
    assert state['backend'] == 'truenas' and state['boot_id'] == '3c5f0000-boot'
    assert call(mw, 'tuning.restore_point.query') == []


# --- the same checks reject broken samples (so the passes above mean something) ------------------------------------

def sample_models(prefix, module='middlewared.api.current'):
    from middlewared.api.base import BaseModel
    args = type(f'{prefix}Args', (BaseModel,), {'__annotations__': {'name': str}, '__module__': module})
    result = type(f'{prefix}Result', (BaseModel,), {'__annotations__': {'result': str}, '__module__': module})
    return args, result


def test_real_metaclass_rejects_misnamed_models(framework):
    from middlewared.api import api_method
    from middlewared.service import Service
    args, result = sample_models('TuningSampleWrong')
    with pytest.raises(RuntimeError, match='Expected TuningSampleRunArgs'):
        class TuningSampleService(Service):
            class Config:
                namespace = 'tuning.sample'
                cli_namespace = 'system.tuning.sample'

            @api_method(args, result, roles=['SYSTEM_ADVANCED_READ'])
            def run(self, name):
                return name


def test_real_api_method_rejects_models_outside_the_api_package_and_missing_roles(framework):
    from middlewared.api import api_method
    args, result = sample_models('TuningSampleRun', module='middlewared.plugins.tuning.sample_models')
    with pytest.raises(ValueError, match='middlewared.api package'):
        api_method(args, result, roles=['SYSTEM_ADVANCED_READ'])
    args, result = sample_models('TuningSampleRun')
    with pytest.raises(ValueError, match='Role definition is required'):
        api_method(args, result)(lambda self, name: name)


def test_real_role_manager_rejects_an_unknown_role(mw):
    with pytest.raises(ValueError, match='Invalid role'):
        mw.role_manager.register_method('tuning.sample.run', ['TUNING_WRITE'])


def test_job_above_api_method_breaks_every_call_in_the_real_framework(framework):
    from middlewared.api import api_method
    from middlewared.service import job
    from middlewared.service_exception import ValidationErrors
    args, result = sample_models('TuningSampleRun')

    @job()
    @api_method(args, result, roles=['SYSTEM_ADVANCED_WRITE'])
    def run(self, job, name):
        return name

    with pytest.raises(ValidationErrors, match='Too many arguments'):
        run(object(), object(), 'x')


def test_real_loader_rejects_a_public_service_without_cli_namespace(framework):
    from .plugin_middleware import PluginMiddleware
    (framework.root / 'middlewared' / 'plugins' / 'zz_sample_no_cli.py').write_text(
        'from middlewared.service import Service\n\n\n'
        'class SampleNoCliService(Service):\n'
        '    class Config:\n'
        '        namespace = "sample_no_cli"\n')
    middleware = PluginMiddleware()
    with pytest.raises(RuntimeError, match='does not have CLI namespace set'):
        middleware._load_plugins(whitelist=['middlewared.plugins.zz_sample_no_cli'])


def test_preset_update_through_the_real_framework_changes_only_what_it_names(mw):
    """middlewared's ForUpdateMetaclass: an omitted field is left alone, `"base": null` clears the base."""
    from middlewared.service_exception import ValidationErrors
    call(mw, 'tuning.preset.create', {'name': 'Rules update', 'base': 'max-iops', 'settings': [
        {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_txg_timeout', 'value': '10s'}]})
    try:
        kept = call(mw, 'tuning.preset.update', 'rules-update', {'description': 'only this'})
        assert (kept['base'], kept['settings'][0]['value']) == ('max-iops', '10')
        assert call(mw, 'tuning.preset.update', 'rules-update', {'base': None})['base'] is None
        with pytest.raises(ValidationErrors) as exc:
            call(mw, 'tuning.preset.update', 'rules-update', {'settings': [
                {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_arc_max', 'value': '64T'}]})
        assert [e.attribute for e in exc.value.errors] == ['data.settings.0.value']
        rows = {r['setting']: r for r in call(mw, 'tuning.preset.settings', None)}
        assert rows['zfs_arc_max']['unit'] == 'BYTES' and rows['recordsize']['scope'] == 'tank'
    finally:
        call(mw, 'tuning.preset.delete', 'rules-update')
