"""Which disks are in use on an OpenZFS box, decided like TrueNAS does: by pool membership, not by labels.

A ZFS label alone does not make a disk busy: a cache/log device removed from a pool, or a disk of a destroyed pool,
keeps a stale one (and lsblk's udev data may be older still). A disk is in use when it is in an imported pool, when
`zpool import` would find it in an exported or foreign pool, or when something is mounted on it. Pure functions.
"""


def pool_members(pools):
    """{disk: (pool name, leaf vdev guid)} for every leaf of every imported pool."""
    members = {}
    for pool in pools:
        for vdevs in pool['topology'].values():
            for vdev in vdevs:
                for leaf in _leaves(vdev):
                    if leaf.get('disk'):
                        members[leaf['disk']] = (pool['name'], leaf['guid'])
    return members


def _leaves(vdev):
    yield vdev
    for child in vdev['children']:
        yield from _leaves(child)


def needs_import_scan(disks, members):
    """A scan (`zpool import`, slow-ish) only matters for labelled disks outside the imported pools."""
    return any(d['zfs_member'] and d['name'] not in members for d in disks)


def importable_disks(pools, disk_of, partition_parent):
    """`parse_zpool_import` pools -> {disk: pool name}; device paths map to their disk through lsblk's map."""
    found = {}
    for pool in pools:
        for device in pool['devices']:
            name = device.rsplit('/', 1)[-1]
            found[disk_of.get(name) or partition_parent(name)] = pool['name']
    return found


def disk_rows(disks, members, importable):
    """lsblk disks + pool membership + importable pools ({disk: pool}, or None when the scan failed) -> the
    backend's disk shape (see base.py), with `used_by` saying why an unpooled disk is busy."""
    rows = []
    for disk in disks:
        pool, guid = members.get(disk['name'], (None, None))
        used_by = disk['used_by'] if pool is None else None
        if pool is None and used_by is None and disk['zfs_member']:
            if importable is None:
                used_by = 'carries a ZFS label and the pool scan failed'
            elif disk['name'] in importable:
                used_by = f'member of exported pool {importable[disk["name"]]}'
        rows.append({'name': disk['name'], 'kind': disk['kind'], 'size': disk['size'], 'model': disk['model'],
                     'serial': disk['serial'], 'rotationrate': disk['rotationrate'], 'pool': pool,
                     'used_by': used_by, 'zfs_guid': guid})
    return rows
