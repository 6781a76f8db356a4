"""The openzfs backend's only door to the machine: files under a root and commands.

Tests build a `HostIO(root=tmpdir)` over a fake /sys, /proc and /etc tree (real files, real permission bits) and a
command runner that records argv and answers with captured outputs.
"""
import os
import stat
import subprocess


class CommandResult:
    def __init__(self, returncode, stdout, stderr=''):
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr


def run_command(argv, timeout=600):
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    return CommandResult(proc.returncode, proc.stdout, proc.stderr)


class HostIO:
    def __init__(self, root='/', runner=run_command):
        self.root = root
        self.runner = runner

    def path(self, path):
        return os.path.join(self.root, path.lstrip('/'))

    def exists(self, path):
        return os.path.exists(self.path(path))

    def read(self, path):
        with open(self.path(path)) as f:
            return f.read()

    def write(self, path, text):
        """Write like `echo text > path` does on sysfs/procfs: no truncation games, one write call."""
        with open(self.path(path), 'w') as f:
            f.write(text)

    def write_file_atomically(self, path, text, mode=0o644):
        real = self.path(path)
        os.makedirs(os.path.dirname(real), exist_ok=True)
        tmp = f'{real}.tmp'
        with open(tmp, 'w') as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, real)

    def remove(self, path):
        try:
            os.unlink(self.path(path))
        except FileNotFoundError:
            pass

    def listdir(self, path):
        try:
            return sorted(os.listdir(self.path(path)))
        except FileNotFoundError:
            return []

    def is_owner_writable(self, path):
        """sysfs/procfs say read-only with mode bits (root would pass an access() check anyway)."""
        return bool(os.stat(self.path(path)).st_mode & stat.S_IWUSR)

    def walk_files(self, path):
        """Relative paths of the regular files below `path` (for /proc/sys)."""
        base = self.path(path)
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                yield os.path.relpath(os.path.join(dirpath, name), base)

    def run(self, argv):
        return self.runner(list(argv))
