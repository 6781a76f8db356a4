"""`make lab`: each built-in preset's effect, measured on disks shaped like HDDs, written to docs/efficacy.md.

    make lab                                   # every built-in preset, 3 rounds x 2 runs of 20 s: hours
    .venv/bin/python tests/vm/lab.py --presets max-seq-write max-iops --rounds 3 --runs 2 --runtime 10
    make lab LAB_ARGS=--resume                 # only the parts docs/efficacy.json does not hold yet

Boots the VM tier's VM with its data disks shaped by QEMU's throttle (disk_shapes.py: scaled-down 7,200 rpm HDDs,
SATA SSD stand-ins for cache and log), builds the same NAS (guest_layout.py), runs the tuning host in it, reads the
disks raw (the ladder's disk rung), then runs one campaign per preset against the baseline, on the tests the preset
says it helps (all three main ones for a preset that names none), rebooting where a preset needs it, with the
dangerous settings of a preset acknowledged (the VM holds no data) and said in the document. Before the presets: the
SLOG headroom of the pool (`tuning.advice.slog`); after them an A/A run (the baseline against itself, whose BETTER or
WORSE verdicts are false ones). Each part is kept in docs/efficacy.json (and the document rewritten) as soon as it is
measured, with its date, commit and command, so the lab can be run in pieces. Not part of `make test`.
"""
from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from disk_shapes import LAB_HDD, LAB_SSD, SCALE, lab_shapes  # noqa: E402
from guest_host import GUEST_PORT, REPO, GuestHost  # noqa: E402
from guest_layout import ARC_MAX_BYTES, DATA_DISKS, DISK_SIZE, POOL_SERIALS, SSD_SERIALS, build_nas  # noqa: E402
from guest_truth import GuestTruth  # noqa: E402
from lab_report import render  # noqa: E402
from preset_target import DATASET, target_for  # noqa: E402
from tuning.core.campaign import primary_metric  # noqa: E402
from tuning.core.presets.catalog import BUILTIN_IDS, builtin_presets  # noqa: E402
from tuning_helpers import follow_to_the_end  # noqa: E402
from vm import VM, image_dir  # noqa: E402

MAIN_TESTS = ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K']


def arguments(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--presets', nargs='+', default=list(BUILTIN_IDS), choices=BUILTIN_IDS, metavar='PRESET')
    p.add_argument('--rounds', type=int, default=3)
    p.add_argument('--runs', type=int, default=2, help='runs per configuration per round')
    p.add_argument('--runtime', type=int, default=20, help='seconds per run')
    p.add_argument('--tests', nargs='+', help="the tests of every campaign (default: each preset's own)")
    p.add_argument('--aa-pairs', type=int, default=5, help='A/A pairs: the baseline compared with itself')
    p.add_argument('--aa-tests', nargs='+', default=MAIN_TESTS)
    p.add_argument('--no-slog', action='store_true', help='leave the SLOG headroom part out')
    p.add_argument('--resume', action='store_true', help='skip the parts docs/efficacy.json already holds')
    p.add_argument('--render-only', action='store_true',
                   help='rewrite the document from docs/efficacy.json, measuring nothing (no VM)')
    p.add_argument('--remark', nargs=2, metavar=('PART', 'WORDS'),
                   help="keep a person's words with a measured part (disks, slog, aa or a preset's id; '' removes "
                        'them) and rewrite the document, measuring nothing; measuring the part again drops them')
    p.add_argument('--data', type=Path, default=REPO / 'docs' / 'efficacy.json')
    p.add_argument('--out', type=Path, default=REPO / 'docs' / 'efficacy.md')
    return p.parse_args(argv)


def campaign_of(host, spec: dict, timeout: float) -> dict:
    """Start a campaign and follow it to its end through the reboots it asks for; its final row."""
    client = host.client(private_methods=True)
    try:
        known = {row['id'] for row in client.call('tuning.campaign.query')}
        client.subscribe('tuning.campaign.query')
        client.job_id('tuning.campaign.run', spec)
        event = client.wait_event(lambda e: e.get('collection') == 'tuning.campaign.query'
                                  and e.get('id') not in known, timeout=300)
    finally:
        client.close()
    return follow_to_the_end(host, event['id'], timeout=timeout)


def measure(host, truth, preset_id: str, args) -> dict:
    c = host.client(private_methods=True)
    try:
        (preset,) = c.call('tuning.preset.query', [['id', '=', preset_id]])
        target = target_for(c, truth, preset_id)
        plan = c.call('tuning.preset.preview', preset_id, target)
        tests = args.tests or list(preset['optimizes']) or MAIN_TESTS
        spec = {'dataset': DATASET, 'presets': [preset_id], 'cache_disks': target.get('cache_disks', []),
                'log_disks': target.get('log_disks', []), 'acknowledge': list(plan['dangerous']),
                'benchmark': {'tests': tests, 'profile': 'QUICK', 'runs': args.runs,
                              'runtime_seconds': args.runtime, 'ramp_seconds': 2},
                'rounds': args.rounds, 'allow_reboot': True, 'label': f'lab: {preset["name"]}'}
    finally:
        c.close()
    print(f'{preset["name"]}: campaign on {", ".join(tests)}', flush=True)
    row = campaign_of(host, spec, timeout=6 * 3600)
    out = {'id': preset_id, 'name': preset['name'], 'state': row['state'], 'message': row['message'],
           'campaign_id': row['id'], 'rows': [],
           'acknowledged': [f'{ch["setting"]} = {ch["proposed"]}' for ch in plan['changes']
                            if ch['key'] in plan['dangerous']]}
    if row['state'] == 'DONE' and preset_id in row['results']:
        c = host.client(private_methods=True)
        try:
            out['rows'] = headline_rows(c, row['results']['BASELINE'], row['results'][preset_id])
        finally:
            c.close()
    print(f'{preset["name"]}: {row["state"]}, {row["message"]}', flush=True)
    return out


def headline_rows(client, baseline_id: int, other_id: int) -> list[dict]:
    """The compare rows of each test's headline metric, `other_id` against `baseline_id`."""
    comparison = client.call('tuning.benchmark.compare', [baseline_id, other_id], None, False, [300])
    (compared,) = comparison['comparisons']
    return [r for r in compared['metrics'] if r['metric'] == primary_metric(r['test'])]


AA_RUNS = 5


def aa_to_carry_on(earlier: dict | None, args) -> dict | None:
    """The A/A part an earlier run kept, when it is the same A/A (its tests and run length): carried on by
    ``--resume``; None when there is none or it differs (then it is measured again)."""
    if earlier is None or earlier.get('runtime_seconds') != args.runtime \
            or {r['test'] for r in earlier['rows']} != set(args.aa_tests):
        return None
    return earlier


def aa_run(host, args, keep_pair, earlier: dict | None = None) -> None:
    """The baseline against itself: pairs of benchmarks of the same box, compared (A1 with B1, ...); every BETTER
    or WORSE among them is a false verdict. ``keep_pair(part)`` is given the pairs so far after each pair; an
    ``earlier`` part (a run stopped midway, with the same tests and run length) is carried on, not started again."""
    c = host.client(private_methods=True)
    rows = list(earlier['rows']) if earlier else []
    try:
        for pair in range((earlier['pairs'] if earlier else 0) + 1, args.aa_pairs + 1):
            a, b = (c.job('tuning.benchmark.run', {'dataset': DATASET, 'tests': args.aa_tests, 'profile': 'QUICK',
                                                   'runs': AA_RUNS, 'runtime_seconds': args.runtime,
                                                   'ramp_seconds': 2, 'adaptive': False,
                                                   'label': f'lab A/A {pair}{side}'}, timeout=4 * 3600)['id']
                    for side in 'AB')
            rows += headline_rows(c, a, b)
            print(f'A/A pair {pair}: verdicts {[r["verdict"] for r in rows[-len(args.aa_tests):]]}', flush=True)
            keep_pair({'pairs': pair, 'runs': AA_RUNS, 'runtime_seconds': args.runtime, 'rows': list(rows)})
    finally:
        c.close()


def slog_headroom(host) -> dict:
    c = host.client(private_methods=True)
    try:
        return c.job('tuning.advice.slog', {'dataset': DATASET, 'window_seconds': 0, 'runtime_seconds': 15,
                                            'runs': 3}, timeout=3600)
    finally:
        c.close()


def lab_shape() -> dict:
    return {'scale': SCALE, 'hdd': LAB_HDD.described(), 'ssd': LAB_SSD.described(),
            'pool': f'RAIDZ2 of {len(POOL_SERIALS)} disks, ashift 12', 'arc': f'{ARC_MAX_BYTES // 2**20} MiB'}


def load_data(path: Path) -> dict:
    """What earlier runs measured (``docs/efficacy.json``); a run adds or replaces its own parts."""
    data = json.loads(path.read_text()) if path.exists() else {}
    return {'lab': data.get('lab', {}), 'parts': {'presets': {}, **data.get('parts', {})}}


class Lab:
    """Keeps each part as soon as it is measured (the data and the document), so that an interrupted run keeps
    what it finished and the lab can be run in pieces (``--resume``)."""

    def __init__(self, args, argv):
        self.args = args
        self.data = load_data(args.data)
        self.command = 'python tests/vm/lab.py ' + ' '.join(sys.argv[1:] if argv is None else argv)
        self.commit = subprocess.run(['git', '-C', str(REPO), 'rev-parse', '--short', 'HEAD'],
                                     capture_output=True, text=True).stdout.strip() or 'unknown'

    def remark(self, name: str, words: str) -> None:
        parts = self.data['parts']
        if name in BUILTIN_IDS:
            part = parts['presets'].get(name)
        else:
            part = parts.get(name) if name in ('disks', 'slog', 'aa') else None
        if part is None:
            raise SystemExit(f'lab: no measured part {name!r} in {self.args.data} to remark on')
        if words:
            part['remark'] = words
        else:
            part.pop('remark', None)
        self.save()

    def save(self) -> None:
        self.args.data.write_text(json.dumps(self.data, indent=1, sort_keys=True) + '\n')
        self.write_document()

    def has(self, key: str, preset_id: str | None = None) -> bool:
        parts = self.data['parts']
        return preset_id in parts['presets'] if key == 'presets' else key in parts

    def write_document(self) -> None:
        order = [(p['id'], p['name']) for p in builtin_presets()]
        self.args.out.write_text(render(self.data, order))

    def keep(self, key: str, part: dict, started: float, plan: bool = True) -> None:
        measured = {'date': datetime.date.today().isoformat(), 'commit': self.commit, 'command': self.command,
                    'minutes': round((time.monotonic() - started) / 60)}
        if plan:
            measured.update(rounds=self.args.rounds, runs=self.args.runs, runtime_seconds=self.args.runtime)
        part = {**part, 'measured': measured}
        if key == 'presets':
            self.data['parts']['presets'][part['id']] = part
        else:
            self.data['parts'][key] = part
        self.data['lab'] = lab_shape()
        self.save()
        print(f'lab: kept {key}{" " + part["id"] if key == "presets" else ""} in {self.args.data}', flush=True)


def main(argv=None) -> int:
    args = arguments(argv)
    lab = Lab(args, argv)
    if args.render_only:
        lab.write_document()
        print(f'lab: {args.out} rewritten from {args.data}')
        return 0
    if args.remark:
        lab.remark(*args.remark)
        print(f'lab: remark kept with {args.remark[0]}; {args.out} rewritten')
        return 0
    if subprocess.run(['bash', str(HERE / 'build-image.sh')]).returncode != 0:
        print('lab: the VM image could not be built', file=sys.stderr)
        return 1
    shapes = lab_shapes({i: f'zfsd{i}' for i in range(1, DATA_DISKS + 1)}, SSD_SERIALS)
    machine = VM(image_dir(), data_disks=DATA_DISKS, disk_size=DISK_SIZE, forwards={'api': GUEST_PORT},
                 disk_shapes=shapes)
    try:
        machine.start()
        build_nas(machine)
        host = GuestHost(machine)
        host.install()
        host.start()
        truth = GuestTruth(machine)
        started = time.monotonic()
        c = host.client(private_methods=True)
        try:
            disk_read = c.job('tuning.ladder.read_disks', {'pool': 'tank', 'seconds_per_disk': 10}, timeout=900)
        finally:
            c.close()
        print(disk_read['words'], flush=True)
        lab.keep('disks', {'words': disk_read['words']}, started, plan=False)
        if not args.no_slog and not (args.resume and lab.has('slog')):
            started = time.monotonic()
            slog = slog_headroom(host)
            print(' '.join(slog['words']), flush=True)
            lab.keep('slog', {'words': slog['words']}, started, plan=False)
        # the presets first: a campaign is kept whole or not at all, the A/A pair by pair
        for preset_id in args.presets:
            if args.resume and lab.has('presets', preset_id):
                continue
            started = time.monotonic()
            lab.keep('presets', measure(host, truth, preset_id, args), started)
        earlier = aa_to_carry_on(lab.data['parts'].get('aa'), args) if args.resume else None
        if args.aa_pairs and not (earlier and earlier['pairs'] >= args.aa_pairs):
            started = time.monotonic()
            aa_run(host, args, lambda part: lab.keep('aa', part, started, plan=False), earlier)
        print(f'lab: {args.out} is up to date')
        machine.poweroff()
        return 0
    finally:
        machine.close()


if __name__ == '__main__':
    raise SystemExit(main())
