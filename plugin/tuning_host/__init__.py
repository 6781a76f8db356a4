"""The standalone host: runs the tuning plugin over a middlewared-compatible runtime and the TrueNAS wire protocol.

`python -m tuning_host` starts it (see `tuning_host.config` for options).
"""
__version__ = "0.1"
