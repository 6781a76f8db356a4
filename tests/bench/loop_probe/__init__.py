"""Bench-only plugin loaded into a standalone host by tests/bench/bench_loop_stall.py: measures how long the host's
event loop goes without running its tasks (a stall), from inside that loop."""
