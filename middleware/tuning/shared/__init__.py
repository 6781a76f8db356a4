"""What the plugin and the standalone host both need, kept once (pure, stdlib only):

- ``zfs_names``: ZFS pool, dataset and snapshot names checked as OpenZFS's namecheck does, before a name reaches a
  command, a path or a query;
- ``zfs_module``: the ZFS module's parameters as sysfs shows them (``/sys/module/zfs/parameters``);
- ``tls``: the SHA-256 of a PEM certificate, the fingerprint the client kit pins;
- ``kstat``: OpenZFS kstat text (arcstats, zil) as counters.

It lives inside the plugin's package so that every TrueNAS install ships it: the installer copies
``middleware/tuning`` whole to ``middlewared/plugins/tuning``, where the plugin reaches it by relative imports
(``from ..shared.zfs_names import ...``), and the host imports it as ``tuning.shared``. A package beside the two
would need an install of its own on the box, which the plugin's installer does not make. It imports only the
standard library and itself: neither the plugin's other modules (nor middlewared) nor ``tuning_host``, so either side
can use it without pulling in the other (tests/unit/test_import_seam.py checks).
"""
