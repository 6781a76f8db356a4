"""OpenZFS kstat text (``/proc/spl/kstat/zfs/arcstats``, ``zil``, ...) as counters: a header line, a ``name type data``
line, then one ``name type value`` line per counter. The plugin reads the ARC's and the ZIL's around its
measurements; the standalone host's OpenZFS backend answers ``sysctl.get_arcstats`` from the same text."""
MAX_KSTAT_BYTES = 64 * 1024   # arcstats, the largest, is about 8 KiB; a bound on what is parsed all the same


def parse_kstat(text: str) -> dict[str, int]:
    """Every counter of a kstat text (values may be negative: some are signed)."""
    values = {}
    for line in text[:MAX_KSTAT_BYTES].splitlines():
        parts = line.split()
        if len(parts) != 3:
            continue
        try:
            values[parts[0]] = int(parts[2])
        except ValueError:   # the "name type data" heading
            continue
    return values
