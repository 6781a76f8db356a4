"""tuning.advice.layout's options: a described disk's size is bounded as disks are sold (1 GB to 100 TB), and a size
out of bounds is refused in those words, never as the byte count the field takes."""
import re

import pytest
from pydantic import ValidationError

from tuning.advice_models import TuningAdviceLayoutArgs

TB = 10 ** 12


def refusal(size):
    with pytest.raises(ValidationError) as e:
        TuningAdviceLayoutArgs.model_validate({'options': {'source': 'GIVEN', 'count': 6, 'size_bytes': size,
                                                           'kind': 'HDD'}})
    [error] = e.value.errors()
    assert error['loc'] == ('options', 'size_bytes')
    return error['msg']


@pytest.mark.parametrize('size', [10 ** 9, 4 * TB, 30 * TB, 100 * TB])
def test_sizes_of_disks_sold_are_taken(size):
    args = TuningAdviceLayoutArgs.model_validate({'options': {'source': 'GIVEN', 'count': 6, 'size_bytes': size,
                                                              'kind': 'HDD'}})
    assert args.options.size_bytes == size


@pytest.mark.parametrize('size, words', [
    (100 * TB + 1, 'must be at most 100 TB (the largest disks sold are about 30 TB)'),
    (1000 * TB, 'must be at most 100 TB'),
    (100000 * TB, 'must be at most 100 TB'),
    (10 ** 9 - 1, 'must be at least 1 GB (0.001 TB)'),
    (0, 'must be at least 1 GB'),
    (-3 * TB, 'must be at least 1 GB'),
])
def test_a_size_out_of_bounds_is_refused_in_tb_never_a_byte_count(size, words):
    message = refusal(size)
    assert words in message
    assert not re.search(r'\d{5,}', message)
