"""Issue 5 figures: on the VM tier's real OpenZFS pool, does each throughput preset move its own target metric?

Boots the VM tier's NAS (tests/vm: raidz2 of 4 virtio "HDD"s, two spare "SSD"s, ARC capped at 512 MiB), starts the
tuning host in it and, for each of max-seq-write, max-seq-read and max-iops (ids checked with tuning.preset.query),
runs one `tuning.campaign` over its target test (the preset's first `optimizes` entry): ROUNDS interleaved rounds of
baseline → apply the preset → benchmark → revert, one run per configuration per round, merged per configuration.
Then `tuning.benchmark.compare` of the merged preset result against the merged baseline, and prints per preset the
ratio of medians on the target metric with its 95 % CI and the verdict. Measures; asserts nothing.

Under TCG the absolute figures say little about real disks; the ratios and verdicts are what to look at.
Run: PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_vm_presets.py [--rounds 5] [--profile QUICK]
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'vm'))

from guest_host import GUEST_PORT, GuestHost  # noqa: E402
from guest_layout import DATA_DISKS, DISK_SIZE, build_nas  # noqa: E402
from vm import VM, image_dir, image_ready, read_versions  # noqa: E402

PRESETS = ('max-seq-write', 'max-seq-read', 'max-iops')
DATASET = 'tank/share'


def headline_metric(test):
    """The metric a test is judged by: bandwidth for sequential tests, IOPS otherwise (per direction)."""
    from tuning.core.bench.catalog import TESTS
    definition = TESTS[test]
    if len(definition.directions) > 1:
        return 'iops'
    (direction,) = definition.directions
    return f'{direction}_bw_bytes' if definition.primary == 'bw' else f'{direction}_iops'


def spare_disks(vm):
    return {role: vm.run(f'readlink -f /dev/disk/by-id/virtio-{serial}').strip().rsplit('/', 1)[-1]
            for role, serial in (('cache', 'zfsd5'), ('log', 'zfsd6'))}


def campaign_spec(client, preset, test, rounds, profile, spares):
    """One preset against the baseline on its target test; the spare SSDs offered when it adds cache/log."""
    target = {'pool': 'tank', 'dataset': DATASET, 'cache_disks': [spares['cache']], 'log_disks': [spares['log']]}
    plan = client.call('tuning.preset.preview', preset, target)
    roles = {ch['setting'] for ch in plan['changes'] if ch['kind'] == 'POOL_DEVICE'}
    return {
        'dataset': DATASET, 'presets': [preset],
        'cache_disks': target['cache_disks'] if 'cache' in roles else [],
        'log_disks': target['log_disks'] if 'log' in roles else [],
        'acknowledge': sorted({ch['key'] for ch in plan['changes'] if ch['risk'] == 'DANGEROUS'}),
        'benchmark': {'tests': [test], 'profile': profile, 'runs': 1},
        'rounds': rounds, 'order': 'INTERLEAVED', 'allow_reboot': False, 'finish': {'mode': 'ORIGINAL'},
        'label': f'bench_vm_presets {preset}',
    }, plan


def row_for(comparison, test, metric):
    for row in comparison['comparisons'][0]['metrics']:
        if row['test'] == test and row['metric'] == metric:
            return row
    raise KeyError(f'{test}/{metric} missing from the comparison')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--rounds', type=int, default=5, help='interleaved rounds = runs per configuration (>= 5)')
    parser.add_argument('--profile', default='QUICK', choices=['QUICK', 'STANDARD', 'THOROUGH'])
    args = parser.parse_args()
    if not image_ready():
        sys.exit(f'no VM image in {image_dir()}: run tests/vm/build-image.sh first')
    versions = read_versions()
    t0 = time.monotonic()
    with VM(image_dir(), data_disks=DATA_DISKS, disk_size=DISK_SIZE, forwards={'api': GUEST_PORT}) as vm:
        vm.start()
        build_nas(vm)
        host = GuestHost(vm)
        host.install()
        host.start()
        client = host.client(private_methods=True)
        print(f'VM up and host ready in {time.monotonic() - t0:.0f} s (QEMU TCG; Debian {versions.get("DEBIAN_VERSION")},'
              f' kernel {versions.get("KERNEL")}, OpenZFS {versions.get("ZFS_PACKAGE")}, fio {versions.get("FIO")})')
        builtin = {p['id']: p for p in client.call('tuning.preset.query', [['builtin', '=', True]])}
        missing = [p for p in PRESETS if p not in builtin]
        if missing:
            sys.exit(f'tuning.preset.query has no {missing}; built-in ids are {sorted(builtin)}')
        spares = spare_disks(vm)
        results = []
        for preset in PRESETS:
            test = builtin[preset]['optimizes'][0]
            metric = headline_metric(test)
            spec, plan = campaign_spec(client, preset, test, args.rounds, args.profile, spares)
            changes = ', '.join(f'{ch["setting"]}={ch["proposed"]}' for ch in plan['changes'])
            print(f'\n{preset}: {test} ({metric}), {args.rounds} interleaved rounds; changes: {changes}')
            t1 = time.monotonic()
            campaign = client.job('tuning.campaign.run', spec, timeout=6 * 3600)
            if campaign['state'] != 'DONE':
                print(f'  campaign ended {campaign["state"]}: {campaign["message"]}')
                continue
            base_id, preset_id = campaign['results']['BASELINE'], campaign['results'][preset]
            comparison = client.call('tuning.benchmark.compare', [base_id, preset_id], base_id)
            row = row_for(comparison, test, metric)
            runs = (row['baseline'].get('n'), row['other'].get('n'))
            print(f'  campaign {time.monotonic() - t1:.0f} s; runs baseline/preset {runs[0]}/{runs[1]}; '
                  f'median {row["baseline"]["median"]:.4g} -> {row["other"]["median"]:.4g}')
            for warning in comparison.get('warnings') or []:
                print(f'  warning: {warning}')
            results.append((preset, test, metric, row))
        client.close()
        vm.poweroff()
    print(f'\n{"preset":14s} {"target":13s} {"metric":15s} {"ratio":>7s} {"95% CI":>15s} {"p(Holm)":>8s}  verdict')
    for preset, test, metric, row in results:
        ci = f'[{row["ratio_ci_low"]:.3f}, {row["ratio_ci_high"]:.3f}]'
        p = row['p_adjusted']
        print(f'{preset:14s} {test:13s} {metric:15s} {row["ratio"]:7.3f} {ci:>15s} '
              f'{p if p is None else format(p, ".3f"):>8}  {row["verdict"]}')
    print(f'\ntotal wall time {time.monotonic() - t0:.0f} s')


if __name__ == '__main__':
    main()
