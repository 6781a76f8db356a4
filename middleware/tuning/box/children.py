"""Reads, for a plan's dataset properties, where each child dataset of the target gets its value from (one call).

An answer that could not be read is never taken for "no dataset below": a plan row then has no children fields and
says in its words that it could not tell, a state row says ``children_unknown``; a data-loss setting is never
described as reaching its dataset alone.
"""
import logging

from ..core.presets.children import children_inheritance, children_words, unknown_children_words
from ..core.presets.constants import DANGEROUS
from ..framework import plain

log = logging.getLogger('tuning')
UNKNOWN = {'children_inheriting': None, 'children_inheriting_count': None, 'children_overriding': None,
           'children_overriding_count': None}


def _source_type(prop) -> str | None:
    """25.10 and 26.0 give ``{type, value}``; a property the dataset does not have is absent or None."""
    if not isinstance(prop, dict):
        return None
    source = prop.get('source')
    return source.get('type') if isinstance(source, dict) else source


async def read_child_sources(middleware, target: str,
                             settings: list[str]) -> dict[str, dict[str, str | None]] | None:
    """{setting: {child dataset: source type}} of ``target``'s descendants; None when they could not be read (the
    call failed, or its answer lacks ``target`` itself: then it says nothing of what lies below). zfs.resource.query
    (25.10 and 26.0 alike: libzfs's query_impl, every descendant with ``get_children``) reads every dataset property
    tuning sets under its ZFS name; 26.0 gives sources only when asked (get_source defaults to false there)."""
    found = {setting: {} for setting in settings}
    if not settings:
        return found
    try:
        answer = [plain(res) for res in await middleware.call('zfs.resource.query', {
            'paths': [target], 'properties': sorted(settings), 'get_children': True, 'get_source': True,
        })]
    except Exception:
        log.warning('tuning: could not read the datasets below %s', target, exc_info=True)
        return None
    if not any(res.get('name') == target for res in answer):
        return None
    for res in answer:
        if res['name'] == target:
            continue
        for setting in settings:
            found[setting][res['name']] = _source_type((res.get('properties') or {}).get(setting))
    return found


def with_children(changes: list[dict], target: str, sources: dict[str, dict] | None) -> list[dict]:
    """Dataset-property rows of ``target`` with which children inherit the change and which keep their own value,
    as fields and in the row's words (its rationale); ``sources`` None (not read): each such row says so."""
    out = []
    for row in changes:
        if row['kind'] != 'DATASET_PROPERTY' or row['scope'] != target:
            out.append(row)
        elif sources is None:
            out.append(row | UNKNOWN | {'rationale': f'{row["rationale"]} {unknown_children_words(target)}'})
        elif row['setting'] not in sources:
            out.append(row)
        else:
            children = children_inheritance(target, sources[row['setting']])
            words = children_words(children)
            out.append(row | children | ({'rationale': f'{row["rationale"]} {words}'} if words else {}))
    return out


async def add_children(middleware, plan: dict) -> dict:
    """``plan`` (public) with its dataset-property changes saying which children of the target follow them."""
    target = plan['target'].get('dataset') or plan['target']['pool']
    settings = sorted({c['setting'] for c in plan['changes'] if c['kind'] == 'DATASET_PROPERTY'
                       and c['scope'] == target})
    if not settings:
        return plan
    sources = await read_child_sources(middleware, target, settings)
    return plan | {'changes': with_children(plan['changes'], target, sources)}


async def add_state_children(middleware, in_effect: list[dict], gone=()) -> list[dict]:
    """``tuning.state``'s rows, each DANGEROUS dataset property with the datasets below it that inherit its value
    (``children_inheriting``/``_count``; ``children_unknown`` when they could not be read): one call per dataset
    holding such a setting, none on a box without one; ``gone``: keys whose dataset was destroyed (not read). What
    an alert and the Overview's warning name."""
    wanted: dict[str, set[str]] = {}
    for row in in_effect:
        if row['kind'] == 'DATASET_PROPERTY' and row['risk'] == DANGEROUS and row['key'] not in gone:
            wanted.setdefault(row['scope'], set()).add(row['setting'])
    sources = {scope: await read_child_sources(middleware, scope, sorted(settings))
               for scope, settings in sorted(wanted.items())}
    out = []
    for row in in_effect:
        if row['scope'] not in sources or row['kind'] != 'DATASET_PROPERTY' or row['risk'] != DANGEROUS \
                or row['key'] in gone:
            out.append(row)
            continue
        found = sources[row['scope']]
        if found is None:
            out.append(row | {'children_inheriting': None, 'children_inheriting_count': None,
                              'children_unknown': True})
            continue
        children = children_inheritance(row['scope'], found[row['setting']])
        out.append(row | {'children_inheriting': children['children_inheriting'],
                          'children_inheriting_count': children['children_inheriting_count']})
    return out
