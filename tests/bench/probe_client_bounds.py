"""Issue 20 figures for the client kit's HTTP surface, as a token holder would try it: a NaN in a posted result, 30
oversized posts (16 MiB bodies, the most a post may be, with one padded fio document) and 30 of the largest a session
can store (120 fio documents padded to just under the 64 KiB a document may be), the data directory's size before and
after each; the parser's edges ('[' × 100000, a step id of 2**70), a host name with a newline; a session's second
network measurement and what the admin's apply says while one runs.

Starts a fresh sandbox host on a free loopback port (tests/api/hosting.py local_host). Measures; asserts nothing.
Run: PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/probe_client_bounds.py [--posts 30]
"""
import argparse
import collections
import copy
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'api'))
from hosting import free_port, local_host  # noqa: E402
from test_client_api import http, result_of  # noqa: E402

FIO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures', 'bench', 'fio')
FIXTURES = {'SEQ_WRITE': 'seq-write-libaio-direct.json', 'SEQ_READ': 'seq-read-psync.json',
            'RAND_READ_4K': 'randread-libaio-direct.json', 'RAND_WRITE_4K': 'randwrite-psync.json',
            'MIXED_70_30': 'randrw-70-30.json', 'SYNC_WRITE_4K': 'sync-write-dsync.json'}
MIB = 1024 * 1024
MAX_BODY = 16 * MIB   # client_http.MAX_BODY_BYTES
RUNS = 20             # the most a session's plan has: 6 tests × 20 runs = 120 fio documents


def fio(test):
    with open(os.path.join(FIO_DIR, FIXTURES[test])) as f:
        return json.load(f)


def dir_bytes(path):
    return sum(os.path.getsize(os.path.join(d, name)) for d, _, names in os.walk(path) for name in names
               if os.path.exists(os.path.join(d, name)))


def mb(n):
    return f'{n / 1e6:.1f} MB'


def padded(doc, size):
    """``doc`` with a ``padding`` key making its compact JSON about ``size`` bytes."""
    base = len(json.dumps(doc, separators=(',', ':'))) + len(',"padding":""')
    return {**doc, 'padding': 'x' * max(0, size - base)}


def show(what, status, answer):
    error = answer.get('error') if isinstance(answer, dict) else None
    words = f'{error["errname"]}: {error["reason"][:200]}' if error else json.dumps(answer)[:200]
    print(f'  {what}: HTTP {status} {words}')


def post_many(host, session, body, posts, what):
    """POST the same body ``posts`` times; prints what the data directory did."""
    data = json.dumps(body).encode()
    before = dir_bytes(host.data_dir)
    statuses = collections.Counter()
    last = None
    start = time.perf_counter()
    for _ in range(posts):
        status, _, answer = http(host, 'POST', 'v1/results', session['token'], data)
        statuses[status] += 1
        last = (status, answer)
    elapsed = time.perf_counter() - start
    after = dir_bytes(host.data_dir)
    print(f'{posts} posts of {what} ({mb(len(data))} each): {dict(sorted(statuses.items()))} in {elapsed:.1f} s; '
          f'data dir {mb(before)} -> {mb(after)} (+{mb(after - before)})')
    show('last answer', *last)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--posts', type=int, default=30)
    args = parser.parse_args()
    with local_host() as host:
        c = host.client()

        def session(**options):
            return c.call('tuning.client.session.create', {'protocol': 'NFS', 'box_url': host.http_url, **options})

        print(f'data dir at start: {mb(dir_bytes(host.data_dir))}')
        plain = session(tests=['SEQ_WRITE', 'SEQ_READ'], runs=2)
        text = json.dumps(result_of(plain))
        bw = fio('SEQ_WRITE')['jobs'][0]['write']['bw_bytes']
        status, _, answer = http(host, 'POST', 'v1/results', plain['token'],
                                 text.replace(f'"bw_bytes": {bw}', '"bw_bytes": NaN', 1).encode())
        print('NaN in a posted result:')
        print(f'  HTTP {status} {json.dumps(answer)}')
        show("'[' x 100000", *http(host, 'POST', 'v1/results', plain['token'], b'[' * 100000)[::2])
        show('step_id 2**70', *http(host, 'POST', 'v1/results', plain['token'],
                                     result_of(plain, step_id=2 ** 70))[::2])
        forged = result_of(plain, client={**result_of(plain)['client'], 'hostname': 'ws1\nFORGED line'})
        show('host name with a newline', *http(host, 'POST', 'v1/results', plain['token'], forged)[::2])
        with open(os.path.join(host.data_dir, 'host.log'), errors='replace') as f:
            print(f'  lines of host.log starting with FORGED: {sum(line.startswith("FORGED") for line in f)}')

        # oversized: a 16 MiB body, the whole of it one padded fio document (what the probe posted)
        one = session(tests=['SEQ_WRITE', 'SEQ_READ'], runs=2)
        body = result_of(one)
        body['fio'][0]['output'] = padded(body['fio'][0]['output'], MAX_BODY - len(json.dumps(body)) - 4096)
        post_many(host, one, body, args.posts, 'one padded fio document')

        # the largest a session can store: 120 fio documents, each just under a document's 64 KiB
        full = session(tests=list(FIXTURES), runs=RUNS)
        body = result_of(full, fio=[{'test': test, 'run': run, 'output': padded(fio(test), 63 * 1024)}
                                    for test in FIXTURES for run in range(1, RUNS + 1)])
        post_many(host, full, body, args.posts, '120 fio documents of 63 KiB')

        # the box held by a session's network measurement
        print('network measurements of one session:')
        c.subscribe('core.get_jobs')
        net = session(network_interface='eno1', network_port=free_port())
        status, _, started = http(host, 'POST', 'v1/network', net['token'])
        show('first start', status, started)
        if status == 202:
            try:
                c.job('tuning.preset.apply', 'max-iops', {'pool': 'tank', 'dataset': 'tank/media'},
                      {'acknowledge': []})
            except Exception as e:   # what the admin is told
                print(f'  the admin\'s tuning.preset.apply meanwhile: {e}')
            c.call('core.job_abort', started['job_id'])
            c.wait_job(started['job_id'], timeout=60)
            status, headers, answer = http(host, 'POST', 'v1/network', net['token'])
            show('second start, after the first was aborted', status, answer)
            print(f'  Retry-After: {headers.get("Retry-After")}')
            again = [j for j in c.call('core.get_jobs', [['method', '=', 'tuning.network.measure']])
                     if j['state'] not in ('SUCCESS', 'FAILED', 'ABORTED')]
            for job in again:
                c.call('core.job_abort', job['id'])
        print(f'data dir at the end: {mb(dir_bytes(host.data_dir))}')


if __name__ == '__main__':
    main()
