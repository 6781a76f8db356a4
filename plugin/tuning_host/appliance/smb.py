"""`smb.config` / `smb.update`: the SMB service settings, stored and reported.

Sandbox: the simulated box's SMB service. openzfs backend: a host-side record only — this host has no TrueNAS
service manager and does not write smb.conf or restart Samba; the plugin reports SERVICE_RESTART itself.
The entry has the fields of the imitated release: 26.0 reports `minimum_protocol` (SMB1|SMB2) and
`stateful_failover` where 25.10 has `enable_smb1`; both releases accept what their model accepts."""
from typing import Literal

from pydantic import Field

from tuning_host.runtime import BaseModel, LongString, Service, api_method

from .release import imitated_release

STORE_KEY = 'appliance.smb'
DEFAULTS = {
    'id': 1, 'netbiosname': 'truenas', 'netbiosalias': [], 'workgroup': 'WORKGROUP', 'description': 'TrueNAS Server',
    'enable_smb1': False, 'unixcharset': 'UTF-8', 'localmaster': False, 'syslog': False, 'aapl_extensions': False,
    'admin_group': None, 'guest': 'nobody', 'filemask': 'DEFAULT', 'dirmask': 'DEFAULT', 'ntlmv1_auth': False,
    'multichannel': False, 'encryption': 'DEFAULT', 'bindip': [], 'server_sid': None, 'smb_options': '',
    'debug': False,
}


class SmbUpdate(BaseModel):
    netbiosname: str = Field(default=None, min_length=1, max_length=15)
    workgroup: str = Field(default=None, min_length=1, max_length=15)
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
    filemask: str = None
    dirmask: str = None
    smb_options: LongString = None


class SmbUpdateArgs(BaseModel):
    data: SmbUpdate


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

        def merge(doc):
            doc.update(changes)
        self.middleware.backend.store.update(STORE_KEY, merge, {})
        return self.config()
