"""Issue 20 figures: a query filter's regular expression cannot freeze the standalone host. Measures and prints;
asserts nothing. From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/probe_regex_filter.py [--rounds N]

1. Over the API (a host of its own): how long the hostile calls take to answer (`tuning.preset.query` with
   `(.|.)*#` as the read-only user, `core.get_jobs` with it over a failed job's error, a bounded pattern too costly
   for the rows, and a web UI style search that runs), and how long a `core.ping` sent by another client at the
   same moment takes.
2. What `re` would do with the hostile pattern: time for 16-22 characters (it doubles with each), extrapolated
   to a preset's description.
3. The budget (runtime/regex_bounds.py): nanoseconds of CPU per estimated step for patterns built to reach their
   bound (and for random ones), so BUDGET's worst case in milliseconds; and the CPU time of the costliest queries
   the budget lets through, rows made so their charge is just under it.
"""
import argparse
import math
import os
import random
import re
import statistics
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(BENCH))
sys.path.insert(0, os.path.join(BENCH, '..', 'api'))
sys.path.insert(0, os.path.join(REPO, 'plugin'))
from hosting import local_host  # noqa: E402
from tuning_host.runtime import filter_list, regex_bounds  # noqa: E402
from tuning_host.runtime.errors import ValidationErrors  # noqa: E402

HOSTILE = '(.|.)*#'
TIMEOUT = 120.0


# ---- 1. over the API ----

def timed_call(caller, pinger, method, params):
    """Send `method(params)` on `caller` and at once a core.ping on `pinger`: (ms to the call's answer, ms to the
    ping's answer, how the call was answered)."""
    t0 = time.perf_counter()
    call = caller.send(method, params)
    t1 = time.perf_counter()
    ping = pinger.send('core.ping')
    assert pinger.result(ping, timeout=TIMEOUT) == 'pong'
    ping_ms = (time.perf_counter() - t1) * 1000
    reply = caller.reply(call, timeout=TIMEOUT)
    call_ms = (time.perf_counter() - t0) * 1000
    if 'error' in reply:
        extra = (reply['error'].get('data') or {}).get('extra') or [['?']]
        outcome = f'error {reply["error"]["code"]} on {extra[0][0]}'
    else:
        result = reply['result']
        outcome = f'{len(result)} rows' if isinstance(result, list) else 'result'
    return call_ms, ping_ms, outcome


def over_the_api(rounds):
    print('1. Over the API: the call and a concurrent core.ping from another client (median / max of '
          f'{rounds} rounds, ms)')
    with local_host() as host, host.readonly_client() as readonly, host.client() as admin, \
            host.client() as pinger:
        job = admin.job_id('sample.job_fail', 'p' * 80)
        admin.wait_job(job, timeout=TIMEOUT)
        cases = [
            ('readonly tuning.preset.query (.|.)*#', readonly, 'tuning.preset.query',
             [[['description', '~', HOSTILE]], {}]),
            ('admin core.get_jobs error ~ (.|.)*#', admin, 'core.get_jobs', [[['error', '~', HOSTILE]]]),
            ('readonly preset .*a.*b.*c.*d.*e.*f.*g.*h', readonly, 'tuning.preset.query',
             [[['description', '~', '.*a.*b.*c.*d.*e.*f.*g.*h']], {}]),
            ('readonly preset (?i).*write (runs)', readonly, 'tuning.preset.query',
             [[['description', '~', '(?i).*write']], {}]),
            ('readonly core.ping alone', readonly, 'core.ping', []),
        ]
        for name, caller, method, params in cases:
            calls, pings, outcome = [], [], None
            for _ in range(rounds):
                call_ms, ping_ms, outcome = timed_call(caller, pinger, method, params)
                calls.append(call_ms)
                pings.append(ping_ms)
            print(f'  {name:<42} call {statistics.median(calls):7.2f} / {max(calls):7.2f}   '
                  f'concurrent ping {statistics.median(pings):7.2f} / {max(pings):7.2f}   ({outcome})')


# ---- 2. what re does with the hostile pattern ----

def unbounded():
    print(f'2. re.match({HOSTILE!r}, "a" * n) in this process (what the host did before):')
    last = None
    for n in range(16, 23, 2):
        t0 = time.perf_counter()
        re.match(HOSTILE, 'a' * n)
        last = time.perf_counter() - t0
        print(f'  n={n:3}  {last * 1000:9.1f} ms')
    for n in (30, 40, 60):
        print(f'  n={n:3}  ~{_duration(last * 2 ** (n - 22))} extrapolated (it doubles with each character)')


def _duration(seconds):
    for unit, size in (('years', 365 * 86400), ('days', 86400), ('hours', 3600), ('minutes', 60)):
        if seconds >= size:
            return f'{seconds / size:,.0f} {unit}'
    return f'{seconds:.1f} s'


# ---- 3. the budget ----

# patterns built to reach their bound: every count of every unforced repeat is tried
WORST = [
    ('.*' + 'a' * 200 + 'b', 'a' * 5000), ('a*a*b', 'a' * 2000), ('a*a*a*b', 'a' * 300), ('(?i)a*a*a*b', 'a' * 300),
    ('a*?a*?a*?b', 'a' * 300), ('(?:ab)*(?:ab)*(?:ab)*c', 'ab' * 150), ('(?:a|aa)' * 16 + 'b', 'a' * 24),
    ('(?i).*terx', 'term' * 5000), (r'[\w.]*[\w.]*[\w.]*@', 'a.' * 100), (r'\w+\s*=\s*\w+;', 'a' * 3000),
    ('[a-z]*' + r'\B' * 500 + '!', 'a' * 3000), (r'\d*' + '(?!x)' * 150 + '!', '1' * 3000), ('.*?b*?c', 'b' * 2000),
    ('a*(?=a*a*b)c', 'a' * 150), ('[a-z]+(-[a-z]+)*!', 'ab-' * 1000),
]


def ns_per_step(pattern, text):
    compiled, steps = re.compile(pattern), regex_bounds.shape(pattern).cost(len(text))
    best = math.inf
    for _ in range(3):
        t0 = time.thread_time()
        compiled.match(text)
        best = min(best, time.thread_time() - t0)
    return best * 1e9 / steps, best


def random_patterns(rng):
    atoms = ['a', 'b', '.', '[ab]', '[^a]', r'\w', r'\s', ' ', '-', r'\b', '$', '(?=a)', '(?!b)']

    def gen(depth):
        parts = []
        for _ in range(rng.randint(1, 4)):
            roll = rng.random()
            if roll < 0.45 or depth > 2:
                x = rng.choice(atoms)
            elif roll < 0.7:
                x = '(?:' + gen(depth + 1) + ')'
            else:
                x = '(?:' + gen(depth + 1) + '|' + gen(depth + 1) + ')'
            if rng.random() < 0.5 and not x.startswith(('\\b', '$', '(?=', '(?!')):
                x += rng.choice(['*', '+', '?', '*?', '+?', '{2,5}', '{0,40}', '{3}'])
            parts.append(x)
        return ''.join(parts)
    while True:
        yield gen(0)


def budget(samples):
    print('3. The budget: CPU per estimated step (ns) for patterns built to reach their bound')
    worst = 0.0
    for pattern, text in WORST:
        ns, seconds = ns_per_step(pattern, text)
        worst = max(worst, ns)
        print(f'  {pattern[:34]!r:38} n={len(text):5}  {seconds * 1000:8.2f} ms  {ns:6.2f} ns/step')
    rng, texts, found = random.Random(20), ['a' * 400 + '!', 'ab' * 200 + '!', 'a ' * 200 + '!', 'b' * 400 + 'a'], []
    for pattern in random_patterns(rng):
        if len(found) >= samples:
            break
        try:
            shape = regex_bounds.shape(pattern)
        except (regex_bounds.Refused, re.error):
            continue
        for text in texts:
            if shape.cost(len(text)) <= regex_bounds.MATCH_BUDGET:
                ns, seconds = ns_per_step(pattern, text)
                if seconds > 1e-4:   # below that the call itself dominates
                    found.append((ns, pattern, len(text)))
    found.sort(reverse=True)
    print(f'  {samples} random accepted patterns taking over 0.1 ms: worst {found[0][0]:.2f} ns/step '
          f'({found[0][1]!r}, n={found[0][2]})')
    worst = max(worst, found[0][0])
    print(f'  worst {worst:.2f} ns/step: BUDGET {regex_bounds.BUDGET:,} steps ~ {worst * regex_bounds.BUDGET / 1e6:.0f}'
          f' ms of CPU per query at most; MATCH_BUDGET {regex_bounds.MATCH_BUDGET:,} ~ '
          f'{worst * regex_bounds.MATCH_BUDGET / 1e6:.0f} ms holding the GIL in one call at most')
    print('  the costliest queries the budget lets through (rows made so the charge is just under it), CPU ms:')
    for pattern, text in WORST:
        each = regex_bounds.shape(pattern).cost(len(text))
        if each > regex_bounds.MATCH_BUDGET:
            n = len(text)
            while regex_bounds.shape(pattern).cost(n) > regex_bounds.MATCH_BUDGET:
                n = n * 3 // 4
            text, each = text[:n], regex_bounds.shape(pattern).cost(n)
        rows = [{'v': text}] * (regex_bounds.BUDGET // each)
        t0 = time.thread_time()
        try:
            filter_list(rows, [['v', '~', pattern]])
            refused = ''
        except ValidationErrors:
            refused = ' (refused)'
        print(f'  {pattern[:34]!r:38} {len(rows):6} rows of {len(text):5} chars  '
              f'{(time.thread_time() - t0) * 1000:8.1f} ms{refused}')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--rounds', type=int, default=20)
    parser.add_argument('--samples', type=int, default=300)
    args = parser.parse_args()
    print(f'load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs')
    over_the_api(args.rounds)
    unbounded()
    budget(args.samples)


if __name__ == '__main__':
    main()
