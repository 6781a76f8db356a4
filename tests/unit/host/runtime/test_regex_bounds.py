"""regex_bounds: which regular expressions a query's `~` may run, and the bound on one run's work."""
import re

import pytest

from tuning_host.runtime import regex_bounds
from tuning_host.runtime.regex_bounds import Meter, Refused, charset, shape

# What people and TrueNAS send: the web UI's searches (`(?i).*` + the typed text, backslashes escaped; the audit
# page's `(?i)` + text), middlewared's own filters (vm clone names, fc ports), and plain searches.
PLAIN = [
    "^foo", "foo.*bar", "(?i)name", r"[a-z]+-\d+", r"(?i).*adm", r"(?i).*ACME\\admin", "(?i)CLOSE",
    r"^tank/[1-9][0-9]*$", r"vm1_clone\d+", "tank/.*", ".*", "", r"^(?!.*test)", r"(\d{1,3}\.){3}\d{1,3}",
    "^(tank|boot-pool)/", r"\bmedia\b", r"(?:ab){2,40}", "a{0,1000}", r"\w+\s*=\s*\w+;", r"[^,]*,[^,]*,",
    r"(?i)^max[-_ ]?(iops|seq)", r"(?<=ab|cd)x", r"a*+b", r"(?>a*)b", r"\S+\s\S+", r"^[a-z]+(-[a-z]+)*$",
    r"(\d+\.)+\d+", r"(?:[^,]*,)+", r"(?:(?=a{3})a)*", r"(?:(?=[a-z]*\d)\w){3}",
]

# Patterns that can backtrack without bound, and what the refusal says.
UNBOUNDED = [
    ("(.|.)*#", "match in one way only"),
    ("(a+)+$", "match in one way only"),
    ("(a|aa)*b", "match in one way only"),
    ("(a*)*", "match in one way only"),
    (r"(\w+\s?)+$", "match in one way only"),
    (r"(x+x+)+y", "match in one way only"),
    (r"(\w+\s*)+$", "match in one way only"),
    ("(a*b*)*c", "consume at least one character"),
    ("(?:(?=a*b)a)*", "may not hold a lookahead with a repeat inside it"),
    ("(?:)*", "match in one way only"),
    ("(?:a?){17}", "match in one way only"),
    (r"(a)\1", "backreferences"),
    ("(?P<x>a)(?P=x)", "backreferences"),
    ("(a)?(?(1)b|c)", "conditional groups"),
    ("x" * 1025, "at most 1024 characters"),
    ("a?" * 40 + "a" * 40, "too many ways"),
    ("(?:a|aa)" * 40 + "b", "too many ways"),
    ("(?:a{0,16}){0,16}b", "too many ways"),
    (".*x" * 17, "more than 16 repeats"),
    (r"[\x00-\uffff]" * 5, "character ranges cover more than"),
]


@pytest.mark.parametrize("pattern", PLAIN)
def test_plain_searches_are_accepted(pattern):
    assert shape(pattern).cost(200) < regex_bounds.MATCH_BUDGET


@pytest.mark.parametrize("pattern, reason", UNBOUNDED)
def test_patterns_that_can_backtrack_without_bound_are_refused_saying_why(pattern, reason):
    with pytest.raises(Refused, match=re.escape(reason)):
        shape(pattern)


def test_a_variable_width_lookbehind_is_the_error_re_compile_gives():
    with pytest.raises(re.error, match="look-behind requires fixed-width pattern"):
        shape("(?<=a+)b")


@pytest.mark.parametrize("pattern, repeats", [
    (r"\w+\s*=\s*\w+;", 0),     # each repeat stops where the next part starts: one way through
    ("[a-z]+-[0-9]+", 0),
    ("tank/.*", 0),             # nothing follows: the longest count matches
    ("a*b", 0),
    ("a*a", 1),                 # `a` can be read by both: every count is a way
    ("(?i)a*A", 1),
    (".*x.*y", 2),
    ("a*(?=a)b", 1),            # a lookahead reads what the repeat may also match
    ("a*(?!a)b", 1),
    (r"\d*\w", 1),
    (r"\d*\s", 0),
    (r"[^,]*,", 0),
    (r"(?i)[^k]*\u212a", 1),    # the Kelvin sign matches k when case is ignored
    (r"\S*\s", 0),
    (r"(?a:\S*)\s", 1),         # in ASCII mode \S matches non-ASCII spaces, which \s (Unicode) matches
    ("a*+a", 0),                # possessive: never gives a character back
])
def test_a_repeat_counts_only_when_what_follows_can_read_its_characters(pattern, repeats):
    assert shape(pattern).repeats == repeats


def test_the_bound_grows_with_the_value_as_the_number_of_repeats_says():
    one, two = shape(".*x"), shape(".*x.*y")
    assert one.cost(1000) < 100 * one.cost(10)            # linear
    assert two.cost(1000) > 5000 * two.cost(10)           # quadratic
    assert shape("a{3}b").cost(10 ** 6) == shape("a{3}b").cost(0)   # no repeat: the value's length does not count


def test_the_meter_refuses_one_match_over_its_budget_and_a_query_over_the_whole():
    meter = Meter(budget=100, match_budget=60)
    meter.charge(50)
    with pytest.raises(Refused, match="could take too long"):
        meter.charge(61)
    meter = Meter(budget=100, match_budget=60)
    meter.charge(60)
    with pytest.raises(Refused, match="could take too long"):
        meter.charge(41)


# ---- the character sets behind "what follows can read its characters" ----

# every BMP character, and astral ones of each kind, with its bit in a character set
CHARS = [chr(i) for i in range(0x10000) if not 0xD800 <= i <= 0xDFFF] + ["\U0001d7d8", "\U00010400", "\U0001f600"]
BITS = [1 << ord(ch) if ord(ch) < 128 else regex_bounds.kind_of(ch) for ch in CHARS]


def test_non_ascii_word_and_space_characters_are_the_kinds_re_sees():
    word, space = re.compile(r"\w"), re.compile(r"\s")
    for ch, bit in zip(CHARS, BITS):
        if ord(ch) >= 128:
            assert bool(word.fullmatch(ch)) == (bit == regex_bounds._NA_WORD), ch
            assert bool(space.fullmatch(ch)) == (bit == regex_bounds._NA_SPACE), ch


@pytest.mark.parametrize("item", [
    r"\d", r"\D", r"\s", r"\S", r"\w", r"\W", r"(?a)\w", r"(?a)\S", r"(?a)[^\d]", "a", "(?i)k", "(?i)s",
    "(?i)\u212a", "é", "(?i)é", "[^a]", "(?i)[^k]", "[a-z0-9_.-]", "(?i)[a-f]", "[^a-z]", r"[^\s,]",
    r"(?i)[^\W\d]", ".", "(?s).", "[\u00e0-\u00ff]", "(?i)[\u2100-\u2200]", "[^\u00e0-\u00ff]", r"[^\x00-\x7f]",
    r"[\s\S]",
])
def test_a_character_item_may_match_what_re_matches_and_must_match_only_what_it_does(item):
    """`may` holds the bit of every character the item matches; `must` no bit of one it does not match (an ASCII
    character, or a kind of non-ASCII characters every one of which it matches)."""
    parsed = regex_bounds._sre_parse.parse(item)
    (op, av), = list(parsed)
    may, must = charset(op, av, parsed.state.flags)
    compiled = re.compile(item)
    for ch, bit in zip(CHARS, BITS):
        if compiled.fullmatch(ch):
            assert may & bit, (item, ch)
        else:
            assert not must & bit, (item, ch)

