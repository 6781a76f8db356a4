"""Live rates in progress lines (core.bench.progress_words) read by the rule the panel's formatNumber and the reports
use: about three significant figures, whole from 100, thousands separated, MB/s at every speed."""
from tuning.core.bench.catalog import TESTS
from tuning.core.bench.progress_words import format_rate, progress_line
from tuning.core.report.metric_info import title_of_test
from tuning.core.report.numbers import format_value


def test_a_live_rate_reads_as_the_result_and_the_panel_print_it():
    # the panel's format.spec.ts pins the same figures: 1,000 / 912 / 91.2 / 9.12 / 0.912
    rates = [999.6e6, 912.04e6, 91.23e6, 9.123e6, 0.9123e6, 1922.9e6]
    assert [format_rate(bw_bytes=b) for b in rates] == [
        '1,000 MB/s', '912 MB/s', '91.2 MB/s', '9.12 MB/s', '0.912 MB/s', '1,923 MB/s']
    assert [format_rate(bw_bytes=b) for b in rates] == [format_value(b, 'B/s') for b in rates]
    assert format_rate(iops=12345.6) == '12,346 IOPS' and format_rate(iops=87.4) == '87.4 IOPS'
    assert format_rate() == ''


def test_the_progress_line_names_a_test_as_every_other_sentence_does():
    assert progress_line(1, 2, TESTS['RAND_READ_4K'], {'iops': 12345.6}) == \
        'run 1/2 · Random read 4 KiB · 12,346 IOPS'
    assert progress_line(2, 5, TESTS['MIXED_70_30'], phase='warming up') == 'run 2/5 · Mixed 70/30 8 KiB · warming up'
    assert all(title_of_test(t) == TESTS[t].title for t in TESTS)   # one name: the catalog's title
