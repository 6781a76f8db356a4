"""Runner errors: ``BenchmarkAborted`` (the abort signal fired; fio was stopped and scratch removed) and
``FioFailed(message, returncode, stderr)`` (fio exited non-zero, printed no result, or reported a job error)."""


class BenchmarkAborted(Exception):
    pass


class FioFailed(Exception):
    def __init__(self, message, returncode=None, stderr=''):
        super().__init__(message)
        self.returncode = returncode
        self.stderr = stderr
