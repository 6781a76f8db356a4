"""The host's role table answers as middlewared's RoleManager (25.10 role.py): what a role grants (roles_for_role) and
which roles may call a method (roles_for_method, the `roles` core.get_methods lists)."""
from tuning_host.runtime.roles import granted_roles, roles_for_method


def test_a_read_method_is_listed_with_every_role_that_includes_its_role():
    # measured against TrueNAS 25.10.6's RoleManager (tests/truenas_live/api_suite.sh showed the difference)
    assert roles_for_method(["SYSTEM_ADVANCED_READ"]) == [
        "READONLY_ADMIN", "SHARING_ADMIN", "SYSTEM_ADVANCED_READ", "SYSTEM_ADVANCED_WRITE"]
    assert roles_for_method(["DATASET_READ"]) == ["DATASET_READ", "DATASET_WRITE", "READONLY_ADMIN", "SHARING_ADMIN"]


def test_a_write_method_and_a_full_admin_one_list_their_own_role_only():
    assert roles_for_method(["SYSTEM_ADVANCED_WRITE"]) == ["SYSTEM_ADVANCED_WRITE"]
    assert roles_for_method(["FULL_ADMIN"]) == ["FULL_ADMIN"]
    assert roles_for_method([]) == []


def test_includes_beyond_the_read_write_pattern_are_followed_both_ways():
    assert roles_for_method(["POOL_SCRUB_WRITE"]) == ["POOL_SCRUB_WRITE", "POOL_WRITE"]
    assert {"POOL_SCRUB_WRITE", "POOL_SCRUB_READ", "POOL_READ"} <= granted_roles(["POOL_WRITE"])
    sharing = granted_roles(["SHARING_ADMIN"])
    assert {"READONLY_ADMIN", "SYSTEM_ADVANCED_READ", "SHARING_SMB_WRITE", "DATASET_WRITE"} <= sharing
    assert "SYSTEM_ADVANCED_WRITE" not in sharing


def test_some_write_roles_do_not_include_their_read_role():
    assert roles_for_method(["SERVICE_READ"]) == ["READONLY_ADMIN", "SERVICE_READ", "SHARING_ADMIN"]
    assert "SYSTEM_AUDIT_READ" not in granted_roles(["SYSTEM_AUDIT_WRITE"])
