"""Connections to the server's port read from /proc/net/tcp and tcp6 text."""
from tuning.core.network.proc_net import LISTEN, peers

TCP = """  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1451 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0000000000000000 100 0 0 10 0
   1: 0100007F:1451 0100007F:A0F2 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0000000000000000 20 4 30 10 -1
   2: 0A01A8C0:1451 1401A8C0:C350 01 00000000:00000000 00:00000000 00000000     0        0 3 1 0000000000000000 20 4 30 10 -1
   3: 0100007F:1F90 0100007F:A0F3 01 00000000:00000000 00:00000000 00000000     0        0 4 1 0000000000000000 20 4 30 10 -1
   4: 0100007F:1451 0100007F:A0F4 06 00000000:00000000 00:00000000 00000000     0        0 0 3 0000000000000000
"""
TCP6 = """  sl  local_address                         remote_address                        st tx_queue rx_queue
   0: 00000000000000000000000001000000:1451 00000000000000000000000001000000:B000 01 00000000:00000000
   1: 0000000000000000FFFF00000A01A8C0:1451 0000000000000000FFFF00001401A8C0:B001 01 00000000:00000000
   2: B80D0120000000000000000005000000:1451 B80D0120000000000000000009000000:B002 01 00000000:00000000
"""


def test_established_peers_of_the_port():
    # 0x1451 = 5201; addresses are little-endian words: 0100007F = 127.0.0.1, 1401A8C0 = 192.168.1.20
    assert peers(TCP, '127.0.0.1', 5201) == [('127.0.0.1', 0xA0F2)]
    assert peers(TCP, '192.168.1.10', 5201) == [('192.168.1.20', 0xC350)]
    assert peers(TCP, '127.0.0.1', 8080) == [('127.0.0.1', 0xA0F3)]
    assert peers(TCP, '192.168.1.11', 5201) == []


def test_the_listening_socket():
    assert peers(TCP, '127.0.0.1', 5201, LISTEN) == [('0.0.0.0', 0)]
    assert peers(TCP, '127.0.0.1', 8080, LISTEN) == []


def test_ipv6_and_ipv4_mapped_peers():
    assert peers(TCP6, '::1', 5201) == [('::1', 0xB000)]
    assert peers(TCP6, '192.168.1.10', 5201) == [('192.168.1.20', 0xB001)]   # an IPv4-mapped connection
    assert peers(TCP6, '2001:db8::5', 5201) == [('2001:db8::9', 0xB002)]
