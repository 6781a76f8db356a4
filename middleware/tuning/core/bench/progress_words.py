"""Progress lines a person reads (pure).

``format_rate(bw_bytes=None, iops=None)`` → ``"412 MB/s"`` (10^6 bytes, like disk vendors and fio's MB/s) or
``"12.3k IOPS"``; ``progress_line(run, runs, test, figures=None, phase=None)`` → ``"run 2/5 · sequential write ·
412 MB/s"``.
"""


def format_rate(bw_bytes=None, iops=None):
    if bw_bytes is not None:
        mb = bw_bytes / 1e6
        return f'{mb / 1000:.2f} GB/s' if mb >= 1000 else f'{mb:.0f} MB/s' if mb >= 10 else f'{mb:.1f} MB/s'
    if iops is not None:
        return f'{iops / 1000:.1f}k IOPS' if iops >= 1000 else f'{iops:.0f} IOPS'
    return ''


def progress_line(run, runs, test, figures=None, phase=None):
    parts = [f'run {run}/{runs}', test.label]
    if phase:
        parts.append(phase)
    if figures:
        rate = format_rate(bw_bytes=figures.get('bw_bytes')) if test.primary == 'bw' else \
            format_rate(iops=figures.get('iops'))
        if rate:
            parts.append(rate)
    return ' · '.join(parts)
