"""What one change does, judged from where it starts and on this box's disks: the risk and the words of a plan row.

The registry's risk rule judges a value; a change is judged by its direction too. Lowering the write buffer holds
less un-synced data, so it is SAFE even when the new value is still above the default (and even without a box, as
in a revert preview); turning sync back on is SAFE, turning it off is DANGEROUS. The words say the same thing for
the same direction: raising says what raising costs, lowering what lowering gives and costs. The table of words per
setting is ``effect_words``; this module holds the pieces it is built from.
"""
from dataclasses import dataclass
from typing import Callable

from ..constants import DISK_KIND_WORDS, NVME, POOL_DEVICE, SAFE, SSD
from ..setting_words import value_words
from ..units import parse_size

RAISE, LOWER, TO = 'RAISE', 'LOWER', 'TO'   # TO: a change between values that are not more or less of something


@dataclass(frozen=True)
class Change:
    """One change as the words see it; ``box`` may be None (a revert whose pool is gone)."""
    knob: object
    current: str | None
    proposed: str
    box: object = None

    @property
    def default(self) -> str | None:
        return self.knob.default_for(self.box)

    @property
    def words(self) -> str:
        """The proposed value as people read it ("Disabled", "1 MiB")."""
        return value_words(self.knob.kind, self.knob.setting, self.proposed)

    @property
    def disk_kind(self) -> str | None:
        """HDD, SSD, NVME or MIXED; None without a box."""
        return self.box.pool_disk_kind if self.box is not None else None

    @property
    def flash_pool(self) -> bool:
        return self.disk_kind in (SSD, NVME)

    @property
    def disks(self) -> str:
        """"this pool's hard disks", "this pool's disks" (mixed or unknown)."""
        return f'this pool\'s {DISK_KIND_WORDS.get(self.disk_kind, "disks")}'


@dataclass(frozen=True)
class Assessment:
    direction: str
    risk: str
    reason: str | None   # why it is risky; when SAFE, None or what applying it interrupts (a service restart)
    effect: str          # what the change does, as a clause ("less written data waits in RAM ...")


Text = str | Callable[[Change], str]
RiskOverride = Callable[[Change, str], 'tuple[str, str | None] | None']


def no_override(change: Change, way: str) -> None:
    """The registry's value rule stands."""
    return None


@dataclass(frozen=True)
class Words:
    """How one setting's changes are told: ``figure`` gives the quantity a value stands for (None: not a quantity),
    ``effect`` the clause for (change, direction), ``risk`` an override of the registry's value rule or None."""
    figure: Callable[[str], int] | None
    effect: Callable[[Change, str], str]
    risk: RiskOverride = no_override


def _text(text: Text, change: Change) -> str:
    return text(change) if callable(text) else text


def amount(up: Text, down: Text, figure=int, lower_is_safe: bool = True, raise_risk: RiskOverride | None = None,
           special: dict | None = None) -> Words:
    """A quantity: ``up`` when raised, ``down`` when lowered. Lowering is SAFE where only more of it is risky;
    ``special`` maps values with a meaning of their own (``0`` = OpenZFS decides) to their words."""
    special = special or {}

    def effect(change: Change, way: str) -> str:
        if change.proposed in special:
            return _text(special[change.proposed], change)
        if way == RAISE:
            return _text(up, change)
        if way == LOWER:
            return _text(down, change)
        return f'sets it to {change.words}'

    def risk(change: Change, way: str):
        if way == LOWER and lower_is_safe and change.proposed not in special:
            return SAFE, None
        if way == RAISE and raise_risk is not None:
            return raise_risk(change, way)
        return None

    def figured(value: str) -> int:
        if value in special:
            raise ValueError(value)  # not more or less of the same thing: the direction is TO
        return figure(value)

    return Words(figured if special else figure, effect, risk)


def choice(words: dict[str, Text], other: Text = None, risk: RiskOverride | None = None) -> Words:
    """Values that are not quantities: the words of the value it changes to."""
    def effect(change: Change, way: str) -> str:
        text = words.get(change.proposed, other)
        return _text(text, change) if text is not None else f'sets it to {change.words}'
    return Words(None, effect, risk or no_override)


def quantity(value: str | None, figure) -> int | None:
    """The figure a value stands for, or None (empty, AUTO, unparsable)."""
    if value is None:
        return None
    try:
        return figure(value)
    except (ValueError, IndexError):
        return None


def size_or_int(value: str) -> int:
    return int(value) if value.isdigit() else parse_size(value)


def tcp_max(value: str) -> int:
    return int(value.split()[2])


def disk_count(value: str) -> int:
    return len([d for d in value.split(',') if d])


def direction(change: Change, figure) -> str:
    """RAISE/LOWER by the figure the values stand for; an unknown start is judged against the box's default."""
    if figure is None:
        return TO
    new = quantity(change.proposed, figure)
    old = quantity(change.current, figure)
    if old is None and change.knob.kind != POOL_DEVICE:
        old = quantity(change.default, figure)
    if new is None or old is None or new == old:
        return TO
    return RAISE if new > old else LOWER


def sentence(text: str) -> str:
    """"less data waits" -> "Less data waits." (the clauses also serve as risk reasons, which are clauses)."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ('' if text.endswith('.') else '.')
