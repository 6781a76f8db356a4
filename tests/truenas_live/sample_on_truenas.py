"""The API suite's test-only `sample` service (tests/api/sample_plugin) inside the REAL middlewared, so that the
protocol tests (tests/api/test_protocol.py) compare the standalone host's wire protocol with TrueNAS's own on the same
methods: validation, errors, jobs in both modes, locks, aborts, events, private methods, downloads.

The sample plugin imports its framework names from the standalone host's runtime (``tuning_host.runtime``). Here that
module is middlewared's own names (the same contract, as middleware/tuning/framework.py picks them on TrueNAS), and the
plugin's files are copied unchanged to ``middlewared/plugins/sample_plugin``, loaded by middlewared's own loader.
Models are re-homed under ``middlewared.api.`` as the tuning plugin's are (middlewared accepts public methods' models
only from there). Launcher-side: launcher.py calls ``install(site)`` before middlewared loads its plugins.
"""
import shutil
import sys
import types
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLE_PLUGIN = REPO / 'tests' / 'api' / 'sample_plugin'
PLUGIN_MODULE = 'middlewared.plugins.sample_plugin'
API_MODELS_MODULE = 'middlewared.api.current'


def runtime_module() -> types.ModuleType:
    """``tuning_host.runtime`` made of middlewared's names (what the sample plugin imports)."""
    from middlewared.api import api_method
    from middlewared.api.base import BaseModel as FrameworkModel, NonEmptyString, single_argument_args
    from middlewared.api.current import QueryArgs
    from middlewared.service import CallError, Service, ValidationErrors, job, private
    from middlewared.utils.filter_list import filter_list

    class BaseModel(FrameworkModel):
        @classmethod
        def __pydantic_init_subclass__(cls, **kwargs):
            super().__pydantic_init_subclass__(**kwargs)
            cls.__module__ = API_MODELS_MODULE

    runtime = types.ModuleType('tuning_host.runtime')
    for name, value in dict(
            BaseModel=BaseModel, NonEmptyString=NonEmptyString, single_argument_args=single_argument_args,
            QueryArgs=QueryArgs, CallError=CallError, Service=Service, ValidationErrors=ValidationErrors, job=job,
            private=private, api_method=api_method, filter_list=filter_list).items():
        setattr(runtime, name, value)
    return runtime


def install(site: Path) -> str:
    """Copy the sample plugin into the TrueNAS root's middlewared and provide its framework module; returns the
    plugin's module prefix for middlewared's loader whitelist."""
    shutil.copytree(SAMPLE_PLUGIN, site / 'middlewared/plugins/sample_plugin',
                    ignore=shutil.ignore_patterns('__pycache__', '*.pyc'))
    package = types.ModuleType('tuning_host')
    package.__path__ = []
    package.runtime = runtime_module()
    sys.modules['tuning_host'] = package
    sys.modules['tuning_host.runtime'] = package.runtime
    return PLUGIN_MODULE
