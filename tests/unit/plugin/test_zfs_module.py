"""The ZFS module's parameters read from sysfs (tuning.shared.zfs_module): the plugin's on TrueNAS, the box's in the
TrueNAS App (tuning_host.remote)."""
import os

from tuning.shared.zfs_module import read_zfs_parameters_dir


def test_each_parameter_is_its_stripped_value_and_whether_it_may_be_written(tmp_path):
    (tmp_path / 'zfs_txg_timeout').write_text('5\n')
    (tmp_path / 'zfs_arc_max').write_text('0\n')
    (tmp_path / 'zfs_dirty_data_max_max').write_text('4294967296\n')
    os.chmod(tmp_path / 'zfs_dirty_data_max_max', 0o444)   # load-time only: sysfs shows it read-only
    (tmp_path / 'not_a_parameter').mkdir()                  # what cannot be read is left out
    params = read_zfs_parameters_dir(str(tmp_path))
    assert list(params) == ['zfs_arc_max', 'zfs_dirty_data_max_max', 'zfs_txg_timeout']
    assert params == {'zfs_arc_max': {'value': '0', 'writable': True},
                      'zfs_dirty_data_max_max': {'value': '4294967296', 'writable': False},
                      'zfs_txg_timeout': {'value': '5', 'writable': True}}
