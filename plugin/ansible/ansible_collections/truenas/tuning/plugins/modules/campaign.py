#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r'''
module: campaign
short_description: Compare presets on the box in rounds and bring back the recommendation
description:
  - Runs a campaign (C(tuning.campaign.run)) - rounds of apply, benchmark and revert for each preset and the box as
    it was (the baseline), interleaved so that drift over time falls on every configuration alike - waits for its
    end and returns it with its merged results and recommendation.
  - What stays applied at the end is O(finish) (by default the configuration from before the campaign).
  - The task always reports a change (results are added, settings are applied in between); in check mode nothing
    runs.
version_added: 1.0.0
author: Workload tuning for TrueNAS contributors
extends_documentation_fragment:
  - truenas.tuning.connection
options:
  dataset:
    description:
      - The dataset to measure and tune.
    type: str
    required: true
  presets:
    description:
      - The presets to compare with the baseline (1 to 8).
    type: list
    elements: str
    required: true
  cache_disks:
    description:
      - Unused disks a preset may add as the pool's cache.
    type: list
    elements: str
    default: []
  log_disks:
    description:
      - Unused disks a preset may add as the pool's log device.
    type: list
    elements: str
    default: []
  acknowledge:
    description:
      - Dangerous settings of the presets, each by setting name or key, as the box asks for them; never assumed.
    type: list
    elements: str
    default: []
  benchmark:
    description:
      - What each step measures.
    type: dict
    default: {}
    suboptions:
      tests:
        description: The tests to run.
        type: list
        elements: str
        choices: [SEQ_WRITE, SEQ_READ, RAND_READ_4K, RAND_WRITE_4K, SYNC_WRITE_4K, MIXED_70_30]
      profile:
        description: The benchmark profile.
        type: str
        choices: [QUICK, STANDARD, THOROUGH]
        default: QUICK
      runs:
        description: Runs per configuration per round (1 to 30).
        type: int
        default: 2
      runtime_seconds:
        description: Measured seconds per run (1 to 3600).
        type: int
      ramp_seconds:
        description: Warm-up seconds per run (0 to 600).
        type: int
  rounds:
    description:
      - Rounds (1 to 10).
    type: int
    default: 3
  allow_reboot:
    description:
      - Reboot the box when a configuration needs it; without it such presets are skipped, and say why.
    type: bool
    default: false
  order:
    description:
      - V(INTERLEAVED) measures every configuration once per round; V(SEQUENTIAL) all rounds of one, then the next.
    type: str
    choices: [INTERLEAVED, SEQUENTIAL]
    default: INTERLEAVED
  finish:
    description:
      - What stays applied at the end.
    type: dict
    default: {}
    suboptions:
      mode:
        description: V(ORIGINAL) the configuration from before, V(PRESET) O(finish.preset), V(WINNER) the winner of
          O(finish.test).
        type: str
        choices: [ORIGINAL, PRESET, WINNER]
        default: ORIGINAL
      preset:
        description: With V(PRESET), one of O(presets).
        type: str
      test:
        description: With V(WINNER), the test that decides.
        type: str
        choices: [SEQ_WRITE, SEQ_READ, RAND_READ_4K, RAND_WRITE_4K, SYNC_WRITE_4K, MIXED_70_30]
      metric:
        description: With V(WINNER), the metric that decides (the test's headline one when left out).
        type: str
  label:
    description:
      - The campaign's label.
    type: str
  pool_wait_seconds:
    description:
      - After a reboot the campaign asked for, how long it waits for its pool (0 to 86400).
    type: int
    default: 600
  wait_timeout:
    description:
      - Seconds to wait for the campaign to end. It goes on on the box after it.
    type: int
    default: 86400
attributes:
  check_mode:
    support: full
  diff_mode:
    support: none
'''

EXAMPLES = r'''
- name: Which of two presets serves tank/media best
  truenas.tuning.campaign:
    url: wss://nas.example.com/api/current
    api_key: "{{ truenas_api_key }}"
    tls_sha256: "{{ truenas_tls_sha256 }}"
    dataset: tank/media
    presets: [max-seq-read, media-streaming]
    benchmark:
      tests: [SEQ_READ]
    rounds: 3
  register: campaign

- ansible.builtin.debug:
    msg: "{{ campaign.campaign.recommendation | map(attribute='winner_words') | list }}"
'''

RETURN = r'''
id:
  description: The campaign's id (give it to M(truenas.tuning.report) as O(truenas.tuning.report#module:campaign)).
  returned: when it ran
  type: int
campaign:
  description:
    - The campaign as it ended (C(tuning.campaign.query)) - C(state), C(steps), C(results) (configuration to merged
      result id), C(recommendation) per test and metric with C(winner_words).
  returned: when it ran
  type: dict
job:
  description: The box's job (C(id), C(state), its last C(progress) in words, C(error)).
  returned: when it ran
  type: dict
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.truenas.tuning.plugins.module_utils.tuning_api import (
    CONNECTION_MUTUALLY_EXCLUSIVE, CONNECTION_REQUIRED_ONE_OF, TESTS, ApiError, check_bounds, connect,
    connection_argument_spec)

SPEC_KEYS = ('dataset', 'presets', 'cache_disks', 'log_disks', 'acknowledge', 'rounds', 'allow_reboot', 'order',
             'label', 'pool_wait_seconds')


def without_none(d):
    return dict((k, v) for k, v in (d or {}).items() if v is not None)


def main():
    spec = connection_argument_spec()
    spec.update(
        dataset=dict(type='str', required=True),
        presets=dict(type='list', elements='str', required=True),
        cache_disks=dict(type='list', elements='str', default=[]),
        log_disks=dict(type='list', elements='str', default=[]),
        acknowledge=dict(type='list', elements='str', default=[]),
        benchmark=dict(type='dict', default={}, options=dict(
            tests=dict(type='list', elements='str', choices=TESTS),
            profile=dict(type='str', choices=['QUICK', 'STANDARD', 'THOROUGH'], default='QUICK'),
            runs=dict(type='int', default=2),
            runtime_seconds=dict(type='int'),
            ramp_seconds=dict(type='int'),
        )),
        rounds=dict(type='int', default=3),
        allow_reboot=dict(type='bool', default=False),
        order=dict(type='str', choices=['INTERLEAVED', 'SEQUENTIAL'], default='INTERLEAVED'),
        finish=dict(type='dict', default={}, options=dict(
            mode=dict(type='str', choices=['ORIGINAL', 'PRESET', 'WINNER'], default='ORIGINAL'),
            preset=dict(type='str'),
            test=dict(type='str', choices=TESTS),
            metric=dict(type='str'),
        )),
        label=dict(type='str'),
        pool_wait_seconds=dict(type='int', default=600),
        wait_timeout=dict(type='int', default=86400),
    )
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True,
                           mutually_exclusive=CONNECTION_MUTUALLY_EXCLUSIVE,
                           required_one_of=CONNECTION_REQUIRED_ONE_OF)
    p = module.params
    check_bounds(module, dict(rounds=(1, 10), pool_wait_seconds=(0, 86400), wait_timeout=(1, None)))
    if not 1 <= len(p['presets']) <= 8:
        module.fail_json(msg='presets names 1 to 8 presets', field='presets')
    for name, (low, high) in dict(runs=(1, 30), runtime_seconds=(1, 3600), ramp_seconds=(0, 600)).items():
        value = p['benchmark'].get(name)
        if value is not None and not low <= value <= high:
            module.fail_json(msg='benchmark.%s must be from %s to %s' % (name, low, high), field='benchmark.' + name)
    run_spec = dict((k, p[k]) for k in SPEC_KEYS if p[k] is not None)
    run_spec['benchmark'] = without_none(p['benchmark'])
    run_spec['finish'] = without_none(p['finish'])
    if module.check_mode:
        module.exit_json(changed=True, msg='a campaign of %s on %s would run' % (', '.join(p['presets']), p['dataset']))
    with connect(module) as box:
        try:
            row, job = box.job('tuning.campaign.run', run_spec, wait_timeout=p['wait_timeout'])
        except ApiError as e:
            module.fail_json(**e.fail_json_args())
    if row.get('state') != 'DONE':   # the job ended, the campaign did not finish: its own words say why
        module.fail_json(msg=row.get('message') or 'campaign %s ended %s' % (row['id'], row.get('state', '').lower()),
                         field=None, id=row['id'], campaign=row, job=job)
    module.exit_json(changed=True, id=row['id'], campaign=row, job=job,
                     msg='campaign %s: %s' % (row['id'], row.get('label')))


if __name__ == '__main__':
    main()
