"""Fixtures shared by the plugin's tests that run on an in-process standalone host."""
import pytest

from test_startup import Box


@pytest.fixture
def box(tmp_path):
    """A box that has booted and finished start-up (test_startup.py has its own, not yet booted)."""
    b = Box(str(tmp_path / 'data'))
    b.boot()
    b.ready()
    yield b
    b.close()
