"""Where a built-in preset is applied in the VM: tank/share, plus the spare "SSD"s as cache and log when the preset
would add such a device (the presets tier and the lab choose the same)."""
from guest_layout import SSD_SERIALS

DATASET = 'tank/share'


def target_for(client, truth, preset_id: str) -> dict:
    ssd_cache, ssd_log = (truth.disk(serial) for serial in SSD_SERIALS)
    target = {'pool': 'tank', 'dataset': DATASET}
    probe = client.call('tuning.preset.preview', preset_id,
                        {**target, 'cache_disks': [ssd_cache], 'log_disks': [ssd_log]})
    roles = {ch['setting'] for ch in probe['changes'] if ch['kind'] == 'POOL_DEVICE'}
    if 'cache' in roles:
        target['cache_disks'] = [ssd_cache]
    if 'log' in roles:
        target['log_disks'] = [ssd_log]
    return target
