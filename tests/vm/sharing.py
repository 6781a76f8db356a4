"""Two VM-tier runs sharing one list of test files, each with its own VM (make test's budget on 2 cores).

make test starts one run beside the other tiers and a second once they are done and a core is free. Both order the
files the same way, slowest first, and a run takes a file by creating its claim in a directory they share
(``TUNING_VM_SHARE``); a file claimed by the other run is passed over without a report. So the second run picks up
whatever the first has not reached, however the times shift, and boots its VM only if something is left (the VM is a
session fixture, made on first use). Without ``TUNING_VM_SHARE`` a run takes every file.
"""
from __future__ import annotations

import os
from pathlib import Path

# The slowest files first (seconds measured in a make test run, VM setup excluded), so the long ones start at once and
# the second run is left the shorter files to balance the end.
SLOWEST_FIRST = (
    'test_vm_api_suite.py',       # the API tier's apply and revert tests (with test_vm_api_suite_drift ~1,000 s)
    'test_vm_api_suite_drift.py',
    'test_vm_campaign.py',        # ~250 s: real reboots
    'test_vm_reboot.py',          # ~220 s: a real reboot
    'test_vm_app.py',             # ~150 s to start the App in the guest's Docker, then its tests
    'test_vm_clients.py',         # ~125 s for the NFS kit alone
    'test_vm_client_campaign.py',
)


def order(items: list) -> None:
    """Sort `items` in place: files in SLOWEST_FIRST in that order, then the rest by name; a file's tests keep theirs."""
    rank = {name: i for i, name in enumerate(SLOWEST_FIRST)}

    def key(indexed):
        i, item = indexed
        name = Path(str(item.path)).name
        return (rank.get(name, len(rank)), name, i)
    items[:] = [item for _, item in sorted(enumerate(items), key=key)]


class Share:
    """The claims of one run in the shared directory."""

    def __init__(self, directory: str):
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.decided: dict[str, bool] = {}   # file name -> claimed by this run

    def is_mine(self, item) -> bool:
        name = Path(str(item.path)).name
        if name not in self.decided:
            try:
                fd = os.open(self.dir / f'{name}.claim', os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                self.decided[name] = False
            else:
                with os.fdopen(fd, 'w') as f:
                    f.write(f'{os.getpid()}\n')
                self.decided[name] = True
        return self.decided[name]

    def left_to_the_other(self) -> list[str]:
        return sorted(name for name, mine in self.decided.items() if not mine)
