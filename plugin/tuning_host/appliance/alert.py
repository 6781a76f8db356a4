"""`alert.oneshot_create` / `alert.oneshot_delete` (private jobs), `alert.list`, `alert.dismiss` and `alert.restore`,
as middlewared 25.10 and 26.0 have them: alerts live in memory (TrueNAS keeps them in its database), one per (class,
key), the key being the args; a delete query matches by the class's `keys`; the list is the most severe first."""
import json
import uuid
from datetime import datetime, timezone
from typing import Any

from tuning_host.runtime import AlertClass, BaseModel, CallError, OneShotAlertClass, Service, api_method, job, private


class AlertListArgs(BaseModel):
    pass


class AlertListResult(BaseModel):
    result: list[dict[str, Any]]


class AlertDismissArgs(BaseModel):
    uuid: str


class AlertDismissResult(BaseModel):
    result: None


class AlertRestoreArgs(BaseModel):
    uuid: str


class AlertRestoreResult(BaseModel):
    result: None


def formatted(klass, args) -> str:
    """`AlertClass.format`: the text with the args, the title when the class has no text."""
    if klass.text is None:
        return klass.title
    if args is None:
        return klass.text
    return klass.text % (tuple(args) if isinstance(args, list) else args)


def alert_row(klass, args, now: datetime) -> dict:
    """The `alert.list` row of a one-shot alert (middlewared's AlertSerializer shape, single node): `text` is the
    class's template, `formatted` the text people read; `one_shot` says the admin must dismiss it to make it go."""
    key = json.dumps(args, sort_keys=True)
    alert_id = str(uuid.uuid5(uuid.NAMESPACE_OID, f'{klass.name}:{key}'))
    return {'uuid': alert_id, 'id': alert_id, 'source': '', 'klass': klass.name, 'args': args, 'node': 'A',
            'key': key, 'datetime': now, 'last_occurrence': now, 'dismissed': False, 'mail': None,
            'text': klass.text or klass.title, 'formatted': formatted(klass, args), 'level': klass.level.name,
            'one_shot': not getattr(klass, 'deleted_automatically', True)}


def kept_by_delete(klass, args, query) -> bool:
    """Whether `alert.oneshot_delete(klass, query)` leaves an alert with `args` (SimpleOneShotAlertClass.delete):
    `keys = None` deletes the alerts whose args equal the query, a list of keys those that agree on each of them
    (a query without one of the keys fails, as on TrueNAS), `keys = []` every alert of the class."""
    keys = getattr(klass, 'keys', None)
    if keys is None:
        return args != query
    try:
        return any(args[k] != query[k] for k in keys)
    except (KeyError, TypeError) as e:
        raise CallError(f'The delete query of {klass.name} alerts needs {", ".join(keys)}: {query!r}') from e


def list_order(klass_of, row: dict):
    """middlewared's order: the most severe level first, then the class's title, then the oldest first."""
    klass = klass_of(row['klass'])
    return -klass.level.value, klass.title, row['datetime']


class AlertService(Service):
    class Config:
        namespace = 'alert'
        cli_namespace = 'system.alert'

    def __init__(self, middleware):
        super().__init__(middleware)
        self.alerts: dict[str, dict] = {}

    @api_method(AlertListArgs, AlertListResult, roles=['ALERT_LIST_READ'])
    def list(self):
        """Every current alert, dismissed ones included: the most severe first."""
        return sorted(self.alerts.values(), key=lambda row: list_order(AlertClass.class_by_name.get, row))

    @api_method(AlertDismissArgs, AlertDismissResult, roles=['ALERT_LIST_WRITE'])
    def dismiss(self, uuid):
        """Dismiss an alert: it stays listed as dismissed until it is cleared (one that no one clears goes)."""
        row = self.alerts.get(uuid)
        if row is None:
            return
        if row['one_shot']:
            del self.alerts[uuid]
        else:
            row['dismissed'] = True

    @api_method(AlertRestoreArgs, AlertRestoreResult, roles=['ALERT_LIST_WRITE'])
    def restore(self, uuid):
        """Show a dismissed alert again."""
        row = self.alerts.get(uuid)
        if row is not None:
            row['dismissed'] = False

    @private
    @job(lock='process_alerts', lock_queue_size=None, transient=True)
    def oneshot_create(self, job, klass, args):
        cls = self._one_shot_class(klass)
        row = alert_row(cls, args, datetime.now(timezone.utc))
        previous = self.alerts.get(row['uuid'])
        if previous is not None:   # the same alert again: first seen and dismissed stay
            row['datetime'], row['dismissed'] = previous['datetime'], previous['dismissed']
        self.alerts[row['uuid']] = row
        self.middleware.logger.warning('alert %s: %s', cls.name, row['formatted'])

    @private
    @job(lock='process_alerts', lock_queue_size=None, transient=True)
    def oneshot_delete(self, job, klass, query=None):
        classes = [self._one_shot_class(name) for name in (klass if isinstance(klass, list) else [klass])]
        for cls in classes:
            for key, row in list(self.alerts.items()):
                if row['klass'] == cls.name and not kept_by_delete(cls, row['args'], query):
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
