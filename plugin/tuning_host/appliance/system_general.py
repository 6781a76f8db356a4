"""`system.general.config`: the part the plugin reads, the certificate of the web UI clients reach (the host's own
when it serves HTTPS, whatever the backend: in the App, clients reach the App's port, not the box's web UI)."""
from typing import Any

from tuning_host.runtime import BaseModel, Service, api_method

from ..server.tls import certificate_paths, certificate_pem


class SystemGeneralConfigArgs(BaseModel):
    pass


class SystemGeneralConfigResult(BaseModel):
    result: dict[str, Any]


def general_config(settings) -> dict:
    """TrueNAS's shape for the fields the host knows: `ui_certificate` (`{"certificate": PEM}`, None over plain
    HTTP), `ui_port`/`ui_httpsport` (the host's port on the scheme it serves)."""
    paths = certificate_paths(settings)
    return {
        'ui_certificate': {'certificate': certificate_pem(paths[0])} if paths else None,
        'ui_port': None if paths else settings.port,
        'ui_httpsport': settings.port if paths else None,
    }


class SystemGeneralService(Service):
    class Config:
        namespace = 'system.general'
        cli_namespace = 'system.general'

    @api_method(SystemGeneralConfigArgs, SystemGeneralConfigResult, roles=['SYSTEM_GENERAL_READ'])
    def config(self):
        """The web UI's settings the host has: its certificate and port."""
        return general_config(self.middleware.settings)
