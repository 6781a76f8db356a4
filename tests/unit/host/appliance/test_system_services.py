"""system.*, system.reboot.*, sysctl.get_arcstats, zfs.version over the sandbox."""
import json
import os

import pytest

from tuning_host.runtime import ValidationErrors

GiB = 1024 ** 3


def test_system_info_version_boot_id(host):
    info = host.call('system.info')
    assert (info['physmem'], info['cores'], info['physical_cores']) == (32 * GiB, 8, 8)
    assert info['model'].startswith('Intel(R) Atom')
    assert info['boottime'].endswith('+00:00') and info['uptime_seconds'] >= 0
    assert not {'backend', 'openzfs_version', 'kernel'} & set(info)  # not in TrueNAS's SystemInfoResult
    assert len(info['loadavg']) == 3 and info['uptime'].count(':') == 2
    assert host.call('system.version') == 'tuning-host sandbox 0.1'
    assert host.call('system.boot_id') == host.backend.boot_id()
    assert host.call('zfs.version') == '2.2.7'
    stats = host.call('sysctl.get_arcstats')
    assert stats['c_max'] == 16 * GiB and stats['c_min'] == GiB


def test_reboot_reasons_live_in_memory_and_send_events(host):
    host.call('system.reboot.add_reason', 'TUNING_PRESET', 'zfs_dirty_data_max_max needs a reboot')
    info = host.call('system.reboot.info')
    assert info['reboot_required_reasons'] == [{'code': 'TUNING_PRESET',
                                                'reason': 'zfs_dirty_data_max_max needs a reboot'}]
    assert info['boot_id'] == host.backend.boot_id()
    assert host.call('system.reboot.list_reasons') == ['TUNING_PRESET']
    (event_type, kwargs), = host.events('system.reboot.info')
    assert event_type == 'CHANGED' and kwargs['fields']['reboot_required_reasons'][0]['code'] == 'TUNING_PRESET'
    host.call('system.reboot.remove_reason', 'TUNING_PRESET')
    assert host.call('system.reboot.info')['reboot_required_reasons'] == []
    host.call('system.reboot.add_reason', 'TUNING_PRESET', 'again')
    host.restart()
    assert host.call('system.reboot.list_reasons') == []  # lost on restart, like middlewared


def test_reboot_job_audits_announces_and_boots_the_backend(host):
    boot_id = host.call('system.boot_id')
    host.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': str(8 * GiB)})
    assert host.call('system.reboot', 'apply tuning preset', {'delay': None}) is None
    assert host.reboots == [True]
    (event_type, kwargs), = host.events('system.reboot')
    assert event_type == 'ADDED' and kwargs['fields'] == {'reason': 'apply tuning preset'}
    with open(os.path.join(host.data_dir, 'audit.log')) as f:
        lines = [json.loads(line) for line in f]
    assert any(line['event'] == 'REBOOT' and line['event_data'] == {'reason': 'apply tuning preset'}
               for line in lines)
    host.restart()
    assert host.call('system.boot_id') != boot_id
    assert host.call('tunable.get_zfs_parameters')['zfs_dirty_data_max_max']['value'] == str(8 * GiB)


def test_reboot_needs_a_reason(host, errors_of):
    with pytest.raises(ValidationErrors) as e:
        host.call('system.reboot', '', {})
    assert errors_of(e)[0][0] == 'reason'
