"""Helpers for the plugin's API tests: a full snapshot of everything tuning can touch, and small call wrappers."""


STATISTICS = {'used', 'available', 'referenced', 'usedbysnapshots', 'usedbydataset', 'usedbychildren',
              'usedbyrefreservation', 'compressratio', 'creation'}


def full_snapshot(c) -> dict:
    """Everything a preset or revert may change, read through the appliance API (private calls allowed for the
    test client): tunable rows, live module parameters and sysctls, dataset properties, pool topology, services."""
    params = c.call('tunable.get_zfs_parameters')
    datasets = c.call('pool.dataset.query')
    props = {}
    for ds in datasets:
        # Settings only: space statistics (used, available) move on their own.
        props[ds['id']] = {k: (v['value'], v['source']) for k, v in ds.items()
                           if isinstance(v, dict) and 'value' in v and 'source' in v and k not in STATISTICS}
    zfs = c.call('zfs.resource.query', {'paths': [d['id'] for d in datasets],
                                         'properties': ['logbias', 'primarycache', 'secondarycache']})
    for res in zfs:
        for name, prop in res['properties'].items():
            source = prop['source'].get('type') if isinstance(prop['source'], dict) else prop['source']
            props[res['name']][name] = (prop['value'], source)
    pools = {p['name']: {role: sorted(str(v.get('children') or v.get('disk')) for v in p['topology'].get(role) or [])
                         for role in ('data', 'cache', 'log')} for p in c.call('pool.query')}
    tunables = sorted((t['type'], t['var'], t['value'], t['enabled']) for t in c.call('tunable.query'))
    sysctls = {name: c.call('tunable.get_sysctl', name) for name in (
        'net.core.rmem_max', 'net.core.wmem_max', 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem')}
    return {
        'zfs_parameters': {k: v['value'] for k, v in params.items()},
        'sysctls': sysctls, 'datasets': props, 'pools': pools, 'tunables': tunables,
        'smb': c.call('smb.config').get('multichannel'), 'nfs': c.call('nfs.config').get('servers'),
    }


def diff(before: dict, after: dict) -> list[str]:
    out = []
    for section in before:
        a, b = before[section], after[section]
        if isinstance(a, dict):
            for key in sorted(set(a) | set(b)):
                if a.get(key) != b.get(key):
                    out.append(f'{section}.{key}: {a.get(key)!r} -> {b.get(key)!r}')
        elif a != b:
            out.append(f'{section}: {a!r} -> {b!r}')
    return out


def error_fields(error) -> list[str]:
    """Field paths named by a validation error, from a call's -32602 reply or a failed job's exc_info."""
    if hasattr(error, 'attributes'):
        return error.attributes()
    extra = ((error.job.get('exc_info') or {}).get('extra')) or []
    return [e[0] for e in extra]
