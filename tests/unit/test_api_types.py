"""The panel's API types (ui/src/app/api/models/generated/) are what the plugin's models say: scripts/gen-api-types.py
regenerates them, and the committed file must not differ."""
import difflib
import importlib.util
import os
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict

from tuning_host.server.schema import model_param_schemas

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _load_generator():
    spec = importlib.util.spec_from_file_location("gen_api_types", os.path.join(ROOT, "scripts", "gen-api-types.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gen = _load_generator()


def test_the_committed_types_are_what_the_models_say(tmp_path):
    fresh = tmp_path / "api-types.generated.ts"
    try:
        gen.main(["--output", str(fresh)])
    except gen.LibraryMissing as e:
        pytest.skip(f"cannot compile the schemas to TypeScript here: {e}")
    with open(gen.OUTPUT, encoding="utf-8") as f:
        committed = f.read().splitlines()
    regenerated = fresh.read_text(encoding="utf-8").splitlines()
    if committed != regenerated:
        diff = list(difflib.unified_diff(committed, regenerated, "committed", "from the models", lineterm="", n=1))
        pytest.fail(f"{os.path.relpath(gen.OUTPUT, ROOT)} differs from the models: run "
                    "`PYTHONPATH=middleware:plugin .venv/bin/python scripts/gen-api-types.py` and make the panel "
                    "follow.\n" + "\n".join(diff[:60]))


def test_every_public_tuning_method_is_described():
    methods, docs = gen.method_schemas()
    assert {"tuning.state", "tuning.preset.apply", "tuning.benchmark.query"} <= set(methods)
    assert all(name.startswith("tuning.") for name in methods)
    assert methods["tuning.preset.apply"]["job"] and not methods["tuning.state"]["job"]
    assert docs["TuningDataLossSetting"].startswith("A setting that can lose data")  # the model's own docstring


# ---- how the schemas are reshaped (pure: no node needed) ----

class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class Target(Strict):
    """Where a plan applies."""
    pool: str
    dataset: str | None = None


class Plan(Strict):
    target: Target
    """The target it was computed for."""
    kind: Literal["A", "B"] = "A"
    notes: list[str] = []


class Args(Strict):
    id: str
    target: Target
    count: int = 1


class Result(Strict):
    result: Plan


def _method(accepts, returns, job=False, doc="Does it.\n\nMore words."):
    return {"accepts": model_param_schemas(accepts), "returns": model_param_schemas(returns), "job": job,
            "description": doc}


def _docs(*models):
    return {s.get("title", k): s.get("description") for m in models
            for k, s in m.model_json_schema(mode="validation").get("$defs", {}).items()}


def test_models_become_named_types_with_their_docstrings_and_fields_with_theirs():
    schema = gen.api_schema({"x.preview": _method(Args, Result)}, _docs(Args, Result))
    member = schema["properties"]["x.preview"]
    assert member["description"] == "Does it."
    assert member["properties"]["result"] == {"tsType": "Plan"}
    plan = schema["definitions"]["Plan"]
    assert plan["properties"]["target"] == {"tsType": "Target", "description": "The target it was computed for."}
    assert plan["properties"]["kind"] == {"enum": ["A", "B"], "type": "string"}  # no field title, no default
    assert plan["required"] == ["target"]  # as the schema says: a field with a default may be missing
    assert schema["definitions"]["Target"] == {
        "title": "Target", "description": "Where a plan applies.", "type": "object", "additionalProperties": False,
        "properties": {"pool": {"type": "string"}, "dataset": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
        "required": ["pool"]}


def test_parameters_are_a_tuple_whose_defaulted_tail_may_be_left_out():
    schema = gen.api_schema({"x.preview": _method(Args, Result)}, _docs(Args, Result))
    params = schema["properties"]["x.preview"]["properties"]
    assert params["params"]["items"][:2] == [{"type": "string"}, {"tsType": "Target"}]  # one Target, both ways
    assert (params["params"]["minItems"], params["params"]["maxItems"]) == (2, 3)
    assert params["params"]["description"] == "`[id, target, count?]`"
    assert params["job"] == {"const": False}


def test_two_different_models_of_one_name_are_refused():
    class Other(Strict):
        pass

    class OtherResult(Strict):
        result: Other

    other = _method(Args, OtherResult)
    other["returns"][0]["title"] = "Plan"
    with pytest.raises(ValueError, match="two different models are named 'Plan'"):
        gen.api_schema({"x.a": _method(Args, Result), "x.b": other}, {})
