"""A reboot the box refuses for want of a role (the standalone host's API key without FULL_ADMIN) leaves the campaign
REBOOTING with what the admin has to do, instead of failing it; any other failure still fails the step."""
import asyncio
import errno

import pytest

from tuning.flows import campaign_flow
from tuning.flows.campaign_flow import Driver
from tuning_host.runtime.errors import CallError

WHAT_TO_DO = 'restart the box from the TrueNAS web UI (System → Restart); tuning carries on when it is back'


class Recorder(Driver):
    def __init__(self):
        super().__init__(middleware=None, job=None, campaign_id=7)
        self.row = {'id': 7, 'state': 'RUNNING', 'phase': 'CONFIGURE', 'message': None, 'log': []}
        self.commits, self.said = [], []

    async def campaign(self):
        return self.row

    async def commit(self, **fields):
        self.commits.append(fields)
        self.row = {**self.row, **fields}
        return self.row

    def say(self, percent, description, extra=None):
        self.said.append(description)


@pytest.fixture
def driver(monkeypatch):
    async def boot_id(middleware):
        return 'boot-1'
    monkeypatch.setattr(campaign_flow, 'boot_id', boot_id)
    monkeypatch.setattr(campaign_flow, 'public', lambda row: row)
    return Recorder()


def refuse(error):
    async def call_job(middleware, method, *args):
        assert method == 'system.reboot'
        raise error
    return call_job


CAMPAIGN = {'spec': {'allow_reboot': True}, 'cursor': 0, 'steps': [{}]}


def test_a_refused_reboot_waits_for_the_admin_in_rebooting(driver, monkeypatch):
    monkeypatch.setattr(campaign_flow, 'call_job', refuse(CallError(WHAT_TO_DO, errno.EACCES)))
    row = asyncio.run(driver.reboot(CAMPAIGN, 'REBOOT', 'big-dirty needs a reboot'))
    assert row['state'] == 'REBOOTING' and row['phase'] == 'REBOOT' and row['boot_id'] == 'boot-1'
    assert row['message'] == f'Waiting for the box to restart: big-dirty needs a reboot: {WHAT_TO_DO}'
    assert driver.said[-1] == row['message']


def test_any_other_reboot_failure_is_raised(driver, monkeypatch):
    monkeypatch.setattr(campaign_flow, 'call_job', refuse(CallError('shutdown failed', errno.EIO)))
    with pytest.raises(CallError, match='shutdown failed'):
        asyncio.run(driver.reboot(CAMPAIGN, 'REBOOT', 'big-dirty needs a reboot'))


def test_once_the_box_is_back_the_admins_message_goes_and_the_campaign_carries_on(driver, monkeypatch):
    monkeypatch.setattr(campaign_flow, 'call_job', refuse(CallError(WHAT_TO_DO, errno.EACCES)))
    row = asyncio.run(driver.reboot(CAMPAIGN, 'REBOOT', 'big-dirty needs a reboot'))

    async def new_boot(middleware):
        return 'boot-2'

    async def pool_back(c):
        return True

    async def nothing_pending(middleware, fn, *args):
        assert fn is campaign_flow.campaign_pending
        return []
    monkeypatch.setattr(campaign_flow, 'boot_id', new_boot)
    monkeypatch.setattr(driver, 'wait_for_pool', pool_back)
    monkeypatch.setattr(campaign_flow, 'store_call', nothing_pending)
    row = asyncio.run(driver.after_reboot({**row, 'spec': CAMPAIGN['spec']}))
    assert row['message'] is None and row['state'] == 'RUNNING' and row['phase'] == 'BENCHMARK'


def test_a_message_of_another_kind_stays_across_the_reboot(driver, monkeypatch):
    async def new_boot(middleware):
        return 'boot-2'

    async def pool_back(c):
        return True

    async def nothing_pending(middleware, fn, *args):
        return []
    monkeypatch.setattr(campaign_flow, 'boot_id', new_boot)
    monkeypatch.setattr(driver, 'wait_for_pool', pool_back)
    monkeypatch.setattr(campaign_flow, 'store_call', nothing_pending)
    driver.row = {**driver.row, 'state': 'REBOOTING', 'phase': 'REBOOT', 'boot_id': 'boot-1',
                  'message': 'One round only: ...'}
    row = asyncio.run(driver.after_reboot({**driver.row, 'spec': CAMPAIGN['spec']}))
    assert row['message'] == 'One round only: ...'
