"""``smb-files``: general SMB file sharing to desktops and workstations."""
from ..constants import SEQ_READ, SEQ_WRITE
from . import common
from .costs import Cost

COSTS = (
    Cost('Apps that rely on access times (some mail and backup tools) no longer see them updated.',
         lambda o: o.ends_at('atime', 'OFF')),
    Cost('Turning multichannel on restarts the SMB service: connected clients are cut off and reconnect.',
         lambda o: o.changes('multichannel')),
)
PRESET = {
    'id': 'smb-files',
    'name': 'SMB file sharing',
    'description': 'Optimizes SMB file-share transfers: no access-time writes, multichannel over several links.',
    'optimizes': [SEQ_READ, SEQ_WRITE],
    'costs': [cost.text for cost in COSTS],
}


def build(draft):
    common.lz4_and_no_atime(draft)
    common.multichannel(draft)
    common.network(draft)
    draft.warn('The Record size stays as it is (128 KiB suits mixed shares); use the Media streaming preset for '
               'shares of large media files. Case sensitivity set to Insensitive speeds up Samba name lookups but '
               'can only be set when a dataset is created.')
