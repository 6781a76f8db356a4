"""`tunable.*`: SYSCTL and ZFS module parameter tunables with TrueNAS semantics.

Rows keep `orig_value` (the live value when the row was created). Create/update/delete are jobs under the lock
`tunable_crud`. A change applies live and regenerates the persisted set from every enabled row (sysctl.d file;
modprobe options + initramfs). A live write the kernel only takes at module load is silently not live (TrueNAS
suppresses the PermissionError); the persisted value applies at the next boot. Delete writes `orig_value` back.
"""
import errno
import re
from typing import Literal

from tuning_host.backends.errors import BackendError, InvalidValueError, NotFoundError, ReadOnlyError
from tuning_host.backends.persisted_text import (module_option_value_error, sysctl_name_error, sysctl_value_error,
                                                 zfs_parameter_name_error)
from tuning_host.runtime import (BaseModel, CallError, InstanceNotFound, QueryArgs, Service, ValidationErrors,
                                 api_method, filter_list, job, private)

from .backend_calls import backend_call

STORE_KEY = 'appliance.tunables'
TYPES = ('SYSCTL', 'UDEV', 'ZFS')


_INTEGER = re.compile(r'-?[0-9]+|0[xX][0-9a-fA-F]+')   # what the kernel's kstrto*(base 0) parsers take
INTEGER_RANGE = (-2 ** 63, 2 ** 64 - 1)


def var_error(type_, var):
    """Why `var` cannot name a tunable of `type_` (before asking the kernel whether it exists); None if it can."""
    if type_ == 'ZFS':
        return zfs_parameter_name_error(var)
    if type_ == 'SYSCTL':
        return sysctl_name_error(var)
    return None


def value_error(type_, value, current):
    """Why `value` cannot be set on a tunable of `type_` whose kernel value is `current`; None if it can. Numeric
    parameters (the kernel shows integers) take integers only: a module option is written for the next boot even
    when the live write is skipped, so the kernel's own refusal comes too late."""
    problem = module_option_value_error(value) if type_ == 'ZFS' else sysctl_value_error(value)
    if problem:
        return problem
    if current is not None and _integers(str(current)) is not None:
        numbers = _integers(value)
        if numbers is None:
            return f'must be {"an integer" if type_ == "ZFS" else "whitespace-separated integers"} ' \
                   f'(the current value is {current!r})'
        if not all(INTEGER_RANGE[0] <= n <= INTEGER_RANGE[1] for n in numbers):
            return 'is out of the range of a 64-bit integer'
    return None


def _integers(text):
    words = text.split()
    if not words or not all(_INTEGER.fullmatch(w) for w in words):
        return None
    return [int(w, 0) if w[:2].lower() == '0x' else int(w) for w in words]


class TunableCreate(BaseModel):
    type: Literal['SYSCTL', 'UDEV', 'ZFS'] = 'SYSCTL'
    var: str
    value: str
    comment: str = ''
    enabled: bool = True
    update_initramfs: bool = True


class TunableUpdate(BaseModel):
    value: str = None
    comment: str = None
    enabled: bool = None
    update_initramfs: bool = True


class TunableCreateArgs(BaseModel):
    data: TunableCreate


class TunableCreateResult(BaseModel):
    result: dict


class TunableUpdateArgs(BaseModel):
    id: int
    data: TunableUpdate


class TunableUpdateResult(BaseModel):
    result: dict


class TunableDeleteArgs(BaseModel):
    id: int


class TunableDeleteResult(BaseModel):
    result: None


class TunableQueryResult(BaseModel):
    result: list[dict] | dict | int


class TunableGetInstanceArgs(BaseModel):
    id: int
    options: dict = {}


class TunableGetInstanceResult(BaseModel):
    result: dict


class TunableTunableTypeChoicesArgs(BaseModel):
    pass


class TunableTunableTypeChoicesResult(BaseModel):
    result: dict[str, str]


class TunableService(Service):
    class Config:
        namespace = 'tunable'
        cli_namespace = 'system.tunable'

    # --- records ---------------------------------------------------------------------------------------------
    def _rows(self):
        return self.middleware.backend.store.get(STORE_KEY, {'next_id': 1, 'rows': []})['rows']

    def _insert(self, row):
        def add(doc):
            row['id'] = doc['next_id']
            doc['next_id'] += 1
            doc['rows'].append(row)
        self.middleware.backend.store.update(STORE_KEY, add, {'next_id': 1, 'rows': []})
        return row

    def _replace(self, row):
        def put(doc):
            doc['rows'] = [row if r['id'] == row['id'] else r for r in doc['rows']]
        self.middleware.backend.store.update(STORE_KEY, put, {'next_id': 1, 'rows': []})

    def _remove(self, id_):
        def drop(doc):
            doc['rows'] = [r for r in doc['rows'] if r['id'] != id_]
        self.middleware.backend.store.update(STORE_KEY, drop, {'next_id': 1, 'rows': []})

    @api_method(QueryArgs, TunableQueryResult, roles=['SYSTEM_TUNABLE_READ'])
    def query(self, filters, options):
        """Tunable rows `{id, type, var, value, orig_value, comment, enabled}`."""
        return filter_list(self._rows(), filters, options)

    @api_method(TunableGetInstanceArgs, TunableGetInstanceResult, roles=['SYSTEM_TUNABLE_READ'])
    def get_instance(self, id_, options):
        for row in self._rows():
            if row['id'] == id_:
                return row
        raise InstanceNotFound(f'Tunable {id_} does not exist')

    @api_method(TunableTunableTypeChoicesArgs, TunableTunableTypeChoicesResult, authorization_required=False)
    def tunable_type_choices(self):
        return {t: t for t in TYPES}

    # --- kernel side -----------------------------------------------------------------------------------------
    @private
    def get_zfs_parameters(self):
        """{name: {"value", "writable"}} for every ZFS module parameter."""
        return backend_call(self.middleware.backend.zfs_parameters)

    @private
    def get_sysctls(self):
        return backend_call(self.middleware.backend.sysctl_names)

    @private
    def get_sysctl(self, var):
        # middlewared's reads /proc/sys/<var> and lets an unknown name's FileNotFoundError through (not a CallError)
        try:
            return self.middleware.backend.sysctl(var)
        except NotFoundError:
            raise FileNotFoundError(errno.ENOENT, 'No such file or directory', f'/proc/sys/{var.replace(".", "/")}')
        except BackendError as e:
            raise CallError(str(e), e.errno) from None

    @private
    def set_sysctl(self, var, value):
        self._write_live(self.middleware.backend.set_sysctl, var, value)

    @private
    def set_zfs_parameter(self, name, value):
        self._write_live(self.middleware.backend.set_zfs_parameter, name, value)

    def _write_live(self, write, name, value):
        try:
            write(name, value)
        except (ReadOnlyError, NotFoundError):
            pass  # like TrueNAS: not live; the persisted value applies at boot
        except InvalidValueError as e:
            raise CallError(str(e), errno.EINVAL) from None

    def _persist(self, kind, rows, update_initramfs=True):
        enabled = {r['var']: r['value'] for r in rows if r['type'] == kind and r['enabled']}
        if kind == 'SYSCTL':
            backend_call(self.middleware.backend.persist_sysctls, enabled)
        elif kind == 'ZFS':
            backend_call(self.middleware.backend.persist_zfs_parameters, enabled, update_initramfs)

    def _apply(self, row):
        if row['type'] == 'SYSCTL':
            self.set_sysctl(row['var'], row['value'] if row['enabled'] else row['orig_value'])
        elif row['type'] == 'ZFS':
            self.set_zfs_parameter(row['var'], row['value'] if row['enabled'] else row['orig_value'])

    def _send(self, event_type, row_or_id):
        if event_type == 'REMOVED':
            self.middleware.send_event('tunable.query', 'REMOVED', id=row_or_id)
        else:
            self.middleware.send_event('tunable.query', event_type, id=row_or_id['id'], fields=row_or_id)

    # --- CRUD ------------------------------------------------------------------------------------------------
    @api_method(TunableCreateArgs, TunableCreateResult, roles=['SYSTEM_TUNABLE_WRITE'], audit='Tunable create')
    @job(lock='tunable_crud')
    def create(self, job, data):
        """Create a tunable: applied live when enabled, and persisted for the next boot."""
        update_initramfs = data.pop('update_initramfs')
        verrors = ValidationErrors()
        self._check_var(data, verrors)
        if not verrors:
            data['orig_value'] = self._kernel_value(data['type'], data['var'])
            if problem := value_error(data['type'], data['value'], data['orig_value']):
                verrors.add('tunable_create.value', f'{data["var"]}: {data["value"]!r} {problem}.', errno.EINVAL)
        verrors.check()
        row = self._insert(dict(data))
        try:
            if row['enabled']:
                self._apply(row)
            self._persist(row['type'], self._rows(), update_initramfs)
        except Exception:
            self._remove(row['id'])
            self._restore_after_failure(row, update_initramfs)
            raise
        self._send('ADDED', row)
        return row

    def _check_var(self, data, verrors):
        """As middlewared: no duplicate, a sysctl or module parameter the kernel has; and a name that can go in a
        path and a persistence file at all."""
        if problem := var_error(data['type'], data['var']):
            verrors.add('tunable_create.var', f'{data["var"]!r}: {problem}.', errno.EINVAL)
            return
        if any(r['var'] == data['var'] for r in self._rows()):
            verrors.add('tunable_create.var', f'Tunable {data["var"]!r} already exists in database.', errno.EEXIST)
        if data['type'] == 'SYSCTL' and data['var'] not in self.get_sysctls():
            verrors.add('tunable_create.var', f'Sysctl {data["var"]!r} does not exist in kernel.', errno.ENOENT)
        if data['type'] == 'ZFS' and data['var'] not in self.get_zfs_parameters():
            verrors.add('tunable_create.var', f'ZFS module does not accept {data["var"]!r} parameter.',
                        errno.ENOENT)
        if data['type'] == 'UDEV':
            verrors.add('tunable_create.type', 'UDEV tunables are not supported by this host.', errno.EINVAL)

    def _kernel_value(self, type_, var):
        if type_ == 'SYSCTL':
            return self.get_sysctl(var)
        return self.get_zfs_parameters()[var]['value']

    def _restore_after_failure(self, row, update_initramfs):
        try:
            self._write_live(self._live_writer(row), row['var'], row['orig_value'])
            self._persist(row['type'], self._rows(), update_initramfs)
        except Exception:
            self.logger.warning('Failed to restore %s after a failed tunable change', row['var'], exc_info=True)

    def _live_writer(self, row):
        backend = self.middleware.backend
        return backend.set_sysctl if row['type'] == 'SYSCTL' else backend.set_zfs_parameter

    @api_method(TunableUpdateArgs, TunableUpdateResult, roles=['SYSTEM_TUNABLE_WRITE'], audit='Tunable update')
    @job(lock='tunable_crud')
    def update(self, job, id_, data):
        """Update value/comment/enabled; a disabled tunable puts `orig_value` back live."""
        old = self.get_instance(id_, {})
        update_initramfs = data.pop('update_initramfs', True)
        if data.get('value') is not None and (problem := value_error(old['type'], data['value'], old['orig_value'])):
            verrors = ValidationErrors()
            verrors.add('tunable_update.value', f'{old["var"]}: {data["value"]!r} {problem}.', errno.EINVAL)
            verrors.check()
        new = dict(old)
        new.update({k: v for k, v in data.items() if v is not None})
        if new == old:
            return old
        self._replace(new)
        try:
            self._apply(new)
            self._persist(new['type'], self._rows(), update_initramfs)
        except Exception:
            self._replace(old)
            try:
                self._apply(old)
                self._persist(old['type'], self._rows(), update_initramfs)
            except Exception:
                self.logger.warning('Failed to restore tunable %s', old['var'], exc_info=True)
            raise
        self._send('CHANGED', new)
        return new

    @api_method(TunableDeleteArgs, TunableDeleteResult, roles=['SYSTEM_TUNABLE_WRITE'], audit='Tunable delete')
    @job(lock='tunable_crud')
    def delete(self, job, id_):
        """Delete a tunable: `orig_value` goes back live and the persisted entry is removed."""
        row = self.get_instance(id_, {})
        self._remove(id_)
        self._write_live(self._live_writer(row), row['var'], row['orig_value'])
        self._persist(row['type'], self._rows())
        self._send('REMOVED', id_)
        return None  # as middlewared's do_delete


def setup(middleware):
    middleware.event_register('tunable.query', 'Sent on tunable changes.', roles=['SYSTEM_TUNABLE_READ'])
