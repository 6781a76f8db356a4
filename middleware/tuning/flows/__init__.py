"""What the services run: the I/O that spans several services and the box (a benchmark run, a campaign's steps
and its clients, the ladder's and the network's measurements, a preset's preview, shared reads). No services here:
middlewared loads services from the plugin's top level only (depth 1).
"""
