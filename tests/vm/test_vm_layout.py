"""tuning.advice.layout's space against real OpenZFS (issue 23): pools of several layouts made in the guest on file
vdevs (so the tier's disks are left alone), and the tier's own tank on whole disks, each within 0.5 % of what
`zfs list` says the pool holds (the root dataset's used + available: the pool less slop space and ZFS's own
metadata). The issue asks for 2 %; on OpenZFS 2.3.2 they agree to the MiB (the figures the run prints), so a
tighter bound catches a rule of the arithmetic gone wrong."""
import pytest

from guest_layout import POOL_SERIALS

pytestmark = pytest.mark.vm

TOLERANCE = 0.005

FILES = 12
FILE_BYTES = 2 * 2 ** 30     # sparse: they cost what ZFS writes into them
POOL = 'layoutcheck'
DIR = '/var/tmp/layoutcheck'
LAYOUTS = [   # (zpool create's vdev words, kind, width, parity, vdevs)
    ('raidz2 {0} {1} {2} {3} {4} {5} raidz2 {6} {7} {8} {9} {10} {11}', 'RAIDZ', 6, 2, 2),
    ('raidz2 {0} {1} {2} {3} {4} {5} {6} {7} {8} {9} {10} {11}', 'RAIDZ', 12, 2, 1),
    ('raidz1 {0} {1} {2} raidz1 {3} {4} {5} raidz1 {6} {7} {8} raidz1 {9} {10} {11}', 'RAIDZ', 3, 1, 4),
    ('mirror {0} {1} mirror {2} {3} mirror {4} {5} mirror {6} {7} mirror {8} {9} mirror {10} {11}', 'MIRROR', 2, 1,
     6),
    ('raidz3 {0} {1} {2} {3} {4} {5} {6} {7} {8}', 'RAIDZ', 9, 3, 1),
]


def holds(vm, pool: str) -> int:
    used, avail = vm.run(f'zfs list -Hp -o used,avail {pool}').split()
    return int(used) + int(avail)


@pytest.fixture
def files(vm):
    paths = [f'{DIR}/f{i}' for i in range(FILES)]
    vm.run(f'mkdir -p {DIR} && truncate -s {FILE_BYTES} {" ".join(paths)}')
    try:
        yield paths
    finally:
        vm.ssh(f'zpool destroy -f {POOL}; rm -rf {DIR}', check=False)


@pytest.mark.parametrize('words, kind, width, parity, vdevs', LAYOUTS, ids=lambda v: str(v).split()[0])
def test_the_space_computed_for_a_layout_is_what_zfs_gives(vm, files, figures, words, kind, width, parity, vdevs):
    from tuning.core.layout.capacity import pool_space
    vm.run(f'zpool create -f -o ashift=12 {POOL} {words.format(*files)}')
    try:
        real = holds(vm, POOL)
    finally:
        vm.run(f'zpool destroy -f {POOL}')
    computed = pool_space(kind, width, parity, vdevs, FILE_BYTES, whole_disk=False)['usable_bytes']
    figures[f'layout {vdevs} x {width} {kind}{parity if kind == "RAIDZ" else ""}'] = (
        f'computed {computed / 2 ** 30:.3f} GiB, zfs {real / 2 ** 30:.3f} GiB ({computed / real - 1:+.2%})')
    assert abs(computed / real - 1) <= TOLERANCE


def test_the_advice_for_tank_marks_its_layout_with_what_zfs_gives(vm, truth, client, figures):
    answer = client.call('tuning.advice.layout', {'source': 'POOL', 'pool': 'tank'})
    assert sorted(answer['disks']['names']) == sorted(truth.disk(s) for s in POOL_SERIALS)
    (current,) = [row for row in answer['layouts'] if row['current']]
    assert current['name'] == '1 × 4-wide RAIDZ2'
    real = holds(vm, 'tank')
    figures['layout tank (4-wide RAIDZ2, whole disks)'] = (
        f'computed {current["usable_bytes"] / 2 ** 30:.3f} GiB, zfs {real / 2 ** 30:.3f} GiB '
        f'({current["usable_bytes"] / real - 1:+.2%})')
    assert abs(current['usable_bytes'] / real - 1) <= TOLERANCE
