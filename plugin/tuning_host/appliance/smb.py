"""`smb.config` / `smb.update`: the SMB service settings, stored and reported.

Sandbox: the simulated box's SMB service. openzfs backend: a host-side record only — this host has no TrueNAS
service manager and does not write smb.conf or restart Samba; the plugin reports SERVICE_RESTART itself.
The entry has the fields of the imitated release: 26.0 reports `minimum_protocol` (SMB1|SMB2) and
`stateful_failover` where 25.10 has `enable_smb1`; both releases accept what their model accepts.

Checked as TrueNAS checks them (its NetbiosName, NetbiosDomain and UnixPerm types, and `smb.validate_smb`), with its
field names (`smb_update.<field>`) and messages: NetBIOS names of 1-15 allowed characters, not only digits, not a
reserved name, not the workgroup's; masks octal within 000-777 or DEFAULT; no REQUIRED encryption with SMB1."""
import re
from typing import Annotated, Literal

from pydantic import AfterValidator

from tuning_host.runtime import BaseModel, LongString, Service, ValidationErrors, api_method

from .release import imitated_release

STORE_KEY = 'appliance.smb'
DEFAULTS = {
    'id': 1, 'netbiosname': 'truenas', 'netbiosalias': [], 'workgroup': 'WORKGROUP', 'description': 'TrueNAS Server',
    'enable_smb1': False, 'unixcharset': 'UTF-8', 'localmaster': False, 'syslog': False, 'aapl_extensions': False,
    'admin_group': None, 'guest': 'nobody', 'filemask': 'DEFAULT', 'dirmask': 'DEFAULT', 'ntlmv1_auth': False,
    'multichannel': False, 'encryption': 'DEFAULT', 'bindip': [], 'server_sid': None, 'smb_options': '',
    'debug': False,
}


# what NetBIOS allows in a computer name; a domain (workgroup) may also hold dots (a NetBIOS scope)
_NAME_CHARS = r"A-Za-z0-9\-_!@#$%^&()'{}~"
_NETBIOS_NAME = re.compile(rf"(?![0-9]*$)[{_NAME_CHARS}]{{1,15}}")
_NETBIOS_DOMAIN = re.compile(rf"(?![0-9]*$)[{_NAME_CHARS}.]{{1,15}}")
# Microsoft's well-known account names and RFC 852's, as TrueNAS refuses them (DOMAIN, LOCAL, SERVER are allowed)
RESERVED_NAMES = frozenset(name.casefold() for name in (
    'ANONYMOUS', 'AUTHENTICATED USER', 'BATCH', 'BUILTIN', 'DIALUP', 'ENTERPRISE', 'INTERACTIVE', 'INTERNET',
    'NETWORK', 'NULL', 'PROXY', 'RESTRICTED', 'SELF', 'USERS', 'WORLD', 'GATEWAY', 'GW', 'TAC'))


def _netbios(pattern):
    def check(value):
        if not pattern.fullmatch(value):
            raise ValueError('Invalid NetBIOS name. NetBIOS names must be between 1 and 15 characters in length and '
                             'may not contain the following characters: \\/:*?"<>|.')
        if value.casefold() in RESERVED_NAMES:
            raise ValueError('NetBIOS names may not be one of following reserved names: '
                             + ', '.join(sorted(RESERVED_NAMES)))
        return value
    return check


def check_mask(value):
    """A create or directory mask: DEFAULT, or octal permissions within 000-777 (TrueNAS's UnixPerm)."""
    if value == 'DEFAULT':
        return value
    try:
        mode = int(value, 8)
    except ValueError:
        raise ValueError('Not a valid integer. Must be between 000 and 777') from None
    if mode & 0o777 != mode:
        raise ValueError('Please supply a value between 000 and 777')
    return value


NetbiosName = Annotated[str, AfterValidator(_netbios(_NETBIOS_NAME))]
NetbiosDomain = Annotated[str, AfterValidator(_netbios(_NETBIOS_DOMAIN))]
Mask = Annotated[str, AfterValidator(check_mask)]


def config_problems(new):
    """[(field, message)] of a whole configuration (the current one with the update applied), as TrueNAS's
    `validate_smb` checks what no single field can tell."""
    problems = []
    if new['enable_smb1'] and new['encryption'] == 'REQUIRED':
        problems.append(('encryption', 'Encryption may not be set to REQUIRED while SMB1 support is enabled.'))
    if new['netbiosname'].casefold() == new['workgroup'].casefold():
        problems.append(('netbiosname', f'NetBIOS name [{new["netbiosname"]}] conflicts with workgroup name.'))
    for index, alias in enumerate(new['netbiosalias']):
        if alias.casefold() == new['workgroup'].casefold():
            problems.append((f'netbiosalias.{index}', f'NetBIOS alias [{alias}] conflicts with workgroup name.'))
    return problems


class SmbUpdate(BaseModel):
    netbiosname: NetbiosName = None
    workgroup: NetbiosDomain = None
    description: str = None
    enable_smb1: bool = None
    """25.10"""
    minimum_protocol: Literal['SMB1', 'SMB2'] = None
    """26.0"""
    aapl_extensions: bool = None
    multichannel: bool = None
    encryption: Literal['DEFAULT', 'NEGOTIATE', 'DESIRED', 'REQUIRED'] = None
    bindip: list[str] = None
    debug: bool = None
    filemask: Mask = None
    dirmask: Mask = None
    smb_options: LongString = None


class SmbUpdateArgs(BaseModel):
    smb_update: SmbUpdate


class SmbUpdateResult(BaseModel):
    result: dict


class SmbConfigArgs(BaseModel):
    pass


class SmbConfigResult(BaseModel):
    result: dict


class SmbService(Service):
    class Config:
        namespace = 'smb'
        cli_namespace = 'service.smb'

    @api_method(SmbConfigArgs, SmbConfigResult, roles=['SHARING_SMB_READ'])
    def config(self):
        entry = {**DEFAULTS, **self.middleware.backend.store.get(STORE_KEY, {})}
        if imitated_release() == '26.0':
            entry['minimum_protocol'] = 'SMB1' if entry.pop('enable_smb1') else 'SMB2'
            entry['stateful_failover'] = False
        return entry

    @api_method(SmbUpdateArgs, SmbUpdateResult, roles=['SHARING_SMB_WRITE'], audit='Update SMB configuration')
    def update(self, data):
        changes = {k: v for k, v in data.items() if v is not None}
        if 'minimum_protocol' in changes:
            changes['enable_smb1'] = changes.pop('minimum_protocol') == 'SMB1'
        stored = {**DEFAULTS, **self.middleware.backend.store.get(STORE_KEY, {})}
        verrors = ValidationErrors()
        for field, message in config_problems({**stored, **changes}):
            verrors.add(f'smb_update.{field}', message)
        verrors.check()

        def merge(doc):
            doc.update(changes)
        self.middleware.backend.store.update(STORE_KEY, merge, {})
        return self.config()
