"""The four iperf3 measurements a client session serves and what the client runs for each (pure).

A one-off iperf3 server serves one client test, so they run in sequence: one stream and ``parallel`` streams,
each client → box (the box receives: what a client writing to a share sees) and box → client (``-R``: reading).
"""
import ipaddress

DIRECTIONS = {'CLIENT_TO_BOX': 'client → box', 'BOX_TO_CLIENT': 'box → client'}


def measurements(parallel: int) -> list[dict]:
    """``[{name, streams, direction}]`` in the order the client runs them."""
    return [{'name': f'{_streams_words(streams)}, {DIRECTIONS[direction]}', 'streams': streams,
             'direction': direction}
            for direction in DIRECTIONS for streams in (1, parallel)]


def _streams_words(streams: int) -> str:
    return 'one stream' if streams == 1 else f'{streams} parallel streams'


def client_argv(address: str, port: int, duration: int, measurement: dict) -> list[str]:
    """What the client runs for one measurement."""
    argv = ['iperf3', '-c', address, '-p', str(port), '-t', str(duration)]
    if measurement['streams'] > 1:
        argv += ['-P', str(measurement['streams'])]
    if measurement['direction'] == 'BOX_TO_CLIENT':
        argv.append('-R')
    return argv


def server_argv(binary: str, address: str, port: int) -> list[str]:
    """One-off server bound to the interface's address: it serves one test and exits."""
    return [binary, '--server', '--one-off', '--json', '--bind', address, '--port', str(port)]


def mismatch(measurement: dict, duration: int, observed: dict) -> str | None:
    """Why the test a client ran is not the awaited measurement, in words; ``None`` when it is."""
    wanted = {'streams': measurement['streams'], 'direction': measurement['direction']}
    got = {'streams': observed['streams'], 'direction': observed['direction']}
    if got != wanted:
        return (f'the client ran {_streams_words(got["streams"])}, {DIRECTIONS[got["direction"]]} '
                f'instead of {measurement["name"]}')
    if observed['duration_seconds'] != duration:
        return f'the client ran for {observed["duration_seconds"]} s instead of {duration} s (-t {duration})'
    return None


def pick_address(aliases: list[dict]) -> str | None:
    """The address to bind to from ``interface.query``'s ``state.aliases``: IPv4 first, then a global IPv6 (a
    link-local one needs a scope the client would have to name)."""
    for kind in ('INET', 'INET6'):
        for alias in aliases or []:
            if alias.get('type') != kind or not alias.get('address'):
                continue
            try:
                address = ipaddress.ip_address(alias['address'])
            except ValueError:
                continue
            if not address.is_link_local:
                return str(address)
    return None


def counter_interface(nic: str, address: str) -> str:
    """The kernel interface whose byte counters carry the traffic: a loopback address (the standalone host's sandbox)
    never leaves ``lo``."""
    return 'lo' if ipaddress.ip_address(address).is_loopback else nic
