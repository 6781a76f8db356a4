"""core.*: ping, options, subscriptions, jobs, method discovery."""
import errno
import inspect
import uuid
from typing import Any, Literal

from ..runtime import (BaseModel, CallError, InstanceNotFound, QueryArgs, Service, ValidationErrors, api_method,
                       filter_list, job)
from ..runtime.jobs import State
from ..runtime.pipes import Pipes
from ..runtime.roles import roles_for_method
from .audit import audit_method_call
from .authz import event_authorized, job_access_error, method_authorized
from .downloads import DOWNLOAD_WINDOW_SECONDS, filename_problem
from .schema import method_schemas


class CorePingArgs(BaseModel):
    pass


class CorePingResult(BaseModel):
    result: Literal["pong"]


class CoreOptions(BaseModel):
    legacy_jobs: bool = True
    """True: a job call returns the job id. False: the reply comes when the job ends, with its result."""
    private_methods: bool = False
    """Allow calling private methods on this connection."""
    py_exceptions: bool = False
    """Add pickled exceptions to errors."""


class CoreSetOptionsArgs(BaseModel):
    options: dict
    """Any of `legacy_jobs`, `private_methods`, `py_exceptions` (booleans)."""


class CoreSetOptionsResult(BaseModel):
    result: CoreOptions


class CoreSubscribeArgs(BaseModel):
    event: str
    """Event name (e.g. `core.get_jobs`), or `*` for every event."""


class CoreSubscribeResult(BaseModel):
    result: str


class CoreUnsubscribeArgs(BaseModel):
    id_: str


class CoreUnsubscribeResult(BaseModel):
    result: None


class CoreGetJobsResult(BaseModel):
    result: list[dict] | dict | int


class CoreJobWaitArgs(BaseModel):
    id: int


class CoreJobWaitResult(BaseModel):
    result: Any


class CoreJobAbortArgs(BaseModel):
    id: int


class CoreJobAbortResult(BaseModel):
    result: None


class CoreGetMethodsArgs(BaseModel):
    service: str | None = None
    target: Literal["WS", "CLI", "REST"] = "WS"


class CoreGetMethodsResult(BaseModel):
    result: dict[str, Any]


class CoreGetServicesArgs(BaseModel):
    target: Literal["WS", "CLI", "REST"] = "WS"


class CoreGetServicesResult(BaseModel):
    result: dict[str, Any]


class CoreDownloadArgs(BaseModel):
    method: str
    """Name of the job method to run; it must be declared `@job(pipes=["output"])`."""
    args: list
    """Its arguments (positional)."""
    filename: str
    """File name offered to the browser (`Content-Disposition: attachment; filename="..."`)."""
    buffered: bool = False
    """False: the job's bytes stream to the downloader as they are written (the job waits for the reader).
    True: the job runs to its end first, then its whole output is served."""


class CoreDownloadResult(BaseModel):
    result: tuple[int, str]
    """`[job_id, "/_download/<job_id>?auth_token=<token>"]`: GET the URL once, within 300 seconds."""


def _credentials(app):
    """The credentials of a call's connection (None: an internal call, which may reach every job)."""
    return getattr(app, "authenticated_credentials", None) if app is not None else None


def _pipes_of(methodobj):
    return (getattr(methodobj, "_job", None) or {}).get("pipes") or []


class CoreService(Service):
    class Config:
        namespace = "core"
        cli_namespace = "system.core"

    @api_method(CorePingArgs, CorePingResult, authentication_required=False)
    async def ping(self):
        """Returns `pong`."""
        return "pong"

    @api_method(CoreSetOptionsArgs, CoreSetOptionsResult, authentication_required=False, pass_app=True)
    async def set_options(self, app, options):
        """Set connection options; returns all of them."""
        parsed = CoreOptions.model_fields
        for key, value in options.items():
            if key not in parsed:
                raise CallError(f"Unknown option {key!r}", errno.EINVAL)
            if not isinstance(value, bool):
                raise CallError(f"Option {key!r} must be a boolean", errno.EINVAL)
            setattr(app, key, value)
        return {k: getattr(app, k) for k in parsed}

    @api_method(CoreSubscribeArgs, CoreSubscribeResult, authorization_required=False, pass_app=True)
    async def subscribe(self, app, event):
        """Receive `collection_update` notifications for `event`; returns the subscription id."""
        if app is not None and app.authenticated_credentials is not None and not event_authorized(
                app.authenticated_credentials["roles"], self.middleware.events.get(event.split(":")[0])):
            raise CallError("Not authorized", errno.EACCES)
        ident = str(uuid.uuid4())
        app.subscribe(ident, event)
        return ident

    @api_method(CoreUnsubscribeArgs, CoreUnsubscribeResult, authorization_required=False, pass_app=True)
    async def unsubscribe(self, app, ident):
        app.unsubscribe(ident)

    @api_method(QueryArgs, CoreGetJobsResult, authorization_required=False, pass_app=True)
    def get_jobs(self, app, filters, options):
        """Jobs (the newest 1000) this session may see, with TrueNAS query filters and options."""
        creds = _credentials(app)
        return filter_list([j.encode() for j in self.middleware.jobs.all().values()
                            if job_access_error(creds, j, write=False) is None], filters, options)

    @api_method(CoreJobWaitArgs, CoreJobWaitResult, authorization_required=False)
    @job()
    async def job_wait(self, job, id):
        """A job that ends when job `id` ends, with its result or error."""
        target = self.middleware.jobs.get(id)
        if target is None:
            raise InstanceNotFound(f"Job with id {id} does not exist")
        if error := job_access_error(_credentials(job.app), target, write=False):
            raise CallError(error, errno.EPERM)
        return await job.wrap(target)

    @api_method(CoreJobAbortArgs, CoreJobAbortResult, authorization_required=False, pass_app=True)
    def job_abort(self, app, id):
        """Abort job `id` (see Job.abort for what aborting means for async and sync jobs)."""
        target = self.middleware.jobs.get(id)
        if target is None:
            raise InstanceNotFound(f"Job with id {id} does not exist")
        if error := job_access_error(_credentials(app), target, write=True):
            raise CallError(error, errno.EPERM)
        target.abort()

    @api_method(CoreDownloadArgs, CoreDownloadResult, authorization_required=False, pass_app=True)
    async def download(self, app, method, args, filename, buffered):
        """Run job `method(*args)` with its output pipe open; returns `[job_id, url]`. An HTTP GET of the url
        (once: the token is single-use, bound to the job, valid 300 seconds) returns the job's output as a file
        named `filename`."""
        if app is None:
            raise CallError("core.download needs a connection (internal callers open a pipe: middleware.pipe())")
        verrors = ValidationErrors()
        try:
            serviceobj, methodobj = self.middleware.get_method(method)
        except KeyError:
            serviceobj = methodobj = None
        hidden = methodobj is not None and (getattr(methodobj, "_private", False) or serviceobj._config.private)
        if methodobj is None or (hidden and not getattr(app, "private_methods", False)):
            verrors.add("method", f"{method}: method does not exist")
        elif app.authenticated_credentials is not None and not method_authorized(
                app.authenticated_credentials["roles"], methodobj):
            raise CallError("Not authorized", errno.EACCES)
        elif "output" not in _pipes_of(methodobj):
            verrors.add("method", f"{method}: not a job with an output pipe (@job(pipes=['output']))")
        if problem := filename_problem(filename):
            verrors.add("filename", problem)
        verrors.check()

        pipes = Pipes(output=self.middleware.pipe(buffered))
        try:
            started = await self.middleware.call_method(method, serviceobj, methodobj, args, app=app, pipes=pipes)
        except BaseException:
            await pipes.close()
            await audit_method_call(self.middleware, app, method, methodobj, args, False)
            raise
        if getattr(methodobj, "audit", None):
            started.on_finish_cb = lambda j: audit_method_call(self.middleware, app, method, methodobj, args,
                                                               j.state == State.SUCCESS)
        self.middleware.downloads.register(started)  # from now on an unclaimed output is closed in time
        token = await self.middleware.call("auth.generate_token", DOWNLOAD_WINDOW_SECONDS,
                                           {"filename": filename, "job": started.id}, True, True, app=app)
        return started.id, f"/_download/{started.id}?auth_token={token}"

    @api_method(CoreGetServicesArgs, CoreGetServicesResult, authorization_required=False)
    def get_services(self, target):
        """Public services and their configuration."""
        out = {}
        for ns, svc in self.middleware.get_services().items():
            cfg = svc._config
            if cfg.private:
                continue
            out[ns] = {"config": {"namespace": ns, "cli_namespace": cfg.cli_namespace, "private": cfg.private,
                                  "cli_private": cfg.cli_private,
                                  "cli_description": cfg.cli_description or (inspect.getdoc(svc) or "").split("\n")[0]},
                       "type": "service"}
        return out

    @api_method(CoreGetMethodsArgs, CoreGetMethodsResult, authorization_required=False)
    def get_methods(self, service, target):
        """Public methods with their JSON schemas (`accepts`: one schema per positional parameter)."""
        data = {}
        for ns, parts in self.middleware.service_parts().items():
            if service is not None and ns != service:
                continue
            for svc in parts:
                if svc._config.private:
                    continue
                for attr in dir(type(svc)):
                    if attr.startswith("_"):
                        continue
                    method = getattr(svc, attr)
                    if not callable(method) or isinstance(method, type) or getattr(method, "_private", False):
                        continue
                    if not self.middleware.has_method(f"{ns}.{attr}"):
                        continue
                    doc = inspect.getdoc(method) or ""
                    job_opts = getattr(method, "_job", None)
                    data[f"{ns}.{attr}"] = {
                        "description": doc,
                        "cli_description": doc.split("\n\n")[0].split(".")[0].replace("\n", " "),
                        "examples": {},
                        "item_method": False,
                        "no_auth_required": hasattr(method, "_no_auth_required"),
                        "filterable": getattr(method, "new_style_accepts", None) is not None
                        and issubclass(method.new_style_accepts, QueryArgs),
                        "filterable_schema": None,
                        "pass_application": hasattr(method, "_pass_app"),
                        "require_websocket": hasattr(method, "_pass_app"),
                        "job": job_opts is not None,
                        "downloadable": "output" in _pipes_of(method),
                        "uploadable": "input" in _pipes_of(method),
                        "check_pipes": bool(_pipes_of(method)) and job_opts["check_pipes"],
                        "roles": roles_for_method(getattr(method, "roles", []) or []),
                        **method_schemas(method),
                    }
        return data
