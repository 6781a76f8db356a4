"""iperf3 3.12's JSON, captured over loopback on this machine (server and client side, one stream and -P 4, normal
and -R), read into a measurement's figures."""
import json
import os

import pytest

from tuning.core.network.iperf3_json import Iperf3Error, figures

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), 'fixtures',
                        'network')


def load(name):
    with open(os.path.join(FIXTURES, f'{name}.json')) as f:
        return json.load(f)


@pytest.mark.parametrize('name, streams, direction', [
    ('single', 1, 'CLIENT_TO_BOX'), ('parallel4', 4, 'CLIENT_TO_BOX'),
    ('single-reverse', 1, 'BOX_TO_CLIENT'), ('parallel4-reverse', 4, 'BOX_TO_CLIENT'),
])
def test_both_sides_agree_on_the_test(name, streams, direction):
    server, client = figures(load(f'server-{name}')), figures(load(f'client-{name}'))
    assert (server['side'], client['side']) == ('SERVER', 'CLIENT')
    for f in (server, client):
        assert (f['streams'], f['direction'], f['duration_seconds']) == (streams, direction, 2)
        assert f['version'] == 'iperf 3.12' and f['client_address'] == '127.0.0.1'
        assert f['bits_per_second'] > 1e9 and 1.9 < f['seconds'] < 2.1


def test_the_server_that_received_has_no_sent_figure_and_no_retransmits():
    doc = load('server-single')
    f = figures(doc)
    assert f['bits_per_second'] == f['bits_per_second_received'] == doc['end']['sum_received']['bits_per_second']
    assert f['bits_per_second_sent'] is None and f['retransmits'] is None
    assert f['client_port'] == doc['start']['accepted_connection']['port']
    assert f['cpu_percent_local'] == doc['end']['cpu_utilization_percent']['host_total']
    assert f['cpu_percent_remote'] is None


def test_the_server_that_sent_reports_its_rate_and_retransmits():
    doc = load('server-parallel4-reverse')
    f = figures(doc)
    assert f['bits_per_second'] == f['bits_per_second_sent'] == doc['end']['sum_sent']['bits_per_second']
    assert f['bits_per_second_received'] is None
    assert f['retransmits'] == doc['end']['sum_sent']['retransmits'] == 46


def test_the_client_has_both_figures_and_the_receivers_counts():
    doc = load('client-single')
    f = figures(doc)
    assert f['bits_per_second'] == f['bits_per_second_received'] == doc['end']['sum_received']['bits_per_second']
    assert f['bits_per_second_sent'] == doc['end']['sum_sent']['bits_per_second']
    assert f['retransmits'] == 4 and f['cpu_percent_remote'] > 0
    assert f['client_port'] == doc['start']['connected'][0]['local_port']


def test_iperf3s_own_error_is_the_message():
    doc = {'start': {'connected': []}, 'intervals': [], 'end': {},
           'error': 'error - unable to start listener for connections: Address already in use'}
    with pytest.raises(Iperf3Error, match='Address already in use'):
        figures(doc)


@pytest.mark.parametrize('doc, words', [
    ([], 'not a JSON object'),
    ({'start': {}, 'end': {}}, 'start.test_start'),
    ({'start': {'test_start': {}}, 'end': {'sum_sent': {}}}, 'sum_received'),
])
def test_malformed_documents_say_what_is_missing(doc, words):
    with pytest.raises(Iperf3Error, match=words):
        figures(doc)


def test_a_non_numeric_rate_is_refused():
    doc = load('server-single')
    doc['end']['sum_received']['bits_per_second'] = 'fast'
    with pytest.raises(Iperf3Error, match='end.sum_received.bits_per_second'):
        figures(doc)
