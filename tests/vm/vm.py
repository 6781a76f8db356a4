"""Boot and drive the OpenZFS test VM (QEMU) built by build-image.sh.

The cached image is never written: every VM boots from a fresh qcow2 overlay in its own run directory, with N
small data disks (serial `zfsdN`, seen in the guest as /dev/disk/by-id/virtio-zfsdN) and loopback-only port
forwards (ssh plus any named guest ports). Everything waits by polling the guest, never by sleeping blind.

    with VM(image_dir(), data_disks=6, forwards={'api': 6000}) as vm:
        vm.start()
        print(vm.run('zfs version'))
        vm.reboot()
"""
from __future__ import annotations

import json
import os
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from disk_shapes import DiskShape


def cache_dir() -> Path:
    """Outside the checkout, so every clone (CI's clean clone too) boots the same image; the same rule as
    build-image.sh."""
    default = Path(os.environ.get('XDG_CACHE_HOME') or Path.home() / '.cache') / 'truenas-tuning' / 'vm'
    return Path(os.environ.get('TUNING_VM_CACHE') or default).resolve()


def image_dir() -> Path:
    return cache_dir() / 'image'


def image_ready(path: Path | None = None) -> bool:
    path = path or image_dir()
    return all((path / f).is_file() for f in ('root.img', 'vmlinuz', 'initrd.img', 'id_ed25519', 'recipe.sha256'))


def read_versions(path: Path | None = None) -> dict[str, str]:
    """The versions.env the build wrote (kernel, ZFS package, fio, Python)."""
    out = {}
    for line in ((path or image_dir()) / 'versions.env').read_text().splitlines():
        if '=' in line:
            k, v = line.split('=', 1)
            out[k] = v
    return out


def free_loopback_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


class VMError(RuntimeError):
    pass


class VM:
    def __init__(self, image: Path | None = None, *, data_disks: int = 6, disk_size: str = '2G',
                 forwards: dict[str, int] | None = None, memory: str = '4G', smp: int = 2,
                 accel: str | None = None, run_root: Path | None = None, keep: bool | None = None,
                 disk_shapes: dict[int, DiskShape] | None = None):
        self.image = Path(image or image_dir()).resolve()
        if not image_ready(self.image):
            raise VMError(f'no VM image in {self.image}; run tests/vm/build-image.sh')
        self.data_disks = data_disks
        self.disk_shapes = dict(disk_shapes or {})   # {data disk index (1-based): DiskShape} from boot on
        self.disk_size = disk_size
        self.guest_ports = dict(forwards or {})
        self.memory = memory
        self.smp = smp
        self.accel = accel or os.environ.get('TUNING_VM_ACCEL', 'tcg')
        self.keep = keep if keep is not None else os.environ.get('TUNING_VM_KEEP') == '1'
        root = Path(run_root or cache_dir() / 'runs')
        root.mkdir(parents=True, exist_ok=True)
        self.dir = Path(tempfile.mkdtemp(prefix='vm-', dir=root))
        self.key = self.dir / 'id_ed25519'
        shutil.copyfile(self.image / 'id_ed25519', self.key)
        self.key.chmod(0o600)
        self.ssh_port = free_loopback_port()
        # One ssh connection shared by every command (OpenSSH multiplexing): under TCG a fresh connection's key
        # exchange costs 1.5-2.5 s in the guest, a session on the shared one about 0.2 s. Short path: a unix
        # socket's name is limited to about 100 bytes.
        self.mux = Path(tempfile.mkdtemp(prefix='tvm-')) / 'mux'
        self.ports = {name: free_loopback_port() for name in self.guest_ports}  # host side, 127.0.0.1
        self.proc: subprocess.Popen | None = None
        self.timings: dict[str, float] = {}

    # -- lifecycle -------------------------------------------------------------------------------------------
    def _qemu_cmd(self) -> list[str]:
        fwd = [f'hostfwd=tcp:127.0.0.1:{self.ssh_port}-:22']
        fwd += [f'hostfwd=tcp:127.0.0.1:{self.ports[n]}-:{gp}' for n, gp in self.guest_ports.items()]
        accel = 'tcg,thread=multi,tb-size=512' if self.accel == 'tcg' else self.accel
        cmd = [
            'qemu-system-x86_64', '-accel', accel, '-cpu', 'max', '-smp', str(self.smp), '-m', self.memory,
            '-nodefaults', '-display', 'none', '-no-user-config',
            '-kernel', str(self.image / 'vmlinuz'), '-initrd', str(self.image / 'initrd.img'),
            '-append', 'root=/dev/vda rw console=ttyS0 quiet',
            '-serial', f'file:{self.dir / "console.log"}',
            '-monitor', f'unix:{self.dir / "monitor.sock"},server,nowait',
            '-qmp', f'unix:{self.dir / "qmp.sock"},server=on,wait=off',
            '-drive', f'if=none,id=root,file={self.dir / "root.qcow2"},format=qcow2,cache=unsafe',
            '-device', 'virtio-blk-pci,drive=root',
            '-netdev', 'user,id=n0,restrict=on,' + ','.join(fwd),
            '-device', 'virtio-net-pci,netdev=n0',
        ]
        for i in range(1, self.data_disks + 1):
            shape = self.disk_shapes.get(i)
            limits = (f',throttling.bps-total={shape.bytes_per_second},throttling.iops-total={shape.iops}'
                      if shape else '')
            cmd += ['-drive', f'if=none,id=d{i},file={self.dir / f"d{i}.qcow2"},format=qcow2,cache=unsafe{limits}',
                    '-device', f'virtio-blk-pci,drive=d{i},id=vd{i},serial=zfsd{i}']
        return cmd

    def start(self, timeout: float = 600) -> 'VM':
        t0 = time.monotonic()
        subprocess.run(['qemu-img', 'create', '-q', '-f', 'qcow2', '-b', str(self.image / 'root.img'),
                        '-F', 'raw', str(self.dir / 'root.qcow2')], check=True)
        for i in range(1, self.data_disks + 1):
            subprocess.run(['qemu-img', 'create', '-q', '-f', 'qcow2', str(self.dir / f'd{i}.qcow2'),
                            self.disk_size], check=True)
        self._qemu_log = open(self.dir / 'qemu.log', 'wb')
        self.proc = subprocess.Popen(self._qemu_cmd(), stdin=subprocess.DEVNULL, stdout=self._qemu_log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_ssh(timeout)
        self.timings['boot_to_ssh_s'] = round(time.monotonic() - t0, 1)
        return self

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def _diagnostics(self) -> str:
        parts = []
        for name in ('qemu.log', 'console.log'):
            p = self.dir / name
            if p.exists():
                parts.append(f'--- {name} (tail) ---\n' + '\n'.join(p.read_text(errors='replace').splitlines()[-25:]))
        return '\n'.join(parts)

    def wait_ssh(self, timeout: float = 600, *, boot_id_not: str | None = None) -> str:
        """Poll until ssh answers (and, if given, the boot id differs from `boot_id_not`); return the boot id."""
        deadline = time.monotonic() + timeout
        self._drop_mux()  # a connection to the kernel that went away would hang the polls
        while True:
            if not self.alive():
                raise VMError(f'qemu exited (rc={self.proc and self.proc.returncode})\n{self._diagnostics()}')
            r = self.ssh('cat /proc/sys/kernel/random/boot_id', check=False, timeout=30, connect_timeout=5,
                         shared=False)
            if r.returncode == 0:
                bid = r.stdout.strip()
                if bid and bid != boot_id_not:
                    return bid
            if time.monotonic() > deadline:
                raise VMError(f'ssh not up after {timeout}s\n{self._diagnostics()}')
            time.sleep(1)  # poll interval between connection attempts

    def qmp(self, command: str, arguments: dict | None = None, timeout: float = 30) -> dict:
        """One QMP command on QEMU's machine protocol socket; its `return`, or VMError with QEMU's words."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(timeout)
            sock.connect(str(self.dir / 'qmp.sock'))
            lines = sock.makefile('rwb')

            def answer() -> dict:
                while True:   # events (e.g. a guest's shutdown) may come between: only a return or an error ends
                    msg = json.loads(lines.readline() or b'{"error": {"desc": "QEMU closed QMP"}}')
                    if 'return' in msg or 'error' in msg:
                        return msg

            json.loads(lines.readline())   # the greeting
            for execute, args in (('qmp_capabilities', None), (command, arguments)):
                lines.write(json.dumps({'execute': execute, **({'arguments': args} if args else {})}).encode() + b'\n')
                lines.flush()
                msg = answer()
                if 'error' in msg:
                    raise VMError(f'QMP {execute}: {msg["error"].get("desc")}')
            return msg['return']

    def shape_disk(self, index: int, shape: DiskShape | None) -> None:
        """Throttle data disk `index` (1-based) to `shape` while the guest runs, or lift its limits (None)."""
        bps, iops = (shape.bytes_per_second, shape.iops) if shape else (0, 0)
        self.qmp('block_set_io_throttle', {'device': f'd{index}', 'bps': bps, 'bps_rd': 0, 'bps_wr': 0,
                                           'iops': iops, 'iops_rd': 0, 'iops_wr': 0})
        if shape:
            self.disk_shapes[index] = shape
        else:
            self.disk_shapes.pop(index, None)

    def boot_id(self) -> str:
        return self.run('cat /proc/sys/kernel/random/boot_id').strip()

    def reboot(self, timeout: float = 600) -> str:
        """Reboot the guest (QEMU keeps running, forwards stay) and wait until it is back; return the new boot id."""
        t0 = time.monotonic()
        old = self.boot_id()
        self.ssh('systemctl reboot --no-block', check=False, timeout=30)
        new = self.wait_ssh(timeout, boot_id_not=old)
        self.timings['reboot_to_ssh_s'] = round(time.monotonic() - t0, 1)
        return new

    def wait_rebooted(self, old_boot_id: str, timeout: float = 600) -> str:
        """For reboots started by something else (e.g. system.reboot through the API)."""
        return self.wait_ssh(timeout, boot_id_not=old_boot_id)

    def poweroff(self, timeout: float = 120) -> None:
        if not self.alive():
            return
        t0 = time.monotonic()
        self.ssh('systemctl poweroff --no-block', check=False, timeout=30)
        self._drop_mux()
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self._kill()
        self.timings['poweroff_s'] = round(time.monotonic() - t0, 1)

    def _kill(self) -> None:
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(15)

    def close(self) -> None:
        try:
            self._drop_mux()
            self._kill()
        finally:
            shutil.rmtree(self.mux.parent, ignore_errors=True)
            if getattr(self, '_qemu_log', None):
                self._qemu_log.close()
            if not self.keep:
                shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> 'VM':
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- commands and files ----------------------------------------------------------------------------------
    def _ssh_options(self, connect_timeout: int = 10) -> list[str]:
        return ['-i', str(self.key), '-p', str(self.ssh_port),
                '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR',
                '-o', 'BatchMode=yes', '-o', f'ConnectTimeout={connect_timeout}',
                '-o', 'ServerAliveInterval=15', '-o', 'ServerAliveCountMax=4']

    def _ssh_base(self, connect_timeout: int = 10, shared: bool = True) -> list[str]:
        """ssh to the guest's root; `shared` goes through the shared connection when there is one (without one, ssh
        connects on its own: ControlMaster=no never starts a master)."""
        if shared:
            self._open_mux()
        mux = ['-o', 'ControlMaster=no', '-o', f'ControlPath={self.mux}'] if shared else ['-o', 'ControlPath=none']
        return ['ssh', *self._ssh_options(connect_timeout), *mux, 'root@127.0.0.1']

    def _open_mux(self) -> None:
        """Start the shared connection if it is not there. Started on its own with stdio on /dev/null: a master
        forked from a command run with captured output would hold the pipes open and hang that command."""
        if self.mux.exists() or not self.alive():
            return
        subprocess.run(['ssh', *self._ssh_options(), '-o', 'ControlMaster=yes', '-o', f'ControlPath={self.mux}',
                        '-o', 'ControlPersist=yes', '-N', '-f', 'root@127.0.0.1'],
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=60, check=False)

    def _drop_mux(self) -> None:
        """Close the shared connection (before a reboot or power off; the next command opens a new one)."""
        if self.mux.exists():
            subprocess.run(['ssh', '-o', f'ControlPath={self.mux}', '-O', 'exit', 'root@127.0.0.1'],
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=30, check=False)
            self.mux.unlink(missing_ok=True)

    def ssh(self, cmd: str, *, check: bool = True, timeout: float = 600, input: bytes | str | None = None,
            connect_timeout: int = 10, text: bool = True, shared: bool = True) -> subprocess.CompletedProcess:
        """Run a shell command line in the guest as root."""
        if isinstance(input, str) and not text:
            input = input.encode()
        try:
            r = subprocess.run(self._ssh_base(connect_timeout, shared) + [cmd], input=input, capture_output=True,
                               timeout=timeout, text=text)
            if shared and r.returncode == 255 and 'mux_client' in (r.stderr if text else r.stderr.decode()):
                # the shared connection died under us (the guest rebooted on its own): once more, on a new one
                self._drop_mux()
                r = subprocess.run(self._ssh_base(connect_timeout) + [cmd], input=input, capture_output=True,
                                   timeout=timeout, text=text)
        except subprocess.TimeoutExpired as e:
            if check:
                raise VMError(f'guest command timed out after {timeout}s: {cmd}') from e
            return subprocess.CompletedProcess(cmd, 255, '', f'timeout after {timeout}s')
        if check and r.returncode != 0:
            raise VMError(f'guest command failed (rc={r.returncode}): {cmd}\n{r.stderr}')
        return r

    def run(self, cmd: str, **kw) -> str:
        """Run in the guest, raise on failure, return stdout."""
        return self.ssh(cmd, **kw).stdout

    def scp_base(self) -> list[str]:
        self._open_mux()
        return ['scp', '-q', '-i', str(self.key), '-P', str(self.ssh_port), '-o', 'StrictHostKeyChecking=no',
                '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR', '-o', 'BatchMode=yes',
                '-o', 'ControlMaster=no', '-o', f'ControlPath={self.mux}']

    def put(self, local: str | Path, remote: str) -> None:
        subprocess.run(self.scp_base() + ['-r', str(local), f'root@127.0.0.1:{remote}'], check=True)

    def get(self, remote: str, local: str | Path) -> None:
        subprocess.run(self.scp_base() + ['-r', f'root@127.0.0.1:{remote}', str(local)], check=True)

    def put_tree(self, base: str | Path, names: list[str], remote_dir: str) -> None:
        """Copy `names` (relative to `base`) into `remote_dir`, replacing what was there; skips caches."""
        tar = subprocess.Popen(['tar', '-C', str(base), '--exclude=__pycache__', '--exclude=*.pyc',
                                '--exclude=node_modules', '-czf', '-', *names], stdout=subprocess.PIPE)
        q = shlex.quote(remote_dir)
        targets = ' '.join(shlex.quote(f'{remote_dir}/{n}') for n in names)
        r = subprocess.run(self._ssh_base() + [f'mkdir -p {q} && rm -rf {targets} && tar -C {q} -xzf -'],
                           stdin=tar.stdout, capture_output=True, text=True)
        tar.stdout.close()
        if tar.wait() != 0 or r.returncode != 0:
            raise VMError(f'copying {names} into the guest failed: {r.stderr}')

    def write_file(self, remote: str, content: str, mode: str = '0644') -> None:
        q = shlex.quote(remote)
        self.ssh(f'mkdir -p "$(dirname {q})" && cat > {q} && chmod {mode} {q}', input=content)

    def disk_ids(self) -> list[str]:
        """by-id paths of the data disks, in order."""
        return [f'/dev/disk/by-id/virtio-zfsd{i}' for i in range(1, self.data_disks + 1)]


def main(argv: list[str] | None = None) -> int:
    """`python tests/vm/vm.py [N_DISKS]`: boot a VM, print how to reach it, power off on Enter (for poking)."""
    import sys
    argv = sys.argv[1:] if argv is None else argv
    n = int(argv[0]) if argv else 6
    with VM(data_disks=n, forwards={'api': 6000}, keep=True) as vm:
        vm.start()
        print(f'up in {vm.timings["boot_to_ssh_s"]}s: ' + ' '.join(vm._ssh_base()))
        print(f'guest :6000 -> 127.0.0.1:{vm.ports["api"]}; run dir {vm.dir}')
        input('Enter to power off> ')
        vm.poweroff()
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
