"""fio's job file for one whole disk (pure): the disk rung's raw read and the log device's sync writes both name a
device in it, so both refuse the same names fio would misread and a time outside their bounds."""
from ..bench.errors import BenchmarkInputError


def device_job_text(name: str, device: str, seconds: int, bounds: tuple[int, int], lines: list[str]) -> str:
    """The job ``[name]`` on ``device`` for ``seconds`` (time based) with fio's ``lines`` between."""
    if not device.startswith('/') or any(c in device for c in '\n:') or not name.isidentifier():
        raise BenchmarkInputError('device', f'{device!r} cannot be named in a fio job file')
    if not bounds[0] <= seconds <= bounds[1]:
        raise BenchmarkInputError('seconds', f'must be {bounds[0]} to {bounds[1]}')
    return '\n'.join([f'[{name}]', f'filename={device}', *lines, 'time_based=1', f'runtime={seconds}', ''])
