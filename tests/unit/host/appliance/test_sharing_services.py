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
    assert errors_of(e)[0][0] == 'data.multichannel'
