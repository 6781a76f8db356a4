"""What the ARC answered from RAM, from its counters before and after a read run."""
from tuning.bench_runner.arc_counters import read_arc_counters
from tuning.shared.kstat import parse_kstat
from tuning.core.bench.arc_reads import (
    COUNTERS, RAM_SHARE_LIMIT, arc_counters, arc_of_runs, arc_words, counters_delta, from_ram_tests, ram_share, summed,
)

# The head of a real /proc/spl/kstat/zfs/arcstats (OpenZFS 2.3): a kstat header, then ``name type data`` lines.
ARCSTATS = """13 1 0x01 147 39984 5421309112 922338453160
name                            type data
hits                            4    1938472
iohits                          4    2301
misses                          4    120334
demand_data_hits                4    801233
demand_data_iohits              4    1020
demand_data_misses              4    90412
demand_metadata_hits            4    1002311
prefetch_data_hits              4    4411
prefetch_data_iohits            4    17
prefetch_data_misses            4    20110
c_max                           4    16777216000
"""


def counters(**rises):
    return {name: rises.get(name, 0) for name in COUNTERS}


def test_the_data_counters_are_read_from_the_kstat_text():
    assert arc_counters(parse_kstat(ARCSTATS)) == {
        'demand_data_hits': 801233, 'demand_data_iohits': 1020, 'demand_data_misses': 90412,
        'prefetch_data_hits': 4411, 'prefetch_data_iohits': 17, 'prefetch_data_misses': 20110}


def test_a_counter_an_older_openzfs_lacks_reads_as_zero():
    older = '\n'.join(line for line in ARCSTATS.splitlines() if 'iohits' not in line)
    assert arc_counters(parse_kstat(older))['demand_data_iohits'] == 0


def test_a_run_with_every_block_in_ram_is_answered_from_ram():
    share = ram_share(counters(demand_data_hits=1000))
    assert share == {'asked_blocks': 1000, 'disk_blocks': 0, 'ram_share': 1.0, 'from_ram': True}


def test_a_sequential_read_served_by_prefetch_is_a_disk_read():
    # the prefetcher read 1,000 blocks from disk; fio's demand reads then hit them (or found them in flight)
    share = ram_share(counters(demand_data_hits=950, demand_data_iohits=50, prefetch_data_misses=1000))
    assert share['ram_share'] == 0.0 and share['from_ram'] is False


def test_a_random_read_over_twice_the_arc_is_about_half_from_ram():
    share = ram_share(counters(demand_data_hits=480, demand_data_misses=520))
    assert share['ram_share'] == 0.48 and share['from_ram'] is True


def test_the_limit_is_a_share_above_ten_percent():
    assert RAM_SHARE_LIMIT == 0.10
    assert ram_share(counters(demand_data_hits=10, demand_data_misses=90))['from_ram'] is False
    assert ram_share(counters(demand_data_hits=11, demand_data_misses=89))['from_ram'] is True


def test_direct_io_leaves_no_share_and_nothing_from_ram():
    share = ram_share(counters())
    assert share['ram_share'] is None and share['from_ram'] is False
    assert 'no read went through the ARC' in arc_words('SEQ_READ', share)


def test_no_figure_when_a_read_failed_or_the_module_was_reloaded():
    assert counters_delta(None, counters()) is None
    assert counters_delta(counters(demand_data_hits=5), counters(demand_data_hits=2)) is None
    assert ram_share(None) is None


def test_a_tests_share_adds_its_runs_up_and_needs_every_run():
    runs = [{'arc': counters(demand_data_hits=90, demand_data_misses=10)},
            {'arc': counters(demand_data_hits=10, demand_data_misses=890)}]
    assert arc_of_runs(runs)['ram_share'] == 0.1   # 100 of 1,000 blocks, not the mean of 90 % and 1 %
    assert summed([runs[0]['arc'], None]) is None
    assert arc_of_runs([{'arc': None}]) is None


def test_words_say_the_share_and_the_test():
    assert arc_words('RAND_READ_4K', {'ram_share': 0.43, 'from_ram': True}) == (
        'Random read 4 KiB: 43 % of the blocks it read came from RAM (the ARC), not from the disks')
    assert 'still measures the disks' in arc_words('SEQ_READ', {'ram_share': 0.02, 'from_ram': False})


def test_a_results_tests_answered_from_ram():
    result = {'context': {'arc': {'SEQ_READ': {'ram_share': 0.01, 'from_ram': False},
                                  'RAND_READ_4K': {'ram_share': 0.47, 'from_ram': True}}}}
    assert from_ram_tests(result) == {'RAND_READ_4K': 0.47}
    assert from_ram_tests({'context': {}}) == {}


def test_the_reader_reads_a_kstat_file_and_says_none_without_one(tmp_path):
    path = tmp_path / 'arcstats'
    path.write_text(ARCSTATS)
    assert read_arc_counters(str(path))['demand_data_misses'] == 90412
    assert read_arc_counters(str(tmp_path / 'absent')) is None
