"""``tuning.ladder``: the component ladder of a pool (raw disks, the pool locally, the network, the protocol from a
client) and the layer that limits what clients get, in words. The raw read of the disks is ``ladder_run``; the
ladder and its verdict ``core.ladder``."""
import itertools

from .flows import ladder_run
from .context import busy_while
from .box.settings import read_settings
from .core.ladder.layers import build_ladder, client_pool, measures_pool
from .core.ladder.measured_under import (
    choose_local, safe_alternative, setting_keys, with_data_loss, with_measured_under,
)
from .framework import READ_ROLES, Service, WRITE_ROLES, api_method, field_error, job
from .ladder_models import (
    TuningLadderGetArgs, TuningLadderGetResult, TuningLadderReadDisksArgs, TuningLadderReadDisksResult,
)
from .store import benchmarks as bench_store, disk_reads, network as network_store
from .store.offloop import store_call


def ladder_records(db, pool: str, dataset: str | None) -> tuple:
    """``(latest disk read of pool, benchmarks, latest network result)`` for ``build_ladder``: of the benchmarks,
    the latest local one of the pool (or dataset) and every client result, decoding no more than that."""
    networks = network_store.list_network_results(db)
    newest_local = bench_store.iter_benchmarks(db, bench_store.HEADS, source='FIO', newest_first=True)
    local = next((e for e in newest_local if measures_pool(e, pool, dataset)), None)
    clients = list(bench_store.iter_benchmarks(db, bench_store.HEADS, source='CLIENT'))
    return disk_reads.latest_disk_read(db, pool), [local, *clients] if local else clients, (
        networks[-1] if networks else None)


LOCAL_CANDIDATES = 50   # newest local results of the pool looked at for one measured under today's settings


def local_candidates(db, pool: str, dataset: str | None) -> list[dict]:
    """The newest local results of the pool (or dataset), newest first, for ``choose_local``."""
    newest_local = bench_store.iter_benchmarks(db, bench_store.HEADS, source='FIO', newest_first=True)
    return list(itertools.islice((e for e in newest_local if measures_pool(e, pool, dataset)), LOCAL_CANDIDATES))


def measured_beyond_the_pool(ladder: dict) -> bool:
    return any(layer['layer'] != 'POOL' and (layer['read_bytes_per_second'] is not None
                                             or layer['write_bytes_per_second'] is not None)
               for layer in ladder['layers'])


def report_ladders(db, results: list[dict]) -> list[dict]:
    """The ladder of each pool a report's results measured (its dataset when they all measured one), for the pools
    known beyond their local benchmark (disks, network or clients measured): the report's "Where the limit is"."""
    datasets = {}
    for result in results:
        target = (result.get('context') or {}).get('target') or {}
        pool = target.get('pool') if result.get('source') == 'FIO' else client_pool(result)
        if isinstance(pool, str):
            datasets.setdefault(pool, set()).add(target.get('dataset') if result.get('source') == 'FIO' else None)
    ladders = []
    for pool, named in sorted(datasets.items()):
        dataset = next(iter(named)) if len(named) == 1 else None
        disk_read, benchmarks, network = ladder_records(db, pool, dataset)
        ladder = build_ladder(pool, dataset, disk_read, benchmarks, network)
        local = next((e for e in benchmarks if e['source'] == 'FIO'), None)
        if measured_beyond_the_pool(ladder):   # a pool figure measured with unsafe writes says so here too
            ladders.append(with_data_loss(ladder, local))
    return ladders


class TuningLadderService(Service):

    class Config:
        namespace = 'tuning.ladder'
        cli_namespace = 'system.tuning.ladder'

    @api_method(TuningLadderReadDisksArgs, TuningLadderReadDisksResult, roles=WRITE_ROLES,
                audit='Tuning ladder read disks')
    @job(read_roles=READ_ROLES, description=lambda options: f'Raw read of the disks of {options.get("pool")}',
         abortable=True)
    async def read_disks(self, job, options):
        """Read each data disk of a pool on its own, one at a time: fio sequential reads of the whole device,
        read-only (`--readonly`: fio refuses to write) with direct I/O for `seconds_per_disk`. Safe on a live pool;
        cache, log and spare devices are not read. The sum is an upper bound for what the pool can read (the DISKS
        layer of `tuning.ladder.get`). On the sandbox, stand-in files are read and the result says so (`stand_in`).
        The latest 20 reads of each pool are kept."""
        async with busy_while(self.middleware, 'tuning.ladder.read_disks', job.id):
            return await ladder_run.read_disks(self.middleware, job.set_progress, options)

    @api_method(TuningLadderGetArgs, TuningLadderGetResult, roles=READ_ROLES)
    async def get(self, options):
        """The ladder of a pool, bottom up: its disks read raw (the latest `read_disks`), the pool or `dataset`
        locally (the sequential medians of the latest fio benchmark measured under the settings the box holds now;
        when none was, the latest measured with safe writes, else the latest, and the layer and verdict say what it
        was measured under; a figure measured with a setting that can lose data on power loss says so, with the
        latest figure measured without it), the network (the latest `tuning.network` ceiling per direction), and
        each protocol measured from a client (the latest client result of each); the layer that limits clients per
        direction and the verdict in words; what to measure next. A sequential read the ARC answered from RAM is
        left out of the pool layer (its note says so) unless `judge_from_ram`."""
        await ladder_run.pool_of(self.middleware, options['pool'], 'options.pool')
        dataset = options.get('dataset')
        if dataset is not None and dataset != options['pool'] and not dataset.startswith(options['pool'] + '/'):
            raise field_error('options.dataset', f'{dataset} is not a dataset of pool {options["pool"]}.')
        disk_read, benchmarks, network = await store_call(self.middleware, ladder_records, options['pool'], dataset)
        candidates = await store_call(self.middleware, local_candidates, options['pool'], dataset)
        chosen, diffs, passed = None, [], []
        if candidates:
            keys = setting_keys(candidates)
            chosen, diffs, passed = choose_local(candidates, await read_settings(self.middleware, keys) if keys else {})
            benchmarks = [chosen, *(e for e in benchmarks if e['source'] != 'FIO')]
        ladder = await self.middleware.run_in_thread(build_ladder, options['pool'], dataset, disk_read, benchmarks,
                                                     network, options['judge_from_ram'])
        return with_measured_under(ladder, chosen, diffs, passed, safe_alternative(candidates, chosen))
