# -*- coding: utf-8 -*-
"""One small JSON-RPC 2.0 client of the tuning API (TrueNAS's middlewared with the plugin, or the project's
standalone host) for the collection's modules: login with an API key or a password, calls, jobs followed through
``core.get_jobs`` and downloads through ``core.download``. Errors come back as the box says them (`ApiError`).

It ships alone with each module (AnsiballZ copies module_utils only), so it imports nothing of the project.
"""
from __future__ import absolute_import, division, print_function

__metaclass__ = type

import hashlib
import http.client
import ipaddress
import itertools
import json
import re
import socket
import ssl
import time
import traceback
from fractions import Fraction
from urllib.parse import urlsplit

from ansible.module_utils.basic import missing_required_lib

try:
    import websocket
    HAS_WEBSOCKET = True
    WEBSOCKET_IMPORT_ERROR = None
except ImportError:
    HAS_WEBSOCKET = False
    WEBSOCKET_IMPORT_ERROR = traceback.format_exc()

FINISHED = ('SUCCESS', 'FAILED', 'ABORTED')
# the pace of polling a job: quick at first (most plain jobs end within a second), then at most every 2 s
POLL_FIRST, POLL_MOST = 0.1, 2.0
RATE_LIMIT_PAUSE = 5.0   # seconds between logins the box refused for their rate


def connection_argument_spec():
    """The options every module of the collection takes to reach the box (doc fragment truenas.tuning.connection)."""
    return dict(
        url=dict(type='str', required=True),
        username=dict(type='str', default='truenas_admin'),
        api_key=dict(type='str', no_log=True),
        password=dict(type='str', no_log=True),
        tls_sha256=dict(type='str'),
        ca_file=dict(type='path'),
        timeout=dict(type='int', default=60),
    )


# the box's built-in fio tests (core/bench/catalog.py TESTS), the choices of a benchmark's and a campaign's tests
TESTS = ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30']
CONNECTION_MUTUALLY_EXCLUSIVE = [('api_key', 'password'), ('tls_sha256', 'ca_file')]
CONNECTION_REQUIRED_ONE_OF = [('api_key', 'password')]


class ApiError(Exception):
    """What the box refused, in its words: `msg`, the attribute it names (`field`, or None) and every
    (field, message) of a validation error (`errors`)."""

    def __init__(self, msg, field=None, errors=None, errname=None, job=None):
        super(ApiError, self).__init__(msg)
        self.msg = msg
        self.field = field
        self.errors = errors or []
        self.errname = errname
        self.job = job

    def fail_json_args(self):
        args = dict(msg=self.msg, field=self.field, errors=[dict(field=f, message=m) for f, m in self.errors])
        if self.errname:
            args['errname'] = self.errname
        if self.job is not None:
            args['job'] = self.job
        return args


ERRNAME_PREFIX = re.compile(r'^\[[A-Z0-9_]+\]\s*')


def _validation(extra, fallback, errname=None, job=None):
    """An ApiError from TrueNAS's validation list `[[attribute, message, errno], ...]`."""
    errors = [(e[0], e[1]) for e in extra if isinstance(e, (list, tuple)) and len(e) >= 2]
    if not errors:
        return ApiError(fallback, errname=errname, job=job)
    words = '; '.join('%s: %s' % (f, m) if f else m for f, m in errors)
    return ApiError(words, field=errors[0][0], errors=errors, errname=errname, job=job)


def rpc_error(error):
    """An ApiError from a JSON-RPC error object (`data`: errname, reason, extra as middlewared sends them)."""
    data = error.get('data') or {}
    reason = data.get('reason') or error.get('message') or 'the box refused the call'
    errname = data.get('errname')
    extra = data.get('extra')
    if isinstance(extra, list) and extra and isinstance(extra[0], (list, tuple)):
        return _validation(extra, ERRNAME_PREFIX.sub('', reason), errname)
    return ApiError(ERRNAME_PREFIX.sub('', reason.strip()), errname=errname)


def job_error(job):
    """An ApiError from a job that did not succeed (its `error` and `exc_info`), with its last progress words."""
    info = job.get('exc_info') or {}
    text = ERRNAME_PREFIX.sub('', (job.get('error') or '').strip())
    if job.get('state') == 'ABORTED' and not text:
        text = 'The job was aborted.'
    brief = job_brief(job)
    if info.get('type') == 'VALIDATION' and info.get('extra'):
        return _validation(info['extra'], text, errname=None, job=brief)
    return ApiError(text or 'The job %s %s' % (job.get('method'), job.get('state', '').lower()), job=brief)


def job_brief(job):
    """What a module returns of a job: id, method, state, its last progress in words and its error."""
    progress = job.get('progress') or {}
    return dict(id=job.get('id'), method=job.get('method'), state=job.get('state'),
                progress=progress.get('description'), percent=progress.get('percent'), error=job.get('error'),
                time_started=_time(job.get('time_started')), time_finished=_time(job.get('time_finished')))


def _time(value):
    # middlewared sends datetimes as {"$date": milliseconds}
    return value.get('$date') if isinstance(value, dict) else value


def tls_fingerprint(text):
    """'AB:CD:…' or 'abcd…' → 64 lower-case hex digits; None when it is not a SHA-256 fingerprint (as the client kit
    reads --tls-sha256)."""
    digits = re.sub(r'[\s:]', '', text or '').lower()
    return digits if re.fullmatch(r'[0-9a-f]{64}', digits) else None


def loopback(host):
    if host == 'localhost':
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class TuningClient:
    """A logged-in session with the box, from a module's connection options."""

    def __init__(self, params):
        if not HAS_WEBSOCKET:
            raise ApiError(missing_required_lib('websocket-client'), field='url')
        self.params = params
        self.timeout = params['timeout']
        if self.timeout < 1:
            raise ApiError('timeout must be at least 1 second', field='timeout')
        parts = urlsplit(params['url'])
        if parts.scheme not in ('ws', 'wss') or not parts.hostname:
            raise ApiError('url must be ws:// or wss://, e.g. wss://nas.example.com/api/current', field='url')
        if parts.scheme == 'ws' and not loopback(parts.hostname):
            raise ApiError('ws:// sends the credentials in clear: use wss:// (with tls_sha256 for a self-signed '
                           'certificate) for %s; ws:// only reaches a box on this machine (loopback)'
                           % parts.hostname, field='url')
        self.url = params['url'] if parts.path not in ('', '/') else params['url'].rstrip('/') + '/api/current'
        self.tls = parts.scheme == 'wss'
        self.host, self.port = parts.hostname, parts.port or (443 if self.tls else 80)
        self.pin = None
        if params.get('tls_sha256'):
            self.pin = tls_fingerprint(params['tls_sha256'])
            if self.pin is None:
                raise ApiError('tls_sha256 takes a SHA-256 fingerprint: 64 hexadecimal digits, colons allowed',
                               field='tls_sha256')
        self._ids = itertools.count(1)
        self.ws = self._connect()
        try:
            self._login()
        except Exception:
            self.close()
            raise

    # ---- connection ----

    def _ssl_context(self):
        if self.pin is not None:   # exactly one certificate is trusted: the pin below is the check
            context = ssl.create_default_context()
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
            return context
        return ssl.create_default_context(cafile=self.params.get('ca_file'))

    def _check_pin(self, sock):
        if self.pin is None:
            return
        seen = hashlib.sha256(sock.getpeercert(binary_form=True) or b'').hexdigest()
        if seen != self.pin:
            sock.close()
            raise ApiError("the box's TLS certificate is not the one tls_sha256 names (SHA-256 %s, expected %s): "
                           'someone may be in between, or the box has a new certificate' % (seen, self.pin),
                           field='tls_sha256')

    def _connect(self):
        sslopt = {'context': self._ssl_context()} if self.tls else None
        try:
            ws = websocket.create_connection(self.url, timeout=self.timeout, sslopt=sslopt)
        except ssl.SSLError as e:
            raise ApiError("the box's TLS certificate is not trusted (%s): give tls_sha256 (the certificate's "
                           'SHA-256 fingerprint) or ca_file' % e, field='tls_sha256')
        except (OSError, websocket.WebSocketException) as e:
            raise ApiError('cannot reach %s: %s' % (self.url, e), field='url')
        if self.tls:
            self._check_pin(ws.sock)
        return ws

    def close(self):
        if self.ws is not None:
            try:
                self.ws.close()
            except Exception:   # closing a broken connection: nothing left to do
                pass
            self.ws = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- calls ----

    def call(self, method, *params):
        id_ = next(self._ids)
        try:
            self.ws.send(json.dumps({'jsonrpc': '2.0', 'id': id_, 'method': method, 'params': list(params)}))
            while True:
                raw = self.ws.recv()
                if not raw:
                    raise ApiError('the box closed the connection during %s' % method, field='url')
                msg = json.loads(raw)
                if msg.get('id') != id_:
                    continue   # an event or notification: this client subscribes to nothing
                if 'error' in msg:
                    raise rpc_error(msg['error'])
                return msg.get('result')
        except websocket.WebSocketTimeoutException:
            raise ApiError('the box did not answer %s within %s s (timeout)' % (method, self.timeout), field='timeout')
        except (OSError, websocket.WebSocketException) as e:
            raise ApiError('the connection to the box broke during %s: %s' % (method, e), field='url')

    def _login(self):
        p = self.params
        if p.get('api_key'):
            creds = {'mechanism': 'API_KEY_PLAIN', 'username': p['username'], 'api_key': p['api_key']}
            field = 'api_key'
        else:
            creds = {'mechanism': 'PASSWORD_PLAIN', 'username': p['username'], 'password': p['password']}
            field = 'password'
        answer = self._login_call(creds)
        kind = answer.get('response_type')
        if kind != 'SUCCESS':
            words = {'AUTH_ERR': 'the box refused the credentials of %s' % p['username'],
                     'EXPIRED': 'the API key or password of %s has expired' % p['username'],
                     'OTP_REQUIRED': '%s needs a one-time password, which these modules cannot give: use an API key'
                                     % p['username'],
                     'REDIRECT': 'the box asks to log in elsewhere (%s)' % answer.get('urls')}
            raise ApiError(words.get(kind, 'the box refused the login (%s)' % kind), field=field)

    def _login_call(self, creds):
        """auth.login_ex; while the box refuses it for the rate of logins from this address (TrueNAS allows 20 a
        minute, and every task logs in once), again every few seconds within `timeout`."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                return self.call('auth.login_ex', creds)
            except ApiError as e:
                if not (e.errname == 'EBUSY' and 'rate limit' in e.msg.lower()) or time.monotonic() > deadline:
                    raise
            time.sleep(RATE_LIMIT_PAUSE)

    # ---- jobs ----

    def get_job(self, job_id):
        jobs = self.call('core.get_jobs', [['id', '=', job_id]])
        if not jobs:
            raise ApiError('the box no longer knows job %s' % job_id)
        return jobs[0]

    def wait_job(self, job_id, wait_timeout):
        """The job's fields once it has ended (polled through core.get_jobs)."""
        deadline = time.monotonic() + wait_timeout
        pause = POLL_FIRST
        while True:
            job = self.get_job(job_id)
            if job.get('state') in FINISHED:
                return job
            if time.monotonic() > deadline:
                brief = job_brief(job)
                raise ApiError('job %s (%s) is still running after %s s (wait_timeout): %s; it goes on on the box'
                               % (job_id, job.get('method'), wait_timeout, brief['progress'] or 'no progress yet'),
                               field='wait_timeout', job=brief)
            time.sleep(pause)
            pause = min(POLL_MOST, pause * 1.5)

    def job(self, method, *params, **kwargs):
        """Start a job method (the call answers with its id), wait for its end; returns (result, job brief).
        Raises ApiError with the job's own words when it fails."""
        job_id = self.call(method, *params)
        job = self.wait_job(job_id, kwargs.get('wait_timeout', 3600))
        if job['state'] != 'SUCCESS':
            raise job_error(job)
        return job.get('result'), job_brief(job)

    # ---- downloads ----

    def download(self, method, args, filename, wait_timeout=3600):
        """What job `method(*args)` writes to its output pipe: core.download, then one HTTP GET of its URL on the
        same address (and the same pinned certificate). Returns (bytes, result, job brief)."""
        job_id, path = self.call('core.download', method, args, filename, False)
        body, status, words = self._get(path, wait_timeout)
        job = self.wait_job(job_id, wait_timeout)
        if job['state'] != 'SUCCESS':
            raise job_error(job)   # the job's words, not the HTTP status
        if status != 200:
            raise ApiError('the download of %s failed: HTTP %s %s' % (filename, status, words))
        return body, job.get('result'), job_brief(job)

    def _get(self, path, timeout):
        if self.tls:
            conn = http.client.HTTPSConnection(self.host, self.port, timeout=timeout, context=self._ssl_context())
        else:
            conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            conn.connect()
            if self.tls:
                self._check_pin(conn.sock)
            conn.request('GET', path)
            answer = conn.getresponse()
            body = answer.read()
            return body, answer.status, answer.reason if answer.status == 200 else body.decode('utf-8', 'replace')
        except (OSError, http.client.HTTPException, socket.timeout) as e:
            raise ApiError('cannot download from the box: %s' % e, field='url')
        finally:
            conn.close()


def check_bounds(module, bounds):
    """Fail the module on an integer option outside `bounds` {name: (low, high or None)}: as the box would."""
    for name, (low, high) in bounds.items():
        value = module.params.get(name)
        if value is None:
            continue
        if (low is not None and value < low) or (high is not None and value > high):
            module.fail_json(msg='%s must be %s' % (name, 'from %s to %s' % (low, high) if high is not None
                                                     else 'at least %s' % low), field=name)


def connect(module):
    """A TuningClient from the module's options; fails the module in the box's words when it cannot."""
    try:
        return TuningClient(module.params)
    except ApiError as e:
        module.fail_json(**e.fail_json_args())


# ---- values in words, for diffs and messages ----
# Copies of the project's rules (module_utils ships alone, so it cannot import them): tuning.core.presets.units
# format_bytes and parse_size, tuning.core.presets.setting_words value_word and value_words.

SIZE = re.compile(r'^\s*([0-9]+)(?:\.([0-9]+))?\s*([KMGT]?)(?:i?B)?\s*$', re.IGNORECASE)
SCALE = dict((s, 1024 ** i) for i, s in enumerate(('', 'K', 'M', 'G', 'T')))
BINARY = (('EiB', 1024 ** 6), ('PiB', 1024 ** 5), ('TiB', 1024 ** 4), ('GiB', 1024 ** 3), ('MiB', 1024 ** 2),
          ('KiB', 1024))
ENUM = re.compile(r'^[A-Z]+(_[A-Z]+)*$')
ACRONYMS = frozenset(('ZSTD', 'GZIP', 'ZLE', 'LZJB', 'SMB', 'NFS', 'ISCSI', 'ARC', 'SLOG', 'HDD', 'SSD', 'NVME'))
WORDS = {'true': 'on', 'false': 'off', 'AUTO': 'automatic'}


def format_bytes(size):
    """4 GiB, 3.2 GiB, 477 MiB, 1,024 MiB, 1,023 B."""
    if size < 0:
        return '-' + format_bytes(-size)
    for suffix, unit in BINARY:
        if size >= unit:
            value = size / float(unit)
            figure = '{0:,}'.format(int(round(value))) if value >= 99.95 else ('%.1f' % value)
            if figure.endswith('.0'):
                figure = figure[:-2]
            return '%s %s' % (figure, suffix)
    return '{0:,} B'.format(int(size))


def parse_size(text):
    """131072, 128K, 1M, 1.5G: bytes (binary); ValueError otherwise, also for a fraction without a suffix or one
    that is not a whole number of bytes ("0.1K")."""
    found = SIZE.match(str(text))
    if not found or (found.group(2) and not found.group(3)):
        raise ValueError(text)
    whole, part, suffix = found.groups()
    size = Fraction('%s.%s' % (whole, part or '0')) * SCALE[suffix.upper()]   # exact, as the plugin's
    if size.denominator != 1:
        raise ValueError(text)
    return int(size)


def value_word(text):
    """DISABLED -> Disabled, METADATA_ONLY -> Metadata only, true -> on; names (LZ4, 1M) as they are."""
    if text in WORDS:
        return WORDS[text]
    if not ENUM.match(text) or text in ACRONYMS:
        return text
    words = text.lower().replace('_', ' ')
    return words[:1].upper() + words[1:]


def value_words(value, unit=None, zero_is_default=False):
    """A setting's value as a person reads it, by the unit `tuning.preset.preview` gives its row."""
    if value is None:
        return 'no value'
    text = str(value).strip()
    if text == '0' and zero_is_default:
        return '0 (OpenZFS default)'
    if unit in ('BYTES', 'BYTES_PER_SECOND') and text:
        try:
            sizes = [parse_size(part) for part in text.split()]
        except ValueError:
            return text
        suffix = '/s' if unit == 'BYTES_PER_SECOND' else ''
        words = ', '.join(format_bytes(size) + suffix for size in sizes)
        return words + ' (min, default, max)' if len(sizes) == 3 else words
    if unit == 'SWITCH' and text in ('0', '1'):
        return 'on' if text == '1' else 'off'
    if unit == 'PERCENT' and text.isdigit():
        return '%s %%' % text
    if unit == 'SECONDS' and text.isdigit():
        return '%s s' % text
    return value_word(text)


APPLY_WORDS = {'LIVE': 'at once', 'NEW_DATA': 'to data written from now on', 'SERVICE_RESTART':
               'after the service restarts', 'REBOOT': 'after a reboot'}


def setting_words(change):
    """"Record size on tank/media", "Write buffer size": a dataset's or pool's setting names where it is."""
    name = change.get('summary') or change['setting']
    return '%s on %s' % (name, change['scope']) if change.get('kind') in ('DATASET_PROPERTY', 'POOL_DEVICE') else name


def plan_diff(plan, before_header, after_header):
    """Ansible's diff of a plan: one line per change, the setting in words with its value before and after."""
    before, after = [], []
    for c in plan.get('changes') or []:
        name = setting_words(c)
        unit, zero = c.get('unit'), c.get('zero_is_default')
        before.append('%s: %s' % (name, value_words(c.get('current'), unit, zero)))
        after.append('%s: %s (%s%s)' % (name, value_words(c.get('proposed'), unit, zero),
                                        APPLY_WORDS.get(c.get('apply_mode'), c.get('apply_mode')),
                                        '; dangerous' if c.get('risk') == 'DANGEROUS' else ''))
    return dict(before='\n'.join(before) + ('\n' if before else ''),
                after='\n'.join(after) + ('\n' if after else ''),
                before_header=before_header, after_header=after_header)


def plan_warnings(plan, acknowledge):
    """What the apply of this plan would refuse or warn about, in the box's words."""
    out = list(plan.get('warnings') or [])
    out += [p['message'] for p in plan.get('prerequisites') or [] if not p.get('met')]
    for c in plan.get('changes') or []:
        if c.get('risk') == 'DANGEROUS' and c['key'] not in acknowledge and c['setting'] not in acknowledge:
            out.append('%s set to %s is dangerous: %s Acknowledge it by name (acknowledge: [%s]) to apply it.'
                       % (setting_words(c), value_words(c.get('proposed'), c.get('unit'), c.get('zero_is_default')),
                          c.get('risk_reason') or c.get('rationale'), c['setting']))
    return out
