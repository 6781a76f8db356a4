"""Run a backend operation and turn backend errors into the errors a TrueNAS method would raise."""
import errno

from tuning_host.backends.errors import BackendError
from tuning_host.runtime import CallError, ValidationErrors


def backend_call(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except BackendError as e:
        raise CallError(str(e), e.errno) from None


def backend_call_validated(attribute, fn, *args, **kwargs):
    """Like `backend_call`, but a refused value (EINVAL) is a validation error on `attribute`."""
    try:
        return fn(*args, **kwargs)
    except BackendError as e:
        if e.errno == errno.EINVAL:
            verrors = ValidationErrors()
            verrors.add(attribute, str(e), errno.EINVAL)
            raise verrors from None
        raise CallError(str(e), e.errno) from None
