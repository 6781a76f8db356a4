import os
import sys

import pytest

if os.environ.get('TRUENAS_API_CLIENT_SRC'):
    sys.path.insert(0, os.environ['TRUENAS_API_CLIENT_SRC'])


def pytest_collection_modifyitems(config, items):
    missing = [v for v in ('MIDDLEWARED_SRC', 'TRUENAS_API_CLIENT_SRC') if not os.environ.get(v)]
    if missing:  # run.sh always sets them; outside it the tier cannot run, and says so instead of passing
        raise pytest.UsageError(f'tests/truenas_live needs {", ".join(missing)}: run tests/truenas_live/run.sh')
