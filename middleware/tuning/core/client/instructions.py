"""A client kit's instructions, sent as the PLAN message (pure): the built-in tests in their fio shape, runs and
durations, and the smallest file size that keeps the box's ARC from serving the reads."""
from ..bench.catalog import MIB, TESTS
from ..bench.method import LIBAIO_DEPTH_PER_JOB


def queue_shape(test) -> tuple[int, int]:
    """(numjobs, iodepth) giving the test's I/Os in flight with a queueing engine, split as the box's own jobs split
    them (jobfile/method: at most ``LIBAIO_DEPTH_PER_JOB`` per job); a sync test has one writer, one I/O."""
    if test.sync_writes:
        return test.outstanding_ios, 1
    numjobs = max(1, test.outstanding_ios // LIBAIO_DEPTH_PER_JOB)
    return numjobs, test.outstanding_ios // numjobs


def plan_test(test_id: str) -> dict:
    test = TESTS[test_id]
    numjobs, iodepth = queue_shape(test)
    return {'id': test.id, 'label': test.title, 'rw': test.rw, 'block_size': test.block_size, 'numjobs': numjobs,
            'iodepth': iodepth, 'rwmixread': test.rwmixread, 'sync': test.sync_writes}


def min_size_bytes(memory: dict) -> int:
    """Twice the ARC maximum (all of RAM when the box reports none), in whole MiB."""
    arc = memory.get('arc_max_bytes') or memory['physical_bytes']
    return -(-2 * arc // MIB) * MIB


def kit_instructions(options: dict, memory: dict) -> dict:
    """``options``: a session's (tests, runs, runtime_seconds, ramp_seconds, network_interface, network_port);
    ``memory``: ``tuning.profile``'s (physical_bytes, arc_max_bytes)."""
    return {
        'tests': [plan_test(t) for t in options['tests']],
        'runs': options['runs'],
        'runtime_seconds': options['runtime_seconds'],
        'ramp_seconds': options['ramp_seconds'],
        'min_size_bytes': min_size_bytes(memory),
        'box': {'ram_bytes': memory['physical_bytes'], 'arc_max_bytes': memory.get('arc_max_bytes') or 0},
        'network': {'available': options.get('network_interface') is not None, 'port': options['network_port']},
    }
