"""Words for what earlier versions stored with ids in it (pure): a benchmark result's notes and its generated label
are reworded when they are read, so results stored before the words came read like new ones.

- ``note_words(note)``: "SEQ_WRITE: spread is low" → "Sequential write 1 MiB: spread is low"; "round result #4:
  SEQ_READ run 2: queue depth reached 3, requested 32" → "round result #4: Sequential read 1 MiB run 2: ...".
- ``label_words(label)``: the labels tuning made up → "No preset · tank/media · Quick test" (from "no preset ·
  tank/media · QUICK"), "Max IOPS · tank · Standard test", "Campaign 3 · round 2 · baseline" (from "campaign 3 ·
  round 2 · BASELINE"), "Campaign 3 · Max IOPS". A label an admin typed is left as it is.
- ``default_label(preset_name, dataset, profile)``: the label of a result run without one, in those words.
- ``with_setting_units(context)``: each row of the settings snapshot a result recorded gets its ``name`` in words and
  its ``unit`` and ``zero_is_default`` as plan rows carry them, so a reader shows "Write buffer limit 3.2 GiB", never
  a bare byte count.

Only the shapes tuning wrote are reworded, and only ids it knows (a test of the catalog, a built-in preset, a
benchmark profile); a custom preset's id in an old label stays, since its name is not known here.
"""
import re

from .bench.catalog import PROFILES, TESTS, profile_name
from .campaign import BASELINE
from .presets.catalog import get_builtin
from .presets.setting_words import name_of, unit_fields
from .report.metric_info import title_of_test

_NOTE = re.compile(r'^(?P<lead>(?:round result #\d+: )*)(?P<test>[A-Z][A-Z0-9_]*)(?P<rest>(?: run \d+)?: .*)$',
                   re.DOTALL)
_PROFILE_IDS = '|'.join(PROFILES)
_DEFAULT = re.compile(rf'^(?P<preset>[^·]+) · (?P<dataset>[^·]+) · (?P<profile>{_PROFILE_IDS})$')
_CAMPAIGN = re.compile(r'^campaign (?P<id>\d+) · (?P<round>round \d+ · )?(?P<configuration>[^·\s]+)$')


def note_words(note):
    """A stored note with the test said in words; anything else as it is."""
    if not isinstance(note, str):
        return note
    found = _NOTE.match(note)
    if found is None or found['test'] not in TESTS:
        return note
    return f'{found["lead"]}{title_of_test(found["test"])}{found["rest"]}'


def _preset_words(preset: str) -> str:
    if preset == 'no preset':
        return 'No preset'
    builtin = get_builtin(preset)
    return builtin['name'] if builtin else preset


def default_label(preset_name: str | None, dataset: str, profile: str) -> str:
    """"Max IOPS · tank/media · Quick test"; "No preset · ..." when no preset is applied."""
    return f'{preset_name or "No preset"} · {dataset} · {profile_name(profile)}'


def label_words(label):
    """A label tuning made up, in words; a label someone typed as it is."""
    if not isinstance(label, str):
        return label
    found = _DEFAULT.match(label)
    if found is not None:
        return f'{_preset_words(found["preset"])} · {found["dataset"]} · {profile_name(found["profile"])}'
    found = _CAMPAIGN.match(label)
    if found is not None:
        configuration = found['configuration']
        title = 'baseline' if configuration == BASELINE else _preset_words(configuration)
        return f'Campaign {found["id"]} · {found["round"] or ""}{title}'
    return label



def with_setting_units(context):
    """``context`` with every settings-snapshot row named and given its unit (rows stored by any version)."""
    rows = context.get('settings') if isinstance(context, dict) else None
    if not isinstance(rows, list):
        return context
    named = [{'name': name_of(row['kind'], row['setting']), **unit_fields(row['kind'], row['setting']), **row}
             if isinstance(row, dict) and isinstance(row.get('kind'), str) and isinstance(row.get('setting'), str)
             else row for row in rows]
    return {**context, 'settings': named}


__all__ = ['default_label', 'label_words', 'note_words', 'with_setting_units']
