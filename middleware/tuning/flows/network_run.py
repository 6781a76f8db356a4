"""One network measurement from options to stored result: the options checked against the box, the four client
tests served in turn by one-off iperf3 servers in a worker thread, the result stored. Each server is recorded in
``iperf3_records_dir`` (beside fio's records) while it may run, and ``stop_leftover_iperf3`` (start-up) stops one a
killed host left listening."""
import errno
import os
import shutil
import socket
import threading

from .bench_run import fio_records_dir
from .abortable import in_thread
from ..bench_runner.fio_leftovers import stop_leftovers
from ..bench_runner.iperf3_server import ClientOverran, Iperf3Failed, NoClient, serve_one
from ..box.profile import read_profile
from ..core.figures import megabits
from ..core.network.iperf3_json import Iperf3Error, figures
from ..core.network.measurements import (
    client_argv, counter_interface, measurements, mismatch, pick_address, server_argv,
)
from ..framework import CallError, ValidationErrors
from ..store import network as store, restore_points as rps
from ..store.db import utc_now
from ..store.offloop import store_call

IPERF3 = 'iperf3'
IPERF3_RECORDS_DIR = 'running-iperf3'  # beside fio's, on the system dataset
OVERRUN_SECONDS = 30  # how long past its `-t` a client test may run before the server is stopped


def iperf3_records_dir(middleware) -> str:
    return os.path.join(os.path.dirname(fio_records_dir(middleware)), IPERF3_RECORDS_DIR)


async def stop_leftover_iperf3(middleware) -> list[str]:
    """Stop the iperf3 servers a killed host left listening; → what was stopped, in words (logged as recovered)."""
    notes = [f'stopped iperf3 (pid {", ".join(map(str, run["pids"]))}) left listening by a network measurement the '
             'restart interrupted'
             for run in await middleware.run_in_thread(stop_leftovers, iperf3_records_dir(middleware))]
    for note in notes:
        await store_call(middleware, rps.log_event, 'recovery', note)
    return notes


def port_free(address: str, port: int) -> bool:
    family = socket.AF_INET6 if ':' in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((address, port))
        except OSError:
            return False
    return True


def require_iperf3() -> str:
    binary = shutil.which(IPERF3)
    if binary is None:
        raise CallError('iperf3 is not installed on this box; the network measurement needs it (TrueNAS ships it).',
                        errno.ENOENT)
    return binary


async def checked_session(middleware, options: dict) -> dict:
    """The interface, its address, link speed and MTU; ``ValidationErrors`` naming the option that is wrong."""
    verrors = ValidationErrors()
    profile = await read_profile(middleware)
    nic = next((n for n in profile['nics'] if n['name'] == options['interface']), None)
    if nic is None:
        names = ', '.join(n['name'] for n in profile['nics']) or 'none'
        verrors.add('options.interface', f'{options["interface"]} is not a network port of this box ({names}).',
                    errno.ENOENT)
        verrors.check()
    rows = await middleware.call('interface.query', [['name', '=', nic['name']]])
    address = pick_address(((rows[0].get('state') or {}).get('aliases') or []) if rows else [])
    if address is None:
        verrors.add('options.interface', f'{nic["name"]} has no IPv4 or global IPv6 address to listen on.')
    elif not await middleware.run_in_thread(port_free, address, options['port']):
        verrors.add('options.port', f'Port {options["port"]} is in use on {address}: choose another one.',
                    errno.EADDRINUSE)
    verrors.check()
    return {'nic': nic, 'address': address}


def session_words(session: dict, options: dict, index: int, total: int, measurement: dict) -> str:
    command = ' '.join(client_argv(session['address'], options['port'], options['duration_seconds'], measurement))
    return (f'Measurement {index}/{total} ({measurement["name"]}): waiting for a client on '
            f'{session["address"]}:{options["port"]} (interface {session["nic"]["name"]}); run `{command}`')


class Session:
    """Serves the measurements in turn, each from its own one-off iperf3 server, in a worker thread."""

    def __init__(self, middleware, set_progress, job_id, options: dict, session: dict, binary: str):
        self.middleware, self.set_progress, self.job_id = middleware, set_progress, job_id
        self.options, self.session, self.binary = options, session, binary
        self.plan = measurements(options['parallel_streams'])
        self.abort = threading.Event()
        lo_or_nic = counter_interface(session['nic']['name'], session['address'])
        self.counters = tuple(f'/sys/class/net/{lo_or_nic}/statistics/{c}_bytes' for c in ('rx', 'tx'))

    def serve(self) -> list[tuple[dict, dict]]:
        """``[(measurement, iperf3 document)]`` of every measurement (runs in a worker thread)."""
        done = []
        for index, measurement in enumerate(self.plan, start=1):
            done.append((measurement, self._serve(index, measurement)))
        return done

    def _serve(self, index: int, measurement: dict) -> dict:
        options, address = self.options, self.session['address']
        total, base = len(self.plan), 100 * (index - 1) / len(self.plan)
        waiting = session_words(self.session, options, index, total, measurement)
        argv = server_argv(self.binary, address, options['port'])
        while True:
            self.set_progress(base, f'Measurement {index}/{total} ({measurement["name"]}): starting the iperf3 '
                                    'server')

            def on_event(kind, value):
                if kind == 'listening':
                    self.set_progress(base, waiting + '…')
                elif kind == 'connected':
                    self.set_progress(base, f'Measurement {index}/{total} ({measurement["name"]}): client connected '
                                            f'from {value[0]}')
                else:
                    rx, tx = value
                    words, rate = (('receiving', rx) if measurement['direction'] == 'CLIENT_TO_BOX'
                                   else ('sending', tx))
                    self.set_progress(base, f'Measurement {index}/{total} ({measurement["name"]}): {words} '
                                            f'{rate / 8e6:.0f} MB/s', {'bits_per_second': rate})
            try:
                doc = serve_one(argv, address, options['port'], self.counters, options['client_timeout_seconds'],
                                options['duration_seconds'] + OVERRUN_SECONDS, on_event, self.abort,
                                iperf3_records_dir(self.middleware), f'iperf3-{self.job_id}')
                observed = figures(doc)
            except NoClient:
                raise CallError(f'No client came within {options["client_timeout_seconds"]} s for measurement '
                                f'{index}/{total} ({measurement["name"]}); the server is stopped.',
                                errno.ETIMEDOUT) from None
            except ClientOverran:
                raise CallError(f'The client\'s test ran more than {OVERRUN_SECONDS} s past its '
                                f'{options["duration_seconds"]} s; the server is stopped.', errno.ETIMEDOUT) from None
            except (Iperf3Error, Iperf3Failed) as e:
                raise CallError(f'iperf3 failed in measurement {index}/{total}: {e}', errno.EIO) from None
            why = mismatch(measurement, options['duration_seconds'], observed)
            if why is None:
                return doc
            waiting = f'{session_words(self.session, options, index, total, measurement)} ({why}: not counted)'


def session_record(options: dict, session: dict, served: list, created_at: str) -> dict:
    """The stored result from the served documents (pure)."""
    rows = []
    for measurement, doc in served:
        f = figures(doc)
        rows.append({'name': measurement['name'], 'streams': f['streams'], 'direction': f['direction'],
                     'bits_per_second': f['bits_per_second'],
                     'bits_per_second_received': f['bits_per_second_received'],
                     'bits_per_second_sent': f['bits_per_second_sent'], 'retransmits': f['retransmits'],
                     'cpu_percent': f['cpu_percent_local'], 'seconds': f['seconds'],
                     'client_address': f['client_address'],
                     'client_command': client_argv(session['address'], options['port'], options['duration_seconds'],
                                                   measurement)})
    nic, first = session['nic'], figures(served[0][1])
    return {
        'created_at': created_at,
        'label': options.get('label') or f'{nic["name"]} · {first["client_address"]}',
        'interface': nic['name'], 'address': session['address'], 'port': options['port'],
        'link_speed_mbps': nic['speed_mbps'], 'mtu': nic.get('mtu'), 'client_address': first['client_address'],
        'iperf3_version': first['version'], 'measurements': rows,
        'ceiling_bits_per_second': max(r['bits_per_second'] for r in rows),
        'options': options, 'raw': [doc for _, doc in served],
    }


async def measure(middleware, set_progress, job_id, options: dict) -> dict:
    binary = await middleware.run_in_thread(require_iperf3)
    session = await checked_session(middleware, options)
    created_at = utc_now()
    runner = Session(middleware, set_progress, job_id, options, session, binary)
    served = await in_thread(middleware, runner.abort, runner.serve)
    entry = await store_call(middleware, store.insert_network_result, **session_record(options, session, served,
                                                                                      created_at))
    set_progress(100, f'Network ceiling #{entry["id"]} stored: {megabits(entry["ceiling_bits_per_second"] / 1e6)} '
                      f'on {entry["interface"]}')
    return entry
