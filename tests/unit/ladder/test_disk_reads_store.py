"""The disk_read table: rows as stored, the latest 20 of each pool kept; what the ladder reads of benchmark results."""
from tuning.store import Database
from tuning.store import disk_reads as store


def insert(db, pool, total):
    return store.insert_disk_read(db, pool=pool, disks=[{'name': 'sda', 'device': '/dev/sda',
                                                        'read_bytes_per_second': total, 'seconds': 3.0,
                                                        'error': None}],
                                  total_read_bytes_per_second=total, options={'pool': pool, 'seconds_per_disk': 3},
                                  stand_in=pool == 'tank')


def test_rows_round_trip_and_only_the_latest_twenty_of_each_pool_stay(tmp_path):
    db = Database(str(tmp_path / 'tuning.db'))
    other = insert(db, 'other', 1.0)
    rows = [insert(db, 'tank', float(i)) for i in range(25)]
    assert rows[0]['stand_in'] is True and other['stand_in'] is False
    assert rows[-1]['disks'][0]['device'] == '/dev/sda' and rows[-1]['options']['seconds_per_disk'] == 3
    kept = store.list_disk_reads(db, 'tank')
    assert [r['id'] for r in kept] == [r['id'] for r in rows[5:]]
    assert store.latest_disk_read(db, 'tank') == rows[-1]
    assert store.list_disk_reads(db, 'other') == [other]
    assert store.latest_disk_read(db, 'none') is None
    db.close()


def test_the_ladder_reads_only_the_heads_of_benchmark_results(tmp_path):
    import pytest
    from tuning.store import benchmarks
    db = Database(str(tmp_path / 'tuning.db'))
    entry = benchmarks.insert_benchmark(db, label='l', source='FIO', spec={'tests': ['SEQ_READ']},
                                        context={'target': {'pool': 'tank'}}, summary={'SEQ_READ': {}},
                                        runs={'SEQ_READ': [1, 2]}, jobs=[{'name': 'j'}], notes=[], raw={'big': 1})
    client = benchmarks.insert_benchmark(db, label='c', source='CLIENT', spec={}, context={}, summary={}, runs={},
                                         jobs=[], notes=[], raw={})
    (head,) = benchmarks.iter_benchmarks(db, benchmarks.HEADS, source='FIO')
    assert head == {k: entry[k] for k in benchmarks.HEADS} and 'runs' not in head
    assert benchmarks.list_benchmarks(db) == [entry, client]
    assert [e['id'] for e in benchmarks.iter_benchmarks(db, newest_first=True)] == [client['id'], entry['id']]
    with pytest.raises(ValueError):
        next(benchmarks.iter_benchmarks(db, ('id', 'raw; DROP TABLE benchmark')))
    db.close()
