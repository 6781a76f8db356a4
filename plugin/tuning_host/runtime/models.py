"""Pydantic model base and helpers with middlewared's API model conventions."""
import copy
from typing import Annotated

from annotated_types import MinLen
from pydantic import AfterValidator, BaseModel as _PydanticBaseModel, ConfigDict, Field, StringConstraints, \
    create_model, model_serializer, model_validator
from pydantic._internal._model_construction import ModelMetaclass
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from . import filters as _filters

__all__ = ["BaseModel", "ForUpdateMetaclass", "undefined", "NonEmptyString", "LongString", "single_argument_args", "single_argument_result",
           "QueryFilters", "QueryOptions", "QueryArgs"]


class BaseModel(_PydanticBaseModel):
    """Strict (no `"1"` -> 1 coercion), closed (unknown keys refused), strings capped at 1024 characters;
    attribute docstrings become field descriptions (the API docs). A model's validator is built when first used, not
    at import: the host serves a few dozen of its hundreds of models most of the time (start-up time and memory)."""
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        str_max_length=1024,
        use_attribute_docstrings=True,
        arbitrary_types_allowed=True,
        defer_build=True,
    )


class _Undefined:
    """A field an update did not name (middlewared's `undefined`)."""
    def __repr__(self):
        return "undefined"

    def __bool__(self):
        return False


undefined = _Undefined()


def _undefined():
    return undefined


def _given_fields_only(self, handler):
    # the fields not given are left out of what the model's serializer sees: `undefined` fits no field's type, and
    # serialising it would cost a warning a field (built with the model's repr, even when warnings are off)
    unset = [name for name, value in self.__dict__.items() if value is undefined]
    if unset:
        self = copy.copy(self)   # shallow: the given values are the model's own
        for name in unset:
            del self.__dict__[name]
    return handler(self)


class ForUpdateMetaclass(ModelMetaclass):
    """PATCH semantics, as middlewared's metaclass of that name: every field (its bases' too) is optional with the
    default `undefined`, and a dump leaves out the fields the caller did not give, so an update can tell "not
    given" (left alone) from `null` (cleared)."""

    def __new__(mcls, name, bases, namespace, **kwargs):
        annotations = dict(namespace.get("__annotations__", {}))
        for base in reversed(bases):
            for field_name, field in getattr(base, "model_fields", {}).items():
                if field_name not in annotations:
                    annotations[field_name] = field.annotation
                    namespace[field_name] = field
        for field_name in annotations:
            given = namespace.get(field_name)
            field = given if isinstance(given, FieldInfo) else FieldInfo()
            # a factory, not a default: a JSON schema leaves it out instead of warning that it cannot print it
            namespace[field_name] = FieldInfo.merge_field_infos(field, default=PydanticUndefined,
                                                                default_factory=_undefined)
        namespace["__annotations__"] = annotations
        namespace["serializer"] = model_serializer(mode="wrap")(_given_fields_only)
        return super().__new__(mcls, name, bases, namespace, **kwargs)


NonEmptyString = Annotated[str, MinLen(1)]
# Field-level max_length overrides the model-wide 1024 cap (same limit as middlewared's LongString).
LongString = Annotated[str, StringConstraints(max_length=2048000)]


def single_argument_args(name):
    """Class decorator: the method takes one dict argument called `name`, described by the decorated class.
    The generated arguments model keeps the decorated class's name and module."""
    def wrapper(klass):
        return create_model(
            klass.__name__,
            __base__=(BaseModel,),
            __module__=klass.__module__,
            **{name: Annotated[klass, Field(description=f"{klass.__name__} parameters.")]},
        )
    return wrapper


def single_argument_result(klass, klass_name=None):
    """A `result`-only return model around `klass` (a model class or a plain type; then `klass_name` is required)."""
    if klass is None:
        klass = type(None)
    if klass_name is None:
        if getattr(klass, "__module__", "builtins") == "builtins":
            raise TypeError("You must specify class name when using `single_argument_result` for built-in types")
        klass_name = klass.__name__
    import inspect
    frame = inspect.stack()[1][0]
    module = inspect.getmodule(frame)
    return create_model(
        klass_name,
        __base__=(BaseModel,),
        __module__=module.__name__ if module else __name__,
        result=Annotated[klass, Field(description=f"{klass_name} return fields.")],
    )


def _validate_query_filters(value):
    _filters.validate_filters(value)
    return value


QueryFilters = Annotated[list, AfterValidator(_validate_query_filters)]


class QueryOptions(BaseModel):
    """Options of a query method (pagination, ordering, field selection)."""
    extra: dict = {}
    """Per-method extra options."""
    order_by: list[str] = []
    """Field names to sort by; prefix `-` for descending, `nulls_first:`/`nulls_last:` to place nulls."""
    select: list[str | list] = []
    """Fields to return (dotted paths), or `[name, alias]` pairs."""
    count: bool = False
    """Return the number of matching rows instead of the rows."""
    get: bool = False
    """Return the first matching row; fail if none matches."""
    offset: int = 0
    """Skip this many rows."""
    limit: int = 0
    """Return at most this many rows (0 = no limit)."""
    force_sql_filters: bool = False
    """Accepted for compatibility; ignored."""

    @model_validator(mode="after")
    def _check_combination(self):
        _filters.validate_options(self.model_dump())
        return self


class QueryArgs(BaseModel):
    filters: QueryFilters = []
    """Query filters, e.g. `[["name", "=", "tank"]]`."""
    options: QueryOptions = QueryOptions()
    """Query options."""
