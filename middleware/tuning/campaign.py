"""``tuning.campaign``: compare presets against the box as it is, in rounds of apply → (reboot) → benchmark, across
reboots and crashes, ending with a recommendation, a report and the configuration the admin chose."""
import errno

from .flows.bench_run import method_or_errors
from .box.bench_target import read_target
from .flows.campaign_client import validated_session
from .flows.campaign_flow import BASELINE, Driver, acknowledged, public, target_of
from .campaign_models import (
    TuningCampaignAbortArgs, TuningCampaignAbortResult, TuningCampaignQueryArgs, TuningCampaignQueryResult,
    TuningCampaignRunArgs, TuningCampaignRunResult,
)
from .context import busy_while
from .core.bench import METRICS
from .core.campaign import STATE_WORDS, configuration_titles, plan_steps
from .core.words import and_join
from .core.presets.setting_words import name_of
from .framework import (
    CallError, READ_ROLES, Service, ValidationErrors, WRITE_ROLES, api_method, filter_list, job, private,
)
from .flows.preview import make_plan, resolve_preset
from .preset import check_acknowledged, dangerous_names
from .store import campaigns as store, restore_points as rps
from .store.offloop import FEW_ROWS, store_call, store_query


async def validated_configurations(middleware, spec: dict) -> list[dict]:
    """Check the whole spec before anything changes; returns the configurations with the ones that need a reboot
    marked skipped when reboots are not allowed."""
    verrors = ValidationErrors()
    presets = spec['presets']
    if len(set(presets)) != len(presets):
        verrors.add('spec.presets', 'Lists a preset more than once.')
    verrors.check()
    target = await read_target(middleware, spec['dataset'], 'spec.dataset')
    bench = spec['benchmark']
    # measured on the box: its scratch space is checked now; on a client, the kit checks the client's share
    if await validated_session(middleware, spec) is None:
        method_or_errors({'dataset': spec['dataset'], 'tests': bench['tests'], 'profile': bench['profile'],
                          'runs': bench['runs'], 'adaptive': False, 'runtime_seconds': bench['runtime_seconds'],
                          'ramp_seconds': bench['ramp_seconds']}, target['env'], 'spec.benchmark')
    configurations = [{'name': BASELINE, 'preset': None, 'skipped': None}]
    all_dangerous = set()
    for i, preset_id in enumerate(presets):
        preset = await store_call(middleware, resolve_preset, preset_id, f'spec.presets.{i}')
        plan, _ = await make_plan(middleware, preset_id, target_of(spec))
        all_dangerous |= dangerous_names(plan)
        check_acknowledged(plan, acknowledged(plan, spec['acknowledge']), 'spec.acknowledge')
        skipped = None
        if plan['needs_reboot'] and not spec['allow_reboot']:
            waiting = ', '.join(name_of(c['kind'], c['setting']) for c in plan['changes'] if c['apply_mode'] == 'REBOOT')
            skipped = f'{preset["name"]} needs a reboot ({waiting}) and the campaign may not reboot the box.'
        elif not plan['changes']:
            skipped = f'{preset["name"]} changes nothing on this box: it is the baseline.'
        # title: the preset's name as it was, for progress words (a custom preset may be renamed or deleted later)
        configurations.append({'name': preset_id, 'preset': preset_id, 'title': preset['name'], 'skipped': skipped})
    for i, item in enumerate(spec['acknowledge']):
        if item not in all_dangerous:
            verrors.add(f'spec.acknowledge.{i}', f'{item!r} is not a dangerous change of any of these presets.')
    finish = spec['finish']
    if finish['mode'] == 'PRESET' and finish['preset'] not in presets:
        verrors.add('spec.finish.preset', 'Name one of the campaign\'s presets to leave applied.')
    if finish['mode'] == 'PRESET' and finish['preset'] in presets and \
            configurations[presets.index(finish['preset']) + 1]['skipped']:
        skipped = configurations[presets.index(finish['preset']) + 1]
        verrors.add('spec.finish.preset', f'{skipped["title"]} ({finish["preset"]}) is skipped in this campaign.')
    if finish['mode'] == 'WINNER':
        if finish['test'] not in bench['tests']:
            verrors.add('spec.finish.test', 'Name one of the benchmark\'s tests to pick the winner by.')
        if finish['metric'] is not None and finish['metric'] not in METRICS:
            verrors.add('spec.finish.metric', f'Unknown metric; known: {", ".join(METRICS)}.')
    if all(c['skipped'] for c in configurations[1:]):
        verrors.add('spec.presets', 'Every preset is skipped: ' + ' '.join(c['skipped'] for c in configurations[1:]))
    verrors.check()
    return configurations


def default_label(configurations: list[dict], dataset: str) -> str:
    """"Max sequential write and Max IOPS on tank/media": the presets by their names."""
    titles = configuration_titles(configurations)
    return f'{and_join([titles[c["name"]] for c in configurations if c["name"] != BASELINE])} on {dataset}'


def new_campaign(db, spec: dict, configurations: list[dict], steps: list[dict]) -> dict:
    """The new campaign's row, its origin the latest restore point, with a log line per skipped configuration."""
    origin = max([rp['id'] for rp in rps.list_restore_points(db)], default=0)
    row = store.insert_campaign(
        db, label=spec['label'] or default_label(configurations, spec['dataset']), spec=spec, steps=steps,
        configurations=configurations, origin_restore_point=origin)
    for c in configurations:
        if c['skipped']:
            row = store.update_campaign(db, row['id'], log=f'skipped {c["name"]}: {c["skipped"]}')
    return row


class TuningCampaignService(Service):

    class Config:
        namespace = 'tuning.campaign'
        cli_namespace = 'system.tuning.campaign'

    @api_method(TuningCampaignRunArgs, TuningCampaignRunResult, roles=WRITE_ROLES, audit='Tuning campaign run')
    @job(read_roles=READ_ROLES, description=lambda spec: f'Tuning campaign on {spec.get("dataset")}', abortable=True)
    async def run(self, job, spec):
        """Compare presets against the box as it is: in rounds (interleaved by default), apply each configuration,
        reboot when it needs one (only with `allow_reboot`), benchmark, record. State is committed before each step;
        after a reboot or a crash the campaign resumes by itself at start-up (follow it with `tuning.campaign.query`
        and its `job_id`). Ends with a recommendation per metric and the configuration `finish` names; an abort or a
        failure restores the original configuration."""
        async with busy_while(self.middleware, 'tuning.campaign.run', job.id):
            if await store_call(self.middleware, store.active_campaigns):
                raise CallError('Another campaign is in progress; abort it or let it finish.', errno.EBUSY)
            job.set_progress(0, 'Checking the presets, the target and the space needed')
            configurations = await validated_configurations(self.middleware, spec)
            names = [c['name'] for c in configurations if not c['skipped']]
            row = await store_call(self.middleware, new_campaign, spec, configurations,
                                   plan_steps(names, spec['rounds'], spec['order']))
            self.middleware.send_event('tuning.campaign.query', 'ADDED', id=row['id'], fields=public(row))
            return await Driver(self.middleware, job, row['id']).drive()

    @private
    @job(read_roles=READ_ROLES, description=lambda id_: f'Resume tuning campaign {id_}', abortable=True)
    async def resume(self, job, id_):
        """Carry on a campaign from its committed state (started at start-up)."""
        async with busy_while(self.middleware, 'tuning.campaign.run', job.id):
            return await Driver(self.middleware, job, id_).drive()

    @private
    async def resume_pending(self):
        """At start-up, after the transaction recovery: every campaign still in progress carries on."""
        for row in await store_call(self.middleware, store.active_campaigns):
            self.middleware.logger.info('tuning: resuming campaign %d (%s)', row['id'], row['phase'])
            await self.middleware.call('tuning.campaign.resume', row['id'])

    @api_method(TuningCampaignQueryArgs, TuningCampaignQueryResult, roles=READ_ROLES)
    async def query(self, filters, options):
        """Campaigns with their state, steps, results and recommendation, and where they are in words."""
        # a coroutine: a plain method would cost a trip to a worker thread even for a few rows
        return await store_query(self.middleware, query_campaigns, filters, options,
                                 lambda db: store.count_campaigns(db) <= FEW_ROWS)

    @api_method(TuningCampaignAbortArgs, TuningCampaignAbortResult, roles=WRITE_ROLES, audit='Tuning campaign abort')
    async def abort(self, id_):
        """Stop a campaign: it restores the original configuration (rebooting if that needs it and reboots are
        allowed) and ends ABORTED."""
        row = await store_call(self.middleware, store.get_campaign, id_)
        verrors = ValidationErrors()
        if row is None:
            verrors.add('id', f'No campaign {id_}.', errno.ENOENT)
        elif row['state'] not in store.ACTIVE_STATES:
            verrors.add('id', f'Campaign {id_} is {STATE_WORDS.get(row["state"], row["state"])}, not in progress.')
        verrors.check()
        await store_call(self.middleware, store.update_campaign, id_, abort_requested=True, log='abort requested')
        # While REBOOTING no job runs (job ids restart with the host): the resumed job sees the request.
        if row['job_id'] is not None and row['state'] != 'REBOOTING':
            jobs = await self.middleware.call('core.get_jobs', [['id', '=', row['job_id']]])
            if jobs and jobs[0]['state'] in ('WAITING', 'RUNNING') and \
                    jobs[0]['method'] in ('tuning.campaign.run', 'tuning.campaign.resume'):
                await self.middleware.call('core.job_abort', row['job_id'])
        return True


def query_campaigns(db, filters: list, options: dict):
    """``tuning.campaign.query``'s answer."""
    return filter_list([public(r) for r in store.list_campaigns(db)], filters, options)


async def setup(middleware):
    middleware.event_register('tuning.campaign.query', 'Sent on campaign changes.', roles=READ_ROLES)
