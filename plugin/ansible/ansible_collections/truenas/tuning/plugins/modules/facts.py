#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r'''
module: facts
short_description: Read a box's profile, tuning state and presets
description:
  - Reads what the tuning plugin knows of the box (C(tuning.profile)), what is tuned on it now (C(tuning.state)) and
    the presets it offers (C(tuning.preset.query)). Changes nothing.
  - Sets the fact C(truenas_tuning) with the same keys.
version_added: 1.0.0
author: Workload tuning for TrueNAS contributors
extends_documentation_fragment:
  - truenas.tuning.connection
options:
  gather:
    description:
      - What to read.
    type: list
    elements: str
    choices: [profile, state, presets]
    default: [profile, state, presets]
attributes:
  check_mode:
    support: full
  diff_mode:
    support: none
'''

EXAMPLES = r'''
- name: Read the box
  truenas.tuning.facts:
    url: wss://nas.example.com/api/current
    api_key: "{{ truenas_api_key }}"
    tls_sha256: "{{ truenas_tls_sha256 }}"
  delegate_to: localhost

- name: Only what is tuned now
  truenas.tuning.facts:
    url: ws://127.0.0.1:8080/api/current
    username: admin
    password: "{{ tuning_password }}"
    gather: [state]
  register: tuned

- ansible.builtin.debug:
    msg: "{{ tuned.state.active.preset | default('no preset') }}"
'''

RETURN = r'''
profile:
  description: The box as the plugin sees it (C(tuning.profile)); pools with their layout, disks, memory, NICs.
  returned: when gathered
  type: dict
state:
  description:
    - What is tuned now (C(tuning.state)); C(active) is the preset in effect with its target and restore point, or null.
    - C(pending_reboot) lists settings waiting for a reboot, C(drift) settings changed outside tuning.
  returned: when gathered
  type: dict
presets:
  description: Every preset of the box (C(tuning.preset.query)), built-in and the box's own.
  returned: when gathered
  type: list
  elements: dict
ansible_facts:
  description: The same under C(truenas_tuning).
  returned: always
  type: dict
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.truenas.tuning.plugins.module_utils.tuning_api import (
    CONNECTION_MUTUALLY_EXCLUSIVE, CONNECTION_REQUIRED_ONE_OF, ApiError, connect, connection_argument_spec)

CALLS = {'profile': ('tuning.profile',), 'state': ('tuning.state',), 'presets': ('tuning.preset.query',)}


def main():
    spec = connection_argument_spec()
    spec.update(gather=dict(type='list', elements='str', choices=list(CALLS), default=list(CALLS)))
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True,
                           mutually_exclusive=CONNECTION_MUTUALLY_EXCLUSIVE,
                           required_one_of=CONNECTION_REQUIRED_ONE_OF)
    with connect(module) as box:
        try:
            found = dict((name, box.call(*CALLS[name])) for name in module.params['gather'])
        except ApiError as e:
            module.fail_json(**e.fail_json_args())
    module.exit_json(changed=False, ansible_facts=dict(truenas_tuning=found), **found)


if __name__ == '__main__':
    main()
