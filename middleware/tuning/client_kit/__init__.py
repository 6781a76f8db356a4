"""The client kit: ``tuning_client.py``, one stdlib-only Python 3 file a client downloads from the box and runs
(docs/clients.md, "The kit"). It is a standalone script, never imported by the plugin; this package only lets the
plugin find the file next to it."""
