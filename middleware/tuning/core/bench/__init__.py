"""Benchmark core (pure, stdlib only): catalog, method, fio job files, fio output parsing, statistics, comparison,
importers. See each module's docstring; the public names are re-exported here:

- ``benchmark_method(spec, env)`` (method), ``render_job_file(planned_test, method, directory)`` (jobfile)
- ``parse_fio_json(data)``, ``job_metrics``, ``job_run``, ``matching_test`` (fio_output);
  ``StatusStreamDecoder``, ``split_json_stream``, ``progress_from_status`` (fio_status_stream)
- ``summarize``, ``median``, ``median_ci``, ``mean``, ``cv_percent``, ``mad_outliers`` (statistics);
  ``adaptive_decision`` (adaptive)
- ``compare(baseline_result, other_results)``, ``bootstrap_ratio_ci``, ``mann_whitney_exact``, ``holm``, ``verdict``
  (comparison)
- ``import_result(format, data)`` (importers)
- ``TESTS``, ``PROFILES``, ``METRICS``, ``metrics_of_test`` (catalog); ``BenchmarkInputError``,
  ``InsufficientSpaceError`` (errors); ``progress_line`` (progress_words)
"""
from .adaptive import adaptive_decision
from .catalog import METRICS, PROFILES, TESTS, metrics_of_test
from .comparison import bootstrap_ratio_ci, compare, holm, mann_whitney_exact, verdict
from .errors import BenchmarkInputError, InsufficientSpaceError
from .fio_output import job_metrics, job_run, parse_fio_json, matching_test
from .fio_status_stream import StatusStreamDecoder, progress_from_status, split_json_stream
from .importers import import_result
from .jobfile import render_job_file
from .method import benchmark_method
from .progress_words import progress_line
from .statistics import cv_percent, mad_outliers, mean, median, median_ci, summarize, summarize_runs

__all__ = [
    'adaptive_decision', 'METRICS', 'PROFILES', 'TESTS', 'metrics_of_test', 'bootstrap_ratio_ci', 'compare', 'holm',
    'mann_whitney_exact', 'verdict', 'BenchmarkInputError', 'InsufficientSpaceError', 'job_metrics', 'job_run',
    'parse_fio_json', 'matching_test', 'StatusStreamDecoder', 'progress_from_status', 'split_json_stream',
    'import_result', 'render_job_file', 'benchmark_method', 'progress_line', 'cv_percent', 'mad_outliers', 'mean',
    'median', 'median_ci', 'summarize', 'summarize_runs',
]
