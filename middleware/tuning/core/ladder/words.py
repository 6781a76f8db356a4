"""The ladder's words (pure): links, figures and what each layer moves, in MB/s (10^6 bytes, as in the reports)."""
from ..protocols import protocol_words
from ..report.numbers import format_value, significant

LAYER_NAMES = {'DISKS': 'the disks', 'POOL': 'the pool', 'NETWORK': 'the network', 'PROTOCOL': 'the protocol'}
PROTOCOL_HINTS = {
    'SMB': 'SMB multichannel, signing and encryption, the client\'s settings',
    'NFS': 'the NFS version, rsize and wsize, nconnect, sync on the dataset, the client\'s settings',
    'ISCSI': 'the initiator\'s queue depth, multipath, the zvol\'s block size, the client\'s settings',
}
CLIENT_HINT = 'the client\'s settings'
MISSING = {
    'DISKS': 'Read the disks (tuning.ladder.read_disks)',
    'POOL': 'Benchmark the pool locally: sequential read and write (tuning.benchmark.run)',
    'NETWORK': 'Measure the network ceiling (tuning.network.measure)',
    'PROTOCOL': 'Run the client kit (tuning.client.session.create)',
}


def rate(bytes_per_second) -> str:
    """'118 MB/s'."""
    return format_value(bytes_per_second, 'B/s')


def rate_of(part, whole) -> str:
    """'112 of 118 MB/s'."""
    return f'{significant(part / 1e6)} of {rate(whole)}'


def link_speed_words(speed_mbps: int | None) -> str | None:
    """1000 → '1 GbE', 2500 → '2.5 GbE', 100 → '100 Mb/s'; None when unknown."""
    if not speed_mbps:
        return None
    if speed_mbps >= 1000:
        return f'{speed_mbps / 1000:g} GbE'
    return f'{speed_mbps} Mb/s'


def link_words(interface: str | None, speed_mbps: int | None) -> str:
    """'the 1 GbE link', or 'the link on eno1' when its speed is unknown."""
    speed = link_speed_words(speed_mbps)
    return f'the {speed} link' if speed else f'the link on {interface or "the box"}'


def carries(layer: dict, value: float, link: str) -> str:
    """What one ceiling moves, as a clause: 'the 1 GbE link carries 118 MB/s' (``link``: ``link_words``)."""
    kind = layer['layer']
    if kind == 'NETWORK':
        return f'{link} carries {rate(value)}'
    if kind == 'POOL':
        return f'the pool moves {rate(value)} locally'
    if kind == 'DISKS':
        return f'the disks read {rate(value)} raw'
    return f'clients get {rate(value)} over {protocol_words(layer.get("protocol"))}'


def protocol_hints(protocol: str | None) -> str:
    return PROTOCOL_HINTS.get(protocol or '', CLIENT_HINT)


def sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


# What a ceiling limiting clients means, by layer: a client within reach of it (``at_ceiling_words``), or the lowest
# ceiling before any client measured (``lowest_ceiling_words``).
_AT_CEILING = {
    'NETWORK': lambda c, v, over, link: (f'Clients are limited by {link} ({rate_of(c, v)} measured); tuning the pool '
                                         'cannot raise sequential throughput.'),
    'POOL': lambda c, v, over, link: (f'The pool limits: clients get {rate(c)} {over}, close to the {rate(v)} it '
                                      'moves locally; tuning the pool can raise what clients get.'),
    'DISKS': lambda c, v, over, link: (f'The disks limit: clients get {rate(c)} {over}, close to the {rate(v)} the '
                                       'disks read raw; more or faster disks can raise what clients get.'),
}
_LOWEST_CEILING = {
    'NETWORK': lambda v, others, link, how: (f'{sentence(link)} limits: clients can get at most {rate(v)} ({how}) '
                                             f'while {others}; tuning the pool cannot raise sequential throughput '
                                             'for clients.'),
    'POOL': lambda v, others, link, how: (f'The pool limits: it moves {rate(v)} locally while {others}; tuning the '
                                          'pool can raise what clients get.'),
    'DISKS': lambda v, others, link, how: (f'The disks limit: they read {rate(v)} raw while {others}; more or '
                                           'faster disks can raise what clients get.'),
}


def at_ceiling_words(kind: str, client: float, ceiling: float, over: str, link: str) -> str:
    """Clients within reach of the ``kind`` ceiling: it limits them (``over``: 'over NFS')."""
    return _AT_CEILING[kind](client, ceiling, over, link)


def lowest_ceiling_words(kind: str, ceiling: float, others: str, link: str, nominal: bool = False) -> str:
    """The ``kind`` ceiling is the lowest (no client measured): what clients can get at best (``others``: the other
    ceilings in words; ``nominal``: the figure is the link's nominal rate, not a measurement)."""
    return _LOWEST_CEILING[kind](ceiling, others, link, 'nominal' if nominal else 'measured')
