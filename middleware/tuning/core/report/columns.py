"""Which figures the summary table and the charts show (pure data).

``SUMMARY_COLUMNS``: the seeds' table, one column per (test, metric), titled by the test's one name (the catalog's
``title``, as every sentence names it): sequential write and read MB/s, random read and write IOPS, sync write
IOPS, mixed 70/30 read and write IOPS (fio reports the two directions separately and the report does not add figures
up: it shows the medians that were measured), bonnie++/gobonniego random seeks, and p99 latency of random reads and
sync writes. A column no result has is left out. ``THROUGHPUT_GROUPS`` (linear MB/s panel) and ``IOPS_GROUPS`` (log
IOPS panel), ``(test, metric)`` pairs, are the grouped-bar charts; ``LATENCY_PERCENTILES`` the suffixes of the
latency-percentile chart, one chart per test and direction.
"""
from dataclasses import dataclass

from ..bench.catalog import TESTS


@dataclass(frozen=True)
class Column:
    key: str
    test: str
    metric: str
    title: str


def _title(test, words=''):
    """A column's title from the test's one name (the catalog's title): 'Mixed 70/30 8 KiB read'."""
    return f'{TESTS[test].title} {words}'.strip()


SUMMARY_COLUMNS = (
    Column('seq_write', 'SEQ_WRITE', 'write_bw_bytes', _title('SEQ_WRITE')),
    Column('seq_read', 'SEQ_READ', 'read_bw_bytes', _title('SEQ_READ')),
    Column('rand_read', 'RAND_READ_4K', 'read_iops', _title('RAND_READ_4K')),
    Column('rand_write', 'RAND_WRITE_4K', 'write_iops', _title('RAND_WRITE_4K')),
    Column('sync_write', 'SYNC_WRITE_4K', 'write_iops', _title('SYNC_WRITE_4K')),
    Column('mixed_read', 'MIXED_70_30', 'read_iops', _title('MIXED_70_30', 'read')),
    Column('mixed_write', 'MIXED_70_30', 'write_iops', _title('MIXED_70_30', 'write')),
    Column('random_seeks', 'RANDOM_IOPS', 'iops', 'Random seeks'),
    Column('rand_read_p99', 'RAND_READ_4K', 'read_lat_p99_ns', _title('RAND_READ_4K', 'p99 latency')),
    Column('sync_write_p99', 'SYNC_WRITE_4K', 'write_lat_p99_ns', _title('SYNC_WRITE_4K', 'p99 latency')),
)

# (test, metric) of each chart's groups; their names are the tests' titles (chart_data)
THROUGHPUT_GROUPS = (
    ('SEQ_WRITE', 'write_bw_bytes'),
    ('SEQ_READ', 'read_bw_bytes'),
)
IOPS_GROUPS = (
    ('RAND_READ_4K', 'read_iops'),
    ('RAND_WRITE_4K', 'write_iops'),
    ('SYNC_WRITE_4K', 'write_iops'),
    ('MIXED_70_30', 'read_iops'),
    ('MIXED_70_30', 'write_iops'),
    ('RANDOM_IOPS', 'iops'),
)
LATENCY_PERCENTILES = (('p50', 'p50'), ('p90', 'p90'), ('p99', 'p99'), ('p99_9', 'p99.9'))
