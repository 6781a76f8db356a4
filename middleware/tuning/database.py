"""``tuning.database``: export and import of the plugin's own database. TrueNAS config backups do not hold it (it
lives on the system dataset), so this is how restore points, presets, results and campaigns are kept across a
reinstall or moved to another box. Files go the TrueNAS way: ``core.download('tuning.database.export', [],
'tuning.db')`` and an upload to ``/_upload`` for ``tuning.database.import``."""
from .flows import bench_run
from . import startup
from .context import boot_id, busy_while, plugin_context
from .database_models import (
    TuningDatabaseExportArgs, TuningDatabaseExportResult, TuningDatabaseImportArgs, TuningDatabaseImportResult,
)
from .framework import CallError, READ_ROLES, Service, ValidationErrors, WRITE_ROLES, api_method, job
from .store import transfer
from .store.offloop import store_call
from .transaction.recovery import recover_interrupted, verify_after_boot

EXPORT_FILENAME = 'tuning.db'


class TuningDatabaseService(Service):

    class Config:
        namespace = 'tuning.database'
        cli_namespace = 'system.tuning.database'

    @api_method(TuningDatabaseExportArgs, TuningDatabaseExportResult, roles=READ_ROLES)
    @job(read_roles=READ_ROLES, pipes=['output'], description=lambda *args: 'Export the tuning database')
    async def export(self, job):
        """Write a consistent copy of the plugin's database (restore points, presets, benchmark results,
        campaigns) to the job's output pipe. Use it through `core.download`; keep the file with the box's config
        backup and bring it back with `tuning.database.import`."""
        job.set_progress(10, 'Copying the database')
        summary = await store_call(self.middleware, transfer.export_to, job.pipes.output.w)
        job.set_progress(100, f'{summary["size"]} bytes written')
        return {'filename': EXPORT_FILENAME, **summary}

    @api_method(TuningDatabaseImportArgs, TuningDatabaseImportResult, roles=WRITE_ROLES,
                audit='Tuning database import')
    @job(read_roles=READ_ROLES, pipes=['input'], description=lambda *args: 'Import a tuning database')
    async def _import(self, job):
        """Replace the plugin's database by an exported one read from the job's input pipe (upload it to
        `/_upload`). The file must be a tuning database that passes SQLite's integrity check, of this plugin's
        schema or an older one (it is migrated forward); refused while an apply, revert, benchmark or campaign
        runs. The current database is kept beside it (`backup`). Interrupted transactions and settings waiting for
        a reboot are then settled as at start-up, and campaigns in progress resume. Nothing changes when the file
        is refused. When tuning could not start because its database cannot be opened, this is the way back: the
        unreadable file is moved aside and start-up runs again with the imported one."""
        if plugin_context(self.middleware).startup.status == 'FAILED':
            return await self._import_after_failed_start(job)
        async with busy_while(self.middleware, 'tuning.database.import', job.id):
            job.set_progress(10, 'Receiving and checking the file')
            result = await refused_as_field(store_call(self.middleware, transfer.import_from, job.pipes.input.r))
            job.set_progress(70, 'Settling what the imported database describes')
            current_boot = await boot_id(self.middleware)
            recovered = await recover_interrupted(self.middleware, current_boot)
            recovered += await verify_after_boot(self.middleware, current_boot)
            await bench_run.sweep_scratch(self.middleware)
        await self.middleware.call('tuning.campaign.resume_pending')  # after the guard: a campaign job takes it
        job.set_progress(100, 'Imported: {presets} presets, {restore_points} restore points, {benchmarks} '
                              'benchmark results, {campaigns} campaigns'.format(**result['counts']))
        return {**result, 'recovered': recovered}

    async def _import_after_failed_start(self, job):
        # Start-up failed, so nothing has the database open and every other tuning call is refused: no guard needed.
        try:
            path = await startup.database_path(self.middleware)
        except startup.StartupError as e:
            raise CallError(f'Tuning could not start: {e}') from None
        job.set_progress(10, 'Receiving and checking the file')
        result = await refused_as_field(
            self.middleware.run_in_thread(transfer.import_in_place_of, path, job.pipes.input.r))
        job.set_progress(70, 'Starting tuning with the imported database')
        started = await self.middleware.call('tuning.start')
        if started['status'] != 'READY':
            raise CallError(f'The database was imported (the previous file is kept as {result["backup"]}), but tuning '
                            f'still could not start: {started["reason"]}')
        return {**result, 'recovered': list(plugin_context(self.middleware).recovered)}


# The API name is `import`, a Python keyword that no `def` can carry. middlewared names a service's methods by their
# attributes (``dir(service)``, a leading "_" keeping one private) and binds a name no `def` spells with setattr after
# the class, as its plugins/cloud_sync.py binds each remote's extra methods: `_import` stays private, `import` is the
# public method (the standalone host lists methods the same way).
setattr(TuningDatabaseService, 'import', TuningDatabaseService._import)


async def refused_as_field(work):
    """Await ``work``; a refused file becomes the TrueNAS validation error naming the field `file`."""
    try:
        return await work
    except transfer.ImportRefused as e:
        verrors = ValidationErrors()
        verrors.add('file', f'The file {e}; the current database is unchanged.')
        raise verrors from None
