"""A client result's protocol in words (pure): one spelling for the result's label (``result.default_label``), the
ladder's client layers and its sentences ("clients get 112 MB/s over NFS"), the conditions a result was measured
under and its note ("client ws1 over NFS 4.2", "client ws1 on its own disk"). At the top of ``core`` so that none
of them imports the client package for it.

The protocols are the kit's (``client_models.ClientProtocol``): NFS, SMB, ISCSI, LOCAL (the client's own directory or
device, no network) and OTHER (a mount the kit does not know, read as a share).
"""
PROTOCOL_WORDS = {'NFS': 'NFS', 'SMB': 'SMB', 'ISCSI': 'iSCSI', 'LOCAL': 'a local directory', 'OTHER': 'a share'}


def protocol_words(protocol: str | None) -> str:
    """'NFS', 'iSCSI', 'a local directory', 'a share' (also when unknown); an id this table lacks as it is."""
    return PROTOCOL_WORDS.get(protocol, protocol) if protocol else PROTOCOL_WORDS['OTHER']


def client_words(target: dict, hostname: str) -> str:
    """What a client measured, from where: 'NFS 4.2 from ws1', 'iSCSI from ws1', 'a share from ws1', 'local directory
    on ws1', 'local device on ws1' (``target``: a client result's, with ``protocol``, ``protocol_version``,
    ``kind``)."""
    if target.get('protocol') == 'LOCAL':
        return f'local {"device" if target.get("kind") == "BLOCK_DEVICE" else "directory"} on {hostname}'
    return f'{_with_version(target)} from {hostname}'


def measured_by(target: dict, hostname: str) -> str:
    """Who measured what, as a result's note and its conditions say it: 'client ws1 over NFS 4.2', 'client ws1 over
    a share', 'client ws1 on its own disk' (LOCAL: no network), 'client ws1' when the protocol is not recorded."""
    protocol = target.get('protocol')
    if not protocol:
        return f'client {hostname}'
    if protocol == 'LOCAL':
        return f'client {hostname} on its own disk'
    return f'client {hostname} over {_with_version(target)}'


def _with_version(target: dict) -> str:
    """'NFS 4.2', or the protocol alone when the kit could not tell its version."""
    version = f' {target["protocol_version"]}' if target.get('protocol_version') else ''
    return f'{protocol_words(target.get("protocol"))}{version}'
