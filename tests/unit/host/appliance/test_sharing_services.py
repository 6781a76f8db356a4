"""smb.config/update and nfs.config/update: stored in the host database, reported back, validated."""
import pytest

from tuning_host.runtime import ValidationErrors


def test_smb_multichannel_round_trip(host):
    assert host.call('smb.config')['multichannel'] is False
    config = host.call('smb.update', {'multichannel': True})
    assert config['multichannel'] is True and config['workgroup'] == 'WORKGROUP'
    host.restart()
    assert host.call('smb.config')['multichannel'] is True


def test_nfs_servers_and_managed_nfsd(host, errors_of):
    assert host.call('nfs.config')['servers'] is None and host.call('nfs.config')['managed_nfsd'] is True
    config = host.call('nfs.update', {'servers': 16})
    assert (config['servers'], config['managed_nfsd']) == (16, False)
    assert host.call('nfs.update', {'allow_nonroot': True})['servers'] == 16  # untouched fields stay
    config = host.call('nfs.update', {'servers': None})
    assert (config['servers'], config['managed_nfsd']) == (None, True)
    with pytest.raises(ValidationErrors) as e:
        host.call('nfs.update', {'servers': 300})
    assert errors_of(e)[0][0] == 'data.servers'
    with pytest.raises(ValidationErrors) as e:
        host.call('smb.update', {'multichannel': 'yes'})
    assert errors_of(e)[0][0] == 'smb_update.multichannel'


@pytest.mark.parametrize('field, value, message', [
    ('netbiosname', '..', 'Invalid NetBIOS name.'),
    ('netbiosname', '12345', 'Invalid NetBIOS name.'),             # digits only
    ('netbiosname', 'a' * 16, 'Invalid NetBIOS name.'),
    ('netbiosname', 'nas/01', 'Invalid NetBIOS name.'),
    ('netbiosname', 'Gateway', 'reserved names'),
    ('workgroup', 'corp:1', 'Invalid NetBIOS name.'),
    ('filemask', '%s%s%n', 'Not a valid integer. Must be between 000 and 777'),
    ('filemask', '1777', 'Please supply a value between 000 and 777'),
    ('dirmask', '0o1000', 'Please supply a value between 000 and 777'),
    ('dirmask', '', 'Not a valid integer'),
])
def test_smb_names_and_masks_are_refused_by_field_as_truenas_refuses_them(host, field, value, message):
    before = host.call('smb.config')
    with pytest.raises(ValidationErrors) as e:
        host.call('smb.update', {field: value})
    [(attribute, text, _)] = list(e.value)
    assert attribute == f'smb_update.{field}' and message in text
    assert host.call('smb.config') == before   # nothing recorded


def test_smb_names_masks_and_scopes_truenas_accepts_are_recorded(host):
    config = host.call('smb.update', {'netbiosname': 'nas-01_{x}', 'workgroup': 'corp.example', 'filemask': '0644',
                                      'dirmask': '775'})
    assert (config['netbiosname'], config['workgroup'], config['filemask'], config['dirmask']) == (
        'nas-01_{x}', 'corp.example', '0644', '775')
    assert host.call('smb.update', {'filemask': 'DEFAULT'})['filemask'] == 'DEFAULT'


def test_smb_settings_that_conflict_with_the_rest_of_the_configuration_are_refused(host):
    with pytest.raises(ValidationErrors) as e:
        host.call('smb.update', {'netbiosname': 'workgroup'})   # the workgroup's name, in another case
    assert [(a, m) for a, m, _ in e.value] == [
        ('smb_update.netbiosname', 'NetBIOS name [workgroup] conflicts with workgroup name.')]
    host.call('smb.update', {'enable_smb1': True})
    with pytest.raises(ValidationErrors) as e:
        host.call('smb.update', {'encryption': 'REQUIRED'})
    assert [a for a, _, _ in e.value] == ['smb_update.encryption']
    assert host.call('smb.update', {'enable_smb1': False, 'encryption': 'REQUIRED'})['encryption'] == 'REQUIRED'
