"""Test-only services loaded into the host by the API test fixtures (TUNING_PLUGINS=...,sample_plugin).

They follow the TrueNAS load-time rules like the real plugin and give the protocol tests methods with known
behaviour: validation, errors, jobs that wait for a release, events, a reboot trigger.
"""
