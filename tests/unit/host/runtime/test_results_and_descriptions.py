"""What read-only callers used to make the host log on every call (issue 20): a query's result with `select` (a subset
of each entry's fields) is serialised as middlewared's query_result does, every field optional, and a refused
result is logged in one short line; a job's description comes from its arguments once they are valid, so bad
arguments log no traceback."""
import logging

import pytest

from tuning_host.runtime import BaseModel, Service, State, api_method, job
from tuning_host.runtime.validation import ResultValidationError, selected_result_model, serialize_result

from runtime_loop import run_service


class ThingEntry(BaseModel):
    id: int
    name: str
    notes: str = ""


class ThingQueryResult(BaseModel):
    result: list[ThingEntry] | ThingEntry | int


class ThingGetResult(BaseModel):
    result: ThingEntry


def test_a_selected_subset_of_a_querys_entries_fits_and_keeps_only_its_fields(caplog):
    with caplog.at_level(logging.WARNING):
        assert serialize_result(ThingQueryResult, [{"name": "a"}, {"name": "b"}], strict=True) == [
            {"name": "a"}, {"name": "b"}]
        assert serialize_result(ThingQueryResult, {"id": 1}, strict=True) == {"id": 1}
        assert serialize_result(ThingQueryResult, [{"id": 1, "name": "a"}]) == [{"id": 1, "name": "a", "notes": ""}]
        assert serialize_result(ThingQueryResult, 3) == 3
    assert caplog.records == []
    with pytest.raises(ResultValidationError):
        serialize_result(ThingQueryResult, [{"id": "not a number"}], strict=True)   # types still checked


def test_only_a_querys_result_gets_the_selected_model():
    assert selected_result_model(ThingQueryResult) is selected_result_model(ThingQueryResult)   # made once
    assert selected_result_model(ThingGetResult) is None


def test_a_result_that_does_not_fit_is_logged_in_one_short_line_without_the_value(caplog):
    value = [{"id": "x" * 10000, "name": "n"}] * 30
    with caplog.at_level(logging.WARNING):
        assert serialize_result(ThingQueryResult, value) is value
    record, = caplog.records
    assert len(record.getMessage()) < 300 and "xxxxxxxx" not in record.getMessage()
    assert "Falling back to the raw value" in record.getMessage()


class DescribedSpec(BaseModel):
    dataset: str
    size: int = 4


class DescribedRunArgs(BaseModel):
    spec: DescribedSpec


class DescribedRunResult(BaseModel):
    result: int


class DescribedService(Service):
    class Config:
        namespace = "described"

    @api_method(DescribedRunArgs, DescribedRunResult, roles=["SYSTEM_ADVANCED_WRITE"])
    @job(description=lambda spec: f"Run on {spec.get('dataset')} ({spec['size']} GiB)")
    async def run(self, job, spec):
        return spec["size"]


@pytest.mark.parametrize("args", [["not a spec"], [], [{"dataset": 5}], [{"dataset": "tank"}, "extra"]])
def test_bad_arguments_give_no_description_and_log_nothing(tmp_path, caplog, args):
    async def body(mw, svc):
        j = await mw.call("described.run", *args)
        await j.wait()
        return j

    with caplog.at_level(logging.WARNING, logger="tuning_host.jobs"):
        j = run_service(tmp_path, DescribedService, body)
    assert j.state == State.FAILED and j.description is None
    assert caplog.records == []


def test_valid_arguments_are_described_with_their_defaults(tmp_path):
    async def body(mw, svc):
        j = await mw.call("described.run", {"dataset": "tank/a"})
        await j.wait()
        return j

    j = run_service(tmp_path, DescribedService, body)
    assert j.state == State.SUCCESS and j.description == "Run on tank/a (4 GiB)"
