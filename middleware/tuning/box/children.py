"""Reads, for a plan's dataset properties, where each child dataset of the target gets its value from (one call)."""
from ..core.presets.children import children_inheritance, children_words
from ..framework import plain


def _source_type(prop) -> str | None:
    """25.10 and 26.0 give ``{type, value}``; a property the dataset does not have is absent or None."""
    if not isinstance(prop, dict):
        return None
    source = prop.get('source')
    return source.get('type') if isinstance(source, dict) else source


async def read_child_sources(middleware, target: str, settings: list[str]) -> dict[str, dict[str, str | None]]:
    """{setting: {child dataset: source type}} of ``target``'s descendants. zfs.resource.query reads every dataset
    property tuning sets under its ZFS name, both routes alike; 26.0 gives sources only when asked (get_source
    defaults to false there, true on 25.10)."""
    found = {setting: {} for setting in settings}
    if not settings:
        return found
    for res in await middleware.call('zfs.resource.query', {
        'paths': [target], 'properties': sorted(settings), 'get_children': True, 'get_source': True,
    }):
        res = plain(res)
        if res['name'] == target:
            continue
        for setting in settings:
            found[setting][res['name']] = _source_type((res.get('properties') or {}).get(setting))
    return found


def with_children(changes: list[dict], target: str, sources: dict[str, dict]) -> list[dict]:
    """Dataset-property rows of ``target`` with which children inherit the change and which keep their own value,
    as fields and in the row's words (its rationale)."""
    out = []
    for row in changes:
        if row['kind'] != 'DATASET_PROPERTY' or row['scope'] != target or row['setting'] not in sources:
            out.append(row)
            continue
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
