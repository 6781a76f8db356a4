"""`alert.oneshot_create` / `alert.oneshot_delete` (private jobs) and `alert.list`, as middlewared 25.10 has them:
alerts live in memory, one per (class, key); a one-shot class turns the create args into the alert's args."""
import uuid
from datetime import datetime, timezone
from typing import Any

from tuning_host.runtime import AlertClass, BaseModel, CallError, OneShotAlertClass, Service, api_method, job, private


class AlertListArgs(BaseModel):
    pass


class AlertListResult(BaseModel):
    result: list[dict[str, Any]]


def alert_row(klass, args: dict, now: datetime) -> dict:
    """The `alert.list` row of a one-shot alert (middlewared's AlertSerializer shape, single node)."""
    text = klass.text % args if klass.text else klass.title
    key = repr(sorted(args.items()))
    alert_id = str(uuid.uuid5(uuid.NAMESPACE_OID, f'{klass.name}:{key}'))
    return {'uuid': alert_id, 'id': alert_id, 'source': '', 'klass': klass.name, 'args': args, 'node': 'A',
            'key': key, 'datetime': now, 'last_occurrence': now, 'dismissed': False, 'mail': None, 'text': text,
            'formatted': text, 'level': klass.level.name, 'one_shot': True}


class AlertService(Service):
    class Config:
        namespace = 'alert'
        cli_namespace = 'system.alert'

    def __init__(self, middleware):
        super().__init__(middleware)
        self.alerts: dict[str, dict] = {}

    @api_method(AlertListArgs, AlertListResult, roles=['ALERT_LIST_READ'])
    def list(self):
        """Every current alert, the most severe first."""
        return sorted(self.alerts.values(), key=lambda a: a['datetime'])

    @private
    @job(lock='process_alerts', lock_queue_size=None, transient=True)
    def oneshot_create(self, job, klass, args):
        cls = self._one_shot_class(klass)
        row = alert_row(cls, args, datetime.now(timezone.utc))
        previous = self.alerts.get(row['uuid'])
        if previous is not None:
            row['datetime'] = previous['datetime']
        self.alerts[row['uuid']] = row
        self.middleware.logger.warning('alert %s: %s', cls.name, row['formatted'])

    @private
    @job(lock='process_alerts', lock_queue_size=None, transient=True)
    def oneshot_delete(self, job, klass, query=None):
        cls = self._one_shot_class(klass)
        instance = cls(self.middleware)
        for key, row in list(self.alerts.items()):
            if row['klass'] == cls.name and (query is None or instance.matches(row['args'], query)):
                del self.alerts[key]

    @staticmethod
    def _one_shot_class(name):
        try:
            cls = AlertClass.class_by_name[name]
        except KeyError:
            raise CallError(f'Invalid alert class: {name!r}')
        if not issubclass(cls, OneShotAlertClass):
            raise CallError(f'Alert class {name!r} is not a one-shot alert class')
        return cls
