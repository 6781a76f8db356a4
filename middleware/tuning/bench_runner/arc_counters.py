"""The box's ARC data counters, read around each read run (``core.bench.arc_reads`` says what they mean)."""
from ..core.bench.arc_reads import ARCSTATS, MAX_ARCSTATS_BYTES, parse_arcstats


def read_arc_counters(path: str = ARCSTATS) -> dict | None:
    """The counters now; ``None`` where the box has no ARC to read (no ZFS module loaded, not Linux)."""
    try:
        with open(path, encoding='ascii', errors='replace') as f:
            return parse_arcstats(f.read(MAX_ARCSTATS_BYTES))
    except OSError:
        return None
