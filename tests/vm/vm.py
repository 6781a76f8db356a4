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

import os
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path



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
                 accel: str | None = None, run_root: Path | None = None, keep: bool | None = None):
        self.image = Path(image or image_dir()).resolve()
        if not image_ready(self.image):
            raise VMError(f'no VM image in {self.image}; run tests/vm/build-image.sh')
        self.data_disks = data_disks
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
            '-drive', f'if=none,id=root,file={self.dir / "root.qcow2"},format=qcow2,cache=unsafe',
            '-device', 'virtio-blk-pci,drive=root',
            '-netdev', 'user,id=n0,restrict=on,' + ','.join(fwd),
            '-device', 'virtio-net-pci,netdev=n0',
        ]
        for i in range(1, self.data_disks + 1):
            cmd += ['-drive', f'if=none,id=d{i},file={self.dir / f"d{i}.qcow2"},format=qcow2,cache=unsafe',
                    '-device', f'virtio-blk-pci,drive=d{i},serial=zfsd{i}']
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
        while True:
            if not self.alive():
                raise VMError(f'qemu exited (rc={self.proc and self.proc.returncode})\n{self._diagnostics()}')
            r = self.ssh('cat /proc/sys/kernel/random/boot_id', check=False, timeout=30, connect_timeout=5)
            if r.returncode == 0:
                bid = r.stdout.strip()
                if bid and bid != boot_id_not:
                    return bid
            if time.monotonic() > deadline:
                raise VMError(f'ssh not up after {timeout}s\n{self._diagnostics()}')
            time.sleep(1)  # poll interval between connection attempts

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
            self._kill()
        finally:
            if getattr(self, '_qemu_log', None):
                self._qemu_log.close()
            if not self.keep:
                shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> 'VM':
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- commands and files ----------------------------------------------------------------------------------
    def _ssh_base(self, connect_timeout: int = 10) -> list[str]:
        return ['ssh', '-i', str(self.key), '-p', str(self.ssh_port),
                '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR',
                '-o', 'BatchMode=yes', '-o', f'ConnectTimeout={connect_timeout}',
                '-o', 'ServerAliveInterval=15', '-o', 'ServerAliveCountMax=4', 'root@127.0.0.1']

    def ssh(self, cmd: str, *, check: bool = True, timeout: float = 600, input: bytes | str | None = None,
            connect_timeout: int = 10, text: bool = True) -> subprocess.CompletedProcess:
        """Run a shell command line in the guest as root."""
        if isinstance(input, str) and not text:
            input = input.encode()
        try:
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
        return ['scp', '-q', '-i', str(self.key), '-P', str(self.ssh_port), '-o', 'StrictHostKeyChecking=no',
                '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR', '-o', 'BatchMode=yes']

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
