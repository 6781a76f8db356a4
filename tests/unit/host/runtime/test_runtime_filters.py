"""filter_list: TrueNAS query semantics."""
from datetime import datetime

import pytest

from tuning_host.runtime import MatchNotFound, filter_list

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
    with pytest.raises(ValueError, match=message):
        filter_list(ROWS, filters)


@pytest.mark.parametrize("options", [{"get": True, "limit": 2}, {"get": True, "offset": 1}, {"limit": 10001},
                                     {"select": [1]}, {"order_by": [1]}])
def test_invalid_options(options):
    with pytest.raises(ValueError):
        filter_list(ROWS, [], options)
