"""Which local result stands for the pool on the ladder: one measured under the settings the box holds now.

A result's context keeps the settings of its dataset and the kernel as they were when fio ran. The newest result
whose settings all equal the box's now is the pool's figure; when none does, the newest one measured with safe writes
is (the newest at all when none was), and the ladder says what it was measured under (a campaign's round with sync
disabled, since reverted, is not "the pool").

A figure measured with a setting that can lose data on power loss (sync disabled, cache flushes skipped) never passes
as what the pool does without saying so: the POOL layer carries those settings (``data_loss_settings``), and its note
and the verdict say it, naming the newest result measured without them when there is one. It still stands for the
pool when the box holds those settings now: that is what the pool does today, at that risk."""
from ..presets.data_loss import measured_with, recorded_data_loss
from ..presets.setting_words import name_of, unit_fields, value_words
from ..presets.snapshot import make_key
from .words import rate, sentence

# A kernel default computed from RAM (zfs_dirty_data_max, the ARC bounds) lands a few pages apart after each boot:
# that is the same setting, not another configuration.
KERNEL_KINDS = ('ZFS_PARAMETER', 'SYSCTL')
KERNEL_TOLERANCE = 0.01


def recorded_settings(result: dict) -> list[dict]:
    rows = (result.get('context') or {}).get('settings') or []
    return [r for r in rows if isinstance(r, dict) and r.get('exists', True) is not False
            and all(isinstance(r.get(k), str) for k in ('kind', 'scope', 'setting'))]


def setting_keys(results: list[dict]) -> list[str]:
    return sorted({make_key(r['kind'], r['scope'], r['setting']) for e in results for r in recorded_settings(e)})


def _same(kind: str, then, now) -> bool:
    if then is None or now is None:
        return then == now
    a, b = str(then).strip(), str(now).strip()
    if kind in KERNEL_KINDS and a.isdigit() and b.isdigit():
        high = max(int(a), int(b))
        return high == 0 or abs(int(a) - int(b)) <= high * KERNEL_TOLERANCE
    return ' '.join(a.split()).upper() == ' '.join(b.split()).upper()


def differences(result: dict, now: dict[str, dict]) -> list[dict]:
    """The recorded settings of ``result`` the box no longer holds: ``[{kind, scope, setting, name, then, now, unit,
    zero_is_default}]`` (``unit`` and ``zero_is_default`` as on plan rows, so the values can be shown in units)."""
    out = []
    for row in recorded_settings(result):
        current = now.get(make_key(row['kind'], row['scope'], row['setting']))
        if current is None or current.get('exists') is False:
            continue   # not readable now (its dataset is gone): nothing to compare
        if not _same(row['kind'], row.get('value'), current.get('value')):
            out.append({'kind': row['kind'], 'scope': row['scope'], 'setting': row['setting'],
                        'name': name_of(row['kind'], row['setting']), 'then': row.get('value'),
                        'now': current.get('value'), **unit_fields(row['kind'], row['setting'])})
    return out


def measured_safely(result: dict) -> bool:
    """Known to be measured with no setting that can lose data on power loss."""
    return recorded_data_loss(result.get('context')) == []


def choose_local(candidates: list[dict], now: dict[str, dict]) -> tuple[dict | None, list[dict], list[dict]]:
    """``(result for the pool, its differences from now, newer results passed over with theirs)`` from
    ``candidates``, newest first: the newest measured under today's settings; else the newest measured with safe
    writes (the newer ones, measured with settings that can lose data, passed over); else the newest."""
    passed = []
    for result in candidates:
        found = differences(result, now)
        if not found:
            return result, [], passed
        passed.append({'id': result['id'], 'label': result.get('label'), 'differences': found})
    if not candidates:
        return None, [], []
    index = next((i for i, result in enumerate(candidates) if measured_safely(result)), 0)
    return candidates[index], passed[index]['differences'], passed[:index]


def safe_alternative(candidates: list[dict], chosen: dict | None) -> dict | None:
    """The newest of ``candidates`` measured with safe writes, when ``chosen`` was not."""
    if chosen is None or measured_safely(chosen) or recorded_data_loss(chosen.get('context')) is None:
        return None
    return next((e for e in candidates if e['id'] != chosen['id'] and measured_safely(e)), None)


def said(diffs: list[dict]) -> str:
    """"Synchronous writes Disabled on tank/media (now Standard), Write buffer size 8 GiB (now 4 GiB)"."""
    def value(d, which):
        return value_words(d['kind'], d['setting'], d[which])
    def where(d):
        # a service's setting names its service already ("SMB multichannel"): "on smb" would only repeat it
        return '' if d['scope'] == 'global' or d['kind'] == 'SERVICE' else f' on {d["scope"]}'
    return ', '.join(f'{name_of(d["kind"], d["setting"])} {value(d, "then")}{where(d)} (now {value(d, "now")})'
                     for d in diffs)


def _figures(result: dict) -> str:
    """"it wrote 412 MB/s and read 600 MB/s" from a result's sequential medians; '' without them."""
    parts = []
    for test, metric, verb in (('SEQ_WRITE', 'write_bw_bytes', 'wrote'), ('SEQ_READ', 'read_bw_bytes', 'read')):
        median = (((result.get('summary') or {}).get(test) or {}).get(metric) or {}).get('median')
        if isinstance(median, (int, float)) and not isinstance(median, bool):
            parts.append(f'{verb} {rate(median)}')
    return f': it {" and ".join(parts)}' if parts else ''


def data_loss_words(chosen: dict, safer: dict | None = None) -> str | None:
    """"Measured with Synchronous writes Disabled on tank/media: not safe on power loss; without it writes may be
    slower. Benchmark #3 was measured without it: it wrote 412 MB/s." (None when measured with safe writes or
    unknown.)"""
    risky = recorded_data_loss(chosen.get('context'))
    if not risky:
        return None
    it = 'it' if len(risky) == 1 else 'them'
    words = f'{sentence(measured_with(risky))}; without {it} writes may be slower.'
    if safer is not None:
        words += f' Benchmark #{safer["id"]} was measured without {it}{_figures(safer)}.'
    return words


def with_data_loss(ladder: dict, chosen: dict | None, safer: dict | None = None) -> dict:
    """The ladder with its POOL layer carrying the settings that can lose data its figure was measured with
    (``data_loss_settings``: [] none, None unknown), said in its note and the verdict (pure)."""
    if chosen is None:
        return ladder
    words = data_loss_words(chosen, safer)
    layers = []
    for layer in ladder['layers']:
        if layer['layer'] == 'POOL' and (layer.get('source') or {}).get('id') == chosen['id']:
            layer = {**layer, 'data_loss_settings': recorded_data_loss(chosen.get('context'))}
            if words:
                layer['note'] = f'{layer.get("note") or ""} {words}'.strip()
        layers.append(layer)
    verdict = ladder['verdict']
    if words:
        verdict += f' The pool\'s figure (benchmark #{chosen["id"]}) was {words[:1].lower()}{words[1:]}'
    return {**ladder, 'layers': layers, 'verdict': verdict}


def with_measured_under(ladder: dict, chosen: dict | None, diffs: list[dict], passed: list[dict],
                        safer: dict | None = None) -> dict:
    """The ladder with its POOL layer saying what its figure was measured under (pure): settings the box no longer
    holds, newer results passed over, and any setting that can lose data (``with_data_loss``; ``safer``:
    ``safe_alternative``)."""
    if chosen is None:
        return ladder
    layers = []
    for layer in ladder['layers']:
        if layer['layer'] == 'POOL' and (layer.get('source') or {}).get('id') == chosen['id']:
            note = layer.get('note') or ''
            if diffs:
                note += (f' Measured under settings the box no longer has: {said(diffs)}; no result of this pool '
                         'was measured under the settings in effect now: benchmark it again.')
                if passed:
                    note += (' Newer results measured with settings that can lose data on power loss are left out: '
                             + '; '.join(f'#{p["id"]} ({said(p["differences"])})' for p in passed) + '.')
            elif passed:
                note += (' Newer results measured under other settings are left out: ' + '; '.join(
                    f'#{p["id"]} ({said(p["differences"])})' for p in passed) + '.')
            layer = {**layer, 'note': note.strip(), 'settings_then': diffs, 'current_settings': not diffs}
        layers.append(layer)
    verdict = ladder['verdict']
    if diffs:
        verdict += (f' The pool\'s figure (benchmark #{chosen["id"]}) was measured under {said(diffs)}, not the '
                    'settings in effect now.')
    return with_data_loss({**ladder, 'layers': layers, 'verdict': verdict}, chosen, safer)
