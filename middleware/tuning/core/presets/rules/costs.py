"""A preset's trade-offs, each told only when this plan brings it about on this box.

A preset lists its costs once (the cards show them all); a plan shows the ones its rows cause: "deeper per-disk
queues on flash pools" only when the plan leaves deeper queues on a flash pool, the 1M-record cost only when the
dataset ends at 1 MiB records.
"""
from dataclasses import dataclass
from typing import Callable

from ..constants import SAFE
from ..registry import get_knob

QUEUES = ('zfs_vdev_async_read_max_active', 'zfs_vdev_async_write_max_active', 'zfs_vdev_sync_read_max_active',
          'zfs_vdev_sync_write_max_active', 'zfs_vdev_max_active')


class Outcome:
    """Where a plan leaves each setting (its changes and the rows already there) and which ones it changes."""

    def __init__(self, changes: list[dict], unchanged: list[dict], box):
        self.ends = {row['setting']: row for row in unchanged + changes}
        self.changed = {row['setting'] for row in changes}
        self.box = box

    def ends_at(self, setting: str, *values: str) -> bool:
        row = self.ends.get(setting)
        return row is not None and row['proposed'] in values

    def ends_risky(self, *settings: str) -> bool:
        """Any of ``settings`` ends at a value the registry marks CAUTION or worse on this box."""
        for setting in settings:
            row = self.ends.get(setting)
            if row is not None and row['proposed'] is not None:
                if get_knob(row['kind'], setting).risk(row['proposed'], self.box)[0] != SAFE:
                    return True
        return False

    def changes(self, setting: str) -> bool:
        return setting in self.changed


@dataclass(frozen=True)
class Cost:
    text: str
    when: Callable[[Outcome], bool] = lambda outcome: True


def told(costs, outcome: Outcome) -> list[str]:
    return [cost.text for cost in costs if cost.when(outcome)]
