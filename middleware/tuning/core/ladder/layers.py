"""The ladder of one pool (or dataset) from stored records (pure).

``build_ladder(pool, dataset, disk_read, benchmarks, network)`` → the ``tuning.ladder.get`` answer (see
``TuningLadderGetResult``): ``disk_read`` is the pool's latest ``disk_read`` row (or ``None``), ``benchmarks`` every
stored benchmark result (oldest first; the latest local fio result of the pool or dataset and the latest client result
of each protocol are picked here), ``network`` the latest ``tuning.network`` result (or ``None``).

Layers come in the ladder's order, bottom up: DISKS, POOL, NETWORK, then one PROTOCOL layer per protocol measured
from a client (one without figures when none is). A layer not measured yet has null figures and says so in its note.
"""
from ..bench.arc_reads import from_ram_tests
from ..protocols import client_words
from ..presets.sizing import link_payload_bytes_per_s
from ..report.metric_info import title_of_test
from .bottleneck import judge, missing, verdict
from .words import link_speed_words, link_words, rate

SEQ = {'read': ('SEQ_READ', 'read_bw_bytes'), 'write': ('SEQ_WRITE', 'write_bw_bytes')}
ABOVE_NOMINAL = 1.05  # a measured rate this far above the link's payload rate did not cross that link
NETWORK_DIRECTIONS = {'read': 'BOX_TO_CLIENT', 'write': 'CLIENT_TO_BOX'}  # a client reads what the box sends


def _layer(layer, name, *, protocol=None, read=None, write=None, measured_at=None, source=None, note=None,
           nominal=()):
    return {'layer': layer, 'name': name, 'protocol': protocol, 'read_bytes_per_second': read,
            'write_bytes_per_second': write, 'measured_at': measured_at, 'source': source, 'note': note,
            'nominal': sorted(nominal)}


def _median(result: dict, direction: str) -> float | None:
    test, metric = SEQ[direction]
    value = ((result.get('summary') or {}).get(test) or {}).get(metric, {})
    median = value.get('median') if isinstance(value, dict) else None
    return float(median) if isinstance(median, (int, float)) and not isinstance(median, bool) else None


def _in_pool(dataset: str | None, pool: str) -> bool:
    return isinstance(dataset, str) and (dataset == pool or dataset.startswith(pool + '/'))


def disks_layer(row: dict | None) -> dict:
    if row is None:
        return _layer('DISKS', 'Disks (raw)', note='Not read yet.')
    read = [d for d in row['disks'] if d.get('read_bytes_per_second') is not None]
    count = len(row['disks'])
    per_disk = ' · '.join(f'{d["name"]} {rate(d["read_bytes_per_second"])}' if d.get('read_bytes_per_second')
                          is not None else f'{d["name"]}: {d.get("error") or "no figure"}' for d in row['disks'])
    note = f'{per_disk}. The sum is an upper bound for what the pool can read.'
    if row.get('stand_in'):
        note = ('Sandbox: stand-in files were read, not disks; the figures say nothing about real disks. ' + note)
    if len(read) < count:
        note += f' {count - len(read)} of {count} disks gave no figure: the sum leaves them out.'
    # every disk of the data vdevs is read: a RAIDZ2 of 7 holds 5 disks' worth of data, so not "7 data disks"
    return _layer('DISKS', f'Disks (raw, {count} disk{"s" if count != 1 else ""} of the data vdevs)',
                  read=row.get('total_read_bytes_per_second'), measured_at=row['created_at'],
                  source={'kind': 'DISK_READ', 'id': row['id']}, note=note)


def measures_pool(result: dict, pool: str, dataset: str | None) -> bool:
    """A local fio result with a sequential median of ``dataset`` (or, without one, of any dataset of ``pool``)."""
    target = (result.get('context') or {}).get('target') or {}
    if result.get('source') != 'FIO' or not any(_median(result, d) is not None for d in SEQ):
        return False
    return target.get('dataset') == dataset if dataset else target.get('pool') == pool


def pool_layer(pool: str, dataset: str | None, benchmarks: list[dict], judge_from_ram: bool = False) -> dict:
    """The POOL layer from the newest local result of ``pool`` (or ``dataset``); its sequential read is left out when
    the ARC answered it from RAM (``core.bench.arc_reads``), unless ``judge_from_ram``."""
    result = next((e for e in reversed(benchmarks) if measures_pool(e, pool, dataset)), None)
    where = f'Dataset {dataset}' if dataset and dataset != pool else f'Pool {pool}'
    if result is None:
        return _layer('POOL', f'{where} (local fio)', note='No local benchmark with sequential read or write yet.')
    lacking = [SEQ[d][0] for d in SEQ if _median(result, d) is None]
    note = f'Benchmark #{result["id"]} ({result["label"]}): the medians of fio on the box itself.'
    if lacking:
        note += f' It did not run the {" or ".join(title_of_test(test) for test in lacking)} test.'
    read = _median(result, 'read')
    share = from_ram_tests(result).get(SEQ['read'][0])
    if share is not None:
        note += (f' {share * 100:.0f} % of its sequential read came from RAM (the ARC), not from the disks: '
                 + ('it is used all the same, as asked.' if judge_from_ram else 'it is left out.'))
        read = read if judge_from_ram else None
    return _layer('POOL', f'{where} (local fio)', read=read, write=_median(result, 'write'),
                  measured_at=result['created_at'], source={'kind': 'BENCHMARK', 'id': result['id']}, note=note)


def network_layer(result: dict | None) -> dict:
    if result is None:
        return _layer('NETWORK', 'Network', note='No network ceiling measured yet.')
    figures = {}
    for direction, way in NETWORK_DIRECTIONS.items():
        rates = [m['bits_per_second'] / 8 for m in result['measurements'] if m['direction'] == way]
        figures[direction] = max(rates) if rates else None
    speed = link_speed_words(result.get('link_speed_mbps'))
    note = f'iperf3 ceiling, the fastest of {len(result["measurements"])} measurements per direction.'
    above = []
    if result.get('link_speed_mbps'):
        nominal = link_payload_bytes_per_s(result['link_speed_mbps'])
        note += f' The nominal {speed} link carries at most {rate(nominal)}.'
        above = [d for d, v in figures.items() if v is not None and v > nominal * ABOVE_NOMINAL]
        if above:
            # a client on the box itself (or on another, faster path) never crossed this link: its figure would
            # name a ceiling no client behind the link can reach
            measured = ' and '.join(rate(figures[d]) for d in above)
            note += (f' Measured {measured}, more than the link can carry: that client did not cross it (the box '
                     'itself or another path), so the nominal figure stands in.')
            figures.update({d: nominal for d in above})
    return _layer('NETWORK', f'Network {result["interface"]}' + (f' ({speed})' if speed else ''),
                  read=figures['read'], write=figures['write'], measured_at=result['created_at'],
                  source={'kind': 'NETWORK', 'id': result['id']}, note=note, nominal=above)


def client_pool(result: dict) -> str | None:
    """The pool a client result measured: its box context's dataset, else its session's dataset, else its pool."""
    context = result.get('context') or {}
    box_dataset = context.get('dataset')
    if isinstance(box_dataset, dict) and isinstance(box_dataset.get('pool'), str):
        return box_dataset['pool']
    session_dataset = (context.get('session') or {}).get('dataset')
    if isinstance(session_dataset, str):
        return session_dataset.split('/')[0]
    pool = context.get('pool')
    return pool.get('name') if isinstance(pool, dict) else None


def aggregate_words(aggregate: dict) -> str:
    """A summed result of several clients (core.client.barrier) in words: the sum and the spread per client."""
    words = f'The sum of {aggregate.get("clients")} clients measuring at once'
    parts = []
    for direction, (test, metric) in SEQ.items():
        spread = ((aggregate.get('spread') or {}).get(test) or {}).get(metric)
        if isinstance(spread, dict):
            parts.append(f'{direction}s {rate(spread["min"])} to {rate(spread["max"])} '
                         f'(median {rate(spread["median"])})')
    return words + (f'; per client, {" and ".join(parts)}.' if parts else '.')


def client_layers(pool: str, benchmarks: list[dict]) -> list[dict]:
    """The latest client result of each protocol on ``pool`` (or naming no dataset: then the note says so)."""
    latest = {}
    for result in benchmarks:
        target = (result.get('context') or {}).get('target') or {}
        protocol = target.get('protocol')
        owner = client_pool(result)
        if (result.get('source') == 'CLIENT' and isinstance(protocol, str) and owner in (pool, None)
                and any(_median(result, d) is not None for d in SEQ)):
            latest[protocol] = result
    if not latest:
        return [_layer('PROTOCOL', 'Clients', note='No client result yet.')]
    layers = []
    for protocol, result in sorted(latest.items()):
        context = result['context']
        target, client = context.get('target') or {}, context.get('client') or {}
        name = client_words(target, client.get('hostname') or 'a client')
        note = f'Client result #{result["id"]} on {target.get("path") or "the client"}'
        if target.get('mount_options'):
            note += f' ({target["mount_options"]})'
        note += '.'
        if isinstance(context.get('aggregate'), dict):
            note += ' ' + aggregate_words(context['aggregate'])
        if client_pool(result) is None:
            note += ' Its session named no dataset: it may have measured another pool.'
        layers.append(_layer('PROTOCOL', name, protocol=protocol, read=_median(result, 'read'),
                             write=_median(result, 'write'), measured_at=result['created_at'],
                             source={'kind': 'CLIENT', 'id': result['id']}, note=note))
    return layers


def build_ladder(pool: str, dataset: str | None, disk_read: dict | None, benchmarks: list[dict],
                 network: dict | None, judge_from_ram: bool = False) -> dict:
    layers = [disks_layer(disk_read), pool_layer(pool, dataset, benchmarks, judge_from_ram), network_layer(network),
              *client_layers(pool, benchmarks)]
    link = link_words(network['interface'], network.get('link_speed_mbps')) if network else 'the link'
    sides, words = {}, {}
    for direction in SEQ:
        sides[direction], words[direction] = judge(layers, direction, link)
    return {'pool': pool, 'dataset': dataset, 'layers': layers, 'bottleneck': sides,
            'verdict': verdict(pool, words), 'missing': missing(layers)}
