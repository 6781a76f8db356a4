"""The workspace a preset's rules fill in: proposed values, prerequisites and warnings for one box and target.

Rules call ``draft.dataset('recordsize', '1M', why=...)`` and friends; the plan builder then compares every
proposal with the snapshot, classifies it through the registry and drops what the box does not have.
"""
from dataclasses import dataclass

from .constants import DATASET_PROPERTY, POOL_DEVICE, SERVICE, SYSCTL, ZFS_PARAMETER
from .registry import get_knob
from .snapshot import SettingsView, make_key, scope_for


@dataclass(frozen=True)
class Proposal:
    kind: str
    scope: str
    setting: str
    value: str | None        # canonical; None when ``inherit``
    inherit: bool = False
    why: str | None = None
    source: str | None = None
    custom: bool = False     # came from an admin's custom setting (absence is then an unmet prerequisite)
    quiet_if_absent: bool = False  # balanced restores everything it can; absent knobs are not news

    @property
    def key(self) -> str:
        return make_key(self.kind, self.scope, self.setting)


class Draft:
    def __init__(self, box, snapshot: SettingsView, target: dict, first_seen: dict | None = None):
        self.box = box
        self.snapshot = snapshot
        self.target = target
        self.first_seen = first_seen or {}
        self.proposals: dict[str, Proposal] = {}
        self.prerequisites: list[dict] = []
        self.warnings: list[str] = []
        # warning -> (kind, setting, value) of a value the rules deliberately leave out (``leave_out``)
        self.left_out: dict[str, tuple[str, str, str]] = {}

    # --- reading the box ---
    def scope(self, kind: str, setting: str) -> str:
        return scope_for(kind, setting, self.target)

    def current(self, kind: str, setting: str) -> str | None:
        return self.snapshot.value(kind, self.scope(kind, setting), setting)

    def current_int(self, kind: str, setting: str) -> int | None:
        return self.snapshot.int_value(kind, self.scope(kind, setting), setting)

    def exists(self, kind: str, setting: str) -> bool:
        return self.snapshot.exists(kind, self.scope(kind, setting), setting)

    def proposed(self, kind: str, setting: str) -> str | None:
        p = self.proposals.get(make_key(kind, self.scope(kind, setting), setting))
        return p.value if p else None

    @property
    def is_volume(self) -> bool:
        """A zvol has no recordsize: the plugin reads it as absent."""
        entry = self.snapshot.entry(DATASET_PROPERTY, self.scope(DATASET_PROPERTY, 'recordsize'), 'recordsize')
        return bool(entry) and not self.exists(DATASET_PROPERTY, 'recordsize')

    # --- proposing ---
    def propose(self, kind: str, setting: str, value=None, *, why: str | None = None, source: str | None = None,
                inherit: bool = False, custom: bool = False, quiet_if_absent: bool = False) -> Proposal:
        knob = get_knob(kind, setting)
        if knob is None:
            raise KeyError(f'{kind}:{setting} is not in the knob registry')
        canonical = None if inherit else knob.normalise(str(value))
        proposal = Proposal(kind, self.scope(kind, setting), setting, canonical, inherit, why, source, custom,
                            quiet_if_absent)
        self.proposals.pop(proposal.key, None)  # a later proposal (custom override) replaces and re-orders
        self.proposals[proposal.key] = proposal
        return proposal

    def dataset(self, setting, value, why=None, source=None):
        return self.propose(DATASET_PROPERTY, setting, value, why=why, source=source)

    def param(self, setting, value, why=None, source=None):
        return self.propose(ZFS_PARAMETER, setting, value, why=why, source=source)

    def sysctl(self, setting, value, why=None, source=None):
        return self.propose(SYSCTL, setting, value, why=why, source=source)

    def service(self, setting, value, why=None, source=None):
        return self.propose(SERVICE, setting, value, why=why, source=source)

    def pool_device(self, role, disks, why=None):
        return self.propose(POOL_DEVICE, role, ','.join(disks), why=why)

    def raise_param(self, setting: str, target: int, why: str, source: str | None = None):
        """Propose ``target`` unless the box already has more: a throughput preset never shrinks a buffer."""
        current = self.current_int(ZFS_PARAMETER, setting)
        value = max(target, current) if current is not None else target
        return self.param(setting, str(value), why, source)

    def prerequisite(self, id_: str, met: bool, message: str):
        self.prerequisites.append({'id': id_, 'met': met, 'message': message})

    def warn(self, message: str):
        if message not in self.warnings:
            self.warnings.append(message)

    def leave_out(self, kind: str, setting: str, value: str, message: str):
        """A warning about a value this preset deliberately does not set (``Not part of this preset: ...``); the plan
        drops or rewords it when the plan or the box already holds that value."""
        self.warn(message)
        self.left_out[message] = (kind, setting, value)
