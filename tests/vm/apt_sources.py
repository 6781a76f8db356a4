"""Find the Debian mirror this machine already uses, from its own apt sources.

The VM image is built from the same mirror the host's apt talks to, so the project never names a registry host.
Pure parsing lives in `debian_mirrors`; `main()` reads the files and prints `main=URI` / `security=URI`.
"""
from __future__ import annotations

import glob
import sys


def _deb822_stanzas(text: str) -> list[dict[str, str]]:
    stanzas, cur, last = [], {}, None
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith('#'):
            continue
        if not line.strip():
            if cur:
                stanzas.append(cur)
            cur, last = {}, None
            continue
        if line[0] in ' \t' and last:  # continuation line
            cur[last] += ' ' + line.strip()
            continue
        if ':' in line:
            k, v = line.split(':', 1)
            last = k.strip().lower()
            cur[last] = v.strip()
    if cur:
        stanzas.append(cur)
    return stanzas


def _one_line_entries(text: str) -> list[tuple[str, str]]:
    """(uri, suite) for each `deb URI SUITE COMPONENTS...` line of a sources.list."""
    out = []
    for raw in text.splitlines():
        parts = raw.split('#', 1)[0].split()
        if len(parts) < 3 or parts[0] != 'deb':
            continue
        rest = parts[1:]
        if rest[0].startswith('['):  # options like [signed-by=...]
            while rest and not rest[0].endswith(']'):
                rest = rest[1:]
            rest = rest[1:]
        if len(rest) >= 2:
            out.append((rest[0], rest[1]))
    return out


def debian_mirrors(files: dict[str, str], release: str = 'bookworm') -> dict[str, str | None]:
    """Return {"main": uri, "security": uri|None} for `release` from apt source files {path: text}.

    Raises ValueError when no source serves `release` itself.
    """
    pairs: list[tuple[str, str]] = []
    for path, text in sorted(files.items()):
        if path.endswith('.sources'):
            for st in _deb822_stanzas(text):
                if st.get('enabled', 'yes').lower() == 'no' or 'deb' not in st.get('types', '').split():
                    continue
                for uri in st.get('uris', '').split():
                    for suite in st.get('suites', '').split():
                        pairs.append((uri, suite))
        elif path.endswith('.list'):
            pairs.extend(_one_line_entries(text))
    main = next((u for u, s in pairs if s == release), None)
    if main is None:
        raise ValueError(f'no apt source serves suite {release!r}')
    security = next((u for u, s in pairs if s == f'{release}-security'), None)
    return {'main': main.rstrip('/'), 'security': security.rstrip('/') if security else None}


def main() -> int:
    paths = glob.glob('/etc/apt/sources.list.d/*.sources') + glob.glob('/etc/apt/sources.list.d/*.list')
    paths += glob.glob('/etc/apt/sources.list')
    files = {}
    for p in paths:
        with open(p, encoding='utf-8') as f:
            files[p] = f.read()
    release = sys.argv[1] if len(sys.argv) > 1 else 'bookworm'
    m = debian_mirrors(files, release)
    print(f"main={m['main']}")
    print(f"security={m['security'] or ''}")
    return 0


if __name__ == '__main__':
    sys.exit(main())
