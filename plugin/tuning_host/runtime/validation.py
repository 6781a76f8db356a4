"""Positional call arguments <-> argument models, and return values -> `result` models."""
import errno
import functools
import logging
import types
import typing

import pydantic

from .errors import ValidationErrors
from .models import BaseModel, ForUpdateMetaclass

logger = logging.getLogger("tuning_host.runtime")


# pydantic words a validator's ValueError as "Value error, <message>"; the message is for the person who sent the
# value, as middlewared's own ValidationErrors read (verrors.add has no such prefix)
_VALUE_ERROR = "Value error, "


def error_message(error):
    """The message of one pydantic error for people: a validator's own words without pydantic's prefix."""
    msg = error["msg"]
    if error["type"] == "value_error" and msg.startswith(_VALUE_ERROR):
        return msg[len(_VALUE_ERROR):]
    return msg


def _errors_from_pydantic(exc):
    verrors = ValidationErrors()
    for error in exc.errors():
        loc = [str(x) for x in error["loc"]]
        msg = error_message(error)
        if error["type"] == "union_tag_not_found":
            loc.append(error["ctx"]["discriminator"].strip("'"))
            msg = "Field required"
        verrors.add(".".join(loc), msg)
    return verrors


def _rejecting(verrors):
    verrors.rejected_arguments = True
    return verrors


def rejected_arguments(exc):
    """Whether `exc` refused a call's arguments before its method ran (raised by `accept_params`): a job that
    ends so keeps none of what it was called with."""
    return getattr(exc, "rejected_arguments", False)


def accept_params(model, args):
    """Validate positional `args` against `model` (fields in declaration order = parameters) and return the
    validated, defaulted list of parameters. Raises `ValidationErrors` naming each bad field by dotted path
    (marked as `rejected_arguments`)."""
    fields = model.model_fields
    if not fields and not args:
        return []   # nothing to validate (core.ping, tuning.state): no model instance to build
    if len(args) > len(fields):
        verrors = ValidationErrors()
        verrors.add("", f"Too many arguments (expected {len(fields)}, found {len(args)})", errno.EINVAL)
        raise _rejecting(verrors)
    data = {(field.alias or name): value for (name, field), value in zip(fields.items(), args)}
    try:
        instance = model(**data)
    except pydantic.ValidationError as e:
        verrors = _errors_from_pydantic(e)
    else:
        dump = instance.model_dump(warnings=False, by_alias=True)
        return [dump[field.alias or name] for name, field in fields.items()]
    # raised outside the handler: pydantic's error (which holds the refused input) is not kept as its context
    raise _rejecting(verrors)


class ResultValidationError(Exception):
    """A method returned a value its `returns` model refuses (a bug in the method or its model)."""


def _query_item(model):
    """`E` when `model`'s result is a query's, `list[E] | E | int` with `E` a model; else None."""
    field = model.model_fields.get("result")
    annotation = field.annotation if field is not None else None
    if typing.get_origin(annotation) not in (typing.Union, types.UnionType):
        return None
    args = typing.get_args(annotation)
    items = [a for a in args if isinstance(a, type) and issubclass(a, pydantic.BaseModel)]
    listed = [typing.get_args(a)[0] for a in args if typing.get_origin(a) is list]
    if len(items) != 1 or listed != items or int not in args or len(args) != 3:
        return None
    return items[0]


@functools.cache
def selected_result_model(model):
    """The model a query's result with `select` fits: every field of its entries optional and left out of the
    dump when absent (middlewared's query_result_item, made from the plugin's full model); None when `model` is
    not a query's."""
    item = _query_item(model)
    if item is None:
        return None
    partial = pydantic.create_model(f"{item.__name__}Selected", __base__=(item,), __module__=item.__module__,
                                    __cls_kwargs__={"metaclass": ForUpdateMetaclass})
    selected = pydantic.create_model(f"{model.__name__}Selected", __base__=(BaseModel,), __module__=model.__module__,
                                     result=(list[partial] | partial | int, ...))
    # built now (models build on first use): a model made from another one's fields gets no serializer of its own
    # when both are left to build later (pydantic 2.9)
    partial.model_rebuild(force=True)
    selected.model_rebuild(force=True)
    return selected


@functools.cache
def _required_keys(model):
    """The keys a query's entry must have to fit the full entry model of `model` (a query's result model)."""
    item = _query_item(model)
    return frozenset(field.alias or name for name, field in item.model_fields.items() if field.is_required())


def _lacks_required(model, result):
    """Whether `result` (a query's list of entries or one entry) has an entry without a field its full model
    requires, so only `selected_result_model` can take it."""
    required = _required_keys(model)
    entries = result if isinstance(result, list) else [result]
    return bool(required) and any(isinstance(e, dict) and not required <= e.keys() for e in entries)


def _dump(model, result):
    return model(result=result).model_dump(warnings=False, by_alias=True)["result"]


def brief(error):
    """A pydantic error in a line: how many, where the first is and what it says; never the value (a result can be
    kilobytes, and the log is no place for it)."""
    first = error.errors(include_input=False, include_url=False)[0]
    where = ".".join(str(x) for x in first["loc"]) or "result"
    return f"{error.error_count()} error(s), the first at {where}: {first['msg']}"


def serialize_result(model, result, *, strict=False):
    """Serialise `result` through `model`'s `result` field; a query's result with `select` (a subset of each
    entry's fields) through `selected_result_model`. Like middlewared, a value the model refuses is logged and
    returned as is, unless `strict` (the host's test mode) makes it an error."""
    selected = selected_result_model(model)
    if selected is not None and _lacks_required(model, result):
        # a select's entries: the full model could only refuse them (its error costs more than the check)
        try:
            return _dump(selected, result)
        except pydantic.ValidationError:
            pass
    try:
        return _dump(model, result)
    except pydantic.ValidationError as e:
        error = e
    if selected is not None:
        try:
            return _dump(selected, result)
        except pydantic.ValidationError:
            pass
    if strict:
        raise ResultValidationError(f"{model.__name__}: return value does not match the model: {error}") from None
    logger.warning("Serialization error when serializing %s: %s. Falling back to the raw value", model.__name__,
                   brief(error))
    return result
