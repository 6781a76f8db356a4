"""What the API reads from a websocket before anything else looks at it: message sizes (middlewared's limits:
8 KiB before login, 64 KiB after), JSON that Python can parse but nothing downstream can hold (NaN, lone UTF-16
surrogates, integers wider than 64 bits, nesting deeper than any real argument), and how many anonymous connections
are kept and for how long. Pure functions, no I/O."""
import json
import math
import re

from aiohttp import WSCloseCode

UNAUTHENTICATED_BYTES = 8192
AUTHENTICATED_BYTES = 65536
MAX_DEPTH = 32                      # the deepest real argument (a query filter inside options) is under 10
INT_MIN, INT_MAX = -2 ** 63, 2 ** 64 - 1   # what SQLite, ZFS and the kernel parameters can hold

ANONYMOUS_CONNECTIONS = 512         # open at once, before login
ANONYMOUS_PER_ADDRESS = 128         # of them from one address (the panel's reconnects and tests stay far below)
LOGIN_TIMEOUT_SECONDS = 120         # an anonymous connection that has not logged in by then is closed

_SURROGATE = re.compile("[\ud800-\udfff]")


class MsgSizeError(Exception):
    """A message over its limit: the connection is closed with `close_code` and `close_message`, as middlewared
    does (1007 before login, 1009 after)."""

    def __init__(self, authenticated, length):
        self.length = length
        if authenticated:
            self.close_code = WSCloseCode.MESSAGE_TOO_BIG
            self.close_message = "Max message length is 64 kB"
        else:
            self.close_code = WSCloseCode.INVALID_TEXT
            self.close_message = "Anonymous connection max message length is 8 kB"
        super().__init__(f"Message length [{length}] exceeded maximum size")


def _refuse_constant(name):
    raise ValueError(f"{name} is not valid JSON")


_decoder = json.JSONDecoder(parse_constant=_refuse_constant)   # one, not one a message as json.loads(...) builds


def parse_message(authenticated, data):
    """The JSON document of one text frame. Raises MsgSizeError (close the connection) or ValueError (answer
    INVALID_JSON and go on)."""
    if len(data) > (AUTHENTICATED_BYTES if authenticated else UNAUTHENTICATED_BYTES):
        raise MsgSizeError(authenticated, len(data))
    try:
        return _decoder.decode(data)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


def text_problem(value):
    """Why `value` (a str) cannot be stored or sent back, or None."""
    if _SURROGATE.search(value):
        return "contains a lone UTF-16 surrogate (text that cannot be encoded as UTF-8)"
    return None


def value_problems(value, path):
    """[(dotted path, problem)] for everything in a JSON value that nothing downstream could hold. Iterative, so
    depth itself cannot raise."""
    problems = []
    stack = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            problems.append((where, f"nested deeper than {MAX_DEPTH} levels"))
            continue
        if isinstance(item, str):
            if problem := text_problem(item):
                problems.append((where, problem))
        elif isinstance(item, float):
            if not math.isfinite(item):
                problems.append((where, "number out of range"))
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if not INT_MIN <= item <= INT_MAX:
                problems.append((where, "integer out of range (at most 64 bits)"))
        elif isinstance(item, dict):
            for key, sub in item.items():
                if problem := text_problem(key):
                    problems.append((where, f"key {problem}"))
                    continue
                stack.append((sub, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(item, list):
            for index, sub in enumerate(item):
                stack.append((sub, f"{where}.{index}" if where else str(index), depth + 1))
    problems.sort()
    return problems


def params_problems(params, names):
    """`value_problems` of each positional parameter, named by its argument model's field (`names`, in order)."""
    problems = []
    for index, value in enumerate(params):
        name = names[index] if index < len(names) else str(index)
        problems.extend(value_problems(value, name))
    return problems


def anonymous_refusal(open_total, open_from_address):
    """Why one more anonymous connection is refused, or None."""
    if open_total >= ANONYMOUS_CONNECTIONS:
        return "Too many unauthenticated connections"
    if open_from_address >= ANONYMOUS_PER_ADDRESS:
        return "Too many unauthenticated connections from this address"
    return None
