import os

import pytest

FIXTURES = os.path.join(os.path.dirname(__file__), '..', '..', 'fixtures', 'bench')


@pytest.fixture
def fixture_text():
    def read(*parts):
        with open(os.path.join(FIXTURES, *parts)) as f:
            return f.read()
    return read
