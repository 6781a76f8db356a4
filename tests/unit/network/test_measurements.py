"""The four measurements, the client commands, what counts as the awaited test, the address to bind to."""
import pytest

from tuning.core.network.measurements import (
    client_argv, counter_interface, measurements, mismatch, pick_address, server_argv,
)


def test_four_measurements_single_then_parallel_in_each_direction():
    plan = measurements(4)
    assert [(m['streams'], m['direction']) for m in plan] == [
        (1, 'CLIENT_TO_BOX'), (4, 'CLIENT_TO_BOX'), (1, 'BOX_TO_CLIENT'), (4, 'BOX_TO_CLIENT')]
    assert [m['name'] for m in plan] == ['one stream, client → box', '4 parallel streams, client → box',
                                         'one stream, box → client', '4 parallel streams, box → client']


def test_client_commands():
    plan = measurements(8)
    assert [' '.join(client_argv('192.168.1.10', 5201, 10, m)) for m in plan] == [
        'iperf3 -c 192.168.1.10 -p 5201 -t 10',
        'iperf3 -c 192.168.1.10 -p 5201 -t 10 -P 8',
        'iperf3 -c 192.168.1.10 -p 5201 -t 10 -R',
        'iperf3 -c 192.168.1.10 -p 5201 -t 10 -P 8 -R',
    ]


def test_the_server_is_one_off_and_bound():
    assert server_argv('/usr/bin/iperf3', '10.0.0.2', 5300) == [
        '/usr/bin/iperf3', '--server', '--one-off', '--json', '--bind', '10.0.0.2', '--port', '5300']


def test_a_test_of_another_shape_or_length_is_not_counted():
    awaited = measurements(4)[1]
    ok = {'streams': 4, 'direction': 'CLIENT_TO_BOX', 'duration_seconds': 10}
    assert mismatch(awaited, 10, ok) is None
    assert mismatch(awaited, 10, {**ok, 'streams': 1}) == (
        'the client ran one stream, client → box instead of 4 parallel streams, client → box')
    assert 'box → client' in mismatch(awaited, 10, {**ok, 'direction': 'BOX_TO_CLIENT'})
    assert mismatch(awaited, 10, {**ok, 'duration_seconds': 3}) == 'the client ran for 3 s instead of 10 s (-t 10)'


@pytest.mark.parametrize('aliases, address', [
    ([{'type': 'INET6', 'address': '2001:db8::5'}, {'type': 'INET', 'address': '192.168.1.10', 'netmask': 24}],
     '192.168.1.10'),
    ([{'type': 'LINK', 'address': 'aa:bb:cc:dd:ee:ff'}, {'type': 'INET6', 'address': 'fe80::1'},
      {'type': 'INET6', 'address': '2001:db8::5'}], '2001:db8::5'),
    ([{'type': 'INET6', 'address': 'fe80::1'}], None),
    ([{'type': 'INET', 'address': 'not-an-address'}], None),
    ([], None),
    (None, None),
])
def test_the_address_to_listen_on(aliases, address):
    assert pick_address(aliases) == address


def test_loopback_traffic_is_counted_on_lo():
    assert counter_interface('eno1', '127.0.0.1') == 'lo'
    assert counter_interface('eno1', '::1') == 'lo'
    assert counter_interface('eno1', '192.168.1.10') == 'eno1'
