"""Errors with middlewared's semantics: errno-carrying exceptions the wire layer turns into JSON-RPC errors."""
import errno as _errno

# TrueNAS-specific errnos (truenas_api_client ErrnoMixin values).
ENOMETHOD = 201
ESERVICESTARTFAILURE = 202
EALERTCHECKERUNAVAILABLE = 203
EREMOTENODEERROR = 204
EDATASETISLOCKED = 205
EINVALIDRRDTIMESTAMP = 206
ENOTAUTHENTICATED = 207
ESSLCERTVERIFICATIONERROR = 208
EREBOOTREQUIRED = 209
EHAUNAVAILABLE = 210

_CUSTOM_ERRNAMES = {
    ENOMETHOD: "ENOMETHOD",
    ESERVICESTARTFAILURE: "ESERVICESTARTFAILURE",
    EALERTCHECKERUNAVAILABLE: "EALERTCHECKERUNAVAILABLE",
    EREMOTENODEERROR: "EREMOTENODEERROR",
    EDATASETISLOCKED: "EDATASETISLOCKED",
    EINVALIDRRDTIMESTAMP: "EINVALIDRRDTIMESTAMP",
    ENOTAUTHENTICATED: "ENOTAUTHENTICATED",
    ESSLCERTVERIFICATIONERROR: "ESSLCERTVERIFICATIONERROR",
    EREBOOTREQUIRED: "EREBOOTREQUIRED",
    EHAUNAVAILABLE: "EHAUNAVAILABLE",
}


def get_errname(code):
    """Symbolic name of an errno (`EINVAL`), including the TrueNAS-specific ones; `EUNKNOWN` otherwise."""
    if code is None:
        return "EUNKNOWN"
    return _errno.errorcode.get(code) or _CUSTOM_ERRNAMES.get(code) or "EUNKNOWN"


class CallException(Exception):
    """Base of the errors a method raises on purpose; the wire layer reports them without a warning."""
    errno = _errno.EFAULT
    extra = None


class CallError(CallException):
    def __init__(self, errmsg, errno=_errno.EFAULT, extra=None):
        super().__init__(errmsg)
        self.errmsg = errmsg
        self.errno = errno
        self.extra = extra

    def __str__(self):
        return f"[{get_errname(self.errno)}] {self.errmsg}"


class ValidationError(CallException):
    """One invalid attribute (dotted path) of a call."""

    def __init__(self, attribute, errmsg, errno=_errno.EINVAL):
        super().__init__(attribute, errmsg)
        self.attribute = attribute
        self.errmsg = errmsg
        self.errno = errno

    def __str__(self):
        return f"[{get_errname(self.errno)}] {self.attribute}: {self.errmsg}"

    def __eq__(self, other):
        return (isinstance(other, ValidationError) and self.attribute == other.attribute
                and self.errmsg == other.errmsg and self.errno == other.errno)

    __hash__ = Exception.__hash__


class ValidationErrors(CallException):
    """A collection of `ValidationError`; iterating yields `(attribute, errmsg, errno)` tuples."""
    errno = _errno.EINVAL

    def __init__(self, errors=None):
        self.errors = list(errors or [])
        super().__init__(self.errors)

    def add(self, attribute, errmsg, errno=_errno.EINVAL):
        self.errors.append(ValidationError(attribute, errmsg, errno))

    def add_validation_error(self, validation_error):
        self.errors.append(validation_error)

    def add_child(self, attribute, child):
        for e in child.errors:
            self.add(f"{attribute}.{e.attribute}", e.errmsg, e.errno)

    def extend(self, errors):
        for e in errors.errors:
            self.add(e.attribute, e.errmsg, e.errno)

    def check(self):
        if self:
            raise self

    def __iter__(self):
        for e in self.errors:
            yield e.attribute, e.errmsg, e.errno

    def __bool__(self):
        return bool(self.errors)

    def __len__(self):
        return len(self.errors)

    def __contains__(self, attribute):
        return any(e.attribute == attribute for e in self.errors)

    def __str__(self):
        return "".join(f"{e}\n" for e in self.errors)


class InstanceNotFound(ValidationError):
    """A looked-up object does not exist (ENOENT, no attribute), as raised by `get_instance`."""

    def __init__(self, errmsg):
        super().__init__(None, errmsg, _errno.ENOENT)


class MatchNotFound(CallException, IndexError):
    """`filter_list(..., {"get": True})` found nothing. An IndexError named MatchNotFound as middlewared's (code
    catching either keeps working); also a CallException, so a caller is told ENOENT rather than an internal error
    (middlewared answers it as an unexpected exception: EINVAL `MatchNotFound()`)."""
    errno = _errno.ENOENT

    def __str__(self):
        return f"[ENOENT] {self.args[0] if self.args else 'No item matches the query filters'}"
