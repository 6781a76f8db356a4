"""Admin-defined presets: validation of their fields and how their settings overlay a built-in base.

A custom preset is ``{id?, name, description?, base: built-in id | None, settings: [{kind, setting, value}]}``.
Each setting must be a registry knob with a valid value, typed with its unit if it has one ("64G", "20%"), within
what this box takes (``limits``, given the box); values are stored canonical. DANGEROUS values are allowed here (the
plan marks them, and apply refuses them unless acknowledged by name).
"""
import re
from fractions import Fraction

from .constants import DATASET_PROPERTY, INHERIT, KINDS, POOL_DEVICE, ZFS_PARAMETER
from .limits import RAM_BOUND, limit_error
from .registry import get_knob, settings_of
from .setting_words import PERCENT, SECONDS, words_of
from .units import parse_size

ID_RE = re.compile(r'^[a-z0-9][a-z0-9-]{0,62}$')
NAME_MAX = 100
DESCRIPTION_MAX = 1024
SETTINGS_MAX = 100
FIELDS = {'id', 'name', 'description', 'base', 'settings'}


def validate_custom_preset(data: dict, *, builtin_ids, existing_ids, for_update: bool = False,
                           box=None) -> list[tuple[str, str]]:
    """Field-named errors for a create (``for_update=False``) or update payload; [] when valid. With ``box``, values
    are also checked against what that box takes."""
    errors: list[tuple[str, str]] = []
    if not isinstance(data, dict):
        return [('data', 'must be an object')]
    for unknown in sorted(set(data) - FIELDS):
        errors.append((unknown, 'unknown field'))
    if not for_update and data.get('id') is not None:
        _check_id(data['id'], builtin_ids, existing_ids, errors)
    if 'name' in data or not for_update:
        name = data.get('name')
        if not isinstance(name, str) or not name.strip():
            errors.append(('name', 'a name is required'))
        elif len(name) > NAME_MAX:
            errors.append(('name', f'at most {NAME_MAX} characters'))
    if data.get('description') is not None:
        if not isinstance(data['description'], str):
            errors.append(('description', 'must be text'))
        elif len(data['description']) > DESCRIPTION_MAX:
            errors.append(('description', f'at most {DESCRIPTION_MAX} characters'))
    base = data.get('base')
    if base is not None and base not in builtin_ids:
        errors.append(('base', f'{base!r} is not a built-in preset (choose one of: {", ".join(sorted(builtin_ids))}, '
                               f'or none)'))
    if 'settings' in data or not for_update:
        settings = data.get('settings', [])
        _check_settings(settings, errors, box)
        if base is None and isinstance(settings, list) and not settings and (not for_update or 'base' in data):
            errors.append(('settings', 'a preset without a base needs at least one setting'))
    return errors


def _check_id(preset_id, builtin_ids, existing_ids, errors):
    if not isinstance(preset_id, str) or not ID_RE.match(preset_id):
        errors.append(('id', 'use 1-63 lower-case letters, digits and dashes, starting with a letter or digit'))
    elif preset_id in builtin_ids:
        errors.append(('id', f'{preset_id!r} is a built-in preset id; built-in presets are read-only'))
    elif preset_id in existing_ids:
        errors.append(('id', f'a preset with id {preset_id!r} already exists'))


def settings_errors(settings, box=None) -> list[tuple[str, str]]:
    """Field-named errors of a custom preset's settings list; [] when every one is a known knob with a valid
    value that ``box`` (when given) takes. Checked when a preset is saved and again when it is planned: stored ones
    may come from an imported database or a box with more RAM."""
    errors: list[tuple[str, str]] = []
    _check_settings(settings, errors, box)
    return errors


def typed_value(kind: str, setting: str, value: str, box=None) -> str:
    """The canonical spelling of a value as an admin types it, with the setting's unit: sizes with K/M/G/T ("64G",
    "8 GiB", "1.5G"; the knob's own parser), "20%" for percentages, "30s" for seconds, "4K 128K 6M" for the
    three TCP buffer sizes; the ARC and write-buffer sizes also as a share of ``box``'s RAM ("50%", stored as the
    bytes it is here). Raises ValueError with the knob's message."""
    knob = get_knob(kind, setting)
    text = str(value).strip()
    unit = words_of(kind, setting)[2] if kind != POOL_DEVICE else None
    share = re.fullmatch(r'([0-9]+(?:\.[0-9]+)?)\s*%', text)
    if share and kind == ZFS_PARAMETER and setting in RAM_BOUND:
        ram = int(getattr(box, 'ram_bytes', 0) or 0)
        if ram <= 0:
            raise ValueError(f'{value!r} is a share of RAM, and this box\'s RAM is not known; give a size (e.g. 8G)')
        text = str(int(Fraction(share[1]) * ram / 100))   # whole bytes, rounded down
    elif unit == PERCENT:
        text = re.sub(r'\s*%$', '', text)
    elif unit == SECONDS:
        text = re.sub(r'\s*(s|sec|seconds?)$', '', text, flags=re.IGNORECASE)
    elif knob.normalise.domain.get('triple'):
        try:
            text = ' '.join(str(parse_size(part)) for part in text.split())
        except ValueError:
            pass   # the knob's own message says what the three figures must be
    return knob.normalise(text)


def _check_settings(settings, errors, box=None):
    if not isinstance(settings, list):
        errors.append(('settings', 'must be a list of {kind, setting, value}'))
        return
    if len(settings) > SETTINGS_MAX:
        errors.append(('settings', f'at most {SETTINGS_MAX} settings'))
    seen: dict[tuple, int] = {}
    valid: dict[tuple, tuple[str, str]] = {}   # (kind, setting) -> (field, canonical value)
    for index, item in enumerate(settings):
        field = f'settings.{index}'
        if not isinstance(item, dict):
            errors.append((field, 'must be an object {kind, setting, value}'))
            continue
        for unknown in sorted(set(item) - {'kind', 'setting', 'value'}):
            errors.append((f'{field}.{unknown}', 'unknown field'))
        kind, setting, value = item.get('kind'), item.get('setting'), item.get('value')
        if kind not in KINDS:
            errors.append((f'{field}.kind', f'must be one of {", ".join(k for k in KINDS if k != POOL_DEVICE)}'))
            continue
        if kind == POOL_DEVICE:
            errors.append((f'{field}.kind', 'cache and log devices are chosen in the preview/apply target '
                                            '(cache_disks, log_disks), not stored in a preset'))
            continue
        knob = get_knob(kind, setting) if isinstance(setting, str) else None
        if knob is None:
            errors.append((f'{field}.setting', f'{setting!r} is not a {kind} tuning knows; known: '
                                               f'{", ".join(settings_of(kind))}'))
            continue
        if (kind, setting) in seen:
            errors.append((f'{field}.setting', f'{setting} is already set by settings.{seen[(kind, setting)]}'))
            continue
        seen[(kind, setting)] = index
        if not isinstance(value, str):
            errors.append((f'{field}.value', 'must be a string'))
            continue
        if kind == DATASET_PROPERTY and value.strip().upper() == INHERIT:
            continue
        try:
            valid[(kind, setting)] = (field, typed_value(kind, setting, value, box))
        except ValueError as e:
            errors.append((f'{field}.value', str(e)))
    chosen = {setting: int(value) for (_, setting), (_, value) in valid.items() if setting in RAM_BOUND}
    for (kind, setting), (field, value) in valid.items():
        if problem := limit_error(kind, setting, value, box, chosen):
            errors.append((f'{field}.value', problem))


def normalise_custom_settings(settings: list[dict], box=None) -> list[dict]:
    """Canonical spelling of validated settings (store this), e.g. recordsize "1m" -> "1M", sync "disabled" ->
    "DISABLED", zfs_arc_max "8 GiB" -> "8589934592" (and "25%" -> a quarter of ``box``'s RAM)."""
    out = []
    for item in settings:
        value = item['value'].strip()
        if item['kind'] == DATASET_PROPERTY and value.upper() == INHERIT:
            canonical = INHERIT
        else:
            canonical = typed_value(item['kind'], item['setting'], value, box)
        out.append({'kind': item['kind'], 'setting': item['setting'], 'value': canonical})
    return out


def apply_custom_settings(draft, settings: list[dict]):
    """Overlay the custom settings on the draft (the last word wins over the base preset's rules)."""
    for item in settings:
        value = item['value']
        inherit = item['kind'] == DATASET_PROPERTY and str(value).strip().upper() == INHERIT
        value = None if inherit else typed_value(item['kind'], item['setting'], value, draft.box)
        draft.propose(item['kind'], item['setting'], value, inherit=inherit, custom=True,
                      why='Set by this custom preset.')
