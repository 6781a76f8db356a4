"""What an internal call and a query's answer cost the host, as behaviour (issue 22: fast because the path is
short): an internal call validates its arguments once, in the method's own wrapper, and hands the method's value
back as is (middlewared's `call`: no result model for internal calls); a query's answer with `select` goes
through the partial model only, and a field not given is never serialised through its type."""
import asyncio
from typing import Annotated

from pydantic import PlainSerializer

from tuning_host.runtime import BaseModel, ForUpdateMetaclass, Middleware, QueryArgs, Service, api_method
from tuning_host.runtime import decorators, validation


class Entry(BaseModel):
    id: int
    name: str
    big: dict


class ThingQueryResult(BaseModel):
    result: list[Entry] | Entry | int


class ThingService(Service):
    class Config:
        namespace = "thing"

    answer = [{"id": 1, "name": "a", "big": {}}]

    @api_method(QueryArgs, ThingQueryResult, roles=["READONLY_ADMIN"])
    def query(self, filters, options):
        return self.answer

    @api_method(QueryArgs, ThingQueryResult, roles=["READONLY_ADMIN"])
    async def aquery(self, filters, options):
        return self.answer


def test_an_internal_call_validates_its_arguments_once_and_returns_the_value_as_is(tmp_path, monkeypatch):
    checked = []
    real = decorators.accept_params
    monkeypatch.setattr(decorators, "accept_params", lambda model, args: (checked.append(model), real(model, args))[1])
    dumped = []
    monkeypatch.setattr(validation, "_dump", lambda model, result: dumped.append(model))

    async def main():
        mw = Middleware(str(tmp_path))
        mw.attach_loop()
        mw.add_service(ThingService(mw))
        try:
            for name in ("thing.query", "thing.aquery"):
                checked.clear()
                assert await mw.call(name, [["id", "=", 1]]) is ThingService.answer
                assert checked == [QueryArgs]
        finally:
            mw.shutdown()
    asyncio.run(main())
    assert dumped == []


def test_a_selected_answer_goes_through_the_partial_model_only(monkeypatch):
    models = []
    real = validation._dump
    monkeypatch.setattr(validation, "_dump", lambda model, result: (models.append(model), real(model, result))[1])
    selected = [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]
    assert validation.serialize_result(ThingQueryResult, selected, strict=True) == selected
    assert models == [validation.selected_result_model(ThingQueryResult)]
    models.clear()
    whole = [{"id": 1, "name": "a", "big": {"k": 1}}]
    assert validation.serialize_result(ThingQueryResult, whole, strict=True) == whole
    assert models == [ThingQueryResult]
    models.clear()
    assert validation.serialize_result(ThingQueryResult, 2, strict=True) == 2   # a count
    assert models == [ThingQueryResult]


def test_a_field_not_given_is_not_serialised_through_its_type():
    seen = []

    class Fields(BaseModel):
        name: Annotated[str, PlainSerializer(lambda v: seen.append(v) or v)]
        size: int

    class Update(Fields, metaclass=ForUpdateMetaclass):
        pass

    assert Update(size=1).model_dump() == {"size": 1}
    assert seen == []
    assert Update(name="x").model_dump() == {"name": "x"}
    assert seen == ["x"]
