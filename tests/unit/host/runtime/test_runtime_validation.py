"""Argument validation (positional params <-> model fields), models, result serialisation."""
import asyncio

import pytest

from tuning_host.runtime import (BaseModel, LongString, NonEmptyString, QueryArgs, ValidationErrors, api_method,
                                 single_argument_args)
from tuning_host.runtime.validation import ResultValidationError, accept_params, serialize_result


class Target(BaseModel):
    pool: NonEmptyString
    """Pool name."""
    dataset: str | None = None


class DemoApplyArgs(BaseModel):
    id: str
    target: Target
    options: dict = {}


class DemoApplyResult(BaseModel):
    result: dict


def errors_of(fn):
    with pytest.raises(ValidationErrors) as e:
        fn()
    return list(e.value)


def test_positional_args_map_to_fields_in_order_with_defaults():
    assert accept_params(DemoApplyArgs, ["x", {"pool": "tank"}]) == ["x", {"pool": "tank", "dataset": None}, {}]


def test_nested_errors_have_dotted_paths():
    assert errors_of(lambda: accept_params(DemoApplyArgs, ["x", {"pool": ""}])) == [
        ("target.pool", "String should have at least 1 character", 22)]
    assert errors_of(lambda: accept_params(DemoApplyArgs, ["x", {}])) == [("target.pool", "Field required", 22)]


def test_strict_no_coercion_and_extra_forbidden():
    assert errors_of(lambda: accept_params(DemoApplyArgs, [1, {"pool": "t"}]))[0][:2] == (
        "id", "Input should be a valid string")
    errs = errors_of(lambda: accept_params(DemoApplyArgs, ["x", {"pool": "t", "bogus": 1}]))
    assert errs == [("target.bogus", "Extra inputs are not permitted", 22)]


def test_a_validators_message_reaches_the_caller_without_pydantics_prefix():
    # middlewared's own messages read "Invalid filter ...", never "Value error, Invalid filter ..."
    errs = errors_of(lambda: accept_params(QueryArgs, [[["name", "~", "(.|.)*#"]]]))
    assert [e[0] for e in errs] == ["filters"]
    assert errs[0][1].startswith("Invalid filter ['name', '~', '(.|.)*#']: this regular expression"), errs
    assert errors_of(lambda: accept_params(QueryArgs, [["bogus"]])) == [("filters", "Invalid filter bogus", 22)]


def test_too_many_arguments():
    assert errors_of(lambda: accept_params(DemoApplyArgs, ["a", {"pool": "t"}, {}, 4])) == [
        ("", "Too many arguments (expected 3, found 4)", 22)]


def test_string_length_cap_and_long_string():
    class M(BaseModel):
        short: str = ""
        long: LongString = ""

    assert errors_of(lambda: accept_params(M, ["x" * 1025]))[0][0] == "short"
    assert accept_params(M, ["", "y" * 5000])[1] == "y" * 5000


def test_attribute_docstrings_become_descriptions():
    assert Target.model_fields["pool"].description == "Pool name."


def test_single_argument_args_keeps_name_and_nests_errors():
    @single_argument_args("data")
    class DemoCreateArgs(BaseModel):
        name: NonEmptyString

    assert DemoCreateArgs.__name__ == "DemoCreateArgs" and list(DemoCreateArgs.model_fields) == ["data"]
    assert errors_of(lambda: accept_params(DemoCreateArgs, [{"name": ""}]))[0][0] == "data.name"


def test_query_args_validate_filters_and_options():
    assert accept_params(QueryArgs, []) == [[], {"extra": {}, "order_by": [], "select": [], "count": False,
                                                 "get": False, "offset": 0, "limit": 0, "force_sql_filters": False}]
    assert errors_of(lambda: accept_params(QueryArgs, [[["a", "??", 1]]]))[0][0] == "filters"
    assert errors_of(lambda: accept_params(QueryArgs, [[], {"get": True, "limit": 5}]))[0][0] == "options"


def test_serialize_result_validates_and_dumps():
    assert serialize_result(DemoApplyResult, {"a": 1}) == {"a": 1}
    # like middlewared: a refused value falls back to the raw value...
    assert serialize_result(DemoApplyResult, [1]) == [1]
    # ...unless the host runs strict (the tests do)
    with pytest.raises(ResultValidationError, match="DemoApplyResult"):
        serialize_result(DemoApplyResult, [1], strict=True)


def test_api_method_validates_every_call_including_internal_ones():
    class Svc:
        @api_method(DemoApplyArgs, DemoApplyResult, roles=["SYSTEM_ADVANCED_WRITE"])
        def apply(self, id_, target, options):
            return {"id": id_, "target": target, "options": options}

        @api_method(DemoApplyArgs, DemoApplyResult, roles=["SYSTEM_ADVANCED_WRITE"])
        async def apply_async(self, id_, target, options):
            return target

    svc = Svc()
    assert svc.apply("a", {"pool": "t"})["target"] == {"pool": "t", "dataset": None}
    assert errors_of(lambda: svc.apply("a", {"pool": 1}))[0][0] == "target.pool"
    assert asyncio.run(svc.apply_async("a", {"pool": "t"})) == {"pool": "t", "dataset": None}
    assert Svc.apply.new_style_accepts is DemoApplyArgs and Svc.apply.roles == ["SYSTEM_ADVANCED_WRITE"]


def test_api_method_refuses_a_returns_model_with_other_fields():
    class BadResult(BaseModel):
        value: int

    with pytest.raises(TypeError, match="only have one field called `result`"):
        api_method(DemoApplyArgs, BadResult)


def test_api_method_refuses_roles_on_private_methods():
    with pytest.raises(ValueError):
        api_method(DemoApplyArgs, DemoApplyResult, roles=["SYSTEM_ADVANCED_READ"], private=True)
