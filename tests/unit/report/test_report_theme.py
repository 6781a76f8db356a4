"""The HTML report follows the reader's theme (issue 21 item 5): a dark scheme under ``prefers-color-scheme: dark``
(a report opened inside the panel's dark theme is no glaring white page), light when printed, every text colour
WCAG AA (4.5:1) on its background in both schemes and the series' colours 3:1; the charts' text and lines take the
scheme's colours. And the report names what it shows: presets by name, sources, profiles and warning kinds in
words."""
import re

import pytest

from tuning.core.campaign import recommend
from tuning.core.report import build_report, render
from tuning.core.report.chart_data import PALETTE
from tuning.core.report.render_html import CSS, DARK, LIGHT

from .test_report_campaign import campaign_row

# (text colour, background) pairs as the stylesheet draws them
TEXT_PAIRS = [('ink', 'bg'), ('ink', 'head'), ('muted', 'bg'), ('muted', 'head'), ('better', 'bg'), ('worse', 'bg'),
              ('better', 'better-bg'), ('worse', 'worse-bg'), ('same', 'same-bg'), ('unsure', 'unsure-bg'),
              ('few', 'few-bg'), ('chart-ink', 'bg'), ('chart-muted', 'bg'), ('chart-limit', 'bg'),
              ('chart-ink', 'chart-halo'), ('chart-limit', 'chart-halo')]


def luminance(colour):
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize('scheme', [LIGHT, DARK], ids=['light', 'dark'])
def test_text_passes_wcag_aa_and_series_colours_stand_out_in_both_schemes(scheme):
    for ink, background in TEXT_PAIRS:
        assert contrast(scheme[ink], scheme[background]) >= 4.5, (ink, background)
    for colour in PALETTE + (scheme['chart-limit'],):
        assert contrast(colour, scheme['bg']) >= 3, colour


def test_the_dark_scheme_follows_the_readers_theme_and_print_stays_light():
    assert set(LIGHT) == set(DARK)
    used = set(re.findall(r'var\(--([a-z-]+)', CSS))
    assert used <= set(LIGHT), used - set(LIGHT)                         # every colour has both schemes
    dark = re.search(r'@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}', CSS)
    assert dark and all(f'--{k}: {v};' in dark.group(1) for k, v in DARK.items())
    printed = CSS[CSS.index('@media print'):]
    assert all(f'--{k}: {v};' in printed for k, v in LIGHT.items())     # paper is white
    # no colour is written into a rule directly: each comes from the scheme
    rules = re.sub(r'var\(--[a-z-]+(, #[0-9a-f]+)?\)', '', CSS.split('}', 2)[2])
    assert not re.search(r'(?<![-\w])(color|background|border(-color)?|fill|stroke): #', rules), rules


@pytest.fixture
def report(results, comparison):
    row = campaign_row(spec={**campaign_row()['spec'], 'finish': {'mode': 'PRESET', 'preset': 'max-iops'}})
    names = {id_: name for name, id_ in row['results'].items()}
    return build_report(results, comparison, title='Campaign 7', generated_at='2025-06-01T11:00:00Z', campaign=row,
                        recommendation=recommend(comparison, names))


def test_chart_text_and_lines_take_the_schemes_colours(report):
    html = render(report, 'HTML')[0].decode()
    svgs = re.findall(r'<svg .*?</svg>', html, re.DOTALL)
    assert svgs
    for drawn in svgs:
        assert all(re.search(r'class="(ink|muted|limit)"', t) for t in re.findall(r'<text [^>]*>', drawn))
        assert all('class="grid"' in g for g in re.findall(r'<line [^>]*stroke="#d0d7de"[^>]*>', drawn))


def test_presets_profiles_sources_and_warning_kinds_are_named(report):
    configurations = {c['id']: c for c in report['configurations']}
    assert (configurations[12]['preset'], configurations[12]['preset_name']) == ('max-iops', 'Max IOPS')
    assert configurations[11]['preset'] is None and configurations[11]['preset_name'] is None
    # an id the catalogue does not know (an own preset measured before names were recorded) stays as it is
    assert configurations[13]['preset_name'] == 'max-sequential-write'
    assert report['campaign']['finish'] == 'leave the preset Max IOPS applied'
    for name, text in (('HTML', render(report, 'HTML')[0].decode()),
                       ('MARKDOWN', render(report, 'MARKDOWN')[0].decode())):
        assert 'Max IOPS' in text and 'fio on the box' in text and 'Quick test' in text, name
        assert not re.search(r'\b(QUICK|FIO)\b', text), name
        assert 'finished · 1 round (interleaved)' in text, name


def test_a_recorded_preset_name_wins_and_warning_kinds_read_as_words(results, comparison):
    results[2]['context']['preset']['name'] = 'Noisy box (own)'
    results[2]['notes'] = ['a note of its own']
    report = build_report(results, comparison, title='t', generated_at='2025-06-01T11:00:00Z')
    assert report['configurations'][2]['preset_name'] == 'Noisy box (own)'
    assert report['configurations'][2]['preset'] == 'max-sequential-write'   # the id stays for scripts (JSON, CSV)
    html = render(report, 'HTML')[0].decode()
    assert '<span class="kind">Note</span>' in html and 'Noisy box (own)' in html
    assert '<span class="kind">NOTE</span>' not in html


def test_the_boxs_disks_are_counted_by_kind_as_people_write_it():
    from tuning.core.report.box_section import box_section
    disks = [{'name': f'nvme{i}n1', 'kind': 'NVME'} for i in range(4)] + [{'name': 'sda', 'kind': 'HDD'}]
    items = {i['key']: i['value'] for i in box_section({'id': 1, 'context': {'profile': {'disks': disks}}})['items']}
    assert items['disks'] == '1 × HDD, 4 × NVMe'
