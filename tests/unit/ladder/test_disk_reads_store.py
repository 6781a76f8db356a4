"""The disk_read table: rows as stored, the latest 20 of each pool kept."""
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
