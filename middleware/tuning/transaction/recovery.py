"""Start-up: finish or roll back transactions a dead host left IN_PROGRESS, and verify pending-reboot items."""
from ..box.settings import read_settings, same_value
from ..core.presets.setting_words import name_of, value_words
from ..store import restore_points as rps
from ..store.offloop import store_call
from .engine import Step, Transaction, counted, desired_from_change, rollback_summary


def interrupted_words(done: int, total: int) -> str:
    """'Interrupted by a host stop after 1 of 3 changes.'"""
    return f'Interrupted by a host stop after {done} of {counted(total, "change")}.'


def after_boot_words(item: dict, actual, outcome: str) -> str:
    """A pending-reboot item (``key``, ``setting``, ``proposed``) checked after a boot, in words and units.
    ``outcome``: VERIFIED ('Write buffer limit 6 GiB verified after reboot.'), DEFAULT (back to the box's own
    default) or PENDING (another value: it stays listed as waiting)."""
    kind, setting = item['key'].split(':', 1)[0], item['setting']
    name = name_of(kind, setting)
    proposed, now = value_words(kind, setting, item['proposed']), value_words(kind, setting, actual)
    if outcome == 'VERIFIED':
        return f'{name} {proposed} verified after reboot.'
    if outcome == 'DEFAULT':
        return f"{name} is back to the box's own default ({now}) after reboot."
    return f'{name} is {now} after reboot, expected {proposed}; it stays listed as waiting for a reboot.'


async def recover_interrupted(middleware, boot_id: str) -> list[str]:
    """Each interrupted restore point ends APPLIED (every step was done and verified) or ROLLED_BACK."""
    notes = []
    for rp in await store_call(middleware, rps.in_progress):
        journal = await store_call(middleware, rps.journal, rp['id'])
        done = {j['key'] for j in journal if j['action'] == 'APPLY' and j['status'] == 'DONE'}
        keys = [c['key'] for c in rp['changes']]
        tx = Transaction(middleware, boot_id, progress=lambda *a: None)
        if keys and done >= set(keys):
            await tx.settle(rp['id'], [Step(c, desired_from_change(c)) for c in rp['changes']])
            await store_call(middleware, rps.finish_restore_point, rp['id'], 'APPLIED',
                             'The host stopped after the last change; completed at start-up.')
            note = f'Restore point {rp["id"]}: every change had been made; recorded as applied at start-up.'
        else:
            entries = {e['key']: e for e in rp['entries']}
            undone, failed = await tx.rollback(rp['id'], entries)
            message = f'{interrupted_words(len(done), len(keys))} {rollback_summary(undone, failed)}'
            await store_call(middleware, rps.finish_restore_point, rp['id'], 'FAILED' if failed else 'ROLLED_BACK',
                             message)
            await tx.refresh_reboot_reasons()
            note = f'Restore point {rp["id"]}: {message}'
        await store_call(middleware, rps.log_event, 'recovery', note)
        notes.append(note)
    return notes


async def verify_after_boot(middleware, boot_id: str) -> list[str]:
    """Pending items from an earlier boot are checked now: verified ones are cleared; the reboot reason is
    re-registered for what still waits (middlewared keeps reasons in memory only)."""
    notes = []
    pending = await store_call(middleware, rps.pending)
    if pending:
        actual = await read_settings(middleware, [p['key'] for p in pending])
        for item in pending:
            if item['boot_id'] == boot_id:
                continue
            current = actual[item['key']]
            rp = await store_call(middleware, rps.get_restore_point, item['restore_point_id'])
            # After a boot only the live value matters: the persisted side (a tunable row, or its absence after a
            # revert) was verified when the change was made.
            if same_value(item['proposed'], current['value']):
                await store_call(middleware, rps.clear_pending, item['key'])
                note = after_boot_words(item, current['value'], 'VERIFIED')
            elif (rp is not None and current.get('tunable') is None
                  and item['key'] in await store_call(middleware, rps.defaulted_keys, rp)):
                # Nothing persists it any more: the kernel computed its own default at load, as before tuning.
                await store_call(middleware, rps.clear_pending, item['key'])
                note = after_boot_words(item, current['value'], 'DEFAULT')
            else:
                note = after_boot_words(item, current['value'], 'PENDING')
            await store_call(middleware, rps.log_event, 'reboot', note)
            notes.append(note)
    await Transaction(middleware, boot_id, progress=lambda *a: None).refresh_reboot_reasons()
    return notes
