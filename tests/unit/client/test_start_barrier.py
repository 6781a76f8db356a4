"""Several agents, one measurement: the start barrier and the summed result (core.client.barrier, pure)."""
import pytest

from tuning.core.client.barrier import (
    GO_LEAD_SECONDS, MAX_CLIENTS, StartBarrier, aggregate_record, group_outcome, per_client_spread, summed_runs,
)

MEMBERS = {11: {'session_id': 1, 'label': 'ws1 NFS'}, 12: {'session_id': 2, 'label': 'ws2 NFS'},
           13: {'session_id': 3, 'label': 'ws3 NFS'}}


def test_go_comes_once_all_are_ready_with_one_start_time_by_the_box_clock():
    barrier = StartBarrier(MEMBERS, ready_seconds=60, now=100.0)
    assert barrier.report_ready(11, 101.0)['state'] == 'WAIT'
    assert barrier.report_ready(11, 101.5) == barrier.answer(101.5)   # asking again changes nothing
    assert barrier.report_ready(12, 102.0)['message'] == '2 of 3 clients ready'
    go = barrier.report_ready(13, 110.0, hostname='ws3')
    assert go['state'] == 'GO' and go['start_in_seconds'] == GO_LEAD_SECONDS
    # each agent hears the time left when it asks: all start at the same instant of the box's clock
    assert barrier.report_ready(11, 111.0)['start_in_seconds'] == GO_LEAD_SECONDS - 1
    assert barrier.answer(200.0)['start_in_seconds'] == 0
    assert barrier.expire(1000.0) is None   # past its bound, a barrier that said go stays said


def test_a_client_not_ready_in_time_is_named_and_everyone_is_told_to_stop():
    barrier = StartBarrier(MEMBERS, ready_seconds=60, now=0.0)
    barrier.report_ready(11, 1.0, hostname='ws1')
    assert barrier.expire(59.9) is None
    words = barrier.expire(60.0)
    assert words == ('session 2 (ws2 NFS) and session 3 (ws3 NFS) were not ready within 60 s, so no client '
                     'measured')
    assert barrier.report_ready(12, 61.0) == {'state': 'STOP', 'start_in_seconds': None, 'clients': 3,
                                              'ready': 1, 'message': words}


def test_the_first_failure_is_the_one_told():
    barrier = StartBarrier(MEMBERS, ready_seconds=60, now=0.0)
    barrier.fail('session 1 (ws1) failed: fio: No space left on device')
    barrier.fail('something later')
    assert barrier.answer(1.0)['message'] == 'session 1 (ws1) failed: fio: No space left on device'


@pytest.mark.parametrize('n', [0, MAX_CLIENTS + 1])
def test_a_step_takes_one_to_sixteen_clients(n):
    with pytest.raises(ValueError):
        StartBarrier({i: {'session_id': i, 'label': 'x'} for i in range(n)}, 60, 0.0)


def step(id_, state, message=None):
    return {'id': id_, 'state': state, 'message': message}


def test_the_outcome_names_each_failed_client():
    assert group_outcome([step(11, 'DONE'), step(12, 'TAKEN'), step(13, 'PENDING')], MEMBERS, None) == ('WAIT', None)
    assert group_outcome([step(11, 'DONE'), step(12, 'DONE'), step(13, 'DONE')], MEMBERS, None) == ('DONE', None)
    assert group_outcome([step(11, 'DONE'), step(12, 'FAILED', 'the client agent failed: fio exited 1'),
                          step(13, 'TAKEN')], MEMBERS, None) == \
        ('FAILED', 'session 2 (ws2 NFS): the client agent failed: fio exited 1')
    assert group_outcome([step(11, 'TAKEN')] * 1, MEMBERS, 'late') == ('FAILED', 'late')


def record(id_, host, bw):
    runs = [{'run': r, 'bw_bytes': bw + r, 'iops': (bw + r) / 10, 'lat_ns': {'mean': 5},
             'metrics': {'write_bw_bytes': bw + r, 'write_iops': (bw + r) / 10, 'write_lat_mean_ns': 5}}
            for r in (1, 2)]
    return {'id': id_, 'spec': {'session_id': 1, 'tests': ['SEQ_WRITE'], 'runs': 2},
            'context': {'client': {'hostname': host}, 'target': {'protocol': 'NFS'}, 'session': {'id': id_}},
            'runs': {'SEQ_WRITE': runs},
            'summary': {'SEQ_WRITE': {'write_bw_bytes': {'median': bw + 1.5}, 'write_iops': {'median': 1.0},
                                      'write_lat_mean_ns': {'median': 5}}}}


def test_runs_add_up_run_by_run_and_latencies_are_left_to_each_client():
    records = [record(1, 'ws1', 100), record(2, 'ws2', 200), record(3, 'ws3', 400)]
    runs = summed_runs(records)
    assert [r['bw_bytes'] for r in runs['SEQ_WRITE']] == [703, 706]
    assert runs['SEQ_WRITE'][0]['metrics'] == pytest.approx({'write_bw_bytes': 703, 'write_iops': 70.3})
    spread = per_client_spread(records)['SEQ_WRITE']
    assert spread['write_bw_bytes'] == {'min': 101.5, 'median': 201.5, 'max': 401.5}
    assert 'write_lat_mean_ns' not in spread


def test_a_run_not_measured_by_every_client_is_left_out_of_the_sum():
    short = record(2, 'ws2', 200)
    short['runs']['SEQ_WRITE'] = short['runs']['SEQ_WRITE'][:1]
    assert [r['run'] for r in summed_runs([record(1, 'ws1', 100), short])['SEQ_WRITE']] == [1]


def test_the_aggregate_names_its_clients_and_keeps_their_results():
    agg = aggregate_record([record(1, 'ws1', 100), record(2, 'ws2', 200), record(3, 'ws3', 400)], 'Campaign 1')
    assert agg['source'] == 'CLIENT' and agg['context']['target']['protocol'] == 'NFS'
    assert agg['context']['client']['hostname'] == '3 clients (ws1, ws2, ws3)'
    assert [c['benchmark_id'] for c in agg['context']['clients']] == [1, 2, 3]
    assert agg['context']['aggregate']['clients'] == 3
    assert agg['summary']['SEQ_WRITE']['write_bw_bytes']['median'] == 704.5
    assert agg['spec']['client_benchmark_ids'] == [1, 2, 3]
