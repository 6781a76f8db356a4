"""The standalone runtime's ForUpdateMetaclass behaves as middlewared's: every field optional, the fields not given
left out of the dump (so `null` can clear a field), validation and the JSON schema kept."""
import warnings

import pytest
from pydantic import ValidationError

from tuning_host.runtime import BaseModel, ForUpdateMetaclass, NonEmptyString
from tuning_host.runtime.validation import accept_params


class Item(BaseModel):
    kind: str


class Fields(BaseModel):
    name: NonEmptyString
    base: NonEmptyString | None = None
    """What it starts from."""
    items: list[Item] = []


class Update(Fields, metaclass=ForUpdateMetaclass):
    pass


class UpdateArgs(BaseModel):
    id: str
    data: Update


def test_only_the_fields_given_are_passed_on_and_null_is_kept():
    assert accept_params(UpdateArgs, ['x', {}]) == ['x', {}]
    assert accept_params(UpdateArgs, ['x', {'base': None}]) == ['x', {'base': None}]
    assert accept_params(UpdateArgs, ['x', {'name': 'n', 'items': [{'kind': 'k'}]}]) == [
        'x', {'name': 'n', 'items': [{'kind': 'k'}]}]


@pytest.mark.parametrize('data', [{'name': ''}, {'name': None}, {'other': 1}, {'items': [{}]}])
def test_what_is_given_is_still_validated(data):
    with pytest.raises(ValidationError):
        Update(**data)


def test_the_schema_keeps_descriptions_and_has_no_required_field():
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        schema = Update.model_json_schema()
    assert 'required' not in schema and schema['properties']['base']['description'] == 'What it starts from.'
