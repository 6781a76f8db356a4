"""What an admin pastes on a client (pure). The token is never part of a command: each one asks for it without
echoing it and hands it to the kit in ``TUNING_TOKEN`` (a command line is visible to every user of the client)."""
import ipaddress

KIT_PATH = '/_plugins/tuning/client/kit/tuning_client.py'
KIT_FILE = 'tuning_client.py'
UNIX_PATH = '/path/to/the/mounted/share'
WINDOWS_PATH = 'Z:\\'

# POSIX sh, bash and zsh alike (macOS's shell is zsh, where `read -s -p` means something else)
_UNIX_TOKEN = ("{ printf 'Token: '; stty -echo 2>/dev/null; read -r TUNING_TOKEN; stty echo 2>/dev/null; echo; } "
               "&& export TUNING_TOKEN")   # no terminal (a script, a pipe): nothing to hide, and stty need not say so
# Windows PowerShell 5.1 has no Read-Host -MaskInput: read a SecureString and unwrap it
_WINDOWS_TOKEN = ("$env:TUNING_TOKEN = [Runtime.InteropServices.Marshal]::PtrToStringAuto("
                  "[Runtime.InteropServices.Marshal]::SecureStringToBSTR((Read-Host 'Token' -AsSecureString)))")


def kit_url(box_url: str) -> str:
    return box_url.rstrip('/') + KIT_PATH


def default_box_url(address: str | None) -> str | None:
    """``https://`` and the address (an IPv6 one in brackets); None without an address."""
    if not address:
        return None
    return f'https://[{address}]' if ipaddress.ip_address(address).version == 6 else f'https://{address}'


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "'\"'\"'") + "'"


def _ps_quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _unix_fetch(url: str, kit_sha256: str, tls_sha256: str | None, checker: str) -> str:
    """Download the kit and check it is the file the box serves (its SHA-256 comes with the session, which the admin
    read over the panel's own connection): with a pinned certificate curl may skip the CA check (-k), the hash then
    being the check."""
    insecure = 'k' if tls_sha256 else ''
    return (f'curl -fsSL{insecure} -o {KIT_FILE} {_quoted(url)} && '
            f"echo '{kit_sha256}  {KIT_FILE}' | {checker} -c -")


def commands(box_url: str, kit_sha256: str, tls_sha256: str | None = None) -> dict:
    """``{linux, macos, windows, agent_linux}``: download the kit and check its SHA-256, ask for the token, run it;
    ``tls_sha256``: the fingerprint of the box's HTTPS certificate, which the kit then trusts and nothing else (a
    self-signed certificate, TrueNAS's default, works without --insecure)."""
    url, box = kit_url(box_url), box_url.rstrip('/')
    pin = f' --tls-sha256 {tls_sha256}' if tls_sha256 else ''
    linux_fetch = _unix_fetch(url, kit_sha256, tls_sha256, 'sha256sum')
    macos_fetch = _unix_fetch(url, kit_sha256, tls_sha256, 'shasum -a 256')
    run = f'python3 {KIT_FILE} run --box {_quoted(box)}{pin} --path {UNIX_PATH}'
    # PowerShell 5.1 cannot skip a certificate check per request: trust any for this download only when the kit is
    # checked by its hash afterwards
    trust = ('[Net.ServicePointManager]::ServerCertificateValidationCallback = {$true}; ' if tls_sha256 else '')
    windows_check = (f"if ((Get-FileHash {KIT_FILE} -Algorithm SHA256).Hash -ne '{kit_sha256.upper()}') "
                     "{ throw 'tuning_client.py is not the file the box serves' }")
    return {
        'linux': f'{linux_fetch} && {_UNIX_TOKEN} && {run}',
        'macos': f'{macos_fetch} && {_UNIX_TOKEN} && {run}',
        'windows': (f'{trust}Invoke-WebRequest -UseBasicParsing -Uri {_ps_quoted(url)} -OutFile {KIT_FILE}; '
                    f'{windows_check}; {_WINDOWS_TOKEN}; '
                    f'python {KIT_FILE} run --box {_ps_quoted(box)}{pin} --path {WINDOWS_PATH}'),
        'agent_linux': (f'{linux_fetch} && {_UNIX_TOKEN} && '
                        f'python3 {KIT_FILE} agent --box {_quoted(box)}{pin} --path {UNIX_PATH}'),
    }
