"""What one internal call costs the standalone host's runtime (issue 22), in process: `middleware.call` of an
`api_method` that returns at once, plain (`def`: a worker thread, as middlewared runs one) and a coroutine (on the
loop), and the argument check alone (`accept_params` of QueryArgs, done once a call in the method's wrapper, as in
middlewared). Process CPU time and wall time a call; measures, asserts nothing.

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/internal_call_cost.py [--calls 3000]
"""
import argparse
import asyncio
import resource
import tempfile
import time

from tuning_host.runtime import BaseModel, Middleware, QueryArgs, Service, api_method
from tuning_host.runtime.validation import accept_params


class Result(BaseModel):
    result: list


class ThingService(Service):
    class Config:
        namespace = 'thing'

    @api_method(QueryArgs, Result, roles=['READONLY_ADMIN'])
    def query(self, filters, options):
        return []

    @api_method(QueryArgs, Result, roles=['READONLY_ADMIN'])
    async def aquery(self, filters, options):
        return []


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def timed(label, calls, fn):
    for _ in range(min(calls, 200)):   # warm up (the pool's threads start)
        await fn()
    cpu0, wall0 = cpu(), time.perf_counter()
    for _ in range(calls):
        await fn()
    print(f'{label}: CPU {(cpu() - cpu0) / calls * 1e6:.0f} µs a call, '
          f'wall {(time.perf_counter() - wall0) / calls * 1e6:.0f} µs a call')


async def main(calls):
    with tempfile.TemporaryDirectory() as data:
        mw = Middleware(data)
        mw.attach_loop()
        mw.add_service(ThingService(mw))
        filters = [['name', '=', 'a']]

        async def check():
            accept_params(QueryArgs, [filters])
        try:
            await timed('internal call, plain method (worker thread)', calls, lambda: mw.call('thing.query', filters))
            await timed('internal call, coroutine (event loop)', calls, lambda: mw.call('thing.aquery', filters))
            await timed('argument check alone (QueryArgs)', calls, check)
        finally:
            mw.shutdown()


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--calls', type=int, default=3000)
    asyncio.run(main(parser.parse_args().calls))
