"""A job that ends well keeps its last words: middlewared's Job.run ends with `set_progress(100, '')`, and an empty
description changes nothing there (only the percent goes to 100). Found by tests/api against the live middlewared."""
import asyncio

from tuning_host.runtime import Service, job

from runtime_loop import run_service


class FinalProgressService(Service):
    class Config:
        namespace = "final_progress"

    @job()
    async def steps(self, job):
        job.set_progress(75, "step 3", {"step": 3})
        await asyncio.sleep(0)
        return 3


def test_a_successful_job_ends_at_100_percent_with_its_last_description(tmp_path):
    async def body(mw, svc):
        j = await mw.call("final_progress.steps")
        assert await j.wait() == 3
        assert j.encode()["progress"] == {"percent": 100, "description": "step 3", "extra": {"step": 3}}
    run_service(tmp_path, FinalProgressService, body)
