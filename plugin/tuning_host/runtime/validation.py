"""Positional call arguments <-> argument models, and return values -> `result` models."""
import errno
import logging

import pydantic

from .errors import ValidationErrors

logger = logging.getLogger("tuning_host.runtime")


def _errors_from_pydantic(exc):
    verrors = ValidationErrors()
    for error in exc.errors():
        loc = [str(x) for x in error["loc"]]
        msg = error["msg"]
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


def serialize_result(model, result, *, strict=False):
    """Serialise `result` through `model`'s `result` field. Like middlewared, a value the model refuses is
    logged and returned as is, unless `strict` (the host's test mode) makes it an error."""
    try:
        return model(result=result).model_dump(warnings=False, by_alias=True)["result"]
    except pydantic.ValidationError as e:
        if strict:
            raise ResultValidationError(f"{model.__name__}: return value does not match the model: {e}") from None
        logger.warning("Serialization error when serializing %s: %s. Falling back to the raw value",
                       model.__name__, e)
        return result
