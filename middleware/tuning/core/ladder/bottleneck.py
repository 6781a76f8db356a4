"""Which layer limits what clients get, per direction (pure).

``judge(layers, direction, link)`` → ``(side, words)``: ``side`` is ``{layer, protocol, words}`` or ``None`` when no
layer can be named (fewer than two figures to compare, or a client faster than every ceiling: a cache answered);
``words`` says what the figures show either way (``None`` when nothing of that direction is measured). ``verdict``
joins the two directions' words; ``missing`` names the next measurements.

The rules, for one direction:
- the ceilings below the clients are the disks (reads only, raw), the pool (local fio) and the network (iperf3); the
  pool's figure already includes its disks, so the disks count only when the pool is not measured;
- with a client result (the fastest protocol): within ``NEAR_CEILING`` of the lowest ceiling, that ceiling limits;
  further below it, the protocol or the client limits; above it by more than ``NEAR_CEILING``, a cache answered;
- without one: the lowest ceiling limits what clients can get at best; the pool alone against its disks is limited by
  the disks when it reaches them (within ``NEAR_CEILING``), by its own layout and settings below, and above them a
  cache or compression answered (nothing is named).
"""
from ..protocols import protocol_words
from ..words import and_join
from .words import (
    MISSING, at_ceiling_words, carries, lowest_ceiling_words, protocol_hints, rate, sentence,
)

NEAR_CEILING = 0.10   # a figure within 10 % of a ceiling is limited by it
DIRECTIONS = ('read', 'write')
CEILINGS = ('DISKS', 'POOL', 'NETWORK')
TOP_DOWN = ('NETWORK', 'POOL', 'DISKS')  # the order ceilings are named in words, nearest to the client first


def figure(layer: dict, direction: str) -> float | None:
    return layer.get(f'{direction}_bytes_per_second')


def _side(layer: dict, words: str) -> dict:
    return {'layer': layer['layer'], 'protocol': layer.get('protocol'), 'words': words}


def _ceilings(layers, direction) -> list[dict]:
    found = {l['layer']: l for l in layers if l['layer'] in CEILINGS and figure(l, direction) is not None}
    if 'POOL' in found:
        found.pop('DISKS', None)
    return sorted(found.values(), key=lambda l: figure(l, direction))


def _named(ceilings, direction, link) -> list[str]:
    return [carries(l, figure(l, direction), link) for l in sorted(ceilings, key=lambda l: TOP_DOWN.index(l['layer']))]


def _with_client(client, ceilings, direction, link):
    c = figure(client, direction)
    over = f'over {protocol_words(client["protocol"])}' if client.get('protocol') else 'from a client'
    if not ceilings:
        return None, f'Clients get {rate(c)} {over}; nothing below them is measured to compare with.'
    lowest = ceilings[0]
    v = figure(lowest, direction)
    if c > v * (1 + NEAR_CEILING):
        return None, (f'Clients get {rate(c)} {over}, more than {carries(lowest, v, link)}: a cache answered part '
                      'of it (the client\'s page cache or the box\'s ARC); measure again with a larger working set.')
    if c >= v * (1 - NEAR_CEILING):
        words = at_ceiling_words(lowest['layer'], c, v, over, link)
        return _side(lowest, words), words
    words = (f'Clients get {rate(c)} {over} although '
             f'{and_join(_named(ceilings, direction, link))}: the protocol or '
             f'the client limits (check {protocol_hints(client.get("protocol"))}).')
    return _side(client, words), words


def _without_client(layers, ceilings, direction, link):
    lowest = ceilings[0]
    v = figure(lowest, direction)
    others = _named(ceilings[1:], direction, link)
    if lowest['layer'] == 'POOL' and not others:
        disks = next((l for l in layers if l['layer'] == 'DISKS' and figure(l, direction) is not None), None)
        if disks is None:
            return None, f'{sentence(carries(lowest, v, link))}; measure more layers to see which one limits.'
        k = figure(disks, direction)
        if v > k * (1 + NEAR_CEILING):
            return None, (f'The pool reads {rate(v)} locally, more than the {rate(k)} its disks read raw: the ARC or '
                          'compression answered part of it; measure the network and a client to see what limits.')
        if v >= k * (1 - NEAR_CEILING):
            words = (f'The disks limit: the pool reads {rate(v)} locally, close to the {rate(k)} its disks read '
                     'raw; more or faster disks can raise it.')
            return _side(disks, words), words
        words = (f'The pool limits: it reads {rate(v)} locally, less than the {rate(k)} its disks read raw (its '
                 'layout, record size, compression or settings).')
        return _side(lowest, words), words
    if not others:
        return None, f'{sentence(carries(lowest, v, link))}; measure more layers to see which one limits.'
    words = lowest_ceiling_words(lowest['layer'], v, and_join(others), link, direction in lowest.get('nominal', ()))
    return _side(lowest, words), words


def judge(layers: list[dict], direction: str, link: str) -> tuple[dict | None, str | None]:
    clients = [l for l in layers if l['layer'] == 'PROTOCOL' and figure(l, direction) is not None]
    ceilings = _ceilings(layers, direction)
    if clients:
        return _with_client(max(clients, key=lambda l: figure(l, direction)), ceilings, direction, link)
    if ceilings:
        return _without_client(layers, ceilings, direction, link)
    return None, None


def verdict(pool: str, words: dict[str, str | None]) -> str:
    """The ladder's sentence: each direction's words, or what is missing for ``pool``."""
    parts = [f'{label}: {words[d]}' for d, label in (('read', 'Reads'), ('write', 'Writes')) if words.get(d)]
    return ' '.join(parts) or f'Nothing is measured for pool {pool} yet.'


def missing(layers: list[dict]) -> list[str]:
    """The next measurements: each layer kind without a figure in either direction."""
    measured = {l['layer'] for l in layers
                if any(figure(l, d) is not None for d in DIRECTIONS)}
    return [MISSING[kind] for kind in ('DISKS', 'POOL', 'NETWORK', 'PROTOCOL') if kind not in measured]
