"""``tuning.restore_point``: every apply and revert leaves one; reverting one puts its settings back."""
import errno

from . import alerts
from .box.profile import read_profile
from .box.settings import matches, read_settings, same_value
from .context import boot_id, busy_while
from .core import presets
from .core.presets.box_facts import box_from
from .core.presets.rules.effect_words import assess, with_effect
from .core.presets.setting_words import name_of, value_words
from .framework import (
    READ_ROLES, Service, ValidationErrors, WRITE_ROLES, api_method, field_error, filter_list, job,
)
from .flows.preview import public_change
from .preset import check_acknowledged
from .restore_point_models import (
    TuningRestorePointPreviewArgs, TuningRestorePointPreviewResult, TuningRestorePointQueryArgs,
    TuningRestorePointQueryResult, TuningRestorePointRevertArgs, TuningRestorePointRevertResult,
)
from .core.put_backs import outlived_put_backs
from .core.restore_point_words import title
from .core.words import and_join
from .store import presets as preset_store, restore_points as rps
from .store.columns import query_columns
from .store.offloop import FEW_ROWS, store_call, store_query
from .transaction.engine import Step, Transaction

PUBLIC_FIELDS = ('id', 'created_at', 'kind', 'preset', 'target', 'state', 'entries', 'changes', 'reverts',
                 'reverted_by', 'message', 'campaign_id', 'campaign_round', 'campaign_stage')
# A restore point's state in words, for messages
STATE_WORDS = {'IN_PROGRESS': 'in progress', 'APPLIED': 'applied', 'ROLLED_BACK': 'rolled back',
               'REVERTED': 'reverted', 'FAILED': 'failed'}


def public_restore_point(rp: dict, by_id: dict[int, dict] | None = None, names: dict | None = None,
                         outlived: dict[int, int] | None = None) -> dict:
    """A stored restore point as callers see it: what it is in words (``title``; ``by_id``: restore points by id,
    for what a revert undid; ``names``: custom presets' names by id), its rows with their unit (rows stored before
    units came too), and the revert that outlived it when it is such a put back (``outlived``: ``outlived_put_backs``
    of every restore point)."""
    return {f: rp[f] for f in PUBLIC_FIELDS if f in rp} | {
        'title': title(rp, by_id, names),
        'outlived_by': (outlived or {}).get(rp['id']),
        'changes': [change | presets.unit_fields(change['kind'], change['setting']) for change in rp['changes']]}


def preset_names(db) -> dict[str, str]:
    """Custom presets' names by id."""
    return {p['id']: p['name'] for p in preset_store.list_presets(db)}


def query_restore_points(db, filters: list, options: dict):
    """``tuning.restore_point.query``'s answer (read in a worker thread: restore points are many and large). The
    ``entries`` (what the box held before: most of a row) are read only when the query shows, filters or sorts
    by them; its other fields, ``title`` too, come from the rest of the row."""
    wanted = query_columns(filters, options, PUBLIC_FIELDS + ('title', 'outlived_by'), always=())
    stored = rps.list_restore_points(db, rps.COLUMNS if 'entries' in wanted else rps.IN_EFFECT)
    by_id, names, outlived = {rp['id']: rp for rp in stored}, preset_names(db), outlived_put_backs(stored)
    return filter_list([public_restore_point(rp, by_id, names, outlived) for rp in stored], filters, options)


def classify(kind: str, setting: str, current: str | None, value: str | None, writable: bool | None,
             box=None) -> dict:
    """Apply mode, risk and effect of putting ``value`` back over ``current``: judged for the direction of that
    change and, with a ``box``, for its pool's disks (lowering the write buffer back is SAFE, not "more data waits
    in RAM")."""
    knob = presets.get_knob(kind, setting)
    if knob is None:
        return {'apply_mode': 'LIVE', 'risk': 'CAUTION', 'risk_reason': f'{setting} is not in the knob registry.',
                'assessment': None}
    if value is None:
        return {'apply_mode': knob.apply_mode(writable), 'risk': 'SAFE', 'risk_reason': None, 'assessment': None}
    found = assess(knob, current, value, box)
    return {'apply_mode': knob.apply_mode(writable), 'risk': found.risk, 'risk_reason': found.reason,
            'assessment': found}


def revert_change(entry: dict, current: dict, original: dict | None, box=None) -> dict:
    """The plan row that puts ``entry`` (the value before) back over ``current``."""
    inherit = entry['kind'] == 'DATASET_PROPERTY' and entry.get('source') in ('INHERITED', 'DEFAULT')
    classified = classify(entry['kind'], entry['setting'], current['value'], entry['value'],
                          current.get('writable'), box)
    unchanged = same_value(current['value'], entry['value'])
    # A boot-time setting whose running value is the one put back: its change never reached the running kernel,
    # it waits for a reboot; the revert cancels that (nothing waits any more, so no reboot notice, no needs_reboot).
    cancels = classified['apply_mode'] == 'REBOOT' and unchanged
    if cancels:
        classified['apply_mode'] = 'LIVE'
    if unchanged:
        # the value in effect does not change: nothing to warn about (the running value's risk is not this row's)
        classified.update(risk='SAFE', risk_reason=None)
    before = f'before restore point {original["id"] if original else "?"}'
    rationale = f'Puts back the value this setting had {before}.'
    value = value_words(entry['kind'], entry['setting'], entry['value'])
    if classified['assessment'] and current['value'] != entry['value']:
        rationale = with_effect(rationale, classified['assessment'])
    elif cancels:
        rationale = (f'Cancels the change waiting for a reboot: the next boot keeps {value}, as {before}; nothing '
                     f'changes now.')
    elif unchanged and (inherit or entry['kind'] in ('ZFS_PARAMETER', 'SYSCTL')):
        rationale = f'The value is already {value}; ' + (
            f'{entry["scope"]} inherits it again instead of holding it as its own, as {before}.' if inherit else
            f'how it is kept across reboots (its tunable) goes back to how it was {before}.')
    return public_change({
        'key': entry['key'], 'setting': entry['setting'], 'kind': entry['kind'], 'scope': entry['scope'],
        'current': current['value'], 'proposed': entry['value'], 'proposed_source': 'INHERIT' if inherit else None,
        'apply_mode': classified['apply_mode'], 'risk': classified['risk'],
        'risk_reason': classified.get('risk_reason'),
        'rationale': rationale,
        'source': f'restore point {original["id"] if original else "?"}',
    })


def revert_box(profile: dict, target: dict | None):
    """The box the restore point's target is on, for words that depend on its disks; None when that pool is gone."""
    if not target or not target.get('pool'):
        return None
    box, errors = box_from(profile, {'pool': target['pool']})
    return None if errors else box


def plan_revert(rp: dict, later: list[dict], actual: dict[str, dict], box=None, by_id: dict | None = None,
                names: dict | None = None) -> dict:
    """Pure: the plan of reverting ``rp`` given what the box holds now (``box``: its pool, when still there); a
    later restore point that changed the same settings is named in words (``by_id``, ``names``: as for
    ``public_restore_point``)."""
    changes, unchanged, warnings = [], [], []
    for entry in rp['entries']:
        current = actual[entry['key']]
        row = revert_change(entry, current, rp, box)
        live = row['apply_mode'] != 'REBOOT'
        (unchanged if matches(entry, current, live=live) else changes).append(row)
    touched = {e['key'] for e in rp['entries']}
    for other in later:
        overlap = sorted({(c['kind'], c['setting']) for c in other['changes'] if c['key'] in touched})
        if overlap:
            what = title(other, by_id, names)
            settings = and_join([name_of(kind, setting) for kind, setting in overlap])
            warnings.append(f'Restore point {other["id"]} ({what}) came later and also changed {settings}; '
                            f'reverting {rp["id"]} sets them back to the values from before {rp["id"]}.')
    return {
        'preset': rp['preset'] or 'revert', 'target': rp['target'] or {'pool': '-', 'dataset': None,
                                                                       'cache_disks': [], 'log_disks': []},
        'changes': changes, 'unchanged': unchanged, 'prerequisites': [], 'warnings': warnings,
        'needs_reboot': any(c['apply_mode'] == 'REBOOT' for c in changes),
        'dangerous': [c['key'] for c in changes if c['risk'] == 'DANGEROUS'], 'computed_for': {},
    }


def revert_changes(rp: dict, actual: dict[str, dict]) -> int:
    """How many settings reverting ``rp`` (read with its entries) would change now, as its preview lists them: a
    setting the box already holds as it was before (a value changed outside tuning and kept) is not put back."""
    return len(plan_revert(rp, [], actual)['changes'])


class TuningRestorePointService(Service):

    class Config:
        namespace = 'tuning.restore_point'
        cli_namespace = 'system.tuning.restore_point'

    @api_method(TuningRestorePointQueryArgs, TuningRestorePointQueryResult, roles=READ_ROLES)
    async def query(self, filters, options):
        """Restore points, oldest first: each holds every setting an apply or revert touched, as it was before."""
        # a coroutine: a plain method would cost a second trip to a worker thread (its arguments checked there)
        return await store_query(self.middleware, query_restore_points, filters, options,
                                 lambda db: rps.count_restore_points(db) <= FEW_ROWS)

    @api_method(TuningRestorePointPreviewArgs, TuningRestorePointPreviewResult, roles=READ_ROLES)
    async def preview(self, id_):
        """What reverting this restore point would change now. Changes nothing."""
        plan, _, _ = await self._plan(id_)
        return plan

    async def _plan(self, id_):
        return await revert_plan(self.middleware, id_)

    @api_method(TuningRestorePointRevertArgs, TuningRestorePointRevertResult, roles=WRITE_ROLES,
                audit='Tuning restore point revert')
    @job(read_roles=READ_ROLES, description=lambda id_, *args: f'Revert tuning restore point {id_}')
    async def revert(self, job, id_, acknowledge):
        """Put back every setting of a restore point (always the whole restore point: one setting changed outside
        tuning is put back with `tuning.drift.put_back`), as one transaction that itself leaves a restore point (so
        a revert can be reverted)."""
        async with busy_while(self.middleware, 'tuning.restore_point.revert', job.id):
            return await revert_restore_point(self.middleware, job.set_progress, id_, acknowledge)


def outlived_words(put_back: dict, revert: dict) -> str:
    """Why a put back a later revert outlived cannot be reverted, in words (pure)."""
    settings = and_join([name_of(c['kind'], c['setting']) for c in put_back['changes']])
    return (f'Restore point {put_back["id"]} put back {settings} as tuning had set it; restore point {revert["id"]} '
            f'then reverted restore point {revert["reverts"]}, which gave the box its value from before tuning. '
            f'Reverting {put_back["id"]} would bring back the value set outside tuning, so there is nothing of '
            f'{put_back["id"]} to revert.')


async def revert_plan(middleware, id_: int) -> tuple[dict, dict, dict]:
    rp = await store_call(middleware, rps.get_restore_point, id_)
    verrors = ValidationErrors()
    if rp is None:
        verrors.add('id', f'No restore point {id_}.', errno.ENOENT)
    elif rp['state'] != 'APPLIED':
        hint = (f' It was reverted by restore point {rp["reverted_by"]}; revert that one to re-apply it.'
                if rp['reverted_by'] else '')
        state = STATE_WORDS.get(rp['state'], rp['state'])
        verrors.add('id', f'Restore point {id_} is {state}; only applied ones can be reverted.{hint}')
    verrors.check()
    stored = await store_call(middleware, rps.list_restore_points)
    by_id = {o['id']: o for o in stored}
    outlived = outlived_put_backs(stored).get(rp['id'])
    if outlived is not None:
        raise field_error('id', outlived_words(rp, by_id[outlived]))
    actual = await read_settings(middleware, [e['key'] for e in rp['entries']])
    later = [o for o in stored if o['id'] > rp['id'] and o['state'] == 'APPLIED']
    box = revert_box(await read_profile(middleware), rp['target'])
    names = await store_call(middleware, preset_names)
    return plan_revert(rp, later, actual, box, by_id, names), rp, actual


async def revert_restore_point(middleware, progress, id_: int, acknowledge: list[str]) -> dict:
    """The revert transaction (the caller holds the box guard): shared by the API and campaigns."""
    progress(0, f'Computing what reverting restore point {id_} changes')
    plan, rp, actual = await revert_plan(middleware, id_)
    check_acknowledged(plan, acknowledge, 'acknowledge')
    entries = {e['key']: e for e in rp['entries']}
    steps = [Step(c, entries[c['key']]) for c in plan['changes']]
    tx = Transaction(middleware, await boot_id(middleware), progress)
    result = await tx.run(kind='REVERT', preset=rp['preset'], target=rp['target'], steps=steps,
                          entries=actual, reverts=rp['id'])
    await alerts.after_change(middleware)   # committed: the data-loss alerts of what it undid are cleared now
    return result
