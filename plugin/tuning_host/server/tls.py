"""HTTPS and WSS for the host's panel and API (the App serves them on the box's network, where a password and a
session token must not cross the LAN in clear).

`--tls files` serves the certificate and key the admin gives; `--tls self-signed` makes a key and a certificate for
this host on its first start and keeps them in its data directory (as TrueNAS does for its own web UI), so the
fingerprint the admin checks once stays the same across restarts and upgrades. The client kit pins that certificate
(`system.general.config`'s `ui_certificate`, answered by the host), so clients need no CA either.
"""
from __future__ import annotations

import datetime
import ipaddress
import os
import socket
import ssl

from tuning.shared.tls import certificate_sha256   # the hash the client kit pins

SELF_SIGNED_DIR = 'tls'
CERT_FILE, KEY_FILE = 'cert.pem', 'key.pem'
VALID_DAYS = 825   # the longest validity macOS and iOS accept for a server certificate


def self_signed_paths(data_dir: str) -> tuple[str, str]:
    directory = os.path.join(data_dir, SELF_SIGNED_DIR)
    return os.path.join(directory, CERT_FILE), os.path.join(directory, KEY_FILE)


def certificate_paths(settings) -> tuple[str, str] | None:
    """(certificate, key) the host serves, or None without TLS."""
    if settings.tls == 'files':
        return settings.tls_cert, settings.tls_key
    if settings.tls == 'self-signed':
        return self_signed_paths(settings.data_dir)
    return None


def subject_names(listen_host: str) -> tuple[list[str], list[str]]:
    """(DNS names, IP addresses) the certificate is for: this host's names, loopback, and the listen address when it
    is a specific one."""
    names = (socket.gethostname(), socket.getfqdn(), 'localhost')
    dns = sorted({n for n in names if n and n != 'localhost.localdomain'})
    ips = ['127.0.0.1', '::1']
    try:
        address = ipaddress.ip_address(listen_host)
    except ValueError:
        if listen_host and listen_host not in dns:
            dns.append(listen_host)
    else:
        if not address.is_unspecified and str(address) not in ips:
            ips.append(str(address))
    return dns, ips


def make_self_signed(cert_path: str, key_path: str, dns: list[str], ips: list[str], now=None) -> None:
    """A P-256 key (readable by its owner only) and a self-signed certificate for `dns` and `ips`, each written to a
    temporary file first and renamed, so a crash leaves either both or none."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = now or datetime.datetime.now(datetime.timezone.utc)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, dns[0] if dns else 'tuning'),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, 'Workload tuning for TrueNAS')])
    alt = [x509.DNSName(n) for n in dns] + [x509.IPAddress(ipaddress.ip_address(a)) for a in ips]
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))   # a client whose clock is a little behind
            .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(key, hashes.SHA256()))
    os.makedirs(os.path.dirname(cert_path), mode=0o700, exist_ok=True)
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    _write(key_path, key_pem, 0o600)
    _write(cert_path, cert.public_bytes(serialization.Encoding.PEM), 0o644)


def _write(path: str, data: bytes, mode: int) -> None:
    tmp = f'{path}.tmp'
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, 'wb') as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def ensure_certificate(settings) -> tuple[str, str] | None:
    """The (certificate, key) to serve, made first when self-signed and not there yet; None without TLS."""
    paths = certificate_paths(settings)
    if paths and settings.tls == 'self-signed' and not all(os.path.exists(p) for p in paths):
        make_self_signed(*paths, *subject_names(settings.host))
    return paths


def server_context(cert_path: str, key_path: str) -> ssl.SSLContext:
    """TLS 1.2 or later with Python's default ciphers; refuses to start on a key that does not fit the
    certificate."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_path, key_path)
    return context


def certificate_pem(cert_path: str) -> str:
    with open(cert_path, encoding='ascii') as f:
        return f.read()


def fingerprint(cert_path: str) -> str:
    """SHA-256 of the served certificate (the first of the file) as browsers show it: AB:CD:…"""
    digest = certificate_sha256(certificate_pem(cert_path)) or ''
    return ':'.join(digest[i:i + 2].upper() for i in range(0, len(digest), 2))
