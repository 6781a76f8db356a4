"""The network ceiling measured with iperf3 (pure): the measurements a session serves, the client command for each,
iperf3's JSON read into figures, and the client seen in ``/proc/net/tcp``."""
