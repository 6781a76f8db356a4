"""Which TrueNAS release the appliance services imitate: 25.10 (the default, as the host's API version says) or 26.0.

Shapes differ where the releases' models differ (e.g. 26.0's ``disk.query`` rows carry ``sed``, which 25.10's model
forbids). ``TUNING_HOST_TRUENAS_RELEASE`` picks one; the load-rule tier (tests/truenas_rules/test_fakes_match_truenas.py)
sets it to the release whose real models it checks the answers against."""
import os

RELEASES = ('25.10', '26.0')
DEFAULT_RELEASE = '25.10'


def imitated_release() -> str:
    release = os.environ.get('TUNING_HOST_TRUENAS_RELEASE') or DEFAULT_RELEASE
    if release not in RELEASES:
        raise ValueError(f'TUNING_HOST_TRUENAS_RELEASE={release!r}: the host imitates {" or ".join(RELEASES)}')
    return release


def zfs_property_writer() -> str:
    """The private method that writes raw ZFS properties in the imitated release (25.10: zfs.dataset.update; 26.0
    removed it for pool.dataset.update_impl)."""
    return 'pool.dataset.update_impl' if imitated_release() == '26.0' else 'zfs.dataset.update'
