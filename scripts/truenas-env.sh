#!/usr/bin/env bash
# TrueNAS release environments for the reality tiers (tests/truenas_rules, tests/truenas_live).
#
#   scripts/truenas-env.sh 25.10|26.0
#   eval "$(scripts/truenas-env.sh 25.10)"      # then: "$PYTHON" -m pytest ...
#
# For the given release it
#   1. unpacks TrueNAS's middlewared and truenas_api_client archives from $TRUENAS_ARCHIVES (default
#      /work/shared/truenas, next to the checkout as ../shared/truenas) into
#      $TRUENAS_TUNING_CACHE/truenas/<release>/<sha256 of the archive> (default cache ~/.cache/truenas-tuning);
#   2. builds a side venv per release with the Python and the library versions that release ships
#      (25.10: Python 3.11, pydantic 2.9.2 ...; 26.0: Python 3.13, pydantic 2.10.6 ...) plus what middlewared imports
#      at module level and the test tools (pytest), in $TRUENAS_TUNING_CACHE/venv/<release>-<hash of the pins>;
#   3. prints shell assignments (and writes the same lines to $TRUENAS_TUNING_CACHE/<release>.env):
#        TRUENAS_RELEASE=25.10
#        MIDDLEWARED_SRC=<dir holding the middlewared package>          (src/middlewared of the release)
#        TRUENAS_API_CLIENT_SRC=<dir holding the truenas_api_client package>
#        PYTHON=<the venv's python>
#        TRUENAS_VERSION=<the full release, e.g. 25.10.6>
#
# Idempotent: an archive already unpacked (same sha256) and a venv already built (same pins) are reused, so a cached
# call takes well under a second. Progress goes to stderr; stdout carries only the assignments.
# Needs: zstd, tar, sha256sum; python3.11 (25.10) or ~/.pyenv/versions/3.13.0/bin/python3.13 or python3.13 (26.0);
# network access to PyPI only the first time a venv is built.
set -euo pipefail

release="${1:-}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
archives="${TRUENAS_ARCHIVES:-}"
if [ -z "$archives" ]; then
    for d in /work/shared/truenas "$repo/../shared/truenas"; do
        [ -d "$d" ] && { archives="$d"; break; }
    done
fi
cache="${TRUENAS_TUNING_CACHE:-$HOME/.cache/truenas-tuning}"
log() { echo "truenas-env: $*" >&2; }

case "$release" in
  25.10)
    mw_glob='middlewared-TS-25.10.*.tar.zst'; client_glob='api_client-TS-25.10.*.tar.zst'
    python="$(command -v python3.11 || true)"
    [ -x /usr/bin/python3.11 ] && python=/usr/bin/python3.11
    # python-truenas-requirements TS-25.10.x + Debian bookworm (SQLAlchemy 1.4, Mako 1.2, pyroute2 0.7.2: the live tier
    # identifies loopback TCP connections with its sock_diag DiagSocket, as utils/origin.py does on a box)
    pins=(pydantic==2.9.2 pydantic_core==2.23.4 typing_extensions==4.12.2 aiohttp==3.12.14 websocket-client==1.8.0
          SQLAlchemy==1.4.46 Mako==1.2.4 croniter==1.3.8 email-validator==2.2.0 isodate==0.6.1 cryptography==43.0.3
          html2text==2020.1.16 humanfriendly==10.0 Markdown==3.4.1 requests==2.28.1 pyudev==0.24.0
          psutil==5.9.4 python-dateutil==2.8.2 jsonschema==4.10.3 pyroute2==0.7.2 pytest==8.3.4 pytest-timeout==2.3.1)
    ;;
  26.0)
    mw_glob='middlewared-TS-26.0.*.tar.zst'; client_glob='api_client-TS-26.0.*.tar.zst'
    python=""
    for p in "$HOME/.pyenv/versions/3.13.0/bin/python3.13" "$(command -v python3.13 || true)"; do
        [ -n "$p" ] && [ -x "$p" ] && { python="$p"; break; }
    done
    # python-truenas-requirements TS-26.0.0-BETA.1 (aiohttp) + Debian trixie (the rest; SQLAlchemy 2.0: 26.0 datastore uses
    # the 2.0 compiler API, _post_compile_expanded_state)
    pins=(pydantic==2.10.6 pydantic-core==2.27.2 typing_extensions==4.13.2 aiohttp==3.12.14 websocket-client==1.8.0
          SQLAlchemy==2.0.40 Mako==1.3.8 croniter==6.0.0 email-validator==2.2.0 isodate==0.7.2 cryptography==43.0.0
          html2text==2024.2.26 humanfriendly==10.0 Markdown==3.7 requests==2.32.3 pyudev==0.24.3
          psutil==7.0.0 python-dateutil==2.9.0 jsonschema==4.19.2 pytest==8.3.4 pytest-timeout==2.3.1)
    ;;
  *) echo "usage: $0 25.10|26.0   (prints MIDDLEWARED_SRC=, TRUENAS_API_CLIENT_SRC=, PYTHON= lines)" >&2; exit 2;;
esac

[ -n "$archives" ] && [ -d "$archives" ] || { log "no archive directory (set TRUENAS_ARCHIVES)"; exit 1; }
[ -n "$python" ] && [ -x "$python" ] || { log "no Python interpreter for TrueNAS $release"; exit 1; }

pick() {  # the newest archive matching a glob
    local found
    found="$(cd "$archives" && ls -1 $1 2>/dev/null | sort -V | tail -1)"
    [ -n "$found" ] || { log "no $1 in $archives"; exit 1; }
    echo "$archives/$found"
}

unpack() {  # unpack an archive once per sha256; prints the directory
    local archive="$1" sum dest
    sum="$(sha256sum "$archive" | cut -c1-16)"
    dest="$cache/truenas/$release/$(basename "$archive" .tar.zst)-$sum"
    if [ ! -f "$dest/.unpacked" ]; then
        log "unpacking $(basename "$archive") into $dest"
        rm -rf "$dest.tmp" && mkdir -p "$dest.tmp"
        zstd -dc "$archive" | tar -x -C "$dest.tmp"
        rm -rf "$dest" && mv "$dest.tmp" "$dest" && touch "$dest/.unpacked"
    fi
    echo "$dest"
}

mw_archive="$(pick "$mw_glob")"
client_archive="$(pick "$client_glob")"
mw_dir="$(unpack "$mw_archive")"
client_dir="$(unpack "$client_archive")"
middlewared_src="$mw_dir/src/middlewared"
[ -f "$middlewared_src/middlewared/main.py" ] || { log "$mw_archive: no src/middlewared/middlewared/main.py"; exit 1; }
client_src="$(dirname "$(find "$client_dir" -maxdepth 3 -name __init__.py -path '*/truenas_api_client/*' | head -1)")"
client_src="$(dirname "$client_src")"
[ -f "$client_src/truenas_api_client/__init__.py" ] || { log "$client_archive: no truenas_api_client package"; exit 1; }
version="$(basename "$mw_archive" .tar.zst)"; version="${version#middlewared-TS-}"

pin_hash="$(printf '%s\n' "$("$python" -V 2>&1)" "${pins[@]}" | sha256sum | cut -c1-12)"
venv="$cache/venv/$release-$pin_hash"
mkdir -p "$cache/venv"
exec 9>"$cache/venv/.lock-$release"
flock 9  # tiers started at the same time (live, rules) build a venv once, never over each other
if [ ! -f "$venv/.installed" ] || [ ! -x "$venv/bin/python" ]; then
    log "building the $release venv in $venv ($("$python" -V 2>&1))"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "${pins[@]}" >&2
    touch "$venv/.installed"
fi
flock -u 9

env_file="$cache/$release.env"
lines="$(printf 'TRUENAS_RELEASE=%q\nTRUENAS_VERSION=%q\nMIDDLEWARED_SRC=%q\nTRUENAS_API_CLIENT_SRC=%q\nPYTHON=%q\n' \
    "$release" "$version" "$middlewared_src" "$client_src" "$venv/bin/python")"
mkdir -p "$cache"
printf '%s\n' "$lines" > "$env_file.tmp" && mv "$env_file.tmp" "$env_file"
printf '%s\n' "$lines"
