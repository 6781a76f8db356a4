"""The fingerprint a client kit pins (pure): the SHA-256 of the box's HTTPS certificate."""
import base64
import binascii
import hashlib
import re

PEM_CERTIFICATE = re.compile(r'-----BEGIN CERTIFICATE-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END CERTIFICATE-----')


def certificate_sha256(pem: str | None) -> str | None:
    """SHA-256 (hex) of the first certificate of a PEM chain: the server's own, which TLS sends first; None when
    there is none (no certificate configured, or not PEM)."""
    found = PEM_CERTIFICATE.search(pem or '')
    if found is None:
        return None
    try:
        der = base64.b64decode(re.sub(r'\s', '', found.group(1)), validate=True)
    except (binascii.Error, ValueError):
        return None
    return hashlib.sha256(der).hexdigest()
