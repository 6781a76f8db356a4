#!/usr/bin/env python3
"""Workload tuning for TrueNAS: the client kit.

Measures a NAS from one of its clients: fio against the client's NFS or SMB mount or iSCSI disk, iperf3 against the
box for the network ceiling, and sends the results back to the box. One file, Python 3.8+ standard library only
(Linux, macOS, Windows). The contract with the box is docs/clients.md of the project.

    python3 tuning_client.py run   --box https://nas --path /mnt/share      (one measurement, then exit)
    python3 tuning_client.py agent --box https://nas --path /mnt/share      (run the box's campaign steps)

The token comes from the TUNING_TOKEN environment variable or --token-file, never from the command line.

Sections: constants and errors · words · the plan · tools · where the target lives (mounts, devices, Windows
drives) · the client and its link · cache defeat and fio jobs · fio and iperf3 output · the box over HTTP ·
files and the scratch directory · running fio and iperf3 · commands (run, agent) · the command line.
Everything above "the box over HTTP" except the small readers marked I/O is pure (text in, values out).
"""
import argparse
import datetime
import hashlib
import http.client
import ipaddress
import json
import math
import os
import platform
import re
import secrets
import shutil
import signal
import socket
import ssl
import stat
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.parse
import urllib.request

KIT_VERSION = 1

# ---------------------------------------------------------------------------------------------------------------
# Constants and errors
# ---------------------------------------------------------------------------------------------------------------

MIB = 1024 * 1024
GIB = 1024 * MIB
API_PREFIX = '/_plugins/tuning/client/'
SCRATCH_PREFIX = 'tuning-client-'
AGENT_POLL_SECONDS = 5  # how often the agent asks for a step when none waits
FIO_SERVER_START_SECONDS = 30  # fio-server: how long fio may take to listen
FIO_SERVER_POLL_SECONDS = 2  # fio-server: how often the kit asks whether the box's permission still holds
START_POLL_SECONDS = 0.5  # a step several clients measure: how often the agent asks for the box's go
SUBMIT_TRIES = 6  # run: posting a result is tried this many times (1, 2, 4, 8, 16 s apart) before giving up
IPERF3_CONNECT_TRIES = 30  # the box starts a one-off iperf3 server per measurement: try this many times, 1 s apart
NETWORK_JOB_WAIT_SECONDS = 120  # after the last iperf3 run, how long the box may take to store the measurement
HTTP_TIMEOUT_SECONDS = 60
# fio's own answers (--version, --enghelp): its first start on a slow or busy machine (a virus scan of a new fio.exe,
# a laptop swapping) may take a while, so only a hang is given up on, and said as one
TOOL_ANSWER_SECONDS = 300
MAX_BACKOFF_SECONDS = 30

EXIT_OK = 0
EXIT_FAILED = 1  # an unexpected error (a bug): the message says what
EXIT_USAGE = 2  # the command line is wrong, or no token was given
EXIT_CHECK = 3  # a check failed before anything was written (tool missing, path, space, device refused)
EXIT_BOX = 4  # the box refused (token, validation) or sent something this kit cannot use
EXIT_UNREACHABLE = 5  # the box could not be reached (network, TLS certificate)
EXIT_MEASURE = 6  # fio or iperf3 failed during the measurement
EXIT_INTERRUPTED = 130  # Ctrl-C or a termination signal: stopped, scratch directory removed

EXIT_CODES_HELP = """exit codes:
  0    done: the result was posted to the box (or written to --output)
  2    wrong command line, or no token (set TUNING_TOKEN or pass --token-file)
  3    a check failed before anything was written: a missing tool (with how to install it), a path that
       does not exist or is not writable, too little free space, a device that may not be overwritten
  4    the box refused: the token is wrong, expired or revoked, or the result was not accepted
       (the reason and the fields are printed)
  5    the box could not be reached (after retries), or its TLS certificate is not trusted
       (use --cafile with the box's certificate, or --insecure)
  6    fio or iperf3 failed during the measurement (their message is printed)
  130  interrupted (Ctrl-C): fio was stopped and the scratch directory removed
"""


class KitError(Exception):
    """A failure the user can act on: ``message`` is printed as is, ``exit_code`` ends the kit."""
    exit_code = EXIT_FAILED

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class UsageError(KitError):
    exit_code = EXIT_USAGE


class CheckFailed(KitError):
    exit_code = EXIT_CHECK


class BoxRefused(KitError):
    exit_code = EXIT_BOX

    def __init__(self, message, status=None):
        super().__init__(message)
        self.status = status


class BoxUnreachable(KitError):
    """Worth trying again: the box is down, rebooting or the network is."""
    exit_code = EXIT_UNREACHABLE


class TlsRejected(KitError):
    """Not worth trying again: the certificate will not change by waiting."""
    exit_code = EXIT_UNREACHABLE


class MeasureFailed(KitError):
    exit_code = EXIT_MEASURE


class Interrupted(KeyboardInterrupt):
    """A termination signal, handled like Ctrl-C so every ``finally`` (fio stopped, scratch removed) runs."""


# ---------------------------------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------------------------------

def size_words(n):
    """Bytes in binary units by the box's one size rule (tuning.core.presets.units.format_bytes; this kit is one
    file, so it keeps a copy a test holds equal): one decimal below 100 and none when it is 0, whole from 100 with
    thousands separated: '16 GiB', '1.5 GiB', '501 MiB', '1,024 MiB', '1,023 B'."""
    if n < 0:
        return '-' + size_words(-n)
    for unit, factor in (('EiB', 1024 ** 6), ('PiB', 1024 ** 5), ('TiB', 1024 * GIB), ('GiB', GIB), ('MiB', MIB),
                         ('KiB', 1024)):
        if n >= factor:
            value = n / factor
            figure = f'{round(value):,}' if value >= 99.95 else f'{value:.1f}'
            return f'{figure[:-2] if figure.endswith(".0") else figure} {unit}'   # no str.removesuffix on 3.8
    return f'{n:,} B'


def significant(x):
    """The box's one rule for a figure (tuning.core.figures.significant; this kit is one file, so it keeps a copy a
    test holds equal): about three significant digits, thousands separated: 1234.5 → '1,235', 12.34 → '12.3'."""
    a = abs(x)
    if a >= 100 or a == 0:
        return f'{x:,.0f}'
    if a >= 10:
        return f'{x:,.1f}'
    if a >= 1:
        return f'{x:,.2f}'
    return f'{x:.{min(9, 2 - math.floor(math.log10(a)))}f}'


def rate_words(bytes_per_second):
    """Throughput as the box shows it: '512 MB/s', '2,500 MB/s'."""
    return f'{significant(bytes_per_second / 1e6)} MB/s'


def utc_stamp(seconds=None):
    moment = datetime.datetime.fromtimestamp(time.time() if seconds is None else seconds, datetime.timezone.utc)
    return moment.strftime('%Y-%m-%dT%H:%M:%SZ')


def parse_utc(text):
    """The box's timestamps ('2026-11-24T10:00:00+00:00' or '...Z') → epoch seconds; None when unreadable."""
    try:
        moment = datetime.datetime.fromisoformat(str(text).replace('Z', '+00:00'))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.timestamp()


# ---------------------------------------------------------------------------------------------------------------
# The plan (what the box asks the kit to run)
# ---------------------------------------------------------------------------------------------------------------

FIO_RW = ('read', 'write', 'randread', 'randwrite', 'rw', 'randrw')


def _plan_error(field, why):
    return BoxRefused(f'the box sent a plan this kit cannot run ({field}: {why}); download the kit again from the '
                      f'box in case the box is newer than this kit (kit version {KIT_VERSION})')


def _int_field(obj, key, field, minimum):
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise _plan_error(field, f'must be a whole number ≥ {minimum}, got {value!r}')
    return value


def check_plan(instructions):
    """The PLAN as docs/clients.md defines it, checked field by field → the same dict; raises BoxRefused."""
    if not isinstance(instructions, dict):
        raise _plan_error('plan', 'not an object')
    tests = instructions.get('tests')
    if not isinstance(tests, list) or not tests:
        raise _plan_error('plan.tests', 'must be a non-empty list')
    for i, test in enumerate(tests):
        field = f'plan.tests.{i}'
        if not isinstance(test, dict) or not isinstance(test.get('id'), str) or not test['id']:
            raise _plan_error(field, 'each test needs an id')
        if test.get('rw') not in FIO_RW:
            raise _plan_error(f'{field}.rw', f'must be one of {", ".join(FIO_RW)}, got {test.get("rw")!r}')
        for key in ('block_size', 'numjobs', 'iodepth'):
            _int_field(test, key, f'{field}.{key}', 1)
        mix = test.get('rwmixread')
        if mix is not None and (isinstance(mix, bool) or not isinstance(mix, int) or not 0 <= mix <= 100):
            raise _plan_error(f'{field}.rwmixread', f'must be null or 0–100, got {mix!r}')
        if not isinstance(test.get('sync', False), bool):
            raise _plan_error(f'{field}.sync', 'must be true or false')
    _int_field(instructions, 'runs', 'plan.runs', 1)
    _int_field(instructions, 'runtime_seconds', 'plan.runtime_seconds', 1)
    _int_field(instructions, 'ramp_seconds', 'plan.ramp_seconds', 0)
    _int_field(instructions, 'min_size_bytes', 'plan.min_size_bytes', 0)
    network = instructions.get('network')
    if network is not None and (not isinstance(network, dict) or not isinstance(network.get('available'), bool)):
        raise _plan_error('plan.network', 'must be an object with "available": true or false')
    start = instructions.get('start')
    if start is not None:
        if not isinstance(start, dict):
            raise _plan_error('plan.start', 'must be an object')
        _int_field(start, 'clients', 'plan.start.clients', 1)
        _int_field(start, 'ready_seconds', 'plan.start.ready_seconds', 1)
    return instructions


class StepStopped(KitError):
    """The box stopped a step measured by several clients (another one failed or was late): it knows already."""
    exit_code = EXIT_MEASURE


class StartGate:
    """A step several clients measure at once: report ready, wait for the box's go (one start time, told as the
    seconds left by the box's clock), and between runs ask whether the step still stands."""

    def __init__(self, box, step_id, start, hostname):
        self.box, self.step_id, self.hostname = box, int(step_id), hostname
        self.clients, self.ready_seconds = start['clients'], start['ready_seconds']

    def _ask(self):
        _, answer = retrying(lambda: self.box.call('POST', f'v1/steps/{self.step_id}/ready',
                                                   {'hostname': self.hostname}), 'reporting ready', log,
                             tries=SUBMIT_TRIES)
        if not isinstance(answer, dict) or answer.get('state') not in ('WAIT', 'GO', 'STOP'):
            raise BoxRefused('the box answered v1/steps/<id>/ready with something this kit cannot read')
        if answer['state'] == 'STOP':
            raise StepStopped(f'the box stopped the step: {answer.get("message") or "another client failed"}')
        return answer

    def ready(self):
        log(f'step {self.step_id}: ready; waiting for the other clients ({self.clients} in all) and the box\'s go')
        until = time.monotonic() + self.ready_seconds + 60   # the box decides first; this bounds a silent box
        said = None
        while True:
            answer = self._ask()
            if answer['state'] == 'GO':
                wait = float(answer.get('start_in_seconds') or 0)
                log(f'step {self.step_id}: go, all {self.clients} clients start in {wait:.1f} s')
                time.sleep(min(wait, 60.0))
                return
            if answer.get('message') != said:
                said = answer.get('message')
                log(f'step {self.step_id}: {said}')
            if time.monotonic() >= until:
                raise StepStopped(f'no go from the box within {self.ready_seconds + 60} s')
            time.sleep(START_POLL_SECONDS)

    def still_on(self):
        self._ask()


def network_wanted(instructions, no_network):
    return not no_network and bool((instructions.get('network') or {}).get('available'))


# ---------------------------------------------------------------------------------------------------------------
# Tools (fio, iperf3) and how to install them
# ---------------------------------------------------------------------------------------------------------------

INSTALL_HINTS = {
    'fio': {
        'Linux': 'install it with "sudo apt install fio" (Debian, Ubuntu) or "sudo dnf install fio" '
                 '(Fedora, RHEL, Rocky, Alma)',
        'Darwin': 'install it with Homebrew: "brew install fio"',
        'Windows': 'install it with "winget install fio.fio" or "choco install fio", then open a new terminal so '
                   'fio is on PATH',
    },
    'iperf3': {
        'Linux': 'install it with "sudo apt install iperf3" (Debian, Ubuntu) or "sudo dnf install iperf3" '
                 '(Fedora, RHEL, Rocky, Alma)',
        'Darwin': 'install it with Homebrew: "brew install iperf3"',
        'Windows': 'install it with "choco install iperf3" (or find it with "winget search iperf3"), then open a '
                   'new terminal so iperf3 is on PATH',
    },
}


def missing_tool_words(tool, os_name, why):
    hint = INSTALL_HINTS[tool].get(os_name, f'install {tool} with your system\'s package manager')
    return f'{tool} is not installed or not on PATH ({why}): {hint}.'


def parse_fio_version(text):
    """'fio-3.33' → (3, 33); None when unreadable."""
    m = re.search(r'(\d+)\.(\d+)', text or '')
    return (int(m.group(1)), int(m.group(2))) if m else None


def parse_iperf3_version(text):
    """First line of 'iperf3 --version' ('iperf 3.12 (cJSON 1.7.15)') → 'iperf 3.12'; None when unreadable."""
    m = re.search(r'iperf\s+(\d+(?:\.\d+)*)', text or '')
    return f'iperf {m.group(1)}' if m else None


def parse_fio_engines(text):
    """'fio --enghelp' → the set of I/O engine names it lists."""
    return {line.strip() for line in (text or '').splitlines()[1:] if line.strip() and ' ' not in line.strip()}


# ---------------------------------------------------------------------------------------------------------------
# Where the target lives: mounts (Linux, macOS), Windows drives and UNC paths, block devices
# ---------------------------------------------------------------------------------------------------------------

PROTOCOL_OF_FSTYPE = {'nfs': 'NFS', 'nfs4': 'NFS', 'cifs': 'SMB', 'smb3': 'SMB', 'smbfs': 'SMB'}
# Network or remote file systems that are neither NFS nor SMB: reported as OTHER rather than LOCAL.
OTHER_FSTYPES = ('9p', 'afs', 'ceph', 'davfs', 'fuse.sshfs', 'fuse.glusterfs', 'fuse.s3fs', 'fuse.rclone',
                 'glusterfs', 'lustre', 'virtiofs', 'webdav', 'afpfs')


def _unescape_mount(text):
    """mountinfo escapes space, tab, newline and backslash as octal (\\040)."""
    return re.sub(r'\\([0-7]{3})', lambda m: chr(int(m.group(1), 8)), text)


def parse_mountinfo(text):
    """Linux /proc/self/mountinfo → [{mount_point, root, device, fstype, source, options}] in file order;
    ``device`` is 'major:minor', ``options`` the mount options then the super-block options (no repeats)."""
    mounts = []
    for line in (text or '').splitlines():
        fields = line.split()
        if '-' not in fields[6:]:
            continue
        dash = fields.index('-', 6)
        if len(fields) < dash + 3:
            continue
        options = []
        for option in fields[5].split(',') + (fields[dash + 3].split(',') if len(fields) > dash + 3 else []):
            if option and option not in options:
                options.append(option)
        mounts.append({'mount_point': _unescape_mount(fields[4]), 'root': _unescape_mount(fields[3]),
                       'device': fields[2], 'fstype': fields[dash + 1], 'source': _unescape_mount(fields[dash + 2]),
                       'options': ','.join(options)})
    return mounts


_MACOS_MOUNT = re.compile(r'^(?P<source>.+?) on (?P<mount_point>/.*?) \((?P<fstype>[^,)]+)(?:, (?P<options>.*))?\)\s*$')


def parse_macos_mount(text):
    """macOS ``mount`` output ('//user@nas/share on /Volumes/share (smbfs, nodev, nosuid, mounted by me)') →
    the same shape as ``parse_mountinfo`` (device None)."""
    mounts = []
    for line in (text or '').splitlines():
        m = _MACOS_MOUNT.match(line)
        if m:
            options = [o.strip() for o in (m.group('options') or '').split(',') if o.strip()]
            mounts.append({'mount_point': m.group('mount_point'), 'root': '/', 'device': None,
                           'fstype': m.group('fstype').strip(), 'source': m.group('source'),
                           'options': ','.join(options)})
    return mounts


def _inside(path, mount_point):
    if mount_point == '/':
        return path.startswith('/')
    return path == mount_point or path.startswith(mount_point.rstrip('/') + '/')


def mount_of(mounts, path):
    """The mount holding ``path`` (an absolute, resolved path): the longest mount point containing it; of equal
    ones the last (a later mount hides an earlier one). None when none does."""
    best = None
    for mount in mounts:
        if _inside(path, mount['mount_point']):
            if best is None or len(mount['mount_point']) >= len(best['mount_point']):
                best = mount
    return best


def mount_option(options, name):
    for option in (options or '').split(','):
        key, _, value = option.strip().partition('=')
        if key == name and value:
            return value
    return None


def split_source(fstype, source):
    """A network mount's source → (server, export): 'nas:/mnt/tank/share' and '[fd00::1]:/x' for NFS,
    '//nas/share' and '//user@nas/share' (macOS) for SMB; (None, None) otherwise."""
    protocol = PROTOCOL_OF_FSTYPE.get(fstype)
    if protocol == 'NFS':
        if source.startswith('['):
            host, _, rest = source[1:].partition(']')
            return host, rest[1:] if rest.startswith(':') else rest or None
        host, sep, export = source.partition(':')
        return (host, export) if sep else (None, None)
    if protocol == 'SMB':
        m = re.match(r'^[/\\]{2}(?:[^@/\\]*@)?([^/\\]+)[/\\]+(.+)$', source)
        if m:
            return m.group(1), m.group(2).replace('\\', '/').strip('/')
    return None, None


def protocol_of_fstype(fstype):
    if fstype in PROTOCOL_OF_FSTYPE:
        return PROTOCOL_OF_FSTYPE[fstype]
    return 'OTHER' if fstype in OTHER_FSTYPES or fstype.startswith('fuse.') else 'LOCAL'


def bare_target(protocol):
    """A target known only by its protocol (no mount to read)."""
    return {'protocol': protocol, 'protocol_version': None, 'server': None, 'export': None, 'mount_options': None,
            'fstype': None}


def target_of_mount(mount):
    """What a directory's mount says: {protocol, protocol_version, server, export, mount_options, fstype}."""
    fstype = mount['fstype']
    protocol = protocol_of_fstype(fstype)
    server, export = split_source(fstype, mount['source'])
    version = mount_option(mount['options'], 'vers') if protocol in ('NFS', 'SMB') else None
    if version is None and fstype == 'nfs4':
        version = '4'
    return {'protocol': protocol, 'protocol_version': version, 'server': server, 'export': export,
            'mount_options': mount['options'] or None, 'fstype': fstype}


def parse_nfsstat_m(text, mount_point):
    """macOS ``nfsstat -m`` → the NFS version ('3', '4.0') of the mount at ``mount_point``; None when absent.
    Each mount starts with '<mount point> from <server>:<export>'; its current parameters come last."""
    version, inside = None, False
    for line in (text or '').splitlines():
        if line and not line[0].isspace():
            inside = line.split(' from ', 1)[0].strip() == mount_point
            continue
        if inside:
            found = re.search(r'(?:^|[\s,])vers=([0-9.]+)', line)
            if found:
                version = found.group(1)
    return version


def parse_smbutil_statshares(text):
    """macOS ``smbutil statshares -m <mount point>`` → the SMB dialect ('3.1.1'); None when absent."""
    m = re.search(r'SMB_VERSION\s+SMB_([0-9.]+)', text or '')
    return m.group(1) if m else None


def parse_unc(path):
    """A Windows UNC path ('\\\\nas\\share\\dir', '\\\\?\\UNC\\nas\\share') → (server, share); None otherwise
    (device paths '\\\\.\\...' and '\\\\?\\C:\\...' are not shares)."""
    m = re.match(r'^(?:\\\\\?\\UNC\\|[\\/]{2}(?![.?][\\/]))([^\\/]+)[\\/]+([^\\/]+)', path or '', re.IGNORECASE)
    return (m.group(1), m.group(2)) if m else None


def windows_drive(path):
    """'Z:\\bench' → 'Z:'; None for a UNC or relative path."""
    m = re.match(r'^([A-Za-z]):', path or '')
    return f'{m.group(1).upper()}:' if m else None


def parse_smb_dialect(json_text, server, share):
    """PowerShell ``Get-SmbConnection | Select ServerName,ShareName,Dialect | ConvertTo-Json`` → the dialect of the
    connection to ``server`` (and ``share`` when it is listed), e.g. '3.1.1'; None when absent."""
    try:
        rows = json.loads(json_text or 'null')
    except ValueError:
        return None
    rows = rows if isinstance(rows, list) else [rows] if isinstance(rows, dict) else []
    same_server = [r for r in rows if isinstance(r, dict) and str(r.get('ServerName', '')).lower() == server.lower()]
    for row in sorted(same_server, key=lambda r: str(r.get('ShareName', '')).lower() != share.lower()):
        if row.get('Dialect'):
            return str(row['Dialect'])
    return None


ISCSI_SESSION = re.compile(r'/session\d+/')


def is_iscsi_device_path(sysfs_device_path):
    """A SCSI disk's resolved /sys/block/<dev>/device path goes through the iSCSI session that carries it
    ('/sys/devices/platform/host3/session1/target3:0:0/3:0:0:0')."""
    return bool(ISCSI_SESSION.search(sysfs_device_path or ''))


def device_refusal(device, mounted, partitions, holders, swap):
    """Why a block device may not be overwritten, in words; None when it may. ``mounted``: its mount points,
    ``partitions``/``holders``: names under /sys, ``swap``: whether it is in use as swap."""
    if mounted:
        return f'{device} is mounted on {", ".join(mounted)}: unmount it first (its file system would be destroyed)'
    if partitions:
        return (f'{device} has partitions ({", ".join(partitions)}): a disk with partitions holds data; give an '
                'empty disk, or a directory on its file system instead')
    if holders:
        return (f'{device} is in use by {", ".join(holders)} (LVM, RAID or device mapper): it holds data; give an '
                'unused disk')
    if swap:
        return f'{device} is used as swap'
    return None


# ---------------------------------------------------------------------------------------------------------------
# The client and its link to the box
# ---------------------------------------------------------------------------------------------------------------

def parse_meminfo(text):
    """Linux /proc/meminfo → MemTotal in bytes; None when absent."""
    m = re.search(r'^MemTotal:\s+(\d+)\s*kB', text or '', re.MULTILINE)
    return int(m.group(1)) * 1024 if m else None


def parse_ip_route_get(json_text):
    """``ip -j route get <address>`` → (interface, source address); (None, None) when unreadable."""
    try:
        routes = json.loads(json_text or '[]')
    except ValueError:
        return None, None
    if not isinstance(routes, list) or not routes or not isinstance(routes[0], dict):
        return None, None
    return routes[0].get('dev'), routes[0].get('prefsrc')


def parse_link_speed(text):
    """/sys/class/net/<if>/speed (Mb/s; -1 or unreadable for virtual links) → int or None."""
    try:
        speed = int(str(text).strip())
    except ValueError:
        return None
    return speed if speed > 0 else None


def parse_macos_route_get(text):
    """macOS ``route -n get <address>`` → the interface ('en0'); None when absent."""
    m = re.search(r'^\s*interface:\s*(\S+)', text or '', re.MULTILINE)
    return m.group(1) if m else None


def parse_ifconfig(text):
    """macOS ``ifconfig <if>`` → (mtu, speed in Mb/s) from 'mtu 1500' and 'media: autoselect (1000baseT ...)'."""
    mtu = re.search(r'\bmtu (\d+)', text or '')
    media = re.search(r'media:.*?\((\d+)([GM]?)base', text or '', re.IGNORECASE)
    speed = None
    if media:
        speed = int(media.group(1)) * (1000 if media.group(2).upper() == 'G' else 1)
    return (int(mtu.group(1)) if mtu else None), speed


def parse_windows_adapter(json_text):
    """The PowerShell adapter probe's JSON ({Name, LinkSpeedBits, Mtu}) → (name, speed in Mb/s, mtu)."""
    try:
        row = json.loads(json_text or 'null')
    except ValueError:
        return None, None, None
    if isinstance(row, list):
        row = row[0] if row else None
    if not isinstance(row, dict):
        return None, None, None
    bits = row.get('LinkSpeedBits')
    speed = int(bits) // 1_000_000 if isinstance(bits, (int, float)) and bits > 0 else None
    mtu = row.get('Mtu') if isinstance(row.get('Mtu'), int) else None
    return row.get('Name'), speed, mtu


# ---------------------------------------------------------------------------------------------------------------
# Cache defeat and fio jobs
# ---------------------------------------------------------------------------------------------------------------

OLDEST_FIO = (3, 0)  # fio 3 reports latencies in nanoseconds (clat_ns), which the box reads
QUEUEING_ENGINES = ('libaio', 'io_uring', 'posixaio', 'windowsaio')
PREFERRED_ENGINES = {'Linux': ('libaio', 'posixaio'), 'Darwin': ('posixaio',), 'Windows': ('windowsaio',)}


def cache_defeat(min_size_bytes, ram_bytes, os_name, direct, why_not_direct=None):
    """{direct_io, size_bytes, reason}: the file size and how neither the box's nor this client's cache serves the
    reads. The box's ARC: files of at least ``min_size_bytes`` (2 × its ARC maximum). This client's page cache:
    direct I/O when the client supports it, else files of at least 2 × its RAM as well."""
    box = (f'a working set of {size_words(min_size_bytes)}, at least twice the box\'s ARC maximum, keeps the box\'s '
           'cache out')
    if direct:
        if os_name == 'Darwin':
            how = ('fio\'s direct I/O on macOS sets F_NOCACHE, which asks the kernel not to cache this client\'s I/O '
                   '(advice rather than a strict bypass)')
        else:
            how = 'direct I/O (O_DIRECT) bypasses this client\'s page cache' if os_name != 'Windows' else \
                'direct I/O (unbuffered) bypasses this client\'s file cache'
        return {'direct_io': True, 'size_bytes': min_size_bytes, 'reason': f'{how}; {box}'}
    ram = ram_bytes or 0
    size = max(min_size_bytes, 2 * ram)
    why = why_not_direct or 'direct I/O is not available here'
    return {'direct_io': False, 'size_bytes': size,
            'reason': (f'{why}, so the working set is {size_words(size)}: at least twice this client\'s RAM '
                       f'({size_words(ram)}) so its page cache cannot serve the reads, and at least twice the box\'s '
                       f'ARC maximum ({size_words(min_size_bytes)} needed)')}


def choose_engine(os_name, engines):
    """The queueing engine for this OS when fio has it (``engines``: ``parse_fio_engines``; None: not listed),
    else 'psync'."""
    for engine in PREFERRED_ENGINES.get(os_name, ()):
        if engines is None or engine in engines:
            return engine
    return 'psync'


def job_shape(test, engine, direct, os_name):
    """(ioengine, numjobs, iodepth) keeping the test's I/Os in flight (numjobs × iodepth). Linux's libaio queues only
    with O_DIRECT and a sync test has one I/O at a time: both then use psync with numjobs × iodepth jobs, as the
    box's own benchmark does."""
    in_flight = test['numjobs'] * test['iodepth']
    if engine not in QUEUEING_ENGINES or test.get('sync') or (os_name == 'Linux' and engine == 'libaio'
                                                                and not direct):
        return 'psync', in_flight, 1
    return engine, test['numjobs'], test['iodepth']


def per_job_bytes(size_bytes, numjobs):
    """Each job's share of the working set, rounded up to whole MiB (a multiple of every block size)."""
    return -(-size_bytes // numjobs // MIB) * MIB


def space_needed(instructions, size_bytes, engine, direct, os_name):
    """The most any one test lays out (tests run one after another; each test's files go before the next)."""
    return max(per_job_bytes(size_bytes, numjobs) * numjobs
               for _, numjobs, _ in (job_shape(t, engine, direct, os_name) for t in instructions['tests']))


def job_name(test_id):
    """fio's job name (and the prefix of its data files)."""
    return re.sub(r'[^a-z0-9_]', '_', test_id.lower())


def fio_size(n):
    return f'{n // MIB}m' if n % MIB == 0 else str(n)


def fio_block_size(n):
    if n % MIB == 0:
        return f'{n // MIB}m'
    return f'{n // 1024}k' if n % 1024 == 0 else str(n)


def fio_path(path):
    """fio splits file and directory names on ':'; escape it (Windows drive letters)."""
    return path.replace(':', '\\:')


def fio_job_args(test, instructions, location, kind, size_bytes, direct, engine, os_name, fio_version):
    """fio's options for one run of one test, as command-line arguments (no binary, no output format).

    ``location``: the scratch directory (``kind`` DIRECTORY, each job its own file inside) or the device
    (BLOCK_DEVICE, the jobs share it at ``offset_increment`` apart). The choices mirror the box's job files:
    fresh random data for every write (compression measures nothing), no repeated random sequence, no random map,
    no preallocation, the final flush counted for writes, random writes over laid-out files, one report for all
    jobs (group_reporting), completion latency percentiles 50, 90, 99 and 99.9."""
    engine, numjobs, iodepth = job_shape(test, engine, direct, os_name)
    per_job = per_job_bytes(size_bytes, numjobs)
    rw = test['rw']
    writes = rw not in ('read', 'randread')
    random = rw.startswith('rand')
    args = [f'--name={job_name(test["id"])}']
    if kind == 'BLOCK_DEVICE':
        args.append(f'--filename={fio_path(location)}')
        if numjobs > 1:
            args.append(f'--offset_increment={fio_size(per_job)}')
    else:
        args.append(f'--directory={fio_path(location)}')
        args.append('--fallocate=none')
    args += [f'--ioengine={engine}', f'--direct={1 if direct else 0}', '--randrepeat=0', '--refill_buffers=1',
             '--time_based=1', f'--ramp_time={instructions["ramp_seconds"]}',
             f'--runtime={instructions["runtime_seconds"]}',
             '--group_reporting=1', '--clat_percentiles=1', '--percentile_list=50:90:99:99.9',
             f'--rw={rw}', f'--bs={fio_block_size(test["block_size"])}', f'--numjobs={numjobs}']
    if engine in QUEUEING_ENGINES:
        args.append(f'--iodepth={iodepth}')
    args.append(f'--size={fio_size(per_job)}')
    if test.get('rwmixread') is not None:
        args.append(f'--rwmixread={test["rwmixread"]}')
    if random:
        args.append('--norandommap=1')
    if test.get('sync'):
        # O_DSYNC (each write durable on return) from fio 3.28 on; older fio knows only O_SYNC, durable as well
        dsync = os_name != 'Windows' and (fio_version or (0, 0)) >= (3, 28)
        args.append('--sync=dsync' if dsync else '--sync=1')
    if writes and random and kind == 'DIRECTORY':
        args.append('--overwrite=1')
    if writes:
        args.append('--end_fsync=1')
    if os_name == 'Windows':
        args.append('--thread')  # fio on Windows runs its jobs as threads
    return args


# ---------------------------------------------------------------------------------------------------------------
# fio and iperf3 output
# ---------------------------------------------------------------------------------------------------------------

def fio_document(text):
    """The fio JSON document in fio's stdout (fio may print notes before it); None when there is none."""
    decoder = json.JSONDecoder()
    start = (text or '').find('{')
    while start != -1:
        try:
            doc, _ = decoder.raw_decode(text, start)
        except ValueError:
            doc = None
        if isinstance(doc, dict) and 'fio version' in doc:
            return doc
        start = text.find('{', start + 1)
    return None


def fio_job_error(doc):
    """fio's reported job error in words; None when every job ended without error."""
    for job in doc.get('jobs') or []:
        if isinstance(job, dict) and job.get('error'):
            return f'job {job.get("jobname")} ended with error {job["error"]} ({os.strerror(job["error"])})'
    return None


def fio_rate_words(doc):
    """'write 512 MB/s, 489 IOPS' (and 'read …' for mixed tests) from fio's JSON document."""
    parts = []
    for job in (doc.get('jobs') or [])[:1]:
        for direction in ('read', 'write'):
            figures = job.get(direction) or {}
            if figures.get('io_bytes'):
                parts.append(f'{direction} {rate_words(figures.get("bw_bytes", 0))}, '
                             f'{significant(figures.get("iops", 0))} IOPS')
    return '; '.join(parts) or 'no I/O done'


IPERF3_RETRY_WORDS = ('unable to connect', 'connection refused', 'server is busy', 'no route to host')
# The previous measurement's one-off server may still be listening as it exits: it takes the connection and drops it
# unanswered. Tried again only while no interval was measured (the test had not started).
IPERF3_DROPPED_WORDS = ('connection reset', 'control message')


def iperf3_error(doc):
    return doc.get('error') if isinstance(doc, dict) and doc.get('error') else None


def iperf3_may_retry(doc, error):
    """Whether a failed iperf3 run met no server yet (a server not listening, busy, or exiting), so that trying
    again measures nothing twice."""
    words = error.lower()
    if any(w in words for w in IPERF3_RETRY_WORDS):
        return True
    started = isinstance(doc, dict) and bool(doc.get('intervals'))
    return not started and any(w in words for w in IPERF3_DROPPED_WORDS)


def iperf3_rate_words(doc):
    end = (doc or {}).get('end') or {}
    received = end.get('sum_received') or end.get('sum') or {}
    bits = received.get('bits_per_second')
    return f'{significant(bits / 1e6)} Mb/s' if isinstance(bits, (int, float)) else 'no figure'


# ---------------------------------------------------------------------------------------------------------------
# The box over HTTP (I/O)
# ---------------------------------------------------------------------------------------------------------------

def api_base(box_url):
    """'https://nas' (or the full 'https://nas/_plugins/tuning/client/') → the endpoints' base URL."""
    parsed = urllib.parse.urlsplit(box_url.strip())
    if parsed.scheme not in ('http', 'https') or not parsed.netloc:
        raise CheckFailed(f'--box must be an http:// or https:// URL of the box, got {box_url!r}')
    path = parsed.path
    if API_PREFIX.rstrip('/') not in path:
        path = path.rstrip('/') + API_PREFIX
    elif not path.endswith('/'):
        path += '/'
    return urllib.parse.urlunsplit((parsed.scheme, parsed.netloc, path, '', ''))


def box_error_words(status, body):
    """The box's error answer ({"error": {"errname", "reason", "extra": [[field, message, errno]]}}) in words."""
    error = body.get('error') if isinstance(body, dict) else None
    if not isinstance(error, dict):
        return f'the box answered HTTP {status}'
    lines = [str(error.get('reason') or error.get('errname') or f'HTTP {status}')]
    for item in error.get('extra') or []:
        if isinstance(item, (list, tuple)) and len(item) >= 2:
            lines.append(f'  {item[0]}: {item[1]}')
    return '\n'.join(lines)


def tls_fingerprint(text):
    """'AB:CD:…' or 'abcd…' → 64 lower-case hex digits; None when it is not a SHA-256 fingerprint."""
    digits = re.sub(r'[\s:]', '', text or '').lower()
    return digits if re.fullmatch(r'[0-9a-f]{64}', digits) else None


class PinnedHTTPSConnection(http.client.HTTPSConnection):
    """A TLS connection that trusts exactly one certificate: the box's, by the SHA-256 the session showed (a
    self-signed certificate, as TrueNAS has by default, is then as safe as a CA-signed one)."""

    pin = None

    def connect(self):
        super().connect()
        seen = hashlib.sha256(self.sock.getpeercert(binary_form=True) or b'').hexdigest()
        if seen != self.pin:
            self.sock.close()
            raise TlsRejected(f'the box\'s TLS certificate is not the one the session names (SHA-256 {seen}, '
                              f'expected {self.pin}): someone may be in between, or the box has a new certificate '
                              '(create a new session to get its fingerprint)')


class PinnedHTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, pin):
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE   # the pin below is the check
        super().__init__(context=context)
        self.connection = type('Pinned', (PinnedHTTPSConnection,), {'pin': pin})

    def https_open(self, req):
        return self.do_open(self.connection, req, context=self._context)


class KitEndpoints:
    """The box's kit endpoints: ``call(method, path, body)`` → (HTTP status, decoded JSON or None)."""

    def __init__(self, box_url, token, insecure=False, cafile=None, tls_sha256=None):
        self.base = api_base(box_url)
        self.token = token
        self.context = None
        self.opener = None
        if self.base.startswith('https:'):
            if tls_sha256 is not None:
                self.opener = urllib.request.build_opener(PinnedHTTPSHandler(tls_sha256))
                return
            try:
                self.context = ssl.create_default_context(cafile=cafile)
            except (OSError, ssl.SSLError) as e:
                raise UsageError(f'cannot use --cafile {cafile}: {e}') from None
            if insecure:
                self.context.check_hostname = False
                self.context.verify_mode = ssl.CERT_NONE

    def _open(self, request):
        if self.opener is not None:
            return self.opener.open(request, timeout=HTTP_TIMEOUT_SECONDS)
        return urllib.request.urlopen(request, timeout=HTTP_TIMEOUT_SECONDS, context=self.context)

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header('Authorization', f'Bearer {self.token}')
        request.add_header('Accept', 'application/json')
        request.add_header('User-Agent', f'tuning-client/{KIT_VERSION}')
        if data is not None:
            request.add_header('Content-Type', 'application/json')
        try:
            with self._open(request) as answer:
                return answer.status, _json_or_none(answer.read())
        except urllib.error.HTTPError as e:
            body = _json_or_none(e.read())
            if e.code in (502, 503, 504):  # a proxy in front of a box that is starting
                raise BoxUnreachable(f'the box is not answering yet (HTTP {e.code})') from None
            if e.code == 401:
                raise BoxRefused('the box did not accept the token (it is wrong, expired or revoked): '
                                 f'{box_error_words(e.code, body)}', e.code) from None
            raise BoxRefused(box_error_words(e.code, body), e.code) from None
        except urllib.error.URLError as e:
            reason = e.reason
            if isinstance(reason, ssl.CertificateError):  # SSLCertVerificationError included
                raise TlsRejected(f'the box\'s TLS certificate is not trusted ({reason}); pass --tls-sha256 with the '
                                  'fingerprint the session shows, --cafile with the box\'s certificate, or '
                                  '--insecure to skip the check') from None
            raise BoxUnreachable(f'cannot reach {self.base}: {reason}') from None
        except (OSError, http.client.HTTPException) as e:  # reset connections, timeouts, half answers
            raise BoxUnreachable(f'cannot reach {self.base}: {e}') from None


def _json_or_none(raw):
    if not raw:
        return None
    try:
        return json.loads(raw.decode('utf-8', 'replace'))
    except ValueError:
        return None


def retrying(action, what, log, tries=None, until=None):
    """``action()`` again after 1, 2, 4 … 30 s while the box is unreachable; gives up after ``tries`` attempts or
    when the next attempt would start after ``until`` (epoch seconds), raising the last BoxUnreachable."""
    delay, attempt = 1, 0
    while True:
        try:
            return action()
        except BoxUnreachable as e:
            attempt += 1
            if (tries is not None and attempt >= tries) or (until is not None and time.time() + delay > until):
                raise
            log(f'{what}: {e.message}; trying again in {delay} s')
            time.sleep(delay)
            delay = min(delay * 2, MAX_BACKOFF_SECONDS)


# ---------------------------------------------------------------------------------------------------------------
# Files and the scratch directory (I/O)
# ---------------------------------------------------------------------------------------------------------------

def read_text(path):
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            return f.read()
    except OSError:
        return None


def command_output(argv, timeout=20):
    """stdout of a helper command, or None when it is missing, fails or hangs (context is best effort)."""
    try:
        done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=timeout,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.decode('utf-8', 'replace') if done.returncode == 0 else None


def tool_answer(argv):
    """stdout of one of fio's own answers, or None when it fails; CheckFailed when it does not answer within
    TOOL_ANSWER_SECONDS (it hangs: not the same as broken)."""
    try:
        done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                              timeout=TOOL_ANSWER_SECONDS)
    except subprocess.TimeoutExpired:
        raise CheckFailed(f'{argv[0]} did not answer "{os.path.basename(argv[0])} {" ".join(argv[1:])}" within '
                          f'{TOOL_ANSWER_SECONDS} s: it hangs; end what holds it (or restart this machine) and run '
                          'the kit again') from None
    except OSError:
        return None
    return done.stdout.decode('utf-8', 'replace') if done.returncode == 0 else None


def powershell(script):
    exe = shutil.which('powershell') or shutil.which('pwsh')
    return command_output([exe, '-NoProfile', '-NonInteractive', '-Command', script]) if exe else None


def write_atomically(path, data):
    """The RESULT as JSON at ``path``: written to a temporary name beside it, flushed, then renamed over it."""
    directory = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(directory, f'.{os.path.basename(path)}.{secrets.token_hex(4)}.tmp')
    try:
        with open(tmp, 'w', encoding='utf-8') as f:
            json.dump(data, f, indent=1)
            f.write('\n')
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def create_scratch(directory, session_id):
    path = os.path.join(directory, f'{SCRATCH_PREFIX}{session_id}-{secrets.token_hex(4)}')
    try:
        os.mkdir(path, 0o700)
    except OSError as e:
        raise CheckFailed(f'cannot create a scratch directory in {directory}: {e.strerror or e}') from None
    return path


def remove_scratch(path):
    """Remove the kit's scratch directory (only one named tuning-client-*). Windows may hold a file a moment after
    fio ends, so a failed removal there is tried again a few times."""
    if not os.path.basename(path).startswith(SCRATCH_PREFIX):
        raise ValueError(f'refusing to remove {path!r}: not a scratch directory of this kit')
    for attempt in range(10):
        try:
            shutil.rmtree(path)
            return
        except FileNotFoundError:
            return
        except OSError:
            if os.name != 'nt' or attempt == 9:
                raise
            time.sleep(0.5)


def remove_test_files(scratch, name):
    for entry in os.scandir(scratch):
        if entry.name.startswith(name + '.') and entry.is_file(follow_symlinks=False):
            os.unlink(entry.path)


def probe_direct_io(scratch, os_name):
    """(supported, why not) for direct I/O in ``scratch``. Linux: one aligned O_DIRECT write (file systems differ,
    tmpfs and some FUSE refuse it); macOS (F_NOCACHE) and Windows (unbuffered) always offer it."""
    if os_name != 'Linux' or not hasattr(os, 'O_DIRECT'):
        return True, None
    import mmap
    probe = os.path.join(scratch, 'direct-io-probe')
    buffer = mmap.mmap(-1, 4096)  # page-aligned, as O_DIRECT wants
    try:
        fd = os.open(probe, os.O_CREAT | os.O_WRONLY | os.O_DIRECT, 0o600)
        try:
            os.write(fd, buffer)
        finally:
            os.close(fd)
        return True, None
    except OSError as e:
        return False, f'this file system refuses direct I/O ({e.strerror or e})'
    finally:
        buffer.close()
        try:
            os.unlink(probe)
        except OSError:
            pass


# ---------------------------------------------------------------------------------------------------------------
# The client, its target and its link (I/O, best effort: a missing figure is null, never an error)
# ---------------------------------------------------------------------------------------------------------------

def os_name_here():
    return platform.system()


def ram_bytes(os_name):
    if os_name == 'Linux':
        return parse_meminfo(read_text('/proc/meminfo'))
    if os_name == 'Darwin':
        text = command_output(['sysctl', '-n', 'hw.memsize'])
        return int(text.strip()) if text and text.strip().isdigit() else None
    if os_name == 'Windows':
        import ctypes

        class MemoryStatusEx(ctypes.Structure):
            _fields_ = [('dwLength', ctypes.c_ulong), ('dwMemoryLoad', ctypes.c_ulong),
                        ('ullTotalPhys', ctypes.c_ulonglong), ('ullAvailPhys', ctypes.c_ulonglong),
                        ('ullTotalPageFile', ctypes.c_ulonglong), ('ullAvailPageFile', ctypes.c_ulonglong),
                        ('ullTotalVirtual', ctypes.c_ulonglong), ('ullAvailVirtual', ctypes.c_ulonglong),
                        ('ullAvailExtendedVirtual', ctypes.c_ulonglong)]
        status = MemoryStatusEx()
        status.dwLength = ctypes.sizeof(MemoryStatusEx)
        if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
            return int(status.ullTotalPhys)
    return None


def os_version(os_name):
    if os_name == 'Darwin':
        return platform.mac_ver()[0] or platform.release()
    if os_name == 'Windows':
        return platform.version()
    return platform.release()


def tool_version(binary, flag='--version'):
    return first_line(command_output([binary, flag]))


def first_line(text):
    return text.strip().splitlines()[0].strip() if text and text.strip() else None


def client_info(os_name, fio, iperf3):
    return {'hostname': socket.gethostname() or 'unknown', 'os': os_name or 'unknown',
            'os_version': os_version(os_name), 'python': platform.python_version(),
            'fio_version': tool_version(fio), 'iperf3_version': parse_iperf3_version(tool_version(iperf3))
            if iperf3 else None,
            'cpu_count': os.cpu_count(), 'ram_bytes': ram_bytes(os_name)}


def linux_disk_of(name):
    """The whole disk under a partition ('sdb1' → 'sdb'); the name itself otherwise."""
    if os.path.exists(f'/sys/class/block/{name}/partition'):
        return os.path.basename(os.path.dirname(os.path.realpath(f'/sys/class/block/{name}')))
    return name


def linux_is_iscsi(name):
    """Whether the disk (or a disk under a device-mapper device, e.g. multipath) is an iSCSI LUN."""
    disk = linux_disk_of(name)
    sessions = [os.path.realpath(os.path.join('/sys/class/iscsi_session', s, 'device'))
                for s in _listdir('/sys/class/iscsi_session')]
    for candidate in [disk] + _listdir(f'/sys/class/block/{disk}/slaves'):
        device = os.path.realpath(f'/sys/class/block/{linux_disk_of(candidate)}/device')
        if is_iscsi_device_path(device) or any(device.startswith(s + '/') for s in sessions):
            return True
    return False


def _listdir(path):
    try:
        return sorted(os.listdir(path))
    except OSError:
        return []


def linux_block_name(path):
    """The kernel name of a block device node ('/dev/sdb' → 'sdb', via its major:minor); None when unknown."""
    try:
        rdev = os.stat(path).st_rdev
    except OSError:
        return None
    link = f'/sys/dev/block/{os.major(rdev)}:{os.minor(rdev)}'
    return os.path.basename(os.path.realpath(link)) if os.path.exists(link) else None


def linux_target(path, kind):
    mounts = parse_mountinfo(read_text('/proc/self/mountinfo'))
    if kind == 'BLOCK_DEVICE':
        name = linux_block_name(path)
        protocol = 'ISCSI' if name and linux_is_iscsi(name) else 'LOCAL'
        return bare_target(protocol)
    mount = mount_of(mounts, path)
    if mount is None:
        return bare_target('OTHER')
    target = target_of_mount(mount)
    if target['protocol'] == 'LOCAL' and mount['source'].startswith('/dev/'):
        name = linux_block_name(mount['source'])
        if name and linux_is_iscsi(name):  # a file system on an iSCSI LUN
            target['protocol'] = 'ISCSI'
    return target


def macos_target(path):
    mount = mount_of(parse_macos_mount(command_output(['mount'])), path)
    if mount is None:
        return bare_target('OTHER')
    target = target_of_mount(mount)
    if target['protocol'] == 'NFS':
        target['protocol_version'] = parse_nfsstat_m(command_output(['nfsstat', '-m']), mount['mount_point'])
    elif target['protocol'] == 'SMB':
        target['protocol_version'] = parse_smbutil_statshares(
            command_output(['smbutil', 'statshares', '-m', mount['mount_point']]))
    return target


def windows_target(path):
    target = bare_target('LOCAL')
    unc = parse_unc(path)
    drive = windows_drive(path)
    if unc is None and drive is not None:
        import ctypes
        if ctypes.windll.kernel32.GetDriveTypeW(drive + '\\') == 4:  # DRIVE_REMOTE: a mapped share
            target.update(protocol='SMB', fstype='smb')
            buffer, size = ctypes.create_unicode_buffer(1024), ctypes.c_ulong(1024)
            if ctypes.windll.mpr.WNetGetConnectionW(drive, buffer, ctypes.byref(size)) == 0:
                unc = parse_unc(buffer.value)
        else:
            volume = ctypes.create_unicode_buffer(64)
            if ctypes.windll.kernel32.GetVolumeInformationW(drive + '\\', None, 0, None, None, None, volume, 64):
                target['fstype'] = volume.value or None
            bus = powershell(f"(Get-Partition -DriveLetter {drive[0]} | Get-Disk).BusType")
            if bus and bus.strip().lower() == 'iscsi':
                target['protocol'] = 'ISCSI'
    if unc is not None:
        server, share = unc
        dialect = powershell('Get-SmbConnection | Select-Object ServerName,ShareName,Dialect | ConvertTo-Json')
        target.update(protocol='SMB', server=server, export=share, fstype='smb',
                      protocol_version=parse_smb_dialect(dialect, server, share))
    return target


def detect_target(path, kind, os_name):
    """{path, kind, protocol, protocol_version, server, export, mount_options, fstype} of the target."""
    try:
        if os_name == 'Linux':
            found = linux_target(os.path.realpath(path), kind)
        elif os_name == 'Darwin':
            found = macos_target(os.path.realpath(path))
        elif os_name == 'Windows':
            found = windows_target(path)
        else:
            found = bare_target('OTHER')
    except Exception as e:  # context is best effort: a surprise here must not cost the measurement
        log(f'note: could not tell how {path} is reached ({e}); reporting it as OTHER')
        found = bare_target('OTHER')
    return {'path': path, 'kind': kind, **found}


def box_address(box_url):
    """The box's IP address as this client resolves it; None when it cannot."""
    host = urllib.parse.urlsplit(box_url).hostname
    try:
        return socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)[0][4][0]
    except (OSError, IndexError, TypeError):
        return None


def local_address_towards(address):
    """The client's own address on the route to ``address`` (a UDP connect sends nothing)."""
    family = socket.AF_INET6 if ':' in address else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((address, 9))
            return s.getsockname()[0]
    except OSError:
        return None


def detect_link(box_url, os_name):
    """{interface, speed_mbps, mtu, address} of the link this client reaches the box over; None when unknown."""
    address = box_address(box_url)
    if address is None:
        return None
    link = {'interface': None, 'speed_mbps': None, 'mtu': None, 'address': local_address_towards(address)}
    try:
        if os_name == 'Linux':
            interface, source = parse_ip_route_get(command_output(['ip', '-j', 'route', 'get', address]))
            if interface:
                mtu = read_text(f'/sys/class/net/{interface}/mtu')
                link.update(interface=interface, speed_mbps=parse_link_speed(read_text(
                    f'/sys/class/net/{interface}/speed') or ''),
                    mtu=int(mtu) if mtu and mtu.strip().isdigit() else None,
                    address=source or link['address'])
        elif os_name == 'Darwin':
            interface = parse_macos_route_get(command_output(['route', '-n', 'get', address]))
            if interface:
                mtu, speed = parse_ifconfig(command_output(['ifconfig', interface]))
                link.update(interface=interface, speed_mbps=speed, mtu=mtu)
        elif os_name == 'Windows' and link['address']:
            script = ("$i = (Get-NetIPAddress -IPAddress '%s').InterfaceIndex; $a = Get-NetAdapter -InterfaceIndex $i; "
                      "$m = (Get-NetIPInterface -InterfaceIndex $i | Select-Object -First 1).NlMtu; "
                      "@{Name=$a.Name; LinkSpeedBits=[int64]$a.ReceiveLinkSpeed; Mtu=[int]$m} | ConvertTo-Json"
                      % link['address'].replace("'", ''))
            name, speed, mtu = parse_windows_adapter(powershell(script))
            link.update(interface=name, speed_mbps=speed, mtu=mtu)
    except Exception as e:  # best effort
        log(f'note: could not read the network link ({e})')
    return link


# ---------------------------------------------------------------------------------------------------------------
# Running fio and iperf3 (I/O)
# ---------------------------------------------------------------------------------------------------------------

def log(text):
    print(f'tuning-client: {text}', file=sys.stderr, flush=True)


def _start(argv, cwd=None, output=None):
    """A child in its own process group: Ctrl-C reaches the kit only, which then stops the child and its workers.
    ``output``: a file for both its streams (a long-lived child nobody reads), else pipes."""
    streams = {'stdout': output, 'stderr': output} if output is not None else \
        {'stdout': subprocess.PIPE, 'stderr': subprocess.PIPE}
    if os.name == 'nt':
        return subprocess.Popen(argv, stdin=subprocess.DEVNULL, cwd=cwd, **streams,
                                creationflags=subprocess.CREATE_NEW_PROCESS_GROUP)
    return subprocess.Popen(argv, stdin=subprocess.DEVNULL, cwd=cwd, start_new_session=True, **streams)


def _stop(proc):
    """Stop a child started by ``_start`` and everything in its group; returns once the child is reaped."""
    if proc.poll() is None:
        if os.name == 'nt':
            proc.terminate()
        else:
            _signal_group(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if os.name != 'nt':
        _signal_group(proc.pid, signal.SIGKILL)  # workers that outlived the main process
        deadline = time.monotonic() + 10
        while _signal_group(proc.pid, 0) and time.monotonic() < deadline:
            time.sleep(0.05)  # until init has reaped them: their files are closed before the scratch is removed


def _signal_group(pgid, sig):
    """Send ``sig`` to a process group; → whether any process of it was there."""
    try:
        os.killpg(pgid, sig)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def run_child(argv, timeout=None, cwd=None):
    """(returncode, stdout, stderr) of a child that is stopped whatever happens here (Ctrl-C, a timeout)."""
    proc = _start(argv, cwd)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        raise MeasureFailed(f'{os.path.basename(argv[0])} did not finish within {timeout} s') from None
    finally:
        _stop(proc)
    return proc.returncode, out.decode('utf-8', 'replace'), err.decode('utf-8', 'replace')


def run_fio(fio, args, cwd):
    """fio's JSON document for one run; MeasureFailed when fio fails or reports a job error."""
    code, out, err = run_child([fio, '--output-format=json'] + args, cwd=cwd)
    doc = fio_document(out)
    if code != 0 or doc is None:
        detail = (err.strip() or out.strip())[-600:] or 'no message'
        raise MeasureFailed(f'fio failed (exit status {code}): {detail}')
    error = fio_job_error(doc)
    if error:
        raise MeasureFailed(f'fio reported an error: {error}')
    return doc


def run_iperf3(iperf3, address, port, args, duration_hint):
    """iperf3's JSON document for one measurement. The box starts a one-off server for each measurement, so a
    connection that met no server ready yet is tried again (1 s apart, ``IPERF3_CONNECT_TRIES`` times)."""
    argv = [iperf3, '-c', address, '-p', str(port)] + [str(a) for a in args] + ['--json']
    for attempt in range(1, IPERF3_CONNECT_TRIES + 1):
        code, out, err = run_child(argv, timeout=duration_hint + 120)
        doc = _json_or_none(out.encode())
        error = iperf3_error(doc) if doc is not None else (err.strip() or f'iperf3 exited with status {code}')
        if code == 0 and error is None and doc is not None:
            return doc
        if attempt < IPERF3_CONNECT_TRIES and iperf3_may_retry(doc, error):
            if attempt == 1:
                log(f'waiting for the box\'s iperf3 server on {address} port {port} ({error})')
            time.sleep(1)
            continue
        raise MeasureFailed(f'iperf3 against {address} port {port} failed: {error}')


def iperf3_duration(args):
    """The -t value of a measurement's arguments (seconds), 10 when absent."""
    args = [str(a) for a in args]
    for flag in ('-t', '--time'):
        if flag in args[:-1]:
            value = args[args.index(flag) + 1]
            if value.isdigit():
                return int(value)
    return 10


def measure_network(box, iperf3):
    """Ask the box to serve the iperf3 ceiling, run each measurement it names, wait until it has stored them →
    (iperf3 entries for the RESULT, the network result id)."""
    try:
        _, start = box.call('POST', 'v1/network', {})
    except BoxRefused as e:
        if e.status != 409:
            raise
        raise BoxRefused(f'the box cannot measure the network now: {e.message}; run again later, or with '
                         '--no-network to measure without the network ceiling', e.status) from None
    if not isinstance(start, dict) or not isinstance(start.get('measurements'), list):
        raise BoxRefused('the box answered v1/network with something this kit cannot read')
    entries = []
    total = len(start['measurements'])
    for index, measurement in enumerate(start['measurements'], start=1):
        log(f'network {index} of {total}: {measurement["name"]} (iperf3 to {start["address"]} port {start["port"]})')
        doc = run_iperf3(iperf3, start['address'], start['port'], measurement.get('args') or [],
                         iperf3_duration(measurement.get('args') or []))
        log(f'network {index} of {total}: {measurement["name"]}: {iperf3_rate_words(doc)}')
        entries.append({'name': measurement['name'], 'output': doc})
    deadline = time.time() + NETWORK_JOB_WAIT_SECONDS
    while True:
        _, status = box.call('GET', f'v1/network/{start["job_id"]}')
        state = (status or {}).get('state')
        if state == 'SUCCESS':
            return entries, status.get('result_id')
        if state != 'RUNNING':
            raise MeasureFailed(f'the box\'s network measurement ended {state}: {(status or {}).get("error")}')
        if time.time() > deadline:
            raise MeasureFailed(f'the box did not finish storing the network measurement within '
                                f'{NETWORK_JOB_WAIT_SECONDS} s ({status.get("progress")})')
        time.sleep(1)


# ---------------------------------------------------------------------------------------------------------------
# Commands: checks, one measurement, run, agent
# ---------------------------------------------------------------------------------------------------------------

class Tools:
    """The binaries found on PATH and what fio can do."""

    def __init__(self, os_name):
        self.os_name = os_name
        self.fio = shutil.which('fio')
        if self.fio is None:
            raise CheckFailed(missing_tool_words('fio', os_name, 'the benchmark runs fio'))
        self.iperf3 = shutil.which('iperf3')
        self.fio_version = parse_fio_version(first_line(tool_answer([self.fio, '--version'])))
        hint = INSTALL_HINTS['fio'].get(os_name, 'install a current fio')
        if self.fio_version is None:
            raise CheckFailed(f'{self.fio} does not answer "fio --version": it is broken; {hint}.')
        if self.fio_version < OLDEST_FIO:
            raise CheckFailed(f'{self.fio} is fio {".".join(map(str, self.fio_version))}, too old: the box reads '
                              f'fio {".".join(map(str, OLDEST_FIO))} or later (latencies in nanoseconds); {hint}.')
        self.engine = choose_engine(os_name, parse_fio_engines(tool_answer([self.fio, '--enghelp'])) or None)

    def require_iperf3(self):
        if self.iperf3 is None:
            raise CheckFailed(missing_tool_words('iperf3', self.os_name, 'the plan measures the network ceiling; '
                                                 'or pass --no-network to skip it'))


def target_kind(path, overwrite_device, os_name):
    """DIRECTORY or BLOCK_DEVICE, after the checks for each (nothing is written here)."""
    if os_name == 'Windows' and path.startswith('\\\\.\\'):  # \\.\PhysicalDrive1
        check_device(path, overwrite_device, os_name)
    if not os.path.exists(path):
        raise CheckFailed(f'{path} does not exist: give the directory of the mounted share (--path)')
    mode = os.stat(path).st_mode
    if stat.S_ISBLK(mode):
        check_device(path, overwrite_device, os_name)
        return 'BLOCK_DEVICE'
    if not stat.S_ISDIR(mode):
        raise CheckFailed(f'{path} is neither a directory nor a block device')
    if not os.access(path, os.W_OK | os.X_OK):
        raise CheckFailed(f'{path} is not writable by this user: give a directory you may write in')
    return 'DIRECTORY'


def check_device(path, overwrite_device, os_name):
    if os_name != 'Linux':
        raise CheckFailed(f'{path} is a device: writing to a raw device is supported on Linux only; put a file '
                          'system on the disk and give a directory on it')
    if overwrite_device is None or os.path.realpath(overwrite_device) != os.path.realpath(path):
        raise CheckFailed(f'{path} is a block device: everything on it will be overwritten; to allow that, repeat '
                          f'its path with --overwrite-device {path}')
    name = linux_block_name(path)
    if name is None:
        raise CheckFailed(f'cannot find {path} in /sys/dev/block: is it a block device?')
    rdev = os.stat(path).st_rdev
    device = f'{os.major(rdev)}:{os.minor(rdev)}'
    mounted = [m['mount_point'] for m in parse_mountinfo(read_text('/proc/self/mountinfo')) if m['device'] == device]
    partitions = [p for p in _listdir(f'/sys/class/block/{name}')
                  if os.path.exists(f'/sys/class/block/{name}/{p}/partition')]
    holders = _listdir(f'/sys/class/block/{name}/holders')
    swaps = read_text('/proc/swaps') or ''
    in_swap = any(line.split()[0] in (path, f'/dev/{name}') for line in swaps.splitlines()[1:] if line.split())
    refusal = device_refusal(path, mounted, partitions, holders, in_swap)
    if refusal:
        raise CheckFailed(refusal)


def device_size(path):
    fd = os.open(path, os.O_RDONLY)
    try:
        return os.lseek(fd, 0, os.SEEK_END)
    finally:
        os.close(fd)


def check_space(path, kind, needed):
    if kind == 'BLOCK_DEVICE':
        size = device_size(path)
        if size < needed:
            raise CheckFailed(f'{path} holds {size_words(size)}; the measurement needs {size_words(needed)}')
        return
    free = shutil.disk_usage(path).free
    if free < needed:
        raise CheckFailed(f'{path} has {size_words(free)} free; the measurement needs {size_words(needed)} '
                          '(files large enough that neither the box\'s nor this client\'s cache can serve the reads)')


def measure(options, box, tools, instructions, session_id, step_id, client, gate=None):
    """Checks, then the network (when asked) and every run of every test → the RESULT. Writes only inside its
    scratch directory, which is gone when this returns or raises (Ctrl-C included). ``gate``: a step several
    clients measure at once (``StartGate``), whose go is awaited once everything is checked."""
    os_name = tools.os_name
    want_network = network_wanted(instructions, options.no_network)
    if want_network:
        tools.require_iperf3()
    path = os.path.abspath(options.path)
    kind = target_kind(path, options.overwrite_device, os_name)
    check_space(path, kind, instructions['min_size_bytes'])
    started = utc_stamp()
    scratch = None
    try:
        if kind == 'DIRECTORY':
            scratch = create_scratch(path, session_id)
            direct, why_not = probe_direct_io(scratch, os_name)
        else:
            direct, why_not = True, None
        defeat = cache_defeat(instructions['min_size_bytes'], client['ram_bytes'], os_name, direct, why_not)
        check_space(path, kind, space_needed(instructions, defeat['size_bytes'], tools.engine, direct, os_name))
        log(f'target {path}: {defeat["reason"]}')
        target = detect_target(path, kind, os_name)
        log(f'target {path}: {target["protocol"]}'
            + (f' {target["protocol_version"]}' if target['protocol_version'] else '')
            + (f' from {target["server"]}' if target['server'] else ''))
        link = detect_link(options.box, os_name)
        iperf3_entries, network_result_id = [], None
        if want_network:
            iperf3_entries, network_result_id = measure_network(box, tools.iperf3)
        if gate is not None:
            gate.ready()
        fio_entries = run_tests(instructions, tools, kind, scratch if kind == 'DIRECTORY' else path, defeat, gate)
    finally:
        if scratch is not None:
            try:
                remove_scratch(scratch)
            except OSError as e:
                log(f'could not remove the scratch directory {scratch} ({e}): remove it by hand')
    return {'kit_version': KIT_VERSION, 'session_id': session_id, 'step_id': step_id, 'label': options.label,
            'started_at': started, 'finished_at': utc_stamp(), 'client': client, 'target': target, 'link': link,
            'cache_defeat': defeat, 'fio': fio_entries, 'iperf3': iperf3_entries,
            'network_result_id': network_result_id}


def run_tests(instructions, tools, kind, location, defeat, gate=None):
    entries = []
    runs = instructions['runs']
    for test in instructions['tests']:
        what = f'{test["id"]} ({test.get("label") or test["rw"]})'
        args = fio_job_args(test, instructions, location, kind, defeat['size_bytes'], defeat['direct_io'],
                            tools.engine, tools.os_name, tools.fio_version)
        try:
            for run in range(1, runs + 1):
                first_read = run == 1 and kind == 'DIRECTORY' and test['rw'] in ('read', 'randread', 'rw', 'randrw')
                laying_out = f' (laying out {size_words(defeat["size_bytes"])} of files first)' if first_read else ''
                log(f'{what}: run {run} of {runs}, {instructions["runtime_seconds"]} s after '
                    f'{instructions["ramp_seconds"]} s of ramp{laying_out}')
                if gate is not None and entries:
                    gate.still_on()   # another client failed: stop now, not at the end
                doc = run_fio(tools.fio, args, location if kind == 'DIRECTORY' else None)
                log(f'{what}: run {run} of {runs}: {fio_rate_words(doc)}')
                entries.append({'test': test['id'], 'run': run, 'output': doc})
        finally:
            if kind == 'DIRECTORY':
                remove_test_files(location, job_name(test['id']))  # the next test needs the space
    return entries


def read_token(options):
    if options.token_file:
        try:
            with open(options.token_file, encoding='utf-8') as f:
                token = f.read().strip()
        except OSError as e:
            raise UsageError(f'cannot read --token-file {options.token_file}: {e.strerror or e}') from None
    else:
        token = os.environ.get('TUNING_TOKEN', '').strip()
    if not token:
        raise UsageError('no token: set the TUNING_TOKEN environment variable (the session\'s token, shown once '
                         'when the session was created) or pass --token-file')
    return token


def fetch_session(box):
    _, answer = retrying(lambda: box.call('GET', 'v1/session'), 'reading the session', log, tries=SUBMIT_TRIES)
    if not isinstance(answer, dict) or not isinstance(answer.get('session'), dict):
        raise BoxRefused('the box answered v1/session with something this kit cannot read')
    return answer['session'], check_plan(answer.get('plan'))


def submit(box, result, log_words, until=None):
    _, answer = retrying(lambda: box.call('POST', 'v1/results', result), 'posting the result', log,
                         tries=None if until else SUBMIT_TRIES, until=until)
    benchmark_id = (answer or {}).get('id')
    log(f'{log_words}: stored on the box as benchmark {benchmark_id}')
    return benchmark_id


def box_of(options, token):
    pin = None
    if options.tls_sha256 is not None:
        pin = tls_fingerprint(options.tls_sha256)
        if pin is None:
            raise UsageError('--tls-sha256 takes a SHA-256 fingerprint: 64 hexadecimal digits, colons allowed')
    return KitEndpoints(options.box, token, options.insecure, options.cafile, pin)


def command_run(options):
    token = read_token(options)
    os_name = os_name_here()
    tools = Tools(os_name)
    box = box_of(options, token)
    session, instructions = fetch_session(box)
    log(f'session {session.get("id")} ({session.get("label") or "no label"}): '
        f'{", ".join(t["id"] for t in instructions["tests"])}, {instructions["runs"]} runs each')
    client = client_info(os_name, tools.fio, tools.iperf3)
    result = measure(options, box, tools, instructions, session['id'], None, client)
    if options.output:
        write_atomically(options.output, result)
        log(f'result written to {options.output}: import it on the box (tuning.benchmark.import, format CLIENT_KIT)')
        return EXIT_OK
    submit(box, result, 'result')
    return EXIT_OK


def command_agent(options):
    token = read_token(options)
    os_name = os_name_here()
    tools = Tools(os_name)
    box = box_of(options, token)
    session, _ = fetch_session(box)
    until = parse_utc(session.get('expires_at'))
    client = client_info(os_name, tools.fio, tools.iperf3)
    target_kind(os.path.abspath(options.path), options.overwrite_device, os_name)  # fail now, not at the first step
    log(f'agent for session {session.get("id")}: waiting for steps (until {session.get("expires_at")})')
    while True:
        if until is not None and time.time() >= until:
            log('the session has expired: the agent stops')
            return EXIT_OK
        status, answer = retrying(lambda: box.call('GET', 'v1/steps/next'), 'asking for a step', log, until=until)
        if status == 204 or not isinstance(answer, dict) or not isinstance(answer.get('step'), dict):
            time.sleep(AGENT_POLL_SECONDS)
            continue
        step = answer['step']
        words = f'step {step.get("id")} ({step.get("label") or "no label"}) of campaign {step.get("campaign_id")}'
        log(f'{words}: starting')
        try:
            instructions = check_plan(step.get('plan'))
            gate = (StartGate(box, step['id'], instructions['start'], client.get('hostname'))
                    if instructions.get('start') else None)
            result = measure(options, box, tools, instructions, session['id'], step['id'], client, gate)
            submit(box, result, words, until=until)
        except StepStopped as e:   # the box stopped it and knows why: nothing to tell it
            log(f'{words}: {e.message}')
        except (BoxRefused, UsageError) as e:
            if isinstance(e, UsageError) or e.status == 401:
                raise  # the token stopped working: nothing more can be sent
            step_failed(box, step['id'], words, e.message)
        except KitError as e:  # one step failed; the next may not (the box decides what the campaign does)
            step_failed(box, step['id'], words, e.message)


def fio_server_where(address, port):
    """fio's --server form of an address ('ip:', 'ip6:'); raises UsageError for anything but an IP address."""
    try:
        version = ipaddress.ip_address(address).version
    except ValueError:
        raise UsageError(f'--bind takes this client\'s IP address on the box\'s network, not {address!r}') from None
    if not 1024 <= port <= 65535:
        raise UsageError(f'--port must be 1024 to 65535, not {port}')
    return f'{"ip6" if version == 6 else "ip"}:{address},{port}'


def listening(proc, address, port, server_log):
    """Once fio's server accepts connections (a connection opened and closed, which it takes in its stride)."""
    deadline = time.monotonic() + FIO_SERVER_START_SECONDS
    while True:
        if proc.poll() is not None:
            raise MeasureFailed(f'fio --server ended at once (exit status {proc.returncode}): '
                                + first_line(read_text(server_log) or 'no words'))
        try:
            socket.create_connection((address, port), timeout=2).close()
            return
        except OSError as e:
            if time.monotonic() >= deadline:
                raise MeasureFailed(f'fio --server did not listen on {address} port {port} within '
                                    f'{FIO_SERVER_START_SECONDS} s ({e})') from None
        time.sleep(0.2)   # fio is starting: its port is the only sign


def command_fio_server(options):
    """fio's own distributed mode: run ``fio --server`` bound to ``--bind`` while the box's permission lasts, in a
    scratch directory under ``--path`` (the box's job files write there), then stop it and remove the scratch."""
    where = fio_server_where(options.bind, options.port)
    token = read_token(options)
    os_name = os_name_here()
    tools = Tools(os_name)
    box = box_of(options, token)
    session, _ = fetch_session(box)
    path = os.path.abspath(options.path)
    if target_kind(path, None, os_name) != 'DIRECTORY':
        raise CheckFailed(f'{path} is not a directory: fio\'s server mode measures a directory on the share')
    scratch = create_scratch(path, session['id'])
    proc = None
    try:
        _, grant = retrying(lambda: box.call('POST', 'v1/fio-server', {
            'address': options.bind, 'port': options.port, 'directory': scratch,
            'hostname': platform.node() or None}), 'asking the box for permission', log, tries=SUBMIT_TRIES)
        seconds = int((grant or {}).get('expires_in_seconds') or 0)
        server_log = os.path.join(scratch, 'fio-server.log')
        with open(server_log, 'wb') as output:
            proc = _start([tools.fio, f'--server={where}'], cwd=scratch, output=output)
        until = time.monotonic() + seconds
        listening(proc, options.bind, options.port, server_log)
        log(f'fio server listening on {options.bind} port {options.port} for session {session["id"]}: the box may '
            f'drive it for {seconds} s, writing in {scratch}; Ctrl-C stops it')
        while time.monotonic() < until:
            try:
                proc.wait(timeout=FIO_SERVER_POLL_SECONDS)
            except subprocess.TimeoutExpired:
                pass
            else:
                raise MeasureFailed(f'fio --server ended by itself (exit status {proc.returncode}): '
                                    + first_line(read_text(server_log) or 'no words'))
            _, status = box.call('GET', 'v1/fio-server')   # a revoked or expired session is a 401 here: it stops
            if not (status or {}).get('active'):
                break
        log('the box\'s permission ended: stopping the fio server')
        return EXIT_OK
    finally:
        if proc is not None:
            _stop(proc)
        try:
            box.call('DELETE', 'v1/fio-server')
        except KitError as e:
            log(f'the box was not told the fio server stopped ({e.message}); its permission ends by itself')
        try:
            remove_scratch(scratch)
        except OSError as e:
            log(f'could not remove the scratch directory {scratch} ({e}): remove it by hand')


def step_failed(box, step_id, words, message):
    """Tell the box a step could not be measured, so its campaign stops now rather than at its time limit."""
    log(f'{words} failed: {message}')
    try:
        box.call('POST', f'v1/steps/{int(step_id)}/failed', {'message': message[:2000]})
    except KitError as e:
        log(f'{words}: the box was not told ({e.message}); the campaign stops when its wait ends')


# ---------------------------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------------------------

def parser():
    # no abbreviations: '--token SECRET' must not pass for '--token-file SECRET' (and end up in a message)
    common = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    common.add_argument('--box', required=True, metavar='URL',
                        help='the box\'s address as the session shows it, e.g. https://nas.example.lan')
    common.add_argument('--token-file', metavar='FILE',
                        help='read the session\'s token from this file (otherwise from the TUNING_TOKEN environment '
                             'variable; the token is never given on the command line, where other users could see '
                             'it)')
    tls = common.add_mutually_exclusive_group()
    tls.add_argument('--insecure', action='store_true',
                     help='do not check the box\'s TLS certificate (a self-signed certificate you trust)')
    tls.add_argument('--cafile', metavar='FILE', help='trust the certificate (or CA) in this PEM file for the box')
    tls.add_argument('--tls-sha256', metavar='FINGERPRINT',
                     help='trust exactly the certificate with this SHA-256 fingerprint (the session\'s commands '
                          'carry the box\'s)')
    common.add_argument('--no-network', action='store_true',
                        help='skip the network ceiling (iperf3) even when the session offers it')
    common.add_argument('--overwrite-device', metavar='DEVICE',
                        help='allow writing over the block device given as --path (an iSCSI LUN on Linux): repeat '
                             'its path here; refused when it is mounted, has partitions or is in use')
    common.add_argument('--label', help='a label for the stored result (default: the protocol and this host\'s name)')
    top = argparse.ArgumentParser(
        prog='tuning_client.py', allow_abbrev=False, formatter_class=argparse.RawDescriptionHelpFormatter,
        description=f'Workload tuning for TrueNAS, client kit version {KIT_VERSION}: measure the NAS from this\n'
                    'client (fio on the mounted share or iSCSI disk, iperf3 for the network) and send the\n'
                    'results to the box. The token comes from TUNING_TOKEN or --token-file.',
        epilog='The kit writes only inside its own directory tuning-client-<session>-<random> under --path,\n'
               'and removes it afterwards (also after a failure or Ctrl-C).\n\n' + EXIT_CODES_HELP)
    top.add_argument('--version', action='version', version=f'tuning_client.py kit version {KIT_VERSION}')
    commands = top.add_subparsers(dest='command', metavar='COMMAND')
    commands.required = True
    run = commands.add_parser(
        'run', parents=[common], allow_abbrev=False, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EXIT_CODES_HELP,
        help='measure once with the session\'s plan, send the result, exit',
        description=textwrap.fill('Measure once with the session\'s plan: checks first (fio, iperf3 when the network '
                                  'is measured, the path, free space), then iperf3 against the box, then fio, then '
                                  'the result goes to the box.', 100))
    run.add_argument('--path', default='.', metavar='P',
                     help='the directory to measure: a directory on the mounted NFS or SMB share (default: the '
                          'current directory), or a block device with --overwrite-device')
    run.add_argument('--output', metavar='FILE',
                     help='write the result to this file instead of sending it (import it on the box with '
                          'tuning.benchmark.import, format CLIENT_KIT); written whole or not at all')
    agent = commands.add_parser(
        'agent', parents=[common], allow_abbrev=False, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EXIT_CODES_HELP,
        help='wait for the box\'s campaign steps and run each one (until the session expires)',
        description=textwrap.fill(f'Ask the box every {AGENT_POLL_SECONDS} s for a campaign step, run it and send '
                                  'its result; keeps trying while the box reboots, until the session expires. Ctrl-C '
                                  'stops it.', 100))
    agent.add_argument('--path', required=True, metavar='P',
                       help='the directory to measure (on the mounted share), or a block device with '
                            '--overwrite-device')
    server = commands.add_parser(
        'fio-server', parents=[common], allow_abbrev=False, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EXIT_CODES_HELP,
        help='run fio\'s own server for the box to drive (fio --client), while the box allows it',
        description=textwrap.fill('Run fio --server bound to --bind, so the box can start fio on several clients at '
                                  'once with fio\'s own distributed mode. The box grants the server a limited '
                                  'time for this session; it stops then, when the session ends, or with Ctrl-C, '
                                  'and its scratch directory is removed. fio\'s server accepts jobs from anyone who '
                                  'reaches its port while it runs: bind it to the address on the box\'s network.',
                                  100))
    server.add_argument('--path', required=True, metavar='P', help='the directory on the mounted share')
    server.add_argument('--bind', required=True, metavar='ADDRESS',
                        help='this client\'s IP address the box reaches it at')
    server.add_argument('--port', type=int, default=8765, help='the port (default 8765, fio\'s own)')
    return top


def _raise_interrupted(signum, frame):
    raise Interrupted(signal.Signals(signum).name)


def main(argv=None):
    options = parser().parse_args(argv)
    for name in ('SIGTERM', 'SIGHUP', 'SIGBREAK'):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _raise_interrupted)
    try:
        return {'run': command_run, 'agent': command_agent, 'fio-server': command_fio_server}[options.command](options)
    except KitError as e:
        log(('stopped: ' if e.exit_code != EXIT_CHECK else 'check failed, nothing was written: ') + e.message)
        return e.exit_code
    except KeyboardInterrupt:
        log('interrupted: fio was stopped and the scratch directory removed')
        return EXIT_INTERRUPTED


if __name__ == '__main__':
    sys.exit(main())
