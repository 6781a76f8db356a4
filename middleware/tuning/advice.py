"""``tuning.advice.*``: what the box's own disks and figures say before an admin builds or rebuilds a pool."""
from .advice_models import TuningAdviceLayoutArgs, TuningAdviceLayoutOptions, TuningAdviceLayoutResult
from .box.profile import read_profile
from .core.layout import LayoutInputError, layout_advice
from .framework import READ_ROLES, Service, api_method, field_error
from .store import disk_reads
from .store.offloop import store_read


def measured_pools(results: list[dict]) -> list[str]:
    """The pools a report's results measured on the box (fio results), sorted."""
    return sorted({pool for r in results if r.get('source') == 'FIO'
                   and isinstance(pool := ((r.get('context') or {}).get('target') or {}).get('pool'), str)})


def latest_disk_reads(db, pools: list[str]) -> dict[str, dict | None]:
    return {pool: disk_reads.latest_disk_read(db, pool) for pool in pools}


async def advice_inputs(middleware, pools: list[str]) -> tuple[dict, dict[str, dict | None]]:
    """What layout advice reads: the box's profile, and the latest raw disk read of each of ``pools``."""
    profile = await read_profile(middleware)
    return profile, (await store_read(middleware, latest_disk_reads, pools) if pools else {})


async def report_layouts(middleware, results: list[dict]) -> list[dict]:
    """The layout advice of each pool a report's results measured, as the pool is now (its own layout among the
    others its disks could have): the report's "Pool layout". Pools gone or of mixed vdevs are left out."""
    pools = measured_pools(results)
    if not pools:
        return []
    profile, reads = await advice_inputs(middleware, pools)
    advices = []
    for pool in pools:
        options = TuningAdviceLayoutOptions(source='POOL', pool=pool).model_dump()
        try:
            advice = layout_advice(profile, options, reads[pool])
        except LayoutInputError:
            continue   # the pool is gone, or the box does not list its disks
        if any(row['current'] for row in advice['layouts']):
            advices.append({'pool': pool, **advice})
    return advices


class TuningAdviceService(Service):

    class Config:
        namespace = 'tuning.advice'
        cli_namespace = 'system.tuning.advice'

    @api_method(TuningAdviceLayoutArgs, TuningAdviceLayoutResult, roles=READ_ROLES)
    async def layout(self, options):
        """The pool layouts worth comparing for a set of like disks (the box's unused disks, a pool's data disks, or
        disks given by count, size and kind), side by side: usable space as OpenZFS allocates it (parity and padding
        for the record size, labels, metaslabs, slop space), the space a record size fills, first-order sequential
        throughput and random IOPS from one disk's figures (the ladder's raw read of the pool's disks, else typical
        ones, or `per_disk`), the disks each vdev can lose, and the reasons in words. Reads; changes nothing."""
        pool = options.get('pool') if options['source'] == 'POOL' else None
        profile, reads = await advice_inputs(self.middleware, [pool] if pool else [])
        try:
            # pure arithmetic on a few dozen candidates: microseconds, fine on the loop
            return layout_advice(profile, options, reads.get(pool))
        except LayoutInputError as e:
            raise field_error(e.field, str(e)) from None
