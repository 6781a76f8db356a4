"""The raw sequential read of one disk (pure): fio's job and options, and the figure read from its JSON.

fio reads the whole device with ``--readonly`` (fio refuses any job that would write or trim) and direct I/O, for a
fixed time: safe on a live pool and bounded whatever the disk's size. ``--readonly`` exists only on fio's command
line, so it goes in ``FIO_OPTIONS`` beside the job file."""
from ..bench.errors import BenchmarkInputError
from ..bench.fio_output import parse_fio_json
from .fio_device import device_job_text

FIO_OPTIONS = ('--readonly',)
BLOCK_SIZE = '1M'
IODEPTH = 8
SECONDS = (3, 60)  # bounds of ``seconds_per_disk``
DEFAULT_SECONDS = 10


def job_text(name: str, device: str, seconds: int) -> str:
    """The fio job file reading ``device`` sequentially for ``seconds``."""
    return device_job_text(name, device, seconds, SECONDS, [
        'rw=read', f'bs={BLOCK_SIZE}', 'direct=1', 'ioengine=libaio', f'iodepth={IODEPTH}'])


def read_figure(doc) -> dict:
    """``{read_bytes_per_second, seconds, error}`` of one disk's fio JSON document; ``error`` says in words why
    there is no figure (fio's own error number, nothing read)."""
    try:
        parsed = parse_fio_json(doc)
    except BenchmarkInputError as e:
        return {'read_bytes_per_second': None, 'seconds': None, 'error': f'fio output: {e}'}
    job = parsed['jobs'][0]
    seconds = _runtime_seconds(doc)
    if job['error']:
        return {'read_bytes_per_second': None, 'seconds': seconds, 'error': f'fio reported error {job["error"]}'}
    if job['read'] is None:
        return {'read_bytes_per_second': None, 'seconds': seconds, 'error': 'fio read nothing'}
    return {'read_bytes_per_second': float(job['read']['bw_bytes']), 'seconds': seconds, 'error': None}


def _runtime_seconds(doc) -> float | None:
    try:
        return round(doc['jobs'][0]['read']['runtime'] / 1000, 3)  # fio's runtime is in ms
    except (KeyError, IndexError, TypeError):
        return None
