"""Results stored by earlier versions read in words (issue 21 item 5): notes and the labels tuning made up said tests,
presets and profiles by their ids ("SEQ_WRITE: spread is low", "no preset · tank/media · QUICK"); they are reworded
where results are read, and new ones are written in words."""
from tuning.core.stored_words import default_label, label_words, note_words
from tuning.store import Database
from tuning.store import benchmarks


def test_old_notes_name_the_test_in_words():
    assert note_words('SEQ_WRITE: spread is low') == 'Sequential write 1 MiB: spread is low'
    assert note_words('round result #4: RAND_READ_4K run 2: queue depth reached 3, requested 32') == \
        'round result #4: Random read 4 KiB run 2: queue depth reached 3, requested 32'
    for kept in ('Cache defeat: a file twice the RAM.', 'NOTE: a test this version does not know', 'x'):
        assert note_words(kept) == kept


def test_labels_tuning_made_up_read_in_words_and_typed_ones_stay():
    assert label_words('no preset · tank/media · QUICK') == 'No preset · tank/media · Quick test'
    assert label_words('max-iops · tank · STANDARD') == 'Max IOPS · tank · Standard test'
    assert label_words('campaign 3 · round 2 · BASELINE') == 'Campaign 3 · round 2 · baseline'
    assert label_words('campaign 3 · max-seq-write') == 'Campaign 3 · Max sequential write'
    assert label_words('campaign 3 · my-own') == 'Campaign 3 · my-own'   # an own preset's name is not known here
    for typed in ('before the SLOG', 'tank · QUICK', 'No preset · tank/media · Quick test'):
        assert label_words(typed) == typed


def test_a_new_default_label_uses_the_names():
    assert default_label(None, 'tank/media', 'QUICK') == 'No preset · tank/media · Quick test'
    assert default_label('My preset', 'tank', 'THOROUGH') == 'My preset · tank · Thorough test'


def test_a_result_stored_by_an_older_version_reads_in_words(tmp_path):
    db = Database(str(tmp_path / 'tuning.db'))
    # as an older version wrote it, straight into the table
    old = benchmarks.insert_benchmark(db, label='x', source='FIO', spec={}, context={}, summary={}, runs={}, jobs=[],
                                      notes=[], raw={})
    db.execute('UPDATE benchmark SET label = ?, notes = ? WHERE id = ?',
               ('no preset · tank/media · QUICK', '["SEQ_WRITE: spread is low", "Cache defeat: O_DIRECT."]',
                old['id']))
    for entry in (benchmarks.get_benchmark(db, old['id']), benchmarks.list_benchmarks(db)[0],
                  next(benchmarks.iter_benchmarks(db, benchmarks.HEADS))):
        assert entry['label'] == 'No preset · tank/media · Quick test'
    assert benchmarks.get_benchmark(db, old['id'])['notes'] == ['Sequential write 1 MiB: spread is low',
                                                               'Cache defeat: O_DIRECT.']
    db.close()


def test_a_results_settings_snapshot_reads_with_names_and_units(tmp_path):
    """The snapshot of what a result was measured under: each setting named and with its unit, so the panel shows
    "Write buffer size 3.2 GiB", never 3435973836; rows stored before keep their own fields, odd rows pass as they are."""
    db = Database(str(tmp_path / 'tuning.db'))
    snapshot = [{'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_dirty_data_max', 'value': '3435973836',
                 'source': None, 'exists': True},
                {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_arc_max', 'value': '0', 'source': None,
                 'exists': True},
                {'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': 'sync', 'value': 'STANDARD',
                 'source': 'LOCAL', 'exists': True},
                'not a row']
    stored = benchmarks.insert_benchmark(db, label='x', source='FIO', spec={}, context={'settings': snapshot},
                                         summary={}, runs={}, jobs=[], notes=[], raw={})
    rows = benchmarks.get_benchmark(db, stored['id'])['context']['settings']
    assert rows[0] == {**snapshot[0], 'name': 'Write buffer size', 'unit': 'BYTES', 'zero_is_default': False}
    assert (rows[1]['unit'], rows[1]['zero_is_default']) == ('BYTES', True)
    assert (rows[2]['name'], rows[2]['unit']) == ('Synchronous writes', None)
    assert rows[3] == 'not a row'
    db.close()
