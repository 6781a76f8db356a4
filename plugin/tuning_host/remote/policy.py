"""What the `truenas` backend accepts as the box's address and credentials (pure).

TrueNAS revokes a plain API key at once when it arrives over a connection that is not TLS, loopback or a Unix socket
(plugins/auth.py), so a `ws://` URL is only accepted for a loopback host; anything else must be `wss://`.
"""
import ipaddress
import os
from dataclasses import dataclass, field
from urllib.parse import urlsplit

DEFAULT_PATH = '/api/current'
LOGINS = ('api_key', 'token')  # auth.login_ex API_KEY_PLAIN, or TOKEN_PLAIN with a token from auth.generate_token


class PolicyError(ValueError):
    """A setting of the truenas backend that cannot work; the message names the setting and what to do."""


@dataclass(frozen=True)
class BoxAddress:
    url: str        # normalised: scheme://host:port/path
    host: str
    port: int
    tls: bool

    @property
    def endpoint(self) -> str:
        """`host:port`, the key the certificate pin is stored under."""
        return f'[{self.host}]:{self.port}' if ':' in self.host else f'{self.host}:{self.port}'


def is_loopback(host: str) -> bool:
    if host == 'localhost':
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_box_url(url: str) -> BoxAddress:
    """The box's API URL (`wss://nas.example/api/current`); `ws://` only for a loopback host."""
    if not url:
        raise PolicyError('TUNING_TRUENAS_URL (--truenas-url): the box\'s API URL is required with --backend truenas, '
                          'e.g. wss://truenas.local/api/current')
    parts = urlsplit(url)
    if parts.scheme not in ('wss', 'ws'):
        raise PolicyError(f'TUNING_TRUENAS_URL: {url!r} must start with wss:// (the box\'s TLS API endpoint)')
    if not parts.hostname:
        raise PolicyError(f'TUNING_TRUENAS_URL: {url!r} names no host')
    tls = parts.scheme == 'wss'
    if not tls and not is_loopback(parts.hostname):
        raise PolicyError(f'TUNING_TRUENAS_URL: {url!r} is not TLS. TrueNAS revokes an API key sent over a plain '
                          'connection to anything but loopback: use wss://')
    try:
        port = parts.port or (443 if tls else 80)
    except ValueError:
        raise PolicyError(f'TUNING_TRUENAS_URL: {url!r} has an invalid port') from None
    path = parts.path.rstrip('/') or DEFAULT_PATH
    host = f'[{parts.hostname}]' if ':' in parts.hostname else parts.hostname
    return BoxAddress(f'{parts.scheme}://{host}:{port}{path}', parts.hostname, port, tls)


@dataclass(frozen=True)
class Credentials:
    login: str          # 'api_key' | 'token'
    username: str
    secret_env: str     # the environment variable holding the secret, or ''
    secret_file: str    # the file holding it, or '' (read at every login: a rotated key is picked up)
    environ: dict | None = field(default=None, repr=False, compare=False)  # None: the process environment

    def secret(self) -> str:
        env = os.environ if self.environ is None else self.environ
        if self.secret_file:
            try:
                with open(self.secret_file) as f:
                    value = f.read().strip()
            except OSError as e:
                raise PolicyError(f'TUNING_TRUENAS_API_KEY_FILE: cannot read {self.secret_file} '
                                  f'({e.strerror})') from None
        else:
            value = (env.get(self.secret_env) or '').strip()
        if not value:
            where = self.secret_file or f'the environment variable {self.secret_env}'
            raise PolicyError(f'the API key is empty: put it in {where}')
        return value

    def login_params(self, secret: str) -> dict:
        """The `auth.login_ex` argument for this login."""
        if self.login == 'token':
            return {'mechanism': 'TOKEN_PLAIN', 'token': secret}
        return {'mechanism': 'API_KEY_PLAIN', 'username': self.username, 'api_key': secret}


def credentials(login: str, username: str, key_file: str | None, environ=None) -> Credentials:
    env = os.environ if environ is None else environ
    if login not in LOGINS:
        raise PolicyError(f'TUNING_TRUENAS_LOGIN: {login!r} is not one of {", ".join(LOGINS)}')
    if login == 'api_key' and not username:
        raise PolicyError('TUNING_TRUENAS_USER: the user the API key belongs to is required')
    if not key_file and not env.get('TUNING_TRUENAS_API_KEY'):
        raise PolicyError('TUNING_TRUENAS_API_KEY or TUNING_TRUENAS_API_KEY_FILE (--truenas-api-key-file): the API '
                          'key is required with --backend truenas')
    return Credentials(login, username, '' if key_file else 'TUNING_TRUENAS_API_KEY', key_file or '', environ)


def holds_full_admin(me) -> bool | None:
    """Whether the `auth.me` answer's privilege (its roles, already expanded by middlewared) has FULL_ADMIN, which
    the private ZFS property writer needs; None when the answer says nothing about roles."""
    roles = ((me or {}).get('privilege') or {}).get('roles') if isinstance(me, dict) else None
    if isinstance(roles, dict):  # middlewared's JSON sends a set as {"$set": [...]}
        roles = roles.get('$set')
    return None if roles is None else 'FULL_ADMIN' in roles
