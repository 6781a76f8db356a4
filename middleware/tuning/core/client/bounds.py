"""What one client session's token may take of the box (pure): room in the database for its results, and the box
itself for network measurements. A token is handed to clients, so whoever holds it is bounded by the session, not
trusted like the admin who made it.

Sizes a real kit never reaches: a kit run posts one RESULT with one fio document per run (about 4 KB each, 120 at
most) and at most one network measurement; a campaign measured on a client agent posts one RESULT a step (90 steps
at most: 9 configurations × 10 rounds), about 50 KB each with the default plan, 500 KB at the largest.
"""
from ..presets.constants import KiB, MiB
from ..presets.units import format_bytes

MAX_SESSION_RESULTS = 1000
MAX_SESSION_BYTES = 64 * MiB           # of stored results (their database rows)
MAX_FIO_DOCUMENT_BYTES = 64 * KiB      # one fio --output-format=json document of one job: about 4 KB

# Network measurements (iperf3) a session's kits start: a real one takes about 50 s (4 measurements of 10 s), one per
# kit run. Each holds the box (the admin's apply or benchmark is refused meanwhile), so a session gets a few, one at
# a time with a pause between them for the admin, and each is stopped past a bound whatever its client does.
MAX_SESSION_NETWORK_RUNS = 6
NETWORK_COOLDOWN_SECONDS = 120         # after a session's measurement ends, before the same session starts another
NETWORK_JOB_SECONDS = 180              # a measurement started by a kit is aborted past this
NETWORK_CLIENT_WAIT_SECONDS = 60       # for each of its client tests (the kit starts iperf3 at once)


def storage_refusal(session_id: int, usage: dict, adding: int | None = None) -> str | None:
    """Why the session may not store a result of ``adding`` bytes (None: whether it has room left at all), given
    what its stored results take (``{'results', 'bytes'}``); None when it may."""
    results, stored = usage['results'], usage['bytes']
    advice = 'create a new session for more (what it stored stays; deleting results makes room)'
    if results >= MAX_SESSION_RESULTS:
        return (f'Client session {session_id} has stored {results} results, the most a session may '
                f'({MAX_SESSION_RESULTS}): {advice}.')
    if adding is None and stored >= MAX_SESSION_BYTES:
        return (f'Client session {session_id}\'s results take {format_bytes(stored)}, the most a session may store '
                f'({format_bytes(MAX_SESSION_BYTES)}): {advice}.')
    if adding is not None and stored + adding > MAX_SESSION_BYTES:
        return (f'This result ({format_bytes(adding)}) would take client session {session_id}\'s results past '
                f'{format_bytes(MAX_SESSION_BYTES)}, the most a session may store ({format_bytes(stored)} stored): '
                f'{advice}.')
    return None


def oversized_fio_documents(sizes: list[int], field: str = '') -> list[tuple[str, str]]:
    """``[(field, message)]`` for each fio document (``sizes``: their JSON sizes, in order) larger than any real one."""
    prefix = f'{field}.' if field else ''
    # the document's size in bytes, exact: one just past the bound must not read like it ("64.0 KiB")
    return [(f'{prefix}fio.{i}.output', f'Is {size:,} bytes: a fio document of one run is about 4 KB, at most '
                                        f'{format_bytes(MAX_FIO_DOCUMENT_BYTES)} is taken')
            for i, size in enumerate(sizes) if size > MAX_FIO_DOCUMENT_BYTES]


def kept_result(result: dict) -> dict:
    """What is stored of a checked RESULT: all but the iperf3 documents, of which the box reads only the names (the
    network measurement they belong to is stored by the box's own job, with its server's documents)."""
    return {**result, 'iperf3': [{'name': entry['name']} for entry in result.get('iperf3') or []]}


def network_refusal(session_id: int, use: dict | None, now: float) -> tuple[str, int | None] | None:
    """Why the session may not start a network measurement now → ``(words, seconds to wait or None)``; None when it
    may. ``use``: ``{'started', 'running', 'ended_at'}`` of its measurements so far (None: none), times in the
    monotonic seconds of ``now``."""
    if use is None:
        return None
    if use['running']:
        return f'Session {session_id}\'s network measurement is still running: one at a time.', None
    if use['started'] >= MAX_SESSION_NETWORK_RUNS:
        return (f'Session {session_id} has started {use["started"]} network measurements, the most a session may '
                f'({MAX_SESSION_NETWORK_RUNS}): measure without the network (--no-network) or create a new '
                'session.', None)
    wait = NETWORK_COOLDOWN_SECONDS - (now - use['ended_at'])
    if wait > 0:
        seconds = int(wait) + (wait > int(wait))
        return (f'Session {session_id} measured the network {int(now - use["ended_at"])} s ago; the box stays free '
                f'for {NETWORK_COOLDOWN_SECONDS} s between a session\'s measurements: try again in {seconds} s.',
                seconds)
    return None


def network_started(use: dict | None) -> dict:
    """The session's ``use`` once one more measurement started."""
    return {'started': (use or {}).get('started', 0) + 1, 'running': True, 'ended_at': None}


def network_ended(use: dict, now: float) -> dict:
    return {**use, 'running': False, 'ended_at': now}
