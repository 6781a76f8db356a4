"""Which figures the summary table and the charts show (pure data).

``SUMMARY_COLUMNS``: the seeds' table, one column per (test, metric): sequential write and read MB/s, random read
and write IOPS, sync write IOPS, mixed 70/30 read and write IOPS (fio reports the two directions separately and the
report does not add figures up: it shows the medians that were measured), bonnie++/gobonniego random seeks, and
p99 latency of random reads and sync writes. A column no result has is left out.
``THROUGHPUT_GROUPS`` (linear MB/s panel) and ``IOPS_GROUPS`` (log IOPS panel) are the grouped-bar charts;
``LATENCY_PERCENTILES`` the suffixes of the latency-percentile chart, one chart per test and direction.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Column:
    key: str
    test: str
    metric: str
    title: str


SUMMARY_COLUMNS = (
    Column('seq_write', 'SEQ_WRITE', 'write_bw_bytes', 'Sequential write'),
    Column('seq_read', 'SEQ_READ', 'read_bw_bytes', 'Sequential read'),
    Column('rand_read', 'RAND_READ_4K', 'read_iops', 'Random read 4K'),
    Column('rand_write', 'RAND_WRITE_4K', 'write_iops', 'Random write 4K'),
    Column('sync_write', 'SYNC_WRITE_4K', 'write_iops', 'Sync write 4K'),
    Column('mixed_read', 'MIXED_70_30', 'read_iops', 'Mixed 70/30 read'),
    Column('mixed_write', 'MIXED_70_30', 'write_iops', 'Mixed 70/30 write'),
    Column('random_seeks', 'RANDOM_IOPS', 'iops', 'Random seeks'),
    Column('rand_read_p99', 'RAND_READ_4K', 'read_lat_p99_ns', 'Random read p99 latency'),
    Column('sync_write_p99', 'SYNC_WRITE_4K', 'write_lat_p99_ns', 'Sync write p99 latency'),
)

THROUGHPUT_GROUPS = (
    ('SEQ_WRITE', 'write_bw_bytes', 'Sequential write'),
    ('SEQ_READ', 'read_bw_bytes', 'Sequential read'),
)
IOPS_GROUPS = (
    ('RAND_READ_4K', 'read_iops', 'Random read 4K'),
    ('RAND_WRITE_4K', 'write_iops', 'Random write 4K'),
    ('SYNC_WRITE_4K', 'write_iops', 'Sync write 4K'),
    ('MIXED_70_30', 'read_iops', 'Mixed read'),
    ('MIXED_70_30', 'write_iops', 'Mixed write'),
    ('RANDOM_IOPS', 'iops', 'Random seeks'),
)
LATENCY_PERCENTILES = (('p50', 'p50'), ('p90', 'p90'), ('p99', 'p99'), ('p99_9', 'p99.9'))
