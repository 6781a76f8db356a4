"""The bottleneck rules with the issue's examples: the 1 GbE link, the protocol, the pool, the disks, a cache, and
missing layers (each says what to measure next)."""
import pytest

from tuning.core.ladder.bottleneck import NEAR_CEILING, judge, missing, verdict
from tuning.core.ladder.layers import build_ladder

LINK = 'the 1 GbE link'
MB = 1e6


def layer(kind, read=None, write=None, protocol=None):
    return {'layer': kind, 'protocol': protocol, 'read_bytes_per_second': read, 'write_bytes_per_second': write}


def test_a_client_at_the_link_ceiling_is_limited_by_the_link():
    layers = [layer('POOL', 900 * MB), layer('NETWORK', 118 * MB), layer('PROTOCOL', 112 * MB, protocol='ISCSI')]
    side, words = judge(layers, 'read', LINK)
    assert words == ('Clients are limited by the 1 GbE link (112 of 118 MB/s measured); tuning the pool cannot raise '
                     'sequential throughput.')
    assert side == {'layer': 'NETWORK', 'protocol': None, 'words': words}


def test_a_client_far_below_every_ceiling_is_limited_by_the_protocol_or_the_client():
    layers = [layer('POOL', 900 * MB), layer('NETWORK', 118 * MB), layer('PROTOCOL', 40 * MB, protocol='SMB')]
    side, words = judge(layers, 'read', LINK)
    assert words == ('Clients get 40.0 MB/s over SMB although the 1 GbE link carries 118 MB/s and the pool moves '
                     '900 MB/s locally: the protocol or the client limits (check SMB multichannel, signing and '
                     'encryption, the client\'s settings).')
    assert (side['layer'], side['protocol']) == ('PROTOCOL', 'SMB')


def test_a_client_at_the_pools_figure_below_the_link_is_limited_by_the_pool():
    layers = [layer('DISKS', 1400 * MB), layer('POOL', 300 * MB, 200 * MB), layer('NETWORK', 1180 * MB, 1170 * MB),
              layer('PROTOCOL', 290 * MB, 195 * MB, protocol='NFS')]
    for direction, words in (('read', 'The pool limits: clients get 290 MB/s over NFS, close to the 300 MB/s it '
                                      'moves locally; tuning the pool can raise what clients get.'),
                             ('write', 'The pool limits: clients get 195 MB/s over NFS, close to the 200 MB/s it '
                                       'moves locally; tuning the pool can raise what clients get.')):
        side, said = judge(layers, direction, 'the 10 GbE link')
        assert (side['layer'], said) == ('POOL', words)


def test_the_near_threshold_is_the_named_constant():
    ceiling = 100 * MB
    at = [layer('NETWORK', ceiling), layer('PROTOCOL', ceiling * (1 - NEAR_CEILING), protocol='NFS')]
    below = [layer('NETWORK', ceiling), layer('PROTOCOL', ceiling * (1 - NEAR_CEILING) - 1, protocol='NFS')]
    assert judge(at, 'read', LINK)[0]['layer'] == 'NETWORK'
    assert judge(below, 'read', LINK)[0]['layer'] == 'PROTOCOL'


def test_the_fastest_protocol_is_judged():
    layers = [layer('NETWORK', 118 * MB), layer('PROTOCOL', 40 * MB, protocol='SMB'),
              layer('PROTOCOL', 114 * MB, protocol='NFS')]
    assert judge(layers, 'read', LINK)[0]['layer'] == 'NETWORK'


def test_the_disks_count_only_while_the_pool_is_not_measured():
    layers = [layer('DISKS', 150 * MB), layer('NETWORK', 1180 * MB), layer('PROTOCOL', 148 * MB, protocol='NFS')]
    side, words = judge(layers, 'read', 'the 10 GbE link')
    assert side['layer'] == 'DISKS' and words.startswith('The disks limit: clients get 148 MB/s over NFS')
    with_pool = [layer('POOL', 1000 * MB), *layers]
    assert judge(with_pool, 'read', 'the 10 GbE link')[0]['layer'] == 'PROTOCOL'


def test_a_client_above_every_ceiling_names_no_layer_but_a_cache():
    side, words = judge([layer('NETWORK', 118 * MB), layer('PROTOCOL', 400 * MB, protocol='NFS')], 'read', LINK)
    assert side is None and 'a cache answered part of it' in words


def test_without_a_client_the_lowest_ceiling_limits_what_clients_can_get():
    layers = [layer('DISKS', 1400 * MB), layer('POOL', 900 * MB, 600 * MB), layer('NETWORK', 118 * MB, 117 * MB)]
    side, words = judge(layers, 'write', LINK)
    assert side['layer'] == 'NETWORK'
    assert words == ('The 1 GbE link limits: clients can get at most 117 MB/s (measured) while the pool moves 600 MB/s '
                     'locally; tuning the pool cannot raise sequential throughput for clients.')
    side, words = judge([layer('POOL', 80 * MB), layer('NETWORK', 1180 * MB)], 'read', 'the 10 GbE link')
    assert side['layer'] == 'POOL' and words.startswith('The pool limits: it moves 80.0 MB/s locally while the 10 GbE')


def test_a_nominal_link_figure_standing_in_is_not_called_measured():
    # the client that measured the network sat on the box itself: the layer carries the link's nominal rate
    nominal = {**layer('NETWORK', 118 * MB, 118 * MB), 'nominal': ['read']}
    read = judge([layer('POOL', 600 * MB, 500 * MB), nominal], 'read', LINK)[1]
    write = judge([layer('POOL', 600 * MB, 500 * MB), nominal], 'write', LINK)[1]
    assert 'at most 118 MB/s (nominal) while' in read and 'at most 118 MB/s (measured) while' in write


def test_the_pool_alone_against_its_disks():
    assert judge([layer('DISKS', 1000 * MB), layer('POOL', 950 * MB)], 'read', LINK)[0]['layer'] == 'DISKS'
    side, words = judge([layer('DISKS', 1000 * MB), layer('POOL', 500 * MB)], 'read', LINK)
    assert side['layer'] == 'POOL' and 'less than the 1,000 MB/s its disks read raw' in words
    side, words = judge([layer('DISKS', 100 * MB), layer('POOL', 500 * MB)], 'read', LINK)
    assert side is None and 'the ARC or compression answered part of it' in words


@pytest.mark.parametrize('layers', [
    [layer('NETWORK', 118 * MB)], [layer('POOL', 900 * MB)], [layer('PROTOCOL', 50 * MB, protocol='NFS')],
])
def test_one_figure_names_no_layer_and_asks_for_more(layers):
    side, words = judge(layers, 'read', LINK)
    assert side is None and words


def test_nothing_measured_in_a_direction():
    assert judge([layer('DISKS', 100 * MB)], 'write', LINK) == (None, None)
    assert verdict('tank', {'read': None, 'write': None}) == 'Nothing is measured for pool tank yet.'
    assert verdict('tank', {'read': 'A.', 'write': None}) == 'Reads: A.'


def test_missing_names_the_next_measurements_in_ladder_order():
    assert missing([layer('DISKS'), layer('POOL', 1), layer('NETWORK'), layer('PROTOCOL')]) == [
        'Read the disks (tuning.ladder.read_disks)', 'Measure the network ceiling (tuning.network.measure)',
        'Run the client kit (tuning.client.session.create)']
    assert missing([layer('DISKS', 1), layer('POOL', None, 1), layer('NETWORK', 1), layer('PROTOCOL', 1)]) == []


def test_the_ladder_without_a_network_says_the_link_generically():
    pool = {'id': 4, 'label': 'b', 'source': 'FIO', 'created_at': 't', 'context': {'target': {'pool': 'tank',
                                                                                              'dataset': 'tank'}},
            'summary': {'SEQ_READ': {'read_bw_bytes': {'median': 100e6}}}}
    client = {'id': 5, 'label': 'c', 'source': 'CLIENT', 'created_at': 't',
              'context': {'target': {'protocol': 'NFS'}, 'client': {'hostname': 'ws1'}},
              'summary': {'SEQ_READ': {'read_bw_bytes': {'median': 98e6}}}}
    ladder = build_ladder('tank', None, None, [pool, client], None)
    assert ladder['bottleneck']['read']['layer'] == 'POOL'
    assert ladder['bottleneck']['write'] is None
    assert ladder['missing'] == ['Read the disks (tuning.ladder.read_disks)',
                                 'Measure the network ceiling (tuning.network.measure)']
    (nfs,) = [l for l in ladder['layers'] if l['layer'] == 'PROTOCOL']
    assert 'Its session named no dataset' in nfs['note']


def test_protocols_are_named_as_people_write_them():
    layers = [layer('POOL', 900 * MB), layer('NETWORK', 1180 * MB), layer('PROTOCOL', 40 * MB, protocol='ISCSI')]
    assert 'over iSCSI although' in judge(layers, 'read', LINK)[1]
    layers[-1]['protocol'] = 'LOCAL'
    assert 'over a local directory although' in judge(layers, 'read', LINK)[1]
    layers[-1]['protocol'] = 'OTHER'   # as its result is labelled ("a share from ws1"), not "their protocol"
    assert 'over a share although' in judge(layers, 'read', LINK)[1]

