"""After its own reboot a campaign waits for its pool; one that does not come back ends FAILED, touching nothing, with
a message naming what stays applied and how to revert it."""
import asyncio

import pytest

from tuning.flows import campaign_flow
from tuning.flows.campaign_flow import Driver


class Box:
    """`pool.query` answers from a list of statuses, one per call (None = the pool is not imported)."""

    def __init__(self, statuses):
        self.statuses = list(statuses)
        self.queries = 0

    async def call(self, method, filters, options):
        assert method == 'pool.query' and filters == [['name', '=', 'tank']]
        self.queries += 1
        status = self.statuses.pop(0) if len(self.statuses) > 1 else self.statuses[0]
        return [] if status is None else [{'name': 'tank', 'status': status}]


class Recorder(Driver):
    def __init__(self, box, applies):
        super().__init__(box, job=None, campaign_id=7)
        self.commits, self.said, self.applies = [], [], applies

    async def commit(self, **fields):
        self.commits.append(fields)
        return fields

    def say(self, percent, description, extra=None):
        self.said.append(description)


CAMPAIGN = {'spec': {'dataset': 'tank/media', 'cache_disks': [], 'log_disks': [], 'pool_wait_seconds': 30},
            'cursor': 0, 'steps': [{}]}


@pytest.fixture
def driver_for(monkeypatch):
    monkeypatch.setattr(campaign_flow, 'POOL_POLL_SECONDS', 0)

    def make(statuses, applies=(), wait=30):
        box = Box(statuses)
        driver = Recorder(box, list(applies))

        async def store_call(middleware, fn, *args):
            assert fn is campaign_flow.campaign_applies
            return driver.applies
        monkeypatch.setattr(campaign_flow, 'store_call', store_call)
        campaign = {**CAMPAIGN, 'spec': {**CAMPAIGN['spec'], 'pool_wait_seconds': wait}}
        return driver, box, campaign
    return make


def test_a_pool_that_is_back_lets_the_campaign_carry_on(driver_for):
    driver, box, c = driver_for(['ONLINE'])
    assert asyncio.run(driver.wait_for_pool(c)) is True
    assert driver.commits == [] and box.queries == 1


def test_a_pool_still_importing_is_waited_for_with_progress_in_words(driver_for):
    driver, box, c = driver_for([None, 'UNAVAIL', 'DEGRADED'])
    assert asyncio.run(driver.wait_for_pool(c)) is True
    assert driver.said == ['waiting for pool tank to come back after the reboot (not imported)',
                           'waiting for pool tank to come back after the reboot (UNAVAIL)']
    assert driver.commits == []


def test_a_pool_that_does_not_come_back_ends_the_campaign_naming_what_to_revert(driver_for):
    applies = [{'id': 3, 'preset': 'max-seq-write'}, {'id': 5, 'preset': 'big-dirty'}]
    driver, box, c = driver_for([None], applies=applies, wait=0)
    assert asyncio.run(driver.wait_for_pool(c)) is False
    [commit] = driver.commits
    assert commit['state'] == 'FAILED' and commit['phase'] == 'DONE'
    message = commit['message']
    assert message.startswith('Pool tank did not come back after the reboot (not imported)')
    assert 'restore point 3 (Max sequential write), 5 (big-dirty)' in message   # by name where one is known
    # newest first, each a command an admin can paste
    assert message.index('revert 5') < message.index('revert 3')
