"""Which regular expressions a query's `~` may run, and what one run may cost.

Python's `re` backtracks: a pattern such as `(.|.)*#` takes time exponential in the length of the value it is
matched against, inside one C call that holds the GIL and cannot be interrupted, so no other thread (the event
loop included) runs until it ends. Python ships no linear-time engine, so the cost of a pattern is bounded before
it runs.

A repeat is *forced* when nothing that can follow it can read a character its body starts with (`\\w+\\s*=`,
`[^,]*,`, `.*` at the end): of its iteration counts only the longest can lead anywhere, each shorter one fails at
once. A pattern is accepted when its backtracking can be counted: every repeat that may run more than UNROLL times
repeats a part that consumes at least one character and matches in one way only (no `?`, alternative (`|`) or
unforced repeat inside: `(-[a-z]+)*` is one, `(a+)+` and `(.|.)*` are not); a shorter repeat counts as the copies
it stands for (`(\\d{1,3}\\.){3}` is three copies); no backreferences or conditional groups. The pattern is then a
series of fixed parts, alternatives and unbounded repeats, and with k unforced repeats matching from one position
against n characters tries at most

    ways(n) = sum over the pattern's choices of alternatives of C(n + k, k)

assignments of their iteration counts (counts that add up to at most n), each followed in a bounded number of
steps (`Shape.cost`). So a match costs at most `Shape.cost(n)` steps of `re`, whatever the value's characters.
A query charges each match's cost to a `Meter` before running it and is refused once the total passes BUDGET
(tests/bench/probe_regex_filter.py measures what a step costs here).

Characters are tracked as sets over ASCII (exactly) and three kinds of non-ASCII characters (word, space, other:
`\\w` and `\\s` never share one), always erring towards overlap, which only makes a repeat unforced.
"""
import functools
import math
import re
from dataclasses import dataclass

try:
    from re import _constants as _c, _parser as _sre_parse   # Python 3.11+
except ImportError:                                          # pragma: no cover (older Pythons)
    import sre_constants as _c
    import sre_parse as _sre_parse

MAX_LENGTH = 1024       # characters of a pattern
UNROLL = 16             # a repeat of at most this many times is counted as the copies it stands for
MAX_REPEATS = 16        # unforced unbounded repeats (k) on any one way through a pattern
MAX_RANGE_SPAN = 4 * 65536   # characters covered by `[a-z]`-style ranges: compiling walks each one (with (?i) too)
BUDGET = 40_000_000     # steps of `re` one query may take over all its rows (at most about 0.1 s of CPU here)
MATCH_BUDGET = BUDGET // 10  # steps of one match: one call of `re` holds the GIL from its start to its end
_SATURATED = 1 << 96    # counts above this are past any budget: stop growing them

_REPEATS = {_c.MAX_REPEAT, _c.MIN_REPEAT}
_POSSESSIVE = getattr(_c, "POSSESSIVE_REPEAT", None)
_ATOMIC = getattr(_c, "ATOMIC_GROUP", None)
_ONE_WAY = {0: 1}
_ZERO_WIDTH_OP = 8      # steps of an anchor or a lookaround: re takes about 8 times a character's test (measured)
_REPEAT_OP = 8          # steps of one iteration of a repeat of more than one character (re saves its state)


class Refused(ValueError):
    """A pattern this server does not run; the message says why in plain words."""


# ---- character sets: bits 0-127 ASCII, then non-ASCII word, space and other characters, then "end of scope" ----

_NA_WORD, _NA_SPACE, _NA_OTHER, _END = (1 << 128), (1 << 129), (1 << 130), (1 << 131)
_NA = _NA_WORD | _NA_SPACE | _NA_OTHER
_ALL = (1 << 128) - 1 | _NA
_LETTERS = sum(1 << ord(ch) for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _category(source, flags, na_may, na_must):
    """(may, must) of a class escape: the characters it may match, and those it certainly matches."""
    ascii_part = sum(1 << i for i in range(128) if re.fullmatch(source, chr(i), flags))
    return ascii_part | na_may, ascii_part | na_must


# by mode (re.ASCII or not): in Unicode mode \w matches every non-ASCII word character and \d some of them
_CATEGORIES = {
    False: {
        _c.CATEGORY_DIGIT: _category(r"\d", 0, _NA_WORD, 0),
        _c.CATEGORY_NOT_DIGIT: _category(r"\D", 0, _NA, _NA_SPACE | _NA_OTHER),
        _c.CATEGORY_SPACE: _category(r"\s", 0, _NA_SPACE, _NA_SPACE),
        _c.CATEGORY_NOT_SPACE: _category(r"\S", 0, _NA_WORD | _NA_OTHER, _NA_WORD | _NA_OTHER),
        _c.CATEGORY_WORD: _category(r"\w", 0, _NA_WORD, _NA_WORD),
        _c.CATEGORY_NOT_WORD: _category(r"\W", 0, _NA_SPACE | _NA_OTHER, _NA_SPACE | _NA_OTHER),
    },
    True: {
        _c.CATEGORY_DIGIT: _category(r"\d", re.ASCII, 0, 0),
        _c.CATEGORY_NOT_DIGIT: _category(r"\D", re.ASCII, _NA, _NA),
        _c.CATEGORY_SPACE: _category(r"\s", re.ASCII, 0, 0),
        _c.CATEGORY_NOT_SPACE: _category(r"\S", re.ASCII, _NA, _NA),
        _c.CATEGORY_WORD: _category(r"\w", re.ASCII, 0, 0),
        _c.CATEGORY_NOT_WORD: _category(r"\W", re.ASCII, _NA, _NA),
    },
}


def kind_of(ch):
    """The set bit of a non-ASCII character: word (`\\w`), space (`\\s`) or other."""
    return _NA_WORD if ch.isalnum() else _NA_SPACE if ch.isspace() else _NA_OTHER


def _literal(code, icase):
    if code < 128:
        ch = chr(code)
        if icase and ch.isalpha():   # (?i)k also matches the Kelvin sign, s the long s: non-ASCII word characters
            both = (1 << ord(ch.lower())) | (1 << ord(ch.upper()))
            return both | _NA_WORD, both
        return 1 << code, 1 << code
    if icase:   # a non-ASCII letter may fold to an ASCII one (the Kelvin sign to k)
        return _LETTERS | _NA, 0
    return kind_of(chr(code)), 0


def _range(lo, hi, icase):
    part = sum(1 << i for i in range(lo, min(hi, 127) + 1))
    if icase:
        part |= sum(1 << ord(chr(i).swapcase()) for i in range(lo, min(hi, 127) + 1) if chr(i).isalpha())
    may = part | (_NA_WORD if icase and part & _LETTERS else 0)
    if hi >= 128:
        may |= _NA | (_LETTERS if icase else 0)
    return may, part


def _negated(may, must):
    return _ALL & ~must, _ALL & ~may


def charset(op, av, flags):
    """(may, must) of one character-consuming item."""
    icase = bool(flags & _c.SRE_FLAG_IGNORECASE)
    if op is _c.LITERAL:
        return _literal(av, icase)
    if op is _c.NOT_LITERAL:
        return _negated(*_literal(av, icase))
    if op is _c.ANY:
        return _ALL, _ALL if flags & _c.SRE_FLAG_DOTALL else _ALL & ~(1 << 10)
    may = must = 0
    negate = False
    for kind, value in av:      # IN
        if kind is _c.NEGATE:
            negate = True
            continue
        if kind is _c.LITERAL:
            m, s = _literal(value, icase)
        elif kind is _c.RANGE:
            m, s = _range(*value, icase)
        else:
            m, s = _CATEGORIES[bool(flags & _c.SRE_FLAG_ASCII)].get(value, (_ALL, 0))
        may, must = may | m, must | s
    return _negated(may, must) if negate else (may, must)


# ---- the shape of a pattern ----

@dataclass(frozen=True)
class Shape:
    """What bounds the work of matching one pattern. `ways`: (k, count) pairs, the number of choices of
    alternatives that meet k unforced repeats; `ops`: its steps with short repeats counted out; `forced_tail`:
    forced repeats after which no unforced one comes, `forced_shared`: the others."""
    ways: tuple
    ops: int
    forced_tail: int = 0
    forced_shared: int = 0

    @property
    def repeats(self):
        return max(k for k, _ in self.ways)

    def cost(self, n):
        """Steps one `re.match` against a value of n characters may take, at most."""
        k = self.repeats
        ways = sum(count * math.comb(n + k, k) for k, count in self.ways)
        # Each way is followed to its end in `ops` steps, the unforced repeats' scans amortized over the ways
        # (k + 1). A forced repeat scans what it matches and tries each shorter count, each failing within `ops`
        # steps: after the last unforced repeat that is work for each way; before it, it is amortized as a scan.
        steps = self.ops + k + 1 + self.forced_shared * k * self.ops
        if self.forced_tail:
            steps += (n + self.forced_tail) * self.ops
        return ways * steps


@functools.lru_cache(maxsize=256)
def shape(pattern):
    """The Shape of `pattern`, or Refused saying why it may not run (re.error for one that is not a pattern)."""
    if len(pattern) > MAX_LENGTH:
        raise Refused(f"a regular expression may be at most {MAX_LENGTH} characters long")
    try:
        parsed = _sre_parse.parse(pattern)
        walker = _Walker()
        ways, ops = walker.sequence(parsed, _END, False, parsed.state.flags)
    except RecursionError:
        raise Refused("the regular expression is nested too deeply") from None
    if walker.span > MAX_RANGE_SPAN:
        raise Refused(f"its character ranges cover more than {MAX_RANGE_SPAN} characters")
    found = Shape(tuple(sorted(ways.items())), ops, walker.forced_tail, walker.forced_shared)
    if found.cost(0) > BUDGET:
        raise Refused("it can match in too many ways (alternatives or optional parts one after the other); it "
                      "could take too long")
    return found


class Meter:
    """The steps a query may still spend on regular expressions: `charge` raises Refused for one match past
    MATCH_BUDGET or once all of them pass BUDGET."""

    def __init__(self, budget=BUDGET, match_budget=MATCH_BUDGET):
        self.left = budget
        self.match_budget = match_budget

    def charge(self, steps):
        self.left -= steps
        if steps > self.match_budget or self.left < 0:
            raise Refused("matching it against these values could take too long: make it simpler (fewer "
                          "`*`, `+` and `{m,n}` repeats that can match the same characters, or anchored with "
                          "`^`) or narrow the query with other filters")


def _then(a, b):
    """The ways of `a` followed by `b`."""
    out = {}
    for ka, ca in a.items():
        for kb, cb in b.items():
            k = ka + kb
            if k > MAX_REPEATS:
                raise Refused(f"it has more than {MAX_REPEATS} repeats (`*`, `+`, `{{m,}}`, `{{m,n}}` with n over "
                              f"{UNROLL}) that could each give way to the next")
            out[k] = min(out.get(k, 0) + ca * cb, _SATURATED)
    return out


def _either(a, b):
    """The ways of `a` or `b`."""
    out = dict(a)
    for k, c in b.items():
        out[k] = min(out.get(k, 0) + c, _SATURATED)
    return out


class _Walker:
    """Walks a parsed pattern from its end. Each part is judged knowing what its continuation may read first
    (`after`, where _END is the end of a scope whose first match ends its search: the pattern, a lookaround, an
    atomic group) and whether an unforced repeat may come after it (`later`). Counts the span of the pattern's
    character ranges (`span`) and its forced repeats."""

    def __init__(self):
        self.span = 0
        self.forced_tail = 0
        self.forced_shared = 0
        self.variable = 0     # repeats of a variable count met so far
        self.scanning = 0     # lookarounds met so far with such a repeat inside (they scan without consuming)
        self._leads = {}

    # -- what a part may read first --

    def lead(self, items, flags):
        """(characters a sequence may read first, whether it may match without consuming any)."""
        key = (id(items), flags)
        if key not in self._leads:
            mask = 0
            for op, av in items:
                m, nullable = self._lead_item(op, av, flags)
                mask |= m
                if not nullable:
                    self._leads[key] = (mask, False)
                    break
            else:
                self._leads[key] = (mask, True)
        return self._leads[key]

    def _lead_item(self, op, av, flags):
        if op in (_c.LITERAL, _c.NOT_LITERAL, _c.ANY, _c.IN):
            return charset(op, av, flags)[0], False
        if op is _c.SUBPATTERN:
            return self.lead(av[3], (flags | av[1]) & ~av[2])
        if op is _ATOMIC:
            return self.lead(av, flags)
        if op in (_c.ASSERT, _c.ASSERT_NOT):
            # a lookahead reads ahead without consuming; a lookbehind reads what came before
            return (self.lead(av[1], flags)[0] if av[0] > 0 else 0), True
        if op is _c.BRANCH:
            leads = [self.lead(alternative, flags) for alternative in av[1]]
            return sum_masks(m for m, _ in leads), any(n for _, n in leads)
        if op in _REPEATS or op is _POSSESSIVE:
            mask, nullable = self.lead(av[2], flags)
            return mask, nullable or av[0] == 0
        return (0, True) if op is _c.AT else (_ALL, False)   # an anchor reads nothing it could consume

    # -- ways and steps --

    def sequence(self, items, after, later, flags):
        """(ways, ops) of a sequence."""
        ways, ops = _ONE_WAY, 0
        for op, av in reversed(list(items)):
            w, n = self.item(op, av, after, later, flags)
            ways, ops = _then(ways, w), min(ops + n, _SATURATED)
            later = later or max(w) > 0
            mask, nullable = self._lead_item(op, av, flags)
            after = mask | (after if nullable else 0)
        return ways, ops

    def item(self, op, av, after, later, flags):
        if op in (_c.LITERAL, _c.NOT_LITERAL, _c.ANY, _c.IN):
            if op is _c.IN:
                self.span += sum(max(0, min(v[1], 0xFFFF) - v[0] + 1) for k, v in av if k is _c.RANGE)
            return _ONE_WAY, 1
        if op is _c.AT:
            return _ONE_WAY, _ZERO_WIDTH_OP
        if op is _c.SUBPATTERN:
            _, add, remove, body = av
            return self.sequence(body, after, later, (flags | add) & ~remove)
        if op is _ATOMIC or op in (_c.ASSERT, _c.ASSERT_NOT):
            # a scope of its own: its first match ends its search (nothing backtracks into it)
            body = av if op is _ATOMIC else av[1]
            if op is not _ATOMIC and av[0] < 0:
                width_lo, width_hi = body.getwidth()
                if width_lo != width_hi:
                    raise _c.error("look-behind requires fixed-width pattern")   # as re.compile says
            variable = self.variable
            ways, ops = self.sequence(body, _END, later, flags)
            self.scanning += self.variable > variable and op is not _ATOMIC
            return ways, ops + _ZERO_WIDTH_OP
        if op is _c.BRANCH:
            ways, ops = {}, 0
            for alternative in av[1]:
                w, n = self.sequence(alternative, after, later, flags)
                ways, ops = _either(ways, w), ops + n
            return ways, ops
        if op in _REPEATS or op is _POSSESSIVE:
            return self.repeat(op, *av, after, later, flags)
        if op is _c.GROUPREF:
            raise Refused("backreferences (`\\1`, `(?P=name)`) are not allowed")
        if op is _c.GROUPREF_EXISTS:
            raise Refused("conditional groups (`(?(1)...|...)`) are not allowed")
        raise Refused(f"{str(op).lower()} is not allowed")

    def repeat(self, op, lo, hi, body, after, later, flags):
        self.variable += lo != hi
        first, _ = self.lead(body, flags)
        # what follows one copy of the body: another copy, or what follows the repeat
        if hi <= UNROLL:
            # a short repeat is the copies it stands for: lo of them, then up to hi
            ways, ops = self.sequence(body, first | after, later, flags)
            total, copy = {}, _ONE_WAY
            for count in range(hi + 1):
                if count >= lo:
                    total = _either(total, copy)
                if count < hi:
                    copy = _then(copy, ways)
            return total, max(1, (ops + _iteration(body)) * hi)
        scanning = self.scanning
        ways, ops = self.sequence(body, first | after, False, flags)   # its forced repeats scan on every way
        ops += _iteration(body)
        if self.scanning > scanning:
            # each iteration would scan the rest of the value again: time quadratic in it, at least
            raise Refused("a repeated part (`*`, `+`, `{m,}`, `{m,n}` with n over "
                          f"{UNROLL}) may not hold a lookahead with a repeat inside it")
        if ways != _ONE_WAY or body.getwidth()[0] == 0:
            raise Refused(f"a repeated part (`*`, `+`, `{{m,}}`, `{{m,n}}` with n over {UNROLL}) must consume "
                          "at least one character and match in one way only: no `?`, alternative (`|`) or "
                          "repeat that could give characters to what follows inside it (such patterns can take "
                          "exponential time)")
        if op is _POSSESSIVE or not first & after:
            if later:
                self.forced_shared += 1
            else:
                self.forced_tail += 1
            return _ONE_WAY, ops
        return {1: 1}, ops


def _iteration(body):
    """Steps of one iteration's bookkeeping: re repeats a single character in a tight loop, anything else with its
    state saved at each iteration."""
    while len(body) == 1 and body[0][0] is _c.SUBPATTERN and body[0][1][0] is None:
        body = body[0][1][3]
    simple = len(body) == 1 and body[0][0] in (_c.LITERAL, _c.NOT_LITERAL, _c.ANY, _c.IN)
    return 1 if simple else _REPEAT_OP


def sum_masks(masks):
    out = 0
    for m in masks:
        out |= m
    return out
