"""The measured ceiling next to the nominal link speed: in the benchmark context, on the chart's limit line and in
the stored network result."""
import json
import os

import pytest
from pydantic import ValidationError

from tuning.core.bench.conditions import comparison_limit, network_limit
from tuning.core.network.measurements import measurements
from tuning.core.report.chart_data import _reference
from tuning.flows.network_run import session_record
from tuning.network_models import TuningNetworkMeasureOptions
from tuning.store import Database
from tuning.store import network as store

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), 'fixtures',
                        'network')
NICS = [{'name': 'eno1', 'link_up': True, 'speed_mbps': 1000, 'mtu': 1500},
        {'name': 'eno2', 'link_up': True, 'speed_mbps': 100, 'mtu': 9000}]


def served():
    names = ['single', 'parallel4', 'single-reverse', 'parallel4-reverse']
    docs = []
    for name in names:
        with open(os.path.join(FIXTURES, f'server-{name}.json')) as f:
            docs.append(json.load(f))
    return list(zip(measurements(4), docs))


OPTIONS = TuningNetworkMeasureOptions(interface='eno1').model_dump()
SESSION = {'nic': NICS[0], 'address': '127.0.0.1'}


def test_the_stored_record_has_the_four_figures_link_and_mtu():
    record = session_record(OPTIONS, SESSION, served(), '2026-11-24T08:00:00+00:00')
    assert (record['interface'], record['link_speed_mbps'], record['mtu'], record['port']) == ('eno1', 1000, 1500,
                                                                                              5201)
    assert record['client_address'] == '127.0.0.1' and record['iperf3_version'] == 'iperf 3.12'
    rows = record['measurements']
    assert [(r['streams'], r['direction']) for r in rows] == [
        (1, 'CLIENT_TO_BOX'), (4, 'CLIENT_TO_BOX'), (1, 'BOX_TO_CLIENT'), (4, 'BOX_TO_CLIENT')]
    assert rows[3]['client_command'] == ['iperf3', '-c', '127.0.0.1', '-p', '5201', '-t', '10', '-P', '4', '-R']
    assert record['ceiling_bits_per_second'] == max(r['bits_per_second'] for r in rows)
    assert len(record['raw']) == 4


def test_store_round_trip_and_latest_per_interface(tmp_path):
    db = Database(str(tmp_path / 'tuning.db'))
    try:
        record = session_record(OPTIONS, SESSION, served(), '2026-11-24T08:00:00+00:00')
        first = store.insert_network_result(db, **record)
        second = store.insert_network_result(db, **{**record, 'ceiling_bits_per_second': 9.41e8})
        assert store.get_network_result(db, first['id'])['measurements'] == record['measurements']
        assert 'raw' not in first and 'options' not in first
        assert store.latest_network_results(db) == {'eno1': second}
        assert store.delete_network_result(db, second['id']) is True
        assert store.delete_network_result(db, second['id']) is False
        assert store.latest_network_results(db) == {'eno1': first}
    finally:
        db.close()


def test_the_limit_says_both_nominal_and_measured():
    measured = {'eno1': {'ceiling_bits_per_second': 941_000_000.0, 'created_at': '2026-11-24T08:00:00+00:00'}}
    limit = network_limit(NICS, measured)
    assert limit['bytes_per_second'] == 125_000_000
    assert limit['measured_bytes_per_second'] == 117_625_000
    assert limit['measured_basis'] == 'measured with iperf3 on eno1 on 2026-11-24: 941 Mb/s'
    assert limit['basis'] == 'eno1 link at 1,000 Mb/s: the most one network client can move'   # thousands separated
    reference = _reference(limit)
    assert reference['value'] == 125_000_000
    assert reference['text'] == ('125 MB/s, measured ceiling 118 MB/s (measured with iperf3 on eno1 on 2026-11-24: '
                                 '941 Mb/s)')


def test_a_measurement_of_another_port_is_not_the_ceiling_of_the_fastest():
    measured = {'eno2': {'ceiling_bits_per_second': 94_000_000.0, 'created_at': '2026-11-24T08:00:00+00:00'}}
    limit = network_limit(NICS, measured)
    assert 'measured_bytes_per_second' not in limit
    assert _reference(limit)['text'] == '125 MB/s'


@pytest.mark.parametrize('field, value', [
    ('port', 1023), ('port', 65536), ('duration_seconds', 0), ('duration_seconds', 61), ('parallel_streams', 1),
    ('parallel_streams', 17), ('client_timeout_seconds', 4), ('client_timeout_seconds', 3601), ('interface', ''),
])
def test_options_out_of_bounds_are_refused_by_field(field, value):
    with pytest.raises(ValidationError) as e:
        TuningNetworkMeasureOptions(**{'interface': 'eno1', field: value})
    assert e.value.errors()[0]['loc'] == (field,)


def test_a_comparison_reads_against_the_latest_ceiling_of_its_port():
    stored = network_limit(NICS)
    results = [{'source': 'BONNIE', 'context': {}},
               {'source': 'FIO', 'context': {'nics': NICS, 'theoretical_max': stored}}]
    assert comparison_limit(results) == stored
    measured = {'eno1': {'ceiling_bits_per_second': 941_000_000.0, 'created_at': '2026-11-24T08:00:00+00:00'}}
    assert comparison_limit(results, measured) == network_limit(NICS, measured)
    assert comparison_limit(results, {'eno2': measured['eno1']}) == stored
    assert comparison_limit(results[:1], measured) is None


def test_link_speeds_in_words_have_thousands_separated():
    from tuning.core.report.box_section import _nic
    assert _nic({'name': 'eno1', 'link_up': True, 'speed_mbps': 1000}) == 'eno1 1,000 Mb/s'
    assert _nic({'name': 'eno2', 'link_up': True, 'speed_mbps': 100}) == 'eno2 100 Mb/s'
