"""Errors raised by the benchmark core.

- ``BenchmarkInputError(field, message)``: bad spec, environment, fio output or imported file. ``field`` names what is
  wrong (a dotted spec path, ``line 3, column put_block``, ``results[1].iops``); the message says why.
- ``InsufficientSpaceError(message, numbers)``: the run would fill the pool or filesystem; ``numbers`` carries the
  figures (bytes and percentages) so the caller can show them.

Both are plain ``ValueError`` subclasses so the core stays framework-free; services translate them into
``ValidationErrors`` / ``CallError``.
"""


class BenchmarkInputError(ValueError):
    def __init__(self, field, message):
        super().__init__(f'{field}: {message}')
        self.field = field
        self.message = message


class InsufficientSpaceError(ValueError):
    def __init__(self, message, numbers):
        super().__init__(message)
        self.message = message
        self.numbers = dict(numbers)
