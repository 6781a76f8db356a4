"""`zfs.version` (private): the OpenZFS version of the running module, e.g. "2.2.7"."""
from tuning_host.runtime import Service, private

from .backend_calls import backend_call


class ZfsService(Service):
    class Config:
        namespace = 'zfs'
        private = True

    @private
    def version(self):
        return backend_call(self.middleware.backend.system_facts)['openzfs_version']
