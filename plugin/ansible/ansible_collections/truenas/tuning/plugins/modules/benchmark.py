#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r'''
module: benchmark
short_description: Run a benchmark on the box and bring back its result
description:
  - Runs fio on the box against a dataset (C(tuning.benchmark.run)), in a scratch child dataset it removes
    afterwards, waits for the end and returns the stored result with its summary per test.
  - Each run adds a result to the box's history, so the task always reports a change; in check mode nothing runs.
version_added: 1.0.0
author: Workload tuning for TrueNAS contributors
extends_documentation_fragment:
  - truenas.tuning.connection
options:
  dataset:
    description:
      - The dataset to measure.
    type: str
    required: true
  tests:
    description:
      - The tests to run.
    type: list
    elements: str
    choices: [SEQ_WRITE, SEQ_READ, RAND_READ_4K, RAND_WRITE_4K, SYNC_WRITE_4K, MIXED_70_30]
  profile:
    description:
      - V(QUICK) takes about 2 minutes for all tests on a small pool; V(STANDARD) and V(THOROUGH) run longer and
        repeat more.
    type: str
    choices: [QUICK, STANDARD, THOROUGH]
    default: QUICK
  runs:
    description:
      - Runs per test, 1 to 30; 5 is the fewest a comparison can reach a verdict with.
    type: int
    default: 5
  adaptive:
    description:
      - Add runs while a metric's spread is high.
    type: bool
    default: true
  label:
    description:
      - The result's label; the box makes one up in words when left out.
    type: str
  runtime_seconds:
    description:
      - Measured seconds per run (1 to 3600), overriding the profile's.
    type: int
  ramp_seconds:
    description:
      - Warm-up seconds per run (0 to 600), overriding the profile's.
    type: int
  working_set_bytes:
    description:
      - Bytes each test reads and writes, overriding the box's choice; never below what keeps the ARC out.
    type: int
  wait_timeout:
    description:
      - Seconds to wait for the run to end. The run goes on on the box after it.
    type: int
    default: 3600
attributes:
  check_mode:
    support: full
  diff_mode:
    support: none
'''

EXAMPLES = r'''
- name: A quick measurement of tank/media
  truenas.tuning.benchmark:
    url: wss://nas.example.com/api/current
    api_key: "{{ truenas_api_key }}"
    tls_sha256: "{{ truenas_tls_sha256 }}"
    dataset: tank/media
    tests: [SEQ_WRITE, SEQ_READ]
    label: before max-seq-read
  register: before

- ansible.builtin.debug:
    msg: "result {{ before.id }}: {{ before.result.summary.SEQ_READ.read_bw_bytes.median }} bytes/s"
'''

RETURN = r'''
id:
  description: The stored result's id (give it to M(truenas.tuning.report)).
  returned: when it ran
  type: int
result:
  description:
    - The stored result (C(tuning.benchmark.get)) - C(summary) per test and metric (median, its interval, CV, n),
      C(runs), C(context) (the preset in effect, settings, pool layout, versions), the fio job files and notes.
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

# the bounds tuning.benchmark.run checks too (benchmark_models.TuningBenchmarkSpec): refused here before connecting
BOUNDS = dict(runs=(1, 30), runtime_seconds=(1, 3600), ramp_seconds=(0, 600), working_set_bytes=(1024 * 1024, None),
              wait_timeout=(1, None))
SPEC_KEYS = ('dataset', 'tests', 'profile', 'runs', 'adaptive', 'label', 'runtime_seconds', 'ramp_seconds',
             'working_set_bytes')


def main():
    spec = connection_argument_spec()
    spec.update(
        dataset=dict(type='str', required=True),
        tests=dict(type='list', elements='str', choices=TESTS),
        profile=dict(type='str', choices=['QUICK', 'STANDARD', 'THOROUGH'], default='QUICK'),
        runs=dict(type='int', default=5),
        adaptive=dict(type='bool', default=True),
        label=dict(type='str'),
        runtime_seconds=dict(type='int'),
        ramp_seconds=dict(type='int'),
        working_set_bytes=dict(type='int'),
        wait_timeout=dict(type='int', default=3600),
    )
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True,
                           mutually_exclusive=CONNECTION_MUTUALLY_EXCLUSIVE,
                           required_one_of=CONNECTION_REQUIRED_ONE_OF)
    check_bounds(module, BOUNDS)
    run_spec = dict((k, module.params[k]) for k in SPEC_KEYS if module.params[k] is not None)
    if module.check_mode:
        module.exit_json(changed=True, msg='a benchmark of %s would run' % module.params['dataset'])
    with connect(module) as box:
        try:
            result, job = box.job('tuning.benchmark.run', run_spec, wait_timeout=module.params['wait_timeout'])
        except ApiError as e:
            module.fail_json(**e.fail_json_args())
    module.exit_json(changed=True, id=result['id'], result=result, job=job,
                     msg='result %s: %s' % (result['id'], result.get('label')))


if __name__ == '__main__':
    main()
