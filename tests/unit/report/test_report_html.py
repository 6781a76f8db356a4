"""The HTML report: well-formed, self-contained, no script, charts as SVG, user text escaped."""
from html.parser import HTMLParser

import pytest

from tuning.core.report import build_report, render

VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'}
EVIL = 'max-iops <script>alert("x")</script> & co'


class TagChecker(HTMLParser):
    """Every non-void element closed in order; collects tags, attributes and text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.tags, self.attrs, self.text = [], [], [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += attrs
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += attrs

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f'</{tag}> closes {self.stack[-1] if self.stack else "nothing"}')
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture
def html(results, comparison):
    results[1]['label'] = EVIL
    results[2]['notes'].append('note with <img src=x onerror=alert(1)>')
    report = build_report(results, comparison, title='Report <b>bold</b>', generated_at='2025-06-01T11:00:00Z')
    data, content_type, extension = render(report, 'HTML')
    assert content_type == 'text/html; charset=utf-8' and extension == 'html'
    return data.decode('utf-8')


@pytest.fixture
def parsed(html):
    checker = TagChecker()
    checker.feed(html)
    checker.close()
    return checker


def test_html_is_well_formed(parsed):
    assert parsed.errors == []
    assert parsed.stack == []
    assert parsed.tags[:3] == ['html', 'head', 'meta']


def test_html_runs_nothing_and_fetches_nothing(html, parsed):
    assert '<script' not in html.lower()
    assert 'http://' not in html and 'https://' not in html
    assert not {'script', 'iframe', 'object', 'embed', 'link', 'img'} & set(parsed.tags)
    assert not [name for name, _ in parsed.attrs if name in ('src', 'href') or name.startswith('on')]
    assert 'url(' not in html  # no CSS resource either


def test_html_has_charts_as_inline_svg(parsed, results):
    assert parsed.tags.count('svg') >= 3  # throughput, IOPS and at least one latency chart
    assert parsed.tags.count('rect') == 3 * 2  # bars only on the linear MB/s chart: 3 configurations × 2 tests
    assert parsed.tags.count('circle') > 3 * 10  # dots on the logarithmic IOPS and latency charts


def test_html_opens_with_the_tile_grid_in_words(html):
    tiles = html[html.index('<section id="tiles">'):html.index('<section id="summary">')]
    assert 'Sequential write 1 MiB' in tiles and 'SEQ_WRITE' not in tiles
    assert tiles.count('class="tile"') >= 6 and 'latency p50' in tiles
    assert 'class="big"' in tiles and '(baseline)' in tiles


def test_every_label_is_present_and_escaped(html, parsed, results):
    text = ''.join(parsed.text)
    for result in results:
        assert result['label'] in text
    assert 'max-iops &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co' in html
    assert '&lt;img src=x onerror=alert(1)&gt;' in html
    assert '<title>Report &lt;b&gt;bold&lt;/b&gt;</title>' in html


def test_html_prints_well(html):
    assert '@media print' in html and '@page' in html
    assert 'break-before: page' in html and 'page-break-before: always' in html
    for section in ('summary', 'charts', 'changes', 'warnings', 'method', 'box', 'tools', 'jobs'):
        assert f'<section id="{section}">' in html


def test_html_shows_verdicts_method_and_job_texts(html, results):
    assert 'class="verdict BETTER"' in html and 'class="verdict WORSE"' in html
    assert 'Statistics, in plain words' in html
    assert 'rw=randread' in html  # the fio job text itself
    assert 'Disable read-ahead' in html  # what max-iops changed (zfs_prefetch_disable), in words
