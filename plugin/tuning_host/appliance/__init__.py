"""The appliance services the plugin calls (TrueNAS 25.10 names and shapes, architecture.md §3), over the host's
backend (`middleware.backend`). One module per TrueNAS namespace."""
