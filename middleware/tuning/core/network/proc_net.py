"""Established TCP connections to a local port from ``/proc/net/tcp`` and ``/proc/net/tcp6`` (pure): how the
network job sees a client connect before iperf3 (which prints its JSON only at the end) says anything."""
import ipaddress

ESTABLISHED, LISTEN = '01', '0A'


def _address(hex_text: str) -> str:
    """The kernel prints addresses as 32-bit words in host (little-endian) order."""
    raw = bytes.fromhex(hex_text)
    words = b''.join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
    address = ipaddress.ip_address(words)
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return str(address.ipv4_mapped)
    return str(address)


def peers(text: str, address: str, port: int, state: str = ESTABLISHED) -> list[tuple[str, int]]:
    """``[(remote address, remote port)]`` of the sockets in ``state`` whose local end is ``address``:``port`` (a
    listening socket's remote end is all zeros)."""
    found = []
    for line in text.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 4 or fields[3] != state:
            continue
        local, remote = fields[1].split(':'), fields[2].split(':')
        if int(local[1], 16) == port and _address(local[0]) == address:
            found.append((_address(remote[0]), int(remote[1], 16)))
    return found
