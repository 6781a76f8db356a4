"""``tuning``: the box as tuning sees it (``profile``) and what tuning has done to it (``state``)."""
from . import alerts
from .box.appliance import backend_name
from .box.children import add_state_children
from .box.profile import read_profile
from .box.settings import same_value
from .core.presets.registry import get_knob
from .core.presets.setting_words import name_of, summary_of, unit_fields
from .core.put_backs import outlived_put_backs
from .context import boot_id, plugin_context
from .framework import READ_ROLES, Service, api_method, private
from .flows.joined_reads import joined_read, live_snapshot
from .restore_point import revert_changes
from .profile_models import TuningProfileArgs, TuningProfileResult, TuningStateArgs, TuningStateResult
from .store import drift as drift_store, restore_points as rps
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
    return {key: change for key, (change, _) in expectations(applied, released).items()}


def expectations(applied: list[dict], released=lambda rp: set()) -> dict[str, tuple[dict, dict]]:
    """``expected_settings`` with, for each key, the restore point whose change the box should hold."""
    expected = {}
    for rp in applied:
        free = released(rp)
        for change in rp['changes']:
            if change['key'] in free:
                expected.pop(change['key'], None)
            else:
                expected[change['key']] = (change, rp)
    return expected


def active_preset(applied: list[dict]) -> dict | None:
    for rp in reversed(applied):
        if rp['kind'] == 'APPLY':
            return {'preset': rp['preset'], 'target': rp['target'], 'restore_point_id': rp['id'],
                    'applied_at': rp['updated_at']}
    return None


RISK_ORDER = {'DANGEROUS': 0, 'CAUTION': 1, 'SAFE': 2}


# Restore point kinds that set values of their own (a row in effect is undone by reverting one of them); a REVERT
# puts back what the box held before, and is undone through the apply whose values it restored.
SETTING_KINDS = ('APPLY', 'PUT_BACK')


def in_effect(applied: list[dict], accepted: frozenset = frozenset()) -> list[dict]:
    """Every setting tuning set that the box should still hold, from every restore point still APPLIED (later ones
    winning), DANGEROUS first, then CAUTION, then SAFE, each with the restore point whose revert undoes it (an
    APPLY, or the PUT_BACK that set one drifted setting again).

    A REVERT restore point puts back what the box held before the apply it reverted: a key it writes is tuning's
    only while an earlier apply still in effect set it (that apply, now holding the reverted-to value, is what
    undoes it); otherwise the key is the box's own again and is not listed. ``accepted``: ``(restore point id,
    key)`` pairs whose drift the admin accepted: the box's value is its own again, and the key is not listed.
    ``applied`` holds no put back a revert outlived (see ``outlived_put_backs``)."""
    held: dict[str, tuple[dict, dict, int]] = {}  # key -> (change in effect, restore point undoing it, its source)
    for rp in applied:
        for change in rp['changes']:
            key = change['key']
            if rp['kind'] in SETTING_KINDS:
                held[key] = (change, rp, rp['id'])
            elif key in held:
                held[key] = (change, held[key][1], rp['id'])
    rows = []
    for change, rp, source in held.values():
        if (source, change['key']) in accepted:
            continue
        knob = get_knob(change['kind'], change['setting'])
        risk = change.get('risk') or 'SAFE'
        rows.append({
            'key': change['key'], 'kind': change['kind'], 'setting': change['setting'],
            'summary': summary_of(change['kind'], change['setting'], knob and knob.summary), 'scope': change['scope'],
            'value': change['proposed'], 'inherited': change.get('proposed_source') == 'INHERIT',
            'apply_mode': change['apply_mode'], 'risk': risk, 'risk_reason': change.get('risk_reason'),
            'preset': rp['preset'], 'restore_point_id': rp['id'], 'applied_at': rp['updated_at'],
            'restore_point_changes': len(rp['changes']), **unit_fields(change['kind'], change['setting']),
        })
    rows.sort(key=lambda row: RISK_ORDER.get(row['risk'], len(RISK_ORDER)))  # stable: apply order within a risk
    return rows


def accepted_pairs(accepted: list[dict]) -> frozenset:
    return frozenset((row['restore_point_id'], row['key']) for row in accepted)


def drift_row(change: dict, rp: dict, actual: dict) -> dict:
    """One setting whose box value is not the one restore point ``rp`` set (``change``), in words."""
    knob = get_knob(change['kind'], change['setting'])
    return {'key': change['key'], 'kind': change['kind'], 'setting': change['setting'],
            'summary': summary_of(change['kind'], change['setting'], knob and knob.summary), 'scope': change['scope'],
            'expected': change['proposed'], 'inherited': change.get('proposed_source') == 'INHERIT',
            'actual': actual['value'], 'risk': change.get('risk') or 'SAFE', 'restore_point_id': rp['id'],
            **unit_fields(change['kind'], change['setting'])}


def pending_row(pending: dict) -> dict:
    """A setting waiting for a reboot, named and with its unit (the key starts with the setting's kind)."""
    kind = pending['key'].split(':', 1)[0]
    return {'key': pending['key'], 'setting': pending['setting'], 'proposed': pending['proposed'],
            'since': pending['since'], 'restore_point_id': pending['restore_point_id'],
            'name': name_of(kind, pending['setting']), **unit_fields(kind, pending['setting'])}


def with_box_values(rows: list[dict], actual: dict[str, dict], drifted: set[str]) -> list[dict]:
    """In-effect rows with what the box holds beside what tuning set: one row tells the whole truth."""
    return [dict(row, actual=actual[row['key']]['value'] if row['key'] in actual else None,
                 drifted=row['key'] in drifted) for row in rows]


def accepted_rows(accepted: list[dict], winners: dict[str, tuple[dict, dict]]) -> list[dict]:
    """The accepted drift still standing: its restore point is the one whose value the key would otherwise hold."""
    rows = []
    for row in accepted:
        found = winners.get(row['key'])
        if found is None or found[1]['id'] != row['restore_point_id']:
            continue   # reverted since, or set again by a later apply: the record no longer speaks for the key
        change = found[0]
        knob = get_knob(change['kind'], change['setting'])
        rows.append({'key': row['key'], 'kind': change['kind'], 'setting': change['setting'],
                     'summary': summary_of(change['kind'], change['setting'], knob and knob.summary),
                     'scope': change['scope'],
                     'expected': row['expected'], 'value': row['value'], 'restore_point_id': row['restore_point_id'],
                     'accepted_at': row['accepted_at'], **unit_fields(change['kind'], change['setting'])})
    return rows


def state_rows(db, current_boot: str) -> dict:
    """What tuning.state (and the drift check) needs from the store, read in one go on the event loop (store_read: a
    few small rows, nothing kept between calls), with what is derived from the rows alone derived here."""
    applied = rps.applied(db)
    if any(rp['kind'] == 'PUT_BACK' for rp in applied):   # only then are the others read
        outlived = outlived_put_backs(rps.list_restore_points(db, rps.IN_EFFECT))
        applied = [rp for rp in applied if rp['id'] not in outlived]
    accepted = drift_store.accepted(db)
    return {
        'applied': applied,
        'accepted': accepted,
        'in_effect': in_effect(applied, accepted_pairs(accepted)),
        'pending': rps.pending(db),
        # knobs each earlier-boot restore point handed back to the box's own default
        'released': {rp['id']: rps.defaulted_keys(db, rp) for rp in applied if rp['boot_id'] != current_boot},
        'recovered': rps.recent_events(db, 'recovery') + rps.recent_events(db, 'reboot'),
    }


def entries_of(db, ids: list[int]) -> list[dict | None]:
    """Restore points ``ids`` with their entries (what the box held before), to count what reverting them does."""
    return [rps.get_restore_point(db, id_) for id_ in ids]


async def revert_counts(middleware, rows: dict, actual: dict, changed_outside: bool) -> dict[int, int]:
    """What reverting each restore point of several settings in effect would put back now, by id, counted as
    its preview counts (``revert_changes``). A setting changed outside tuning (drifted, or kept) may already be
    back as it was before, so the entries (the largest column) are read only when one is; otherwise the count
    stays the settings the restore point changed."""
    several = sorted({row['restore_point_id'] for row in rows['in_effect'] if row['restore_point_changes'] > 1})
    if not several or not changed_outside:
        return {}
    points = [rp for rp in await store_read(middleware, entries_of, several) if rp]
    more = [e['key'] for rp in points for e in rp['entries'] if e['key'] not in actual]
    if more:
        actual = {**actual, **await live_snapshot(middleware, more)}
    return {rp['id']: revert_changes(rp, actual) for rp in points}


class TuningService(Service):

    class Config:
        namespace = 'tuning'
        cli_namespace = 'system.tuning'

    @api_method(TuningProfileArgs, TuningProfileResult, roles=READ_ROLES)
    async def profile(self):
        """The box as tuning sees it: memory and ARC, CPU, pools and their layout, disks (used and unused), NICs,
        OpenZFS and platform versions, and which backend answers (`sandbox` touches no kernel)."""
        # callers at the same moment share one read (each gets one begun after it called): fifty panels, one read
        return await joined_read(self.middleware, ('profile',), lambda: read_profile(self.middleware))

    @api_method(TuningStateArgs, TuningStateResult, roles=READ_ROLES)
    async def state(self):
        """The latest preset applied, every setting tuning changed that is still in effect (`in_effect`, DANGEROUS
        first, each with the restore point that undoes it and the box's value beside it: `drifted` when they
        differ), settings waiting for a reboot, drift (settings changed behind tuning's back: put the tuned value
        back with `tuning.drift.put_back`, or keep the box's with `tuning.drift.accept`) and the drift accepted."""
        return await joined_read(self.middleware, ('state',), self.current_state)

    @private
    async def current_state(self, settle_alerts=False):
        """The state; its data-loss and drift alerts are brought up to date in the background, or before it returns
        with ``settle_alerts`` (after an apply or revert)."""
        ctx = plugin_context(self.middleware)
        current_boot = await boot_id(self.middleware)
        rows = await store_read(self.middleware, state_rows, current_boot)
        pending_keys = {p['key'] for p in rows['pending']}
        accepted = accepted_pairs(rows['accepted'])

        def released(rp):
            # A knob a revert gave back to the box's default follows the kernel's own default once the box has
            # rebooted; a setting whose drift the admin accepted is the box's own again.
            return rows['released'].get(rp['id'], set()) | {key for rp_id, key in accepted if rp_id == rp['id']}

        expected = expectations(rows['applied'], released)
        drift, destroyed, actual = [], [], {}
        wanted = list(dict.fromkeys([*expected, *(row['key'] for row in rows['in_effect'])]))
        if wanted:
            actual = await live_snapshot(self.middleware, wanted)   # shared with callers at the same moment
            for key, (change, rp) in expected.items():
                if gone(change, actual[key]):
                    destroyed.append(key)
                    continue   # its dataset was destroyed: nothing of it can drift, and nothing to put back
                if key not in pending_keys and not holds(change, actual[key]):
                    drift.append(drift_row(change, rp, actual[key]))
        counts = await revert_counts(self.middleware, rows, actual, bool(drift or rows['accepted']))
        state = {
            'backend': backend_name(self.middleware),
            'boot_id': current_boot,
            'active': active_preset(rows['applied']),
            # a DANGEROUS dataset property names the datasets below that inherit it (alerts, the Overview)
            'in_effect': await add_state_children(self.middleware, [
                dict(row, pending_reboot=row['key'] in pending_keys,
                     restore_point_changes=counts.get(row['restore_point_id'], row['restore_point_changes']))
                for row in with_box_values(rows['in_effect'], actual, {d['key'] for d in drift})], destroyed),
            'pending_reboot': [pending_row(p) for p in rows['pending']],
            'drift': drift,
            'accepted': accepted_rows(rows['accepted'], expectations(
                rows['applied'], lambda rp: rows['released'].get(rp['id'], set()))),
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

