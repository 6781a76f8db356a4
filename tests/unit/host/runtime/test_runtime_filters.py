"""filter_list: TrueNAS query semantics."""
import errno
from datetime import datetime

import pytest

from tuning_host.runtime import CallException, MatchNotFound, QueryArgs, ValidationErrors, filter_list, regex_bounds
from tuning_host.runtime.validation import accept_params

ROWS = [
    {"id": 1, "name": "tank", "size": 100, "disks": [{"name": "sda"}, {"name": "sdb"}], "props": {"rs": "128K"},
     "tags": ["hdd"], "when": datetime(2025, 1, 1), "note": None},
    {"id": 2, "name": "fast", "size": 50, "disks": [{"name": "nvme0n1"}], "props": {"rs": "16K"},
     "tags": ["ssd", "nvme"], "when": datetime(2025, 6, 1), "note": "x"},
    {"id": 3, "name": "Backup", "size": 300, "disks": [], "props": {}, "tags": [], "when": datetime(2024, 1, 1)},
]


def ids(rows):
    return [r["id"] for r in rows]


@pytest.mark.parametrize("flt, expected", [
    (["size", "=", 50], [2]),
    (["size", "!=", 50], [1, 3]),
    (["size", ">", 50], [1, 3]),
    (["size", ">=", 100], [1, 3]),
    (["size", "<", 100], [2]),
    (["size", "<=", 100], [1, 2]),
    (["name", "in", ["tank", "fast"]], [1, 2]),
    (["name", "nin", ["tank"]], [2, 3]),
    (["tags", "rin", "ssd"], [2]),
    (["tags", "rnin", "ssd"], [1, 3]),
    (["name", "^", "ta"], [1]),
    (["name", "!^", "ta"], [2, 3]),
    (["name", "$", "st"], [2]),
    (["name", "!$", "st"], [1, 3]),
    (["name", "~", "^[tf]"], [1, 2]),
    (["name", "C=", "backup"], [3]),
    (["name", "C^", "BA"], [3]),
    (["props.rs", "=", "16K"], [2]),
    (["disks.*.name", "=", "sdb"], [1]),
    (["disks.0.name", "^", "nvme"], [2]),
    (["note", "=", None], [1]),  # present and null; row 3 lacks the key and never matches
    (["missing", "!=", 1], []),
    (["when.$date", ">", "2025-03-01T00:00:00"], [2]),
])
def test_operators(flt, expected):
    assert ids(filter_list(ROWS, [flt])) == expected


def test_conditions_are_anded():
    assert ids(filter_list(ROWS, [["size", ">", 10], ["name", "^", "t"]])) == [1]


def test_or_with_single_conditions_and_conjunctions():
    assert ids(filter_list(ROWS, [["OR", [["id", "=", 1], ["id", "=", 3]]]])) == [1, 3]
    branch = [["size", ">", 10], ["name", "=", "fast"]]
    assert ids(filter_list(ROWS, [["OR", [branch, ["id", "=", 3]]]])) == [2, 3]


def test_escaped_dot_in_field_name():
    rows = [{"a.b": 1, "a": {"b": 2}}]
    assert filter_list(rows, [["a\\.b", "=", 1]]) == rows
    assert filter_list(rows, [["a.b", "=", 2]]) == rows


def test_incomparable_types_do_not_match_or_raise():
    assert filter_list([{"v": "x"}, {"v": 5}], [["v", ">", 3]]) == [{"v": 5}]


def test_order_by_limit_offset_count():
    assert ids(filter_list(ROWS, [], {"order_by": ["size"]})) == [2, 1, 3]
    assert ids(filter_list(ROWS, [], {"order_by": ["-size"]})) == [3, 1, 2]
    assert ids(filter_list(ROWS, [], {"order_by": ["-size"], "offset": 1, "limit": 1})) == [1]
    assert filter_list(ROWS, [["size", ">", 60]], {"count": True}) == 2


def test_order_by_nulls():
    rows = [{"id": 1, "v": 2}, {"id": 2, "v": None}, {"id": 3, "v": 1}]
    assert ids(filter_list(rows, [], {"order_by": ["nulls_last:v"]})) == [3, 1, 2]
    assert ids(filter_list(rows, [], {"order_by": ["nulls_first:-v"]})) == [2, 1, 3]


def test_select_nested_and_alias():
    out = filter_list(ROWS[:1], [], {"select": ["id", "props.rs", ["name", "pool"], "nope"]})
    assert out == [{"id": 1, "props": {"rs": "128K"}, "pool": "tank"}]


def test_get():
    assert filter_list(ROWS, [["id", "=", 2]], {"get": True})["name"] == "fast"
    assert filter_list(ROWS, [], {"get": True, "order_by": ["-size"]})["id"] == 3
    with pytest.raises(MatchNotFound):
        filter_list(ROWS, [["id", "=", 99]], {"get": True})


@pytest.mark.parametrize("filters, message", [
    ([["id", "===", 1]], "Invalid operation: ==="),
    ([["id", "=", 1, 2]], "Invalid filter"),
    ([["id", "="]], "Invalid operation: id"),
    ([["AND", []]], "Invalid operation: AND"),
    ([["OR", []]], "OR filter requires at least one branch."),
    ([["name", "C~", "x"]], "Invalid case-insensitive operation"),
    ([["when.$date", "in", "2025-01-01"]], "invalid timestamp operation"),
    ([["when.$date", ">", "yesterday"]], "ISO-8601"),
    (None, "max recursion depth"),
])
def test_invalid_filters(filters, message):
    if filters is None:  # OR nested five deep
        inner = ["id", "=", 1]
        for _ in range(5):
            inner = ["OR", [inner]]
        filters = [inner]
    with pytest.raises(ValidationErrors, match=message) as e:
        filter_list(ROWS, filters)
    assert [a for a, _, _ in e.value] == ["filters"]


@pytest.mark.parametrize("options", [{"get": True, "limit": 2}, {"get": True, "offset": 1}, {"limit": 10001},
                                     {"select": [1]}, {"order_by": [1]}])
def test_invalid_options(options):
    with pytest.raises(ValidationErrors) as e:
        filter_list(ROWS, [], options)
    assert [a for a, _, _ in e.value] == ["options"]


# ---- hostile queries: refused naming the query argument, or not matching; never a raw exception ----

def refusal(filters=(), options=None):
    """The field path and message of the ValidationErrors refusing a query, as an API call gets them
    (QueryArgs first, then filter_list on the rows)."""
    try:
        filter_list(ROWS, *accept_params(QueryArgs, [list(filters), options or {}]))
    except ValidationErrors as e:
        return [(a, m) for a, m, _ in e]
    raise AssertionError("the query was not refused")


@pytest.mark.parametrize("flt, message", [
    (["name", "~", "("], "invalid regular expression"),
    (["name", "~", 5], "the value of ~ must be a string"),
    (["name", "^", 5], "the value of ^ must be a string"),
    (["name", "C!$", None], "the value of !$ must be a string"),
    (["name", "~", "x" * 10 + "{99999999999}"], "invalid regular expression"),
])
def test_string_operations_need_a_string_value_refused_before_any_row(flt, message):
    (where, msg), = refusal([flt])
    assert where == "filters" and message in msg


@pytest.mark.parametrize("op", ["^", "!^", "$", "!$", "C^", "~"])
def test_string_operations_on_rows_that_are_not_strings_do_not_match(op):
    assert filter_list([{"v": 5}, {"v": ["a"]}, {"v": {"a": 1}}], [["v", op, "a"]]) == []


@pytest.mark.parametrize("flt", [["disks.name", "=", "sda"], ["disks.²", "=", 1], ["tags.-1", "=", "hdd"]])
def test_a_path_through_a_list_by_a_non_index_is_refused_naming_filters(flt):
    (where, msg), = refusal([flt])
    assert where == "filters" and "must be array index or wildcard character" in msg


def test_an_index_of_any_length_past_the_end_matches_nothing():
    assert filter_list(ROWS, [["tags." + "9" * 5000, "=", "hdd"]]) == []
    assert ids(filter_list(ROWS, [["tags." + "0" * 30, "=", "hdd"]])) == [1]


def test_nested_wildcards_fan_out_flat():
    rows = [{"id": 1, "a": [{"b": [{"c": 1}, {"c": 2}]}]}, {"id": 2, "a": [{"b": [{"c": 3}]}]}]
    assert ids(filter_list(rows, [["a.*.b.*.c", "=", 2]])) == [1]


@pytest.mark.parametrize("value", [{"a": [1]}, [[1], {"b": 2}], [None, 1.5], "abc", 5, None])
@pytest.mark.parametrize("op", ["in", "nin", "rin", "rnin", "Cin", "Crin", "=", "C=", ">"])
def test_values_of_any_shape_never_raise(op, value):
    for field in ("id", "name", "tags", "disks", "props", "note"):
        assert isinstance(filter_list(ROWS, [[field, op, value]]), list)


@pytest.mark.parametrize("field", ["mixed", "shape", "nulls_last:-mixed", "-shape"])
def test_order_by_values_of_several_types_is_a_stable_total_order(field):
    rows = [{"id": 1, "mixed": "b", "shape": {"a": 1}}, {"id": 2, "mixed": 3, "shape": [1]},
            {"id": 3, "mixed": "a", "shape": 2}, {"id": 4, "mixed": 1.5, "shape": "s"}]
    once = filter_list(rows, [], {"order_by": [field]})
    assert sorted(ids(once)) == [1, 2, 3, 4]
    assert filter_list(list(reversed(rows)), [], {"order_by": [field]}) == once
    if field == "mixed":
        assert ids(once) == [4, 2, 3, 1]  # numbers, then strings


def test_order_by_a_path_through_a_list_is_refused_naming_order_by():
    (where, msg), = refusal(options={"order_by": ["nulls_first:disks.name"]})
    assert where == "options.order_by" and "must be array index" in msg


def test_select_through_a_list_is_refused_naming_select():
    (where, msg), = refusal(options={"select": ["disks.name"]})
    assert (where, msg) == ("options.select", "Selecting by list index is not supported")


def test_get_without_a_match_is_enoent_and_still_an_index_error():
    with pytest.raises(MatchNotFound) as e:
        filter_list(ROWS, [["id", "=", 99]], {"get": True, "select": ["id"]})
    assert isinstance(e.value, IndexError) and isinstance(e.value, CallException)
    assert e.value.errno == errno.ENOENT and str(e.value).startswith("[ENOENT] ")


def test_get_with_select_returns_one_selected_row():
    assert filter_list(ROWS, [["id", "=", 2]], {"get": True, "select": ["name"]}) == {"name": "fast"}


# ---- regular expressions: only those whose work is bounded, and a query's within a budget ----

@pytest.mark.parametrize("pattern", ["(.|.)*#", "(a+)+$", r"(\w+\s?)+$", r"(a)\1", "x" * 1025])
def test_a_regex_that_can_backtrack_without_bound_is_refused_naming_filters_before_any_row(pattern):
    (where, msg), = refusal([["name", "~", pattern]])
    assert where == "filters" and "this regular expression is not allowed" in msg


def test_a_regex_whose_work_on_a_value_passes_the_budget_is_refused_naming_filters():
    # `.*x.*y.*z` is bounded, but on 4,000 characters it may try C(4003, 3) ways: refused before it runs
    with pytest.raises(ValidationErrors, match="could take too long") as e:
        filter_list([{"id": 1, "text": "ab" * 2000}], [["text", "~", ".*x.*y.*z"]])
    assert [a for a, _, _ in e.value] == ["filters"]
    assert ids(filter_list([{"id": 1, "text": "axbycz"}], [["text", "~", ".*x.*y.*z"]])) == [1]


def test_the_budget_covers_the_whole_query():
    pattern, n = ".*x.*y", 500
    each = regex_bounds.shape(pattern).cost(n)
    assert each <= regex_bounds.MATCH_BUDGET
    fits = regex_bounds.BUDGET // each
    rows = [{"id": i, "text": "ab" * (n // 2)} for i in range(fits + 1)]
    assert filter_list(rows[:fits], [["text", "~", pattern]]) == []
    with pytest.raises(ValidationErrors, match="could take too long"):
        filter_list(rows, [["text", "~", pattern]])
    # a condition that rules a row out first spares its match
    assert filter_list(rows, [["id", "<", fits], ["text", "~", pattern]]) == []


def test_web_ui_searches_run_over_many_rows():
    rows = [{"id": i, "name": f"user{i}", "note": "ACME\\admin " * 20} for i in range(1000)]
    assert ids(filter_list(rows, [["name", "~", "(?i).*R99"]])) == [99] + list(range(990, 1000))
    assert len(filter_list(rows, [["note", "~", r"(?i).*acme\\ADMIN"]])) == 1000


@pytest.mark.parametrize("flt, expected", [
    (["note", "~", "^$"], [1]),       # None is matched as an empty string, as middlewared does
    (["size", "~", "1"], []),         # a number never matches
    (["tags.*", "~", "^n"], [2]),     # any value through a wildcard
    (["name", "~", "(?i)back"], [3]),
])
def test_regex_matching(flt, expected):
    assert ids(filter_list(ROWS, [flt])) == expected
