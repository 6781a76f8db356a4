"""``tuning.drift``: what to do about a setting changed behind tuning's back (a ``drift`` row of ``tuning.state``).

``put_back`` sets the tuned value again through the same transaction engine as an apply: a restore point of kind
PUT_BACK is committed before the write (reverting it returns the box's value). ``accept`` keeps the box's value:
it writes nothing to the box, so there is nothing a restore point could put back; it is a record (with an event-log
line) that releases the setting from the restore point that set it, and ``put_back`` undoes it.
"""
import errno

from . import alerts
from .box.profile import read_profile
from .box.settings import read_settings
from .context import boot_id, busy_while
from .drift_models import (
    TuningDriftAcceptArgs, TuningDriftAcceptResult, TuningDriftPreviewArgs, TuningDriftPreviewResult,
    TuningDriftPutBackArgs, TuningDriftPutBackResult,
)
from .framework import READ_ROLES, Service, WRITE_ROLES, api_method, field_error, job
from .flows.preview import public_change
from .preset import check_acknowledged
from .restore_point import classify, revert_box
from .store import drift as drift_store
from .store.offloop import store_call, store_read
from .transaction.engine import Step, Transaction, desired_from_change
from .tuning import accepted_rows, expectations, gone, holds, state_rows


def where(change: dict) -> str:
    return '' if change['scope'] == 'global' else f' on {change["scope"]}'


def shown(change: dict) -> str:
    return 'inherited' if change.get('proposed_source') == 'INHERIT' else str(change['proposed'])


def refusal(action: str, change: dict, actual: dict, accepted: dict | None, pending: bool) -> str | None:
    """Why ``action`` (PUT_BACK or ACCEPT) cannot be done for this setting now, in words; None when it can (pure)."""
    name = f'{change["setting"]}{where(change)}'
    if gone(change, actual):
        return f'{name}: its dataset no longer exists.'
    if pending:
        return f'{name} waits for a reboot to take the value tuning set; it has not drifted.'
    if action == 'ACCEPT' and accepted is not None:
        return f'{name}: the box\'s value {accepted["value"]} was already kept; put_back sets {shown(change)} again.'
    if accepted is None and holds(change, actual):
        return f'{name} holds the value tuning set ({shown(change)}): nothing drifted.'
    return None


def put_back_plan(change: dict, rp: dict, actual: dict, box=None) -> dict:
    """The one-change plan that sets ``change`` (what restore point ``rp`` set) again over ``actual`` (pure)."""
    classified = classify(change['kind'], change['setting'], actual['value'], change['proposed'],
                          actual.get('writable'), box)
    row = public_change({
        'key': change['key'], 'setting': change['setting'], 'kind': change['kind'], 'scope': change['scope'],
        'current': actual['value'], 'proposed': change['proposed'], 'proposed_source': change.get('proposed_source'),
        'apply_mode': classified['apply_mode'], 'risk': classified['risk'],
        'risk_reason': classified.get('risk_reason'),
        'rationale': f'Puts back the value restore point {rp["id"]} set; it was changed outside tuning.',
        'source': f'restore point {rp["id"]}',
    })
    return {
        'preset': rp['preset'] or 'put back', 'target': rp['target'] or {'pool': '-', 'dataset': None,
                                                                       'cache_disks': [], 'log_disks': []},
        'changes': [row], 'unchanged': [], 'prerequisites': [], 'warnings': [],
        'needs_reboot': row['apply_mode'] == 'REBOOT',
        'dangerous': [row['key']] if row['risk'] == 'DANGEROUS' else [], 'computed_for': {},
    }


async def drift_subject(middleware, key: str, action: str) -> tuple[dict, dict, dict, dict | None]:
    """``(change tuning set, its restore point, the box's value, the acceptance record)`` of ``key``; a ValidationErrors
    on ``key`` when ``action`` cannot be done."""
    rows = await store_read(middleware, state_rows, await boot_id(middleware))
    winners = expectations(rows['applied'], lambda rp: rows['released'].get(rp['id'], set()))
    if key not in winners:
        raise field_error('key', f'{key!r} is not a setting tuning set that is still in effect (see tuning.state).',
                          errno.ENOENT)
    change, rp = winners[key]
    accepted = next((a for a in accepted_rows(rows['accepted'], winners) if a['key'] == key), None)
    actual = (await read_settings(middleware, [key]))[key]
    reason = refusal(action, change, actual, accepted, key in {p['key'] for p in rows['pending']})
    if reason:
        raise field_error('key', reason)
    return change, rp, actual, accepted


async def plan_put_back(middleware, key: str) -> tuple[dict, dict, dict]:
    change, rp, actual, _ = await drift_subject(middleware, key, 'PUT_BACK')
    return put_back_plan(change, rp, actual, revert_box(await read_profile(middleware), rp['target'])), rp, actual


class TuningDriftService(Service):

    class Config:
        namespace = 'tuning.drift'
        cli_namespace = 'system.tuning.drift'

    @api_method(TuningDriftPreviewArgs, TuningDriftPreviewResult, roles=READ_ROLES)
    async def preview(self, key):
        """What putting back the tuned value of a drifted (or accepted) setting would change: one plan row with its
        risk. Changes nothing."""
        plan, _, _ = await plan_put_back(self.middleware, key)
        return plan

    @api_method(TuningDriftPutBackArgs, TuningDriftPutBackResult, roles=WRITE_ROLES, audit='Tuning drift put back')
    @job(read_roles=READ_ROLES, description=lambda key, *args: f'Put back the tuned value of {key}')
    async def put_back(self, job, key, acknowledge):
        """Set the value tuning set again on a setting changed outside tuning (a `drift` row) or whose box value was
        kept (`accepted`): one transaction with its own restore point (kind PUT_BACK; reverting it gives the box its
        value back), read back and rolled back on failure. A DANGEROUS value needs `acknowledge`."""
        async with busy_while(self.middleware, 'tuning.drift.put_back', job.id):
            job.set_progress(0, 'Comparing the setting with the value tuning set')
            plan, rp, actual = await plan_put_back(self.middleware, key)
            check_acknowledged(plan, acknowledge, 'acknowledge')
            (change,) = plan['changes']
            tx = Transaction(self.middleware, await boot_id(self.middleware), job.set_progress)
            result = await tx.run(kind='PUT_BACK', preset=rp['preset'], target=rp['target'],
                                  steps=[Step(change, desired_from_change(change))], entries={key: actual})
            await store_call(self.middleware, drift_store.forget, key,
                             f'{change["setting"]}{where(change)}: tuning\'s {shown(change)} put back (restore point '
                             f'{result["restore_point_id"]}); the box\'s value is no longer kept.')
            await alerts.after_change(self.middleware)   # its drift alert is cleared before the job ends
            return result

    @api_method(TuningDriftAcceptArgs, TuningDriftAcceptResult, roles=WRITE_ROLES, audit='Tuning drift accept')
    @job(read_roles=READ_ROLES, description=lambda key, *args: f'Keep the box\'s value of {key}')
    async def accept(self, job, key):
        """Keep the box's value of a drifted setting: tuning stops expecting its own value there (no more drift
        row or alert; the setting leaves `in_effect` and is listed in `accepted`). Nothing on the box changes, so
        no restore point is made: the acceptance is recorded (and logged) before it takes effect, and
        `tuning.drift.put_back` undoes it. A later apply of the same setting expects its own value again."""
        async with busy_while(self.middleware, 'tuning.drift.accept', job.id):
            change, rp, actual, _ = await drift_subject(self.middleware, key, 'ACCEPT')
            job.set_progress(50, f'Keeping {change["setting"]}{where(change)} as the box has it ({actual["value"]})')
            await store_call(self.middleware, drift_store.accept, key=key, restore_point_id=rp['id'],
                             expected=change['proposed'], value=actual['value'],
                             message=f'{change["setting"]}{where(change)}: the box\'s {actual["value"]} kept instead '
                                     f'of tuning\'s {shown(change)} (restore point {rp["id"]}).')
            await alerts.after_change(self.middleware)   # its drift alert is cleared before the job ends
            state = await self.middleware.call('tuning.current_state')
            job.set_progress(100, f'{change["setting"]}{where(change)} kept at {actual["value"]}')
            return next(a for a in state['accepted'] if a['key'] == key)
