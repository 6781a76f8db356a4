"""JSON as the plugin reads it from a caller (pure, stdlib only): RFC 8259 JSON that everything downstream can hold.

Python's ``json`` takes more than JSON: ``NaN``, ``Infinity`` and ``-Infinity`` (and ``1e999`` becomes infinity),
integers of any width, text with lone UTF-16 surrogates and nesting as deep as the interpreter's stack. Stored, such
a value breaks later readers (the panel's JSON parser, comparisons, SQLite, the report), so ``loads`` refuses it with
the path of the value (``fio.0.output.jobs.0.write.bw_bytes``) and why. The standalone host's websocket applies the
same rules to its messages (``tuning_host.server.limits``); this is the plugin's own copy for what it parses itself
(the client kit's HTTP bodies, imported files), also inside middlewared.
"""
import json
import re
from math import isfinite

MAX_DEPTH = 32                              # the deepest real document (a fio job's latency percentiles) is under 12
INT_MIN, INT_MAX = -2 ** 63, 2 ** 64 - 1    # what SQLite and the statistics can hold
MAX_PROBLEMS = 20                           # reported at once; the walk stops there
_SURROGATE = re.compile('[\ud800-\udfff]')


class JsonInputError(ValueError):
    """Input that is not JSON or holds values nothing downstream can hold: ``problems`` ``[(path, why)]``, at least
    one (``field``, ``message``: the first)."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__('; '.join(f'{path}: {why}' for path, why in problems))
        self.problems = problems
        self.field, self.message = problems[0]


class _Constant:
    """What ``NaN``/``Infinity``/``-Infinity`` parse to here, so the walk can name where they stood."""

    __slots__ = ('name',)

    def __init__(self, name: str):
        self.name = name


_decoder = json.JSONDecoder(parse_constant=_Constant)


def _scalar_problem(item) -> str | None:
    """Why a JSON scalar (or a parsed ``NaN``/``Infinity``) cannot be held downstream, or None."""
    kind = type(item)
    if kind is str:
        return 'Contains a lone UTF-16 surrogate (text that cannot be encoded as UTF-8)' if _SURROGATE.search(item) \
            else None
    if kind is int:
        return None if INT_MIN <= item <= INT_MAX else 'Is an integer out of range (at most 64 bits)'
    if kind is float:
        return None if isfinite(item) else 'Is a number out of range (JSON numbers are finite)'
    if kind is _Constant:
        return f'Is {item.name}, which is not JSON (numbers are finite)'
    return None   # True, False, None


def _path(where: str, node) -> str:
    """The dotted path of a walk's ``(parent, key)`` chain (built only for a problem)."""
    keys = []
    while node is not None:
        node, key = node
        keys.append(str(key))
    return '.'.join(([where] if where else []) + keys[::-1])


def value_problems(value, where: str = '') -> list[tuple[str, str]]:
    """``[(path, problem)]`` of what in a decoded JSON value is not plain, finite, storable JSON (the first
    ``MAX_PROBLEMS`` found), in path order. Iterative (depth itself cannot raise); scalars are checked where
    they stand and a path is spelled out only for a problem, so the walk costs about what the parse did."""
    if type(value) is not dict and type(value) is not list:
        problem = _scalar_problem(value)
        return [(where, problem)] if problem else []
    problems = []
    stack = [(value, 1, None)]
    while stack:
        item, depth, node = stack.pop()
        if type(item) is dict:
            if any(map(_SURROGATE.search, item)):
                problems.append((_path(where, node), 'Has a key with a lone UTF-16 surrogate'))
                continue
            entries = item.items()
        else:
            entries = enumerate(item)
        for key, sub in entries:
            kind = type(sub)
            if kind is dict or kind is list:
                if depth < MAX_DEPTH:
                    if sub:   # an empty one holds nothing to check
                        stack.append((sub, depth + 1, (node, key)))
                    continue
                problem = f'Is nested deeper than {MAX_DEPTH} levels'
            elif kind is str:
                problem = _scalar_problem(sub) if _SURROGATE.search(sub) else None
            elif kind is float:
                problem = None if isfinite(sub) else _scalar_problem(sub)
            elif kind is int:
                problem = None if INT_MIN <= sub <= INT_MAX else _scalar_problem(sub)
            else:   # True, False, None, or a parsed NaN/Infinity
                problem = _scalar_problem(sub) if kind is _Constant else None
            if problem:
                problems.append((_path(where, (node, key)), problem))
                if len(problems) >= MAX_PROBLEMS:
                    stack.clear()
                    break
    problems.sort()
    return problems


def loads(data: str | bytes, field: str = 'body'):
    """The JSON document in ``data``. ``JsonInputError`` naming ``field`` when it is not JSON, or the paths of the
    values that are not plain finite JSON (under ``field``, unless that is ``body``: the document itself)."""
    try:
        text = data.decode('utf-8') if isinstance(data, (bytes, bytearray)) else data
        value = _decoder.decode(text)
    except UnicodeDecodeError as e:
        raise JsonInputError([(field, f'Is not UTF-8 text (byte {e.start})')]) from None
    except RecursionError:   # the decoder's own recursion, long before the stack could overflow
        raise JsonInputError([(field, f'Is nested deeper than {MAX_DEPTH} levels')]) from None
    except ValueError as e:  # JSONDecodeError, and integers longer than Python converts
        raise JsonInputError([(field, f'Is not JSON: {e}')]) from None
    problems = value_problems(value, '' if field == 'body' else field)
    if problems:
        raise JsonInputError([(path or field, why) for path, why in problems])
    return value
