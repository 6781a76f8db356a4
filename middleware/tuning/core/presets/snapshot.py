"""Settings snapshots: the keys the plugin must read for a target, and a read-only view over what it read.

A snapshot maps ``key = f"{kind}:{scope}:{setting}"`` to ``{kind, scope, setting, value: str|None, exists: bool,
writable: bool|None, source: LOCAL|INHERITED|DEFAULT|None}``. A list of such rows is accepted too.
"""
from .constants import DATASET_PROPERTY, GLOBAL_SCOPE, POOL_DEVICE, SYSCTL, ZFS_PARAMETER
from .registry import KNOBS, get_knob


def make_key(kind: str, scope: str, setting: str) -> str:
    return f'{kind}:{scope}:{setting}'


def parse_key(key: str) -> tuple[str, str, str]:
    """``make_key``'s inverse. The scope is what may hold a colon (ZFS allows one in a dataset name: "tank/a:b");
    kinds and setting names never do."""
    kind, rest = key.split(':', 1)
    scope, setting = rest.rsplit(':', 1)
    return kind, scope, setting


def scope_for(kind: str, setting: str, target: dict) -> str:
    """Where a setting lives for this target: the dataset, the pool, the service or "global"."""
    if kind == DATASET_PROPERTY:
        return target.get('dataset') or target['pool']
    if kind == POOL_DEVICE:
        return target['pool']
    if kind in (ZFS_PARAMETER, SYSCTL):
        return GLOBAL_SCOPE
    knob = get_knob(kind, setting)
    return knob.scope if knob else setting


def keys_to_read(profile: dict, target: dict) -> list[tuple[str, str, str]]:
    """Every (kind, scope, setting) any preset (built-in or custom) may touch for ``target``, in apply order.

    ``profile`` is accepted so the contract can grow (e.g. per-NIC settings); today the registry alone decides.
    """
    del profile
    return [(knob.kind, scope_for(knob.kind, knob.setting, target), knob.setting) for knob in KNOBS]


class SettingsView:
    """Read access to a settings snapshot with values in canonical spelling (see ``values``)."""

    def __init__(self, snapshot):
        if isinstance(snapshot, dict):
            rows = snapshot.values()
        else:
            rows = snapshot or []
        self._rows = {make_key(r['kind'], r['scope'], r['setting']): r for r in rows}

    def entry(self, kind: str, scope: str, setting: str) -> dict | None:
        return self._rows.get(make_key(kind, scope, setting))

    def exists(self, kind: str, scope: str, setting: str) -> bool:
        """Present on this box. A row the plugin did not read counts as absent: never propose the unknown."""
        row = self.entry(kind, scope, setting)
        return bool(row and row.get('exists', True) and (row.get('value') is not None or kind == POOL_DEVICE))

    def value(self, kind: str, scope: str, setting: str) -> str | None:
        """Current value in canonical spelling; an unparseable value is returned as read (so it differs)."""
        row = self.entry(kind, scope, setting)
        if not row or row.get('value') is None:
            return '' if row and kind == POOL_DEVICE and row.get('exists', True) else None
        return canonical(kind, setting, row['value'])

    def int_value(self, kind: str, scope: str, setting: str) -> int | None:
        value = self.value(kind, scope, setting)
        try:
            return int(value) if value is not None else None
        except ValueError:
            return None

    def writable(self, kind: str, scope: str, setting: str) -> bool | None:
        row = self.entry(kind, scope, setting)
        return row.get('writable') if row else None

    def source(self, kind: str, scope: str, setting: str) -> str | None:
        row = self.entry(kind, scope, setting)
        return row.get('source') if row else None


def canonical(kind: str, setting: str, raw) -> str:
    knob = get_knob(kind, setting)
    text = str(raw)
    if knob is None:
        return text
    try:
        return knob.normalise(text)
    except ValueError:
        return text
