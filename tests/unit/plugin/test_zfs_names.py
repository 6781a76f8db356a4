"""The one ZFS name rule (tuning.shared.zfs_names) shared by the plugin and the standalone host (issue 12, defect 5:
`tank/../../../../victim` made a directory outside the sandbox)."""
import pytest

from tuning.shared.zfs_names import pool_name_error, zfs_name_error


@pytest.mark.parametrize('name', [
    'tank', 'tank/share', 'tank/a.b/c_d-e:f', 'tank/Time Machine', 'Pool1/x', 'tank/' + 'a' * 250,
    'tank/.hidden', 'tank/...', 'tank/.tuning-bench-20250101-1',
])
def test_valid_dataset_names(name):
    assert zfs_name_error(name) is None


@pytest.mark.parametrize('name, why', [
    ('tank/../../../../victim', "'..'"),
    ('tank/./x', "'.'"),
    ('..', "'..'"),
    ('tank//x', 'empty'),
    ('/tank/x', 'start with /'),
    ('tank/x/', 'end with /'),
    ('', 'empty'),
    ('tank/x\ny', "'\\n'"),
    ('tank/x\x00', "'\\x00'"),
    ('tank/a%b', "'%'"),
    ('tank/a\\b', "'\\\\'"),
    ('tank/' + 'a' * 251, 'longer than 255'),
    ('1tank/x', 'start with a letter'),
    ('mirror/x', 'reserved'),
    ('raidz', 'reserved'),
    ('c0/x', 'disk'),
    ('tank@snap', "'@'"),
    ('tank#mark', "'#'"),
    ('tank/x/ü', "'ü'"),
])
def test_invalid_dataset_names_say_why(name, why):
    problem = zfs_name_error(name)
    assert problem is not None and why in problem, problem


def test_snapshots_and_bookmarks_only_where_meant():
    assert zfs_name_error('tank/x@daily-1', snapshot=True) is None
    assert zfs_name_error('tank/x#b1', bookmark=True) is None
    assert zfs_name_error('tank/x@a@b', snapshot=True) is not None
    assert zfs_name_error('tank/x@a/b', snapshot=True) is not None
    assert zfs_name_error('tank/x@', snapshot=True) is not None
    assert zfs_name_error('tank/../x@s', snapshot=True) is not None


@pytest.mark.parametrize('value', [None, 5, ['tank'], b'tank'])
def test_non_strings_are_refused_not_crashed_on(value):
    assert zfs_name_error(value) == 'must be a string'


def test_pool_names():
    assert pool_name_error('tank') is None
    assert pool_name_error('log') and pool_name_error('spare') and pool_name_error('draid')
    assert pool_name_error('tank/x') is not None and pool_name_error('') is not None


@pytest.mark.parametrize('name, said', [
    ('../etc', "'../etc' is not a ZFS dataset name: it must not have '..' as a component."),
    ('tank//x', "'tank//x' is not a ZFS dataset name: it must not have an empty component (// or a leading or "
                'trailing delimiter).'),
    ('tank/a%b', "'tank/a%b' is not a ZFS dataset name: it contains '%': use letters, digits, space and _ . : -."),
    ('1tank/x', "'1tank/x' is not a ZFS dataset name: it has an unusable pool name: pool name '1tank' must start "
                'with a letter.'),
])
def test_every_reason_reads_after_it_as_the_callers_say_it(name, said):
    assert f'{name!r} is not a ZFS dataset name: it {zfs_name_error(name)}.' == said
