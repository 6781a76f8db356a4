"""A stored result's notes say tests in words (bench_run.result_record), never their ids."""
from tuning.flows.bench_run import result_record


def test_an_adaptive_note_names_the_test_in_words():
    outcome = {'fio_version': 'fio-3.33', 'notes': [], 'tests': {
        'SEQ_WRITE': {'adaptive': 'spread is low', 'summary': {}, 'runs': [], 'job_file': ''},
        'RAND_READ_4K': {'summary': {}, 'runs': [], 'job_file': ''}}}
    record = result_record({}, {'cache_defeat': {'explanation': 'a file twice the RAM'}}, {}, outcome, 'x')
    assert record['notes'] == ['Sequential write 1 MiB: spread is low', 'Cache defeat: a file twice the RAM.']
