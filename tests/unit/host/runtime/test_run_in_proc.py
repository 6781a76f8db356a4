"""Middleware.run_in_proc: middlewared's process pool for CPU-heavy pure work (spawned workers, a pool broken by a
dead worker replaced and the call tried once more), so a long computation does not hold the GIL the loop needs."""
import asyncio
import concurrent.futures
import logging
import os

import pytest

from tuning_host.runtime import Middleware


def exit_the_first_time(marker):
    """Kill the worker the first time (the way a crash in a native library does), then answer its pid."""
    if not os.path.exists(marker):
        open(marker, 'w').close()
        os._exit(3)
    return os.getpid()


def run(tmp_path, body):
    async def main():
        mw = Middleware(str(tmp_path / 'data'))
        mw.attach_loop()
        try:
            return await body(mw)
        finally:
            mw.shutdown()
    return asyncio.run(main())


def test_the_work_runs_in_another_process_with_its_arguments_and_answer(tmp_path):
    async def body(mw):
        return (await mw.run_in_proc(os.getpid), await mw.run_in_proc(int, '17', base=8),
                await mw.run_in_proc(sorted, [{'b': 2}, {'a': 1}], key=str))
    pid, number, rows = run(tmp_path, body)
    assert pid != os.getpid()
    assert number == 15
    assert rows == [{'a': 1}, {'b': 2}]


def test_a_worker_imports_the_module_of_what_it_runs_not_the_host(tmp_path):
    async def body(mw):
        await mw.run_in_proc(os.getpid)
        return await mw.run_in_proc(eval, 'sorted(__import__("sys").modules)')
    modules = run(tmp_path, body)
    assert not [m for m in modules if m.split('.')[0] in ('tuning_host', 'tuning', 'aiohttp', 'pydantic')]


def test_an_exception_of_the_work_reaches_the_caller_and_the_pool_stays(tmp_path):
    async def body(mw):
        with pytest.raises(ValueError, match='invalid literal'):
            await mw.run_in_proc(int, 'x')
        return await mw.run_in_proc(int, '7')
    assert run(tmp_path, body) == 7


def test_a_worker_that_dies_is_replaced_and_the_call_tried_once_more(tmp_path, caplog):
    marker = str(tmp_path / 'crashed')

    async def body(mw):
        return await mw.run_in_proc(exit_the_first_time, marker)
    with caplog.at_level(logging.WARNING, logger='tuning_host'):
        pid = run(tmp_path, body)
    assert os.path.exists(marker) and pid != os.getpid()
    assert 'A worker process died (exit_the_first_time)' in caplog.text
    assert 'Traceback' not in caplog.text


def test_a_second_death_raises_and_the_next_call_gets_a_new_pool(tmp_path):
    async def body(mw):
        with pytest.raises(concurrent.futures.process.BrokenProcessPool):
            await mw.run_in_proc(os._exit, 3)
        return await mw.run_in_proc(os.getpid)
    assert run(tmp_path, body) != os.getpid()


def test_a_stopped_host_leaves_no_worker(tmp_path):
    async def body(mw):
        return await mw.run_in_proc(os.getpid)
    pid = run(tmp_path, body)
    # the pool's manager thread reaps its workers after shutdown; poll (bounded) rather than assume when
    for _ in range(200):
        if not os.path.exists(f'/proc/{pid}'):
            break
        asyncio.run(asyncio.sleep(0.05))
    assert not os.path.exists(f'/proc/{pid}')
