"""Small checks shared by the planner and the importers; each raises ``BenchmarkInputError`` naming the field."""
from .errors import BenchmarkInputError


def require_int(mapping, key, field, *, minimum=0, optional=False):
    value = mapping.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BenchmarkInputError(field, f'must be an integer, got {value!r}')
    if value < minimum:
        raise BenchmarkInputError(field, f'must be at least {minimum}, got {value}')
    return value


def require_bool(mapping, key, field, *, default=None):
    value = mapping.get(key, default)
    if not isinstance(value, bool):
        raise BenchmarkInputError(field, f'must be true or false, got {value!r}')
    return value
