"""Which stored columns a query needs: a query that selects a few fields reads no others from SQLite (a result's
per-run figures and context are most of its row, and decoding them most of a query's cost)."""


def top_name(path: str) -> str:
    """The first part of a query's dotted field path (``a\\.b.c`` -> ``a.b``: an escaped dot is part of a name)."""
    name, i = '', 0
    while i < len(path):
        if path[i] == '\\' and path[i + 1:i + 2] == '.':
            name, i = name + '.', i + 2
            continue
        if path[i] == '.':
            break
        name, i = name + path[i], i + 1
    return name


def filter_names(filters) -> set[str] | None:
    """The top-level fields TrueNAS query ``filters`` test (``OR`` branches too); None when a filter has a shape
    this does not know (the caller then reads every column and lets the query refuse it)."""
    names = set()
    for f in filters or []:
        if not isinstance(f, (list, tuple)) or not f:
            return None
        if f[0] == 'OR' and len(f) == 2 and isinstance(f[1], (list, tuple)):
            for branch in f[1]:
                # a branch is one filter or a list of them (all must hold)
                inner = filter_names(branch if branch and isinstance(branch[0], (list, tuple)) else [branch])
                if inner is None:
                    return None
                names |= inner
        elif len(f) == 3 and isinstance(f[0], str):
            names.add(top_name(f[0]))
        else:
            return None
    return names


def order_name(order: str) -> str:
    for prefix in ('nulls_first:', 'nulls_last:'):
        order = order.removeprefix(prefix)
    return top_name(order.removeprefix('-'))


def select_name(item) -> str | None:
    """A ``select`` item's top-level field: ``"a.b"`` or ``["a.b", "alias"]``."""
    if isinstance(item, str):
        return top_name(item)
    if isinstance(item, (list, tuple)) and item and isinstance(item[0], str):
        return top_name(item[0])
    return None


def query_columns(filters, options: dict, columns: tuple, always: tuple = ('id',)) -> tuple:
    """The ``columns`` (in their order) a query with these ``filters`` and ``options`` needs: those it filters and
    orders by, and those it selects (every one without ``select``; none with ``count``), with ``always``. A name
    that is no column (a field computed from others, a typo) reads nothing; anything not understood reads all."""
    options = options or {}
    names = filter_names(filters)
    if names is None:
        return columns
    for order in options.get('order_by') or []:
        if not isinstance(order, str):
            return columns
        names.add(order_name(order))
    if not options.get('count'):
        select = options.get('select') or []
        if not select:
            return columns
        for item in select:
            if (name := select_name(item)) is None:
                return columns
            names.add(name)
    names.update(always)
    return tuple(c for c in columns if c in names)
