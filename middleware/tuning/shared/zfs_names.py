"""ZFS names (pools, datasets, snapshots, bookmarks) checked the way OpenZFS's namecheck does, in one pure function.

The plugin and the standalone host both call it before a name reaches a command, a path or a query, so a name such
as ``tank/../../victim`` never becomes a directory outside a pool. Rules (OpenZFS ``zfs_namecheck.c``, libzfs):
components of letters, digits and ``_ . : -`` and space, separated by ``/``; no empty component, no ``.`` or ``..``
component; at most 255 characters; the pool (first component) starts with a letter, is not a reserved word and does
not look like a disk (``c0``...); ``@snapshot`` / ``#bookmark`` only where the caller means one.
"""
import re

MAX_NAME_LENGTH = 255                        # ZFS_MAX_DATASET_NAME_LEN (256) counts the terminating NUL
RESERVED_POOL_NAMES = ('mirror', 'raidz', 'draid', 'spare', 'log')
_COMPONENT = re.compile(r'[A-Za-z0-9_.: -]+')
_DISK_LIKE = re.compile(r'c[0-9]')


def zfs_name_error(name, *, snapshot: bool = False, bookmark: bool = False) -> str | None:
    """Why ``name`` is not a valid ZFS dataset name (or snapshot/bookmark name when allowed), said to follow "it"
    (callers write "... is not a ZFS dataset name: it {problem}."); None when it is."""
    if not isinstance(name, str):
        return 'must be a string'
    if not name:
        return 'must not be empty'
    if len(name) > MAX_NAME_LENGTH:
        return f'is longer than {MAX_NAME_LENGTH} characters'
    path, delimiter, tail = _split_tail(name)
    if delimiter == '@' and not snapshot:
        return "must not contain '@' (snapshots are not accepted here)"
    if delimiter == '#' and not bookmark:
        return "must not contain '#' (bookmarks are not accepted here)"
    if delimiter and (problem := _component_error(tail, f'name after {delimiter!r}')):
        return problem
    if path.startswith('/'):
        return 'must not start with /'
    if path.endswith('/'):
        return 'must not end with /'
    components = path.split('/')
    for component in components:
        if problem := _component_error(component, 'component'):
            return problem
    return f'has an unusable pool name: {problem}' if (problem := pool_name_error(components[0])) else None


def pool_name_error(name) -> str | None:
    """Why ``name`` is not a valid pool name; None when it is."""
    if not isinstance(name, str) or not name:
        return 'needs a pool name'
    if problem := _component_error(name, 'pool name'):
        return f'pool name {name!r} {problem}'
    if not name[0].isascii() or not name[0].isalpha():
        return f'pool name {name!r} must start with a letter'
    if name in RESERVED_POOL_NAMES:
        return f'pool name {name!r} is reserved'
    if _DISK_LIKE.match(name):
        return f'pool name {name!r} looks like a disk name (c0, c1...)'
    return None


def _split_tail(name: str) -> tuple[str, str, str]:
    """``(dataset path, '@' or '#' or '', snapshot/bookmark name)``; a second delimiter stays in the tail."""
    cut = min((i for i in (name.find('@'), name.find('#')) if i >= 0), default=-1)
    if cut < 0:
        return name, '', ''
    return name[:cut], name[cut], name[cut + 1:]


def _component_error(component: str, what: str) -> str | None:
    """Why one part of a name is refused, said to follow "it" (``'../etc' is not a ZFS dataset name: it must not
    have '..' as a component``); ``what`` names the part: "component", "pool name", "name after '@'"."""
    if not component:
        return f'must not have an empty {what} (// or a leading or trailing delimiter)'
    if component in ('.', '..'):
        return f'must not have {component!r} as a {what}'
    if not _COMPONENT.fullmatch(component):
        bad = next(ch for ch in component if not _COMPONENT.fullmatch(ch))
        return f'contains {bad!r}: use letters, digits, space and _ . : -'
    return None


__all__ = ['MAX_NAME_LENGTH', 'RESERVED_POOL_NAMES', 'pool_name_error', 'zfs_name_error']
