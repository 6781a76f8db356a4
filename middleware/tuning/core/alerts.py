"""Which TrueNAS alerts tuning's records call for, in words (pure: the alert classes live in ``tuning.alerts``).

Each function turns what tuning knows (``tuning.state``, the campaigns, the scratch areas a benchmark left) into the
args of one-shot alerts, one per thing the admin has to know about: a data-loss setting in effect (per setting and
dataset), a setting changed behind tuning's back (per setting and dataset), a campaign waiting for a restart (per
campaign), scratch data a benchmark left behind (per area). ``KEYS`` are the args that name the thing (middlewared's
``SimpleOneShotAlertClass.keys``: a delete by those args clears it whatever its other args say).

TrueNAS shows an alert's text as HTML (its own texts carry links), so every arg that goes into a text is escaped.
"""
import html

from .presets.children import inheriting_phrase
from .presets.constants import DANGEROUS, DATASET_PROPERTY, POOL_DEVICE, ZFS_PARAMETER
from .presets.registry import get_knob
from .presets.setting_words import WORDS, value_words

# Dataset options by the name TrueNAS's web UI gives them in the dataset's form (where it differs from the words of
# the settings list), so an alert reads as the page where the admin would look: "Sync is Disabled on tank/media".
WEB_UI_NAMES = {(DATASET_PROPERTY, 'sync'): 'Sync'}

# Alert class names (the class is ``<name>AlertClass``), as alert.list's ``klass`` says them.
DATA_LOSS = 'TuningDataLoss'
DRIFT = 'TuningDrift'
CAMPAIGN_WAITING = 'TuningCampaignWaiting'
SCRATCH_LEFT = 'TuningScratchLeft'

KEYS = {
    DATA_LOSS: ['scope', 'setting'],
    DRIFT: ['scope', 'setting'],
    CAMPAIGN_WAITING: ['campaign'],
    SCRATCH_LEFT: ['path'],
}

TITLES = {
    DATA_LOSS: 'Workload tuning: writes not safe on power loss',
    DRIFT: 'Workload tuning: a setting was changed outside it',
    CAMPAIGN_WAITING: 'Workload tuning: a campaign waits for a restart',
    SCRATCH_LEFT: 'Workload tuning: benchmark scratch data left behind',
}

TEXTS = {
    DATA_LOSS: ('%(change)s: %(writes)s are not safe on power loss%(when)s. Set by workload tuning (restore point '
                '%(restore_point)s); revert it in Workload tuning.'),
    DRIFT: ('%(name)s%(where)s: the box has %(actual)s, not the %(expected)s %(by)s. It was changed outside '
            'Workload tuning; review it there.'),
    CAMPAIGN_WAITING: ('Workload tuning campaign %(campaign)s (%(label)s) is waiting for the box to restart: '
                       '%(detail)s.'),
    SCRATCH_LEFT: ('A benchmark left its scratch %(what)s behind and workload tuning could not remove it (%(why)s). '
                   'It tries again when it starts and before each benchmark; you may also delete it by hand.'),
}


def _h(text) -> str:
    return html.escape(str(text), quote=False)


def identity(klass: str, args: dict) -> dict:
    """The args naming what an alert is about: the query of ``alert.oneshot_delete`` that clears it."""
    return {k: args[k] for k in KEYS[klass]}


def _one_each(klass: str, rows: list[dict]) -> list[dict]:
    """One alert per identity (the last one wins), in a stable order."""
    by_identity = {}
    for args in rows:
        by_identity[tuple(identity(klass, args).values())] = args
    return [by_identity[k] for k in sorted(by_identity, key=repr)]


def kind_of(key: str) -> str:
    """``DATASET_PROPERTY:tank/media:sync`` → ``DATASET_PROPERTY`` (dataset names hold no colon before the kind's)."""
    return key.split(':', 1)[0]


def setting_name(kind: str, setting: str) -> str:
    """The setting in words, a dataset option as the web UI names it ("Sync", "Record size"); its own name when it
    has no words."""
    if (kind, setting) in WEB_UI_NAMES:
        return WEB_UI_NAMES[(kind, setting)]
    words = WORDS.get((kind, setting))
    if words:
        return words[0]
    knob = get_knob(kind, setting)
    return knob.summary if knob else setting


def _where(kind: str, scope: str) -> str:
    if kind == DATASET_PROPERTY:
        return f' of {scope}'
    if kind == POOL_DEVICE:
        return f' of pool {scope}'
    return ''


def data_loss_args(row: dict) -> dict:
    """The alert of one DANGEROUS row of ``tuning.state``'s ``in_effect``: the setting by name with its value in
    words, a dataset option as the web UI names it ("Sync is Disabled on tank/media: writes to this dataset are not
    safe ...", "Sync is Disabled on tank and the datasets below it that inherit it (tank/media): writes to these
    datasets ..." when some inherit it), a module parameter also by its id and value as the admin finds it among the
    tunables ("Skip disk cache flushes is on (zfs_nocacheflush = 1)")."""
    kind, scope, setting, value = row['kind'], row['scope'], row['setting'], row['value']
    pending = row.get('pending_reboot')
    state = f'will be {value_words(kind, setting, value)} after the next restart' if pending \
        else f'is {value_words(kind, setting, value)}'
    if kind == DATASET_PROPERTY:
        # the datasets below that inherit the value lose the same safety: named, or said to be unknown
        count = None if row.get('children_unknown') else (row.get('children_inheriting_count') or 0)
        where = inheriting_phrase(scope, row.get('children_inheriting'), count)
        change = f'{setting_name(kind, setting)} {state} on {where}'
        writes = 'writes to this dataset' if count == 0 else 'writes to these datasets'
    else:
        change = f'{setting_name(kind, setting)} {state} ({setting} = {value})'
        writes = 'writes to every pool' if kind == ZFS_PARAMETER else 'writes on this box'
    return {'scope': _h(scope), 'setting': _h(setting), 'writes': _h(writes), 'change': _h(change),
            'restore_point': row['restore_point_id'], 'when': ' from then on' if pending else ''}


def drift_args(row: dict, restore_point_id: int | None) -> dict:
    """The alert of one ``drift`` row of ``tuning.state``; ``restore_point_id``: the apply whose revert undoes it
    (None when the value expected is one a revert put back)."""
    kind, scope, setting = kind_of(row['key']), row['scope'], row['setting']
    by = (f'workload tuning set (restore point {restore_point_id})' if restore_point_id is not None
          else 'workload tuning put back')
    return {'scope': _h(scope), 'setting': _h(setting), 'name': _h(setting_name(kind, setting)),
            'where': _h(_where(kind, scope)), 'actual': _h(value_words(kind, setting, row['actual'])),
            'expected': _h(value_words(kind, setting, row['expected'])), 'by': by}


def state_alerts(state: dict, gone=()) -> dict[str, list[dict]]:
    """``{class name: [args]}`` for ``tuning.state``: a data-loss alert per DANGEROUS setting in effect, unless the
    box no longer holds it (it drifted, or its dataset is ``gone``); a drift alert per drift row."""
    drifted = {d['key'] for d in state['drift']}
    away = drifted | set(gone)
    data_loss = [data_loss_args(row) for row in state['in_effect']
                 if row['risk'] == DANGEROUS and row['key'] not in away]
    undone_by = {row['key']: row['restore_point_id'] for row in state['in_effect']}
    drift = [drift_args(d, undone_by.get(d['key'])) for d in state['drift']]
    return {DATA_LOSS: _one_each(DATA_LOSS, data_loss), DRIFT: _one_each(DRIFT, drift)}


FINAL_CAMPAIGN_STATES = ('DONE', 'FAILED', 'ABORTED')


def campaign_waiting_args(row: dict, waiting_prefix: str, current_boot: str) -> dict | None:
    """The alert of a campaign whose reboot the box refused: its message starts with ``waiting_prefix`` and the box
    has not restarted since (once it has, the campaign carries on by itself); None for any other campaign."""
    message = row.get('message') or ''
    if row['state'] in FINAL_CAMPAIGN_STATES or not message.startswith(waiting_prefix) \
            or row.get('boot_id') != current_boot:
        return None
    label = row.get('label') or f'campaign {row["id"]}'
    return {'campaign': row['id'], 'label': _h(label), 'detail': _h(message[len(waiting_prefix):].rstrip('.'))}


def campaign_alerts(rows: list[dict], waiting_prefix: str, current_boot: str) -> list[dict]:
    found = (campaign_waiting_args(row, waiting_prefix, current_boot) for row in rows)
    return _one_each(CAMPAIGN_WAITING, [args for args in found if args])


def scratch_args(area: dict, why: str) -> dict:
    """The alert of a recorded scratch area (``{path, dataset}``) that could not be removed, and why."""
    what = f'dataset {area["dataset"]}' if area.get('dataset') else f'directory {area["path"]}'
    return {'path': _h(area['path']), 'what': _h(what), 'why': _h(why)}


def scratch_alerts(left: list[dict]) -> list[dict]:
    """``left``: ``[{path, dataset, why}]`` as the scratch sweep reports them."""
    return _one_each(SCRATCH_LEFT, [scratch_args(area, area['why']) for area in left])


def formatted(klass: str, args: dict) -> str:
    """The alert's text as middlewared formats it (``AlertClass.format``)."""
    return TEXTS[klass] % args


__all__ = [
    'CAMPAIGN_WAITING', 'DATA_LOSS', 'DRIFT', 'KEYS', 'SCRATCH_LEFT', 'TEXTS', 'TITLES', 'campaign_alerts',
    'campaign_waiting_args', 'data_loss_args', 'drift_args', 'formatted', 'identity', 'scratch_alerts',
    'scratch_args', 'state_alerts', 'value_words',
]
