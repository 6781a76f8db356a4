from tuning.core.report import build_report, render
from tuning.core.report.render_markdown import md


def _markdown(results, comparison):
    report = build_report(results, comparison, title='t', generated_at='2025-06-01T11:00:00Z')
    data, content_type, extension = render(report, 'MARKDOWN')
    assert content_type.startswith('text/markdown') and extension == 'md'
    return data.decode('utf-8')


def _summary_table(text):
    section = text.split('## Summary', 1)[1].split('\n## ', 1)[0]
    tables = [block for block in section.split('\n\n') if block.startswith('| Configuration |')]
    header, rule, *rows = tables[1].splitlines()  # the first table lists the configurations
    return header, rule, rows


def test_summary_table_has_a_row_per_configuration(results, comparison):
    header, rule, rows = _summary_table(_markdown(results, comparison))
    assert len(rows) == len(results)
    assert [r.split(' | ')[0].lstrip('| ') for r in rows] == ['balanced', 'max-iops', 'noisy-box']
    columns = header.count(' | ') + 1
    assert all(r.count(' | ') + 1 == columns for r in rows)
    assert 'Sequential write 1 MiB (MB/s)' in header and 'lower is better' in header
    assert 'BETTER' in rows[1] and 'WORSE' in rows[1]
    # a latency column's figures read in µs or ms: its unit word is the HTML's, not the stored unit (ns)
    assert 'Random read 4 KiB p99 latency (latency, lower is better)' in header and '(ns' not in header


def test_labels_cannot_break_the_table_or_become_html(results, comparison):
    results[1]['label'] = 'a | b <script>x</script>\nnext'
    header, rule, rows = _summary_table(_markdown(results, comparison))
    assert rows[1].startswith('| a \\| b &lt;script&gt;x&lt;/script&gt; next |')
    assert md('*bold* _x_ [link](y) `code` #1') == '\\*bold\\* \\_x\\_ \\[link\\](y) \\`code\\` \\#1'


def test_sections_and_job_texts_in_fences(results, comparison):
    results[0]['jobs'] = ['[job]\n; has ``` inside\nrw=read']
    text = _markdown(results, comparison)
    for heading in ('## Summary', '## Chart figures', '## What each configuration changed', '## Warnings',
                    '## Method', '## The box', '## Tool versions', '## fio job files'):
        assert heading in text
    assert '````ini\n[job]\n; has ``` inside\nrw=read\n````' in text
    assert '```ini\n[global]' in text
