"""The box's JSON-RPC errors become the exceptions the plugin sees inside middlewared."""
import errno

from tuning_host.remote.errors import RESTART_FROM_WEB_UI, is_refusal, refused_reboot, remote_error
from tuning_host.runtime.errors import CallError, ValidationErrors


def test_invalid_params_are_validation_errors_with_their_fields():
    e = remote_error('pool.dataset.create', {'code': -32602, 'message': 'Invalid params', 'data': {
        'error': 22, 'errname': 'EINVAL', 'reason': '[EINVAL] pool_dataset_create.sync: Input should be ...\n',
        'extra': [['pool_dataset_create.sync', "Input should be 'STANDARD'", 22],
                  ['pool_dataset_create.name', 'already exists', 17]]}})
    assert isinstance(e, ValidationErrors)
    assert list(e) == [('pool_dataset_create.sync', "Input should be 'STANDARD'", 22),
                       ('pool_dataset_create.name', 'already exists', 17)]


def test_a_call_error_keeps_its_errno_and_reason_without_the_doubled_prefix():
    e = remote_error('tunable.create', {'code': -32001, 'message': 'Method call error', 'data': {
        'error': 17, 'errname': 'EEXIST', 'reason': '[EEXIST] tunable_create.var: already exists', 'extra': None}})
    assert isinstance(e, CallError) and e.errno == errno.EEXIST
    assert e.errmsg == 'tunable_create.var: already exists'
    assert str(e) == '[EEXIST] tunable_create.var: already exists'


def test_an_unknown_method_names_it():
    e = remote_error('zfs.dataset.update', {'code': -32601, 'message': 'Method does not exist'})
    assert isinstance(e, CallError) and e.errno == errno.ENOENT and 'zfs.dataset.update' in e.errmsg


def test_too_many_calls_is_busy_and_a_bare_error_is_efault():
    busy = remote_error('pool.query', {'code': -32000, 'message': 'Too many concurrent calls'})
    assert busy.errno == errno.EBUSY and busy.errmsg == 'Too many concurrent calls'
    bare = remote_error('pool.query', {'code': -32603, 'message': 'Internal error'})
    assert bare.errno == errno.EFAULT and bare.errmsg == 'Internal error'


def test_not_authorized_is_a_refusal_and_the_reboot_says_what_the_admin_does():
    e = remote_error('system.reboot', {'code': -32001, 'message': 'Method call error', 'data': {
        'error': 13, 'errname': 'EACCES', 'reason': '[EACCES] Not authorized'}})
    assert is_refusal(e) and not is_refusal(CallError('x', errno.EIO))
    reboot = refused_reboot()
    assert reboot.errno == errno.EACCES and reboot.errmsg == RESTART_FROM_WEB_UI
    assert 'System → Restart' in reboot.errmsg and 'FULL_ADMIN' in reboot.errmsg


def test_the_boxs_release_is_read_from_its_version():
    from tuning_host.remote import release_of
    assert release_of('TrueNAS-25.10.6') == '25.10'
    assert release_of('TrueNAS-26.0.0-BETA.3') == '26.0'
    assert release_of('25.10.1') == '25.10'
    assert release_of('TrueNAS-MASTER') is None
