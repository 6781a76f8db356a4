"""Test-only fault injection: ``TUNING_FAULT=<point>[:<step>]`` kills the host (its process group) with SIGKILL at
that point, so the API tests can prove that a host killed mid-apply comes back consistent. Unset in production; costs
one dict lookup."""
import os
import signal

POINTS = ('after_restore_point', 'before_change', 'after_change', 'before_finish')


def checkpoint(point: str, step: int | None = None) -> None:
    wanted = os.environ.get('TUNING_FAULT')
    if not wanted:
        return
    name, _, at = wanted.partition(':')
    if name == point and (not at or (step is not None and int(at) == step)):
        # A power loss: the whole host (its supervisor too, which would otherwise restart the serving process behind
        # the test's back) dies at once; the test then starts it again without the fault.
        os.killpg(os.getpgrp(), signal.SIGKILL)
