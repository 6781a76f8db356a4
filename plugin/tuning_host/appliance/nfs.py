"""`nfs.config` / `nfs.update`: the NFS service settings, stored and reported (`servers: null` = the nfsd count
follows the CPU count, reported as `managed_nfsd`).

Sandbox: the simulated box's NFS service. openzfs backend: a host-side record only — this host has no TrueNAS
service manager and does not configure or restart nfsd; the plugin reports SERVICE_RESTART itself."""
from typing import Literal

from pydantic import Field

from tuning_host.runtime import BaseModel, Service, api_method

STORE_KEY = 'appliance.nfs'
UNSET = -1
DEFAULTS = {
    'id': 1, 'servers': None, 'allow_nonroot': False, 'protocols': ['NFSV3', 'NFSV4'], 'v4_krb': False,
    'v4_domain': '', 'bindip': [], 'mountd_port': None, 'rpcstatd_port': None, 'rpclockd_port': None,
    'mountd_log': False, 'statd_lockd_log': False, 'v4_krb_enabled': False, 'userd_manage_gids': False,
    'keytab_has_nfs_spn': False, 'managed_nfsd': True, 'rdma': False,
}


class NfsUpdate(BaseModel):
    servers: int | None = Field(default=UNSET, ge=1, le=256)
    """nfsd threads, 1-256; null lets the host manage it from the CPU count."""
    allow_nonroot: bool = None
    protocols: list[Literal['NFSV3', 'NFSV4']] = Field(default=None, min_length=1)
    v4_domain: str = None
    bindip: list[str] = None
    mountd_log: bool = None
    statd_lockd_log: bool = None
    userd_manage_gids: bool = None
    rdma: bool = None


class NfsUpdateArgs(BaseModel):
    data: NfsUpdate


class NfsUpdateResult(BaseModel):
    result: dict


class NfsConfigArgs(BaseModel):
    pass


class NfsConfigResult(BaseModel):
    result: dict


class NfsService(Service):
    class Config:
        namespace = 'nfs'
        cli_namespace = 'service.nfs'

    @api_method(NfsConfigArgs, NfsConfigResult, roles=['SHARING_NFS_READ'])
    def config(self):
        config = {**DEFAULTS, **self.middleware.backend.store.get(STORE_KEY, {})}
        config['managed_nfsd'] = config['servers'] is None
        return config

    @api_method(NfsUpdateArgs, NfsUpdateResult, roles=['SHARING_NFS_WRITE'], audit='Update NFS configuration')
    def update(self, data):
        changes = {k: v for k, v in data.items() if v is not None and not (k == 'servers' and v == UNSET)}
        if data.get('servers', UNSET) is None:
            changes['servers'] = None

        def merge(doc):
            doc.update(changes)
        self.middleware.backend.store.update(STORE_KEY, merge, {})
        return self.config()
