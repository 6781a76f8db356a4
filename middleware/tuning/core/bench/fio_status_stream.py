"""fio's ``--status-interval`` stream (pure).

fio prints a full JSON document every interval, one after another, with no separator; warnings may sit between
them. ``StatusStreamDecoder.feed(text)`` → list of complete objects decoded so far (keeps the unfinished tail);
``split_json_stream(text)`` → all complete objects in a finished stream; ``progress_from_status(obj, test,
ramp_seconds, runtime_seconds)`` → ``{fraction, phase, bw_bytes, iops}`` where ``fraction`` is the elapsed share of
ramp + runtime (0..1) and the figures are the cumulative rate so far in the test's primary directions. A measured
run never lays files out (``jobfile.render_layout_file`` does that before it), so its status is always time and I/O.
"""
import json

_decoder = json.JSONDecoder()


class StatusStreamDecoder:
    """Incremental splitter. fio starts each document with '{' at the beginning of a line and indents everything
    inside it, so only a line-start '{' can open a document; a candidate that fails to decode while a later
    line-start '{' exists was noise or a cut-off document and is skipped."""

    def __init__(self):
        self._buffer = ''

    def _next_start(self, pos):
        if pos == 0 and self._buffer.startswith('{'):
            return 0
        i = self._buffer.find('\n{', max(0, pos - 1))
        return -1 if i < 0 else i + 1

    def feed(self, text):
        self._buffer += text
        objects = []
        while True:
            start = self._next_start(0)
            if start < 0:
                # Keep only a possibly unfinished last line (it may become a line-start '{').
                self._buffer = self._buffer[self._buffer.rfind('\n') + 1:] if '\n' in self._buffer else self._buffer
                return objects
            try:
                obj, end = _decoder.raw_decode(self._buffer, start)
            except ValueError:
                later = self._next_start(start + 1)
                if later < 0:
                    self._buffer = self._buffer[start:]
                    return objects
                self._buffer = self._buffer[later:]
                continue
            self._buffer = self._buffer[end:]
            if isinstance(obj, dict):
                objects.append(obj)


def split_json_stream(text):
    decoder = StatusStreamDecoder()
    return decoder.feed(text)


def progress_from_status(obj, test, ramp_seconds, runtime_seconds):
    jobs = obj.get('jobs') or []
    if not jobs:
        return None
    job = jobs[0]
    total = max(1, ramp_seconds + runtime_seconds)
    elapsed = job.get('elapsed') or 0
    bw = iops = 0
    for d in test.directions:
        figures = job.get(d) or {}
        bw += figures.get('bw_bytes') or 0
        iops += figures.get('iops') or 0
    return {
        'fraction': min(1.0, elapsed / total),
        'phase': 'ramp' if elapsed <= ramp_seconds else 'measure',
        'bw_bytes': bw, 'iops': iops,
    }
