"""Client sessions' pure logic (stdlib only): what the box asks a client kit to run and what it accepts back.

- ``kit_instructions(options, memory)`` (plan): the kit's instructions (docs/clients.md's PLAN message) from a
  session's options and the box's memory figures.
- ``client_runs(result, plan, field)``, ``client_record(...)`` (result): a RESULT checked against its plan and turned
  into a stored benchmark record; ``BenchmarkInputError`` names the field that is wrong.
- ``commands(box_url, kit_sha256, tls_sha256)``, ``kit_url(box_url)``, ``default_box_url(address)`` (commands): what
  an admin pastes on a client (the kit checked by its SHA-256, the box's certificate pinned, the token in
  ``TUNING_TOKEN``, never on a command line); ``certificate_sha256(pem)`` (``shared.tls``, the host's too): the
  fingerprint the kit pins.
"""
from .commands import KIT_PATH, commands, default_box_url, kit_url
from .instructions import kit_instructions
from ...shared.tls import certificate_sha256
from .result import client_record, client_runs, default_label

__all__ = ['KIT_PATH', 'commands', 'default_box_url', 'kit_url', 'kit_instructions', 'certificate_sha256',
           'client_record', 'client_runs', 'default_label']
