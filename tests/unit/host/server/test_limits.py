"""The API's edge: message sizes, JSON nothing downstream can hold, connection bounds that never refuse a newcomer."""
import pytest

from tuning_host.server import limits


def test_anonymous_messages_are_limited_to_8_kib_and_authenticated_ones_to_64():
    small = '{"a": "' + "x" * 8000 + '"}'
    assert limits.parse_message(False, small)["a"]
    with pytest.raises(limits.MsgSizeError) as e:
        limits.parse_message(False, '{"a": "' + "x" * 8200 + '"}')
    assert e.value.close_code == 1007 and "8 kB" in e.value.close_message
    assert limits.parse_message(True, '{"a": "' + "x" * 60000 + '"}')
    with pytest.raises(limits.MsgSizeError) as e:
        limits.parse_message(True, '{"a": "' + "x" * 70000 + '"}')
    assert e.value.close_code == 1009


@pytest.mark.parametrize("text", ["[NaN]", "[Infinity]", "[-Infinity]", "[" * 5000 + "]" * 5000])
def test_json_python_accepts_but_is_not_json_or_too_deep_is_a_value_error(text):
    with pytest.raises(ValueError):
        limits.parse_message(True, text)


def test_lone_surrogates_big_integers_and_deep_nesting_are_named_by_path():
    value = {"pool": "\ud800", "ok": "text ü 漢字 😀", "n": [1, 2 ** 64, -2 ** 63 - 1, 2 ** 64 - 1, 1e999],
             "deep": [[[[[]]]]], "\udc00key": 1}
    problems = dict(limits.value_problems(value, "data"))
    assert set(problems) == {"data", "data.pool", "data.n.1", "data.n.2", "data.n.4"}
    assert "surrogate" in problems["data.pool"] and "surrogate" in problems["data"]
    assert "64 bits" in problems["data.n.2"] and "range" in problems["data.n.4"]
    nested = []
    for _ in range(limits.MAX_DEPTH + 5):
        nested = [nested]
    assert [p for _, p in limits.value_problems(nested, "x")] == [f"nested deeper than {limits.MAX_DEPTH} levels"]


def test_parameters_are_named_by_their_model_field():
    assert limits.params_problems(["ok", {"a": "\ud83d"}], ["name", "options"]) == [
        ("options.a", "contains a lone UTF-16 surrogate (text that cannot be encoded as UTF-8)")]
    assert limits.params_problems([1, 2, 2 ** 70], ["a"])[0][0] == "2"


def test_a_newcomer_is_always_taken_in_and_the_oldest_of_its_full_address_gives_way():
    slots = limits.Slots(per_address=3, total=100)
    assert [slots.add(f"a{i}", "10.0.0.1") for i in range(3)] == [[], [], []]
    assert slots.add("b0", "10.0.0.2") == []
    assert slots.add("a3", "10.0.0.1") == ["a0"]
    assert slots.add("a4", "10.0.0.1") == ["a1"]
    assert "a4" in slots and "a0" not in slots and slots.count("10.0.0.1") == 3 and len(slots) == 4


def test_past_the_total_the_fullest_address_gives_way_never_a_lone_newcomer():
    """The lock-out of issue 20: 512 anonymous sockets from 4 addresses; the admin connects from a fifth address,
    or from one of the four, and is never the one closed."""
    slots = limits.Slots(per_address=128, total=512)
    for n in range(512):
        assert slots.add(("attacker", n), f"127.0.0.{2 + n % 4}") == []
    assert slots.add("admin", "127.0.0.1") == [("attacker", 0)]   # the fullest (all equal): its oldest
    assert slots.add("admin-2", "127.0.0.3") == [("attacker", 1)]  # its own address is full: its own oldest
    # the attacker refills: each of its new sockets closes one of its own, never the admin's
    for n in range(512, 2000):
        evicted = slots.add(("attacker", n), f"127.0.0.{2 + n % 4}")
        assert evicted and "admin" not in evicted
    assert "admin" in slots and len(slots) == 512


def test_of_equally_full_addresses_the_one_whose_oldest_is_oldest_gives_way():
    slots = limits.Slots(per_address=10, total=4)
    for member, key in (("x1", "x"), ("y1", "y"), ("x2", "x"), ("y2", "y")):
        assert slots.add(member, key) == []
    assert slots.add("z1", "z") == ["x1"]
    assert slots.add("z2", "z") == ["y1"]
    slots.discard("x2")
    slots.discard("absent")
    assert slots.count("x") == 0 and len(slots) == 3


def test_a_lone_newcomer_over_a_total_of_zero_stays():
    slots = limits.Slots(per_address=1, total=0)
    assert slots.add("only", "a") == [] and "only" in slots


@pytest.mark.parametrize("address, key", [
    ("127.0.0.2", "127.0.0.2"), ("::ffff:10.1.2.3", "10.1.2.3"), ("2001:db8::1", "2001:db8::/64"),
    ("2001:db8::ffff:1:2", "2001:db8::/64"), ("fe80::1%eth0", "fe80::/64"), (None, None), ("", ""),
])
def test_addresses_count_as_ipv4_or_ipv6_slash_64(address, key):
    assert limits.address_key(address) == key
