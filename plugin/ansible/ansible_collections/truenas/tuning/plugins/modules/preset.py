#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r'''
module: preset
short_description: Apply a workload preset to a pool or dataset, or revert it
description:
  - O(state=applied) computes the preset's plan for this box (C(tuning.preset.preview)) and applies it as one
    transaction with a restore point (C(tuning.preset.apply)). When the box already matches the plan, nothing is
    done and the task reports no change; so too when what is left of the plan is settings applied before that wait
    for a reboot (C(tuning.state) C(pending_reboot)) with the same values.
  - O(state=reverted) reverts the restore point of the last apply of this preset to this target that is still in
    effect (C(tuning.restore_point.revert)); with none, nothing is done.
  - In check mode the plan is computed and nothing changes on the box; with C(--diff) the plan is the diff, one line
    per setting with its value before and after and when it takes effect.
version_added: 1.0.0
author: Workload tuning for TrueNAS contributors
extends_documentation_fragment:
  - truenas.tuning.connection
options:
  preset:
    description:
      - The preset's id, as C(tuning.preset.query) lists it (for example C(max-iops), C(media-streaming), or one of
        the box's own presets).
    type: str
    required: true
  pool:
    description:
      - The pool the preset is computed for.
    type: str
    required: true
  dataset:
    description:
      - The dataset whose properties are tuned; the pool's root dataset when left out.
    type: str
  cache_disks:
    description:
      - Unused disks to add as the pool's cache (L2ARC) when the preset proposes one.
    type: list
    elements: str
    default: []
  log_disks:
    description:
      - Unused disks to add as the pool's log device (SLOG) when the preset proposes one.
    type: list
    elements: str
    default: []
  state:
    description:
      - V(applied) applies the preset, V(reverted) reverts its last apply to this target.
    type: str
    choices: [applied, reverted]
    default: applied
  acknowledge:
    description:
      - The dangerous settings of the plan (a data-loss setting such as synchronous writes off), each named by its
        setting name or key, as the box asks for them. The box refuses a plan with a dangerous setting that is not
        named here; nothing is ever acknowledged for you.
      - A revert can set a dangerous value again (the revert of a revert) and asks the same.
    type: list
    elements: str
    default: []
  wait_timeout:
    description:
      - Seconds to wait for the apply or revert job to end. The job goes on on the box after it.
    type: int
    default: 3600
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
'''

EXAMPLES = r'''
- name: What Max IOPS would change on tank/vms (check mode shows the plan as the diff)
  truenas.tuning.preset:
    url: wss://nas.example.com/api/current
    api_key: "{{ truenas_api_key }}"
    tls_sha256: "{{ truenas_tls_sha256 }}"
    preset: max-iops
    pool: tank
    dataset: tank/vms
  check_mode: true
  diff: true

- name: Apply it, acknowledging the one data-loss setting by name
  truenas.tuning.preset:
    url: wss://nas.example.com/api/current
    api_key: "{{ truenas_api_key }}"
    tls_sha256: "{{ truenas_tls_sha256 }}"
    preset: my-scratch-preset
    pool: tank
    dataset: tank/scratch
    acknowledge: [sync]

- name: Put the box back as it was before the preset
  truenas.tuning.preset:
    url: wss://nas.example.com/api/current
    api_key: "{{ truenas_api_key }}"
    preset: max-iops
    pool: tank
    dataset: tank/vms
    state: reverted
'''

RETURN = r'''
plan:
  description:
    - The plan (C(tuning.preset.preview), or C(tuning.restore_point.preview) for a revert) - C(changes) with each
      setting's current and proposed value, how it applies and its risk; C(prerequisites), C(warnings),
      C(needs_reboot).
  returned: when a plan was computed
  type: dict
outcome:
  description: What the apply or revert did (C(restore_point_id), C(applied), C(pending_reboot), C(verified)).
  returned: when something was applied or reverted
  type: dict
restore_point_id:
  description: The restore point the apply or revert made (revert it to undo); null when nothing changed.
  returned: always
  type: int
reverted:
  description: The restore point that O(state=reverted) reverted.
  returned: when O(state=reverted) found one
  type: int
pending_reboot:
  description: Settings (keys) that take effect only after a reboot.
  returned: always
  type: list
  elements: str
job:
  description: The box's job (C(id), C(state), its last C(progress) in words, C(error)).
  returned: when a job ran
  type: dict
msg:
  description: What happened, in words.
  returned: always
  type: str
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.truenas.tuning.plugins.module_utils.tuning_api import (
    CONNECTION_MUTUALLY_EXCLUSIVE, CONNECTION_REQUIRED_ONE_OF, ApiError, check_bounds, connect, connection_argument_spec,
    plan_diff, plan_warnings)


def target_of(params):
    target = dict(pool=params['pool'], cache_disks=params['cache_disks'], log_disks=params['log_disks'])
    if params['dataset']:
        target['dataset'] = params['dataset']
    return target


def applied(module, box):
    p = module.params
    target = target_of(p)
    plan = box.call('tuning.preset.preview', p['preset'], target)
    where = plan['target'].get('dataset') or p['pool']
    diff = plan_diff(plan, 'before (%s)' % where, 'after applying %s' % p['preset'])
    if not plan['changes']:
        return dict(changed=False, plan=plan, restore_point_id=None, pending_reboot=[], diff=diff,
                    msg='%s is in effect on %s: nothing to change' % (p['preset'], where))
    # a setting applied before that takes effect at the next boot still differs on the box until then: when every
    # change of the plan is such a setting with the same value, the preset is applied and only waits for the reboot
    pending = set((row['key'], str(row['proposed'])) for row in box.call('tuning.state').get('pending_reboot') or [])
    if all((c['key'], str(c['proposed'])) in pending for c in plan['changes']):
        keys = [c['key'] for c in plan['changes']]
        return dict(changed=False, plan=plan, restore_point_id=None, pending_reboot=keys, diff=diff,
                    msg='%s is applied on %s; %d setting(s) take effect after the next reboot'
                        % (p['preset'], where, len(keys)))
    for words in plan_warnings(plan, p['acknowledge']):   # what the apply is about to do, said once
        module.warn(words)
    if module.check_mode:
        return dict(changed=True, plan=plan, restore_point_id=None, pending_reboot=[], diff=diff,
                    msg='%s would change %d setting(s) on %s' % (p['preset'], len(plan['changes']), where))
    outcome, job = box.job('tuning.preset.apply', p['preset'], target, {'acknowledge': p['acknowledge']},
                           wait_timeout=p['wait_timeout'])
    changed = bool(outcome.get('applied')) or outcome.get('restore_point_id') is not None
    return dict(changed=changed, plan=plan, outcome=outcome, restore_point_id=outcome.get('restore_point_id'),
                pending_reboot=outcome.get('pending_reboot') or [], job=job, diff=diff,
                msg=job.get('progress') or '%s applied on %s' % (p['preset'], where))


def last_apply(box, params):
    """The newest restore point of an apply of this preset to this target that nothing has reverted yet."""
    rows = box.call('tuning.restore_point.query',
                    [['kind', '=', 'APPLY'], ['preset', '=', params['preset']], ['state', '=', 'APPLIED']],
                    {'order_by': ['-id']})
    dataset = params['dataset'] or params['pool']
    for rp in rows:
        target = rp.get('target') or {}
        if (target.get('pool') == params['pool'] and (target.get('dataset') or target.get('pool')) == dataset
                and rp.get('reverted_by') is None):
            return rp
    return None


def reverted(module, box):
    p = module.params
    where = p['dataset'] or p['pool']
    rp = last_apply(box, p)
    if rp is None:
        return dict(changed=False, restore_point_id=None, pending_reboot=[],
                    msg='no apply of %s on %s is in effect: nothing to revert' % (p['preset'], where))
    plan = box.call('tuning.restore_point.preview', rp['id'])
    diff = plan_diff(plan, 'with %s (restore point %s)' % (p['preset'], rp['id']), 'after the revert')
    for words in plan_warnings(plan, p['acknowledge']):
        module.warn(words)
    if module.check_mode:
        return dict(changed=True, plan=plan, reverted=rp['id'], restore_point_id=None, pending_reboot=[], diff=diff,
                    msg='reverting restore point %s would change %d setting(s) on %s'
                        % (rp['id'], len(plan['changes']), where))
    outcome, job = box.job('tuning.restore_point.revert', rp['id'], p['acknowledge'], wait_timeout=p['wait_timeout'])
    return dict(changed=True, plan=plan, outcome=outcome, reverted=rp['id'],
                restore_point_id=outcome.get('restore_point_id'), pending_reboot=outcome.get('pending_reboot') or [],
                job=job, diff=diff, msg=job.get('progress') or 'restore point %s reverted' % rp['id'])


def main():
    spec = connection_argument_spec()
    spec.update(
        preset=dict(type='str', required=True),
        pool=dict(type='str', required=True),
        dataset=dict(type='str'),
        cache_disks=dict(type='list', elements='str', default=[]),
        log_disks=dict(type='list', elements='str', default=[]),
        state=dict(type='str', choices=['applied', 'reverted'], default='applied'),
        acknowledge=dict(type='list', elements='str', default=[]),
        wait_timeout=dict(type='int', default=3600),
    )
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True,
                           mutually_exclusive=CONNECTION_MUTUALLY_EXCLUSIVE,
                           required_one_of=CONNECTION_REQUIRED_ONE_OF)
    check_bounds(module, dict(wait_timeout=(1, None)))
    with connect(module) as box:
        try:
            result = (applied if module.params['state'] == 'applied' else reverted)(module, box)
        except ApiError as e:
            module.fail_json(**e.fail_json_args())
    if not module._diff:
        result.pop('diff', None)
    module.exit_json(**result)


if __name__ == '__main__':
    main()
