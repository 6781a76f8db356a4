"""What the API reads from a websocket before anything else looks at it: message sizes (middlewared's limits:
8 KiB before login, 64 KiB after), JSON that Python can parse but nothing downstream can hold (NaN, lone UTF-16
surrogates, integers wider than 64 bits, nesting deeper than any real argument), and how many connections that
have not shown who they are (anonymous websockets, HTTP connections without a whole request) are kept, and for how
long. Pure functions and state, no I/O."""
import ipaddress
import itertools
import json
import math
import re

from aiohttp import WSCloseCode

UNAUTHENTICATED_BYTES = 8192
AUTHENTICATED_BYTES = 65536
MAX_DEPTH = 32                      # the deepest real argument (a query filter inside options) is under 10
INT_MIN, INT_MAX = -2 ** 63, 2 ** 64 - 1   # what SQLite, ZFS and the kernel parameters can hold

# Websockets not logged in. Past either bound the oldest gives way (see Slots): nobody is refused.
ANONYMOUS_CONNECTIONS = 512         # open at once, before login
ANONYMOUS_PER_ADDRESS = 128         # of them from one address (the panel's reconnects and tests stay far below)
# An anonymous connection that has not logged in by then is closed. The panel logs in at once with its token, or
# shows its login form on the open socket; the minute covers typing a password (the panel reconnects after it).
LOGIN_TIMEOUT_SECONDS = 60
CLOSE_SECONDS = 5                   # a peer that does not answer a close by then is dropped

# HTTP connections without a whole request (aiohttp has no timeout of its own for a request's head or a stalled
# body): nginx in front of middlewared gives 60 s for each; a request is one packet, a body that moves moves faster.
HTTP_HEADER_TIMEOUT_SECONDS = 10    # from the connection (and the TLS handshake) to the end of the request's head
HTTP_BODY_TIMEOUT_SECONDS = 30      # a body that has not grown by HTTP_BODY_MIN_BYTES in this long is dropped
HTTP_BODY_MIN_BYTES = 1024
HTTP_KEEPALIVE_SECONDS = 15         # idle between two requests (aiohttp's own is an hour)
HTTP_WAITING_CONNECTIONS = 1024     # without a request under way (waiting, idle, or still receiving its body)
HTTP_WAITING_PER_ADDRESS = 128

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


def address_key(address):
    """What a connection from `address` counts against: an IPv4 address itself (an IPv4-mapped IPv6 one too), an
    IPv6 address by its /64 (one host or one LAN: whoever holds one address holds the whole /64), anything else
    (no address, a unix socket) as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except (TypeError, ValueError):
        return address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


class Slots:
    """Members (connections) by address, oldest first, kept within `per_address` and `total` by eviction, never by
    refusal: who connects is known only once it logs in, so turning the newcomer away could turn away the admin.
    `add` always takes the newcomer in and returns who gives way for it: the oldest member of its own address when
    that address is over its bound, else, when all are over `total`, the oldest member of the address holding the
    most (of equals, the one whose oldest is oldest). The newcomer itself never gives way, and a member whose address
    holds fewer than another's is reached only after every fuller address has given way."""

    def __init__(self, per_address, total):
        self.per_address = per_address
        self.total = total
        self._key = {}       # member -> address key
        self._groups = {}    # address key -> {member: sequence number}, oldest first
        self._sequence = itertools.count()

    def __len__(self):
        return len(self._key)

    def __contains__(self, member):
        return member in self._key

    def __iter__(self):
        return iter(list(self._key))

    def count(self, key):
        return len(self._groups.get(key, ()))

    def add(self, member, key):
        """Take `member` in as the newest of `key`; returns the members that give way (already dropped)."""
        self.discard(member)
        self._key[member] = key
        self._groups.setdefault(key, {})[member] = next(self._sequence)
        evicted = []
        while (victim := self._victim(member, key)) is not None:
            self.discard(victim)
            evicted.append(victim)
        return evicted

    def discard(self, member):
        key = self._key.pop(member, None)
        if key is None:
            return
        group = self._groups[key]
        del group[member]
        if not group:
            del self._groups[key]

    def _victim(self, newcomer, key):
        own = self._groups[key]
        if len(own) > self.per_address:
            return next(iter(own))    # the newcomer is the newest: with two or more, the oldest is another
        if len(self._key) <= self.total:
            return None
        fullest = None
        for group in self._groups.values():
            if group is own and len(group) == 1:
                continue              # the newcomer alone
            rank = (len(group), -next(iter(group.values())))
            if fullest is None or rank > fullest[0]:
                fullest = (rank, group)
        return None if fullest is None else next(iter(fullest[1]))
