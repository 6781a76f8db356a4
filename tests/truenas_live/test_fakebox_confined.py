"""The fake box never reaches outside its own directory, whatever a caller names: a ZFS module parameter's path
stays in the sysfs stand-in (a tunable named ../../../../etc/passwd once wrote this machine's /etc/passwd, as
TrueNAS's own tunable.create would write the box's), a dataset's mountpoint in its mnt directory."""
import os

from .fakebox import state


def test_a_parameter_name_that_walks_out_of_the_sysfs_stand_in_names_no_file(tmp_path, monkeypatch):
    monkeypatch.setenv('FAKEBOX_HOME', str(tmp_path))
    state.sysfs_dir().mkdir()
    (state.sysfs_dir() / 'zfs_txg_timeout').write_text('5\n')
    assert state.zfs_parameter_path('zfs_txg_timeout') == (state.sysfs_dir() / 'zfs_txg_timeout').resolve()
    for name in ('../../../../etc/passwd', '../box.json', '/etc/passwd', 'a/../../x', '..', ''):
        assert state.zfs_parameter_path(name) is None, name
    assert os.path.getsize('/etc/passwd') > 2


def test_a_dataset_name_with_a_dot_component_has_no_mountpoint(tmp_path, monkeypatch):
    monkeypatch.setenv('FAKEBOX_HOME', str(tmp_path))
    assert state.mountpoint('tank/media') == tmp_path / 'mnt' / 'tank' / 'media'
    for name in ('tank/..', 'tank/../../victim', 'tank//x', 'tank/./x', '/tank', 'tank/'):
        assert state.mountpoint(name) is None, name
