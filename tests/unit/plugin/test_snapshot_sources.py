"""The snapshot reads the source of raw ZFS properties on both releases: 26.0's zfs.resource.query leaves sources out
unless `get_source` is asked for (25.10 sends them by default), and drift and inherit-on-revert need them."""
import asyncio

from tuning.box.settings import read_settings


class Middleware26:
    """pool.dataset.query and zfs.resource.query as TrueNAS 26.0 answers them (sources only when asked)."""

    def __init__(self):
        self.calls = []

    async def call(self, method, *args):
        self.calls.append((method, args))
        if method == 'pool.dataset.query':
            return [{'id': 'tank/vm', 'name': 'tank/vm'}]
        if method == 'zfs.resource.query':
            (query,) = args
            source = {'type': 'LOCAL', 'value': None} if query.get('get_source') else None
            return [{'name': 'tank/vm',
                     'properties': {'logbias': {'raw': 'throughput', 'value': 'throughput', 'source': source}}}]
        raise AssertionError(method)


def test_a_raw_zfs_property_is_read_with_its_source():
    middleware = Middleware26()
    snapshot = asyncio.run(read_settings(middleware, ['DATASET_PROPERTY:tank/vm:logbias']))
    row = snapshot['DATASET_PROPERTY:tank/vm:logbias']
    assert row['source'] == 'LOCAL', row
