#!/usr/bin/python
# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r'''
module: report
short_description: Write a report of benchmark results or of a campaign to a file
description:
  - Has the box render a report (C(tuning.report.generate) through C(core.download)) - the summary table against
    the baseline, where the limit is, charts (HTML), settings that differ, the box, versions, fio job files and the
    method - and writes it to O(dest) on the host the module runs on (the controller with C(connection=local)).
  - Reports say when they were made, so a new one differs from the last; the task reports a change when the file's
    content changed. In check mode nothing is written.
version_added: 1.0.0
author: Workload tuning for TrueNAS contributors
extends_documentation_fragment:
  - truenas.tuning.connection
options:
  results:
    description:
      - Benchmark result ids to report on (at most 50); the first is the baseline unless O(baseline) names another.
      - Give either O(results) or O(campaign).
    type: list
    elements: int
  baseline:
    description:
      - Which of O(results) the others are compared with.
    type: int
  campaign:
    description:
      - A finished campaign's id - its merged result per configuration against its baseline.
    type: int
  title:
    description:
      - The report's title (at most 200 characters).
    type: str
  judge_from_ram:
    description:
      - Give verdicts on read tests the ARC answered from RAM too.
    type: bool
    default: false
  format:
    description:
      - The file's format.
    type: str
    choices: [html, markdown, csv, json]
    default: html
  dest:
    description:
      - The file to write (its directory must exist). A directory takes the file name the box gives.
    type: path
    required: true
  wait_timeout:
    description:
      - Seconds to wait for the report.
    type: int
    default: 600
attributes:
  check_mode:
    support: full
  diff_mode:
    support: none
'''

EXAMPLES = r'''
- name: Before and after, one HTML report per box on the controller
  truenas.tuning.report:
    url: wss://nas.example.com/api/current
    api_key: "{{ truenas_api_key }}"
    tls_sha256: "{{ truenas_tls_sha256 }}"
    results: ["{{ before.id }}", "{{ after.id }}"]
    title: "{{ inventory_hostname }}: max-iops"
    dest: "reports/{{ inventory_hostname }}.html"
  delegate_to: localhost

- name: A campaign's report as JSON (for a fleet report)
  truenas.tuning.report:
    url: wss://nas.example.com/api/current
    api_key: "{{ truenas_api_key }}"
    campaign: "{{ campaign.id }}"
    format: json
    dest: "reports/{{ inventory_hostname }}.json"
'''

RETURN = r'''
dest:
  description: The file written.
  returned: always
  type: str
filename:
  description: The file name the box gave the report.
  returned: when it was made
  type: str
content_type:
  description: Its media type.
  returned: when it was made
  type: str
size:
  description: Its size in bytes.
  returned: when it was made
  type: int
job:
  description: The box's job (C(id), C(state), its last C(progress) in words, C(error)).
  returned: when it was made
  type: dict
'''

import os

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.truenas.tuning.plugins.module_utils.tuning_api import (
    CONNECTION_MUTUALLY_EXCLUSIVE, CONNECTION_REQUIRED_ONE_OF, ApiError, check_bounds, connect,
    connection_argument_spec)

EXTENSIONS = {'html': 'html', 'markdown': 'md', 'csv': 'csv', 'json': 'json'}


def main():
    spec = connection_argument_spec()
    spec.update(
        results=dict(type='list', elements='int'),
        baseline=dict(type='int'),
        campaign=dict(type='int'),
        title=dict(type='str'),
        judge_from_ram=dict(type='bool', default=False),
        format=dict(type='str', choices=list(EXTENSIONS), default='html'),
        dest=dict(type='path', required=True),
        wait_timeout=dict(type='int', default=600),
    )
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True,
                           mutually_exclusive=CONNECTION_MUTUALLY_EXCLUSIVE + [('results', 'campaign')],
                           required_one_of=CONNECTION_REQUIRED_ONE_OF + [('results', 'campaign')])
    p = module.params
    check_bounds(module, dict(wait_timeout=(1, None)))
    if len(p['results'] or []) > 50:
        module.fail_json(msg='results names at most 50 results', field='results')
    if p['title'] is not None and len(p['title']) > 200:
        module.fail_json(msg='title has at most 200 characters', field='title')
    selection = dict(results=p['results'] or [], baseline=p['baseline'], campaign=p['campaign'], title=p['title'],
                     judge_from_ram=p['judge_from_ram'])
    dest = p['dest']
    if module.check_mode:
        module.exit_json(changed=True, dest=dest, msg='a %s report would be written to %s' % (p['format'], dest))
    with connect(module) as box:
        try:
            body, made, job = box.download('tuning.report.generate', [selection, p['format'].upper()],
                                           'tuning-report.%s' % EXTENSIONS[p['format']], p['wait_timeout'])
        except ApiError as e:
            module.fail_json(**e.fail_json_args())
    if os.path.isdir(dest):
        dest = os.path.join(dest, made['filename'])
    changed = True
    if os.path.exists(dest):
        with open(dest, 'rb') as f:
            changed = f.read() != body
    if changed:
        tmp = dest + '.part'
        try:
            with open(tmp, 'wb') as f:
                f.write(body)
            module.atomic_move(tmp, dest)
        except (IOError, OSError) as e:
            module.fail_json(msg='cannot write %s: %s' % (dest, e), field='dest')
    module.exit_json(changed=changed, dest=dest, filename=made['filename'], content_type=made['content_type'],
                     size=made['size'], job=job, msg='%s written (%d bytes)' % (dest, len(body)))


if __name__ == '__main__':
    main()
