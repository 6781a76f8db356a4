"""One tunable setting (a "knob"): how its values are written, how a change is applied and how risky a value is.

A ``Knob`` is pure data plus small functions; ``registry`` holds the catalogue of them. Classification of a
proposed value (apply mode, risk, reason) lives here so the plan builder, custom presets and the doc table agree.
"""
from dataclasses import dataclass
from typing import Callable

from .constants import CAUTION, DATASET_PROPERTY, LIVE, NEW_DATA, REBOOT, SAFE, SERVICE, SERVICE_RESTART, ZFS_PARAMETER

RiskRule = Callable[[str, 'str | None'], 'tuple[str, str | None]']  # (value, box default) -> (risk, reason)


def safe(value: str, default: str | None) -> tuple[str, str | None]:
    return SAFE, None


def risky_when(risk: str, values: tuple, reason: str) -> RiskRule:
    """``risk`` when the value is one of ``values`` (canonical spelling), SAFE otherwise."""
    def rule(value: str, default: str | None):
        return (risk, reason) if value in values else (SAFE, None)
    return rule


def caution_unless(values: tuple, reason: str) -> RiskRule:
    def rule(value: str, default: str | None):
        return (SAFE, None) if value in values else (CAUTION, reason)
    return rule


def caution_above_default(reason: str, number: Callable[[str], int] = int) -> RiskRule:
    """CAUTION when the value is larger than the box's default; ``number`` extracts the compared figure."""
    def rule(value: str, default: str | None):
        if default is None:
            return CAUTION, reason
        return (CAUTION, reason) if number(value) > number(default) else (SAFE, None)
    return rule


@dataclass(frozen=True)
class Knob:
    kind: str
    setting: str
    normalise: Callable[[str], str]
    summary: str                     # what the knob changes, in a few words
    rationale: str                   # why a preset touches it, in plain words (rules may give a better one)
    source: str                      # doc / section / URL backing the rationale
    risk_rule: RiskRule = safe
    default: Callable = None         # BoxFacts -> canonical default value on that box, or None when unknowable
    new_data_only: bool = False      # dataset props that only affect blocks written after the change
    load_time_only: bool = False     # module params read once at module load (ZMOD_RD)
    scope: str | None = None         # fixed scope (service name, "global"); None = dataset or pool from the target

    @property
    def id(self) -> tuple[str, str]:
        return self.kind, self.setting

    def default_for(self, box) -> str | None:
        """Default on ``box``; without a box only box-independent defaults are known."""
        if self.default is None:
            return None
        if box is None:
            return getattr(self.default, 'constant', None)
        return self.default(box)

    def apply_mode(self, writable: bool | None = None) -> str:
        if self.kind == DATASET_PROPERTY:
            return NEW_DATA if self.new_data_only else LIVE
        if self.kind == ZFS_PARAMETER:
            # The snapshot knows best: a parameter that is not writable at runtime only changes at the next boot.
            return REBOOT if self.load_time_only or writable is False else LIVE
        if self.kind == SERVICE:
            return SERVICE_RESTART
        return LIVE  # SYSCTL and POOL_DEVICE take effect immediately

    def risk(self, value: str, box=None) -> tuple[str, str | None]:
        return self.risk_rule(value, self.default_for(box))

