"""The remote appliance's services mirror the host's own (tuning_host.appliance): the same names, roles and
job methods, forwarded to the box; the few the host answers itself stay local."""
import asyncio
import os

import pytest

from remote_with_box import remote_appliance
from tuning_host.remote.forwarding import appliance_interface, is_local, forwarding_services
from tuning_host.remote.local_services import local_services, read_zfs_parameters, read_zfs_version
from tuning_host.runtime import Middleware
from tuning_host.runtime.errors import CallError


class Box:
    def __init__(self):
        self.calls = []

    async def call(self, method, *params, follow=True, progress=None):
        self.calls.append((method, params))
        if progress is not None:
            progress({'percent': 50, 'description': 'Updating initramfs', 'extra': None})
        return {'forwarded': method}


@pytest.fixture
def mw(tmp_path):
    async def make():
        m = Middleware(str(tmp_path))
        m.attach_loop()
        return m
    return make


def test_every_appliance_method_is_forwarded_with_its_roles_and_job_options_but_the_local_ones():
    interface = appliance_interface()
    services = {s._config.namespace: s for s in forwarding_services(None, Box(), interface)}
    for ns, methods in interface.items():
        for name, template in methods.items():
            full = f'{ns}.{name}'
            forwarded = getattr(type(services[ns]), name, None) if ns in services else None
            if is_local(full):
                assert forwarded is None, full
                continue
            assert forwarded is not None, full
            assert getattr(forwarded, 'roles', None) == getattr(template, 'roles', None), full
            assert getattr(forwarded, '_private', False) == getattr(template, '_private', False), full
            assert (getattr(forwarded, '_job', None) is None) == (getattr(template, '_job', None) is None), full
    assert not is_local('tunable.create') and not is_local('system.reboot') and not is_local('system.reboot_info')
    private_on_truenas = ['sysctl.get_arcstats', 'tunable.get_sysctl', 'system.reboot.add_reason',
                          'system.reboot.remove_reason', 'alert.oneshot_create', 'alert.oneshot_delete']
    assert all(is_local(m) for m in private_on_truenas), 'answered by the host: a key without FULL_ADMIN works'


def test_calls_and_jobs_reach_the_box_through_the_hosts_middleware(mw, tmp_path, monkeypatch):
    from tuning_host.runtime import jobs
    reported = []
    set_progress = jobs.Job.set_progress

    def recording(job, percent=None, description=None, extra=None):
        reported.append((job.method_name, percent, description))
        return set_progress(job, percent, description, extra)
    monkeypatch.setattr(jobs.Job, 'set_progress', recording)

    async def run():
        m = await mw()
        box = Box()
        m.backend = remote_appliance(tmp_path, box, module_dir=tmp_path)
        for service in local_services(m) + forwarding_services(m, box):
            m.add_service(service)
        assert await m.call('pool.query', [['name', '=', 'tank']]) == {'forwarded': 'pool.query'}
        job = await m.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_txg_timeout', 'value': '10'})
        assert await job.wait(raise_error=True) == {'forwarded': 'tunable.create'}
        assert ('tunable.create', 50, 'Updating initramfs') in reported, 'the progress of the box job, passed on'
        assert box.calls == [('pool.query', ([['name', '=', 'tank']],)),
                             ('tunable.create', ({'type': 'ZFS', 'var': 'zfs_txg_timeout', 'value': '10'},))]
        assert (await m.call('systemdataset.config'))['path'] == m.data_dir
        assert await m.call('system.ready') is False, 'not ready until the host has reached the box'
        m.system_state = 'READY'
        assert await m.call('system.ready') is True
        m.shutdown()
    asyncio.run(run())


def test_the_zfs_module_is_read_from_sysfs(tmp_path):
    params = tmp_path / 'parameters'
    params.mkdir()
    (params / 'zfs_txg_timeout').write_text('5\n')
    (params / 'zfs_dirty_data_max_max').write_text('4294967296\n')
    os.chmod(params / 'zfs_dirty_data_max_max', 0o444)
    (tmp_path / 'version').write_text('2.3.4-1\n')
    assert read_zfs_parameters(str(tmp_path)) == {
        'zfs_dirty_data_max_max': {'value': '4294967296', 'writable': False},
        'zfs_txg_timeout': {'value': '5', 'writable': True}}
    assert read_zfs_version(str(tmp_path)) == '2.3.4'
    assert read_zfs_version(str(tmp_path / 'nowhere')) is None


def test_a_missing_zfs_module_says_where_it_looked(mw, tmp_path):
    async def run():
        m = await mw()
        m.backend = remote_appliance(tmp_path, Box(), module_dir=tmp_path / 'no-zfs')
        for service in local_services(m):
            m.add_service(service)
        with pytest.raises(CallError) as e:
            await m.call('tunable.get_zfs_parameters')
        assert str(tmp_path / 'no-zfs') in e.value.errmsg and 'on the box' in e.value.errmsg
        m.shutdown()
    asyncio.run(run())
