"""Method decorators with middlewared's signatures: api_method, job, private, pass_app."""
import asyncio
import functools

from .pipes import PIPE_NAMES
from .validation import accept_params

__all__ = ["api_method", "job", "private", "pass_app"]


def private(fn):
    """Hide a method from the public API (still callable internally)."""
    fn._private = True
    return fn


def pass_app(message_id=False, require=False, rest=False):
    """Pass the calling connection (`app`, None for internal calls) as the first argument after self."""
    def wrapper(fn):
        fn._pass_app = {"message_id": message_id, "require": require, "rest": rest}
        return fn
    return wrapper


def job(lock=None, lock_queue_size=5, logs=False, process=False, pipes=None, check_pipes=True, transient=False,
        description=None, abortable=False, read_roles=None):
    """Make a method a job: calls return a `Job`; the method gets the job as first argument after self (and app).

    `lock` (a name or `lambda args: name`, applied to the raw call args) serialises jobs sharing it; at most
    `lock_queue_size` wait (beyond that the last waiting job is returned instead); `lock_queue_size=0` refuses a
    second one with EBUSY. Must be the innermost decorator.

    `pipes=["output"]` (or `["input"]`): the caller must open that pipe (`core.download` opens `output`); the job
    writes `job.pipes.output.w` / reads `job.pipes.input.r`. A call without it fails with "Pipe 'output' is not
    open" unless `check_pipes=False` (then `job.pipes.output` is None and the job decides).
    """
    unknown = [p for p in pipes or [] if p not in PIPE_NAMES]
    if unknown:
        raise ValueError(f"job pipes: unknown pipe name(s) {unknown}; expected some of {list(PIPE_NAMES)}")

    def wrapper(fn):
        if hasattr(fn, "new_style_accepts"):
            # Applied above @api_method: middlewared would validate the Job object as the first API argument.
            fn._job_outer = True
        fn._job = {
            "lock": lock,
            "lock_queue_size": lock_queue_size,
            "logs": logs,
            "process": process,
            "pipes": pipes or [],
            "check_pipes": check_pipes,
            "transient": transient,
            "description": description,
            "abortable": abortable,
            "read_roles": read_roles or [],
        }
        return fn
    return wrapper


def _leading_args(func, pass_app_flag, audit_callback):
    """How many leading positional args are not API params: self, app, job, audit callback."""
    n = 1
    if pass_app_flag or hasattr(func, "_pass_app"):
        n += 1
    if hasattr(func, "_job"):
        n += 1
    if audit_callback:
        n += 1
    return n


def api_method(accepts, returns, *, audit=None, audit_callback=False, audit_extended=None, rate_limit=True,
               roles=None, private=False, cli_private=False, authentication_required=True,
               authorization_required=True, pass_app=False, pass_app_require=False, pass_app_rest=False,
               pass_thread_local_storage=False, skip_args=None, removed_in=None):
    """Declare an API method: every call's positional args are validated with `accepts` (strict; errors are
    `ValidationErrors` with dotted field paths) and public results are serialised through `returns.result`.
    Role and naming rules are enforced when the service is loaded (see `rules.py`)."""
    if list(returns.model_fields) != ["result"]:
        raise TypeError("`returns` model must only have one field called `result`")
    if private and (roles or not authentication_required or not authorization_required):
        raise ValueError("Cannot set roles, no authorization, or no authentication on private methods.")
    if roles and (not authorization_required or not authentication_required):
        raise ValueError("Authentication and authorization must be enabled in order to use roles.")
    if not authorization_required and not authentication_required:
        raise ValueError("Either authentication or authorization may be disabled, but not both simultaneously.")

    def wrapper(func):
        if pass_app:
            func._pass_app = {"message_id": False, "require": pass_app_require, "rest": pass_app_rest}
        index = _leading_args(func, pass_app, audit_callback)

        if asyncio.iscoroutinefunction(func):
            @functools.wraps(func)
            async def wrapped(*args):
                return await func(*args[:index], *accept_params(accepts, args[index:]))
        else:
            @functools.wraps(func)
            def wrapped(*args):
                return func(*args[:index], *accept_params(accepts, args[index:]))

        if not authorization_required:
            wrapped._no_authz_required = True
        if not authentication_required:
            wrapped._no_auth_required = True
        wrapped.audit = audit
        wrapped.audit_callback = audit_callback
        wrapped.audit_extended = audit_extended
        wrapped.rate_limit = rate_limit
        wrapped.roles = list(roles or [])
        wrapped._private = private
        wrapped._cli_private = cli_private
        wrapped._api_method = True
        wrapped.new_style_accepts = accepts
        wrapped.new_style_returns = returns
        return wrapped

    return wrapper
