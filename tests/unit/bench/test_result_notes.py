"""A stored result's notes say tests in words (bench_run.result_record), never their ids."""
from tuning.flows.bench_run import result_record


def test_an_adaptive_note_names_the_test_in_words():
    outcome = {'fio_version': 'fio-3.33', 'notes': [], 'tests': {
        'SEQ_WRITE': {'adaptive': 'spread is low', 'summary': {}, 'runs': [], 'job_file': ''},
        'RAND_READ_4K': {'summary': {}, 'runs': [], 'job_file': ''}}}
    record = result_record({}, {'cache_defeat': {'explanation': 'a file twice the RAM'}}, {}, outcome, 'x')
    assert record['notes'] == ['Sequential write 1 MiB: spread is low', 'Cache defeat: a file twice the RAM.']


def test_a_test_answered_from_ram_is_kept_in_the_context_and_said_in_the_notes():
    seq = {'asked_blocks': 1000, 'disk_blocks': 990, 'ram_share': 0.01, 'from_ram': False}
    rand = {'asked_blocks': 1000, 'disk_blocks': 520, 'ram_share': 0.48, 'from_ram': True}
    outcome = {'fio_version': 'fio-3.33', 'notes': [], 'tests': {
        'SEQ_WRITE': {'summary': {}, 'runs': [], 'job_file': ''},
        'SEQ_READ': {'summary': {}, 'runs': [], 'job_file': '', 'arc': seq},
        'RAND_READ_4K': {'summary': {}, 'runs': [], 'job_file': '', 'arc': rand}}}
    record = result_record({}, {'cache_defeat': {'explanation': 'x'}}, {}, outcome, 'x')
    assert record['context']['arc'] == {'SEQ_READ': seq, 'RAND_READ_4K': rand}
    assert record['notes'][-1].startswith('Random read 4 KiB: 48 % of the blocks it read came from RAM (the ARC)')
    assert 'comparisons give no verdict on them' in record['notes'][-1]
    assert not any(note.startswith('Sequential read') for note in record['notes'])


def test_no_arc_figure_no_arc_context():
    outcome = {'fio_version': 'fio-3.33', 'notes': [], 'tests': {'SEQ_READ': {'summary': {}, 'runs': [],
                                                                              'job_file': ''}}}
    assert 'arc' not in result_record({}, {'cache_defeat': {'explanation': 'x'}}, {}, outcome, 'x')['context']
