"""The remote appliance as the host builds it for `--backend truenas` (a loopback URL, nothing connected), its
connection to the box replaced by a test's stand-in."""
from tuning_host.config import HostSettings
from tuning_host.remote import RemoteAppliance


def remote_appliance(data_dir, box, module_dir=None, proc_dir=None):
    settings = HostSettings(data_dir=str(data_dir), backend='truenas', truenas_url='ws://127.0.0.1:1/api/current',
                            truenas_user='tuner', zfs_module_dir=module_dir and str(module_dir),
                            proc_dir=proc_dir and str(proc_dir))
    appliance = RemoteAppliance(settings, {'TUNING_TRUENAS_API_KEY': 'a-key'})
    appliance.box = box
    return appliance
