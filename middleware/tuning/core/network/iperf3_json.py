"""iperf3's ``--json`` document (3.x, server or client side) → one measurement's figures (pure).

``figures(doc)`` → ``{side, version, streams, direction, duration_seconds, seconds, bits_per_second_received,
bits_per_second_sent, bits_per_second, retransmits, cpu_percent_local, cpu_percent_remote, client_address,
client_port}``. ``direction`` is from the box's point of view when read on the server (``CLIENT_TO_BOX``: the client
sends). A side that did not receive reports 0 received bytes: that figure is ``None``, not zero. ``bits_per_second``
is what was measured crossing the link: the receiver's figure when this side has it, else the sender's. Retransmits
are only known to the sending side. ``Iperf3Error`` carries iperf3's own ``error`` text or what is malformed.
"""


class Iperf3Error(Exception):
    pass


def _number(value, where):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Iperf3Error(f'{where} is not a number')
    return value


def _rate(total: dict, where: str):
    rate = _number(total.get('bits_per_second'), f'{where}.bits_per_second')
    return rate if _number(total.get('bytes'), f'{where}.bytes') > 0 else None


def figures(doc) -> dict:
    if not isinstance(doc, dict):
        raise Iperf3Error('not a JSON object')
    if doc.get('error'):
        raise Iperf3Error(str(doc['error']))
    start, end = doc.get('start'), doc.get('end')
    if not isinstance(start, dict) or not isinstance(end, dict) or not isinstance(start.get('test_start'), dict):
        raise Iperf3Error('no start.test_start or end: not a finished iperf3 test')
    test = start['test_start']
    sent, received = end.get('sum_sent'), end.get('sum_received')
    if not isinstance(sent, dict) or not isinstance(received, dict):
        raise Iperf3Error('no end.sum_sent or end.sum_received (only TCP tests are read)')
    server = 'accepted_connection' in start
    reverse = bool(test.get('reverse'))
    peer = start.get('accepted_connection') if server else ((start.get('connected') or [{}])[0])
    cpu = end.get('cpu_utilization_percent') or {}
    bps_received, bps_sent = _rate(received, 'end.sum_received'), _rate(sent, 'end.sum_sent')
    return {
        'side': 'SERVER' if server else 'CLIENT',
        'version': start.get('version'),
        'streams': int(_number(test.get('num_streams'), 'start.test_start.num_streams')),
        'direction': 'BOX_TO_CLIENT' if reverse else 'CLIENT_TO_BOX',
        'duration_seconds': int(_number(test.get('duration'), 'start.test_start.duration')),
        'seconds': _number(received.get('seconds') or sent.get('seconds'), 'end.sum_received.seconds'),
        'bits_per_second_received': bps_received,
        'bits_per_second_sent': bps_sent,
        'bits_per_second': bps_received if bps_received is not None else bps_sent,
        'retransmits': sent.get('retransmits') if isinstance(sent.get('retransmits'), int) else None,
        'cpu_percent_local': cpu.get('host_total'),
        'cpu_percent_remote': cpu.get('remote_total') or None,
        # the server sees the client; a client sees itself as the local end of its connection
        'client_address': peer.get('host') if server else peer.get('local_host'),
        'client_port': peer.get('port') if server else peer.get('local_port'),
    }
