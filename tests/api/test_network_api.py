"""The network ceiling end to end on the sandbox host: a real iperf3 client over loopback runs the four measurements
against the job's one-off servers; the stored result; abort, a client that never comes and a killed host each leave
no iperf3 behind. `sandbox_only`: the sandbox's ports answer on this machine's loopback."""
import socket
import subprocess

import pytest

from client import JobFailed, RpcError
from hosting import free_port
from test_tuning_crash import kill_serving_process, kill_whole_host
from tuning_helpers import error_fields

pytestmark = pytest.mark.sandbox_only


def iperf3_listening(port) -> bool:
    """Whether an iperf3 server of this port runs (other hosts' tests use other ports)."""
    pattern = rf'^(/\S*/)?iperf3 --server .*--port {port}$'
    return subprocess.run(['pgrep', '-f', pattern], capture_output=True).returncode == 0


def progress_of(event, job_id):
    if event.get('collection') != 'core.get_jobs' or event.get('id') != job_id:
        return ''
    return (((event.get('fields') or {}).get('progress') or {}).get('description')) or ''


def wait_progress(c, job_id, *words, timeout=600):
    event = c.wait_event(lambda e: all(w in progress_of(e, job_id) for w in words), timeout=timeout)
    return progress_of(event, job_id)


def start(c, **options):
    c.subscribe('core.get_jobs')
    port = free_port()
    job_id = c.job_id('tuning.network.measure', {'interface': 'eno1', 'port': port, **options})
    return job_id, port


def run_client(port, *args):
    return subprocess.run(['iperf3', '-c', '127.0.0.1', '-p', str(port), '-t', '1', *args],
                          capture_output=True, text=True, timeout=600)


def measure_four(c):
    """The four client tests, each once the job says it waits for it; → the stored result and the port."""
    job_id, port = start(c, duration_seconds=1, parallel_streams=3, client_timeout_seconds=60)
    for index, args in enumerate([[], ['-P', '3'], ['-R'], ['-P', '3', '-R']], start=1):
        words = wait_progress(c, job_id, f'Measurement {index}/4', 'waiting for a client on 127.0.0.1')
        assert f'run `iperf3 -c 127.0.0.1 -p {port} -t 1{"".join(" " + a for a in args)}`' in words
        assert '(interface eno1)' in words
        done = run_client(port, *args)
        assert done.returncode == 0, done.stderr
    fields = c.wait_job(job_id, timeout=600)
    assert fields['state'] == 'SUCCESS', fields.get('error')
    return fields['result'], port


def test_four_measurements_are_served_and_stored(client):
    c = client
    entry, port = measure_four(c)
    assert c.call('tuning.network.get', entry['id']) == entry
    assert (entry['interface'], entry['address'], entry['port']) == ('eno1', '127.0.0.1', port)
    profile_nic = next(n for n in c.call('tuning.profile')['nics'] if n['name'] == 'eno1')
    assert (entry['link_speed_mbps'], entry['mtu']) == (profile_nic['speed_mbps'], profile_nic['mtu'])
    assert entry['mtu'] and entry['client_address'] == '127.0.0.1'
    got = [(m['streams'], m['direction']) for m in entry['measurements']]
    assert got == [(1, 'CLIENT_TO_BOX'), (3, 'CLIENT_TO_BOX'), (1, 'BOX_TO_CLIENT'), (3, 'BOX_TO_CLIENT')]
    assert all(m['bits_per_second'] > 0 for m in entry['measurements'])
    assert [m['retransmits'] is None for m in entry['measurements']] == [True, True, False, False]
    assert entry['ceiling_bits_per_second'] == max(m['bits_per_second'] for m in entry['measurements'])
    assert not iperf3_listening(port)
    assert c.call('tuning.network.delete', entry['id']) is True
    with pytest.raises(RpcError):
        c.call('tuning.network.get', entry['id'])


def test_benchmarks_and_comparisons_carry_the_measured_ceiling_beside_the_link_speed(client):
    c = client
    entry, _ = measure_four(c)
    spec = {'dataset': 'tank/media', 'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'adaptive': False,
            'runtime_seconds': 1, 'ramp_seconds': 0}
    first, second = c.job('tuning.benchmark.run', spec), c.job('tuning.benchmark.run', spec)
    limit = first['context']['theoretical_max']
    assert limit['bytes_per_second'] == 1000 * 10**6 // 8     # the nominal 1 GbE stays the upper bound
    assert limit['measured_bytes_per_second'] == int(entry['ceiling_bits_per_second'] // 8)
    assert limit['measured_basis'].startswith(f'measured with iperf3 on eno1 on {entry["created_at"][:10]}: ')
    compared = c.call('tuning.benchmark.compare', [first['id'], second['id']])
    assert compared['theoretical_max'] == limit
    (chart,) = [ch for ch in compared['charts'] if ch['id'] == 'throughput']
    assert chart['reference']['value'] == limit['bytes_per_second']
    assert 'measured ceiling' in chart['reference']['text'] and limit['measured_basis'] in chart['reference']['text']
    for result in (first, second):
        c.call('tuning.benchmark.delete', result['id'])


def test_a_wrong_test_is_not_counted_and_the_job_waits_again(client):
    c = client
    job_id, port = start(c, duration_seconds=1, client_timeout_seconds=60)
    wait_progress(c, job_id, 'Measurement 1/4', 'waiting for a client')
    assert run_client(port, '-R').returncode == 0    # box → client when client → box is awaited
    words = wait_progress(c, job_id, 'Measurement 1/4', 'not counted')
    assert 'the client ran one stream, box → client instead of one stream, client → box' in words
    c.call('core.job_abort', job_id)
    assert c.wait_job(job_id, timeout=600)['state'] == 'ABORTED'
    assert not iperf3_listening(port)


def test_abort_stops_the_server(client):
    c = client
    count = c.call('tuning.network.query', [], {'count': True})
    job_id, port = start(c)
    wait_progress(c, job_id, 'waiting for a client')
    assert iperf3_listening(port)
    c.call('core.job_abort', job_id)
    assert c.wait_job(job_id, timeout=600)['state'] == 'ABORTED'
    assert not iperf3_listening(port)
    assert c.call('tuning.network.query', [], {'count': True}) == count
    assert c.call('tuning.state')['busy'] is None


def test_no_client_times_out_and_stops_the_server(client):
    c = client
    job_id, port = start(c, client_timeout_seconds=5)
    fields = c.wait_job(job_id, timeout=600)
    assert fields['state'] == 'FAILED'
    assert 'No client came within 5 s for measurement 1/4' in fields['error']
    assert not iperf3_listening(port)


@pytest.mark.parametrize('options, field', [
    ({'interface': 'nope0'}, 'options.interface'),
    ({'interface': 'eno1', 'parallel_streams': 17}, 'options.parallel_streams'),
    ({'interface': 'eno1', 'port': 80}, 'options.port'),
    ({'interface': 'eno1', 'duration_seconds': 0}, 'options.duration_seconds'),
    ({'interface': 'eno1', 'client_timeout_seconds': 99999}, 'options.client_timeout_seconds'),
])
def test_bad_options_name_their_field(client, options, field):
    with pytest.raises((RpcError, JobFailed)) as e:
        client.job('tuning.network.measure', options)
    assert field in error_fields(e.value)


def test_a_port_in_use_is_refused(client):
    with socket.socket() as taken:
        taken.bind(('127.0.0.1', 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises((RpcError, JobFailed)) as e:
            client.job('tuning.network.measure', {'interface': 'eno1', 'port': port})
    assert 'options.port' in error_fields(e.value)
    assert f'Port {port} is in use on 127.0.0.1' in str(e.value)
    assert not iperf3_listening(port)


@pytest.mark.parametrize('crash', [kill_whole_host, kill_serving_process])
def test_killed_mid_measurement_comes_back_with_its_server_stopped(fresh_host, crash):
    host = fresh_host()
    c = host.client(private_methods=True)
    job_id, port = start(c)
    wait_progress(c, job_id, 'waiting for a client', timeout=600)
    assert iperf3_listening(port)
    crash(host)
    c = host.client(private_methods=True)
    state = c.call('tuning.state')
    assert not iperf3_listening(port)
    assert any(note.startswith('stopped iperf3 (pid ') for note in state['recovered']), state['recovered']
