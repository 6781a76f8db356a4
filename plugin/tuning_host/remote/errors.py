"""The box's JSON-RPC errors as the exceptions the plugin sees inside middlewared (pure).

middlewared answers a ValidationErrors with -32602 and `data.extra` = [[attribute, message, errno], ...], and any other
failure with -32001 (or -32601 for an unknown method) and `data` = {error: errno, reason: "[ENAME] message", ...}.
"""
import errno
import re

from ..runtime.errors import CallError, ValidationErrors

INVALID_PARAMS = -32602
METHOD_NOT_FOUND = -32601
TOO_MANY_CALLS = -32000

_ERRNAME_PREFIX = re.compile(r'^\[E[A-Z0-9]+\] ')

RESTART_FROM_WEB_UI = ('the API key\'s user may not restart the box (system.reboot needs the FULL_ADMIN role): '
                       'restart the box from the TrueNAS web UI (System → Restart); tuning carries on when it is '
                       'back')


def reason_text(reason: str) -> str:
    """`[EINVAL] x: bad\n` → `x: bad` (CallError adds its own prefix again when shown)."""
    return _ERRNAME_PREFIX.sub('', (reason or '').strip())


def remote_error(method: str, error: dict) -> Exception:
    """The exception for a JSON-RPC `error` object the box answered a call of `method` with."""
    code = error.get('code')
    data = error.get('data') if isinstance(error.get('data'), dict) else {}
    if code == METHOD_NOT_FOUND:
        return CallError(f'Method {method!r} does not exist on the box', errno.ENOENT)
    extra = data.get('extra')
    if code == INVALID_PARAMS and isinstance(extra, list):
        verrors = ValidationErrors()
        for item in extra:
            attribute, message, err = (list(item) + [None, None, errno.EINVAL])[:3]
            verrors.add(attribute, message, err if isinstance(err, int) else errno.EINVAL)
        if verrors:
            return verrors
    err = data.get('error') if isinstance(data.get('error'), int) else None
    if code == TOO_MANY_CALLS and err is None:
        err = errno.EBUSY
    message = reason_text(data.get('reason') or '') or error.get('message') or 'the box answered with an error'
    return CallError(message, err or errno.EFAULT, extra)


def is_refusal(exc: Exception) -> bool:
    """Whether the box refused a call for want of a role (middlewared: EACCES 'Not authorized'; EPERM elsewhere)."""
    return isinstance(exc, CallError) and exc.errno in (errno.EACCES, errno.EPERM)


def refused_reboot() -> CallError:
    return CallError(RESTART_FROM_WEB_UI, errno.EACCES)
