"""The reads the panel repeats (`tuning.preset.query`, `tuning.state`, `core.ping`) tell every change at once (issues
12 and 22): nothing answers them from an earlier answer (issue 12's remembered answers are gone: the path is short
instead), and the box's live settings that `tuning.state` reads are shared only by callers at the same moment. Every
test here repeats a read first, then changes what it is made of and checks the next answer tells the change."""
import errno
import threading

import pytest

from client import RpcError
from test_benchmark_api import SMALL, start_running
from test_tuning_api import MEDIA

ENOTAUTHENTICATED = 207


def repeated(c, method, *params):
    """The answer to a call made twice, after checking both agree."""
    first, second = c.call(method, *params), c.call(method, *params)
    assert first == second
    return second


def test_a_preset_written_is_in_the_next_preset_list(c):
    before = {p['id'] for p in repeated(c, 'tuning.preset.query')}
    created = c.call('tuning.preset.create', {'name': 'Remembered list', 'settings': [
        {'kind': 'DATASET_PROPERTY', 'setting': 'atime', 'value': 'OFF'}]})
    try:
        assert {p['id'] for p in repeated(c, 'tuning.preset.query')} == before | {created['id']}
    finally:
        c.call('tuning.preset.delete', created['id'])
    assert {p['id'] for p in repeated(c, 'tuning.preset.query')} == before


def test_filters_and_options_are_answered_for_themselves(c):
    everything = repeated(c, 'tuning.preset.query')
    assert len(everything) > 1
    one = repeated(c, 'tuning.preset.query', [['id', '=', 'max-iops']], {'get': True})
    assert one['id'] == 'max-iops'
    assert repeated(c, 'tuning.preset.query', [], {'count': True}) == len(everything)
    assert [p['id'] for p in repeated(c, 'tuning.preset.query', [], {'order_by': ['-id']})] == \
        sorted((p['id'] for p in everything), reverse=True)
    assert repeated(c, 'tuning.preset.query') == everything


@pytest.mark.sandbox_only
def test_drift_behind_tunings_back_shows_in_a_repeated_state(c):
    result = c.job('tuning.preset.apply', 'max-seq-write', MEDIA, {'acknowledge': []})
    try:
        assert repeated(c, 'tuning.state')['drift'] == []
        c.call('pool.dataset.update', 'tank/media', {'recordsize': '64K'})   # the box, not tuning's database
        drift = c.call('tuning.state')['drift']
        assert [(d['setting'], d['expected'], d['actual']) for d in drift] == [('recordsize', '1M', '64K')]
    finally:
        c.call('pool.dataset.update', 'tank/media', {'recordsize': '1M'})
        c.job('tuning.restore_point.revert', result['restore_point_id'], [])
    assert repeated(c, 'tuning.state')['active'] is None


@pytest.mark.sandbox_only
def test_a_change_shows_in_the_next_state_of_the_one_who_made_it_while_others_poll(host, c):
    """Others polling tuning.state share the box's reads; a read under way when the change landed is not the one
    the changer's next state gets."""
    result = c.job('tuning.preset.apply', 'max-seq-write', MEDIA, {'acknowledge': []})
    stop = threading.Event()
    pollers = [host.client() for _ in range(4)]

    def poll(client):
        while not stop.is_set():
            client.call('tuning.state')

    threads = [threading.Thread(target=poll, args=(p,)) for p in pollers]
    for t in threads:
        t.start()
    try:
        for recordsize in ('64K', '1M', '128K', '1M', '32K'):
            c.call('pool.dataset.update', 'tank/media', {'recordsize': recordsize})
            drift = c.call('tuning.state')['drift']
            assert [d['actual'] for d in drift] == ([] if recordsize == '1M' else [recordsize])
    finally:
        stop.set()
        for t in threads:
            t.join(60)
        for p in pollers:
            p.close()
        c.call('pool.dataset.update', 'tank/media', {'recordsize': '1M'})
        c.job('tuning.restore_point.revert', result['restore_point_id'], [])


@pytest.mark.sandbox_only
def test_a_job_holding_the_box_shows_in_a_repeated_state(c):
    assert repeated(c, 'tuning.state')['busy'] is None
    job_id = start_running(c, {**SMALL, 'runtime_seconds': 60, 'runs': 3})
    try:
        busy = c.call('tuning.state')['busy']
        assert busy == {'method': 'tuning.benchmark.run', 'job_id': job_id}
    finally:
        c.call('core.job_abort', job_id)
        c.wait_job(job_id, timeout=120)
    assert repeated(c, 'tuning.state')['busy'] is None


@pytest.mark.sandbox_only
def test_sessions_get_what_their_login_allows_after_an_admin_read(host, c):
    for method in ('tuning.state', 'tuning.preset.query', 'core.ping'):
        expected = repeated(c, method)
        with host.readonly_client() as readonly:
            assert repeated(readonly, method) == expected
        with host.client(login=False) as anonymous:
            if method == 'core.ping':
                assert anonymous.call(method) == 'pong'
            else:
                with pytest.raises(RpcError) as e:
                    anonymous.call(method)
                assert e.value.errno == ENOTAUTHENTICATED


def test_a_logged_out_session_is_refused_what_it_read_before(host):
    with host.client() as session:
        repeated(session, 'tuning.state')
        session.call('auth.logout')
        with pytest.raises(RpcError) as e:
            session.call('tuning.state')
        assert e.value.errno == ENOTAUTHENTICATED


def test_a_repeated_answer_is_the_same_message_as_the_first(c):
    for method in ('tuning.state', 'tuning.preset.query', 'core.ping'):
        first, second = (c.reply(c.send(method, (), id_=f'{method}-{n}')) for n in (1, 2))
        assert first.pop('id') != second.pop('id')
        assert first == second and set(first) == {'jsonrpc', 'result'}


def test_a_refused_parameter_is_refused_again(c):
    for _ in range(2):
        with pytest.raises(RpcError) as e:
            c.call('tuning.preset.query', [['id', '=', 'x']], {'no_such_option': 1})
        assert e.value.errno == errno.EINVAL
