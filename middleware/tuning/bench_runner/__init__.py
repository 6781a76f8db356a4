"""The I/O side of benchmarks: fio subprocesses and scratch directories. No framework imports: the plugin service
passes ``progress(percent, description, extra)`` and an abort ``threading.Event`` (or callable).

- ``run_benchmark(method, target_dir, bench_id, progress=None, abort=None, fio_binary='fio', records_dir=None,
  arc_reader=None)`` (runner); ``read_arc_counters()``: the box's ARC data counters (arc_counters)
- ``run_fio(job_text, scratch_dir, on_status=None, abort=None, fio_binary='fio', records_dir=None)``,
  ``fio_version()`` (fio_process)
- ``stop_leftovers(records_dir)``: stop the fio runs a killed host left running (fio_leftovers)
- ``create_scratch``, ``remove_scratch``, ``remove_test_files``, ``sweep_leftovers(root_dirs)`` (scratch)
- ``BenchmarkAborted``, ``FioFailed`` (errors)
"""
from .errors import BenchmarkAborted, FioFailed
from .fio_leftovers import stop_leftovers
from .fio_process import fio_version, run_fio
from .runner import run_benchmark
from .scratch import PREFIX, create_scratch, remove_scratch, remove_test_files, sweep_leftovers

__all__ = ['BenchmarkAborted', 'FioFailed', 'fio_version', 'run_fio', 'run_benchmark', 'PREFIX', 'create_scratch',
           'remove_scratch', 'remove_test_files', 'sweep_leftovers']
