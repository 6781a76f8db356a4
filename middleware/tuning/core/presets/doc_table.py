"""Markdown table of every built-in preset as computed for the seeds' NAS (for README / docs/presets.md).

Run: ``PYTHONPATH=middleware python -m tuning.core.presets.doc_table``. The box is described here (8 cores,
32 GiB RAM, pool tank = 7x4 TB HDD RAIDZ2, one unused 512 GB SSD, four 1 GbE ports, OpenZFS 2.2.7) and its snapshot
is the registry's defaults for that box, so the table shows what each preset changes on a fresh box.
"""
from .catalog import builtin_presets
from .constants import DATASET_PROPERTY, GiB, MiB, POOL_DEVICE, ZFS_PARAMETER
from .box_facts import box_from
from .plan import build_plan
from .registry import KNOBS, get_knob
from .snapshot import keys_to_read, make_key
from .units import format_bytes
from ..report.metric_info import title_of_test


def seeds_nas_profile() -> dict:
    data = [{'name': f'sd{c}', 'kind': 'HDD', 'size_bytes': 4_000_787_030_016, 'pool': 'tank'} for c in 'abcdefg']
    ssd = {'name': 'sdh', 'kind': 'SSD', 'size_bytes': 512_110_190_592, 'pool': None}
    return {
        'openzfs_version': '2.2.7', 'cpu': {'cores': 8},
        'memory': {'physical_bytes': 32 * GiB, 'arc_max_bytes': 16 * GiB},
        'pools': [{'name': 'tank', 'layout': 'RAIDZ2 7×HDD', 'disk_kind': 'HDD', 'cache': [], 'log': [],
                   'data_vdevs': [{'type': 'RAIDZ2', 'disks': [d['name'] for d in data], 'disk_kind': 'HDD'}],
                   'datasets': ['tank']}],
        'disks': data + [ssd], 'unused_disks': [ssd],
        'nics': [{'name': f'eno{i}', 'link_up': True, 'speed_mbps': 1000} for i in range(1, 5)],
    }


def default_snapshot(profile: dict, target: dict) -> dict:
    """Every key at the registry's default for the box (root dataset: DEFAULT source, as on a fresh pool)."""
    box, _ = box_from(profile, target)
    snapshot = {}
    for kind, scope, setting in keys_to_read(profile, target):
        knob = get_knob(kind, setting)
        value = '' if kind == POOL_DEVICE else knob.default_for(box)
        snapshot[make_key(kind, scope, setting)] = {
            'kind': kind, 'scope': scope, 'setting': setting, 'value': value, 'exists': value is not None,
            'writable': (not knob.load_time_only) if kind == ZFS_PARAMETER else None,
            'source': 'DEFAULT' if kind == DATASET_PROPERTY else None,
        }
    return snapshot


def _cell(text: str) -> str:
    return str(text).replace('|', '\\|').replace('\n', ' ')


def _value(text) -> str:
    """Byte counts get their human size next to them: 4294967296 (4 GiB)."""
    text = '' if text is None else str(text)
    return f'{text} ({format_bytes(int(text))})' if text.isdigit() and int(text) >= MiB else _cell(text or '—')


def preset_tables(profile: dict | None = None, target: dict | None = None) -> str:
    profile = profile or seeds_nas_profile()
    target = target or {'pool': 'tank'}
    ctx = {'profile': profile, 'snapshot': default_snapshot(profile, target), 'target': target, 'first_seen': {}}
    out = []
    for preset in builtin_presets():
        plan = build_plan(preset, ctx)
        out.append(f'### `{preset["id"]}`: {preset["name"]}\n')
        aimed_at = ', '.join(title_of_test(t) for t in preset['optimizes']) or 'nothing (the baseline)'
        out.append(f'{preset["description"]} Aimed at: {aimed_at}.\n')
        if preset['id'] == 'balanced':
            out.append(f'Returns all {len(KNOBS) - 2} tunable settings to the values recorded before tuning '
                       f'(dataset properties are inherited); never removes cache or log devices.\n')
        elif plan['changes']:
            out.append('| setting | what it changes | change | apply mode | risk | why |')
            out.append('|---|---|---|---|---|---|')
            for row in plan['changes']:
                knob = get_knob(row['kind'], row['setting'])
                risk = row['risk'] + (f': {row["risk_reason"]}' if row.get('risk_reason') else '')
                out.append(f'| `{row["setting"]}` | {_cell(knob.summary)} | {_value(row["current"])} → '
                           f'{_value(row["proposed"])} | {row["apply_mode"]} | {_cell(risk)} | '
                           f'{_cell(row["rationale"])} |')
            out.append('')
        for prerequisite in plan['prerequisites']:
            if not prerequisite['met']:
                out.append(f'- Needs: {prerequisite["message"]}')
        for cost in preset['costs']:
            out.append(f'- Costs: {cost}')
        out.append('')
    return '\n'.join(out).rstrip() + '\n'


def document() -> str:
    return '\n'.join([
        '## Built-in presets on the seeds\' NAS (8 cores, 32 GiB, RAIDZ2 7×4 TB HDD, unused 512 GB SSD, 4×1 GbE, '
        'OpenZFS 2.2.7)\n',
        'Computed by `python -m tuning.core.presets.doc_table`; on other hardware the rules propose other values '
        '(flash pools get deeper disk queues, 10 GbE+ gets larger socket buffers, large RAM a larger write buffer, '
        'a selected SSD becomes an L2ARC or SLOG).\n',
        preset_tables(),
    ])


def main():
    print(document(), end='')


if __name__ == '__main__':
    main()
