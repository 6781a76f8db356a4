"""What a restore point is, in words (pure): who made it (the admin, or a campaign's step) and what it did.

``title(rp, by_id=None, names=None)`` → "Max IOPS applied", "Max IOPS reverted, undoing restore point 2",
"Max IOPS applied again, undoing restore point 3" (a revert of a revert), "Record size put back as Max IOPS set it";
a campaign's step says so first: "Campaign 1, round 2: Max IOPS applied", "Campaign 1, at its end: ...", "Campaign 1,
putting the original configuration back: ...". ``by_id``: restore points by id (what a chain of reverts undid);
``names`` maps custom presets' ids to their names (a built-in's comes from the catalogue; an unknown id is said as it
is).
"""
from .presets.catalog import get_builtin
from .presets.setting_words import name_of
from .words import and_join


def preset_words(preset_id: str | None, names: dict | None = None) -> str | None:
    """A preset's name: a custom preset's from ``names``, a built-in's from the catalogue, else its id."""
    if preset_id is None:
        return None
    builtin = get_builtin(preset_id)
    return (names or {}).get(preset_id) or (builtin['name'] if builtin else preset_id)


def _settings(rp: dict) -> tuple[str, str]:
    """("Record size", "it") or ("Record size and Compression", "them") of the settings a restore point changed."""
    names = list(dict.fromkeys(name_of(c['kind'], c['setting']) for c in rp.get('changes') or []))
    if len(names) == 1:
        return names[0], 'it'
    return (and_join(names), 'them') if names else ('Settings', 'them')


def _origin(rp: dict, by_id: dict) -> tuple[dict | None, int]:
    """The apply or put back at the end of a chain of reverts, and how many reverts down it is (odd: the revert takes
    it off; even: it puts it on again); None when the chain leaves the records."""
    depth, current = 0, rp
    while current.get('kind') == 'REVERT':
        current = by_id.get(current.get('reverts'))
        depth += 1
        if current is None:
            return None, depth
    return current, depth


def what_it_did(rp: dict, by_id: dict | None = None, names: dict | None = None) -> str:
    preset = preset_words(rp.get('preset'), names)
    if rp.get('kind') == 'APPLY':
        return f'{preset or "A preset"} applied'
    if rp.get('kind') == 'PUT_BACK':
        settings, them = _settings(rp)
        return f'{settings} put back as {preset or "tuning"} set {them}'
    undoing = f'undoing restore point {rp["reverts"]}' if rp.get('reverts') is not None else 'undoing an earlier one'
    origin, depth = _origin(rp, by_id or {})
    if origin is not None and origin.get('kind') == 'PUT_BACK':
        settings = _settings(origin)[0]
        return (f'{settings} given back the box\'s value, {undoing}' if depth % 2 else
                f'{settings} put back again, {undoing}')
    return f'{preset or "Settings"} {"reverted" if depth % 2 else "applied again"}, {undoing}'


def campaign_words(rp: dict) -> str | None:
    """"Campaign 1, round 2" for a restore point a campaign's step made; None for the admin's own."""
    campaign = rp.get('campaign_id')
    if campaign is None:
        return None
    stage = rp.get('campaign_stage')
    if stage == 'ROUND' and rp.get('campaign_round') is not None:
        return f'Campaign {campaign}, round {rp["campaign_round"]}'
    if stage == 'FINISH':
        return f'Campaign {campaign}, at its end'
    if stage == 'RESTORE':
        return f'Campaign {campaign}, putting the original configuration back'
    return f'Campaign {campaign}'


def title(rp: dict, by_id: dict | None = None, names: dict | None = None) -> str:
    did = what_it_did(rp, by_id, names)
    by = campaign_words(rp)
    return f'{by}: {did}' if by else did


__all__ = ['campaign_words', 'preset_words', 'title', 'what_it_did']
