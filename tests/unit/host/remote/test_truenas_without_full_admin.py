"""What lets the remote appliance's API key do without FULL_ADMIN: the private TrueNAS methods the plugin calls are
answered by the host (the box's /proc read locally; its own alerts and reboot reasons), and raw ZFS property writes go
through the public pool.dataset.update where it takes the property, failing clearly where it does not."""
import asyncio
import errno
import os
import shutil

import pytest

from remote_with_box import remote_appliance
from tuning_host.remote import dataset_writes
from tuning_host.remote.forwarding import forwarding_services
from tuning_host.remote.local_reads import ProcReader
from tuning_host.remote.local_services import local_services
from tuning_host.remote.policy import holds_full_admin
from tuning_host.runtime import AlertCategory, AlertClass, AlertLevel, Middleware, SimpleOneShotAlertClass
from tuning_host.runtime.errors import CallError

FIXTURES = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'fixtures', 'openzfs', 'captured')
SYSCTLS = {'net/core/rmem_max': '212992\n', 'net/ipv4/tcp_rmem': '4096\t131072\t6291456\n',
           'vm/dirty_ratio': '20\n'}


class HostSideTestAlertClass(AlertClass, SimpleOneShotAlertClass):
    category = AlertCategory.SYSTEM
    level = AlertLevel.WARNING
    title = 'Test'
    text = 'tuning failed: %(reason)s'


class Box:
    """The box's API: records calls; `refuse` names the methods the key's user may not call."""
    def __init__(self, refuse=()):
        self.calls, self.refuse = [], set(refuse)

    async def call(self, method, *params, follow=True, progress=None):
        self.calls.append((method, params))
        if method in self.refuse:
            raise CallError('Not authorized', errno.EACCES)
        if method == 'system.reboot.info':
            return {'boot_id': 'b1', 'reboot_required_reasons': [{'code': 'FIPS', 'reason': 'the box\'s own'}]}
        if method == 'system.boot_id':
            return 'b1'
        return None


@pytest.fixture
def proc(tmp_path):
    root = tmp_path / 'proc'
    (root / 'spl/kstat/zfs').mkdir(parents=True)
    shutil.copy(os.path.join(FIXTURES, 'arcstats.txt'), root / 'spl/kstat/zfs/arcstats')
    for name, text in SYSCTLS.items():
        (root / 'sys' / name).parent.mkdir(parents=True, exist_ok=True)
        (root / 'sys' / name).write_text(text)
    return root


def host(tmp_path, box, proc_dir):
    """A host middleware with the remote appliance's services, reading `proc_dir` as the box's /proc."""
    m = Middleware(str(tmp_path))
    m.attach_loop()
    m.backend = remote_appliance(tmp_path, box, proc_dir=proc_dir)
    for service in local_services(m) + forwarding_services(m, box):
        m.add_service(service)
    return m


def test_the_arc_statistics_are_the_kstat_file_as_middlewared_reads_it(proc):
    stats = ProcReader(str(proc)).arcstats()
    with open(os.path.join(FIXTURES, 'arcstats.txt')) as f:
        rows = [line.split() for line in f.read().splitlines()[2:]]
    assert len(stats) == len(rows) == 147
    assert stats['c_max'] == 3029471232 and stats['size'] == 4772152 and stats['hits'] == 4932
    assert all(type(v) is int for v in stats.values()), 'middlewared answers {name: int}'


def test_a_sysctl_is_read_from_proc_sys_stripped(proc):
    reader = ProcReader(str(proc))
    assert reader.sysctl('net.ipv4.tcp_rmem') == '4096\t131072\t6291456'
    assert reader.sysctl('net.core.rmem_max') == '212992'


def test_the_private_reads_are_answered_on_the_host_in_middlewareds_shapes(tmp_path, proc):
    async def run():
        box = Box()
        m = host(tmp_path, box, proc)
        assert (await m.call('sysctl.get_arcstats'))['c_max'] == 3029471232
        assert await m.call('tunable.get_sysctl', 'vm.dirty_ratio') == '20'
        with pytest.raises(FileNotFoundError):  # as middlewared's: an unknown sysctl is no CallError
            await m.call('tunable.get_sysctl', 'vm.no_such_thing')
        with pytest.raises(CallError) as e:
            await m.call('tunable.get_sysctl', '../../etc/passwd')
        assert e.value.errno == errno.EINVAL
        assert box.calls == [], 'nothing asked of the box'
        m.shutdown()
    asyncio.run(run())


def test_without_the_box_s_proc_the_error_says_where_it_looked(tmp_path):
    async def run():
        m = host(tmp_path, Box(), tmp_path / 'no-proc')
        with pytest.raises(CallError) as e:
            await m.call('sysctl.get_arcstats')
        assert str(tmp_path / 'no-proc') in e.value.errmsg and 'on the box' in e.value.errmsg
        m.shutdown()
    asyncio.run(run())


def test_alerts_and_reboot_reasons_are_the_hosts_and_the_banner_shows_the_boxs_too(tmp_path, proc):
    async def run():
        box = Box(refuse={'alert.oneshot_create', 'system.reboot.add_reason'})  # private on the box
        m = host(tmp_path, box, proc)
        await (await m.call('alert.oneshot_create', 'HostSideTest', {'reason': 'no pool'})).wait(raise_error=True)
        assert [a['formatted'] for a in await m.call('alert.list')] == ['tuning failed: no pool']
        await (await m.call('alert.oneshot_delete', 'HostSideTest', {'reason': 'no pool'})).wait(raise_error=True)
        assert await m.call('alert.list') == []
        await m.call('system.reboot.add_reason', 'TUNING', 'tuning needs a reboot')
        info = await m.call('system.reboot.info')
        assert info == {'boot_id': 'b1', 'reboot_required_reasons': [
            {'code': 'FIPS', 'reason': 'the box\'s own'}, {'code': 'TUNING', 'reason': 'tuning needs a reboot'}]}
        await m.call('system.reboot.remove_reason', 'TUNING')
        assert (await m.call('system.reboot.info'))['reboot_required_reasons'] == [
            {'code': 'FIPS', 'reason': 'the box\'s own'}]
        assert {method for method, _ in box.calls} == {'system.reboot.info', 'system.boot_id'}, 'reads only'
        m.shutdown()
    asyncio.run(run())


def test_the_25_10_writer_splits_into_pool_dataset_update_and_the_private_rest():
    params = ('tank/vm', {'properties': {'logbias': {'value': 'throughput'}, 'atime': {'value': 'off'},
                                         'special_small_blocks': {'value': '65536'},
                                         'primarycache': {'source': 'INHERIT'}, 'sync': {'source': 'INHERIT'}}})
    public, private = dataset_writes.split('zfs.dataset.update', params)
    assert public == ['tank/vm', {'atime': 'OFF', 'special_small_block_size': 65536, 'sync': 'INHERIT'}]
    assert private == ('tank/vm', {'properties': {'logbias': {'value': 'throughput'},
                                                  'primarycache': {'source': 'INHERIT'}}})


def test_the_26_0_writer_splits_the_same_way():
    params = ({'name': 'tank/vm', 'zprops': {'compression': 'zstd', 'secondarycache': 'metadata'},
               'iprops': {'recordsize', 'logbias'}},)
    public, private = dataset_writes.split('pool.dataset.update_impl', params)
    assert public == ['tank/vm', {'compression': 'ZSTD', 'recordsize': 'INHERIT'}]
    assert private == ({'name': 'tank/vm', 'zprops': {'secondarycache': 'metadata'}, 'iprops': ['logbias']},)
    assert dataset_writes.split('pool.dataset.update_impl', ({'name': 'tank/vm', 'zprops': {'sync': 'always'}},)) \
        == (['tank/vm', {'sync': 'ALWAYS'}], None)


@pytest.mark.parametrize('release, writer', [('25.10', 'zfs.dataset.update'), ('26.0', 'pool.dataset.update_impl')])
def test_a_property_only_the_private_writer_takes_fails_naming_it_and_full_admin(tmp_path, proc, monkeypatch,
                                                                                  release, writer):
    monkeypatch.setenv('TUNING_HOST_TRUENAS_RELEASE', release)
    params = {'zfs.dataset.update': ('tank/vm', {'properties': {'logbias': {'value': 'throughput'},
                                                                'atime': {'value': 'off'}}}),
              'pool.dataset.update_impl': ({'name': 'tank/vm', 'zprops': {'logbias': 'throughput', 'atime': 'off'}},)}

    async def run():
        box = Box(refuse={writer})
        m = host(tmp_path, box, proc)
        with pytest.raises(CallError) as e:
            await m.call(writer, *params[writer])
        assert e.value.errno == errno.EACCES
        assert 'logbias' in e.value.errmsg and 'FULL_ADMIN' in e.value.errmsg and 'tank/vm' in e.value.errmsg
        assert 'atime' not in e.value.errmsg
        assert [method for method, _ in box.calls] == [writer], 'refused first: pool.dataset.update not called'
        box.refuse.clear()                      # a key with FULL_ADMIN: both parts reach the box
        box.calls.clear()
        await m.call(writer, *params[writer])
        assert box.calls == [(writer, dataset_writes.split(writer, params[writer])[1]),
                             ('pool.dataset.update', ('tank/vm', {'atime': 'OFF'}))]
        m.shutdown()
    asyncio.run(run())


def test_whether_the_key_holds_full_admin_is_read_from_auth_me():
    assert holds_full_admin({'privilege': {'roles': ['READONLY_ADMIN', 'DATASET_WRITE']}}) is False
    assert holds_full_admin({'privilege': {'roles': ['FULL_ADMIN', 'READONLY_ADMIN']}}) is True
    assert holds_full_admin({'privilege': {'roles': {'$set': ['FULL_ADMIN']}}}) is True, 'a set on the wire'
    assert holds_full_admin({'privilege': {'roles': {'$set': ['DATASET_WRITE']}}}) is False
    assert holds_full_admin({'pw_name': 'tuner'}) is None and holds_full_admin(None) is None


def test_the_plan_warns_ahead_of_the_properties_a_key_without_full_admin_cannot_set(monkeypatch):
    from tuning.flows import preview

    def change(setting):
        return {'kind': 'DATASET_PROPERTY', 'setting': setting}
    warning = preview.raw_zfs_write_warning([change('recordsize'), change('logbias'), change('primarycache'),
                                              {'kind': 'SYSCTL', 'setting': 'net.core.rmem_max'}])
    assert warning.startswith('logbias, primarycache:') and 'FULL_ADMIN' in warning
    assert preview.raw_zfs_write_warning([change('recordsize'), change('atime')]) is None

    class Host:
        def __init__(self, backend, full_admin):
            self.backend = type('B', (), {'name': backend})()
            self.full_admin = full_admin

        async def call(self, method):
            assert method == 'truenas.status'
            return {'full_admin': self.full_admin}

    refused = preview.raw_zfs_writes_refused
    assert asyncio.run(refused(Host('truenas', False))) is True
    assert asyncio.run(refused(Host('truenas', True))) is False
    assert asyncio.run(refused(Host('truenas', None))) is False, 'not known: no warning'
    assert asyncio.run(refused(Host('openzfs', False))) is False


def test_a_reboot_reason_is_kept_when_the_box_cannot_say_its_own(tmp_path, proc):
    async def run():
        box = Box(refuse={'system.reboot.info'})
        m = host(tmp_path, box, proc)
        await m.call('system.reboot.add_reason', 'TUNING', 'tuning needs a reboot')   # no error: the host's state
        assert await m.call('system.reboot.list_reasons') == ['TUNING']
        with pytest.raises(CallError):
            await m.call('system.reboot.info')   # the merged answer needs the box: no half answer
        m.shutdown()
    asyncio.run(run())
