"""The ladder's layers from stored records: which record each layer takes, its figures per direction, its words."""
from tuning.core.ladder.layers import client_layers, disks_layer, network_layer, pool_layer


def bench(id_, source='FIO', pool='tank', dataset='tank', read=None, write=None, context=None):
    summary = {}
    if read is not None:
        summary['SEQ_READ'] = {'read_bw_bytes': {'median': read}}
    if write is not None:
        summary['SEQ_WRITE'] = {'write_bw_bytes': {'median': write}}
    return {'id': id_, 'label': f'#{id_}', 'source': source, 'created_at': f'2026-11-2{id_}',
            'context': context or {'target': {'pool': pool, 'dataset': dataset}}, 'summary': summary}


def test_the_pool_layer_is_the_latest_local_fio_result_with_a_sequential_test_of_the_pool_or_dataset():
    results = [bench(1, read=500e6, write=300e6), bench(2, dataset='tank/media', read=400e6),
               bench(3, source='FIO_IMPORT', read=1e9), bench(4, pool='other', dataset='other', read=2e9),
               {**bench(5), 'summary': {'RAND_READ_4K': {'read_iops': {'median': 1000}}}}]
    whole = pool_layer('tank', None, results)
    assert (whole['source'], whole['read_bytes_per_second'], whole['write_bytes_per_second']) == \
        ({'kind': 'BENCHMARK', 'id': 2}, 400e6, None)
    assert whole['name'] == 'Pool tank (local fio)' and 'It did not run the Sequential write 1 MiB test.' in whole['note']
    on_root = pool_layer('tank', 'tank', results)
    assert on_root['source']['id'] == 1 and on_root['name'] == 'Pool tank (local fio)'
    assert pool_layer('tank', 'tank/media', results)['name'] == 'Dataset tank/media (local fio)'
    none = pool_layer('tank', 'tank/other', results)
    assert none['source'] is None and none['read_bytes_per_second'] is None


def test_the_network_layer_takes_the_fastest_measurement_of_each_direction():
    result = {'id': 3, 'interface': 'eno2', 'link_speed_mbps': 2500, 'created_at': 't', 'measurements': [
        {'direction': way, 'bits_per_second': bits} for way, bits in (
            ('CLIENT_TO_BOX', 800e6), ('CLIENT_TO_BOX', 900e6), ('BOX_TO_CLIENT', 2000e6), ('BOX_TO_CLIENT', 1e9))]}
    net = network_layer(result)
    assert (net['read_bytes_per_second'], net['write_bytes_per_second']) == (250e6, 112.5e6)
    assert net['name'] == 'Network eno2 (2.5 GbE)' and net['nominal'] == []
    assert 'The nominal 2.5 GbE link carries at most 294 MB/s.' in net['note']
    assert network_layer({**result, 'link_speed_mbps': None})['name'] == 'Network eno2'
    assert network_layer(None)['source'] is None


def test_a_network_figure_above_the_link_did_not_cross_it_and_the_nominal_stands_in():
    result = {'id': 4, 'interface': 'eno1', 'link_speed_mbps': 1000, 'created_at': 't', 'measurements': [
        {'direction': 'CLIENT_TO_BOX', 'bits_per_second': 23e9}, {'direction': 'BOX_TO_CLIENT', 'bits_per_second': 900e6}]}
    net = network_layer(result)
    nominal = net['write_bytes_per_second']
    assert 117e6 < nominal < 119e6 and net['read_bytes_per_second'] == 112.5e6
    assert net['nominal'] == ['write']
    assert 'Measured 2,875 MB/s, more than the link can carry: that client did not cross it' in net['note']


def test_the_disks_layer_says_stand_ins_and_disks_without_a_figure():
    row = {'id': 9, 'created_at': 't', 'stand_in': True, 'total_read_bytes_per_second': 300e6,
           'disks': [{'name': 'sda', 'read_bytes_per_second': 300e6}, {'name': 'sdb', 'read_bytes_per_second': None,
                                                                     'error': 'fio failed: EIO'}]}
    disks = disks_layer(row)
    assert disks['name'] == 'Disks (raw, 2 disks of the data vdevs)' and disks['read_bytes_per_second'] == 300e6
    assert disks['write_bytes_per_second'] is None
    assert disks['note'].startswith('Sandbox: stand-in files were read, not disks')
    assert 'sda 300 MB/s · sdb: fio failed: EIO' in disks['note'] and '1 of 2 disks gave no figure' in disks['note']
    assert 'Sandbox' not in disks_layer({**row, 'stand_in': False})['note']


def test_client_layers_are_the_latest_result_of_each_protocol_on_the_pool():
    def client(id_, protocol, pool='tank', read=100e6):
        return bench(id_, source='CLIENT', read=read, context={
            'target': {'protocol': protocol, 'protocol_version': '4.1'}, 'client': {'hostname': 'ws1'},
            'dataset': {'dataset': f'{pool}/share', 'pool': pool}})
    layers = client_layers('tank', [client(1, 'NFS'), client(2, 'SMB'), client(3, 'NFS', read=110e6),
                                    client(4, 'ISCSI', pool='other'), bench(5, read=1e9)])
    assert [(l['protocol'], l['source']['id'], l['read_bytes_per_second']) for l in layers] == \
        [('NFS', 3, 110e6), ('SMB', 2, 100e6)]
    assert layers[0]['name'] == 'NFS 4.1 from ws1'
    # a layer is named as the client result is labelled (core.protocols.client_words)
    local = client(6, 'LOCAL')
    other = client(7, 'OTHER')
    local['context']['target'].update(kind='BLOCK_DEVICE', protocol_version=None)
    other['context']['target']['protocol_version'] = None
    names = [l['name'] for l in client_layers('tank', [local, other])]
    assert names == ['local device on ws1', 'a share from ws1']
    (placeholder,) = client_layers('tank', [])
    assert placeholder['protocol'] is None and placeholder['note'] == 'No client result yet.'
