"""Which datasets below a plan's target follow a change of one of its properties, and which keep their own value.

A child follows the target's value when neither it nor any dataset between it and the target holds the property
itself (a LOCAL, RECEIVED or TEMPORARY source): ZFS resolves an inherited value from the nearest ancestor that holds
one. A child without the property (a volume has no recordsize) is in neither list.
"""
CHILDREN_SHOWN = 50          # names per list; the counts say how many there are in all
FOLLOWING = ('INHERITED', 'DEFAULT')
NO_PROPERTY = (None, 'NONE')   # absent, or a property the dataset cannot hold


def holds_own(source: str | None) -> bool:
    """A source that is not an inheritance: the dataset keeps its value whatever its parent holds."""
    return source not in NO_PROPERTY and source not in FOLLOWING


def children_inheritance(target: str, sources: dict[str, str | None], shown: int = CHILDREN_SHOWN) -> dict:
    """``sources``: {dataset: source type of the property} for the target's descendants (missing: no property).
    Returns the row fields: up to ``shown`` names of each list (sorted), and the counts of all."""
    inheriting, overriding = [], []
    for name in sorted(sources):
        if not name.startswith(target + '/') or sources[name] in NO_PROPERTY:
            continue
        path = name[len(target) + 1:].split('/')
        between = [f'{target}/{"/".join(path[:depth])}' for depth in range(1, len(path) + 1)]
        (overriding if any(holds_own(sources.get(d)) for d in between) else inheriting).append(name)
    return {'children_inheriting': inheriting[:shown], 'children_inheriting_count': len(inheriting),
            'children_overriding': overriding[:shown], 'children_overriding_count': len(overriding)}


def names_words(names: list[str], count: int, few: int = 3) -> str:
    """"tank/a, tank/b, tank/c and 4 more": the first ``few`` of ``names``, ``count`` of them in all."""
    listed = ', '.join(names[:few])
    return listed if count <= few else f'{listed} and {count - few} more'



def children_words(found: dict) -> str | None:
    """The sentence a plan row says about its dataset's children; None when it has none with the property."""
    inheriting, overriding = found['children_inheriting_count'], found['children_overriding_count']
    parts = []
    if inheriting:
        verb = 'inherits' if inheriting == 1 else 'inherit'
        parts.append(f'{"Child dataset" if inheriting == 1 else "Child datasets"} '
                     f'{names_words(found["children_inheriting"], inheriting)} {verb} this change.')
    if overriding:
        verb = 'holds its own value and keeps it' if overriding == 1 else 'hold their own value and keep it'
        parts.append(f'{names_words(found["children_overriding"], overriding)} {verb} (not changed by this plan).')
    return ' '.join(parts) or None


def unknown_children_words(target: str) -> str:
    """A plan row's sentence when the datasets below ``target`` could not be read: never "nothing below"."""
    return (f'Which datasets below {target} inherit this change could not be read: every one of them that does not '
            f'hold its own value changes with it.')


def inheriting_phrase(target: str, names: list[str] | None, count: int | None) -> str:
    """Where a setting of ``target`` reaches, for an alert or a warning: "tank" alone, "tank and the datasets below
    it that inherit it (tank/media)" (the first few names, "and 4 more"); ``count`` None: they could not be read."""
    if count is None:
        return f'{target} and any dataset below it that inherits it (which ones could not be read)'
    if not count:
        return target
    return f'{target} and the datasets below it that inherit it ({names_words(names or [], count)})'


__all__ = ['CHILDREN_SHOWN', 'children_inheritance', 'children_words', 'holds_own', 'inheriting_phrase',
           'names_words', 'unknown_children_words']
