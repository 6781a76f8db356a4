"""Settings that can lose data on power loss, recorded with every figure (issue 21: figures that mean what they
say): the registry's DANGEROUS values, in words, recorded at measurement time and told for older results from the
settings they recorded."""
from tuning.core.campaign import merge_rounds
from tuning.core.presets.data_loss import (
    data_loss_knobs, data_loss_settings, measured_with, recorded_data_loss, with_data_loss,
)
from tuning.store import Database, benchmarks

SYNC_OFF = {'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': 'sync', 'value': 'disabled',
            'source': 'LOCAL', 'exists': True}
FLUSH_OFF = {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_nocacheflush', 'value': '1', 'exists': True}
SAFE = [{'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': 'sync', 'value': 'standard', 'exists': True},
        {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zil_nocacheflush', 'value': '0', 'exists': True},
        {'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': 'recordsize', 'value': '1M', 'exists': True}]


def test_the_settings_that_can_lose_data_are_the_ones_the_plan_calls_dangerous():
    assert [k.id for k in data_loss_knobs()] == [
        ('DATASET_PROPERTY', 'sync'), ('ZFS_PARAMETER', 'zfs_nocacheflush'), ('ZFS_PARAMETER', 'zil_nocacheflush')]


def test_each_is_named_with_its_place_and_value_in_words():
    found = data_loss_settings([FLUSH_OFF, *SAFE, SYNC_OFF])
    assert found == [
        {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'name': 'Synchronous writes', 'scope': 'tank/media',
         'value': 'DISABLED', 'words': 'Synchronous writes Disabled on tank/media: not safe on power loss'},
        {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_nocacheflush', 'name': 'Skip disk cache flushes', 'scope': 'global',
         'value': '1', 'words': 'Skip disk cache flushes on: not safe on power loss'}]
    assert measured_with(found) == ('measured with Synchronous writes Disabled on tank/media and Skip disk cache '
                                    'flushes on: not safe on power loss')
    assert data_loss_settings(SAFE) == []
    assert data_loss_settings([{**SYNC_OFF, 'exists': False}]) == []   # a dataset that was not there


def test_an_older_result_is_told_from_the_settings_it_recorded_and_one_without_any_stays_unknown():
    assert recorded_data_loss({'settings': [SYNC_OFF]})[0]['setting'] == 'sync'
    assert recorded_data_loss({'settings': SAFE}) == []
    assert recorded_data_loss({'settings': []}) is None                  # nothing recorded: unknown, not safe
    assert recorded_data_loss({'imported': {'format': 'BONNIE'}}) is None
    assert recorded_data_loss({'settings': [SYNC_OFF], 'data_loss_settings': []}) == []   # recorded wins
    assert with_data_loss({'imported': {}}) == {'imported': {}}


def test_the_store_reads_older_results_with_what_they_were_measured_with(tmp_path):
    db = Database(str(tmp_path / 'tuning.db'))
    try:
        record = {'label': 'old', 'source': 'FIO', 'spec': {}, 'summary': {}, 'runs': {}, 'jobs': [], 'notes': [],
                  'raw': {}}
        old = benchmarks.insert_benchmark(db, **record, context={'settings': [SYNC_OFF, *SAFE[1:]]})
        imported = benchmarks.insert_benchmark(db, **record, context={'imported': {'format': 'BONNIE'}})
        assert [i['setting'] for i in old['context']['data_loss_settings']] == ['sync']
        assert 'data_loss_settings' not in imported['context']
        (head,) = [e for e in benchmarks.iter_benchmarks(db, benchmarks.HEADS) if e['id'] == old['id']]
        assert head['context']['data_loss_settings'] == old['context']['data_loss_settings']
    finally:
        db.close()


def _round(id_, context):
    return {'id': id_, 'source': 'FIO', 'spec': {}, 'context': context, 'jobs': [], 'notes': [],
            'runs': {'SEQ_WRITE': [{'run': 1, 'metrics': {'write_bw_bytes': 1.0}}]}}


def test_a_merged_campaign_result_carries_what_any_of_its_rounds_was_measured_with():
    safe = {'settings': SAFE, 'data_loss_settings': []}
    loose = {'settings': [SYNC_OFF], 'data_loss_settings': data_loss_settings([SYNC_OFF])}
    merged = merge_rounds([_round(1, safe), _round(2, loose)], 'Campaign 1 · baseline', 1)['context']
    assert [i['setting'] for i in merged['data_loss_settings']] == ['sync']
    assert merge_rounds([_round(1, safe), _round(2, safe)], 'c', 1)['context']['data_loss_settings'] == []
    assert merge_rounds([_round(1, safe), _round(2, {})], 'c', 1)['context']['data_loss_settings'] is None
