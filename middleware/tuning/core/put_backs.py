"""Put backs a later revert outlived (pure): what ``tuning.state`` leaves out of effect and a revert refuses."""


# Restore points that were committed (a revert that was itself reverted still wrote its values when it ran)
COMMITTED = ('APPLIED', 'REVERTED')


def outlived_put_backs(restore_points: list[dict]) -> dict[int, int]:
    """Put backs a later revert outlived: ``{put back id: id of that revert}`` (pure; ``restore_points``: every one,
    oldest first, ``entries`` not needed).

    A put back sets again the value an earlier restore point set (tuning's), over one set outside tuning; its own
    "before" is that outside value. Reverting a restore point made before the put back gives the box what it held
    before tuning, over the put back's value: from then on the put back has nothing of its own in effect, and
    reverting it must not bring the outside value back (tuning never held it). So it is left out of what is in
    effect and cannot be reverted, even once that revert is itself reverted (which writes tuning's value again
    through the apply it had undone)."""
    outlived = {}
    put_backs = [rp for rp in restore_points if rp['kind'] == 'PUT_BACK' and rp['state'] == 'APPLIED']
    for revert in restore_points:
        if revert['kind'] != 'REVERT' or revert['state'] not in COMMITTED or revert.get('reverts') is None:
            continue
        keys = {c['key'] for c in revert['changes']}
        for put_back in put_backs:
            if (revert['reverts'] < put_back['id'] < revert['id'] and put_back['id'] not in outlived
                    and {c['key'] for c in put_back['changes']} <= keys):
                outlived[put_back['id']] = revert['id']
    return outlived
