"""The box's TLS certificate, pinned on first use: its SHA-256 is stored in the host's data directory and every later
connection must present the same certificate (TrueNAS boxes mostly run a self-signed one, which no CA vouches for).
"""
import hashlib
import json
import os

PIN_FILE = 'truenas-pin.json'


class PinMismatch(Exception):
    """The box presented another certificate than the pinned one; the message says how to pin the new one."""


def fingerprint(der: bytes) -> str:
    """SHA-256 of a DER certificate as colon-separated hex (as browsers and `openssl x509 -fingerprint` show it)."""
    return ':'.join(f'{b:02X}' for b in hashlib.sha256(der).digest())


def fingerprint_bytes(text: str) -> bytes:
    return bytes.fromhex(text.replace(':', ''))


class PinStore:
    """`{endpoint: fingerprint}` in `<data dir>/truenas-pin.json`."""

    def __init__(self, data_dir: str):
        self.path = os.path.join(data_dir, PIN_FILE)

    def load(self) -> dict:
        try:
            with open(self.path) as f:
                pins = json.load(f)
        except FileNotFoundError:
            return {}
        if not isinstance(pins, dict):
            raise ValueError(f'{self.path}: not a pin file (expected an object of host:port → fingerprint)')
        return pins

    def get(self, endpoint: str) -> str | None:
        return self.load().get(endpoint)

    def check(self, endpoint: str, seen: str) -> bool:
        """True when `seen` was pinned just now (first use), False when it matches the pin; PinMismatch otherwise."""
        pins = self.load()
        pinned = pins.get(endpoint)
        if pinned is None:
            pins[endpoint] = seen
            tmp = f'{self.path}.tmp'
            with open(tmp, 'w') as f:
                json.dump(pins, f, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
            return True
        if pinned.upper() != seen.upper():
            raise PinMismatch(
                f'the certificate of {endpoint} changed: it presents SHA-256 {seen}, the pinned one is {pinned}. '
                f'If the box\'s certificate was replaced on purpose (compare with System → Certificates in its web '
                f'UI), remove the entry for {endpoint} from {self.path} and restart the host to pin the new one; '
                'otherwise something is in between.')
        return False
