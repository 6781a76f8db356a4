"""The settings a custom preset may change, described for the editor (``tuning.preset.settings``): the name in words,
what it does, its unit, the range allowed on this box (from the same normalisers and ``limits`` that check a preset),
the box's current and default values where it knows them, and which of its choices are risky here and why
(``risky_values``: judged as a plan judges going there from the box's value, so the editor and the plan agree).
"""
from .box_facts import BoxFacts, box_from
from .constants import DATASET_PROPERTY, POOL_DEVICE, SAFE
from .limits import box_limit, zero_is_default
from .registry import KNOBS
from .rules.effect_words import assess
from .rules.effects import sentence
from .setting_words import BYTES, BYTES_PER_SECOND, PERCENT, SECONDS, SWITCH, choice_words, value_words, words_of
from .snapshot import SettingsView, make_key, scope_for
from .units import format_bytes

_UNIT_SIGN = {PERCENT: ' %', SECONDS: ' s'}


def editable_knobs() -> list:
    """Registry knobs a custom preset may set (cache and log devices are chosen in the apply target instead)."""
    return [knob for knob in KNOBS if knob.kind != POOL_DEVICE]


def setting_keys(target: dict | None) -> list[str]:
    """Snapshot keys of the editable settings: dataset properties only with a target."""
    return [make_key(knob.kind, scope_for(knob.kind, knob.setting, target or {}), knob.setting)
            for knob in editable_knobs() if target is not None or knob.kind != DATASET_PROPERTY]


def box_of(profile: dict, target: dict | None) -> BoxFacts:
    """The box facts of ``target`` (the first pool's root dataset by default); without any pool, the machine alone (RAM,
    ARC, OpenZFS version: all that limits and defaults need)."""
    pools = profile.get('pools') or []
    if pools:
        box, errors = box_from(profile, target or {'pool': pools[0]['name']})
        if box is not None:
            return box
        raise ValueError(errors)
    memory = profile.get('memory') or {}
    return BoxFacts(ram_bytes=int(memory.get('physical_bytes') or 0),
                    arc_max_bytes=int(memory.get('arc_max_bytes') or 0),
                    cores=int((profile.get('cpu') or {}).get('cores') or 1),
                    openzfs_version=profile.get('openzfs_version') or '', pool={'name': ''}, dataset='', disks={},
                    unused_disks=(), nic_speeds_mbps=(), nics_up=0)


def _size(number: int, unit: str | None) -> str:
    if unit in (BYTES, BYTES_PER_SECOND):
        text = format_bytes(number)
        return f'{text}/s' if unit == BYTES_PER_SECOND else text
    return f'{number:,}{_UNIT_SIGN.get(unit, "")}'   # "10,000,000", as the panel groups a count


def allowed_range(knob, unit: str | None, box) -> dict:
    """``{choices, minimum, maximum, allowed, zero_is_default}``: the values the knob's normaliser and this box's
    limits accept; ``zero_is_default`` when 0 leaves the value to OpenZFS (the ARC sizes)."""
    domain = knob.normalise.domain
    choices = list(domain['choices']) if 'choices' in domain else None
    low, high = domain.get('minimum'), domain.get('maximum')
    limit = box_limit(knob.kind, knob.setting, box)
    if limit is not None:
        low, high, words = limit.minimum, limit.maximum, limit.words
    elif domain.get('power_of_two'):
        words = f'a power of two from {format_bytes(low)} to {format_bytes(high)}'
        if domain.get('zero'):
            words = f'0 (off) or {words}'
    elif domain.get('triple'):
        words = f'three sizes, smallest ≤ default ≤ largest, each at most {format_bytes(high)}'
    elif low is not None:
        words = f'{_size(low, unit)} to {_size(high, unit)}'
        if choices:
            words = f'{domain.get("words") or choice_words(choices)}, or {words}'
    elif unit == SWITCH:   # 0/1 reads off/on; boolean_01 takes either spelling
        words = 'off or on'
    else:   # the choices in words, as the web UI offers them ("Standard, Always or Disabled"); any case is taken
        words = domain.get('words') or choice_words(choices or [])
    return {'choices': choices, 'minimum': low, 'maximum': high, 'allowed': words,
            'zero_is_default': zero_is_default(knob.kind, knob.setting)}


def risky_values(knob, current: str | None, box) -> list[dict]:
    """``[{value, label, risk, reason}]``: the knob's choices that are CAUTION or DANGEROUS when set from ``current``
    (the box's value, or its default) on ``box``, with the plan's reason as a sentence; [] for a knob without
    choices (a size or a count is judged when it is planned)."""
    out = []
    for value in knob.normalise.domain.get('choices', ()):
        found = assess(knob, current, value, box)
        if found.risk != SAFE:
            out.append({'value': value, 'label': value_words(knob.kind, knob.setting, value), 'risk': found.risk,
                        'reason': sentence(found.reason)})
    return out


def editable_settings(box: BoxFacts, snapshot, target: dict | None) -> list[dict]:
    """One entry per setting a custom preset may change. ``snapshot`` is what the box holds now for ``target``
    (dataset properties are read from its dataset; none without a target)."""
    view = SettingsView(snapshot or {})
    out = []
    for knob in editable_knobs():
        name, does, unit = words_of(knob.kind, knob.setting)
        scope = None
        if target is not None or knob.kind != DATASET_PROPERTY:
            scope = scope_for(knob.kind, knob.setting, target or {})
        present = scope is not None and view.entry(knob.kind, scope, knob.setting) is not None
        current = view.value(knob.kind, scope, knob.setting) if present else None
        out.append({
            'kind': knob.kind, 'setting': knob.setting, 'name': name, 'description': does, 'unit': unit,
            **allowed_range(knob, unit, box),
            'scope': scope,
            'exists': view.exists(knob.kind, scope, knob.setting) if present else None,
            'current': current,
            'default': knob.default_for(box),
            'risky_values': risky_values(knob, current if current is not None else knob.default_for(box), box),
        })
    return out


__all__ = ['allowed_range', 'box_of', 'editable_knobs', 'editable_settings', 'risky_values', 'setting_keys']
