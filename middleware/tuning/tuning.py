"""``tuning``: the box as tuning sees it (``profile``) and what tuning has done to it (``state``)."""
from . import alerts
from .box.appliance import backend_name
from .box.profile import read_profile
from .box.settings import read_snapshot, same_value
from .core.presets.registry import get_knob
from .context import boot_id, plugin_context
from .framework import READ_ROLES, Service, api_method, private
from .profile_models import TuningProfileArgs, TuningProfileResult, TuningStateArgs, TuningStateResult
from .store import restore_points as rps
from .store.offloop import store_read
from . import startup


def holds(change: dict, actual: dict) -> bool:
    """Whether the box still holds what ``change`` set (its live value; drift is about what the box does)."""
    if change.get('proposed_source') == 'INHERIT':
        return actual.get('source') in ('INHERITED', 'DEFAULT')
    return same_value(change['proposed'], actual['value'])


def expected_settings(applied: list[dict], released=lambda rp: set()) -> dict[str, dict]:
    """What the box should hold because of every restore point still in effect, later ones winning; a key in
    ``released(rp)`` is the box's own again (nothing to expect of it)."""
    expected = {}
    for rp in applied:
        free = released(rp)
        for change in rp['changes']:
            if change['key'] in free:
                expected.pop(change['key'], None)
            else:
                expected[change['key']] = change
    return expected


def active_preset(applied: list[dict]) -> dict | None:
    for rp in reversed(applied):
        if rp['kind'] == 'APPLY':
            return {'preset': rp['preset'], 'target': rp['target'], 'restore_point_id': rp['id'],
                    'applied_at': rp['updated_at']}
    return None


RISK_ORDER = {'DANGEROUS': 0, 'CAUTION': 1, 'SAFE': 2}


def in_effect(applied: list[dict]) -> list[dict]:
    """Every setting tuning set that the box should still hold, from every restore point still APPLIED (later ones
    winning), DANGEROUS first, then CAUTION, then SAFE, each with the APPLY restore point whose revert undoes it.

    A REVERT restore point puts back what the box held before the apply it reverted: a key it writes is tuning's
    only while an earlier apply still in effect set it (that apply, now holding the reverted-to value, is what
    undoes it); otherwise the key is the box's own again and is not listed."""
    held: dict[str, tuple[dict, dict]] = {}  # key -> (change in effect, APPLY restore point that made it)
    for rp in applied:
        for change in rp['changes']:
            key = change['key']
            if rp['kind'] == 'APPLY':
                held[key] = (change, rp)
            elif key in held:
                held[key] = (change, held[key][1])
    rows = []
    for change, rp in held.values():
        knob = get_knob(change['kind'], change['setting'])
        risk = change.get('risk') or 'SAFE'
        rows.append({
            'key': change['key'], 'kind': change['kind'], 'setting': change['setting'],
            'summary': knob.summary if knob else change['setting'], 'scope': change['scope'],
            'value': change['proposed'], 'inherited': change.get('proposed_source') == 'INHERIT',
            'apply_mode': change['apply_mode'], 'risk': risk, 'risk_reason': change.get('risk_reason'),
            'preset': rp['preset'], 'restore_point_id': rp['id'], 'applied_at': rp['updated_at'],
        })
    rows.sort(key=lambda row: RISK_ORDER.get(row['risk'], len(RISK_ORDER)))  # stable: apply order within a risk
    return rows


def state_rows(db, current_boot: str) -> dict:
    """What tuning.state needs from the store, read in one go (in a worker thread; remembered until the next write,
    so what is derived from the rows alone is derived here, once)."""
    applied = rps.applied(db)
    return {
        'applied': applied,
        'in_effect': in_effect(applied),
        'pending': rps.pending(db),
        # knobs each earlier-boot restore point handed back to the box's own default
        'released': {rp['id']: rps.defaulted_keys(db, rp) for rp in applied if rp['boot_id'] != current_boot},
        'recovered': rps.recent_events(db, 'recovery') + rps.recent_events(db, 'reboot'),
    }


class TuningService(Service):

    class Config:
        namespace = 'tuning'
        cli_namespace = 'system.tuning'

    @api_method(TuningProfileArgs, TuningProfileResult, roles=READ_ROLES)
    async def profile(self):
        """The box as tuning sees it: memory and ARC, CPU, pools and their layout, disks (used and unused), NICs,
        OpenZFS and platform versions, and which backend answers (`sandbox` touches no kernel)."""
        return await read_profile(self.middleware)

    @api_method(TuningStateArgs, TuningStateResult, roles=READ_ROLES)
    async def state(self):
        """The latest preset applied, every setting tuning changed that is still in effect (`in_effect`, DANGEROUS
        first, each with the restore point that undoes it), settings waiting for a reboot, and drift: settings
        changed behind tuning's back."""
        return await self.current_state()

    @private
    async def current_state(self, settle_alerts=False):
        """The state; its data-loss and drift alerts are brought up to date in the background, or before it returns
        with ``settle_alerts`` (after an apply or revert)."""
        ctx = plugin_context(self.middleware)
        current_boot = await boot_id(self.middleware)
        rows = await store_read(self.middleware, state_rows, current_boot)
        pending_keys = {p['key'] for p in rows['pending']}
        # A knob a revert gave back to the box's default follows the kernel's own default once the box has rebooted.
        expected = expected_settings(rows['applied'], lambda rp: rows['released'].get(rp['id'], set()))
        drift, destroyed = [], []
        if expected:
            actual = await read_snapshot(self.middleware, list(expected))
            for key, change in expected.items():
                if gone(change, actual[key]):
                    destroyed.append(key)
                    continue   # its dataset was destroyed: nothing of it can drift, and nothing to put back
                if key not in pending_keys and not holds(change, actual[key]):
                    drift.append({'key': key, 'setting': change['setting'], 'scope': change['scope'],
                                  'expected': change['proposed'], 'actual': actual[key]['value']})
        state = {
            'backend': backend_name(self.middleware),
            'boot_id': current_boot,
            'active': active_preset(rows['applied']),
            'in_effect': [dict(row, pending_reboot=row['key'] in pending_keys) for row in rows['in_effect']],
            'pending_reboot': [{'key': p['key'], 'setting': p['setting'], 'proposed': p['proposed'],
                                'since': p['since'], 'restore_point_id': p['restore_point_id']}
                               for p in rows['pending']],
            'drift': drift,
            'busy': ctx.guard.busy,
            'recovered': rows['recovered'],
        }
        await alerts.state_changed(self.middleware, state, destroyed, wait=settle_alerts)
        return state

    @private
    async def notify_state(self):
        self.middleware.send_event('tuning.state', 'CHANGED', id=1, fields=await self.current_state())

    @private
    async def start(self):
        """Run the start-up work now (it normally starts on system.ready): retries a failed start-up once its cause
        is fixed. Returns how start-up ended: READY, or FAILED with the reason."""
        ctx = plugin_context(self.middleware)
        task = startup.begin(self.middleware)
        if task is not None:
            await task
        return {'status': ctx.startup.status, 'reason': ctx.startup.reason}


async def setup(middleware):
    # Registers only (start-up contract): the work starts on system.ready. Nothing raised here may reach middlewared,
    # whose start-up would end with it.
    try:
        middleware.event_register('tuning.state',
                                  'Tuning state changed: latest preset, settings in effect, pending reboot items, drift.',
                                  roles=READ_ROLES)
        startup.register(middleware)
        if await middleware.call('system.ready'):  # middlewared restarted on a box that is up: no event will come
            startup.begin(middleware)
    except Exception:
        middleware.logger.error('tuning: setup failed; tuning.* stays unavailable', exc_info=True)


def gone(change: dict, row: dict) -> bool:
    """A dataset property whose dataset no longer exists (the admin destroyed it after tuning set it)."""
    return change.get('kind', row.get('kind')) == 'DATASET_PROPERTY' and row.get('exists') is False

