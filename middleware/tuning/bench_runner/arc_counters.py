"""The box's kstat counters, read around a measurement: the ARC's around each read run (``core.bench.arc_reads``
says what they mean), the ZIL's around a window (``core.slog``)."""
from ..core.bench.arc_reads import ARCSTATS, arc_counters
from ..shared.kstat import MAX_KSTAT_BYTES, parse_kstat


def read_kstat(path: str) -> dict | None:
    """A kstat's counters now; ``None`` where the box has none (no ZFS module loaded, not Linux)."""
    try:
        with open(path, encoding='ascii', errors='replace') as f:
            return parse_kstat(f.read(MAX_KSTAT_BYTES))
    except OSError:
        return None


def read_arc_counters(path: str = ARCSTATS) -> dict | None:
    """The ARC's data counters now (``arc_counters``); ``None`` without an ARC."""
    counters = read_kstat(path)
    return None if counters is None else arc_counters(counters)
