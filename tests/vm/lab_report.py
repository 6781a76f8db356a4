"""docs/efficacy.md from a lab run (pure): per built-in preset, the tests it claims to help, the baseline's and the
preset's medians on HDD-shaped disks, the change with its 95 % interval and adjusted p, and the verdict in words."""
from __future__ import annotations

from tuning.core.bench.catalog import TESTS
from tuning.core.bench.comparison import VERDICT_WORDS


def figure(metric: str, value: float | None) -> str:
    if value is None:
        return '—'
    if metric.endswith('_bw_bytes'):
        return f'{value / 1e6:,.1f} MB/s'
    return f'{value:,.0f} IOPS' if metric.endswith('_iops') else f'{value:,.3g}'


def percent(ratio: float | None) -> str:
    return '—' if ratio is None else f'{(ratio - 1) * 100:+.1f} %'


def row_cells(row: dict) -> list[str]:
    """One compared metric (a `tuning.benchmark.compare` row) as table cells."""
    metric = row['metric']
    interval = ('—' if row.get('ratio_ci_low') is None
                else f'{percent(row["ratio_ci_low"])} … {percent(row["ratio_ci_high"])}')
    p = '—' if row.get('p_adjusted') is None else f'{row["p_adjusted"]:.3g}'
    test = TESTS[row['test']].label if row['test'] in TESTS else row['test']
    return [test, figure(metric, (row.get('baseline') or {}).get('median')),
            figure(metric, (row.get('other') or {}).get('median')), percent(row.get('ratio')), interval, p,
            VERDICT_WORDS.get(row['verdict'], row['verdict'].lower())]


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ['| ' + ' | '.join(header) + ' |', '|' + '---|' * len(header)]
    lines += ['| ' + ' | '.join(cell.replace('|', '\\|') for cell in r) + ' |' for r in rows]
    return '\n'.join(lines)


FALSE_VERDICTS = ('BETTER', 'WORSE')
JUDGED = ('BETTER', 'WORSE', 'NO_CHANGE', 'INCONCLUSIVE')


def aa_lines(aa: dict) -> list[str]:
    """The A/A run: how many of its judged comparisons gave a (false) verdict, against the 5 % allowed."""
    judged = [r for r in aa['rows'] if r['verdict'] in JUDGED]
    false = [r for r in judged if r['verdict'] in FALSE_VERDICTS]
    share = f'{100 * len(false) / len(judged):.0f} %' if judged else 'none judged'
    return [
        '## A/A: the baseline against itself', '',
        f'{2 * aa["pairs"]} benchmarks of the unchanged box ({aa["runs"]} runs each), compared in {aa["pairs"]} '
        f'pairs: **{len(false)} false verdict{"" if len(false) == 1 else "s"} in {len(judged)} judged comparisons ({share}; at most 5 % '
        'expected)**. Any "better" or "worse" here is noise taken for an effect.', '',
        table(['Test', 'A', 'B', 'Change', '95 % interval', 'p (adjusted)', 'Verdict'],
              [row_cells(r) for r in aa['rows']]), '',
    ]


def render(meta: dict, disk_read: dict, presets: list[dict], aa: dict | None = None,
           slog: dict | None = None) -> str:
    """`meta`: {date, scale, hdd, ssd (words), pool, arc, rounds, runs, runtime_seconds, elapsed_minutes, command};
    `disk_read`: the `tuning.ladder.read_disks` entry; `presets`: per preset {id, name, state, message,
    acknowledged (setting words), rows (compare rows of its tests' headline metrics), campaign_id}; `aa`: {pairs,
    runs, rows} of the A/A run; `slog`: the `tuning.advice.slog` answer."""
    out = [
        '# What each built-in preset does, measured',
        '',
        f'Measured by `make lab` on {meta["date"]} at commit {meta["commit"]} ({meta["elapsed_minutes"]} minutes; '
        f'`{meta["command"]}`). '
        'Each preset ran as a campaign against the baseline (the box as it was) on the VM tier\'s Debian VM with '
        'real OpenZFS, its disks shaped by QEMU\'s throttle (`tests/vm/disk_shapes.py`):',
        '',
        f'- Pool: {meta["pool"]}; data disks: {meta["hdd"]}; cache and log stand-ins: {meta["ssd"]}. '
        f'Bandwidths are divided by {meta["scale"]}, so that the disks, not the emulated CPU, bound the pool; '
        'operation rates are a real disk\'s.',
        f'- ARC maximum {meta["arc"]}; every benchmark\'s working set is at least twice that, and a read the ARC '
        'answered from RAM is not judged.',
        f'- {meta["rounds"]} rounds, {meta["runs"]} runs per configuration per round, '
        f'{meta["runtime_seconds"]} s per run; configurations interleaved.',
        '',
        'Read the figures as the scale\'s, not a real NAS\'s: they compare a preset with the baseline on the same '
        'disks. A verdict needs the whole 95 % interval of the change (ratio of medians, bootstrap) beyond ±5 % and '
        'an adjusted p below 0.05 (Mann–Whitney, Holm within each test).',
        '',
        '## The disks, read raw',
        '',
        disk_read['words'],
        '',
    ]
    if slog:
        out += ['## A log device (SLOG)', '', ' '.join(slog['words']), '']
    if aa:
        out += aa_lines(aa)
    for preset in presets:
        out += [f'## {preset["name"]} (`{preset["id"]}`)', '']
        if preset.get('acknowledged'):
            out += ['Applied with these settings acknowledged (they can lose data on power loss): '
                    + ', '.join(preset['acknowledged']) + '.', '']
        if preset['state'] != 'DONE' or not preset['rows']:
            out += [f'Not measured: the campaign ended {preset["state"].lower()}'
                    + (f' ({preset["message"]})' if preset.get('message') else '') + '.', '']
            continue
        out += [table(['Test', 'Baseline', 'Preset', 'Change', '95 % interval', 'p (adjusted)', 'Verdict'],
                      [row_cells(r) for r in preset['rows']]), '']
        out += [f'Campaign {preset["campaign_id"]}: {preset["message"]}' if preset.get('message')
                else f'Campaign {preset["campaign_id"]}.', '']
    return '\n'.join(out).rstrip() + '\n'
