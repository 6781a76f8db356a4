"""The last check before the plugin sends a value to the appliance: the setting is a registry knob, the value has
the knob's type and range in its canonical spelling, it is plain text, and the dataset or pool it goes to has a
valid ZFS name.

Applies compute canonical values already; reverts put back what a restore point recorded, and restore points,
presets and baselines can come from an imported database. Whatever the origin, nothing that fails here is sent:
a value with a newline in a module parameter would end up as a line of its own in ``/etc/modprobe.d``.
"""
import unicodedata

from ...shared.zfs_names import pool_name_error, zfs_name_error
from .constants import DATASET_PROPERTY, INHERIT, POOL_DEVICE, SYSCTL, ZFS_PARAMETER
from .registry import get_knob

MAX_VALUE_LENGTH = 512                    # TrueNAS's tunable value column


def value_error(kind: str, setting: str, value) -> str | None:
    """Why ``value`` must not be written to ``setting`` of ``kind``; None when it may."""
    knob = get_knob(kind, setting) if isinstance(kind, str) and isinstance(setting, str) else None
    if knob is None:
        return f'{kind}:{setting} is not a setting tuning manages'
    if not isinstance(value, str):
        return 'must be a string'
    if problem := _text_error(kind, value):
        return problem
    if kind == DATASET_PROPERTY and value.upper() == INHERIT:
        return None
    try:
        canonical = knob.normalise(value)
    except ValueError as e:
        return str(e)
    if canonical != ' '.join(value.split()):
        # The appliance gets the spelling the kernel and TrueNAS take ("4G" or "yes" would be refused live and
        # still be persisted for the next boot).
        return f'is not in the form tuning writes ({canonical!r})'
    return None


def desired_errors(desired: dict) -> list[tuple[str, str]]:
    """Field-named problems of one write in snapshot-row shape (``kind, scope, setting, value, source, tunable``),
    for the fields that write would send; [] when it may be sent."""
    kind, scope, setting = desired.get('kind'), desired.get('scope'), desired.get('setting')
    errors = []
    if kind in (ZFS_PARAMETER, SYSCTL):
        if 'tunable' in desired:
            tunable = desired['tunable']
            if tunable is not None:  # None: the tunable row is deleted, nothing is written
                if not isinstance(tunable, dict) or not isinstance(tunable.get('enabled'), bool):
                    errors.append(('tunable', 'must be {value, enabled} or null'))
                elif problem := value_error(kind, setting, tunable.get('value')):
                    errors.append(('tunable.value', problem))
        elif problem := value_error(kind, setting, desired.get('value')):
            errors.append(('value', problem))
    elif kind == DATASET_PROPERTY:
        if problem := zfs_name_error(scope):
            errors.append(('scope', f'dataset name {scope!r} {problem}'))
        if desired.get('source') not in ('INHERIT', 'INHERITED', 'DEFAULT') and \
                (problem := value_error(kind, setting, desired.get('value'))):
            errors.append(('value', problem))
    elif kind == POOL_DEVICE:
        if problem := pool_name_error(scope):
            errors.append(('scope', problem))
        if problem := value_error(kind, setting, desired.get('value') or ''):
            errors.append(('value', problem))
    elif problem := value_error(kind, setting, desired.get('value')):
        errors.append(('value', problem))
    return errors


def _text_error(kind: str, value: str) -> str | None:
    if len(value) > MAX_VALUE_LENGTH:
        return f'is longer than {MAX_VALUE_LENGTH} characters'
    if value != value.strip():
        return 'must not start or end with white space'
    allowed = '\t' if kind == SYSCTL else ''   # the kernel prints vector sysctls tab-separated
    bad = next((ch for ch in value if ch not in allowed and unicodedata.category(ch)[0] in 'CZ' and ch != ' '), None)
    if bad is not None:
        return f'contains the control or separator character {bad!r}'
    if kind == ZFS_PARAMETER and ' ' in value:
        return 'must not contain spaces (a module option is one word)'
    return None


__all__ = ['MAX_VALUE_LENGTH', 'desired_errors', 'value_error']
