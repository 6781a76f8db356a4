"""Plans: what applying a preset to a target would change on this box, row by row, in apply order.

``build_plan(preset, ctx)`` runs the preset's rules (or a custom preset's base rules plus its settings), drops what
the box does not have, compares each proposal with the snapshot and classifies it (apply mode, risk) through the
registry. Rows already at the proposed value go to ``unchanged``. Bad targets raise ``PlanInputError`` with
field-named errors.
"""
from .box_facts import box_from
from .catalog import BUILTIN_IDS, get_builtin, rules_for
from .constants import DANGEROUS, DEFAULT, INHERITED, NEW_DATA, POOL_DEVICE, REBOOT, RISK_WORDS, SAFE, INHERIT
from .custom import apply_custom_settings, settings_errors
from .devices import device_choices, validate_selection
from .draft import Draft
from .registry import get_knob, sort_key
from .rules import COSTS
from .rules.costs import Outcome, told
from .rules.effect_words import assess, with_effect
from .setting_words import name_of, value_words
from .snapshot import SettingsView


DEVICE_WORDS = {'cache': 'cache device (L2ARC)', 'log': 'log device (SLOG)'}


class PlanInputError(ValueError):
    """The preview target (or preset) is unusable; ``errors`` is [(field, message)] for ValidationErrors."""

    def __init__(self, errors: list[tuple[str, str]]):
        self.errors = list(errors)
        super().__init__('; '.join(f'{field}: {message}' for field, message in self.errors))


def normalise_target(target: dict) -> dict:
    target = dict(target or {})
    return {
        'pool': target.get('pool'),
        'dataset': target.get('dataset') or target.get('pool'),
        'cache_disks': list(target.get('cache_disks') or []),
        'log_disks': list(target.get('log_disks') or []),
    }


def _resolve(preset) -> dict:
    if isinstance(preset, str):
        found = get_builtin(preset)
        if found is None:
            raise PlanInputError([('id', f'no preset named {preset!r}')])
        return found
    return preset


def build_plan(preset, ctx: dict) -> dict:
    """Plan for ``preset`` (a preset dict or a built-in id); ctx = {profile, snapshot, target, first_seen}."""
    preset = _resolve(preset)
    target = normalise_target(ctx.get('target'))
    box, errors = box_from(ctx.get('profile') or {}, target)
    if errors:
        raise PlanInputError(errors)
    taken: dict = {}
    errors = validate_selection(box, 'cache', target['cache_disks'], 'target.cache_disks', taken)
    errors += validate_selection(box, 'log', target['log_disks'], 'target.log_disks', taken)
    if errors:
        raise PlanInputError(errors)

    view = SettingsView(ctx.get('snapshot') or {})
    draft = Draft(box, view, target, ctx.get('first_seen'))
    if preset.get('builtin'):
        rules_for(preset['id'])(draft)
        costs = COSTS[preset['id']]
    else:
        base = preset.get('base')
        if base:
            if base not in BUILTIN_IDS:
                raise PlanInputError([('base', f'{base!r} is not a built-in preset')])
            rules_for(base)(draft)
        settings = preset.get('settings') or []
        if errors := settings_errors(settings, box):   # the same limits as at save time
            raise PlanInputError(errors)
        apply_custom_settings(draft, settings)
        costs = COSTS[base] if base else ()

    changes, unchanged, absent = [], [], []
    for proposal in draft.proposals.values():
        if not view.exists(proposal.kind, proposal.scope, proposal.setting):
            if proposal.custom:
                draft.prerequisite(f'exists:{proposal.key}', False,
                                   f'{name_of(proposal.kind, proposal.setting)} ({proposal.setting}) does not exist '
                                   f'for {proposal.scope} on this box (OpenZFS '
                                   f'{box.openzfs_version or "version unknown"}); this setting is skipped')
            elif not proposal.quiet_if_absent:
                absent.append(f'{name_of(proposal.kind, proposal.setting)} ({proposal.setting})')
            continue
        row, same = _row(proposal, view, box)
        (unchanged if same else changes).append(row)

    draft.warnings[:] = _left_out_notes(draft, view, box, changes + unchanged)

    for role, field in (('cache', 'cache_disks'), ('log', 'log_disks')):
        if target[field] and not any(r['kind'] == POOL_DEVICE and r['setting'] == role for r in changes):
            draft.warn(f'The chosen {role} disks are not used: this preset does not add a {DEVICE_WORDS[role]}.')
    if absent:
        draft.warn(f'Not on this box, so not proposed: {", ".join(absent)}.')
    if any(r['apply_mode'] == NEW_DATA for r in changes):
        draft.warn('Record size and compression changes apply to data written from now on; existing files keep '
                   'their old layout until rewritten (copy them, or zfs send | zfs recv).')
    for cost in told(costs, Outcome(changes, unchanged, box)):  # only what this plan brings about on this box
        draft.warn(f'Trade-off: {cost}')

    order = lambda row: sort_key(row['kind'], row['setting'])  # noqa: E731  (stable: registry order per kind)
    changes.sort(key=order)
    unchanged.sort(key=order)
    return {
        'preset': preset['id'] if preset.get('id') else None,
        'target': target,
        'changes': changes,
        'unchanged': unchanged,
        'prerequisites': draft.prerequisites,
        'warnings': draft.warnings,
        'needs_reboot': any(r['apply_mode'] == REBOOT for r in changes),
        'dangerous': [r['key'] for r in changes if r['risk'] == DANGEROUS],
        'computed_for': {
            'ram_bytes': box.ram_bytes,
            'arc_max_bytes': box.arc_max_bytes,
            'pool_layout': box.pool_layout,
            'disk_kind': box.pool_disk_kind,
            'nic_speed_mbps': box.fastest_nic_mbps,
            'openzfs_version': box.openzfs_version,
        },
        'devices': device_choices(box, target),
    }


def _left_out_notes(draft, view: SettingsView, box, rows: list[dict]) -> list[str]:
    """A base preset's "not part of this preset" note (``draft.leave_out``) must not contradict the plan: when the
    plan itself sets that setting (a custom preset's own) the note goes (the row says it, with its risk); when the
    box already holds that value from elsewhere (an earlier apply, or by hand) the note says so instead of implying
    the box is safe."""
    planned = {(r['kind'], r['setting']) for r in rows}
    notes = []
    for note in draft.warnings:
        if note not in draft.left_out:
            notes.append(note)
            continue
        kind, setting, value = draft.left_out[note]
        if (kind, setting) in planned:
            continue
        held = _held_now(draft, view, kind, setting)
        if held is None or held[1] != value:
            notes.append(note)
            continue
        knob, scope = held[0], held[2]
        risk, reason = knob.risk(value, box)
        words = f' ({RISK_WORDS[risk]}: {reason})' if risk != SAFE and reason else ''
        name = name_of(kind, setting)
        notes.append(f'{name} is {value_words(kind, setting, value)} on {scope} now, set before this preset (by an '
                     f'earlier apply or by hand){words}; this preset leaves it as it is. To change it, revert the '
                     f'restore point that set it (the Overview lists it) or set "{name}" in a custom preset.')
    return notes


def _held_now(draft, view: SettingsView, kind: str, setting: str):
    """(knob, value, scope) of a setting as the box holds it now, or None when the box does not have it."""
    knob = get_knob(kind, setting)
    scope = draft.scope(kind, setting)
    if knob is None or not view.exists(kind, scope, setting):
        return None
    try:
        value = knob.normalise(str(view.value(kind, scope, setting)))
    except ValueError:
        return None
    return knob, value, scope


def _row(proposal, view: SettingsView, box) -> tuple[dict, bool]:
    knob = get_knob(proposal.kind, proposal.setting)
    where = (proposal.kind, proposal.scope, proposal.setting)
    current = view.value(*where)
    if proposal.inherit:
        source = view.source(*where)
        default = knob.default_for(box)
        # Inheriting at the pool root yields the ZFS default, so an equal local value is already where it ends up.
        at_root = proposal.scope == box.pool_name
        same = (source in (INHERITED, DEFAULT)) if source else False
        same = same or (at_root and current == default)
        proposed = current if same else default
    else:
        proposed = proposal.value
        same = current == proposed
    found = assess(knob, current, proposed, box) if proposed is not None else None
    risk, reason = (found.risk, found.reason) if found else (SAFE, None)
    row = {
        'key': proposal.key,
        'setting': proposal.setting,
        'kind': proposal.kind,
        'scope': proposal.scope,
        'current': current,
        'proposed': proposed,
    }
    if proposal.inherit:
        row['proposed_source'] = INHERIT
    row.update({
        'apply_mode': knob.apply_mode(view.writable(*where)),
        'risk': risk,
    })
    if reason:
        row['risk_reason'] = reason
    row['rationale'] = proposal.why or knob.rationale
    if found and not same and (proposal.custom or not proposal.why):
        # an admin's own value or the knob's general rationale does not say what this change does: the effect does
        row['rationale'] = with_effect(row['rationale'], found)
    row['source'] = proposal.source or knob.source
    return row, same
