"""Helpers for the plugin's API tests (also used by the VM tier): a full snapshot of everything tuning can touch,
small call wrappers, following a campaign across host restarts, waiting on a state."""
import base64
import json
import time
import urllib.error
import urllib.request
import uuid

import websocket

from client import HANG_SECONDS, POLL_SECONDS, ConnectionLost, RpcError

FINAL = ('DONE', 'FAILED', 'ABORTED')


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


def campaign(c, id_):
    return c.call('tuning.campaign.query', [['id', '=', id_]], {'get': True})


def until(condition, what, alive=None, said=None):
    """``condition()``'s value once it is true (a state nothing announces, polled). Fails in words when the child
    process ``alive`` ends before it holds or after HANG_SECONDS (a hang); ``said()`` goes into the message."""
    deadline = time.monotonic() + HANG_SECONDS
    while True:
        value = condition()
        if value:
            return value
        if alive is not None and alive.poll() is not None:
            value = condition()  # it may have come true just before the child ended
            assert value, f'{what}: the child ended first (exit status {alive.returncode}){_words(said)}'
            return value
        assert time.monotonic() < deadline, f'no {what} within {HANG_SECONDS:.0f} s (a hang){_words(said)}'
        time.sleep(POLL_SECONDS)


def _words(said):
    return f':\n{said()}' if said is not None else ''


def follow_to_the_end(host, id_, timeout=HANG_SECONDS):
    """Follow a campaign through host restarts (sandbox restarts or real reboots: `host` has
    boot_id(quiet) and wait_until_back(old_boot_id)) until it ends; returns its final row."""
    while True:
        boot = host.boot_id(quiet=True)
        try:
            c = host.client(private_methods=True)
            try:
                c.subscribe('tuning.campaign.query')
                row = campaign(c, id_)
                if row['state'] in FINAL:
                    return row
                c.wait_event(lambda e: e.get('collection') == 'tuning.campaign.query' and e.get('id') == id_,
                             timeout=timeout)
            finally:
                c.close()
        except (RpcError, ConnectionLost, OSError, websocket.WebSocketException) as e:   # going down for a reboot
            if isinstance(e, RpcError) and e.errname != 'ESHUTDOWN':
                raise
            host.wait_until_back(boot)


def multipart(parts: list[tuple[str, bytes, str | None]]) -> tuple[bytes, str]:
    """A multipart/form-data body of (name, content, filename) parts and its Content-Type."""
    boundary = f'tuning-{uuid.uuid4().hex}'
    body = b''
    for name, content, filename in parts:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else '')
        body += (f'--{boundary}\r\nContent-Disposition: {disposition}\r\n'
                 f'Content-Type: application/octet-stream\r\n\r\n').encode() + content + b'\r\n'
    return body + f'--{boundary}--\r\n'.encode(), f'multipart/form-data; boundary={boundary}'


def upload(http_url: str, method: str, params: list, data: bytes, authorization: str | None,
           parts: list | None = None) -> tuple[int, bytes]:
    """POST /_upload as TrueNAS's web UI and scripts do: a `data` part naming the job, then the `file` part.
    Returns (HTTP status, body); `parts` replaces the standard two parts (malformed requests)."""
    body, content_type = multipart(parts if parts is not None else [
        ('data', json.dumps({'method': method, 'params': params}).encode(), None), ('file', data, 'upload.bin')])
    headers = {'Content-Type': content_type}
    if authorization:
        headers['Authorization'] = authorization
    request = urllib.request.Request(http_url + '/_upload', data=body, headers=headers, method='POST')
    try:
        with urllib.request.urlopen(request, timeout=HANG_SECONDS) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def basic_auth(username: str, password: str) -> str:
    return 'Basic ' + base64.b64encode(f'{username}:{password}'.encode()).decode()
