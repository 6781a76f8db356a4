"""Settings under which a figure was measured that can lose data on power loss (pure).

A benchmark on a dataset with ``sync`` Disabled, or on a box that skips disk or log cache flushes, writes faster
because it no longer waits for the disks: a figure measured so is not what the pool does with safe writes. The
registry's risk rules decide which values those are (the ones a plan marks DANGEROUS), so this module, the plan and
the alerts agree.

- ``data_loss_knobs()``: the knobs that have such a value (``sync``, ``zfs_nocacheflush``, ``zil_nocacheflush``).
- ``data_loss_settings(rows)`` → ``[{kind, setting, name, scope, value, words}]`` of settings rows (a snapshot, a
  result's ``context.settings``) holding such a value; ``words``: "Synchronous writes Disabled on tank/media: not
  safe on power loss".
- ``recorded_data_loss(context)``: what a result's context says of them: its ``data_loss_settings`` (recorded since
  they are), else derived from the settings it recorded, else ``None`` (unknown: nothing was recorded).
- ``with_data_loss(context)``: the context with ``data_loss_settings`` derived where it can be (older results).
- ``phrase(item)`` / ``measured_with(items)``: "Synchronous writes Disabled on tank/media", "measured with ...: not
  safe on power loss".
"""
from .constants import DANGEROUS, GLOBAL_SCOPE
from .registry import KNOBS, get_knob
from .setting_words import name_of, value_words
from ..words import and_join
from .snapshot import canonical

FIELD = 'data_loss_settings'
NOT_SAFE = 'not safe on power loss'


def data_loss_knobs() -> list:
    """Knobs with a value the registry judges DANGEROUS (whatever it is set from)."""
    return [k for k in KNOBS if any(k.risk(value)[0] == DANGEROUS for value in k.normalise.domain.get('choices', ()))]


def phrase(item: dict) -> str:
    """"Synchronous writes Disabled on tank/media", "Skip disk cache flushes on" (box-wide: no place)."""
    where = '' if item['scope'] in (GLOBAL_SCOPE, '', None) else f' on {item["scope"]}'
    return f'{name_of(item["kind"], item["setting"])} {value_words(item["kind"], item["setting"], item["value"])}' \
           + where


def data_loss_settings(rows) -> list[dict]:
    """The rows (``{kind, scope, setting, value, exists}``) holding a value that can lose data on power loss, in
    registry order, each once."""
    found = {}
    for row in rows or ():
        if not isinstance(row, dict) or row.get('exists') is False or row.get('value') is None:
            continue
        kind, scope, setting = row.get('kind'), row.get('scope'), row.get('setting')
        knob = get_knob(kind, setting) if isinstance(kind, str) and isinstance(setting, str) else None
        if knob is None or not isinstance(scope, str):
            continue
        value = canonical(kind, setting, row['value'])
        if knob.risk(value)[0] == DANGEROUS:
            item = {'kind': kind, 'setting': setting, 'name': name_of(kind, setting), 'scope': scope, 'value': value}
            found[(kind, scope, setting)] = {**item, 'words': f'{phrase(item)}: {NOT_SAFE}'}
    order = {k.id: i for i, k in enumerate(KNOBS)}
    return [found[key] for key in sorted(found, key=lambda key: (order[(key[0], key[2])], key[1]))]


def recorded_data_loss(context) -> list[dict] | None:
    """What a result was measured with: its recorded ``data_loss_settings``, else derived from its recorded
    settings; ``None`` when it recorded neither (imported results; a client result of a share of no dataset
    recorded before they were)."""
    if not isinstance(context, dict):
        return None
    if FIELD in context:
        recorded = context[FIELD]
        return recorded if isinstance(recorded, list) else None
    rows = context.get('settings')
    if isinstance(rows, list) and rows:
        return data_loss_settings(rows)
    return None


def with_data_loss(context):
    """``context`` with ``data_loss_settings`` where it can be told (a result stored before they were recorded);
    unchanged otherwise."""
    if not isinstance(context, dict) or FIELD in context:
        return context
    found = recorded_data_loss(context)
    return context if found is None else {**context, FIELD: found}


def measured_with(items: list[dict]) -> str:
    """"measured with Synchronous writes Disabled on tank/media: not safe on power loss"."""
    return f'measured with {and_join([phrase(i) for i in items])}: {NOT_SAFE}'


def merged_data_loss(contexts: list) -> list[dict] | None:
    """Of several rounds' contexts (a campaign's merged result): every such setting any round had; ``None`` when a
    round cannot tell."""
    found = [recorded_data_loss(c) for c in contexts]
    if any(f is None for f in found):
        return None
    return data_loss_settings([item for items in found for item in items])


__all__ = ['FIELD', 'NOT_SAFE', 'data_loss_knobs', 'data_loss_settings', 'measured_with', 'merged_data_loss',
           'phrase', 'recorded_data_loss', 'with_data_loss']
