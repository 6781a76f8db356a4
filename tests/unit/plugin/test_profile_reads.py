"""What `tuning.profile` asks the appliance for (issue 22: the path is short): its datasets without their ZFS
properties, which TrueNAS's pool.dataset.query otherwise reads for every dataset (and the host's sandbox computes
used/available of each by walking its directory)."""
import asyncio

from tuning.box.profile import read_profile


class RecordingMiddleware:
    """Answers each appliance call a profile makes, and records it."""

    class backend:
        name = 'sandbox'

    def __init__(self):
        self.calls = []

    async def call(self, method, *args):
        self.calls.append((method, args))
        return {
            'system.info': {'physmem': 2**34, 'model': 'CPU', 'cores': 4},
            'system.version': '25.10', 'sysctl.get_arcstats': {'c_max': 2**33, 'c_min': 2**30, 'size': 2**30},
            'zfs.version': '2.3.4', 'pool.query': [],
            'pool.dataset.query': [{'id': 'tank', 'pool': 'tank', 'type': 'FILESYSTEM'}],
            'disk.query': [], 'disk.details': [], 'interface.query': [],
            'tunable.get_zfs_parameters': {'zfs_arc_max': {'value': '0', 'writable': True}},
        }[method]


def test_the_profile_reads_datasets_without_their_properties():
    mw = RecordingMiddleware()
    profile = asyncio.run(read_profile(mw))
    (args,) = [args for method, args in mw.calls if method == 'pool.dataset.query']
    filters, options = args
    assert filters == [] and options['select'] == ['id', 'pool', 'type']
    # TrueNAS's own options (plugins/pool_/dataset.py): [] reads no property, user properties included
    assert options['extra'] == {'properties': [], 'retrieve_user_props': False}
    assert profile['zfs_parameters_count'] == 1 and profile['backend'] == 'sandbox'
    assert len(mw.calls) == 10
