"""auth.me (and a login's user_info) in the shape TrueNAS 25.10's middlewared answers it, as the live tier showed it for
truenas_admin and a Read-Only Administrator (tests/truenas_live/api_suite.sh)."""
from tuning_host.server.auth import user_info_of
from tuning_host.server.jsonenc import dumps, loads


def me(kind, roles, **extra):
    return loads(dumps(user_info_of({"type": kind, "username": "u", "roles": roles, **extra})))


def test_a_full_admins_roles_are_every_role_in_middlewareds_json_form_of_a_set():
    privilege = me("LOGIN_PASSWORD", ["FULL_ADMIN"])["privilege"]
    roles = privilege["roles"]["$set"]
    assert "FULL_ADMIN" in roles and "SYSTEM_ADVANCED_WRITE" in roles and len(roles) == 141
    assert privilege["webui_access"] is True and privilege["allowlist"] == [{"method": "*", "resource": "*"}]


def test_a_read_only_admins_roles_are_its_role_and_every_read_role():
    roles = set(me("LOGIN_PASSWORD", ["READONLY_ADMIN"])["privilege"]["roles"]["$set"])
    assert {"READONLY_ADMIN", "SYSTEM_ADVANCED_READ", "DATASET_READ"} <= roles
    assert not {r for r in roles if not r.endswith("_READ")} - {"READONLY_ADMIN"}


def test_account_flags_and_two_factor_config_are_truenas_own():
    assert me("LOGIN_PASSWORD", ["FULL_ADMIN"])["account_attributes"] == ["LOCAL", "SYS_ADMIN"]
    assert me("LOGIN_PASSWORD", ["READONLY_ADMIN"])["account_attributes"] == ["LOCAL"]
    assert me("API_KEY", ["FULL_ADMIN"], api_key={"id": 1})["account_attributes"] == ["LOCAL", "SYS_ADMIN", "API_KEY"]
    # a token's session is its generating login's: an API key's flag comes along
    assert "API_KEY" in me("TOKEN", ["READONLY_ADMIN"], api_key={"id": 1})["account_attributes"]
    assert me("LOGIN_PASSWORD", ["READONLY_ADMIN"])["two_factor_config"] == {
        "provisioning_uri": None, "secret_configured": False, "interval": 30, "otp_digits": 6}
