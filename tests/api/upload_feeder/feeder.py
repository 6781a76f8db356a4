"""`upload_feeder.run(method, params, data)`: what TrueNAS's `/_upload` does with a file, in process. The file goes
into a buffered input pipe, whole, before the job starts (the job reads it to its end); returns the job id."""
import base64

from tuning_host.runtime import Service, api_method
from tuning_host.runtime.pipes import Pipes

from .feeder_models import UploadFeederRunArgs, UploadFeederRunResult


class UploadFeederService(Service):
    class Config:
        namespace = 'upload_feeder'
        cli_namespace = 'test.upload_feeder'

    @api_method(UploadFeederRunArgs, UploadFeederRunResult, roles=['SYSTEM_ADVANCED_WRITE'])
    async def run(self, method, params, data):
        """Start job `method(*params)` with the base64 `data` in its input pipe; returns its id."""
        pipe = self.middleware.pipe(buffered=True)
        await self.middleware.run_in_thread(pipe.w.write, base64.b64decode(data))
        await self.middleware.run_in_thread(pipe.w.close)   # the reading end keeps the data
        job = await self.middleware.call(method, *params, pipes=Pipes(input=pipe))
        return job.id
