"""``tuning``: the box as tuning sees it (``profile``) and what tuning has done to it (``state``)."""
from .box.appliance import backend_name
from .box.profile import read_profile
from .box.settings import read_snapshot, same_value
from .context import boot_id, plugin_context
from .framework import READ_ROLES, Service, api_method, private
from .profile_models import TuningProfileArgs, TuningProfileResult, TuningStateArgs, TuningStateResult
from .store import restore_points as rps
from .transaction.recovery import recover_interrupted, verify_after_boot


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
        """The active preset, settings waiting for a reboot, and drift: settings changed behind tuning's back."""
        return await self.current_state()

    @private
    async def current_state(self):
        ctx = plugin_context(self.middleware)
        applied = rps.applied(ctx.db)
        pending = rps.pending(ctx.db)
        pending_keys = {p['key'] for p in pending}
        current_boot = await boot_id(self.middleware)
        # A knob a revert gave back to the box's default follows the kernel's own default once the box has rebooted.
        expected = expected_settings(
            applied, lambda rp: rps.defaulted_keys(ctx.db, rp) if rp['boot_id'] != current_boot else set())
        drift = []
        if expected:
            actual = await read_snapshot(self.middleware, list(expected))
            for key, change in expected.items():
                if key not in pending_keys and not holds(change, actual[key]):
                    drift.append({'key': key, 'setting': change['setting'], 'scope': change['scope'],
                                  'expected': change['proposed'], 'actual': actual[key]['value']})
        return {
            'backend': backend_name(self.middleware),
            'boot_id': current_boot,
            'active': active_preset(applied),
            'pending_reboot': [{'key': p['key'], 'setting': p['setting'], 'proposed': p['proposed'],
                                'since': p['since'], 'restore_point_id': p['restore_point_id']} for p in pending],
            'drift': drift,
            'busy': ctx.guard.busy,
            'recovered': rps.recent_events(ctx.db, 'recovery') + rps.recent_events(ctx.db, 'reboot'),
        }

    @private
    async def notify_state(self):
        self.middleware.send_event('tuning.state', 'CHANGED', id=1, fields=await self.current_state())

    @private
    async def start(self):
        """Recover interrupted transactions and verify pending-reboot items; runs once the appliance is up."""
        ctx = plugin_context(self.middleware)
        current_boot = await boot_id(self.middleware)
        ctx.recovered = await recover_interrupted(self.middleware, ctx.db, current_boot)
        ctx.recovered += await verify_after_boot(self.middleware, ctx.db, current_boot)
        for note in ctx.recovered:
            self.middleware.logger.info('tuning: %s', note)
        await self.middleware.call('tuning.campaign.resume_pending')


async def setup(middleware):
    middleware.event_register('tuning.state', 'Tuning state changed: active preset, pending reboot items, drift.',
                              roles=READ_ROLES)
    plugin_context(middleware)
    await middleware.call('tuning.start')
