"""The box's reads that callers at the same moment share (see ``joined.py``): the live settings (``tuning.state``'s
drift read), the profile and the state themselves."""
from ..box.settings import read_settings
from ..context import plugin_context


async def joined_read(middleware, key: tuple, fn):
    """``await fn()`` shared with the callers of the same ``key`` at the same moment. Callers must not change what it
    returns: they all get the same object."""
    return await plugin_context(middleware).reads.read(key, fn)


async def live_snapshot(middleware, keys: list[str]) -> dict[str, dict]:
    """``read_settings`` of ``keys`` shared with the callers that want the same keys at the same moment: the box's
    live values, read after this call began."""
    wanted = tuple(dict.fromkeys(keys))
    return await joined_read(middleware, ('settings', wanted), lambda: read_settings(middleware, list(wanted)))
