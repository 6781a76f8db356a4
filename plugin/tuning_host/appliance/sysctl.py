"""`sysctl.get_arcstats` (private): the ARC kstats."""
from tuning_host.runtime import Service, private

from .backend_calls import backend_call


class SysctlService(Service):
    class Config:
        namespace = 'sysctl'
        private = True

    @private
    def get_arcstats(self):
        return backend_call(self.middleware.backend.arcstats)
