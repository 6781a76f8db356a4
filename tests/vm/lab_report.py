"""docs/efficacy.md from a lab run (pure): per built-in preset, the tests it claims to help, the baseline's and the
preset's medians on HDD-shaped disks, the change with its 95 % interval and adjusted p, and the verdict in words."""
from __future__ import annotations

from tuning.core.bench.comparison import VERDICT_WORDS
from tuning.core.report.metric_info import title_of_test


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
    return [title_of_test(row['test']), figure(metric, (row.get('baseline') or {}).get('median')),
            figure(metric, (row.get('other') or {}).get('median')), percent(row.get('ratio')), interval, p,
            VERDICT_WORDS.get(row['verdict'], row['verdict'].lower())]


def runs_line(row: dict) -> str:
    """Each run's figure in the order measured, baseline and preset, so that a pattern behind a verdict shows
    (a first run of each round slower, a ceiling)."""
    values = [((row.get(side) or {}).get('values')) for side in ('baseline', 'other')]
    if not all(values):
        return ''
    test = title_of_test(row['test'])
    words = [', '.join(figure(row['metric'], v) for v in side) for side in values]
    return f'- {test}, each run in the order measured: baseline {words[0]}; preset {words[1]}.'


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
        f'{2 * aa["pairs"]} benchmarks of the unchanged box ({aa["runs"]} runs of {aa["runtime_seconds"]} s each '
        f'test), compared in {plural(aa["pairs"], "pair")}: **{plural(len(false), "false verdict")} in '
        f'{plural(len(judged), "judged comparison")} ({share}; at most 5 % expected)**. Any "better" or "worse" '
        'here is noise taken for an effect.', '',
        table(['Test', 'A', 'B', 'Change', '95 % interval', 'p (adjusted)', 'Verdict'],
              [row_cells(r) for r in aa['rows']]), '',
    ]


def plural(n: int, noun: str) -> str:
    return f'{n:,} {noun}{"" if n == 1 else "s"}'


def remark_lines(part: dict) -> list[str]:
    """A person's words kept with a measured part (``lab.py --remark``), e.g. what changed since it was measured."""
    return [f'Note: {part["remark"]}', ''] if part.get('remark') else []


def measured_words(measured: dict) -> str:
    """'Measured on 2026-11-27 at commit abc1234 (95 minutes; 3 rounds × 2 runs of 20 s; `python tests/vm/lab.py`).'"""
    plan = (f'; {plural(measured["rounds"], "round")} × {plural(measured["runs"], "run")} of '
            f'{measured["runtime_seconds"]} s' if measured.get('rounds') else '')
    return (f'Measured on {measured["date"]} at commit {measured["commit"]} ({plural(measured["minutes"], "minute")}'
            f'{plan}; '
            f'`{measured["command"]}`).')


def verdict_summary(presets: dict, order: list[tuple[str, str]]) -> list[str]:
    """One line per built-in preset: its own tests' verdicts, or that it is not measured yet."""
    rows = []
    for preset_id, name in order:
        part = presets.get(preset_id)
        if part is None:
            rows.append([name, 'not measured yet', ''])
        elif part['state'] != 'DONE' or not part['rows']:
            rows.append([name, f'not measured: the campaign ended {part["state"].lower()}', ''])
        else:
            rows.append([name, ', '.join(title_of_test(r['test']) for r in part['rows']),
                         ', '.join(f'{percent(r.get("ratio"))} ({VERDICT_WORDS.get(r["verdict"], r["verdict"])})'
                                   for r in part['rows'])])
    return [table(['Preset', 'Its own tests', 'Change (verdict)'], rows), '']


def render(data: dict, order: list[tuple[str, str]]) -> str:
    """docs/efficacy.md from the lab's data (``docs/efficacy.json``, kept part by part as each is measured, so a
    lab run in pieces adds up): ``data['lab']``: the lab's shape {scale, hdd, ssd (words), pool, arc};
    ``data['parts']``: ``disks`` (the `tuning.ladder.read_disks` entry), ``slog`` (the `tuning.advice.slog`
    answer), ``aa`` {pairs, runs, rows}, ``presets`` {id: {id, name, state, message, acknowledged (setting
    words), rows (compare rows of its tests' headline metrics), campaign_id}}, each with ``measured`` {date,
    commit, command, minutes, rounds, runs, runtime_seconds} and maybe a ``remark``. ``order``: the built-in presets' (id, name)."""
    lab, parts = data['lab'], data['parts']
    presets = parts.get('presets', {})
    out = [
        '# What each built-in preset does, measured',
        '',
        'Measured by `make lab` (`tests/vm/lab.py`), part by part; each part says when, at which commit and how. '
        'Each preset ran as a campaign against the baseline (the box as it was) on the VM tier\'s Debian VM with '
        'real OpenZFS, its disks shaped by QEMU\'s throttle (`tests/vm/disk_shapes.py`):',
        '',
        f'- Pool: {lab["pool"]}; data disks: {lab["hdd"]}; cache and log stand-ins: {lab["ssd"]}. '
        f'Bandwidths are divided by {lab["scale"]}, so that the disks, not the emulated CPU, bound the pool; '
        'operation rates are a real disk\'s.',
        f'- ARC maximum {lab["arc"]}; every benchmark\'s working set is at least twice that, and a read the ARC '
        'answered from RAM is not judged.',
        '- Configurations interleaved round by round.',
        '',
        'Read the figures as the scale\'s, not a real NAS\'s: they compare a preset with the baseline on the same '
        'disks. "Better" or "worse" needs the whole 95 % interval of the change (ratio of medians, bootstrap) on one '
        'side of no change and an adjusted p below 0.05 (Mann–Whitney, Holm within each test); "no meaningful '
        'change" needs the whole interval within ±5 %; anything else is inconclusive.',
        '',
        '## In short',
        '',
        *verdict_summary(presets, order),
    ]
    if 'disks' in parts:
        out += ['## The disks, read raw', '', parts['disks']['words'], '', *remark_lines(parts['disks']),
                measured_words(parts['disks']['measured']), '']
    if 'slog' in parts:
        out += ['## A log device (SLOG)', '', ' '.join(parts['slog']['words']), '', *remark_lines(parts['slog']),
                measured_words(parts['slog']['measured']), '']
    if 'aa' in parts:
        out += aa_lines(parts['aa']) + remark_lines(parts['aa']) + [measured_words(parts['aa']['measured']), '']
    else:
        out += ['## A/A: the baseline against itself', '', 'Not measured yet.', '']
    for preset_id, name in order:
        if preset_id not in presets:
            continue
        preset = presets[preset_id]
        out += [f'## {name} (`{preset_id}`)', '']
        if preset.get('acknowledged'):
            out += ['Applied with these settings acknowledged (they can lose data on power loss): '
                    + ', '.join(preset['acknowledged']) + '.', '']
        if preset['state'] != 'DONE' or not preset['rows']:
            out += [f'Not measured: the campaign ended {preset["state"].lower()}'
                    + (f' ({preset["message"]})' if preset.get('message') else '') + '.', '']
        else:
            out += [table(['Test', 'Baseline', 'Preset', 'Change', '95 % interval', 'p (adjusted)', 'Verdict'],
                          [row_cells(r) for r in preset['rows']]), '']
            out += [line for line in map(runs_line, preset['rows']) if line] + ['']
        out += remark_lines(preset)
        out += [(f'Campaign {preset["campaign_id"]}: {preset["message"]} ' if preset.get('message')
                 else f'Campaign {preset["campaign_id"]}. ') + measured_words(preset['measured']), '']
    return '\n'.join(out).rstrip() + '\n'
