"""JSON schemas of methods for core.get_methods: one schema per positional parameter, and the result's."""
import copy


def _inline_refs(schema, defs, seen=()):
    """Replace `$ref`s to `$defs` with the definitions themselves (recursive models stay as refs)."""
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref[len("#/$defs/"):]
            if name in seen or name not in defs:
                return {"$ref": ref}
            resolved = _inline_refs(copy.deepcopy(defs[name]), defs, seen + (name,))
            rest = {k: v for k, v in schema.items() if k != "$ref"}
            return {**resolved, **_inline_refs(rest, defs, seen)}
        return {k: _inline_refs(v, defs, seen) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_inline_refs(v, defs, seen) for v in schema]
    return schema


def model_param_schemas(model):
    full = model.model_json_schema(mode="validation")
    defs = full.get("$defs", {})
    required = set(full.get("required", []))
    out = []
    for name, prop in full.get("properties", {}).items():
        item = _inline_refs(prop, defs)
        item["_name_"] = name
        item["_required_"] = name in required
        out.append(item)
    return out


def method_schemas(method):
    accepts = getattr(method, "new_style_accepts", None)
    returns = getattr(method, "new_style_returns", None)
    try:
        return {
            "accepts": model_param_schemas(accepts) if accepts is not None else None,
            "returns": model_param_schemas(returns) if returns is not None else None,
        }
    except Exception as e:  # a model pydantic cannot describe must not break discovery of the others
        return {"accepts": None, "returns": None, "schema_error": str(e)}
