"""Plan rows as the API returns them (planning.public_change): only the public fields, with the setting in words."""
from tuning.planning import CHANGE_FIELDS, public_change


def row(**over):
    base = {'key': 'DATASET_PROPERTY:tank/db:sync', 'setting': 'sync', 'kind': 'DATASET_PROPERTY', 'scope': 'tank/db',
            'current': 'STANDARD', 'proposed': 'DISABLED', 'apply_mode': 'LIVE', 'risk': 'DANGEROUS',
            'risk_reason': 'r', 'rationale': 'why', 'source': 'src', 'internal': 'not for the API'}
    return base | over


def test_a_row_names_its_setting_in_words_from_the_knob_registry():
    public = public_change(row())
    assert public['summary'] == 'handling of synchronous writes'
    assert set(public) == set(CHANGE_FIELDS)
    assert 'internal' not in public


def test_a_setting_outside_the_registry_is_named_as_itself():
    assert public_change(row(kind='SYSCTL', setting='net.not.a.knob'))['summary'] == 'net.not.a.knob'
