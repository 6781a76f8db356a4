"""The issue 12 load (bench_load.py) against TrueNAS's own middlewared, for scale: the real framework of a release
(the live tier's launcher: middlewared with the tuning plugin installed by our installer, on a fake box) and the
bare aiohttp JSON-RPC server answering the same payloads, taking turns within each round. Issue 22: the plugin's
reads beside one of middlewared's own query methods (`tunable.query`, a datastore query of its own plugin), with
max-seq-write applied to tank/media first so that `tuning.state` reads the box for drift on every call.

The clients reach middlewared through its unix socket, where it authenticates the peer itself (root; no login
call), as the live tier's own client does: middlewared's password login needs PAM, which this machine lacks. The bare
server is reached over loopback TCP as in bench_load.py. Nothing is asserted; it prints the same table.

    eval "$(scripts/truenas-env.sh 25.10)"; export MIDDLEWARED_SRC TRUENAS_API_CLIENT_SRC TRUENAS_VERSION
    "$PYTHON" tests/bench/bench_load_truenas.py [--rounds 5] [--clients 50] [--calls 20]
"""
import argparse
import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(BENCH, '..', 'truenas_live'))
sys.path.insert(0, os.environ.get('TRUENAS_API_CLIENT_SRC', ''))
from bench_load import CASES, MIX, Rpc, Target, load, print_table, start_bare, wait_listening  # noqa: E402
from server import ready_server  # noqa: E402


# middlewared's own query method, for scale: what one of its plugins' reads costs in the same framework
OWN = 'tunable.query'
CASES[OWN] = [(OWN, [])]
READS = ('core.ping', OWN, 'tuning.preset.query', 'tuning.state', 'tuning.profile', 'tuning.restore_point.query',
         'tuning.benchmark.query')
TARGET = {'pool': 'tank', 'dataset': 'tank/media'}
# The bar inside the product's home: a tuning read costs at most twice one of middlewared's own datastore queries.
# (Against the bare server no method of middlewared's reaches 0.5 x: its own core.ping measured 0.20 x.)
OWN_GOAL = 0.5


async def capture(socket_path):
    """What middlewared returns for each method (the bare server answers with the same)."""
    import aiohttp
    async with aiohttp.ClientSession(connector=aiohttp.UnixConnector(path=socket_path)) as session:
        rpc = Rpc(await session.ws_connect('http://localhost/api/current', max_msg_size=0))
        payloads = {m: await rpc.call(m) for m in READS}
        payloads['auth.login_ex'] = {'response_type': 'SUCCESS'}   # the bare server's clients log in
        await rpc.close()
    return payloads


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--clients', type=int, default=50)
    parser.add_argument('--calls', type=int, default=20, help='calls of each method per client per round')
    parser.add_argument('--pipeline', type=int, default=1)
    args = parser.parse_args()
    if not os.environ.get('MIDDLEWARED_SRC'):
        sys.exit('needs a release environment: eval "$(scripts/truenas-env.sh 25.10)" and export its variables')
    print(f'TrueNAS {os.environ.get("TRUENAS_VERSION", "?")}: {args.clients} clients, {args.rounds} rounds of '
          f'{args.calls} calls of each of {", ".join(READS)} and the panel\'s mix; middlewared and the bare server '
          'take turns')
    with tempfile.TemporaryDirectory(prefix='bench-load-truenas-') as home:
        with ready_server(Path(home)) as srv:
            with srv.client() as c:
                applied = c.call('tuning.preset.apply', 'max-seq-write', TARGET, {'acknowledge': []}, job=True)
                print(f'applied max-seq-write to tank/media: {len(applied["applied"])} settings')
            payloads = asyncio.run(capture(srv.socket_path))
            print('payloads: ' + ', '.join(f'{m} {len(json.dumps(payloads[m]))} B' for m in READS))
            bare, port, path = start_bare(payloads)
            try:
                bare_url = f'ws://127.0.0.1:{port}/api/current'
                wait_listening(bare_url)
                real = Target('middlewared', 'http://localhost/api/current', srv.proc.pid, login=None,
                              unix_socket=srv.socket_path)
                plain = Target('bare', bare_url, bare.pid)
                asyncio.run(load([real, plain], args, [*READS, MIX]))
            finally:
                bare.terminate()
                bare.wait()
                os.unlink(path)
    print_table(real, plain, floor_of=OWN, short='tunable')
    rates = real.rates()
    print()
    for case in (c for c in rates if c.startswith('tuning.')):
        ratio = rates[case] / rates[OWN]
        print(f'{case} >= {OWN_GOAL} x {OWN} in the same middlewared: {ratio:.3f} x  '
              f'{"PASS" if ratio >= OWN_GOAL else "MISS"}')


if __name__ == '__main__':
    main()
