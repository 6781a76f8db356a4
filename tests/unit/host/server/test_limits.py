"""The API's edge: message sizes, JSON nothing downstream can hold, anonymous connection bounds."""
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


def test_anonymous_connections_are_bounded_in_all_and_per_address():
    assert limits.anonymous_refusal(0, 0) is None
    assert limits.anonymous_refusal(limits.ANONYMOUS_CONNECTIONS, 0)
    assert limits.anonymous_refusal(10, limits.ANONYMOUS_PER_ADDRESS)
