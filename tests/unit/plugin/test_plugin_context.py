"""Each middleware object has its own plugin context, for as long as it lives."""
import gc

from tuning.context import plugin_context


class Middleware:
    """Any object middlewared passes as `middleware` (the context must not depend on its class)."""


def test_a_new_middleware_never_inherits_the_context_of_one_that_is_gone():
    # CPython gives a new object the address (id) of one just freed, most of all of the same size: keyed by id(), the
    # next test's middleware (or a host restarted in-process) took over the last one's start-up state
    for _ in range(50):
        old = Middleware()
        plugin_context(old).startup.status = 'READY'
        del old
        gc.collect()
        assert plugin_context(Middleware()).startup.status == 'WAITING'


def test_the_same_middleware_keeps_its_context():
    mw = Middleware()
    assert plugin_context(mw) is plugin_context(mw)


class DictMiddleware(dict):
    """middlewared's unit-test Middleware is a dict: not hashable, still weakly referable."""


def test_a_middleware_that_is_a_dict_has_a_context_too():
    mw = DictMiddleware()
    assert plugin_context(mw) is plugin_context(mw)
    plugin_context(mw).startup.status = 'READY'
    del mw
    gc.collect()
    assert plugin_context(DictMiddleware()).startup.status == 'WAITING'
