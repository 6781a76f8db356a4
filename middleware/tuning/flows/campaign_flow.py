"""Driving a campaign from its committed state: configure → (reboot) → benchmark per step, then finish or restore.

Every transition is committed before the action it announces, so whatever stops the host (a reboot the campaign asked
for, a crash, a power cut) the next start-up finds the campaign where it was and ``drive`` carries on: a configure
step is recomputed from the restore points (the transaction engine has already settled any interrupted apply), an
interrupted benchmark is run again (its scratch was swept), a reboot is checked by the boot id.
"""
import asyncio
import errno

from .. import alerts

from . import bench_run
from ..box.appliance import call_job
from .campaign_client import ClientStep, cancel_client_steps, session_ids
from ..context import boot_id
from ..core.alerts import CAMPAIGN_WAITING, campaign_alerts, campaign_waiting_args
from ..core.campaign import (
    BASELINE, STATE_WORDS, configuration_titles, merge_rounds, primary_metric, progress_words, recommend,
    recommendation_in_words, winner_of, with_single_round,
)
from ..framework import CallError
from .preview import make_plan
from ..preset import apply_preset, dangerous_names
from ..restore_point import revert_plan, revert_restore_point
from ..store import benchmarks as bench_store, campaigns as store, restore_points as rps
from ..store.offloop import store_call

WAITING_FOR_ADMIN = 'Waiting for the box to restart: '  # a refused reboot's message, cleared once the box is back
REBOOT_PHASES = {'REBOOT': 'BENCHMARK', 'END_REBOOT': 'DONE', 'RESTORE_REBOOT': 'RESTORED'}
POOL_WAIT_SECONDS = 600  # the spec's default (campaign_models)
POOL_POLL_SECONDS = 5
USABLE_POOL_STATES = ('ONLINE', 'DEGRADED')


async def pool_status(middleware, name: str) -> str | None:
    """The pool's status (ONLINE, DEGRADED, FAULTED, ...), or None when it is not imported."""
    rows = await middleware.call('pool.query', [['name', '=', name]], {'select': ['name', 'status']})
    return rows[0]['status'] if rows else None


async def shielded(coro):
    """Run a transaction to its end even if the job is aborted meanwhile (it has its own rollback); then abort."""
    task = asyncio.ensure_future(coro)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        await asyncio.gather(task, return_exceptions=True)
        raise


def target_of(spec: dict) -> dict:
    return {'pool': spec['dataset'].split('/')[0], 'dataset': spec['dataset'],
            'cache_disks': spec['cache_disks'], 'log_disks': spec['log_disks']}


def acknowledged(plan: dict, acknowledge: list[str]) -> list[str]:
    """The campaign's acknowledgements that concern this plan (each transaction accepts only its own)."""
    names = dangerous_names(plan)
    return [a for a in acknowledge if a in names]


def campaign_applies(db, campaign: dict) -> list[dict]:
    """The campaign's applies still in effect, oldest first: what decides the box's configuration now."""
    return [rp for rp in rps.applied(db) if rp['id'] > campaign['origin_restore_point'] and rp['kind'] == 'APPLY']


def campaign_pending(db, campaign: dict) -> list[dict]:
    return [p for p in rps.pending(db) if p['restore_point_id'] > campaign['origin_restore_point']]


async def settle_waiting_alerts(middleware) -> None:
    """Start-up: the alert of a campaign still waiting for the admin to restart the box (none once it has)."""
    rows = await store_call(middleware, store.list_campaigns)
    current = await boot_id(middleware)
    await alerts.settle(middleware, {CAMPAIGN_WAITING: campaign_alerts(rows, WAITING_FOR_ADMIN, current)})


class Driver:
    def __init__(self, middleware, job, campaign_id: int):
        self.middleware, self.job, self.id = middleware, job, campaign_id

    async def campaign(self) -> dict:
        return await store_call(self.middleware, store.get_campaign, self.id)

    async def commit(self, **fields) -> dict:
        row = await store_call(self.middleware, store.update_campaign, self.id, **fields)
        self.middleware.send_event('tuning.campaign.query', 'CHANGED', id=self.id, fields=public(row))
        await self.settle_alert(row)
        return row

    async def settle_alert(self, row: dict) -> None:
        """A TrueNAS alert while the campaign waits for the admin to restart the box, gone once it carries on or
        ends (one campaign runs at a time, so it is the only one that can be waiting)."""
        try:
            waiting = campaign_waiting_args(row, WAITING_FOR_ADMIN, await boot_id(self.middleware))
        except Exception:   # an alert never stops the campaign
            self.middleware.logger.warning('tuning: could not tell whether campaign %d waits', self.id, exc_info=True)
            return
        await alerts.settle(self.middleware, {CAMPAIGN_WAITING: [waiting] if waiting else []})

    def say(self, percent: float, description: str, extra=None) -> None:
        self.job.set_progress(percent, description, extra)

    def overall(self, campaign: dict, fraction: float) -> float:
        return min(95.0, 95.0 * (campaign['cursor'] + fraction) / max(1, len(campaign['steps'])))

    # ---- the loop ----

    async def drive(self) -> dict:
        await self.commit(job_id=self.job.id)
        try:
            while True:
                c = await self.campaign()
                if c['abort_requested'] and c['state'] == 'RUNNING':
                    c = await self.commit(state='RESTORING', phase='RESTORE', message='Aborted on request.',
                                    log='abort requested: restoring the original configuration')
                if c['phase'] in REBOOT_PHASES:
                    c = await self.after_reboot(c)
                    if c is None:
                        return public(await self.campaign())
                    continue
                if c['state'] == 'RESTORING':
                    return await self.restore()
                if c['phase'] == 'FINISH' or c['cursor'] >= len(c['steps']):
                    return await self.finish()
                step = c['steps'][c['cursor']]
                if c['phase'] == 'CONFIGURE':
                    titles = configuration_titles(c['configurations'])
                    if await self.configure(c, step['configuration'], words=progress_words(
                            step, c['spec']['rounds'], 'applying', titles=titles), stage='ROUND',
                            round_=step['round']):
                        title = titles.get(step['configuration'], step['configuration'])
                        return await self.reboot(c, 'REBOOT', f'{title} needs a reboot')
                    await self.commit(phase='BENCHMARK')
                elif c['phase'] == 'BENCHMARK':
                    await self.benchmark(c, step)
        except asyncio.CancelledError:
            if (await self.campaign())['state'] != 'RESTORING':
                await self.commit(abort_requested=True, state='RESTORING', phase='RESTORE',
                                  message='Aborted on request.', log='aborted: restoring the original configuration')
                await self.restore()
            raise
        except Exception as e:
            message = getattr(e, 'errmsg', None) or str(e)
            if (await self.campaign())['state'] == 'RESTORING':  # restoring itself failed: say so, never loop
                await self.commit(state='FAILED', phase='DONE', message=f'Restoring the original configuration failed: '
                            f'{message}. Check the restore points.', log=f'restore failed: {message}')
                raise
            await self.commit(state='RESTORING', phase='RESTORE', message=f'Failed: {message}',
                        log=f'failed ({message}): restoring the original configuration')
            row = await self.restore()
            raise CallError(f'Campaign {self.id} failed: {message}. {row["message"]}', errno.EIO) from e

    # ---- steps ----

    async def configure(self, c: dict, configuration: str, words: str, stage: str, round_: int | None = None) -> bool:
        """Bring the box to ``configuration``; True when that left settings waiting for a reboot. The restore points
        it makes are marked as the campaign's ``stage`` (``ROUND`` ``round_``, ``FINISH``, ``RESTORE``)."""
        applies = await store_call(self.middleware, campaign_applies, c)
        current = applies[-1]['preset'] if applies else BASELINE
        if current != configuration or len(applies) > 1:
            # an explicit extra: the last benchmark's live rate must not linger under "applying"
            progress = lambda p, d, extra=None: self.say(  # noqa: E731
                self.overall(c, 0), f'{words} · {d}', {'phase': 'applying', 'configuration': configuration})
            since = await store_call(self.middleware, rps.latest_id)
            try:
                for rp in reversed(applies):
                    plan, _, _ = await revert_plan(self.middleware, rp['id'])
                    await shielded(revert_restore_point(self.middleware, progress, rp['id'],
                                                        acknowledged(plan, c['spec']['acknowledge'])))
                if configuration != BASELINE:
                    target = target_of(c['spec'])
                    plan, _ = await make_plan(self.middleware, configuration, target)
                    await shielded(apply_preset(self.middleware, progress, configuration, target,
                                                acknowledged(plan, c['spec']['acknowledge'])))
            finally:   # also one rolled back: the campaign made it, not the admin (the campaign holds the box)
                await store_call(self.middleware, rps.mark_campaign, since, self.id, stage, round_)
            await self.commit(log=f'configured {configuration}')
        return bool(await store_call(self.middleware, campaign_pending, c))

    async def benchmark(self, c: dict, step: dict) -> None:
        b = c['spec']['benchmark']
        title = configuration_titles(c['configurations']).get(step['configuration'], step['configuration'])
        label = f'Campaign {self.id} · round {step["round"]} · {title}'
        rounds = c['spec']['rounds']

        def progress(percent, description, extra=None):
            self.say(self.overall(c, percent / 100), progress_words(step, rounds, 'benchmarking', description,
                                                                    configuration_titles(c['configurations'])), extra)

        if session_ids(c['spec']):
            benchmark_id = await self.client_benchmark(c, step, label, progress)
        else:
            spec = {'dataset': c['spec']['dataset'], 'tests': b['tests'], 'profile': b['profile'], 'runs': b['runs'],
                    'adaptive': False, 'label': label}
            spec.update({k: b[k] for k in ('runtime_seconds', 'ramp_seconds') if b.get(k) is not None})
            benchmark_id = (await bench_run.run(self.middleware, progress, self.job.id, spec))['id']
        steps = c['steps']
        steps[c['cursor']] = {**steps[c['cursor']], 'benchmark_id': benchmark_id, 'status': 'DONE'}
        await self.commit(steps=steps, cursor=c['cursor'] + 1, phase='CONFIGURE',
                    log=f'round {step["round"]} · {step["configuration"]}: benchmark #{benchmark_id}')

    async def client_benchmark(self, c: dict, step: dict, label: str, progress) -> int:
        """The step measured by the campaign's client agent: queued once (its id committed before the wait, so a
        resumed campaign waits for the same step), then awaited; → the id of the result the agent posted."""
        client = ClientStep(self.middleware, c, lambda words: progress(0, words))
        if client.together and c['spec'].get('client_mode', 'AGENTS') == 'FIO_SERVERS':
            return await client.fio_servers(label)   # the box drives fio: nothing waits in a queue
        if client.together:
            return await self.clients_benchmark(c, step, label, client)
        if step.get('client_step_id') is None:
            queued = (await client.queue(label))[0]
            steps = c['steps']
            steps[c['cursor']] = step = {**step, 'client_step_id': queued['id']}
            await self.commit(steps=steps, log=f'round {step["round"]} · {step["configuration"]}: left for the '
                                                f'client agent (step {queued["id"]})')
        return await client.wait(step['client_step_id'])

    async def clients_benchmark(self, c: dict, step: dict, label: str, client) -> int:
        """The step measured by several agents at once: queued once (the ids committed before the wait), then held
        at the start barrier and awaited; → the id of their summed result (each client's kept in the step)."""
        if step.get('client_step_ids') is None:
            queued = await client.queue(label)
            steps = c['steps']
            steps[c['cursor']] = step = {**step, 'client_step_ids': [q['id'] for q in queued]}
            await self.commit(steps=steps, log=f'round {step["round"]} · {step["configuration"]}: left for '
                                                f'{len(queued)} client agents (steps '
                                                f'{", ".join(str(q["id"]) for q in queued)})')
        summed, each = await client.wait_together(step['client_step_ids'], label)
        steps = c['steps']
        steps[c['cursor']] = {**steps[c['cursor']], 'client_step_ids': step['client_step_ids'],
                              'client_benchmark_ids': each}
        c['steps'] = steps
        return summed

    async def reboot(self, c: dict, phase: str, why: str) -> dict:
        if not c['spec']['allow_reboot']:
            raise CallError(f'{why}, and the campaign may not reboot the box.', errno.EPERM)
        current = await boot_id(self.middleware)
        await self.commit(state='REBOOTING' if phase != 'RESTORE_REBOOT' else 'RESTORING', phase=phase, boot_id=current,
                    log=f'{why}: rebooting')
        self.say(self.overall(c, 0), f'{why}: rebooting; the campaign carries on when the box is back')
        try:
            await call_job(self.middleware, 'system.reboot', f'tuning campaign {self.id}: {why}', {'delay': None})
        except CallError as e:
            if e.errno != errno.EACCES:
                raise
            # Refused for want of a role (the standalone host's API key without FULL_ADMIN): the admin restarts the
            # box; the campaign stays REBOOTING and resumes on the next boot as after its own reboot.
            await self.commit(message=f'{WAITING_FOR_ADMIN}{why}: {e.errmsg}',
                              log=f'{why}: the box refused the reboot; waiting for the admin to restart it')
            self.say(self.overall(c, 0), f'{WAITING_FOR_ADMIN}{why}: {e.errmsg}')
        return public(await self.campaign())

    async def after_reboot(self, c: dict) -> dict | None:
        """Past a reboot the campaign asked for: check it happened and settled; None when there is nothing left."""
        if c['boot_id'] == await boot_id(self.middleware):
            raise CallError('The box did not reboot as the campaign asked.', errno.EIO)
        if (c.get('message') or '').startswith(WAITING_FOR_ADMIN):
            c = await self.commit(message=None)
        if not await self.wait_for_pool(c):
            return None
        pending = await store_call(self.middleware, campaign_pending, c)
        if pending:
            keys = ', '.join(p['setting'] for p in pending)
            raise CallError(f'After the reboot {keys} still wait for a reboot.', errno.EIO)
        following = REBOOT_PHASES[c['phase']]
        if following == 'DONE':
            await self.commit(state='DONE', phase='DONE', log='rebooted into the final configuration')
            return None
        if following == 'RESTORED':
            await self.finish_restore(c)
            return None
        return await self.commit(state='RUNNING', phase=following, log='rebooted')

    async def wait_for_pool(self, c: dict) -> bool:
        """After its reboot, wait (bounded by ``pool_wait_seconds``) for the campaign's pool to be imported and
        usable again. A pool that does not come back ends the campaign FAILED without touching anything: its restore
        points cannot be reverted while their datasets are away, and a partial revert would leave records that say
        otherwise, so the message says what stays applied and what to revert once the pool is back."""
        pool = target_of(c['spec'])['pool']
        loop = asyncio.get_running_loop()
        deadline = loop.time() + c['spec'].get('pool_wait_seconds', POOL_WAIT_SECONDS)
        while True:
            status = await pool_status(self.middleware, pool)
            if status in USABLE_POOL_STATES:
                return True
            seen = status or 'not imported'
            if loop.time() >= deadline:
                break
            self.say(self.overall(c, 0), f'waiting for pool {pool} to come back after the reboot ({seen})')
            await asyncio.sleep(POOL_POLL_SECONDS)  # polling the appliance for an external event, bounded above
        applies = await store_call(self.middleware, campaign_applies, c)
        # the names the campaign recorded win over a built-in's from the catalogue
        titles = configuration_titles([{'name': rp['preset']} for rp in applies] + c.get('configurations', []))
        held = ', '.join(f'{rp["id"]} ({titles[rp["preset"]]})' for rp in applies)
        revert = ' '.join(f"`midclt call -job tuning.restore_point.revert {rp['id']} '[]'`" for rp in reversed(applies))
        message = (f'Pool {pool} did not come back after the reboot ({seen}), so the campaign stopped. '
                   + (f'Still applied: restore point {held}. Once the pool is back, revert newest first: {revert}.'
                      if applies else 'Nothing of the campaign is applied.'))
        await self.commit(state='FAILED', phase='DONE', message=message, log=f'pool {pool} missing after the reboot')
        self.say(100, message)
        return False

    async def finish(self) -> dict:
        c = await self.commit(phase='FINISH')
        self.say(96, 'merging the rounds and comparing the configurations')
        merged = dict(c['results'])  # a finish interrupted by a crash keeps what it had merged
        for conf in [x for x in c['configurations'] if not x['skipped']]:
            if conf['name'] in merged:
                continue
            ids = [s['benchmark_id'] for s in c['steps'] if s['configuration'] == conf['name'] and s['benchmark_id']]
            round_results = [await store_call(self.middleware, bench_store.get_benchmark, i) for i in ids]
            record = await self.middleware.run_in_thread(
                merge_rounds, round_results, f'Campaign {self.id} · {configuration_titles([conf])[conf["name"]]}', self.id)
            merged[conf['name']] = (await store_call(self.middleware, bench_store.insert_benchmark, **record))['id']
            c = await self.commit(results=merged)
        comparison = await self.middleware.call('tuning.benchmark.compare', list(merged.values()), merged[BASELINE]) \
            if len(merged) > 1 else {'comparisons': []}
        recommendation = recommend(comparison, {v: k for k, v in merged.items()}, rounds=c['spec']['rounds'],
                                   titles=configuration_titles(c['configurations']))
        end = end_configuration(c['spec']['finish'], recommendation)
        c = await self.commit(results=merged, recommendation=recommendation, phase='END',
                        log=f'compared; leaving {end} applied')
        if c['spec']['rounds'] == 1 and len(merged) > 1:   # said before a final reboot too
            c = await self.commit(message='One round only: slow drift of the box is not spread over the '
                                          'configurations, so treat a win as provisional.')
        title = configuration_titles(c['configurations']).get(end, end)
        self.say(98, f'leaving {title} applied')
        if await self.configure(c, end, words=f'finishing · {title}', stage='FINISH'):
            if c['spec']['allow_reboot']:
                return await self.reboot(c, 'END_REBOOT', f'{title} needs a reboot')
            await self.commit(message=f'{title} is applied; some of its settings wait for a reboot. '
                                      f'{c["message"] or ""}'.strip())
        await self.commit(state='DONE', phase='DONE')
        self.say(100, 'campaign finished')
        return public(await self.campaign())

    async def restore(self) -> dict:
        c = await self.campaign()
        await cancel_client_steps(self.middleware, self.id, 'the campaign stopped')
        self.say(self.overall(c, 0), 'restoring the original configuration')
        if await self.configure(c, BASELINE, words='restoring', stage='RESTORE'):
            if c['spec']['allow_reboot']:
                return await self.reboot(c, 'RESTORE_REBOOT', 'the original configuration needs a reboot')
            await self.commit(message=f'{c["message"]} The original settings are back; some wait for a reboot.')
        return await self.finish_restore(await self.campaign())

    async def finish_restore(self, c: dict) -> dict:
        state = 'ABORTED' if c['abort_requested'] else 'FAILED'
        message = c['message'] or ''
        if 'original' not in message:
            message = f'{message} The original configuration is back.'.strip()
        return public(await self.commit(state=state, phase='DONE', message=message,
                                        log='original configuration restored'))


def end_configuration(finish: dict, recommendation: list[dict]) -> str:
    if finish['mode'] == 'PRESET':
        return finish['preset']
    if finish['mode'] == 'WINNER':
        return winner_of(recommendation, finish['test'], finish.get('metric') or primary_metric(finish['test']))
    return BASELINE


def public(row: dict) -> dict:
    """The API shape: the row plus where it is in words, and whether it is a single-round finding."""
    out = {k: row[k] for k in ('id', 'label', 'created_at', 'updated_at', 'spec', 'state', 'phase', 'cursor',
                               'steps', 'configurations', 'results', 'recommendation', 'message', 'job_id',
                               'abort_requested', 'log')}
    if out['recommendation']:   # the winner in words, none without a verdict
        out['recommendation'] = recommendation_in_words(out['recommendation'], row['configurations'])
    steps = row['steps']
    if row['state'] in ('DONE', 'FAILED', 'ABORTED'):
        out['progress'] = STATE_WORDS[row['state']] + (f': {row["message"]}' if row['message'] else '')
    elif row['phase'] in ('FINISH', 'END', 'END_REBOOT') or row['cursor'] >= len(steps):
        out['progress'] = 'finishing'
    elif row['state'] == 'RESTORING':
        out['progress'] = 'restoring the original configuration'
    else:
        phase = {'CONFIGURE': 'applying', 'BENCHMARK': 'benchmarking', 'REBOOT': 'rebooting'}.get(row['phase'],
                                                                                                  row['phase'])
        out['progress'] = progress_words(steps[row['cursor']], row['spec']['rounds'], phase,
                                         titles=configuration_titles(row['configurations']))
    return with_single_round(out)   # events, job results and queries alike
