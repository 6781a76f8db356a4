"""``tuning.preset``: built-in and admin-defined presets, their plans for this box, and applying them."""
import errno
import re

from . import alerts
from .box.children import add_children
from .box.profile import read_profile
from .box.settings import read_settings
from .context import boot_id, busy_while, plugin_context
from .core import presets
from .core.presets import setting_list
from .core.presets.setting_words import name_of, value_words
from .framework import (
    READ_ROLES, Service, ValidationErrors, WRITE_ROLES, api_method, field_error, field_errors, filter_list, job,
)
from .flows.preview import all_presets, make_plan, resolve_preset, resolve_target
from .preset_models import (
    TuningPresetApplyArgs, TuningPresetApplyResult, TuningPresetCreateArgs, TuningPresetCreateResult,
    TuningPresetDeleteArgs, TuningPresetDeleteResult, TuningPresetPreviewArgs, TuningPresetPreviewResult,
    TuningPresetQueryArgs, TuningPresetQueryResult, TuningPresetSettingsArgs, TuningPresetSettingsResult,
    TuningPresetUpdateArgs, TuningPresetUpdateResult,
)
from .store import presets as preset_store
from .store.offloop import store_call, store_read
from .transaction.engine import Step, Transaction, desired_from_change

SHAPING_OPTIONS = ('order_by', 'select', 'count', 'get', 'offset', 'limit')   # query options that do more than copy


def slug(name: str) -> str:
    return re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')[:63] or 'preset'


def dangerous_names(plan: dict) -> set[str]:
    """Keys and setting names by which a plan's DANGEROUS changes can be acknowledged."""
    return {name for c in plan['changes'] if c['risk'] == 'DANGEROUS' for name in (c['key'], c['setting'])}


def check_acknowledged(plan: dict, acknowledge: list[str], field: str) -> None:
    """Every DANGEROUS change must be acknowledged by its key or setting name; nothing else may be."""
    verrors = ValidationErrors()
    dangerous = [c for c in plan['changes'] if c['risk'] == 'DANGEROUS']
    names = dangerous_names(plan)
    for i, item in enumerate(acknowledge):
        if item not in names:
            verrors.add(f'{field}.{i}', f'{item!r} is not a dangerous change of this plan.')
    for change in dangerous:
        if change['key'] not in acknowledge and change['setting'] not in acknowledge:
            kind, setting = change['kind'], change['setting']
            # the words for the person; the key (or the setting's id) is what a script sends back
            verrors.add(field, f'{name_of(kind, setting)} set to {value_words(kind, setting, change["proposed"])} on '
                               f'{change["scope"]} is dangerous: {change.get("risk_reason") or change["rationale"]} '
                               f'Acknowledge it by name ({change["key"]!r} or {setting!r}) to apply it.')
    verrors.check()


class TuningPresetService(Service):

    class Config:
        namespace = 'tuning.preset'
        cli_namespace = 'system.tuning.preset'

    @api_method(TuningPresetQueryArgs, TuningPresetQueryResult, roles=READ_ROLES)
    async def query(self, filters, options):
        """Built-in presets (read-only) and admin-defined ones, with TrueNAS query filters and options."""
        rows = await store_read(self.middleware, all_presets)
        if filters or any(options.get(k) for k in SHAPING_OPTIONS):
            # filters may hold regular expressions and ordering sorts: neither runs on the event loop
            return await self.middleware.run_in_thread(filter_list, rows, filters, options)
        return filter_list(rows, filters, options)   # the plain list: a copy, no worker thread needed

    @api_method(TuningPresetSettingsArgs, TuningPresetSettingsResult, roles=READ_ROLES)
    async def settings(self, target):
        """Every setting a custom preset may change: its name in words, what it does, its unit, the values this box
        allows (the limits `create` and `update` check), and its current and default values on this box. Dataset
        properties are read from `target` (the first pool's root dataset by default). Changes nothing."""
        profile = await read_profile(self.middleware)
        if target is None and profile['pools']:
            target = {'pool': profile['pools'][0]['name']}
        if target is not None:
            target = resolve_target(profile, target)
        snapshot = await read_settings(self.middleware, setting_list.setting_keys(target))
        return setting_list.editable_settings(setting_list.box_of(profile, target), snapshot, target)

    @api_method(TuningPresetCreateArgs, TuningPresetCreateResult, roles=WRITE_ROLES, audit='Tuning preset create')
    async def create(self, data):
        """Create an admin-defined preset from scratch or on top of a built-in (`base`). Values may carry their unit
        ("64G", "20%"); each must be one this box takes (see `tuning.preset.settings`)."""
        box = await self._machine()
        return await store_call(self.middleware, self._create, data, box)

    def _create(self, db, data, box):
        data = {**data, 'id': data.get('id') or slug(data['name'])}
        self._validate(db, data, box, for_update=False, prefix='data')
        settings = presets.normalise_custom_settings(data['settings'], box)
        return preset_store.insert_preset(db, {**data, 'settings': settings})

    @api_method(TuningPresetUpdateArgs, TuningPresetUpdateResult, roles=WRITE_ROLES, audit='Tuning preset update')
    async def update(self, id_, data):
        """Change an admin-defined preset: only the fields given change, `"base": null` removes the base. Built-in
        presets are read-only: create one from them instead."""
        box = await self._machine()
        return await store_call(self.middleware, self._update, id_, data, box)

    def _update(self, db, id_, data, box):
        old = self._own_preset(db, id_)
        new = {k: old[k] for k in ('id', 'name', 'description', 'base', 'settings')}
        new.update(data)
        self._validate(db, new, box, for_update=True, prefix='data')
        settings = presets.normalise_custom_settings(new['settings'], box)
        return preset_store.update_preset(db, id_, {**new, 'settings': settings})

    async def _machine(self):
        """The box as save-time limits see it (RAM, ARC maximum, OpenZFS version)."""
        return setting_list.box_of(await read_profile(self.middleware), None)

    @api_method(TuningPresetDeleteArgs, TuningPresetDeleteResult, roles=WRITE_ROLES, audit='Tuning preset delete')
    def delete(self, id_):
        """Delete an admin-defined preset. Restore points that used it keep their record."""
        db = plugin_context(self.middleware).db
        self._own_preset(db, id_)
        preset_store.delete_preset(db, id_)
        return True

    def _own_preset(self, db, id_):
        if presets.get_builtin(id_):
            raise field_error('id', f'{id_!r} is a built-in preset and is read-only; create a custom preset with '
                                    f'"base": "{id_}" to change it.', errno.EPERM)
        preset = preset_store.get_preset(db, id_)
        if preset is None:
            raise field_error('id', f'No admin-defined preset {id_!r}.', errno.ENOENT)
        return preset

    def _validate(self, db, data, box, *, for_update, prefix):
        errors = presets.validate_custom_preset(
            data, builtin_ids={p['id'] for p in presets.builtin_presets()},
            existing_ids={p['id'] for p in preset_store.list_presets(db)}, for_update=for_update, box=box)
        field_errors([(f'{prefix}.{field}' if field else prefix, message) for field, message in errors]).check()

    @api_method(TuningPresetPreviewArgs, TuningPresetPreviewResult, roles=READ_ROLES)
    async def preview(self, id_, target):
        """The plan this preset would apply to `target` on this box: every change with its current and proposed
        value, how it applies (live, new data only, service restart, reboot), its risk and why; unmet prerequisites
        and warnings. A dataset property's row names the child datasets that inherit the change and those that keep
        their own value. Changes nothing."""
        plan, _ = await make_plan(self.middleware, id_, target)
        return await add_children(self.middleware, plan)

    @api_method(TuningPresetApplyArgs, TuningPresetApplyResult, roles=WRITE_ROLES, audit='Tuning preset apply')
    @job(read_roles=READ_ROLES, description=lambda id_, *args: f'Apply tuning preset {id_}')
    async def apply(self, job, id_, target, options):
        """Apply a preset as one transaction: a restore point first, each change through the appliance's own
        services and read back, rollback in reverse on failure. DANGEROUS changes need `options.acknowledge`."""
        async with busy_while(self.middleware, 'tuning.preset.apply', job.id):
            return await apply_preset(self.middleware, job.set_progress, id_, target, options['acknowledge'])


async def apply_preset(middleware, progress, id_: str, target: dict, acknowledge: list[str]) -> dict:
    """The apply transaction (the caller holds the box guard): shared by `tuning.preset.apply` and campaigns."""
    progress(0, f'Computing the plan of {id_} for this box')
    plan, snapshot = await make_plan(middleware, id_, target)
    check_acknowledged(plan, acknowledge, 'options.acknowledge')
    preset = await store_call(middleware, resolve_preset, id_)
    if not plan['changes']:
        progress(100, 'The box already matches this preset: nothing to change')
        return {'restore_point_id': None, 'preset': preset['id'], 'target': plan['target'], 'applied': [],
                'pending_reboot': [], 'verified': []}
    steps = [Step(c, desired_from_change(c)) for c in plan['changes']]
    tx = Transaction(middleware, await boot_id(middleware), progress)
    result = await tx.run(kind='APPLY', preset=preset['id'], target=plan['target'], steps=steps, entries=snapshot)
    await alerts.after_change(middleware)   # committed: a data-loss setting it set is raised now
    return result
