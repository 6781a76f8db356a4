"""Progress lines a person reads (pure).

``format_rate(bw_bytes=None, iops=None)`` → ``"412 MB/s"`` (10^6 bytes, like disk vendors and fio's MB/s) or
``"12,345 IOPS"``, about three significant figures as the reports and the panel print them (``core.figures.
significant``: "1,923 MB/s", "912 MB/s", "91.2 MB/s", "9.12 MB/s"), so a live rate reads as the result it becomes;
``progress_line(run, runs, test, figures=None, phase=None)`` → ``"run 2/5 · Sequential write 1 MiB · 412 MB/s"``.
"""
from ..figures import significant


def format_rate(bw_bytes=None, iops=None):
    if bw_bytes is not None:
        return f'{significant(bw_bytes / 1e6)} MB/s'
    if iops is not None:
        return f'{significant(iops)} IOPS'
    return ''


def progress_line(run, runs, test, figures=None, phase=None):
    parts = [f'run {run}/{runs}', test.title]
    if phase:
        parts.append(phase)
    if figures:
        rate = format_rate(bw_bytes=figures.get('bw_bytes')) if test.primary == 'bw' else \
            format_rate(iops=figures.get('iops'))
        if rate:
            parts.append(rate)
    return ' · '.join(parts)
