"""What may go into a line of `/etc/modprobe.d` or `/etc/sysctl.d`: the last line of defence of the writers.

`options zfs NAME=VALUE` is read word by word (a space starts another option) and line by line (a newline starts
another command, `install zfs /bin/sh ...` included); `NAME = VALUE` of sysctl.d splits at the first `=`. So a module
parameter's name and value are one word of plain ASCII without quotes, a sysctl name has no space, `=` or control
character, and a sysctl value no control character but tabs (vector values). Pure functions: each returns why the
text may not be written, or None.
"""
import re

MAX_NAME_LENGTH = 128             # TrueNAS's tunable var column
MAX_VALUE_LENGTH = 512            # TrueNAS's tunable value column

_PARAMETER_NAME = re.compile(r'[A-Za-z0-9_]+')
_SYSCTL_NAME = re.compile(r'[A-Za-z0-9_+:@-]+(?:/[A-Za-z0-9_+:@-]+)*(?:\.[A-Za-z0-9_+:@-]+(?:/[A-Za-z0-9_+:@-]+)*)*')
_OPTION_VALUE = re.compile(r'[!#-&(-\[\]-~]+')   # printable ASCII but space, quotes and backslash


def _name_error(name, pattern, rule) -> str | None:
    if not isinstance(name, str) or not pattern.fullmatch(name):
        return rule
    if len(name) > MAX_NAME_LENGTH:
        return f'is longer than {MAX_NAME_LENGTH} characters'
    return None


def zfs_parameter_name_error(name) -> str | None:
    return _name_error(name, _PARAMETER_NAME, 'a ZFS module parameter name is letters, digits and _')


def sysctl_name_error(name) -> str | None:
    """Dotted components (an interface name may hold `/` in place of its own dots, as `sysctl -aN` prints it)."""
    return _name_error(name, _SYSCTL_NAME, 'a sysctl name is dot-separated words of letters, digits and _ - + : @ /')


def module_option_value_error(value) -> str | None:
    if not isinstance(value, str) or not value:
        return 'must be a non-empty string'
    if len(value) > MAX_VALUE_LENGTH:
        return f'is longer than {MAX_VALUE_LENGTH} characters'
    if not _OPTION_VALUE.fullmatch(value):
        bad = next(ch for ch in value if not _OPTION_VALUE.fullmatch(ch))
        return f'contains {bad!r}: a module option value is one word of printable ASCII without quotes'
    return None


def sysctl_value_error(value) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return 'must be a non-empty string'
    if len(value) > MAX_VALUE_LENGTH:
        return f'is longer than {MAX_VALUE_LENGTH} characters'
    if not value.replace('\t', ' ').isprintable():
        bad = next(ch for ch in value if ch != '\t' and not ch.isprintable())
        return f'contains the control character {bad!r}'
    return None
