"""TrueNAS query semantics over lists of dicts: filters, select, order_by, offset/limit, count, get.

Filters: `[name, op, value]` conditions ANDed together, or `["OR", [branch, ...]]` where a branch is one condition
or a list of conditions (ANDed). Names are dotted paths (`a.b`, `list.0`, `list.*.x`; `\\.` escapes a dot).
A missing key never matches. An op prefixed with `C` compares case-insensitively.

Where middlewared's filter_list lets a raw exception out for a caller's query (a bad regex, `^` on a number, a path
through a list, values that cannot be compared or sorted), this one refuses the query with a ValidationError naming
the query argument (`filters`, `options.order_by`, `options.select`), or treats the row as not matching.

`~` runs only regular expressions whose backtracking is bounded (regex_bounds: middlewared runs any, and one such as
`(.|.)*#` holds the GIL for hours), and a query's matches together within a budget of steps.
"""
import contextlib
import functools
import re
from datetime import datetime

from . import regex_bounds
from .errors import MatchNotFound, ValidationError, ValidationErrors

MAX_DEPTH = 3
MAX_LIMIT = 10000
DATE_SUFFIX = ".$date"
NULLS_FIRST = "nulls_first:"
NULLS_LAST = "nulls_last:"

_MISSING = object()


def _contains(container, item):
    try:
        return item in container
    except TypeError:
        return False


def _str_op(fn):
    """A string operation: a row value that is not a string (None, a number) never matches."""
    def op(x, y):
        return isinstance(x, str) and fn(x, y)
    return op


OPERATORS = {
    "=": lambda x, y: x == y,
    "!=": lambda x, y: x != y,
    ">": lambda x, y: x is not None and x > y,
    ">=": lambda x, y: x is not None and x >= y,
    "<": lambda x, y: x is not None and x < y,
    "<=": lambda x, y: x is not None and x <= y,
    "in": lambda x, y: _contains(y, x),
    "nin": lambda x, y: x is not None and not _contains(y, x),
    "rin": lambda x, y: x is not None and _contains(x, y),
    "rnin": lambda x, y: x is not None and not _contains(x, y),
    "^": _str_op(lambda x, y: x.startswith(y)),
    "!^": _str_op(lambda x, y: not x.startswith(y)),
    "$": _str_op(lambda x, y: x.endswith(y)),
    "!$": _str_op(lambda x, y: not x.endswith(y)),
}
REGEX_OP = "~"   # matched by _regex_matches, its cost charged to the query's Meter
OPS = {*OPERATORS, REGEX_OP}
# Operations whose value must be a string (middlewared fails inside `re`/`str` on anything else).
STRING_VALUE_OPS = {REGEX_OP, "^", "!^", "$", "!$"}


def split_path(path):
    """`a.b\\.c.d` -> `["a", "b.c", "d"]`."""
    parts, cur, i = [], "", 0
    while i < len(path):
        ch = path[i]
        if ch == "\\" and i + 1 < len(path) and path[i + 1] == ".":
            cur += "."
            i += 2
            continue
        if ch == ".":
            parts.append(cur)
            cur = ""
        else:
            cur += ch
        i += 1
    parts.append(cur)
    return parts


def resolve(obj, parts):
    """Value at `parts` inside obj, `_MISSING` if absent; a `*` over a list yields a list of candidate values."""
    cur = obj
    for idx, key in enumerate(parts):
        if isinstance(cur, dict):
            cur = cur.get(key, _MISSING)
            if cur is _MISSING:
                return _MISSING
        elif isinstance(cur, (list, tuple)):
            if key == "*":
                return _fan_out(resolve(item, parts[idx + 1:]) for item in cur)
            cur = _item(cur, key)
        elif key == "$date":
            continue  # `field.$date` addresses a datetime value itself
        else:
            return _MISSING
    return cur


def _item(seq, key):
    """`seq[key]` for a decimal index, None past the end (as middlewared); ValueError for any other key."""
    if not (key.isascii() and key.isdigit()):
        raise ValueError(f"{key}: must be array index or wildcard character")
    # An index with more digits than the list's length is past its end (and int() refuses 4300+ digits).
    digits = key.lstrip("0") or "0"
    n = int(digits) if len(digits) <= len(str(len(seq))) else len(seq)
    return seq[n] if n < len(seq) else None


class _Fanout(list):
    """Values reached through a `*` wildcard: a condition matches if any of them matches."""


def _fan_out(values):
    """One flat fan-out of `values` (a nested `*` adds its values, as middlewared's recursion does)."""
    out = _Fanout()
    for v in values:
        if isinstance(v, _Fanout):
            out.extend(v)
        else:
            out.append(v)
    return out


def _casefold(v):
    if isinstance(v, str):
        return v.casefold()
    if isinstance(v, (list, tuple)):
        return [x.casefold() if isinstance(x, str) else x for x in v]
    return v


def _parse_date(value):
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"{value}: must be an ISO-8601 formatted timestamp string") from None


def validate_filters(filters, depth=0):
    """Raise ValueError for a malformed filter list (same checks as middlewared's query-filters validation)."""
    if depth > MAX_DEPTH:
        raise ValueError("query-filters max recursion depth exceeded")
    if not isinstance(filters, (list, tuple)):
        raise ValueError("filters must be a list")
    for f in filters:
        if not isinstance(f, (list, tuple)):
            raise ValueError(f"Invalid filter {f}")
        if len(f) == 2:
            op, branches = f
            if op != "OR":
                raise ValueError(f"Invalid operation: {op}")
            if not branches or not isinstance(branches, (list, tuple)):
                raise ValueError("OR filter requires at least one branch.")
            for branch in branches:
                if isinstance(branch, (list, tuple)) and branch and isinstance(branch[0], (list, tuple)):
                    validate_filters(branch, depth + 1)
                else:
                    validate_filters([branch], depth + 1)
            continue
        if len(f) != 3:
            raise ValueError(f"Invalid filter {f}")
        name, op, value = f
        if not isinstance(name, str):
            raise ValueError(f"Invalid filter {f}: field name must be a string")
        if not isinstance(op, str) or not op:
            raise ValueError(f"Invalid operation: {op}")
        base = op[1:] if op.startswith("C") else op
        if op.startswith("C") and base == REGEX_OP:
            raise ValueError(f"Invalid case-insensitive operation: {op}")
        if base not in OPS:
            raise ValueError(f"Invalid operation: {op}")
        if name.endswith(DATE_SUFFIX):
            if base not in ("=", "!=", ">", ">=", "<", "<="):
                raise ValueError(f"{base}: invalid timestamp operation.")
            _parse_date(value)
        if base in STRING_VALUE_OPS:
            _check_string_value(f, base, value)


def _check_string_value(f, op, value):
    if not isinstance(value, str):
        raise ValueError(f"Invalid filter {f}: the value of {op} must be a string")
    if op == REGEX_OP:
        # parsed and judged here (on the event loop for async methods: a few ms at most), compiled where it runs
        try:
            regex_bounds.shape(value)
        except regex_bounds.Refused as e:
            raise ValueError(f"Invalid filter {f}: this regular expression is not allowed: {e}") from None
        except (re.error, RecursionError, OverflowError) as e:
            raise ValueError(f"Invalid filter {f}: invalid regular expression: {e}") from None


@functools.lru_cache(maxsize=256)
def _compiled(pattern):
    """(compiled pattern, Shape) of a pattern validate_filters accepted."""
    try:
        return re.compile(pattern), regex_bounds.shape(pattern)
    except (re.error, RecursionError, OverflowError) as e:
        raise ValueError(f"invalid regular expression {pattern!r}: {e}") from None


def _regex_matches(cond, candidates, meter):
    """Whether one of `candidates` matches the condition's pattern (None as an empty string, as middlewared; any
    other value that is not a string never matches). Each match's cost is charged to `meter` before it runs."""
    regex, shape = _compiled(cond[2])
    for candidate in candidates:
        if candidate is None:
            candidate = ""
        if not isinstance(candidate, str):
            continue
        try:
            meter.charge(shape.cost(len(candidate)))
        except regex_bounds.Refused as e:
            raise ValueError(f"Invalid filter {cond}: {e}") from None
        if regex.match(candidate):
            return True
    return False


def validate_options(options):
    options = options or {}
    if options.get("get") and options.get("limit", 0) > 1:
        raise ValueError("Invalid options combination. `get` implies a single result.")
    if options.get("get") and options.get("offset"):
        raise ValueError("Invalid options combination. `get` implies a single result.")
    if options.get("limit", 0) > MAX_LIMIT:
        raise ValueError(f"Options limit must be between 1 and {MAX_LIMIT}")
    for s in options.get("select") or []:
        if isinstance(s, str):
            continue
        if isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s):
            continue
        raise ValueError(f"{s}: selectors must be either a parameter name as a string or "
                         "a list [<parameter name>, <as name>].")
    for idx, o in enumerate(options.get("order_by") or []):
        if not isinstance(o, str):
            raise ValueError(f"{options['order_by']}: parameter at index {idx} [{o}] is not a string.")
    return options


def _match_condition(row, cond, meter):
    name, op, value = cond
    if name.endswith(DATE_SUFFIX):
        value = _parse_date(value)
    found = resolve(row, split_path(name))
    if found is _MISSING:
        return False
    candidates = found if isinstance(found, _Fanout) else (found,)
    if op == REGEX_OP:
        return _regex_matches(cond, [c for c in candidates if c is not _MISSING], meter)
    casefold = op.startswith("C")
    fn = OPERATORS[op[1:] if casefold else op]
    if casefold:
        value = _casefold(value)
    for candidate in candidates:
        if candidate is _MISSING:
            continue
        if casefold:
            candidate = _casefold(candidate)
        try:
            if fn(candidate, value):
                return True
        except TypeError:
            continue  # incomparable types never match
    return False


def matches(row, f, meter):
    """True when `row` satisfies one filter (a condition or an OR); `meter` (a regex_bounds.Meter, one for the
    whole query) bounds the work of its regular expressions."""
    if len(f) == 2:
        for branch in f[1]:
            if branch and isinstance(branch[0], (list, tuple)):
                if all(matches(row, c, meter) for c in branch):
                    return True
            elif matches(row, branch, meter):
                return True
        return False
    return _match_condition(row, f, meter)


def select_fields(row, select):
    out = {}
    for s in select:
        target, alias = (s[0], s[1]) if isinstance(s, list) else (s, None)
        parts = split_path(target)
        cur = row
        for p in parts:
            if isinstance(cur, (list, tuple)):
                raise ValueError("Selecting by list index is not supported")
            if not isinstance(cur, dict) or p not in cur:
                cur = _MISSING
                break
            cur = cur[p]
        if cur is _MISSING:
            continue
        if alias is not None:
            out[alias] = cur
            continue
        node = out
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = cur
    return out


def _sort_key(v):
    """A key that orders any mix of values: numbers, then strings, then the rest by their repr (middlewared's
    sort raises TypeError on such a mix)."""
    if isinstance(v, (bool, int, float)):
        return 0, v
    if isinstance(v, str):
        return 1, v
    return 2, repr(v)


def _sorted(rows, value, reverse):
    try:
        return sorted(rows, key=value, reverse=reverse)
    except TypeError:  # values of several types (or dicts): keep a stable, total order instead of failing
        return sorted(rows, key=lambda r: _sort_key(value(r)), reverse=reverse)


def _order(rows, order_by):
    for o in order_by:
        nulls = None
        if o.startswith(NULLS_FIRST):
            nulls, o = "first", o[len(NULLS_FIRST):]
        elif o.startswith(NULLS_LAST):
            nulls, o = "last", o[len(NULLS_LAST):]
        reverse = o.startswith("-")
        parts = split_path(o[1:] if reverse else o)

        def value(row):
            v = resolve(row, parts)
            return None if v is _MISSING else v

        present = _sorted([r for r in rows if value(r) is not None], value, reverse)
        absent = [r for r in rows if value(r) is None]
        # Without an explicit nulls_* prefix, nulls sort as the smallest value.
        if nulls == "first" or (nulls is None and not reverse):
            rows = absent + present
        else:
            rows = present + absent
    return rows


@contextlib.contextmanager
def _argument(attribute):
    """A ValueError met while applying the query to its rows refuses the query, naming its argument."""
    try:
        yield
    except ValueError as e:
        raise ValidationErrors([ValidationError(attribute, str(e))]) from None


def filter_list(rows, filters=None, options=None):
    """Apply TrueNAS query `filters` and `options` to `rows`; returns a list, one row (`get`) or a count.
    Bad filters or options raise ValidationErrors naming `filters` or `options` (API calls have them refused
    earlier by QueryArgs); `get` without a match raises MatchNotFound."""
    with _argument("options"):
        options = validate_options(options)
    select = options.get("select") or []
    order_by = options.get("order_by") or []
    if filters:
        with _argument("filters"):
            validate_filters(filters)
            meter = regex_bounds.Meter()
            out = [r for r in rows if all(matches(r, f, meter) for f in filters)]
    else:
        out = list(rows)
    if options.get("count") is True:
        return len(out)
    with _argument("options.order_by"):
        out = _order(out, order_by)
    if options.get("get") is True:
        if not out:
            raise MatchNotFound()
        return _select(out[:1], select)[0]
    if options.get("offset"):
        out = out[options["offset"]:]
    if options.get("limit"):
        out = out[:options["limit"]]
    return _select(out, select)


def _select(rows, select):
    if not select:
        return rows
    with _argument("options.select"):
        return [select_fields(r, select) for r in rows]
