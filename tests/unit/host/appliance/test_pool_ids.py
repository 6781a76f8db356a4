"""Pool ids (issue 22): assigned the first time a pool is seen and kept, and a read of the pools writes nothing
after that (a write transaction syncs the disk: under load every pool.query waited on it)."""
from tuning_host.appliance.pool import IDS_KEY, pool_ids
from tuning_host.backends.sandbox import STATE_KEY


class Writes:
    """Counts the writes made through a document store."""

    def __init__(self, monkeypatch, store):
        self.made = []
        for name in ('put', 'update', 'delete'):
            monkeypatch.setattr(store, name, self._counting(name, getattr(store, name)))

    def _counting(self, name, method):
        def counted(key, *args, **kwargs):
            self.made.append((name, key))
            return method(key, *args, **kwargs)
        return counted


def test_reading_the_pools_writes_nothing_once_they_have_ids(host, monkeypatch):
    host.call('pool.query')
    writes = Writes(monkeypatch, host.backend.store)
    for _ in range(3):
        assert [p['id'] for p in host.call('pool.query')] == [1]
    assert host.call('pool.get_instance', 1)['name'] == 'tank'
    host.call('pool.query', [['name', '=', 'tank']], {'get': True})
    assert writes.made == []


def add_pool(host, name):
    """A second sandbox pool (a copy of the first under another name, with no disks of its own)."""
    def apply(state):
        first = state['pools'][0]
        state['pools'].append({**first, 'name': name, 'data': [], 'cache': [], 'log': []})
    host.backend.store.update(STATE_KEY, apply)


def drop_pool(host, name):
    def apply(state):
        state['pools'] = [p for p in state['pools'] if p['name'] != name]
    host.backend.store.update(STATE_KEY, apply)


def test_a_pool_that_appears_gets_the_next_id_and_every_id_stays(host, monkeypatch):
    assert [(p['name'], p['id']) for p in host.call('pool.query')] == [('tank', 1)]
    add_pool(host, 'fast')
    writes = Writes(monkeypatch, host.backend.store)
    assert [(p['name'], p['id']) for p in host.call('pool.query')] == [('tank', 1), ('fast', 2)]
    assert writes.made == [('update', IDS_KEY)]   # the first sighting of `fast`, once
    host.call('pool.query')
    assert writes.made == [('update', IDS_KEY)]
    drop_pool(host, 'tank')
    add_pool(host, 'slow')
    assert [(p['name'], p['id']) for p in host.call('pool.query')] == [('fast', 2), ('slow', 3)]
    add_pool(host, 'tank')   # back again: its own id
    assert {p['name']: p['id'] for p in host.call('pool.query')} == {'fast': 2, 'slow': 3, 'tank': 1}


class LateReader:
    """A store seen by a reader that read the ids just before another reader numbered a new pool."""

    def __init__(self, store, stale):
        self.store, self.stale = store, stale

    def get(self, key, default=None):
        return self.stale

    def update(self, key, mutate, default=None):
        return self.store.update(key, mutate, default)


def test_two_readers_numbering_the_same_new_pool_agree(host):
    store = host.backend.store
    assert pool_ids(store, ['tank']) == {'tank': 1}
    stale = store.get(IDS_KEY)
    assert pool_ids(store, ['tank', 'fast']) == {'tank': 1, 'fast': 2}   # the first reader
    assert pool_ids(LateReader(store, stale), ['tank', 'fast']) == {'tank': 1, 'fast': 2}
    assert store.get(IDS_KEY)['next'] == 3
