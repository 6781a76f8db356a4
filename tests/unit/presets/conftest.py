"""Fixtures for the preset tests: the three reference boxes (see ``boxes``)."""
import pytest

from .boxes import nas_profile, nvme_profile, small_profile


@pytest.fixture
def nas():
    return nas_profile()


@pytest.fixture
def nvme():
    return nvme_profile()


@pytest.fixture
def small():
    return small_profile()


@pytest.fixture(params=['nas', 'nvme', 'small'])
def any_box(request):
    return {'nas': nas_profile, 'nvme': nvme_profile, 'small': small_profile}[request.param]()
