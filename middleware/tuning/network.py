"""``tuning.network``: the network ceiling measured with iperf3 (a one-off server on the box per client test) and
its stored results. The measurement itself is ``network_run``; the process ``bench_runner.iperf3_server``; the
reading of iperf3's JSON ``core.network``."""
import errno

from .flows import network_run
from .context import busy_while, plugin_context
from .framework import READ_ROLES, Service, ValidationErrors, WRITE_ROLES, api_method, filter_list, job
from .network_models import (
    TuningNetworkDeleteArgs, TuningNetworkDeleteResult, TuningNetworkGetArgs, TuningNetworkGetResult,
    TuningNetworkMeasureArgs, TuningNetworkMeasureResult, TuningNetworkQueryArgs, TuningNetworkQueryResult,
)
from .store import network as store
from .store.offloop import FEW_ROWS, store_query


class TuningNetworkService(Service):

    class Config:
        namespace = 'tuning.network'
        cli_namespace = 'system.tuning.network'

    @api_method(TuningNetworkMeasureArgs, TuningNetworkMeasureResult, roles=WRITE_ROLES,
                audit='Tuning network measure')
    @job(read_roles=READ_ROLES, description=lambda options: f'Network ceiling on {options.get("interface")}',
         abortable=True)
    async def measure(self, job, options):
        """Measure what a client can move over one of the box's ports: an iperf3 server bound to its address serves
        four client tests in turn (one stream and `parallel_streams`, client → box then box → client with `-R`);
        the progress says which one it waits for and the client command. The server is stopped whatever happens
        (success, no client within `client_timeout_seconds`, abort, failure; after a crash, at start-up). Returns
        the stored result with the interface, nominal link speed and MTU."""
        async with busy_while(self.middleware, 'tuning.network.measure', job.id):
            return await network_run.measure(self.middleware, job.set_progress, job.id, options)

    @api_method(TuningNetworkQueryArgs, TuningNetworkQueryResult, roles=READ_ROLES)
    async def query(self, filters, options):
        """Stored network ceilings, with TrueNAS query filters and options."""
        # a coroutine: a plain method would cost a trip to a worker thread even for a few rows
        return await store_query(self.middleware, query_network_results, filters, options,
                                 lambda db: store.count_network_results(db) <= FEW_ROWS)

    @api_method(TuningNetworkGetArgs, TuningNetworkGetResult, roles=READ_ROLES)
    def get(self, id_):
        """One stored network ceiling."""
        return result_or_error(plugin_context(self.middleware).db, id_)

    @api_method(TuningNetworkDeleteArgs, TuningNetworkDeleteResult, roles=WRITE_ROLES, audit='Tuning network delete')
    def delete(self, id_):
        """Forget a stored network ceiling."""
        db = plugin_context(self.middleware).db
        result_or_error(db, id_)
        return store.delete_network_result(db, id_)


def query_network_results(db, filters: list, options: dict):
    """``tuning.network.query``'s answer."""
    return filter_list(store.list_network_results(db), filters, options)


def result_or_error(db, id_: int) -> dict:
    entry = store.get_network_result(db, id_)
    if entry is None:
        verrors = ValidationErrors()
        verrors.add('id', f'No network result {id_}.', errno.ENOENT)
        raise verrors
    return entry
