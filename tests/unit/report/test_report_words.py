"""Reports are read by people (issue 21 item 5): the HTML and Markdown of a realistic campaign report with setting
changes say every test, setting, method and winner in words and every size in units; no UPPER_SNAKE name of the
plugin's enums, no setting key, no bare byte count. The CSV and JSON exports keep raw values (for scripts)."""
import re
from html.parser import HTMLParser

import pytest

from tuning.core.bench.catalog import TESTS
from tuning.core.campaign import recommend
from tuning.core.presets import constants
from tuning.core.presets.setting_words import value_words
from tuning.core.report import build_report, render
from tuning.core.report.wording import date_text

from .test_report_campaign import campaign_row

UPPER_SNAKE = re.compile(r'\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b')
# 7+ digits not part of a grouped number ("1,234,567") and not followed by a unit
BARE_DIGITS = re.compile(r'(?<![\d,.])\d{7,}(?!\s*(?:[KMGT]i?B|B\b|bytes|MB/s|IOPS|µs|ms|ns|s\b))')
ENUMS = set(TESTS) | {'BASELINE', 'NO_CHANGE', 'INSUFFICIENT_RUNS', 'DIRECT_IO', 'O_DIRECT', 'WORKING_SET', 'ARC_METADATA_ONLY', 'CLIENT_DIRECT_IO'} | {
    v for k, v in vars(constants).items() if k.isupper() and isinstance(v, str) and UPPER_SNAKE.fullmatch(v)}
DIFFS = {12: [{'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_arc_max', 'baseline': '0',
               'value': '25769803776'},
              {'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': 'recordsize', 'baseline': '131072',
               'value': '1048576'}]}


class Text(HTMLParser):
    """What a person reads: text outside <style>, without tag names or attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.skip = [], False

    def handle_starttag(self, tag, attrs):
        self.skip = tag == 'style'

    def handle_endtag(self, tag):
        self.skip = False

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


@pytest.fixture
def report(results, comparison):
    row = campaign_row()
    names = {id_: name for name, id_ in row['results'].items()}
    return build_report(results, comparison, title='Campaign 7', generated_at='2025-06-01T11:00:00Z', campaign=row,
                        recommendation=recommend(comparison, names), settings_diffs=DIFFS)


def readable(report):
    parser = Text()
    parser.feed(render(report, 'HTML')[0].decode())
    markdown = re.sub(r'\\(.)', r'\1', render(report, 'MARKDOWN')[0].decode())  # Markdown's escapes undone
    return {'HTML': ' '.join(parser.parts), 'MARKDOWN': markdown}


def test_reports_say_enums_in_words_and_sizes_in_units(report):
    for name, text in readable(report).items():
        assert {t for t in UPPER_SNAKE.findall(text) if t in ENUMS} == set(), name
        assert not re.search(r'\b[A-Z_]+:[^:\s]+:', text), name                     # no KIND:scope:setting key
        assert BARE_DIGITS.findall(text) == [], name
        # sizes spelled as the plan spells them (core.presets.units.format_bytes): "24 GiB", not "24.0 GiB"
        assert 'Maximum ARC size' in text and '24 GiB' in text and 'Record size of tank/media' in text, name
        assert '24.0 GiB' not in text, name
        assert 'Sequential write 1 MiB: 5' in text, name


def test_exports_keep_raw_values(report):
    assert '25769803776' in render(report, 'JSON')[0].decode()
    assert 'SEQ_WRITE' in render(report, 'CSV')[0].decode()


ISO = re.compile(r'\d{4}-\d{2}-\d{2}T\d{2}:\d{2}')


def test_the_header_says_when_in_a_readable_date_in_utc_and_the_baseline_in_words(report):
    base = report['configurations'][0]
    for name, text in readable(report).items():
        assert 'Generated 1 June 2025, 11:00 UTC' in text, name
        assert (f'baseline: {base["label"]} (result #{base["id"]}): the box as it was before campaign 7'
                in ' '.join(text.split())), name
        assert ISO.findall(text) == [], name                   # every date in words, the results' too
        assert '1 June 2025, 10:00 UTC' in text, name
    assert '2025-06-01T11:00:00Z' in render(report, 'JSON')[0].decode()   # the exports keep ISO 8601


def test_a_date_in_words_is_in_utc_whatever_zone_it_was_written_in():
    assert date_text('2026-11-26T05:40:48+00:00') == '26 November 2026, 05:40 UTC'
    assert date_text('2026-11-26T06:40:48+01:00') == '26 November 2026, 05:40 UTC'
    assert date_text('2026-11-26T05:40:48') == '26 November 2026, 05:40 UTC'
    assert (date_text(None), date_text('yesterday')) == ('—', 'yesterday')


def test_setting_values_read_as_the_plan_reads_them(results, comparison):
    """One spelling of a setting's value (core.presets.setting_words.value_words) in plans and reports: the ARC's 0
    as OpenZFS's default, the three TCP buffer sizes each in units, percentages and seconds with their sign."""
    rows = [('ZFS_PARAMETER', 'zfs_arc_max', '0', '25769803776'),
            ('SYSCTL', 'net.ipv4.tcp_rmem', '4096 131072 6291456', '4096 131072 16777216'),
            ('ZFS_PARAMETER', 'zfs_dirty_data_max_percent', '10', '20'),
            ('ZFS_PARAMETER', 'zfs_txg_timeout', '5', '10'),
            ('DATASET_PROPERTY', 'special_small_blocks', '0', '512')]
    diffs = {12: [{'kind': kind, 'scope': 'global', 'setting': setting, 'baseline': before, 'value': after}
                  for kind, setting, before, after in rows]}
    report = build_report(results, comparison, title='t', generated_at='2025-06-01T11:00:00Z', settings_diffs=diffs)
    for name, text in readable(report).items():
        for kind, setting, before, after in rows:
            for value in (before, after):
                assert value_words(kind, setting, value) in text, (name, setting, value)
        assert '0 (OpenZFS default)' in text and '4 KiB, 128 KiB, 16 MiB (min, default, max)' in text and '512 B' in text, name
