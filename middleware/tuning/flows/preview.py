"""From a preset id and a target to a plan computed for this box: shared by preview, apply and campaigns."""
import errno

from ..box.appliance import raw_zfs_writes_refused
from ..box.profile import read_profile
from ..box.settings import read_settings, same_value
from ..core import presets
from ..core.presets.appliance_mapping import POOL_DATASET
from ..core.presets.setting_words import summary_of
from ..framework import ValidationErrors, field_error, field_errors
from ..store import first_seen, presets as preset_store
from ..store.offloop import store_call

CHANGE_FIELDS = ('key', 'setting', 'summary', 'kind', 'scope', 'current', 'proposed', 'proposed_source', 'apply_mode',
                 'risk', 'risk_reason', 'rationale', 'source', 'same_value', 'unit', 'zero_is_default')


def resolve_preset(db, preset_id: str, field: str = 'id') -> dict:
    preset = presets.get_builtin(preset_id) or preset_store.get_preset(db, preset_id)
    if preset is None:
        known = ', '.join(p['id'] for p in all_presets(db))
        raise field_error(field, f'No preset {preset_id!r}. Known presets: {known}.', errno.ENOENT)
    return preset


def all_presets(db) -> list[dict]:
    return presets.builtin_presets() + preset_store.list_presets(db)


def resolve_target(profile: dict, target: dict, field: str = 'target') -> dict:
    """Fill the default dataset and check the target names what exists on this box."""
    verrors = ValidationErrors()
    pools = {p['name']: p for p in profile['pools']}
    pool = pools.get(target['pool'])
    if pool is None:
        verrors.add(f'{field}.pool', f'No pool {target["pool"]!r} on this box. Pools: {", ".join(pools) or "none"}.',
                    errno.ENOENT)
        raise verrors
    dataset = target.get('dataset') or pool['name']
    if dataset not in pool['datasets']:
        verrors.add(f'{field}.dataset', f'No dataset {dataset!r} in pool {pool["name"]!r}.', errno.ENOENT)
    verrors.check()
    return presets.normalise_target(target)


def public_change(change: dict) -> dict:
    knob = presets.get_knob(change['kind'], change['setting'])
    # what the setting is, in words, next to its name: the same words tuning.state's in_effect rows carry
    # same_value: the row changes where the value comes from (inherited, or kept by a tunable), not the value: the
    # panel says "already 128K" instead of "128K -> 128K"
    # unit and zero_is_default: how the panel shows the values ("24 GiB", "0 = OpenZFS default"), never guessed
    return {f: change.get(f) for f in CHANGE_FIELDS} | presets.unit_fields(change['kind'], change['setting']) | {
        'summary': summary_of(change['kind'], change['setting'], knob and knob.summary),
        'same_value': change.get('current') is not None and same_value(change.get('current'), change.get('proposed'))}


def public_plan(plan: dict, target: dict) -> dict:
    return {
        'preset': plan['preset'], 'target': target,
        'changes': [public_change(c) for c in plan['changes']],
        'unchanged': [public_change(c) for c in plan['unchanged']],
        'prerequisites': [{'id': p['id'], 'met': p['met'], 'message': p['message']} for p in plan['prerequisites']],
        'warnings': list(plan['warnings']), 'needs_reboot': plan['needs_reboot'],
        'dangerous': list(plan['dangerous']), 'computed_for': plan['computed_for'],
        'devices': plan.get('devices'),
    }


def raw_zfs_write_warning(changes: list[dict]) -> str | None:
    """The warning for changes of dataset properties that only the appliance's private writer sets."""
    names = sorted({c['setting'] for c in changes if c['kind'] == 'DATASET_PROPERTY'
                    and presets.dataset_property_route(c['setting'])['write_method'] != POOL_DATASET})
    if not names:
        return None
    return (f'{", ".join(names)}: the TrueNAS API key\'s user lacks the FULL_ADMIN role, which TrueNAS requires to '
            'set these ZFS properties; applying this plan fails at them and rolls back. Give the user FULL_ADMIN or '
            'choose a preset without them.')


async def make_plan(middleware, preset_id: str, target: dict) -> tuple[dict, dict]:
    """Returns the public plan and the snapshot it was computed from (the restore point's source)."""
    preset = await store_call(middleware, resolve_preset, preset_id)
    profile = await read_profile(middleware)
    target = resolve_target(profile, target)
    keys = [presets.make_key(*key) for key in presets.keys_to_read(profile, target)]
    snapshot = await read_settings(middleware, keys)
    seen = await store_call(middleware, first_seen.load)
    new = {k: row['value'] for k, row in snapshot.items() if row['exists'] and k not in seen}
    if new:  # a preview writes only when it reads a setting for the first time
        await store_call(middleware, first_seen.remember, new)
        seen = {**new, **seen}
    try:
        plan = presets.build_plan(preset, {
            'profile': profile, 'snapshot': snapshot, 'target': target, 'first_seen': seen,
        })
    except presets.PlanInputError as e:
        raise field_errors(e.errors) from None
    public = public_plan(plan, target)
    warning = raw_zfs_write_warning(public['changes'])
    if warning and await raw_zfs_writes_refused(middleware):
        public['warnings'].append(warning)
    return public, snapshot
