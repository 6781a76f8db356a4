"""A query reads from SQLite only the columns it filters, orders and selects by (issue 22: a select of id, label and
date reads no per-run figures or context), and answers as a query over whole rows does."""
import pytest

from tuning import benchmark
from tuning.framework import filter_list
from tuning.store import Database, benchmarks
from tuning.store.columns import filter_names, query_columns, top_name

COLUMNS = ('id', 'label', 'created_at', 'source', 'context', 'runs')


def test_top_names_of_dotted_and_escaped_paths():
    assert top_name('context.target.pool') == 'context'
    assert top_name('a\\.b.c') == 'a.b'
    assert top_name('label') == 'label'


def test_filters_name_their_fields_or_reads_everything_when_unknown():
    assert filter_names([['label', '=', 'x'], ['OR', [[['source', '=', 'FIO']], ['context.pool', '=', 't']]]]) \
        == {'label', 'source', 'context'}
    assert filter_names([['label']]) is None


@pytest.mark.parametrize('filters, options, expected', [
    ([], {}, COLUMNS),                                                                 # no select: the whole row
    ([], {'select': ['label', ['created_at', 'when']]}, ('id', 'label', 'created_at')),
    ([['source', '=', 'FIO']], {'select': ['label'], 'order_by': ['-created_at']},
     ('id', 'label', 'created_at', 'source')),
    ([['campaign_id', '=', None]], {'select': ['campaign_id']}, ('id',)),              # computed: from the id
    ([['context.pool', '=', 't']], {'count': True}, ('id', 'context')),                # a count selects nothing
    ([], {'select': ['runs.SEQ_READ'], 'order_by': ['nulls_last:-label']}, ('id', 'label', 'runs')),
    ([['label', 'bogus']], {'select': ['label']}, COLUMNS),                            # refused later, by the query
])
def test_query_columns(filters, options, expected):
    assert query_columns(filters, options, COLUMNS) == expected


@pytest.fixture
def db(tmp_path):
    db = Database(str(tmp_path / 'tuning.db'))
    for label in ('a', 'b'):
        benchmarks.insert_benchmark(db, label=label, source='FIO', spec={'tests': ['SEQ_READ']},
                                    context={'target': {'pool': 'tank'}}, summary={'SEQ_READ': {}},
                                    runs={'SEQ_READ': [1, 2]}, jobs=[{'name': 'j'}], notes=[], raw={'big': 1})
    yield db
    db.close()


def test_a_select_asks_the_store_for_those_columns_only_and_answers_as_before(db, monkeypatch):
    asked, statements = [], []
    real_iter, real_query = benchmarks.iter_benchmarks, db.query
    monkeypatch.setattr(benchmarks, 'iter_benchmarks', lambda db, fields=benchmarks.PUBLIC, **kw: (
        asked.append(fields), real_iter(db, fields, **kw))[1])
    monkeypatch.setattr(db, 'query', lambda sql, params=(): (statements.append(sql), real_query(sql, params))[1])
    for filters, options in (([], {'select': ['id', 'label', 'created_at']}),
                             ([['campaign_id', '=', None]], {'select': ['label', 'campaign_id'],
                                                             'order_by': ['-id'], 'limit': 1}),
                             ([['label', '=', 'b']], {'count': True})):
        whole = [benchmark.honest(e, {}) for e in real_iter(db)]
        asked.clear()
        statements.clear()
        assert benchmark.query_benchmarks(db, filters, options) == filter_list(whole, filters, options)
        assert 'runs' not in asked[0] and 'context' not in asked[0] and 'summary' not in asked[0]
        read = [s for s in statements if 'FROM benchmark' in s]
        assert read and all('runs' not in s and 'context' not in s for s in read)


def test_without_select_every_public_column_is_read(db):
    (first, _) = benchmark.query_benchmarks(db, [], {})
    assert set(benchmarks.PUBLIC) <= set(first) and first['runs'] == {'SEQ_READ': [1, 2]}

