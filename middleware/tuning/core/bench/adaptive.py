"""Adaptive repeats, Phoronix Test Suite's rule (pure).

``adaptive_decision(values, planned_runs, max_runs, threshold_percent=3.5)`` → ``{more: bool, reason}`` for the
values of a test's primary metric so far:

- fewer than ``planned_runs`` values: run again;
- %SD (CV) below the threshold (or undefined): stop;
- noisy and fewer than 2 × planned: run again;
- noisy, at least 2 × planned and fewer than 3 × planned: run again only if the %SD has fallen by more than half
  (the %SD of the latest ``planned_runs`` values is under half that of the first ``planned_runs``: the noise is
  settling, so more runs will tighten the estimate);
- never beyond ``max_runs``.
"""
from .statistics import cv_percent

THRESHOLD_PERCENT = 3.5


def adaptive_decision(values, planned_runs, max_runs, threshold_percent=THRESHOLD_PERCENT):
    n = len(values)
    if n >= max_runs:
        return {'more': False, 'reason': f'reached the cap of {max_runs} runs'}
    if n < planned_runs:
        return {'more': True, 'reason': f'planned {planned_runs} runs'}
    cv = cv_percent(values)
    if cv is None or cv < threshold_percent:
        return {'more': False, 'reason': 'spread is low' if cv is not None else 'spread undefined'}
    if n < 2 * planned_runs:
        return {'more': True, 'reason': f'spread {cv:.1f} % ≥ {threshold_percent} %: adding runs'}
    first = cv_percent(values[:planned_runs])
    recent = cv_percent(values[-planned_runs:])
    if n < 3 * planned_runs and None not in (first, recent) and recent < first / 2:
        return {'more': True, 'reason': f'spread {cv:.1f} % still high but fell by more than half: adding runs'}
    return {'more': False, 'reason': f'spread {cv:.1f} % stays high; stopped at {n} runs'}
