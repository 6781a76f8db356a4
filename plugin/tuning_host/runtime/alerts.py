"""Alert classes as middlewared 25.10/26.0 define them (``middlewared.alert.base``): a class named ``*AlertClass``
registers itself by name when it is defined; one-shot alerts are created with ``alert.oneshot_create(name, args)``."""
import enum


class AlertCategory(enum.Enum):
    PLUGINS = 'PLUGINS'
    STORAGE = 'STORAGE'
    SYSTEM = 'SYSTEM'


class AlertLevel(enum.Enum):
    INFO = 1
    NOTICE = 2
    WARNING = 3
    ERROR = 4
    CRITICAL = 5
    ALERT = 6
    EMERGENCY = 7


class AlertClassMeta(type):
    def __init__(cls, name, bases, dct):
        super().__init__(name, bases, dct)
        if name != 'AlertClass':
            if not name.endswith('AlertClass'):
                raise NameError(f'Invalid alert class name {name}')
            cls.name = name.removesuffix('AlertClass')
            AlertClass.class_by_name[cls.name] = cls


class AlertClass(metaclass=AlertClassMeta):
    class_by_name: dict = {}
    category = NotImplemented
    level = NotImplemented
    title = NotImplemented
    text = None

    def __init__(self, middleware):
        self.middleware = middleware


class OneShotAlertClass:
    pass


class SimpleOneShotAlertClass(OneShotAlertClass):
    """Args are the alert's args; a delete query matches alerts whose args equal it (``keys = None``)."""
    keys = None

    def matches(self, args: dict, query: dict) -> bool:
        if self.keys is None:
            return args == query
        return all(args.get(k) == query.get(k) for k in self.keys)
