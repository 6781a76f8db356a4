"""What an admin pastes on a client (pure). The token is never part of a command: each one asks for it without
echoing it and hands it to the kit in ``TUNING_TOKEN`` (a command line is visible to every user of the client)."""
import ipaddress

KIT_PATH = '/_plugins/tuning/client/kit/tuning_client.py'
KIT_FILE = 'tuning_client.py'
UNIX_PATH = '/path/to/the/mounted/share'
WINDOWS_PATH = 'Z:\\'

# POSIX sh, bash and zsh alike (macOS's shell is zsh, where `read -s -p` means something else)
_UNIX_TOKEN = "{ printf 'Token: '; stty -echo; read -r TUNING_TOKEN; stty echo; echo; } && export TUNING_TOKEN"
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


def commands(box_url: str) -> dict:
    """``{linux, macos, windows, agent_linux}``: download the kit, ask for the token, run it."""
    url, box = kit_url(box_url), box_url.rstrip('/')
    fetch = f'curl -fsSL -o {KIT_FILE} {_quoted(url)}'
    run = f'python3 {KIT_FILE} run --box {_quoted(box)} --path {UNIX_PATH}'
    return {
        'linux': f'{fetch} && {_UNIX_TOKEN} && {run}',
        'macos': f'{fetch} && {_UNIX_TOKEN} && {run}',
        'windows': (f'Invoke-WebRequest -Uri {_ps_quoted(url)} -OutFile {KIT_FILE}; {_WINDOWS_TOKEN}; '
                    f'python {KIT_FILE} run --box {_ps_quoted(box)} --path {WINDOWS_PATH}'),
        'agent_linux': f'{fetch} && {_UNIX_TOKEN} && python3 {KIT_FILE} agent --box {_quoted(box)} --path {UNIX_PATH}',
    }
