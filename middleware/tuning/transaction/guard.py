"""One apply, revert or benchmark at a time: a benchmark during an apply would measure a moving target."""
import errno
import threading

from ..framework import CallError


class BusyGuard:
    def __init__(self):
        self._lock = threading.Lock()
        self.busy: dict | None = None

    def acquire(self, method: str, job_id: int | None) -> None:
        with self._lock:
            if self.busy is not None:
                raise CallError(
                    f'{self.busy["method"]} (job {self.busy["job_id"]}) is running; '
                    f'{method} can start when it has finished, or once it is aborted (jobs panel, or '
                    f'core.job_abort {self.busy["job_id"]}).', errno.EBUSY)
            self.busy = {'method': method, 'job_id': job_id}

    def release(self) -> None:
        with self._lock:
            self.busy = None
