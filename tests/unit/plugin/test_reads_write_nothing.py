"""Reads never write (issue 22: a write transaction syncs the disk, and under load every read waited on it): each read
method of the tuning API, called twice on a box with something of everything in it, writes nothing the second time,
neither to the plugin's database nor to the host's document store. A first call may record a first sighting, by
design: a pool's id (pool.query), a setting's value the first time a preview reads it (flows/preview.py).

The read methods are the public `tuning.*` methods with the read roles, jobs included, but for the two that answer
through a download pipe (DOWNLOADS); a new one fails here until it is listed in METHODS."""
import os

import pytest

from test_startup import Box

from tuning.context import plugin_context
from tuning.core.campaign import plan_steps
from tuning.framework import READ_ROLES
from tuning.store import campaigns, network
from tuning.store.offloop import store_call

FIXTURES = os.path.join(os.path.dirname(__file__), '..', '..', 'fixtures', 'bench', 'fio')
MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}
RECORDSIZE = 'DATASET_PROPERTY:tank/media:recordsize'


class Writes:
    """Counts the writes made through the plugin's database (its transactions and lone statements, the only ways
    it writes: store/db.py) and the host's document store (as tests/unit/host/appliance/test_pool_ids.py does)."""

    def __init__(self, monkeypatch, db, store):
        self.made = []
        for target, names in ((db, ('transaction', 'execute')), (store, ('put', 'update', 'delete'))):
            for name in names:
                monkeypatch.setattr(target, name, self._counting(name, getattr(target, name)))

    def _counting(self, name, method):
        def counted(*args, **kwargs):
            self.made.append((name, args[0] if args else None))   # the statement or the document's key
            return method(*args, **kwargs)
        return counted


@pytest.fixture(scope='module')
def box(tmp_path_factory):
    """A ready box with a preset in effect and one setting drifted from it, two imported results, a client
    session, a network measurement and a finished campaign."""
    b = Box(str(tmp_path_factory.mktemp('reads') / 'data'))
    b.boot()
    b.ready()
    applied = b.call('tuning.preset.apply', 'max-seq-write', MEDIA, {})
    b.call('pool.dataset.update', 'tank/media', {'recordsize': '128K'})   # behind tuning's back: drift
    for name in ('seq-read-psync', 'randread-libaio-direct'):
        with open(os.path.join(FIXTURES, f'{name}.json')) as f:
            b.call('tuning.benchmark.import', 'FIO', f.read(), name)
    service, _ = b.mw.get_method('system.general.config')   # the web UI's settings, which only a served host has
    b.mw._methods['system.general.config'] = (service, lambda: {'ui_certificate': None, 'ui_port': 80,
                                                                 'ui_httpsport': None})
    b.call('tuning.client.session.create', {'protocol': 'NFS'})
    b.run(store_call(b.mw, network.insert_network_result, created_at='2026-11-24T08:00:00+00:00',
                     label='link', interface='eno1', address='127.0.0.1', port=5201, link_speed_mbps=1000,
                     mtu=1500, client_address='127.0.0.2', iperf3_version='iperf 3.12', measurements=[],
                     ceiling_bits_per_second=9.4e8, options={}, raw=[]))
    row = b.run(store_call(b.mw, campaigns.insert_campaign, label='max-iops on tank/media',
                           spec={'dataset': 'tank/media', 'rounds': 1},
                           steps=plan_steps(['max-iops'], 1, 'INTERLEAVED'), configurations=[],
                           origin_restore_point=applied['restore_point_id']))
    b.run(store_call(b.mw, campaigns.update_campaign, row['id'], state='DONE', phase='DONE'))
    yield b
    b.close()


METHODS = ('tuning.profile', 'tuning.state', 'tuning.preset.query', 'tuning.preset.settings',
           'tuning.preset.preview', 'tuning.restore_point.query', 'tuning.restore_point.preview',
           'tuning.drift.preview', 'tuning.benchmark.query', 'tuning.benchmark.get', 'tuning.benchmark.compare',
           'tuning.benchmark.plan_estimate', 'tuning.campaign.query', 'tuning.ladder.get', 'tuning.advice.layout',
           'tuning.network.query', 'tuning.network.get', 'tuning.client.kit', 'tuning.client.session.query',
           'tuning.client.session.get', 'tuning.advice.recordsize', 'tuning.benchmark.space')
# Answered through core.download's pipe, which an in-process box has none of (the report renders from the same reads)
DOWNLOADS = {'tuning.report.generate', 'tuning.database.export'}


def arguments(box, method) -> tuple:
    """Its arguments, over the rows the box holds."""
    def first(query):
        return box.call(query, [], {'order_by': ['id'], 'get': True})['id']
    results = [r['id'] for r in box.call('tuning.benchmark.query', [], {'select': ['id'], 'order_by': ['id']})]
    return {
        'tuning.preset.settings': (MEDIA,),
        'tuning.preset.preview': ('max-iops', MEDIA),
        'tuning.restore_point.preview': (first('tuning.restore_point.query'),),
        'tuning.drift.preview': (RECORDSIZE,),
        'tuning.benchmark.get': (results[0],),
        'tuning.benchmark.compare': (results, None),
        'tuning.benchmark.plan_estimate': ({},),
        'tuning.benchmark.space': ('tank/media',),
        'tuning.ladder.get': ({'pool': 'tank'},),
        'tuning.advice.layout': ({'source': 'POOL', 'pool': 'tank'},),
        'tuning.network.get': (first('tuning.network.query'),),
        'tuning.client.session.get': (first('tuning.client.session.query'),),
        'tuning.advice.recordsize': ({'dataset': 'tank/media'},),
    }.get(method, ([], {}) if method.endswith('.query') else ())


def read_methods(mw) -> set[str]:
    return {name for name, (_service, fn) in mw._methods.items()
            if name.startswith('tuning.') and getattr(fn, 'roles', None) == READ_ROLES
            and not getattr(fn, '_private', False) and name not in DOWNLOADS}


def test_every_read_method_is_called_here(box):
    assert read_methods(box.mw) == set(METHODS)


@pytest.mark.parametrize('method', METHODS)
def test_a_read_called_again_writes_nothing(box, monkeypatch, method):
    args = arguments(box, method)
    box.call(method, *args)   # a first sighting may be recorded
    writes = Writes(monkeypatch, plugin_context(box.mw).db, box.backend.store)
    box.call(method, *args)
    assert writes.made == []


def test_the_count_sees_writes_to_either_store(box, monkeypatch):
    writes = Writes(monkeypatch, plugin_context(box.mw).db, box.backend.store)
    box.call('tuning.preset.create', {'name': 'Counted', 'settings': [
        {'kind': 'DATASET_PROPERTY', 'setting': 'atime', 'value': 'OFF'}]})
    box.call('tuning.preset.delete', 'counted')
    box.call('pool.dataset.update', 'tank/media', {'recordsize': '128K'})
    assert ('transaction', None) in writes.made and any(name == 'update' for name, _ in writes.made)
