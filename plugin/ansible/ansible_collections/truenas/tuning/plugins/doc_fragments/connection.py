# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function

__metaclass__ = type


class ModuleDocFragment(object):
    # How every module of truenas.tuning reaches the box (module_utils/tuning_api.py connection_argument_spec)
    DOCUMENTATION = r'''
options:
  url:
    description:
      - The box's JSON-RPC websocket, as C(midclt) and the TrueNAS web UI use it, for example
        C(wss://nas.example.com/api/current).
      - The project's standalone host serves the same API, for example C(ws://127.0.0.1:8080/api/current).
      - C(ws://) sends the credentials in clear, so it is refused for any address but this machine's loopback.
      - A URL without a path gets C(/api/current).
    type: str
    required: true
  username:
    description:
      - The account to log in as (C(auth.login_ex)); an API key belongs to a user and is sent with its name.
    type: str
    default: truenas_admin
  api_key:
    description:
      - An API key of O(username) (TrueNAS, Credentials, API keys), sent as C(API_KEY_PLAIN).
      - One of O(api_key) and O(password) is required.
    type: str
  password:
    description:
      - The password of O(username), sent as C(PASSWORD_PLAIN).
    type: str
  tls_sha256:
    description:
      - Trust exactly the certificate with this SHA-256 fingerprint (64 hexadecimal digits, colons allowed), for a box
        with its own self-signed certificate, as TrueNAS has by default. Any other certificate is refused before the
        credentials are sent.
      - Read it from the box once, over a path you trust, for example
        C(openssl s_client -connect nas:443 </dev/null | openssl x509 -noout -fingerprint -sha256).
      - Without it (and without O(ca_file)) the certificate must be trusted by the system's authorities.
    type: str
  ca_file:
    description:
      - A PEM file of the authorities (or the very certificate) to trust for C(wss://).
    type: path
  timeout:
    description:
      - Seconds to wait for the box to answer one call (not a job's run, which the job modules' C(wait_timeout) bounds).
    type: int
    default: 60
requirements:
  - websocket-client (on the host the module runs on, usually the controller with C(connection=local))
notes:
  - The modules talk to the box over its API; run them where that Python has C(websocket-client), usually the
    controller (C(connection=local) or C(delegate_to=localhost)).
  - The box's refusals become task failures with the box's own words in C(msg) and the attribute it names in
    C(field) (a validation error's field path such as C(options.acknowledge)); C(errors) lists every field and
    message.
'''
