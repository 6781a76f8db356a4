"""``balanced``: the box's own defaults, the baseline of every comparison.

Every knob any preset may touch goes back to where the box started: dataset properties are inherited, module
parameters, sysctls and services return to the first-seen values (what tuning read before it changed anything), or
to the registry's default for this box when none was recorded. Cache and log devices are never removed.
"""
from ..constants import DATASET_PROPERTY, POOL_DEVICE
from ..registry import KNOBS
from ..snapshot import canonical, make_key
from ..setting_words import name_of
from ..write_check import value_error
from .costs import Cost
from .effect_words import assess, with_effect

COSTS = (Cost('Nothing is tuned for a particular workload; this is what the other presets are measured against.'),)
PRESET = {
    'id': 'balanced',
    'name': 'Balanced (box defaults)',
    'description': 'Returns every setting tuning touches to the box\'s own defaults: the baseline for comparisons.',
    'optimizes': [],
    'costs': [cost.text for cost in COSTS],
}


def build(draft):
    for knob in KNOBS:
        if knob.kind == POOL_DEVICE:
            continue
        key = make_key(knob.kind, draft.scope(knob.kind, knob.setting), knob.setting)
        if knob.kind == DATASET_PROPERTY:
            _dataset_property(draft, knob, key)
            continue
        recorded = draft.first_seen.get(key)
        if recorded is not None and value_error(knob.kind, knob.setting, str(recorded)) is not None:
            # A recorded value tuning may not write (e.g. out of the knob's range, or from an imported database).
            draft.warn(f'The recorded first-seen value of {name_of(knob.kind, knob.setting)} ({knob.setting}: '
                       f'{str(recorded)[:40]!r}) is not a value tuning writes; the default for this box is proposed '
                       'instead.')
            recorded = None
        if recorded is not None:
            value, why = str(recorded), 'Back to the value this box had before tuning (its first-seen value).'
        else:
            value = knob.default_for(draft.box)
            why = 'Back to the OpenZFS/kernel default for this box (no first-seen value recorded).'
        if value is None:
            continue  # neither a first-seen value nor a knowable default (e.g. zfs_arc_max on appliances that set it)
        draft.propose(knob.kind, knob.setting, value, why=_with_effect(draft, knob, value, why), quiet_if_absent=True)
    _devices_since_first_seen(draft)


def _dataset_property(draft, knob, key):
    """Inherit, unless the property is still at the value recorded before tuning (e.g. TrueNAS sets
    compression=lz4 locally on a new pool: that is the box's own default, not something to undo)."""
    recorded = draft.first_seen.get(key)
    current = draft.current(knob.kind, knob.setting)
    if recorded is not None and current is not None and canonical(knob.kind, knob.setting, recorded) == current:
        draft.propose(knob.kind, knob.setting, current, quiet_if_absent=True,
                      why='Already at the value this box had before tuning (its first-seen value).')
        return
    why = 'Back to the box\'s default: inherit from the parent dataset (the ZFS default at the pool root).'
    default = knob.default_for(draft.box)
    draft.propose(knob.kind, knob.setting, inherit=True, quiet_if_absent=True,
                  why=_with_effect(draft, knob, default, why) if default is not None else why)


def _with_effect(draft, knob, value: str, why: str) -> str:
    """"Back to ..." says where a setting goes; the effect says what going there does from where it is now."""
    current = draft.current(knob.kind, knob.setting)
    if current is None or current == knob.normalise(str(value)):
        return why
    return with_effect(why, assess(knob, current, knob.normalise(str(value)), draft.box))


def _devices_since_first_seen(draft):
    """Balanced never removes vdevs (removing a log/cache is disruptive and not a tunable); it says so."""
    for role in ('cache', 'log'):
        key = make_key(POOL_DEVICE, draft.box.pool_name, role)
        if key not in draft.first_seen:
            continue
        before = {d for d in (draft.first_seen[key] or '').split(',') if d}
        now = {d for d in (draft.current(POOL_DEVICE, role) or '').split(',') if d}
        added = sorted(now - before)
        if added:
            what = 'L2ARC cache' if role == 'cache' else 'SLOG log'
            some = (f'{what} device {added[0]} was', 'it') if len(added) == 1 else \
                (f'{what} devices {", ".join(added)} were', 'them')
            draft.warn(f'{some[0]} added to pool {draft.box.pool_name} after tuning first read it; Balanced leaves {some[1]} '
                       f'in place (remove {some[1]} from the pool to compare without).')
