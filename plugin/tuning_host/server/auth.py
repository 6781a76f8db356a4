"""auth.* and api_key.*: password, API key and token logins for the single host administrator."""
import base64
import binascii
import secrets
import time
import uuid
from datetime import datetime, timezone
from typing import Literal, Union

from pydantic import Field

from ..runtime import (BaseModel, CallError, InstanceNotFound, NonEmptyString, Service, ValidationErrors, api_method, private,
                       single_argument_args)
from ..runtime.models import QueryArgs
from ..runtime.filters import filter_list
from .store import ADMIN_USERNAME

ADMIN_UID = 950


class TokenManager:
    """Login tokens in memory (lost on restart, like middlewared's). A token expires `ttl` seconds after its
    last use; `single_use` tokens are destroyed by their login."""

    def __init__(self, clock=time.monotonic):
        self.tokens = {}
        self.clock = clock

    def create(self, ttl, attrs, origin, credentials, single_use):
        token = secrets.token_urlsafe(48)
        self.tokens[token] = {"ttl": ttl, "attrs": attrs, "origin": origin, "credentials": credentials,
                              "single_use": single_use, "last_used": self.clock()}
        return token

    def get(self, token, origin):
        entry = self.tokens.get(token)
        if entry is None:
            return None
        if self.clock() - entry["last_used"] > entry["ttl"]:
            self.tokens.pop(token, None)
            return None
        if entry["origin"] is not None and entry["origin"] != origin:
            return None
        entry["last_used"] = self.clock()
        return entry

    def destroy(self, token):
        self.tokens.pop(token, None)


# ---- models ----

class AuthCommonOptions(BaseModel):
    user_info: bool = True
    """Include `auth.me` output in a successful response."""


class AuthPasswordPlain(BaseModel):
    mechanism: Literal["PASSWORD_PLAIN"]
    username: str
    password: str
    login_options: AuthCommonOptions = AuthCommonOptions()


class AuthApiKeyPlain(BaseModel):
    mechanism: Literal["API_KEY_PLAIN"]
    username: str
    api_key: str
    login_options: AuthCommonOptions = AuthCommonOptions()


class AuthTokenPlain(BaseModel):
    mechanism: Literal["TOKEN_PLAIN"]
    token: str
    login_options: AuthCommonOptions = AuthCommonOptions()


class AuthOTPToken(BaseModel):
    mechanism: Literal["OTP_TOKEN"]
    otp_token: str
    login_options: AuthCommonOptions = AuthCommonOptions()


class AuthLoginExArgs(BaseModel):
    login_data: Union[AuthApiKeyPlain, AuthPasswordPlain, AuthTokenPlain, AuthOTPToken] = Field(
        discriminator="mechanism")
    """Authentication data: mechanism and credentials."""


class AuthLoginExResult(BaseModel):
    result: dict
    """`{response_type: SUCCESS|AUTH_ERR|EXPIRED|OTP_REQUIRED, user_info?, authenticator?}`."""


class AuthLoginArgs(BaseModel):
    username: str
    password: str
    otp_token: str | None = None


class AuthLoginResult(BaseModel):
    result: bool


class AuthLoginWithApiKeyArgs(BaseModel):
    api_key: str


class AuthLoginWithApiKeyResult(BaseModel):
    result: bool


class AuthLoginWithTokenArgs(BaseModel):
    token: str


class AuthLoginWithTokenResult(BaseModel):
    result: bool


class AuthGenerateTokenArgs(BaseModel):
    ttl: int | None = 600
    """Seconds of inactivity after which the token is invalid (default 600)."""
    attrs: dict = {}
    """Attributes attached to the token (a token with attributes cannot be used to log in)."""
    match_origin: bool = True
    """Only accept the token from the address that created it."""
    single_use: bool = False
    """Destroy the token when it is used."""


class AuthGenerateTokenResult(BaseModel):
    result: str


class AuthMeArgs(BaseModel):
    pass


class AuthMeResult(BaseModel):
    result: dict


class AuthLogoutArgs(BaseModel):
    pass


class AuthLogoutResult(BaseModel):
    result: bool


class AuthMechanismChoicesArgs(BaseModel):
    pass


class AuthMechanismChoicesResult(BaseModel):
    result: list[str]


def user_info(username):
    """The `auth.me` shape (a local full administrator)."""
    return {
        "pw_name": username, "pw_gecos": "Local Administrator", "pw_dir": "/nonexistent",
        "pw_shell": "/usr/sbin/nologin", "pw_uid": ADMIN_UID, "pw_gid": ADMIN_UID, "grouplist": [ADMIN_UID, 544],
        "sid": None, "source": "LOCAL", "local": True, "attributes": {}, "two_factor_config": {},
        "privilege": {"roles": ["FULL_ADMIN"], "allowlist": [{"method": "*", "resource": "*"}],
                      "web_shell": False},
        "account_attributes": ["LOCAL", "PASSWORD_LOGIN"],
    }


def _credentials(kind, username, **extra):
    return {"type": kind, "username": username, "login_id": str(uuid.uuid4()),
            "login_at": datetime.now(timezone.utc), **extra}


class AuthService(Service):
    class Config:
        namespace = "auth"
        cli_namespace = "auth"

    def __init__(self, middleware):
        super().__init__(middleware)
        self.token_manager = TokenManager()

    @private
    def store(self):
        return self.middleware.host_store

    async def _login(self, app, credentials):
        app.authenticated = True
        app.authenticated_credentials = credentials
        await self.middleware.log_audit_message(app, "AUTHENTICATION", {
            "credentials": {"credentials": credentials["type"], "credentials_data": {
                "username": credentials["username"]}}, "error": None}, True)

    async def _fail(self, app, kind, username, error):
        await self.middleware.log_audit_message(app, "AUTHENTICATION", {
            "credentials": {"credentials": kind, "credentials_data": {"username": username}}, "error": error}, False)

    @api_method(AuthLoginExArgs, AuthLoginExResult, authentication_required=False, pass_app=True)
    async def login_ex(self, app, data):
        """Authenticate the session: `PASSWORD_PLAIN` {username, password}, `API_KEY_PLAIN` {username, api_key}
        or `TOKEN_PLAIN` {token}."""
        if app is None:
            raise CallError("auth.login_ex needs a connection")
        mechanism = data["mechanism"]
        failed = {"response_type": "AUTH_ERR"}
        store = self.middleware.host_store
        if mechanism == "PASSWORD_PLAIN":
            ok = await self.middleware.run_in_thread(store.check_password, data["username"], data["password"])
            if not ok:
                await self._fail(app, "LOGIN_PASSWORD", data["username"], "Bad username or password")
                return failed
            await self._login(app, _credentials("LOGIN_PASSWORD", data["username"]))
        elif mechanism == "API_KEY_PLAIN":
            key = await self.middleware.run_in_thread(store.check_api_key, data["username"], data["api_key"])
            if key is None:
                await self._fail(app, "API_KEY", data["username"], "Invalid API key")
                return failed
            await self._login(app, _credentials("API_KEY", key["username"],
                                                api_key={"id": key["id"], "name": key["name"]}))
        elif mechanism == "TOKEN_PLAIN":
            entry = self.token_manager.get(data["token"], app.remote_addr)
            if entry is None or entry["attrs"]:
                await self._fail(app, "TOKEN", None, "Invalid token" if entry is None else "Bad token")
                return failed
            if entry["single_use"]:
                self.token_manager.destroy(data["token"])
            await self._login(app, _credentials("TOKEN", entry["credentials"]["username"]))
        else:
            return failed  # no OTP / two-factor on this host
        return {
            "response_type": "SUCCESS",
            "user_info": user_info(app.authenticated_credentials["username"])
            if data["login_options"]["user_info"] else None,
            "authenticator": "LEVEL_1",
        }

    @api_method(AuthLoginArgs, AuthLoginResult, authentication_required=False, pass_app=True)
    async def login(self, app, username, password, otp_token):
        """Legacy password login; true on success."""
        resp = await self.login_ex(app, {"mechanism": "PASSWORD_PLAIN", "username": username, "password": password,
                                         "login_options": {"user_info": False}})
        return resp["response_type"] == "SUCCESS"

    @api_method(AuthLoginWithApiKeyArgs, AuthLoginWithApiKeyResult, authentication_required=False, pass_app=True)
    async def login_with_api_key(self, app, api_key):
        """Legacy API key login (`<id>-<secret>`); true on success."""
        key_id = api_key.partition("-")[0]
        row = None
        if key_id.isdigit():
            row = await self.middleware.run_in_thread(self.middleware.host_store.get_api_key, int(key_id))
        if row is None:
            return False
        resp = await self.login_ex(app, {"mechanism": "API_KEY_PLAIN", "username": row["username"],
                                         "api_key": api_key, "login_options": {"user_info": False}})
        return resp["response_type"] == "SUCCESS"

    @api_method(AuthLoginWithTokenArgs, AuthLoginWithTokenResult, authentication_required=False, pass_app=True)
    async def login_with_token(self, app, token):
        """Legacy token login; true on success."""
        resp = await self.login_ex(app, {"mechanism": "TOKEN_PLAIN", "token": token,
                                         "login_options": {"user_info": False}})
        return resp["response_type"] == "SUCCESS"

    @api_method(AuthMechanismChoicesArgs, AuthMechanismChoicesResult, authentication_required=False)
    async def mechanism_choices(self):
        return ["PASSWORD_PLAIN", "API_KEY_PLAIN", "TOKEN_PLAIN"]

    @api_method(AuthGenerateTokenArgs, AuthGenerateTokenResult, authorization_required=False, pass_app=True,
                audit="Generate authentication token for session")
    def generate_token(self, app, ttl, attrs, match_origin, single_use):
        """A token for `auth.login_ex` TOKEN_PLAIN (e.g. to hand the session to the panel)."""
        if app is None:
            raise CallError("auth.generate_token needs a connection")
        return self.token_manager.create(600 if ttl is None else ttl, attrs,
                                         app.remote_addr if match_origin else None,
                                         app.authenticated_credentials, single_use)

    @private
    def get_token(self, token, origin):
        """`{"attributes": attrs}` of a live token presented from `origin` (None if unknown, expired or from
        elsewhere). A single-use token is destroyed by this look-up, whatever the caller then decides."""
        entry = self.token_manager.get(token, origin)
        if entry is None:
            return None
        if entry["single_use"]:
            self.token_manager.destroy(token)
        return {"attributes": entry["attrs"]}

    @api_method(AuthMeArgs, AuthMeResult, authorization_required=False, pass_app=True)
    async def me(self, app):
        """The logged-in user."""
        if app is None or not app.authenticated_credentials:
            raise CallError("Not logged in")
        return user_info(app.authenticated_credentials["username"])

    @api_method(AuthLogoutArgs, AuthLogoutResult, authorization_required=False, pass_app=True)
    async def logout(self, app):
        """End the session's authentication and its subscriptions."""
        if app is not None:
            app.subscriptions.clear()
            app.authenticated = False
            app.authenticated_credentials = None
        return True


@single_argument_args("api_key_create")
class ApiKeyCreateArgs(BaseModel):
    name: NonEmptyString
    """Unique name of the key."""
    username: NonEmptyString = ADMIN_USERNAME
    """User the key authenticates as."""


class ApiKeyCreateResult(BaseModel):
    result: dict
    """The key row, with `key` (`<id>-<secret>`): shown only once."""


class ApiKeyDeleteArgs(BaseModel):
    id: int


class ApiKeyDeleteResult(BaseModel):
    result: bool


class ApiKeyQueryResult(BaseModel):
    result: list[dict] | dict | int


class ApiKeyService(Service):
    class Config:
        namespace = "api_key"
        cli_namespace = "auth.api_key"

    @api_method(ApiKeyCreateArgs, ApiKeyCreateResult, roles=["API_KEY_WRITE"], audit="Create API key")
    def create(self, data):
        """Create an API key; its secret is returned once and stored hashed."""
        store = self.middleware.host_store
        verrors = ValidationErrors()
        if not store.has_user(data["username"]):
            verrors.add("api_key_create.username", f"{data['username']}: user does not exist")
        if store.api_key_name_exists(data["name"]):
            verrors.add("api_key_create.name", "name must be unique")
        verrors.check()
        row, key = store.create_api_key(data["name"], data["username"])
        return {**row, "key": key}

    @api_method(QueryArgs, ApiKeyQueryResult, roles=["API_KEY_READ"])
    def query(self, filters, options):
        return filter_list(self.middleware.host_store.api_keys(), filters, options)

    @api_method(ApiKeyDeleteArgs, ApiKeyDeleteResult, roles=["API_KEY_WRITE"], audit="Delete API key")
    def delete(self, id):
        if not self.middleware.host_store.delete_api_key(id):
            raise InstanceNotFound(f"API key {id} does not exist")
        return True


async def parse_credentials(middleware, request):
    """The credentials of an HTTP request (`/_upload`), as middlewared's restful.parse_credentials reads them and
    its login checks them: `?auth_token=`, `Authorization: Token`, `Basic` (user:password) or `Bearer` (API key).
    None when there are none or they are wrong (each failure audited like a failed login)."""
    header = request.headers.get("Authorization")
    auth = middleware.get_service("auth")
    store = middleware.host_store
    if header is None:
        token = request.query.get("auth_token")
        if not token:
            return None
        kind, username = "TOKEN", None
    else:
        scheme, _, value = header.partition(" ")
        kind, token = {"Token": ("TOKEN", value), "Basic": ("LOGIN_PASSWORD", None),
                       "Bearer": ("API_KEY", None)}.get(scheme, (None, None))
        if kind is None:
            return None
    if kind == "TOKEN":
        entry = auth.token_manager.get(token, request.remote)
        if entry is None or entry["attrs"]:  # a download token is good for its download only
            return None
        if entry["single_use"]:
            auth.token_manager.destroy(token)
        return _credentials("TOKEN", entry["credentials"]["username"])
    if kind == "LOGIN_PASSWORD":
        try:
            username, _, password = base64.b64decode(value, validate=True).decode().partition(":")
        except (binascii.Error, UnicodeDecodeError):
            return None
        if not await middleware.run_in_thread(store.check_password, username, password):
            return None
        return _credentials("LOGIN_PASSWORD", username)
    key = await middleware.run_in_thread(store.check_api_key, None, value)
    if key is None:
        return None
    return _credentials("API_KEY", key["username"], api_key={"id": key["id"], "name": key["name"]})
