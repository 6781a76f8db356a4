"""Workload tuning for TrueNAS: a middlewared plugin (namespace ``tuning``).

Inside TrueNAS this package is ``middlewared.plugins.tuning``; in the standalone host it is ``tuning``. Every module
uses relative imports so both work. Framework names come only from ``framework``.
"""
