"""Kernel sysctls a simulated box exposes: Debian 12 (kernel 6.1, systemd 252 sysctl.d) defaults.

Only the ones tuning may look at, plus a few neighbours so that "does this sysctl exist" is a real question.
Vector values (tcp_rmem, ...) are tab-separated, the way /proc/sys prints them. Pure data and functions.
"""

# name -> (kind, default, writable). kind: 'int' | 'ints' (whitespace-separated integers) | 'string'.
SYSCTLS = {
    'net.core.rmem_max': ('int', '212992', True),
    'net.core.wmem_max': ('int', '212992', True),
    'net.core.rmem_default': ('int', '212992', True),
    'net.core.wmem_default': ('int', '212992', True),
    'net.core.optmem_max': ('int', '20480', True),
    'net.core.netdev_max_backlog': ('int', '1000', True),
    'net.core.netdev_budget': ('int', '300', True),
    'net.core.somaxconn': ('int', '4096', True),
    'net.core.default_qdisc': ('string', 'fq_codel', True),
    'net.ipv4.tcp_rmem': ('ints', '4096\t131072\t6291456', True),
    'net.ipv4.tcp_wmem': ('ints', '4096\t16384\t4194304', True),
    'net.ipv4.tcp_mem': ('ints', '383865\t511820\t767730', True),
    'net.ipv4.tcp_congestion_control': ('string', 'cubic', True),
    'net.ipv4.tcp_available_congestion_control': ('string', 'reno cubic', False),
    'net.ipv4.tcp_window_scaling': ('int', '1', True),
    'net.ipv4.tcp_timestamps': ('int', '1', True),
    'net.ipv4.tcp_sack': ('int', '1', True),
    'net.ipv4.tcp_mtu_probing': ('int', '0', True),
    'net.ipv4.tcp_slow_start_after_idle': ('int', '1', True),
    'net.ipv4.tcp_no_metrics_save': ('int', '0', True),
    'net.ipv4.tcp_fastopen': ('int', '1', True),
    'net.ipv4.ip_forward': ('int', '0', True),
    'vm.swappiness': ('int', '60', True),
    'vm.dirty_ratio': ('int', '20', True),
    'vm.dirty_background_ratio': ('int', '10', True),
    'vm.dirty_expire_centisecs': ('int', '3000', True),
    'vm.dirty_writeback_centisecs': ('int', '500', True),
    'vm.vfs_cache_pressure': ('int', '100', True),
    'vm.min_free_kbytes': ('int', '67584', True),
    'vm.overcommit_memory': ('int', '0', True),
    'kernel.pid_max': ('int', '4194304', True),
    'kernel.hostname': ('string', 'truenas', True),
    'kernel.osrelease': ('string', '6.1.0-56-amd64', False),
    'fs.file-max': ('int', '9223372036854775807', True),
    'fs.aio-max-nr': ('int', '65536', True),
    'sunrpc.tcp_slot_table_entries': ('int', '2', True),
    'sunrpc.tcp_max_slot_table_entries': ('int', '65536', True),
}


def defaults():
    return {name: value for name, (_kind, value, _writable) in SYSCTLS.items()}


def normalize_value(name, kind, value, current_values=None):
    """The value as /proc/sys would read it back, or ValueError (the kernel's EINVAL)."""
    text = value.strip()
    if kind == 'int':
        try:
            return str(int(text))
        except ValueError:
            raise ValueError(f'{name}: {value!r} is not an integer') from None
    if kind == 'ints':
        parts = text.split()
        try:
            return '\t'.join(str(int(p)) for p in parts)
        except ValueError:
            raise ValueError(f'{name}: {value!r} must be whitespace-separated integers') from None
    if name == 'net.ipv4.tcp_congestion_control':
        available = (current_values or {}).get('net.ipv4.tcp_available_congestion_control', 'reno cubic').split()
        if text not in available:
            raise ValueError(f'{name}: {text!r} is not an available congestion control ({" ".join(available)})')
    if not text:
        raise ValueError(f'{name}: empty value')
    return text
