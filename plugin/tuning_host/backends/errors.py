"""Errors a backend raises. Appliance services turn them into CallError/ValidationErrors."""
import errno


class BackendError(Exception):
    """A primitive operation failed; `errno` says how (ENOENT, EINVAL, EACCES, EBUSY, EFAULT)."""

    errno = errno.EFAULT

    def __init__(self, message, errno_=None):
        super().__init__(message)
        if errno_ is not None:
            self.errno = errno_


class NotFoundError(BackendError):
    errno = errno.ENOENT


class InvalidValueError(BackendError):
    errno = errno.EINVAL


class ReadOnlyError(BackendError):
    """A live write to something that only takes a value at load/boot time (sysfs mode 0444, ZMOD_RD)."""

    errno = errno.EACCES


class BusyError(BackendError):
    errno = errno.EBUSY


class CommandError(BackendError):
    """An external command (zfs, zpool, update-initramfs, ...) exited non-zero."""

    def __init__(self, argv, returncode, stderr):
        self.argv = list(argv)
        self.returncode = returncode
        self.stderr = stderr
        super().__init__(f'{" ".join(self.argv)} failed ({returncode}): {stderr.strip()}')
