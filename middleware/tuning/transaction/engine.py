"""The apply/revert transaction.

1. The restore point (every touched setting as it was) is committed before the first change.
2. Each step is journaled STARTED before its side effect and DONE after it was read back and verified.
3. A failure rolls back every started step in reverse and the job fails saying what happened.
4. Settings that are persisted but not yet live (load-time-only module parameters) become pending-reboot items,
   registered with ``system.reboot.add_reason`` and kept in our database (middlewared forgets reasons on restart).
"""
import errno
from dataclasses import dataclass

from ..box.settings import check_writes, matches, read_settings, write_setting
from ..core.presets.setting_words import name_of, value_words
from ..framework import CallError
from ..store import restore_points as rps
from ..store.offloop import store_call
from . import faults

REBOOT_REASON_CODE = 'TUNING_PRESET'
KIND_WORDS = {'APPLY': 'Apply', 'REVERT': 'Revert', 'PUT_BACK': 'Put back'}


@dataclass
class Step:
    change: dict   # the public plan row
    desired: dict  # snapshot-row shape of what the key must become

    @property
    def key(self) -> str:
        return self.change['key']

    def describe(self) -> str:
        """"Record size to 1 MiB on tank/media": the setting by name, the value in its unit."""
        return change_words(self.change)


def counted(number: int, noun: str) -> str:
    """"1 change", "2 changes"."""
    return f'{number} {noun}{"" if number == 1 else "s"}'


def where_words(scope: str) -> str:
    return '' if scope == 'global' else f' on {scope}'


def change_words(change: dict) -> str:
    """A plan row's change in words: "Record size to 1 MiB on tank/media", "Compression to its inherited value"."""
    kind, setting = change['kind'], change['setting']
    value = ('its inherited value' if change.get('proposed_source') == 'INHERIT'
             else value_words(kind, setting, change['proposed']))
    return f'{name_of(kind, setting)} to {value}{where_words(change["scope"])}'


def done_words(kind: str, total: int, pending: int) -> str:
    """The last progress line: "Apply done: 3 changes, 1 waiting for a reboot"."""
    waiting = f', {pending} waiting for a reboot' if pending else ''
    return f'{KIND_WORDS.get(kind, kind.title())} done: {counted(total, "change")}{waiting}'


def reboot_reason(pending: list[dict]) -> str:
    """The reason registered with TrueNAS for the settings that wait for a reboot (rows with ``key``, ``setting``):
    "Tuning: 1 setting takes effect after a reboot: Write buffer limit"."""
    names = ', '.join(name_of(p['key'].split(':', 1)[0], p['setting']) for p in pending)
    verb = 'takes' if len(pending) == 1 else 'take'
    return f'Tuning: {counted(len(pending), "setting")} {verb} effect after a reboot: {names}'


def desired_from_change(change: dict) -> dict:
    return {'key': change['key'], 'kind': change['kind'], 'scope': change['scope'], 'setting': change['setting'],
            'value': change['proposed'], 'source': change.get('proposed_source') or 'LOCAL'}


def is_pending(desired: dict, actual: dict) -> bool:
    """Persisted but not live yet: only a reboot makes it true."""
    return matches(desired, actual, live=False) and not matches(desired, actual, live=True)


class Transaction:
    def __init__(self, middleware, boot_id: str, progress):
        self.middleware = middleware
        self.boot_id = boot_id
        self.progress = progress  # callable(percent, description)

    async def run(self, *, kind: str, preset: str | None, target: dict | None, steps: list[Step],
                  entries: dict[str, dict], reverts: int | None = None) -> dict:
        check_writes([s.desired for s in steps])   # nothing, not even the restore point, for a value we may not send
        rp_id = await store_call(
            self.middleware, rps.create_restore_point, kind=kind, preset=preset, target=target,
            entries=[entries[s.key] for s in steps], changes=[s.change for s in steps], reverts=reverts,
            boot_id=self.boot_id)
        faults.checkpoint('after_restore_point')
        comment = f'tuning: {preset or KIND_WORDS.get(kind, kind).lower()} (restore point {rp_id})'
        total = len(steps)
        for number, step in enumerate(steps, start=1):
            self.progress(int(90 * (number - 1) / total), f'Applying {number}/{total} · {step.describe()}')
            await store_call(self.middleware, rps.journal_step, rp_id, number, step.key, 'APPLY', 'STARTED')
            try:
                faults.checkpoint('before_change', number)
                await write_setting(self.middleware, step.desired, comment)
                faults.checkpoint('after_change', number)
                actual = (await read_settings(self.middleware, [step.key]))[step.key]
                if not matches(step.desired, actual, live=step.change['apply_mode'] != 'REBOOT'):
                    raise CallError('it reads back as '
                                    + value_words(step.change['kind'], step.change['setting'], actual['value']),
                                    errno.EIO)
            except Exception as e:
                reason = e.errmsg if isinstance(e, CallError) else str(e)
                await store_call(self.middleware, rps.journal_step, rp_id, number, step.key, 'APPLY', 'FAILED', reason)
                undone, failed = await self.rollback(rp_id, entries)
                message = f'Setting {step.describe()} failed: {reason}. ' + rollback_summary(undone, failed)
                await store_call(self.middleware, rps.finish_restore_point, rp_id,
                                 'FAILED' if failed else 'ROLLED_BACK', message)
                await self.refresh_reboot_reasons()
                raise CallError(message, errno.EFAULT) from e
            await store_call(self.middleware, rps.journal_step, rp_id, number, step.key, 'APPLY', 'DONE')

        faults.checkpoint('before_finish')
        self.progress(95, 'Checking what waits for a reboot')
        pending, verified = await self.settle(rp_id, steps)
        await store_call(self.middleware, rps.finish_restore_point, rp_id, 'APPLIED')
        self.progress(100, done_words(kind, total, len(pending)))
        return {'restore_point_id': rp_id, 'preset': preset, 'target': target,
                'applied': [s.change for s in steps], 'pending_reboot': pending, 'verified': verified}

    async def settle(self, rp_id: int, steps: list[Step]) -> tuple[list[str], list[str]]:
        """Record which keys wait for a reboot; clear pending items a revert made moot."""
        actual = await read_settings(self.middleware, [s.key for s in steps])
        pending, verified = [], []
        for step in steps:
            if is_pending(step.desired, actual[step.key]):
                await store_call(self.middleware, rps.set_pending, key=step.key, setting=step.change['setting'],
                                proposed=step.change['proposed'], restore_point_id=rp_id, boot_id=self.boot_id)
                pending.append(step.key)
            else:
                await store_call(self.middleware, rps.clear_pending, step.key)
                verified.append(step.key)
        await self.refresh_reboot_reasons()
        return pending, verified

    async def rollback(self, rp_id: int, entries: dict[str, dict]) -> tuple[list[str], list[tuple[str, str]]]:
        """Put back every setting this restore point may have touched, newest first; the names (in words) of those
        put back, and of those that could not be with why."""
        undone, failed = [], []
        touched = await store_call(self.middleware, rps.touched_keys, rp_id)
        for number, key in enumerate(reversed(touched), start=1):
            entry = entries[key]
            name = name_of(entry['kind'], entry['setting'])
            self.progress(None, f'Rolling back {number}/{len(touched)} · {name}{where_words(entry["scope"])}')
            try:
                current = (await read_settings(self.middleware, [key]))[key]
                if not matches(entry, current, live=entry.get('writable') is not False):
                    await write_setting(self.middleware, entry, f"tuning: rollback of {rp_id}")
                await store_call(self.middleware, rps.journal_step, rp_id, 0, key, 'ROLLBACK', 'DONE')
                undone.append(name)
            except Exception as e:
                reason = e.errmsg if isinstance(e, CallError) else str(e)
                await store_call(self.middleware, rps.journal_step, rp_id, 0, key, 'ROLLBACK', 'FAILED', reason)
                failed.append((name, reason))
        return undone, failed

    async def refresh_reboot_reasons(self) -> None:
        pending = await store_call(self.middleware, rps.pending)
        if pending:
            await self.middleware.call('system.reboot.add_reason', REBOOT_REASON_CODE, reboot_reason(pending))
        else:
            await self.middleware.call('system.reboot.remove_reason', REBOOT_REASON_CODE)


def rollback_summary(undone: list[str], failed: list[tuple[str, str]]) -> str:
    """What a rollback did, in words: "Rolled back 2 changes (Record size, Synchronous writes)." and what it could
    not put back, with why."""
    text = (f'Rolled back {counted(len(undone), "change")} ({", ".join(undone)}).' if undone
            else 'Nothing had been changed yet.')
    if failed:
        text += ' Could not put back: ' + '; '.join(f'{name} ({why})' for name, why in failed) + '.'
    return text
