"""`system.reboot.info` and the reboot-required reasons (in memory, lost on restart, like middlewared)."""
from tuning_host.runtime import BaseModel, Service, api_method, private


class SystemRebootInfoArgs(BaseModel):
    pass


class SystemRebootInfoResult(BaseModel):
    result: dict


class SystemRebootService(Service):
    class Config:
        namespace = 'system.reboot'
        cli_namespace = 'system.reboot_required'

    def __init__(self, middleware):
        super().__init__(middleware)
        self.reboot_reasons = {}

    @api_method(SystemRebootInfoArgs, SystemRebootInfoResult, roles=['SYSTEM_GENERAL_READ'])
    async def info(self):
        """Boot id and why the box needs a reboot."""
        return {
            'boot_id': await self.middleware.call('system.boot_id'),
            'reboot_required_reasons': [{'code': code, 'reason': reason}
                                        for code, reason in self.reboot_reasons.items()],
        }

    @private
    async def add_reason(self, code, reason):
        self.reboot_reasons[code] = reason
        await self._send_event()

    @private
    async def toggle_reason(self, code, reason):
        if code in self.reboot_reasons:
            self.reboot_reasons.pop(code)
        else:
            self.reboot_reasons[code] = reason
        await self._send_event()

    @private
    async def remove_reason(self, code):
        self.reboot_reasons.pop(code, None)
        await self._send_event()

    @private
    async def list_reasons(self):
        return list(self.reboot_reasons)

    async def _send_event(self):
        self.middleware.send_event('system.reboot.info', 'CHANGED', id=None, fields=await self.info())


def setup(middleware):
    middleware.event_register('system.reboot.info', 'Sent when a system reboot is required.',
                              roles=['SYSTEM_GENERAL_READ'])
