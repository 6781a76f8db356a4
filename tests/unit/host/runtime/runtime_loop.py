"""Run one async test body against a fresh Middleware with one service added, on its own event loop."""
import asyncio

from tuning_host.runtime import Middleware


def run_service(tmp_path, service_cls, body):
    async def main():
        mw = Middleware(str(tmp_path))
        mw.attach_loop()
        svc = service_cls(mw)
        mw.add_service(svc)
        try:
            return await body(mw, svc)
        finally:
            mw.shutdown()
    return asyncio.run(main())
