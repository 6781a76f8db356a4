"""The preset a result was measured under, in words that say whether it was in effect yet (pure).

A preset whose settings take effect only at the next boot is not what the box runs until that reboot: a result
measured before it is not that preset's. A result's context records, beside the preset, how many settings its
restore point changed (``changed``) and which of them still waited for a reboot (``pending_reboot``):
``measured_preset_fields`` from ``tuning.current_state``'s answer. Every place that names a result's preset (the
report, the default label) says it through ``preset_words``, as the panel's ``shared/preset-words.ts`` does:

- "Boot buffer": every setting it changed was in effect (or it changed none);
- "Boot buffer (not yet in effect: waiting for a reboot)": all of them waited for a reboot;
- "Boot buffer (partly: 1 setting waiting for a reboot)": some of them did;
- "Boot buffer (2 settings waiting for a reboot)": a result stored before the preset's own were recorded, measured
  while settings waited for a reboot (whose, it does not tell).

Without a preset, ``no_preset_words`` says "none (1 setting waiting for a reboot)" when settings waited for a reboot
(a preset reverted but not yet rebooted away: the box still ran its values), so such a result does not pass for a
plain baseline.
"""
from .presets.catalog import get_builtin


def measured_preset_fields(restore_point_id: int, state: dict) -> dict:
    """``{changed, pending_reboot}`` of the active preset's restore point ``restore_point_id`` in ``state`` (the
    ``tuning.current_state`` answer): how many settings it changed, and the keys of those waiting for a reboot."""
    changed = next((row['restore_point_changes'] for row in state.get('in_effect') or []
                    if row.get('restore_point_id') == restore_point_id), 0)
    pending = [p['key'] for p in state.get('pending_reboot') or [] if p.get('restore_point_id') == restore_point_id]
    return {'changed': max(changed, len(pending)), 'pending_reboot': pending}


def _preset_id(context: dict) -> str | None:
    preset = context.get('preset')
    if isinstance(preset, dict):
        return preset.get('id')
    return preset if isinstance(preset, str) else None


def preset_name(context: dict) -> str | None:
    """The preset's name as recorded with the result (since names are kept), a built-in's from the catalogue, or
    its id (a custom preset measured by an older version); None without a preset."""
    preset = context.get('preset')
    if isinstance(preset, dict) and isinstance(preset.get('name'), str):
        return preset['name']
    preset_id = _preset_id(context)
    builtin = get_builtin(preset_id) if isinstance(preset_id, str) else None
    return builtin['name'] if builtin else preset_id


def _settings(n: int) -> str:
    return '1 setting' if n == 1 else f'{n} settings'


def preset_words(context: dict) -> str | None:
    """The preset a result was measured under, and whether it was in effect then (see the module); None without
    a preset."""
    name = preset_name(context)
    if name is None:
        return None
    preset = context.get('preset')
    own = preset.get('pending_reboot') if isinstance(preset, dict) else None
    if isinstance(own, list):
        changed = preset.get('changed') or 0
        if not own:
            return name
        if len(own) >= changed:
            return f'{name} (not yet in effect: waiting for a reboot)'
        return f'{name} (partly: {_settings(len(own))} waiting for a reboot)'
    waiting = context.get('pending_reboot') or []
    return f'{name} ({_settings(len(waiting))} waiting for a reboot)' if waiting else name


def no_preset_words(context: dict) -> str | None:
    """A result without a preset measured while settings waited for a reboot, said so ("none (1 setting waiting
    for a reboot)"); None with a preset or when nothing waited."""
    waiting = context.get('pending_reboot') or []
    if preset_name(context) is not None or not waiting:
        return None
    return f'none ({_settings(len(waiting))} waiting for a reboot)'


__all__ = ['measured_preset_fields', 'no_preset_words', 'preset_name', 'preset_words']
