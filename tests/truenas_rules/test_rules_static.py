"""The TrueNAS 25.10 load-time rules over the plugin's service classes (no TrueNAS code needed; always runs).

The checker (static_rules.py) is proven able to fail: each rule has a hand-built negative sample below, built without
either framework's decorators (which would refuse most of them before the checker could see them).
"""
import functools
import importlib
import pkgutil
import types

import pydantic
import pytest

from . import static_rules
from .static_rules import check_exports, check_service, service_classes

PLUGIN_SERVICES = {'tuning': 'TuningService', 'tuning.preset': 'TuningPresetService',
                   'tuning.restore_point': 'TuningRestorePointService', 'tuning.drift': 'TuningDriftService'}


def plugin_modules():
    """Every top-level module of the plugin, as middlewared's loader imports them (depth 1)."""
    package = importlib.import_module('tuning')
    return [importlib.import_module(f'tuning.{info.name}') for info in pkgutil.iter_modules(package.__path__)
            if not info.ispkg]


def plugin_services():
    from tuning.framework import Service
    return [cls for module in plugin_modules() for cls in service_classes(module, Service)]


# --- the plugin ----------------------------------------------------------------------------------------------------

def test_the_known_public_services_are_found():
    found = {static_rules.config_of(cls)['namespace']: cls.__name__ for cls in plugin_services()}
    assert PLUGIN_SERVICES.items() <= found.items()


@pytest.mark.parametrize('cls', plugin_services(), ids=lambda cls: cls.__name__)
def test_plugin_service_follows_the_rules(cls):
    assert check_service(cls) == []


@pytest.mark.parametrize('module', [m for m in plugin_modules() if m.__name__.endswith('_models')],
                         ids=lambda m: m.__name__)
def test_plugin_exported_models_are_prefixed(module):
    assert check_exports(module) == []


def test_plugin_has_job_methods_and_they_were_checked():
    jobs = [f'{cls.__name__}.{name}' for cls in plugin_services()
            for name, fn in static_rules.public_methods(cls).items() if hasattr(fn, '_job')]
    assert 'TuningPresetService.apply' in jobs


# --- hand-built samples: one per rule ------------------------------------------------------------------------------

class Model(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(strict=True, extra='forbid')


def fake_api_method(accepts, returns, roles=None):
    """Leaves the attributes middlewared's @api_method leaves, and checks nothing."""
    def wrapper(fn):
        @functools.wraps(fn)
        def wrapped(*args):
            return fn(*args)
        wrapped.new_style_accepts, wrapped.new_style_returns, wrapped.roles = accepts, returns, roles or []
        return wrapped
    return wrapper


def fake_job(fn):
    fn._job = {'lock': None}
    return fn


def models(prefix, result_fields=None, config=None):
    args = type(f'{prefix}Args', (Model,), {'__annotations__': {'name': str}, '__module__': __name__})
    result = type(f'{prefix}Result', (Model,), {'__annotations__': result_fields or {'result': str},
                                                 '__module__': __name__})
    if config is not None:
        args.model_config = config
    return args, result


class SampleGoodService:
    class Config:
        namespace = 'tuning.sample'
        cli_namespace = 'system.tuning.sample'

    @fake_api_method(*models('SampleGoodRun'), roles=['SYSTEM_ADVANCED_READ'])
    def run(self, name):
        return name

    @fake_api_method(*models('SampleGoodStart'), roles=['SYSTEM_ADVANCED_WRITE'])
    @fake_job
    def start(self, job, name):
        return name

    def _helper(self):
        pass


def sample_service(method_name='run', decorate=None, config=None, class_name='SampleBadService', fn=None):
    config = config or type('Config', (), {'namespace': 'tuning.sample', 'cli_namespace': 'system.tuning.sample'})
    fn = fn or (lambda self, name: name)
    fn.__name__ = method_name
    return type(class_name, (), {'Config': config, method_name: decorate(fn) if decorate else fn,
                                 '__module__': __name__})


def test_good_sample_passes():
    assert check_service(SampleGoodService) == []


NEGATIVE = {
    'misnamed accepts': (
        sample_service(decorate=fake_api_method(models('SampleBadWrong')[0], models('SampleBadRun')[1],
                                                ['SYSTEM_ADVANCED_READ'])),
        'accepts model is SampleBadWrongArgs, must be SampleBadRunArgs'),
    'misnamed result': (
        sample_service(decorate=fake_api_method(models('SampleBadRun')[0], models('Other')[1],
                                                ['SYSTEM_ADVANCED_READ'])),
        'returns model is OtherResult, must be SampleBadRunResult'),
    'result with two fields': (
        sample_service(decorate=fake_api_method(*models('SampleBadRun', {'result': str, 'extra': int}),
                                                roles=['SYSTEM_ADVANCED_READ'])),
        'must have exactly one field, "result"'),
    'lax model': (
        sample_service(decorate=fake_api_method(*models('SampleBadRun', config=pydantic.ConfigDict(extra='allow')),
                                                roles=['SYSTEM_ADVANCED_READ'])),
        'SampleBadRunArgs: model_config strict must be True'),
    'nested model allows extra keys': (
        sample_service(decorate=fake_api_method(
            type('SampleBadRunArgs', (Model,), {'__annotations__': {'inner': type(
                'SampleInner', (pydantic.BaseModel,), {'__annotations__': {'x': int}, '__module__': __name__,
                                                       'model_config': pydantic.ConfigDict(strict=True)})},
                '__module__': __name__}),
            models('SampleBadRun')[1], roles=['SYSTEM_ADVANCED_READ'])),
        'SampleInner: model_config extra must be "forbid"'),
    'no roles': (
        sample_service(decorate=fake_api_method(*models('SampleBadRun'))),
        'public method without roles'),
    'unknown role': (
        sample_service(decorate=fake_api_method(*models('SampleBadRun'), roles=['TUNING_WRITE'])),
        "roles ['TUNING_WRITE'] are not TrueNAS 25.10 built-in roles"),
    'read role on delete': (
        sample_service('delete', fake_api_method(*models('SampleBadDelete'), roles=['SYSTEM_ADVANCED_READ'])),
        '*_READ roles may not be granted on create/update/delete'),
    'no api_method': (
        sample_service(),
        'public method without @api_method'),
    'no cli_namespace': (
        sample_service(decorate=fake_api_method(*models('SampleBadRun'), roles=['SYSTEM_ADVANCED_READ']),
                       config=type('Config', (), {'namespace': 'tuning.sample'})),
        'public service without Config.cli_namespace'),
    'built-in namespace': (
        sample_service(decorate=fake_api_method(*models('SampleBadRun'), roles=['SYSTEM_ADVANCED_READ']),
                       config=type('Config', (), {'namespace': 'tunable', 'cli_namespace': 'x'})),
        "namespace 'tunable' belongs to a built-in TrueNAS service"),
    'built-in namespace from the class name': (
        sample_service(decorate=fake_api_method(*models('PoolRun'), roles=['SYSTEM_ADVANCED_READ']),
                       config=type('Config', (), {'cli_namespace': 'x'}), class_name='PoolService'),
        "namespace 'pool' belongs to a built-in TrueNAS service"),
    '@job above @api_method': (
        sample_service(fn=lambda self, job, name: name,
                       decorate=lambda fn: fake_job(fake_api_method(*models('SampleBadRun'),
                                                                    roles=['SYSTEM_ADVANCED_WRITE'])(fn))),
        '@job must be the innermost decorator'),
    'job method without job parameter': (
        sample_service(fn=lambda self, name: name,
                       decorate=lambda fn: fake_api_method(*models('SampleBadRun'),
                                                           roles=['SYSTEM_ADVANCED_WRITE'])(fake_job(fn))),
        'takes `job` as its first parameter after self'),
}


@pytest.mark.parametrize('rule', sorted(NEGATIVE))
def test_checker_flags_the_broken_sample(rule):
    cls, expected = NEGATIVE[rule]
    problems = check_service(cls)
    assert any(expected in p for p in problems), problems


def test_checker_flags_an_unprefixed_exported_model():
    entry = type('PoolEntry', (Model,), {'__annotations__': {'id': int}, '__module__': __name__})
    module = types.ModuleType('sample_models')
    module.__all__ = ['PoolEntry', 'TuningSampleEntry', 'SettingKind']
    module.PoolEntry, module.TuningSampleEntry, module.SettingKind = entry, type(
        'TuningSampleEntry', (Model,), {'__annotations__': {'id': int}}), str
    assert check_exports(module) == ["sample_models.PoolEntry: exported model names must start with 'Tuning'"]
